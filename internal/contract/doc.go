// Package contract holds no code: its test pins the exported signatures that
// DESIGN.md's API contract promises to code outside this module, so that a
// change to one of them fails to compile here before it reaches a user.
package contract
