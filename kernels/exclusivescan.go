package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

// ExclusiveScan writes the exclusive prefix sums of src into dst and returns
// the total: dst[i] = src[0] + ... + src[i-1] (mod 2^64). dst may be src
// itself (the same slice), but must not otherwise overlap it. It panics when
// the lengths differ.
//
//	var sum uint64
//	for i, v := range src {
//		dst[i] = sum
//		sum += v
//	}
//	return sum
//
// Paths: ref, generic, avx2, avx512, neon.
func ExclusiveScan(dst, src []uint64) uint64 {
	return engine.ExclusiveScan(dst, src)
}
