package csf

import (
	"fmt"
	"slices"

	"github.com/hurray-format/hurray-go/internal/dense"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/internal/parallel"
)

// SemiSparse is the result of TTM along the leaf level: the fibers of a CSF
// tensor's levels 0..N-2, each holding a dense row of R values in place of
// its sparse leaves. Logically it is a tensor of t's shape with the leaf
// mode's extent replaced by R, sparse in the other modes and dense in that
// one; fiber f (a node of level N-2) holds Row(f).
//
// It shares pos and crd of levels 0..N-2 with the tensor it came from.
type SemiSparse[T Float] struct {
	shape     []uint64
	modeOrder []uint32
	pos, crd  [][]uint64 // levels 0..N-2
	r         int
	values    []T // fibers x r, row-major
}

// Shape returns the logical shape: t's, with the dense mode's extent = R.
func (s *SemiSparse[T]) Shape() []uint64 { return slices.Clone(s.shape) }

// Rank returns the number of modes (t's rank).
func (s *SemiSparse[T]) Rank() int { return len(s.shape) }

// ModeOrder returns t's mode order; its last entry is the dense mode.
func (s *SemiSparse[T]) ModeOrder() []uint32 { return slices.Clone(s.modeOrder) }

// DenseMode returns the logical mode held densely (t's leaf mode).
func (s *SemiSparse[T]) DenseMode() int { return int(s.modeOrder[len(s.modeOrder)-1]) }

// R returns the length of every fiber's row.
func (s *SemiSparse[T]) R() int { return s.r }

// Fibers returns the number of fibers (nodes of level N-2).
func (s *SemiSparse[T]) Fibers() int { return len(s.values) / max(s.r, 1) }

// Pos and Crd return the sparse levels 0..N-2 without copying.
func (s *SemiSparse[T]) Pos(level int) []uint64 { return s.pos[level] }

// Crd returns crd of a sparse level without copying.
func (s *SemiSparse[T]) Crd(level int) []uint64 { return s.crd[level] }

// Values returns the fibers' rows, fibers x R row-major, without copying.
func (s *SemiSparse[T]) Values() []T { return s.values }

// Row returns fiber f's dense row without copying.
func (s *SemiSparse[T]) Row(f int) []T { return s.values[f*s.r : (f+1)*s.r] }

// Find returns the fiber holding the logical coordinate of the sparse modes
// (coord has Rank() entries; the dense mode's entry is ignored), or false.
func (s *SemiSparse[T]) Find(coord []uint64) (fiber int, ok bool) {
	if len(coord) != len(s.shape) {
		panic(fmt.Sprintf("csf: SemiSparse.Find: coordinate of length %d for rank %d", len(coord), len(s.shape)))
	}
	lo, hi := 0, len(s.crd[0])
	for l := range s.crd {
		crd := s.crd[l]
		key := coord[s.modeOrder[l]]
		i := lo + engine.LowerBound(crd[lo:hi], key)
		if i == hi || crd[i] != key {
			return -1, false
		}
		if l+1 < len(s.crd) {
			lo, hi = int(s.pos[l+1][i]), int(s.pos[l+1][i+1])
		} else {
			fiber = i
		}
	}
	return fiber, true
}

// At returns the value at a logical coordinate (the dense mode's entry below
// R), 0 for a fiber that is not stored or a coordinate outside the shape.
func (s *SemiSparse[T]) At(coord ...uint64) T {
	f, ok := s.Find(coord)
	if !ok || coord[s.DenseMode()] >= uint64(s.r) {
		return 0
	}
	return s.values[f*s.r+int(coord[s.DenseMode()])]
}

// TTM multiplies the tensor along its leaf mode by a dense matrix u of
// shape[leaf mode] x r (row-major): for every fiber f of level N-2,
//
//	Row(f)[k] = Σ_{leaves j of f} values[j] * u[crd_leaf[j]*r + k]
//
// The result keeps t's upper levels (shared, not copied). It panics with a
// "csf: ..." message on a bad r or len(u). TTMInto writes into a caller's
// slice instead, which must not share memory with u or the tensor's values.
func (t *Tensor[T]) TTM(u []T, r int) *SemiSparse[T] { return t.ttm(u, r, options()) }

// ttm is TTM split as o says.
func (t *Tensor[T]) ttm(u []T, r int, o parallel.Options) *SemiSparse[T] {
	t.mustValid()
	n := len(t.shape)
	out := mem.MakeHuge[T](t.ttmSize(u, r))
	t.ttmInto(out, u, r, o) // checked, and out is fresh
	shape := slices.Clone(t.shape)
	shape[t.modeOrder[n-1]] = uint64(r)
	t.shareLevels()
	return &SemiSparse[T]{shape: shape, modeOrder: slices.Clone(t.modeOrder), pos: t.pos[:n-1], crd: t.crd[:n-1], r: r, values: out}
}

// ttmSize checks r and len(u) for TTM and returns the result's length
// (fibers x r).
func (t *Tensor[T]) ttmSize(u []T, r int) int {
	n := len(t.shape)
	leaf := t.modeOrder[n-1]
	if r < 1 || !dense.Is(len(u), t.shape[leaf], r) {
		panic(fmt.Sprintf("csf: TTM: len(u) = %d, r = %d, want r >= 1 and len(u) = shape[%d] x r = %d x %d", len(u), r, leaf, t.shape[leaf], r))
	}
	nf := len(t.crd[n-2])
	size, ok := dense.Size(uint64(nf), r)
	if !ok {
		panic(fmt.Sprintf("csf: TTM: fibers x r = %d x %d does not fit an int", nf, r))
	}
	return size
}

// TTMInto is TTM writing the fibers' rows into dst (fibers x r, overwritten).
func (t *Tensor[T]) TTMInto(dst, u []T, r int) { t.ttmIntoChecked(dst, u, r, options()) }

// ttmIntoChecked is TTMInto split as o says.
func (t *Tensor[T]) ttmIntoChecked(dst, u []T, r int, o parallel.Options) {
	t.mustValid()
	n := len(t.shape)
	if size := t.ttmSize(u, r); len(dst) != size {
		panic(fmt.Sprintf("csf: TTM: len(dst) = %d, want fibers x r = %d x %d", len(dst), len(t.crd[n-2]), r))
	}
	if dense.Overlap(dst, u) || dense.Overlap(dst, t.values) || t.overlapsLevels(dst) {
		panic("csf: TTM: dst overlaps u or the tensor's values or levels")
	}
	t.ttmInto(dst, u, r, o)
}

// ttmInto is TTMInto on checked operands, split as o says.
func (t *Tensor[T]) ttmInto(dst, u []T, r int, o parallel.Options) {
	n := len(t.shape)
	leafPos, leafCrd := t.pos[n-1], t.crd[n-1]
	parts := o.Goroutines(len(t.values))
	ones := make([]T, r)
	for i := range ones {
		ones[i] = 1
	}
	b := parallel.SplitPtr(leafPos, parts, 1)
	parallel.Run(b, func(_, lo, hi int) {
		d := dst[lo*r : hi*r]
		clear(d)
		engine.GatherHadamardUnchecked(engine.GatherRows, d, ones, nil, leafPos[lo:hi+1], t.values, leafCrd, u, r)
	})
}
