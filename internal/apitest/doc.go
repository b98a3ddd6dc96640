// Package apitest holds no code: its tests check the module's exported API
// from outside. contract_test.go pins the signatures that DESIGN.md's API
// contract promises to code outside this module, so that a change to one
// of them fails to compile here before it reaches a user;
// doccomments_test.go checks that every exported name of the module has a
// doc comment (for a function or method, one that starts with its name; a
// //go: directive alone is not one).
package apitest
