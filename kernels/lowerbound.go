package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

// LowerBound returns the first index i with s[i] >= key, or len(s) when every
// element is below key. s must be sorted in non-decreasing order (unsigned);
// on unsorted input the result is some index in 0..len(s), never a fault.
//
//	for i, v := range s {
//		if v >= key {
//			return i
//		}
//	}
//	return len(s)
//
// Paths: ref, generic (branch-free), avx2, avx512, neon.
func LowerBound(s []uint64, key uint64) int {
	return engine.LowerBound(s, key)
}
