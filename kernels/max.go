package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

// Max returns the largest element of s, or 0 when s is empty.
//
//	var m uint64
//	for _, v := range s {
//		m = max(m, v)
//	}
//	return m
//
// Paths: ref, generic, avx2, avx512, neon.
func Max(s []uint64) uint64 {
	return engine.Max(s)
}
