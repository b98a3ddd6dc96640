//go:build !amd64 || purego || noasm || !gc

package amd64

// StrictlyIncreasingStartsAVX512 is not built here; it panics.
func StrictlyIncreasingStartsAVX512(crd []uint64, start []uint64, n int, max uint64) int {
	panic(noAsm)
}

// StrictlyIncreasingStartsAVX2 is not built here; it panics.
func StrictlyIncreasingStartsAVX2(crd []uint64, start []uint64, n int, max uint64) int { panic(noAsm) }

// MarkStartsAVX512 is not built here; it panics.
func MarkStartsAVX512(start []uint64, pos []uint64, a uint64) { panic(noAsm) }
