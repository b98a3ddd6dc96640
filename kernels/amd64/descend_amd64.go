//go:build !purego && !noasm && gc

package amd64

// DescendLevelAVX2 advances the CSF lookups node[:n] by one level (see
// kernels.DescendLevel), four queries per vector with gathers:
//
//	for q, p := range node {
//		if p < 0 { continue }
//		if p >= len(pos)-1 { node[q] = -1; continue }
//		lo, hi := pos[p], pos[p+1] clamped to 0 <= lo <= hi <= len(crd)
//		key := coords[q*stride+off]
//		halve [lo, hi) branch-free as lowerBoundGeneric down to one element
//		node[q] = that element's index if crd[it] == key, else -1
//	}
//
// It assumes n is a multiple of 4, n <= len(node), len(pos) >= 1,
// stride > 0, 0 <= off < stride, len(coords) >= n*stride and len(crd) <
// 2^62; it reads only inside node, pos, crd and coords whatever node and pos
// hold, and writes only node[:n]. It reads node[n:] to prefetch the pos and
// crd lines of the queries that follow (software pipelining: pos 32 queries
// ahead, crd 16 ahead).
//
//go:noescape
func DescendLevelAVX2(node []int, n int, pos, crd, coords []uint64, stride, off int)

// DescendLevelAVX512 is DescendLevelAVX2 with eight queries per vector; it
// assumes n is a multiple of 8.
//
//go:noescape
func DescendLevelAVX512(node []int, n int, pos, crd, coords []uint64, stride, off int)
