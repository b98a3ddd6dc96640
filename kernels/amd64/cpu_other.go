//go:build !amd64 || purego || noasm || !gc

package amd64

// HasAVX2 is false: the assembly is not built.
const HasAVX2 = false

// HasAVX512 is false: the assembly is not built.
const HasAVX512 = false
