package kernels

import "math/bits"

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
	return lowerBound.fn(s, key)
}

var lowerBound = newFamily("lowerbound", lowerBoundRef, lowerBoundGeneric)

func lowerBoundRef(s []uint64, key uint64) int {
	for i, v := range s {
		if v >= key {
			return i
		}
	}
	return len(s)
}

// lowerBoundGeneric is a branch-free binary search: each halving step turns
// the comparison into a mask with bits.Sub64's borrow (SUBQ, SBBQ) and adds
// half&mask, so random keys cost no mispredicted branches. The gc compiler
// (1.26) keeps "if s[m] < key { base += half }" and slices.BinarySearch's
// loop as branches rather than CMOVs, which mispredict about half the time
// on random keys; check with go build -gcflags=-S. The only branches left
// are the loop's, which depend on len(s) alone.
//
// The price is latency: a step cannot start before the previous load and
// mask, so a chain of dependent searches (each key computed from the last
// result) runs slower than a predicted branchy search would.
func lowerBoundGeneric(s []uint64, key uint64) int {
	n := len(s)
	if n == 0 {
		return 0
	}
	base := 0
	for n > 1 {
		half := n >> 1
		_, lt := bits.Sub64(s[base+half-1], key, 0) // lt = 1 if s[..] < key
		base += half & -int(lt)
		n -= half
	}
	_, lt := bits.Sub64(s[base], key, 0)
	return base + int(lt)
}

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
	if stride <= 0 || off < 0 || off >= stride {
		panic("kernels: DescendLevel: bad stride or offset")
	}
	if len(pos) == 0 {
		panic("kernels: DescendLevel: empty pos")
	}
	if len(node) > 0 && (len(coords)/stride < len(node)) {
		panic("kernels: DescendLevel: coords shorter than len(node)*stride")
	}
	descendLevel.fn(node, pos, crd, coords, stride, off)
}

var descendLevel = newFamily("descend", descendLevelRef, descendLevelGeneric)

// clampRange returns pos[p], pos[p+1] clamped so that 0 <= lo <= hi <= n.
func clampRange(pos []uint64, p int, n int) (lo, hi int) {
	a, b := pos[p], pos[p+1]
	if a > uint64(n) {
		a = uint64(n)
	}
	if b > uint64(n) {
		b = uint64(n)
	}
	if b < a {
		b = a
	}
	return int(a), int(b)
}

func descendLevelRef(node []int, pos, crd []uint64, coords []uint64, stride, off int) {
	for q, p := range node {
		if p < 0 {
			continue
		}
		if p >= len(pos)-1 {
			node[q] = -1
			continue
		}
		lo, hi := clampRange(pos, p, len(crd))
		key := coords[q*stride+off]
		i := lo + lowerBoundRef(crd[lo:hi], key)
		if i < hi && crd[i] == key {
			node[q] = i
		} else {
			node[q] = -1
		}
	}
}

// descendLevelGeneric interleaves groups of queries so that the cache misses
// of their binary searches overlap: each step of the inner loop advances every
// query of the group by one halving.
func descendLevelGeneric(node []int, pos, crd []uint64, coords []uint64, stride, off int) {
	const group = 8
	var (
		base [group]int
		n    [group]int
		key  [group]uint64
		qs   [group]int
	)
	nparent := len(pos) - 1
	q := 0
	for q < len(node) {
		// Gather up to group live queries.
		g := 0
		for ; q < len(node) && g < group; q++ {
			p := node[q]
			if p < 0 {
				continue
			}
			if p >= nparent {
				node[q] = -1
				continue
			}
			lo, hi := clampRange(pos, p, len(crd))
			base[g], n[g], key[g], qs[g] = lo, hi-lo, coords[q*stride+off], q
			g++
		}
		// Advance all of them one halving at a time.
		for {
			active := false
			for j := 0; j < g; j++ {
				if n[j] > 1 {
					half := n[j] >> 1
					_, lt := bits.Sub64(crd[base[j]+half-1], key[j], 0)
					base[j] += half & -int(lt) // branch-free, as in lowerBoundGeneric
					n[j] -= half
					active = true
				}
			}
			if !active {
				break
			}
		}
		for j := 0; j < g; j++ {
			if n[j] == 1 && crd[base[j]] == key[j] {
				node[qs[j]] = base[j]
			} else {
				node[qs[j]] = -1
			}
		}
	}
}
