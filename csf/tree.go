package csf

import (
	"fmt"
	"math/bits"
	"slices"
	"sync"

	"github.com/hurray-format/hurray-go/internal/check"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/internal/radix"
	"github.com/hurray-format/hurray-go/layout"
)

// tree is the index structure of a CSF tensor, float (Tensor) or quantized
// (Quantized): the logical shape, the level order and every level's pos
// and crd. Both types validate, look up and iterate through it, so that
// the rules and the searches exist once.
type tree struct {
	shape     []uint64
	modeOrder []uint32
	pos, crd  [][]uint64
}

// viewLevels views buffers 1 to 2·rank of raw as the levels' pos and crd,
// after checking that each holds whole uint64s. The caller has checked the
// rank and the buffer count.
func viewLevels(raw [][]byte, rank int) (pos, crd [][]uint64, err error) {
	pos = make([][]uint64, rank)
	crd = make([][]uint64, rank)
	for l := range rank {
		for k, field := range []string{"pos", "crd"} {
			b := raw[2*l+1+k]
			if len(b)%8 != 0 {
				return nil, nil, layout.Errorf(layout.TagCSF, field, l, -1, "byte length %d (buffer %d) is not a multiple of 8", len(b), 2*l+1+k)
			}
			s, _ := mem.Uint64s(b)
			if k == 0 {
				pos[l] = s
			} else {
				crd[l] = s
			}
		}
	}
	return pos, crd, nil
}

// validate checks every invariant of ADR-025 §6 on the levels and returns
// the leaf count, which the values must match.
func (x *tree) validate() (leaves int, err error) {
	if err := (layout.CSF{ModeOrder: x.modeOrder}).Validate(x.shape); err != nil {
		return 0, err
	}
	rank := len(x.shape)
	if len(x.pos) != rank || len(x.crd) != rank {
		return 0, layout.Errorf(layout.TagCSF, "levels", -1, -1, "%d pos and %d crd arrays, want %d each", len(x.pos), len(x.crd), rank)
	}
	nparent := 1
	for l := range rank {
		lv := check.Level{Tag: layout.TagCSF, PosField: "pos", CrdField: "crd", Level: l}
		if err := lv.Compressed(x.pos[l], x.crd[l], nparent, x.shape[x.modeOrder[l]]); err != nil {
			return 0, err
		}
		nparent = len(x.crd[l])
	}
	return nparent, nil
}

// levelSizes returns the number of nodes on each level, root first.
func (x *tree) levelSizes() []int {
	out := make([]int, len(x.crd))
	for l, c := range x.crd {
		out[l] = len(c)
	}
	return out
}

// find returns the leaf index of a logical coordinate, or ok = false (see
// Find). It panics when len(coord) is not the rank.
func (x *tree) find(coord []uint64) (leaf int, ok bool) {
	if len(coord) != len(x.shape) {
		panic(fmt.Sprintf("csf: coordinate of length %d for rank %d", len(coord), len(x.shape)))
	}
	lo, hi := 0, len(x.crd[0])
	for l, m := range x.modeOrder {
		crd := x.crd[l]
		key := coord[m]
		i := lo + engine.LowerBound(crd[lo:hi], key)
		if i == hi || crd[i] != key {
			return -1, false
		}
		if l+1 < len(x.pos) {
			lo, hi = int(x.pos[l+1][i]), int(x.pos[l+1][i+1])
		} else {
			leaf = i
		}
	}
	return leaf, true
}

// findBatch is FindBatch's search (see there) on a valid tree.
func (x *tree) findBatch(coords []uint64, out []int) {
	rank := len(x.shape)
	if len(coords) != len(out)*rank {
		panic(fmt.Sprintf("csf: FindBatch: %d coordinates for %d results of rank %d", len(coords), len(out), rank))
	}
	if len(out) <= findSmall {
		for i := range out {
			out[i] = 0
		}
		for l, m := range x.modeOrder {
			engine.DescendLevel(out, x.pos[l], x.crd[l], coords, rank, int(m))
		}
		return
	}
	w := findPool.Get().(*findWork)
	defer findPool.Put(w)
	w.root = w.root[:0]
	if ext := x.shape[x.modeOrder[0]]; ext <= findRootTable && ext <= 2*uint64(len(out)) {
		w.root = slices.Grow(w.root, int(ext))[:ext]
		for i := range w.root {
			w.root[i] = -1
		}
		for i, c := range x.crd[0] {
			w.root[c] = int32(i) // c < ext: validated
		}
	}
	for b0 := 0; b0 < len(out); b0 += findBlock {
		b1 := min(b0+findBlock, len(out))
		x.findBlock(w, coords[b0*rank:b1*rank], out[b0:b1])
	}
}

// findWork is the workspace of one FindBatch block.
type findWork struct {
	node        [findBlock]int
	idx, idx2   [findBlock]int32
	keys, keys2 [findBlock]uint64 // a level's query keys; the sort's keys
	hist        [1 << radix.MaxWidth]int
	root        []int32 // root coordinate -> node, or -1; empty when not built
}

var findPool = sync.Pool{New: func() any { return new(findWork) }}

// findBlock looks up one block of at most findBlock queries.
func (x *tree) findBlock(w *findWork, coords []uint64, out []int) {
	rank := len(x.shape)
	n := len(out)
	for k := range n {
		w.idx[k] = int32(k)
		w.node[k] = 0
	}
	for l, m := range x.modeOrder {
		if l > 0 {
			w.sortByNode(n, len(x.crd[l-1]))
		}
		if l == 0 && len(w.root) > 0 {
			ext := uint64(len(w.root))
			for k := range w.node[:n] {
				c := coords[k*rank+int(m)] // idx[k] = k before the first sort
				w.node[k] = -1
				if c < ext {
					w.node[k] = int(w.root[c])
				}
			}
		} else {
			for k, q := range w.idx[:n] {
				w.keys[k] = coords[int(q)*rank+int(m)]
			}
			engine.DescendLevel(w.node[:n], x.pos[l], x.crd[l], w.keys[:n], 1, 0)
		}
		// Keep the hits.
		live := 0
		for k, p := range w.node[:n] {
			w.node[live], w.idx[live] = p, w.idx[k]
			live += int(uint(p)>>63 ^ 1) // p >= 0
		}
		n = live
	}
	for i := range out {
		out[i] = -1
	}
	for k, q := range w.idx[:n] {
		out[q] = w.node[k]
	}
}

// sortByNode sorts the first n (node, idx) pairs by node, stably, with
// radix.Sort over the bits that nodes below limit can have (the keys go
// through w.keys as uint64: node holds ints for engine.DescendLevel).
// Nodes are non-negative.
func (w *findWork) sortByNode(n, limit int) {
	if n <= 1 {
		return
	}
	keys := w.keys[:n]
	for k, p := range w.node[:n] {
		keys[k] = uint64(p)
	}
	nbits := bits.Len(uint(max(limit, 1) - 1))
	sk, si := radix.Sort(keys, w.keys2[:n], w.idx[:n], w.idx[:n], w.idx2[:n], 0, nbits, w.hist[:])
	for k, p := range sk {
		w.node[k] = int(p)
	}
	if &si[0] != &w.idx[0] {
		copy(w.idx[:n], si)
	}
}

// all calls yield with each leaf's logical coordinate tuple and its leaf
// index, in storage order, until yield returns false (see All).
func (x *tree) all(yield func(tuple []uint64, k int) bool) {
	rank := len(x.shape)
	var e allExpander
	leafCrd := x.crd[rank-1]
	leafMode := int(x.modeOrder[rank-1])
	for j0 := 0; j0 < len(leafCrd); j0 += allBlock {
		j1 := min(j0+allBlock, len(leafCrd))
		tuples := e.expand(x.pos, x.crd, x.modeOrder, j0, j1)
		for k, c := range leafCrd[j0:j1] {
			tuple := tuples[k*rank : (k+1)*rank : (k+1)*rank]
			tuple[leafMode] = c
			if !yield(tuple, j0+k) {
				return
			}
		}
	}
}

// allExpander holds the coordinate tuples of a block of leaves (row-major,
// the leaf level's coordinates left for All to write). Level by level
// upward, the block's nodes at a level are a contiguous range; the first
// leaf of each of them (relative to the block, clamped to it) comes from its
// pos entry through the first leaves of the range below, and ExpandRuns
// writes each node's coordinate over its leaves' tuples. (Finding each
// leaf's parent with ExpandPos, gathering through the levels and then
// assembling each tuple is slower; BenchmarkCSFAll measures All.)
type allExpander struct {
	tuples []uint64
	runs   []uint64 // first leaf of each node of the current range, then the end
	below  []uint64 // the same for the range of the level below
}

// expand writes the tuples of the leaves j0..j1-1 (j0 < j1), but for the
// leaf level's coordinate, and returns them.
func (e *allExpander) expand(pos, crd [][]uint64, modeOrder []uint32, j0, j1 int) []uint64 {
	rank := len(crd)
	n := j1 - j0
	e.tuples = grow(e.tuples, n*rank)
	// The range below: leaves a0..a1 (inclusive) at first, then nodes,
	// whose first leaves e.below holds.
	a0, a1 := uint64(j0), uint64(j1-1)
	for l := rank - 2; l >= 0; l-- {
		p := pos[l+1]
		// Nodes of level l holding a0 and a1: the last entry <= the index.
		y0 := uint64(engine.LowerBound(p, a0+1) - 1)
		y1 := uint64(engine.LowerBound(p, a1+1) - 1)
		runs := e.runs[:0]
		for _, v := range p[y0 : y1+2] {
			c := min(max(v, a0), a1+1) - a0
			if l < rank-2 {
				c = e.below[c]
			}
			runs = append(runs, c)
		}
		engine.ExpandRuns(e.tuples, rank, int(modeOrder[l]), runs, crd[l][y0:y1+1])
		e.runs, e.below = e.below, runs
		a0, a1 = y0, y1
	}
	return e.tuples
}
