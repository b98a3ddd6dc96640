package engine

import "math/bits"

// DescendLevel implements kernels.DescendLevel.
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

var descendLevel = newFamily("descendlevel", descendLevelRef, descendLevelGeneric)

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

// descendLevelAsm is the glue of a DescendLevel kernel k, which advances
// the queries node[:n], n a multiple of width, and may read node[n:] to
// prefetch for the queries that follow (see amd64.DescendLevelAVX2). It
// takes descendChunk queries a call (with cache misses a query can cost a
// microsecond); the generic loop takes the last len(node)%width.
//
//go:noinline
func descendLevelAsm(k func(node []int, n int, pos, crd, coords []uint64, stride, off int), width int) func(node []int, pos, crd, coords []uint64, stride, off int) {
	return func(node []int, pos, crd, coords []uint64, stride, off int) {
		n := len(node) &^ (width - 1)
		if uint64(len(crd)) >= 1<<62 {
			n = 0 // beyond the kernels' index arithmetic
		}
		asmPieces(n, descendChunk, func(lo, hi int) (int, bool) {
			k(node[lo:], hi-lo, pos, crd, coords[lo*stride:], stride, off)
			return hi, true
		}, func(lo, end int) {
			if lo == 0 {
				// A search may read any entry of pos and crd: recorded
				// once a call.
				raceRead(pos)
				raceRead(crd)
			}
			for q := lo; q < end; q++ {
				raceRead(coords[q*stride+off:][:1])
			}
			raceRead(node[lo:end])
			raceWrite(node[lo:end])
		})
		if n < len(node) {
			descendLevelGeneric(node[n:], pos, crd, coords[n*stride:], stride, off)
		}
	}
}
