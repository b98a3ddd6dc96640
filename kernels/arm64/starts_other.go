//go:build !arm64 || purego || noasm || !gc

package arm64

// CountStartsNEON is not built here; HasNEON is false, so it is never called.
func CountStartsNEON(keys []uint64, limit uint64) int { panic(noasm) }

// CompressStartsNEON is not built here.
func CompressStartsNEON(crd, pos, keys []uint64, limit, limit1 uint64, shift uint, mask, c uint64) (n int, next uint64, done int) {
	panic(noasm)
}
