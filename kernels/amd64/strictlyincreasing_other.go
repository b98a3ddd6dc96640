//go:build !amd64 || purego || noasm || !gc

package amd64

// StrictlyIncreasingAVX2 is not built here; it panics.
func StrictlyIncreasingAVX2(pos, crd []uint64, i, p int) (bad, next, np int) { panic(noAsm) }

// StrictlyIncreasingAVX512 is not built here; it panics.
func StrictlyIncreasingAVX512(pos, crd []uint64, i, p int) (bad, next, np int) { panic(noAsm) }
