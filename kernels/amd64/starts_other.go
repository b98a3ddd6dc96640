//go:build !amd64 || purego || noasm || !gc

package amd64

// CountStartsAVX512 is not built here; it panics.
func CountStartsAVX512(keys []uint64, limit uint64) int { panic(noAsm) }

// CountStartsAVX2 is not built here; it panics.
func CountStartsAVX2(keys []uint64, limit uint64) int { panic(noAsm) }

// CompressStartsAVX512 is not built here; it panics.
func CompressStartsAVX512(crd, pos, keys []uint64, limit, limit1 uint64, shift uint, mask, c uint64) (n int, next uint64, done int) {
	panic(noAsm)
}

// CompressStartsAVX2 is not built here; it panics.
func CompressStartsAVX2(crd, pos, keys []uint64, limit, limit1 uint64, shift uint, mask, c uint64) (n int, next uint64, done int) {
	panic(noAsm)
}
