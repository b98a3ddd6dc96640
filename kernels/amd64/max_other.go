//go:build !amd64 || purego || noasm || !gc

package amd64

// MaxAVX2 is not built here; it panics.
func MaxAVX2(s []uint64) uint64 { panic(noAsm) }

// MaxAVX512 is not built here; it panics.
func MaxAVX512(s []uint64) uint64 { panic(noAsm) }
