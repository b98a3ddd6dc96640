package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

// DescendLevel advances a batch of CSF lookups by one level. node[q] is the
// parent of query q on this level (or -1 when the query has already missed);
// its key is coords[q*stride+off]. On return node[q] is the index in crd of
// the child with that key, or -1.
//
//	for q, p := range node {
//		if p < 0 {
//			continue
//		}
//		lo, hi := pos[p], pos[p+1]
//		key := coords[q*stride+off]
//		i := lo + LowerBound(crd[lo:hi], key)
//		if i < hi && crd[i] == key {
//			node[q] = i
//		} else {
//			node[q] = -1
//		}
//	}
//
// The kernel is memory-safe whatever pos and node hold: a parent outside
// 0..len(pos)-2 misses, and each range is clamped to 0..len(crd). For the
// root level pass pos = [0, n0] and node filled with 0. It panics (a
// programming error) unless len(pos) >= 1, stride > 0, 0 <= off < stride and
// len(coords) >= len(node)*stride.
//
// Paths: ref, generic, avx2, avx512, neon.
func DescendLevel(node []int, pos, crd []uint64, coords []uint64, stride, off int) {
	engine.DescendLevel(node, pos, crd, coords, stride, off)
}
