package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

// NonDecreasing returns the first index i >= 1 with s[i] < s[i-1] (unsigned),
// or -1 when s is non-decreasing. It is the pos and row_ptr check.
//
//	for i := 1; i < len(s); i++ {
//		if s[i] < s[i-1] {
//			return i
//		}
//	}
//	return -1
//
// Paths: ref, generic, avx2, avx512, neon.
func NonDecreasing(s []uint64) int {
	return engine.NonDecreasing(s)
}
