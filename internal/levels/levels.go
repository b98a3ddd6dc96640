// Package levels builds the levels of a CSF tree from sorted one-word keys:
// every level's coordinate packed into one uint64, upper levels in the
// higher bits (level L's field at bit sh[L] under mask msk[L]), so that key
// order is level order. The COO to CSF conversion (package convert) and TTV
// off the leaf level (package csf) share it.
//
// A sorted key starts a node at level L when it differs from the previous
// key in level L's field or above, (k[i] ^ k[i-1]) >> sh[L] != 0; the first
// key starts a node at every level. The builders split the keys into parts
// that each start at a new key, count the nodes each part starts (Count),
// give every part its first node per level (Offsets), then fill the parts'
// nodes (Filler.Fill), each part on its own goroutine.
package levels

import (
	"math/bits"
	"slices"

	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/internal/parallel"
)

// Bits is the width of a field that holds the coordinates below dim: 0 for
// a dimension of 1 (its only coordinate is 0) or 0.
func Bits(dim uint64) int {
	if dim <= 1 {
		return 0
	}
	return bits.Len64(dim - 1)
}

// Count adds to nodes[L] the number of level-L nodes that the sorted keys
// lo..hi-1 start (keys[lo-1] is their predecessor when lo > 0; keys[0]
// starts a node at every level), level L's field at bit sh[L]:
// engine.CountStarts, one pass per level over blocks of tu.Block keys,
// which stay in cache.
func Count(tu Tuning, keys []uint64, sh []uint, nodes []int, lo, hi int) {
	if lo == 0 && hi > 0 {
		for L := range nodes {
			nodes[L]++
		}
		lo = 1
	}
	for s := lo; s < hi; s += tu.Block {
		e := min(s+tu.Block, hi)
		for L, sl := range sh {
			nodes[L] += engine.CountStarts(keys[s-1:e], sl)
		}
	}
}

// Offsets turns nodes, the nodes each part starts per level (part k's at
// nodes[k*r:(k+1)*r], as Count leaves them), into each part's first node
// per level, in place, and returns the levels' node counts.
func Offsets(nodes []int, r int) (counts []int) {
	counts = make([]int, r)
	for k := 0; k+r <= len(nodes); k += r {
		for L := range r {
			nodes[k+L], counts[L] = counts[L], counts[L]+nodes[k+L]
		}
	}
	return counts
}

// Starts returns the parts of bounds (non-decreasing, from 0 to n, as
// parallel.Even gives) moved forward so that each starts at a new entry:
// past every entry i for which same(i) says it equals entry i-1. A run of
// equal entries (one leaf) then belongs to one part. Counting on bounds
// and filling on the result agree: the entries skipped start no node.
func Starts(bounds []int, same func(i int) bool) []int {
	starts := slices.Clone(bounds)
	n := bounds[len(bounds)-1]
	for k := 1; k+1 < len(starts); k++ {
		i := max(starts[k], starts[k-1])
		for i < n && same(i) {
			i++
		}
		starts[k] = i
	}
	return starts
}

// Filler writes the levels of a CSF tree from sorted keys: what every part
// of the keys shares, for Fill.
type Filler[T engine.Float] struct {
	// The levels written: level L's coordinates into Crd[L], each node's
	// first child into Pos[L+1], and the leaf values into Dst.
	Pos, Crd [][]uint64
	Dst      []T
	// The sorted keys, level L's field at bit Shift[L] under Mask[L], and
	// Vals[i], the value of key i.
	Keys  []uint64
	Shift []uint
	Mask  []uint64
	Vals  []T
	// Equal keys make one leaf, whose value is the sum of theirs or, with
	// KeepLast, the last one. AnyDup false says no two keys are equal: the
	// leaves are then a straight copy, skipped where Vals is Dst itself (a
	// sort left the values in the result).
	KeepLast, AnyDup bool
	Tuning           Tuning
}

// Fill writes the nodes that the sorted keys lo..hi-1 start. off[L] is the
// part's first node of level L (Count's totals of the parts before it,
// from Offsets). The part must start at a new key (lo = 0 or keys[lo] !=
// keys[lo-1]) and, for the first child of its last nodes,
// Pos[L+1][off[L+1] + its node count] must be written by the next part or
// by the caller (pos's last entry). It takes the keys Tuning.Block at a
// time.
func (f *Filler[T]) Fill(off []int, lo, hi int) {
	var o [64]int
	copy(o[:], off)
	if lo == 0 && hi > 0 {
		first(f.Pos, f.Crd, f.Dst, &o, f.Keys[0], f.Vals[0], f.Shift, f.Mask)
		lo = 1
	}
	bl := f.Tuning.Block
	for s := lo; s < hi; s += bl {
		e := min(s+bl, hi)
		block(f.Pos, f.Crd, f.Dst, &o, f.Keys[s-1:e], f.Vals[s:e], f.Shift, f.Mask, f.KeepLast, f.AnyDup)
	}
}

// first writes the nodes of the first sorted key k (value v): one at every
// level.
func first[T engine.Float](pos, crd [][]uint64, dst []T, o *[64]int, k uint64, v T, sh []uint, msk []uint64) {
	r := len(crd)
	for L := range r {
		if L < r-1 {
			pos[L+1][0] = 0
		}
		crd[L][0] = k >> sh[L] & msk[L]
		o[L] = 1
	}
	dst[0] = v
}

// block writes the nodes started by the sorted keys keys[1:] (keys[0] is the
// key before them), whose values are src: one pass per level over the block
// while it is in cache, top level first. o[L] is the next node of level L
// and advances. Above the leaf a key starts a level-L node when it differs
// from the previous one in level L's field or above; the node's first child
// is the next level-(L+1) node (engine.CompressStarts, which writes no
// entry past the nodes it starts: the entries after them may belong to the
// next part).
func block[T engine.Float](pos, crd [][]uint64, dst []T, o *[64]int, keys []uint64, src []T, sh []uint, msk []uint64, keepLast, anyDup bool) {
	leaf := len(crd) - 1
	for L := range leaf {
		if sh[L] >= 64 {
			continue // a level of dimension 1 above 64 bits: no node after the first
		}
		n, _ := engine.CompressStarts(crd[L][o[L]:], pos[L+1][o[L]:], keys, sh[L], sh[L+1], msk[L], uint64(o[L+1]))
		o[L] += n
	}
	m := msk[leaf]
	cl := crd[leaf]
	j0 := o[leaf]
	if !anyDup {
		for j, k := range keys[1:] {
			cl[j0+j] = k & m
		}
		if d := dst[j0 : j0+len(src)]; len(d) > 0 && &d[0] != &src[0] {
			copy(d, src) // the sort may have left them in place
		}
		o[leaf] = j0 + len(src)
		return
	}
	j := j0
	for i, k := range keys[1:] {
		if k == keys[i] {
			if keepLast {
				dst[j-1] = src[i]
			} else {
				dst[j-1] += src[i]
			}
			continue
		}
		cl[j] = k & m
		dst[j] = src[i]
		j++
	}
	o[leaf] = j
}

// LeafStarts returns the first leaf of every node of level l < N-1 of a CSF
// tree whose levels' pos arrays are pos, then the leaf count (len(pos[l+1])
// entries), in dst (grown when short): each node's pos entries chased down
// to the leaves, on nw goroutines (one allocates nothing). For l = N-2 that
// is a copy of pos[N-1], which callers may use directly instead. The
// products and conversions that walk the leaves under a level's nodes
// (csf's MTTKRP and TTV, convert's expansion) use it.
func LeafStarts(pos [][]uint64, l int, dst []uint64, nw int) []uint64 {
	m := len(pos[l+1])
	if cap(dst) < m {
		dst = make([]uint64, m)
	}
	dst = dst[:m]
	if nw <= 1 {
		chase(pos, dst, l, 0, m)
		return dst
	}
	parallel.Run(parallel.Even(m, nw), func(_, lo, hi int) { chase(pos, dst, l, lo, hi) })
	return dst
}

// chase sets dst[x] to the first leaf of node x of level l for x in lo..hi-1
// (node n_l, one past the last, gets the leaf count).
func chase(pos [][]uint64, dst []uint64, l, lo, hi int) {
	if len(pos)-l == 3 {
		// Two levels below (the most common case): one gather per node
		// from a sequential read.
		a, b, d := pos[l+1][lo:hi], pos[l+2], dst[lo:hi]
		d = d[:len(a)]
		for x, i := range a {
			d[x] = b[i]
		}
		return
	}
	for x := lo; x < hi; x++ {
		i := uint64(x)
		for k := l + 1; k < len(pos); k++ {
			i = pos[k][i]
		}
		dst[x] = i
	}
}
