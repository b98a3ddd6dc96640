// Package coo implements sparse tensors of any rank from 1 to 64 as
// coordinate lists (COO): one index tuple and one value per stored entry,
// in any order. It is the Hurray layout of tag 0x07.
//
// # Layout
//
// A COO tensor stores nnz coordinate tuples of rank uint64s, row-major (tuple
// i is coords[i*rank : (i+1)*rank]), and nnz values. The buffer table in spec
// order is values (buffer 0) and coordinates (buffer 1). Duplicate tuples are
// allowed (conversions sum them by default); stored zeros are entries like
// any other.
//
// # Invariants
//
// 1 <= rank <= 64, len(coords) = nnz*rank, len(values) = nnz, and every
// coordinate is below its dimension. New and FromBuffers check them and report
// the first violation as a *layout.ValidationError. The descriptor's
// is_sorted flag is computed (or known by construction, for package
// convert's results), never taken on trust from a file or caller: IsSorted
// reports whether the tuples are in non-decreasing row-major order, and Sort
// establishes it.
//
// # Ownership
//
// New adopts the coordinates and the values without copying them: they are
// views, and a change through them is the tensor's. It copies the shape.
// FromBuffers aliases aligned little-endian buffers and copies otherwise; it
// copies the shape too. Coords, Values and Buffers return the stored
// slices; Shape returns a copy. Values may be changed through them freely.
// Changing coordinates makes a tensor Validate has not seen (IsSorted may be
// stale, a coordinate out of bounds): call Validate before the next
// computation or conversion, which re-checks everything and refuses to
// compute on a failure. Computing on changed coordinates without it is a
// programming error whose results are undefined (the products are Go
// loops: they stay inside their slices, or panic).
//
// # Permissive mode
//
// FromBuffers in layout.Permissive mode holds the buffers unchecked; compute
// calls panic with an error matching layout.ErrUnvalidated until Validate
// passes.
package coo

import (
	"cmp"
	"errors"
	"fmt"
	"iter"
	"slices"

	"github.com/hurray-format/hurray-go/internal/check"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/internal/parallel"
	"github.com/hurray-format/hurray-go/kernels"
	"github.com/hurray-format/hurray-go/layout"
)

// Float is the element type constraint: float32 or float64.
type Float = kernels.Float

// Tensor is a COO tensor.
type Tensor[T Float] struct {
	shape  []uint64
	coords []uint64
	values []T
	sorted bool
	valid  bool
}

// New builds a tensor from row-major coordinate tuples (nnz x rank) and nnz
// values. It adopts coords and values without copying them (views: a change
// through them or through Coords and Values is the tensor's), copies the
// shape, and validates.
func New[T Float](shape []uint64, coords []uint64, values []T) (*Tensor[T], error) {
	t := &Tensor[T]{shape: slices.Clone(shape), coords: coords, values: values}
	if err := t.Validate(); err != nil {
		return nil, err
	}
	return t, nil
}

// FromBuffers builds a tensor from the buffer table (values, coordinates),
// little-endian, aliasing aligned buffers (others are copied); buffers that
// share memory are refused. The shape is copied. Both modes check the
// buffer count and that each buffer holds a whole number of elements;
// Strict mode validates the rest, Permissive holds the tensor unchecked
// until Validate passes.
func FromBuffers[T Float](shape []uint64, buffers [][]byte, mode layout.Mode) (*Tensor[T], error) {
	t := &Tensor[T]{shape: slices.Clone(shape)}
	if err := t.viewBuffers(buffers); err != nil {
		return nil, err
	}
	return check.Built(t, mode, t.Validate)
}

// viewBuffers sets the typed slices from raw, checking count and byte
// lengths.
func (t *Tensor[T]) viewBuffers(raw [][]byte) error {
	if err := check.BufferCount(layout.TagCOO, raw, 2); err != nil {
		return err
	}
	if err := check.Disjoint(layout.TagCOO, raw); err != nil {
		return err
	}
	if err := check.BufferLen(layout.TagCOO, "values", raw[0], mem.ElemSize[T]()); err != nil {
		return err
	}
	var x index
	if err := x.viewBuffers(raw); err != nil {
		return err
	}
	t.values, _ = mem.Floats[T](raw[0])
	t.coords = x.coords
	return nil
}

// Validate checks the rank, the lengths and every coordinate's bound, and
// computes whether the tuples are sorted. It checks everything every time:
// after coordinates were changed through Coords it finds what changed, and
// when it fails the tensor refuses to compute (as an unvalidated one) until
// Validate passes again. Validate of a valid, unchanged tensor only reads
// it, so it may run while other goroutines use the tensor.
func (t *Tensor[T]) Validate() error {
	return check.Outcome(&t.valid, t.validate())
}

func (t *Tensor[T]) validate() error {
	x := t.ix()
	sorted, err := x.validate(len(t.values))
	if err != nil {
		return err
	}
	if !t.valid || t.sorted != sorted {
		t.sorted = sorted
		t.valid = true
	}
	return nil
}

// ix returns the tensor's index structure.
func (t *Tensor[T]) ix() index { return index{shape: t.shape, coords: t.coords} }

// scanCoords returns the flat index of the first coordinate not below its
// dimension (-1 if none) and whether the tuples are in non-decreasing
// row-major order (meaningful only when the index is -1). Parts of the
// tuples go to up to GOMAXPROCS goroutines (scanMin), each block
// bound-checked by the FirstNotBelow kernel and then order-checked while it
// is in cache, rather than in two passes over all the tuples.
func scanCoords(c, shape []uint64) (int, bool) {
	r := len(shape)
	n := len(c) / r
	b := parallel.Even(n, parallel.Options{MinWork: scanMin}.Goroutines(n))
	bad := make([]int, len(b)-1)
	unsorted := make([]bool, len(b)-1)
	parallel.Run(b, func(k, lo, hi int) {
		bad[k] = -1
		down := false
		for s := lo; s < hi; s += scanBlock {
			e := min(s+scanBlock, hi)
			if i := engine.FirstNotBelow(c[s*r:e*r], shape); i >= 0 {
				bad[k] = s*r + i
				return
			}
			// Each block also compares its first tuple with the one before.
			if !down && !sortedRange(c, r, max(s-1, lo), e) {
				down = true
			}
		}
		unsorted[k] = down
	})
	for k := range bad {
		if bad[k] >= 0 {
			return bad[k], false
		}
	}
	sorted := !slices.Contains(unsorted, true)
	for k := 1; sorted && k+1 < len(b); k++ {
		sorted = sortedRange(c, r, b[k]-1, b[k]+1)
	}
	return -1, sorted
}

// sortedRange reports whether tuples lo..hi-1 of c (rank r) are in
// non-decreasing row-major order. Ranks 1 to 3 compare the tuples' words
// directly; higher ranks compare each tuple with the next only as far as
// they agree.
func sortedRange(c []uint64, r, lo, hi int) bool {
	if hi-lo < 2 {
		return true
	}
	c = c[lo*r : hi*r]
	switch r {
	case 1:
		return engine.NonDecreasing(c) < 0
	case 2:
		for i := 2; i+1 < len(c); i += 2 {
			a0, a1, b0, b1 := c[i-2], c[i-1], c[i], c[i+1]
			if b0 < a0 || b0 == a0 && b1 < a1 {
				return false
			}
		}
		return true
	case 3:
		for i := 3; i+2 < len(c); i += 3 {
			a0, a1, a2, b0, b1, b2 := c[i-3], c[i-2], c[i-1], c[i], c[i+1], c[i+2]
			if b0 < a0 || b0 == a0 && (b1 < a1 || b1 == a1 && b2 < a2) {
				return false
			}
		}
		return true
	}
	for i := r; i+r <= len(c); i += r {
		a, b := c[i-r:i:i], c[i:i+r:i+r]
		for k, x := range a {
			if y := b[k]; y != x {
				if y < x {
					return false
				}
				break
			}
		}
	}
	return true
}

// checkSorted reports whether the tuples are in non-decreasing row-major
// order.
func (t *Tensor[T]) checkSorted() bool {
	x := t.ix()
	return x.checkSorted()
}

func (t *Tensor[T]) mustValid() { check.MustValid(layout.TagCOO, t.valid) }

// The accessors below are deliberate twins of those of the other formats'
// types (coo, csr and csf, float and quantized): one-line methods that
// each type's public API names.

// Valid reports whether the tensor has passed validation.
func (t *Tensor[T]) Valid() bool { return t.valid }

// Shape returns the shape (a copy).
func (t *Tensor[T]) Shape() []uint64 { return slices.Clone(t.shape) }

// Rank returns the number of modes.
func (t *Tensor[T]) Rank() int { return len(t.shape) }

// Dims returns the shape as ints, for sizing slices and loops without
// conversions (a factor matrix of mode m with R columns has Dims()[m]*R
// elements). It allocates the slice and panics when a dimension does not
// fit an int.
func (t *Tensor[T]) Dims() []int { return check.Dims("coo", t.shape) }

// NNZ returns the number of stored entries, duplicates and zeros included.
func (t *Tensor[T]) NNZ() int { return len(t.values) }

// Coords returns the coordinate tuples (nnz x rank, row-major) without
// copying.
func (t *Tensor[T]) Coords() []uint64 { return t.coords }

// Coord returns tuple i without copying.
func (t *Tensor[T]) Coord(i int) []uint64 {
	r := len(t.shape)
	return t.coords[i*r : (i+1)*r : (i+1)*r]
}

// Values returns the values without copying.
func (t *Tensor[T]) Values() []T { return t.values }

// IsSorted reports whether the tuples are in non-decreasing row-major
// (lexicographic) order, as established by validation or Sort.
func (t *Tensor[T]) IsSorted() bool { return t.sorted }

// Descriptor returns the layout descriptor with an honest is_sorted flag.
func (t *Tensor[T]) Descriptor() layout.COO {
	return layout.COO{NNZ: uint64(len(t.values)), IsSorted: t.sorted}
}

// Buffers returns the buffer table (values, coordinates) without copying:
// little-endian views of the slices the tensor computes on (the buffers
// given to FromBuffers, byte for byte, or the copies it made of unaligned
// ones), so they show every change made through Values, Coords or Sort.
func (t *Tensor[T]) Buffers() [][]byte {
	return [][]byte{mem.FloatBytes(t.values), mem.Uint64Bytes(t.coords)}
}

// Sort reorders the entries in place so that the tuples are in lexicographic
// order of the modes taken in modeOrder (nil means 0, 1, ..., rank-1), values
// following their tuples. The sort is stable, so duplicates keep their order.
// Afterwards IsSorted is true exactly when that order is row-major.
func (t *Tensor[T]) Sort(modeOrder []uint32) error {
	t.mustValid()
	r := len(t.shape)
	if modeOrder == nil {
		modeOrder = make([]uint32, r)
		for i := range modeOrder {
			modeOrder[i] = uint32(i)
		}
	}
	if err := layout.CheckModeOrder(modeOrder, r); err != nil {
		var ve *layout.ValidationError
		if errors.As(err, &ve) {
			ve.Layout = layout.TagCOO // CheckModeOrder names CSF's field
		}
		return err
	}
	n := len(t.values)
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	slices.SortStableFunc(perm, func(a, b int) int {
		ta, tb := t.coords[a*r:a*r+r], t.coords[b*r:b*r+r]
		for _, m := range modeOrder {
			if c := cmp.Compare(ta[m], tb[m]); c != 0 {
				return c
			}
		}
		return 0
	})
	coords := make([]uint64, len(t.coords))
	values := make([]T, n)
	for i, p := range perm {
		copy(coords[i*r:i*r+r], t.coords[p*r:p*r+r])
		values[i] = t.values[p]
	}
	copy(t.coords, coords)
	copy(t.values, values)
	t.sorted = t.checkSorted()
	return nil
}

// Find returns the index of the first entry with the given coordinate, or ok
// = false. It binary-searches a sorted tensor and scans an unsorted one.
func (t *Tensor[T]) Find(coord []uint64) (i int, ok bool) {
	t.mustValid()
	x := t.ix()
	return x.find(coord, t.sorted)
}

// At returns the sum of the values stored at a coordinate (COO may hold
// duplicates), or 0 when none is. It panics when len(coord) is not the
// rank or the coordinate lies outside the shape, as gonum's At does, and on
// an unvalidated tensor.
func (t *Tensor[T]) At(coord ...uint64) T {
	t.mustValid()
	check.InShape("coo", t.shape, coord)
	x := t.ix()
	var s T
	x.matches(coord, t.sorted, func(k int) { s += t.values[k] })
	return s
}

// FindBatch looks up n coordinates (row-major n x rank); out[k] receives the
// index into Values of the first entry stored at coordinate k, or -1. It
// panics when len(coords) != len(out)*rank and on an unvalidated tensor.
func (t *Tensor[T]) FindBatch(coords []uint64, out []int) {
	t.mustValid()
	x := t.ix()
	x.findBatch(coords, out, t.sorted)
}

// All iterates over the entries in storage order, duplicates included,
// yielding each coordinate and value. The yielded coordinate is a view of
// the stored tuple: do not modify it. It panics on an unvalidated tensor.
func (t *Tensor[T]) All() iter.Seq2[[]uint64, T] {
	t.mustValid()
	return func(yield func([]uint64, T) bool) {
		r := len(t.shape)
		for i, v := range t.values {
			if !yield(t.coords[i*r:i*r+r:i*r+r], v) {
				return
			}
		}
	}
}

// String summarises the tensor, as in "coo float64 [479 479] nnz 1910 sorted".
func (t *Tensor[T]) String() string {
	var zero T
	s := "unsorted"
	if t.sorted {
		s = "sorted"
	}
	if !t.valid {
		s = "unvalidated"
	}
	return fmt.Sprintf("coo %T %v nnz %d %s", zero, t.shape, len(t.values), s)
}
