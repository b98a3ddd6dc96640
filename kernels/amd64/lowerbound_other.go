//go:build !amd64 || purego || noasm || !gc

package amd64

// LowerBoundAVX2 is not built here; it panics.
func LowerBoundAVX2(s []uint64, key uint64) int { panic(noAsm) }

// LowerBoundAVX512 is not built here; it panics.
func LowerBoundAVX512(s []uint64, key uint64) int { panic(noAsm) }
