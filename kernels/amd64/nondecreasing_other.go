//go:build !amd64 || purego || noasm || !gc

package amd64

// NonDecreasingAVX2 is not built here; it panics.
func NonDecreasingAVX2(s []uint64) int { panic(noAsm) }

// NonDecreasingAVX512 is not built here; it panics.
func NonDecreasingAVX512(s []uint64) int { panic(noAsm) }
