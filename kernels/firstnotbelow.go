package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

// FirstNotBelow returns the first index i with s[i] >= bounds[i%len(bounds)],
// or -1. With one bound it checks a crd or index array against a dimension;
// with rank bounds it checks row-major COO coordinate tuples against a shape.
//
//	for i, v := range s {
//		if v >= bounds[i%len(bounds)] {
//			return i
//		}
//	}
//	return -1
//
// It panics when bounds is empty.
//
// Paths: ref, generic, avx2, avx512, neon.
func FirstNotBelow(s []uint64, bounds []uint64) int {
	return engine.FirstNotBelow(s, bounds)
}
