package csf

import (
	"fmt"
	"iter"
	"slices"
	"sync/atomic"

	"github.com/hurray-format/hurray-go/internal/check"
	"github.com/hurray-format/hurray-go/internal/dense"
	"github.com/hurray-format/hurray-go/internal/mem"
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
// and the values of the leaves. modeOrder[L] is the mode stored at level L;
// it is required, since it says how the levels were built: nil is an error
// here (the conversions in package convert take nil for the identity
// order). New adopts the level arrays and the values without copying them
// (they are views: a change through them or through Pos, Crd and Values is
// the tensor's), copies the small metadata it keeps (the shape, the mode
// order, and the lists of levels pos and crd, not the levels themselves),
// and validates every invariant of ADR-025 §6.
func New[T Float](shape []uint64, modeOrder []uint32, pos, crd [][]uint64, values []T) (*Tensor[T], error) {
	t := &Tensor[T]{shape: slices.Clone(shape), modeOrder: slices.Clone(modeOrder), pos: slices.Clone(pos), crd: slices.Clone(crd), values: values}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	return t, nil
}

// FromBuffers builds a tensor from the buffer table in spec order (values,
// then pos_L and crd_L per level), each little-endian, with the mode order
// as New takes it (required; nil is an error). The buffers are
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
	return check.Built(t, mode, t.Validate)
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
	if err := check.BufferLen(layout.TagCSF, "values", raw[0], mem.ElemSize[T]()); err != nil {
		return err
	}
	pos, crd, err := viewLevels(raw, rank)
	if err != nil {
		return err
	}
	t.values, _ = mem.Floats[T](raw[0])
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
	x := t.tree()
	leaves, err := x.validate()
	if err != nil {
		return err
	}
	if len(t.values) != leaves {
		return layout.Errorf(layout.TagCSF, "values", -1, -1, "length %d, want %d (the leaf count)", len(t.values), leaves)
	}
	if !t.valid {
		t.valid = true
	}
	return nil
}

// tree returns the tensor's index structure.
func (t *Tensor[T]) tree() tree {
	return tree{shape: t.shape, modeOrder: t.modeOrder, pos: t.pos, crd: t.crd}
}

// mustValid panics when the tensor is held unvalidated.
func (t *Tensor[T]) mustValid() { check.MustValid(layout.TagCSF, t.valid) }

// The accessors below are deliberate twins of those of the other formats'
// types (coo, csr and csf, float and quantized): one-line methods that
// each type's public API names.

// Valid reports whether the tensor has passed validation (always true for a
// tensor from New or strict FromBuffers).
func (t *Tensor[T]) Valid() bool { return t.valid }

// Shape returns the logical shape (a copy).
func (t *Tensor[T]) Shape() []uint64 { return slices.Clone(t.shape) }

// Rank returns the number of modes.
func (t *Tensor[T]) Rank() int { return len(t.shape) }

// Dims returns the shape as ints, for sizing slices and loops without
// conversions (a factor matrix of mode m with R columns has Dims()[m]*R
// elements). It allocates the slice and panics when a dimension does not
// fit an int.
func (t *Tensor[T]) Dims() []int { return check.Dims("csf", t.shape) }

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
	x := t.tree()
	return x.levelSizes()
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
	out = append(out, mem.FloatBytes(t.values))
	for l := range t.pos {
		out = append(out, mem.Uint64Bytes(t.pos[l]), mem.Uint64Bytes(t.crd[l]))
	}
	return out
}

// Find returns the leaf index of a logical coordinate, or ok = false when it
// is not stored (or lies outside the shape). It panics when len(coord) is not
// the rank.
func (t *Tensor[T]) Find(coord []uint64) (leaf int, ok bool) {
	t.mustValid()
	x := t.tree()
	return x.find(coord)
}

// At returns the value stored at a logical coordinate, or 0 when none is.
// It panics when len(coord) is not the rank or the coordinate lies outside
// the shape, as gonum's At does, and on an unvalidated tensor.
func (t *Tensor[T]) At(coord ...uint64) T {
	t.mustValid()
	check.InShape("csf", t.shape, coord)
	if i, ok := t.Find(coord); ok {
		return t.values[i]
	}
	return 0
}

// FindBatch looks up many logical coordinates at once: coords holds n tuples
// of rank entries, row-major, and out[i] receives the leaf index of tuple i or
// -1. It panics when len(coords) != len(out)*rank.
//
// Its scratch memory is pooled, so a warm call allocates nothing. Large
// batches cost less per lookup than Find in a loop; the answers are the
// same.
func (t *Tensor[T]) FindBatch(coords []uint64, out []int) {
	// The lookups advance together level by level (engine.DescendLevel), so
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
	t.mustValid()
	x := t.tree()
	x.findBatch(coords, out)
}

// All iterates over the stored entries in storage order, yielding each
// logical coordinate and value. The coordinate slice is only valid during
// its iteration (later steps reuse its memory): copy it to keep it. It
// panics on an unvalidated tensor.
func (t *Tensor[T]) All() iter.Seq2[[]uint64, T] {
	// The leaves go in blocks of 512 (allBlock), whose coordinate tuples are
	// written level by level with the kernels (LowerBound for the block's
	// node range at each level, ExpandRuns for their coordinates over their
	// leaves).
	t.mustValid()
	return func(yield func([]uint64, T) bool) {
		x := t.tree()
		x.all(func(tuple []uint64, k int) bool { return yield(tuple, t.values[k]) })
	}
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
