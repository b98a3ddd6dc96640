package csf

import (
	"fmt"
	"iter"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/hurray-format/hurray-go/internal/bufview"
	"github.com/hurray-format/hurray-go/internal/check"
	"github.com/hurray-format/hurray-go/internal/dense"
	"github.com/hurray-format/hurray-go/kernels"
	"github.com/hurray-format/hurray-go/layout"
)

// Float is the element type constraint: float32 or float64.
type Float = kernels.Float

// Tensor is a CSF tensor. Its methods are safe for concurrent use once it is
// validated, as long as nobody modifies the slices it holds.
type Tensor[T Float] struct {
	shape     []uint64
	modeOrder []uint32
	pos, crd  [][]uint64
	values    []T
	valid     bool
	// sharedLevels: pos and crd are held by another tensor too, because t
	// borrows them (a leaf-mode TTV or an SDDMM result) or has lent them
	// (to such a result, a leaf-mode TTVMatrix or a TTM), so TTVTo into t
	// reuses only its values and a conversion into it nothing. Lending
	// sets it from products, which may run on t from several goroutines.
	sharedLevels atomic.Bool
}

// shareLevels marks t's levels as held by another tensor too.
func (t *Tensor[T]) shareLevels() {
	if !t.sharedLevels.Load() {
		t.sharedLevels.Store(true)
	}
}

// New builds a tensor from its levels: pos[L] and crd[L] for every level L,
// and the values of the leaves. It adopts the level arrays and the values
// without copying them (they are views: a change through them or through
// Pos, Crd and Values is the tensor's), copies the small metadata it keeps
// (the shape, the mode order, and the lists of levels pos and crd, not the
// levels themselves), and validates every invariant of ADR-025 §6.
func New[T Float](shape []uint64, modeOrder []uint32, pos, crd [][]uint64, values []T) (*Tensor[T], error) {
	t := &Tensor[T]{shape: slices.Clone(shape), modeOrder: slices.Clone(modeOrder), pos: slices.Clone(pos), crd: slices.Clone(crd), values: values}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	return t, nil
}

// FromBuffers builds a tensor from the buffer table in spec order (values,
// then pos_L and crd_L per level), each little-endian. The buffers are
// aliased when the host is little-endian and each is aligned to its element
// size, and copied otherwise; buffers that share memory are refused. The
// shape and the mode order are copied.
//
// In layout.Strict mode every invariant is checked, as New does. In
// layout.Permissive mode only the rank (3 to 64, which ADR-025 requires of
// every reader), the buffer count and that each buffer holds a whole number
// of elements are checked; the tensor refuses to compute until Validate
// passes.
func FromBuffers[T Float](shape []uint64, modeOrder []uint32, buffers [][]byte, mode layout.Mode) (*Tensor[T], error) {
	t := &Tensor[T]{shape: slices.Clone(shape), modeOrder: slices.Clone(modeOrder)}
	if err := t.viewBuffers(buffers); err != nil {
		return nil, err
	}
	if mode == layout.Permissive {
		return t, nil // Validate checks the rest
	}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	return t, nil
}

// viewBuffers sets the typed slices from raw, checking count and byte
// lengths.
func (t *Tensor[T]) viewBuffers(raw [][]byte) error {
	rank := len(t.shape)
	if rank < 3 || rank > layout.MaxRank {
		return layout.CSF{ModeOrder: t.modeOrder}.Validate(t.shape)
	}
	if err := check.BufferCount(layout.TagCSF, raw, 2*rank+1); err != nil {
		return err
	}
	if err := check.Disjoint(layout.TagCSF, raw); err != nil {
		return err
	}
	if err := check.BufferLen(layout.TagCSF, "values", raw[0], bufview.ElemSize[T]()); err != nil {
		return err
	}
	pos := make([][]uint64, rank)
	crd := make([][]uint64, rank)
	for l := range rank {
		for k, field := range []string{"pos", "crd"} {
			b := raw[2*l+1+k]
			if len(b)%8 != 0 {
				return layout.Errorf(layout.TagCSF, field, l, -1, "byte length %d (buffer %d) is not a multiple of 8", len(b), 2*l+1+k)
			}
			s, _ := bufview.Uint64s(b)
			if k == 0 {
				pos[l] = s
			} else {
				crd[l] = s
			}
		}
	}
	t.values, _ = bufview.Floats[T](raw[0])
	t.pos, t.crd = pos, crd
	return nil
}

// Validate checks every invariant of ADR-025 §6 and, for a tensor held in
// permissive mode, the buffer table first. On success the tensor may compute.
// It checks everything every time: after pos or crd were changed through
// Pos or Crd it finds what changed, and when it fails the tensor refuses to
// compute (as an unvalidated one) until Validate passes again. Validate of
// a valid, unchanged tensor only reads it, so it may run while other
// goroutines use the tensor.
func (t *Tensor[T]) Validate() error {
	return check.Outcome(&t.valid, t.validate())
}

func (t *Tensor[T]) validate() error {
	if err := (layout.CSF{ModeOrder: t.modeOrder}).Validate(t.shape); err != nil {
		return err
	}
	rank := len(t.shape)
	if len(t.pos) != rank || len(t.crd) != rank {
		return layout.Errorf(layout.TagCSF, "levels", -1, -1, "%d pos and %d crd arrays, want %d each", len(t.pos), len(t.crd), rank)
	}
	nparent := 1
	for l := range rank {
		lv := check.Level{Tag: layout.TagCSF, PosField: "pos", CrdField: "crd", Level: l}
		if err := lv.Compressed(t.pos[l], t.crd[l], nparent, t.shape[t.modeOrder[l]]); err != nil {
			return err
		}
		nparent = len(t.crd[l])
	}
	if len(t.values) != nparent {
		return layout.Errorf(layout.TagCSF, "values", -1, -1, "length %d, want %d (the leaf count)", len(t.values), nparent)
	}
	if !t.valid {
		t.valid = true
	}
	return nil
}

// mustValid panics when the tensor is held unvalidated.
func (t *Tensor[T]) mustValid() {
	if !t.valid {
		panic(fmt.Errorf("csf: %w: held in permissive mode, or its last Validate failed; call Validate first", layout.ErrUnvalidated))
	}
}

// Valid reports whether the tensor has passed validation (always true for a
// tensor from New or strict FromBuffers).
func (t *Tensor[T]) Valid() bool { return t.valid }

// Shape returns the logical shape (a copy).
func (t *Tensor[T]) Shape() []uint64 { return slices.Clone(t.shape) }

// Rank returns the number of modes.
func (t *Tensor[T]) Rank() int { return len(t.shape) }

// NNZ returns the number of stored entries (leaves), zeros included.
func (t *Tensor[T]) NNZ() int { return len(t.values) }

// ModeOrder returns the level-to-mode permutation (a copy): level L stores
// mode ModeOrder()[L].
func (t *Tensor[T]) ModeOrder() []uint32 { return slices.Clone(t.modeOrder) }

// Pos returns pos of the given level without copying.
func (t *Tensor[T]) Pos(level int) []uint64 { return t.pos[level] }

// Crd returns crd of the given level without copying.
func (t *Tensor[T]) Crd(level int) []uint64 { return t.crd[level] }

// Values returns the leaf values without copying.
func (t *Tensor[T]) Values() []T { return t.values }

// overlapsLevels reports whether s shares memory with any level's pos or
// crd. A product's output there would change them while the kernels, which
// trust validated levels, read them (two FromBuffers tensors may view the
// same bytes, one's values another's crd).
func (t *Tensor[T]) overlapsLevels(s []T) bool {
	return dense.OverlapAny(s, t.pos...) || dense.OverlapAny(s, t.crd...)
}

// LevelSizes returns the number of nodes on each level, root first; the last
// is NNZ.
func (t *Tensor[T]) LevelSizes() []int {
	out := make([]int, len(t.crd))
	for l, c := range t.crd {
		out[l] = len(c)
	}
	return out
}

// Descriptor returns the layout descriptor.
func (t *Tensor[T]) Descriptor() layout.CSF {
	return layout.CSF{ModeOrder: slices.Clone(t.modeOrder)}
}

// Buffers returns the buffer table in spec order without copying:
// little-endian views of the slices the tensor computes on (the buffers
// given to FromBuffers, byte for byte, or the copies it made of unaligned
// ones; the slices given to New), so they show every change made through
// Values, Pos or Crd.
func (t *Tensor[T]) Buffers() [][]byte {
	out := make([][]byte, 0, 2*len(t.pos)+1)
	out = append(out, bufview.FloatBytes(t.values))
	for l := range t.pos {
		out = append(out, bufview.Uint64Bytes(t.pos[l]), bufview.Uint64Bytes(t.crd[l]))
	}
	return out
}

// Find returns the leaf index of a logical coordinate, or ok = false when it
// is not stored (or lies outside the shape). It panics when len(coord) is not
// the rank.
func (t *Tensor[T]) Find(coord []uint64) (leaf int, ok bool) {
	t.mustValid()
	if len(coord) != len(t.shape) {
		panic(fmt.Sprintf("csf: coordinate of length %d for rank %d", len(coord), len(t.shape)))
	}
	lo, hi := 0, len(t.crd[0])
	for l, m := range t.modeOrder {
		crd := t.crd[l]
		key := coord[m]
		i := lo + kernels.LowerBound(crd[lo:hi], key)
		if i == hi || crd[i] != key {
			return -1, false
		}
		if l+1 < len(t.pos) {
			lo, hi = int(t.pos[l+1][i]), int(t.pos[l+1][i+1])
		} else {
			leaf = i
		}
	}
	return leaf, true
}

// At returns the value stored at a logical coordinate, or 0 when none is.
func (t *Tensor[T]) At(coord ...uint64) T {
	if i, ok := t.Find(coord); ok {
		return t.values[i]
	}
	return 0
}

// FindBatch looks up many logical coordinates at once: coords holds n tuples
// of rank entries, row-major, and out[i] receives the leaf index of tuple i or
// -1. It panics when len(coords) != len(out)*rank.
//
// The lookups advance together level by level (kernels.DescendLevel), so
// that their memory accesses overlap. A large batch goes in blocks of 65536
// queries, each carried through every level before the next: per level, the
// live queries of the block are sorted by parent node (a stable radix sort
// of at most that many pairs), so the probes into pos and crd run in storage
// order and neighbouring queries share cache lines, pages and the top steps
// of their searches; queries that missed are dropped. The block's node
// state and keys stay in cache. When the root mode's extent is at most
// twice the batch (and at most 2^24), the root level is answered from a
// table of its extent, coordinate -> node, built once per call: one load
// per query instead of a binary search over the whole root level. Small
// batches (up to 4096 queries) skip the sorting and run every level over
// the whole batch. The workspace comes from a sync.Pool, so a warm call
// allocates nothing once it has grown.
func (t *Tensor[T]) FindBatch(coords []uint64, out []int) {
	t.mustValid()
	rank := len(t.shape)
	if len(coords) != len(out)*rank {
		panic(fmt.Sprintf("csf: FindBatch: %d coordinates for %d results of rank %d", len(coords), len(out), rank))
	}
	if len(out) <= findSmall {
		for i := range out {
			out[i] = 0
		}
		for l, m := range t.modeOrder {
			kernels.DescendLevel(out, t.pos[l], t.crd[l], coords, rank, int(m))
		}
		return
	}
	w := findPool.Get().(*findWork)
	defer findPool.Put(w)
	w.root = w.root[:0]
	if ext := t.shape[t.modeOrder[0]]; ext <= findRootTable && ext <= 2*uint64(len(out)) {
		w.root = slices.Grow(w.root, int(ext))[:ext]
		for i := range w.root {
			w.root[i] = -1
		}
		for i, c := range t.crd[0] {
			w.root[c] = int32(i) // c < ext: validated
		}
	}
	for b0 := 0; b0 < len(out); b0 += findBlock {
		b1 := min(b0+findBlock, len(out))
		t.findBlock(w, coords[b0*rank:b1*rank], out[b0:b1])
	}
}

const (
	// findBlock is how many queries FindBatch carries through the levels
	// together: 64K queries keep a block's workspace (5 words per query)
	// in L2 and L3 while its probes are dense enough to share lines.
	findBlock = 1 << 16
	// findSmall is the batch size up to which FindBatch does not sort.
	findSmall = 4096
	// findDigit is the radix sort digit width in bits.
	findDigit = 11
	// findRootTable is the largest root extent FindBatch builds a
	// coordinate -> node table for (4 bytes an entry).
	findRootTable = 1 << 24
)

// findWork is the workspace of one FindBatch block.
type findWork struct {
	node, node2 [findBlock]int
	idx, idx2   [findBlock]int32
	keys        [findBlock]uint64
	count       [1 << findDigit]int32
	root        []int32 // root coordinate -> node, or -1; empty when not built
}

var findPool = sync.Pool{New: func() any { return new(findWork) }}

// findBlock looks up one block of at most findBlock queries.
func (t *Tensor[T]) findBlock(w *findWork, coords []uint64, out []int) {
	rank := len(t.shape)
	n := len(out)
	for k := range n {
		w.idx[k] = int32(k)
		w.node[k] = 0
	}
	for l, m := range t.modeOrder {
		if l > 0 {
			w.sortByNode(n, len(t.crd[l-1]))
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
			kernels.DescendLevel(w.node[:n], t.pos[l], t.crd[l], w.keys[:n], 1, 0)
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

// sortByNode sorts the first n (node, idx) pairs by node, stably, with an
// LSD radix sort over the bits that nodes below limit can have. Nodes are
// non-negative.
func (w *findWork) sortByNode(n, limit int) {
	const mask = 1<<findDigit - 1
	src, dst := &w.node, &w.node2
	isrc, idst := &w.idx, &w.idx2
	for shift := 0; limit>>shift > 0 && n > 1; shift += findDigit {
		clear(w.count[:])
		for _, p := range src[:n] {
			w.count[p>>shift&mask]++
		}
		var sum int32
		for d, c := range w.count {
			w.count[d] = sum
			sum += c
		}
		for k, p := range src[:n] {
			d := p >> shift & mask
			j := w.count[d]
			w.count[d]++
			dst[j], idst[j] = p, isrc[k]
		}
		src, dst = dst, src
		isrc, idst = idst, isrc
	}
	if src != &w.node {
		copy(w.node[:n], src[:n])
		copy(w.idx[:n], isrc[:n])
	}
}

// All iterates over the stored entries in storage order, yielding each
// logical coordinate and value. The coordinate slice is only valid during
// its iteration (the next blocks reuse its memory): copy it to keep it. The
// leaves go in blocks of 512 (allBlock), whose coordinate tuples are written
// level by level with the kernels (LowerBound for the block's node range at
// each level, ExpandRuns for their coordinates over their leaves).
func (t *Tensor[T]) All() iter.Seq2[[]uint64, T] {
	t.mustValid()
	return func(yield func([]uint64, T) bool) {
		rank := len(t.shape)
		var e allExpander
		leafCrd := t.crd[rank-1]
		leafMode := int(t.modeOrder[rank-1])
		for j0 := 0; j0 < len(leafCrd); j0 += allBlock {
			j1 := min(j0+allBlock, len(leafCrd))
			tuples := e.expand(t.pos, t.crd, t.modeOrder, j0, j1)
			vals := t.values[j0:j1]
			for k, c := range leafCrd[j0:j1] {
				tuple := tuples[k*rank : (k+1)*rank : (k+1)*rank]
				tuple[leafMode] = c
				if !yield(tuple, vals[k]) {
					return
				}
			}
		}
	}
}

// allBlock is how many leaves All expands at a time.
const allBlock = 512

// allExpander holds the coordinate tuples of a block of leaves (row-major,
// the leaf level's coordinates left for All to write). Level by level
// upward, the block's nodes at a level are a contiguous range; the first
// leaf of each of them (relative to the block, clamped to it) comes from its
// pos entry through the first leaves of the range below, and ExpandRuns
// writes each node's coordinate over its leaves' tuples. (Finding each
// leaf's parent with ExpandPos, gathering through the levels and then
// assembling each tuple, All took 64 ms over T3p's 5M entries, against 52;
// BenchmarkCSFAll.)
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
		y0 := uint64(kernels.LowerBound(p, a0+1) - 1)
		y1 := uint64(kernels.LowerBound(p, a1+1) - 1)
		runs := e.runs[:0]
		for _, v := range p[y0 : y1+2] {
			c := min(max(v, a0), a1+1) - a0
			if l < rank-2 {
				c = e.below[c]
			}
			runs = append(runs, c)
		}
		kernels.ExpandRuns(e.tuples, rank, int(modeOrder[l]), runs, crd[l][y0:y1+1])
		e.runs, e.below = e.below, runs
		a0, a1 = y0, y1
	}
	return e.tuples
}

// String summarises the tensor, as in
// "csf float64 [5 201 61] mode_order [0 2 1] nnz 61305 levels [5 305 61305]".
func (t *Tensor[T]) String() string {
	var zero T
	state := ""
	if !t.valid {
		state = " (unvalidated)"
	}
	return fmt.Sprintf("csf %T %v mode_order %v nnz %d levels %v%s", zero, t.shape, t.modeOrder, len(t.values), t.LevelSizes(), state)
}
