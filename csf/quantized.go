package csf

import (
	"fmt"
	"iter"
	"slices"

	"github.com/hurray-format/hurray-go/internal/check"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// Quantized is a CSF tensor whose values are quantized: the levels of
// Tensor, validated by the same rules (ADR-025 §6), with the codes and
// parameters of a quant.Scheme in place of the leaf values (ADR-025 §7:
// the parameter buffers follow the levels, from buffer 2·rank+1). It
// computes in float32: At and All give each stored value dequantized
// exactly as quant.Values.At computes it. Its methods are safe for
// concurrent use once it is validated, as long as nobody modifies the
// slices it holds.
type Quantized struct {
	x     tree
	v     quant.Values
	valid bool
}

// loc is where the values sit in the buffer table.
func (q *Quantized) loc() quant.Loc {
	return quant.Loc{Layout: layout.TagCSF, First: 2*len(q.x.shape) + 1}
}

// NewQuantized builds a quantized tensor from its levels, pos[L] and crd[L]
// for every level L, and v, whose N must be the leaf count. It copies shape
// and modeOrder, adopts the level arrays and v's slices, and validates the
// levels as New does and v as quant.Values.Validate does, its parameter
// buffers numbered from 2·rank+1.
func NewQuantized(shape []uint64, modeOrder []uint32, pos, crd [][]uint64, v quant.Values) (*Quantized, error) {
	q := &Quantized{x: tree{shape: slices.Clone(shape), modeOrder: slices.Clone(modeOrder), pos: pos, crd: crd}, v: v}
	if err := q.Validate(); err != nil {
		return nil, err
	}
	return q, nil
}

// FromBuffersQuantized builds a quantized tensor from the buffer table in
// spec order: the codes (buffer 0), pos_L and crd_L per level, then the
// parameter buffers of s from buffer 2·rank+1, each little-endian. The
// level buffers are aliased when aligned (else copied), as FromBuffers
// does; the codes and one-byte parameter buffers are aliased, a float32
// parameter buffer when 4-byte aligned (quant.FromBuffers). Buffers that
// share memory are refused. shape and modeOrder are copied.
//
// Both modes check the rank (3 to 64), the buffer count (2·rank+1 plus
// s.ParamCount()) and that each buffer holds a whole number of elements;
// Strict mode validates the rest, Permissive holds the tensor unchecked
// until Validate passes. The number of values is the length of the leaf
// level's crd.
func FromBuffersQuantized(shape []uint64, modeOrder []uint32, s quant.Scheme, buffers [][]byte, mode layout.Mode) (*Quantized, error) {
	q := &Quantized{x: tree{shape: slices.Clone(shape), modeOrder: slices.Clone(modeOrder)}}
	rank := len(shape)
	if rank < 3 || rank > layout.MaxRank {
		return nil, layout.CSF{ModeOrder: modeOrder}.Validate(shape)
	}
	v, err := check.QuantValues(layout.TagCSF, buffers, 2*rank+1, s, q.loc(), func() (int, error) {
		pos, crd, err := viewLevels(buffers, rank)
		if err != nil {
			return 0, err
		}
		q.x.pos, q.x.crd = pos, crd
		return len(crd[rank-1]), nil
	})
	if err != nil {
		return nil, err
	}
	q.v = v
	return check.Built(q, mode, q.Validate)
}

// Validate checks every invariant of ADR-025 §6 on the levels, as Tensor's
// Validate does, then the values: N equal to the leaf count and every rule
// of quant.Values.Validate (the parameter count and lengths, finite
// positive scales, no NaN codes, a zero padding nibble, a channel axis
// below the rank). Errors name the buffer by its index in the table (codes
// 0, parameters 2·rank+1 and up). It checks everything every time, and
// while it fails the tensor refuses to compute.
func (q *Quantized) Validate() error {
	return check.Outcome(&q.valid, q.validate())
}

func (q *Quantized) validate() error {
	leaves, err := q.x.validate()
	if err != nil {
		return err
	}
	if q.v.N != leaves {
		return layout.Errorf(layout.TagCSF, "buffer 0 (codes)", -1, -1, "%d values, want %d (the leaf count)", q.v.N, leaves)
	}
	if err := q.v.Validate(q.x.shape, q.loc()); err != nil {
		return err
	}
	if !q.valid {
		q.valid = true
	}
	return nil
}

func (q *Quantized) mustValid() { check.MustValid(layout.TagCSF, q.valid) }

// The accessors below are deliberate twins of those of the other formats'
// types (coo, csr and csf, float and quantized): one-line methods that
// each type's public API names.

// Valid reports whether the tensor has passed validation.
func (q *Quantized) Valid() bool { return q.valid }

// Shape returns the logical shape (a copy).
func (q *Quantized) Shape() []uint64 { return slices.Clone(q.x.shape) }

// Rank returns the number of modes.
func (q *Quantized) Rank() int { return len(q.x.shape) }

// Dims returns the shape as ints, as Tensor's Dims does. It allocates the
// slice and panics when a dimension does not fit an int.
func (q *Quantized) Dims() []int { return check.Dims("csf", q.x.shape) }

// NNZ returns the number of stored entries (leaves), zeros included.
func (q *Quantized) NNZ() int { return q.v.N }

// ModeOrder returns the level-to-mode permutation (a copy).
func (q *Quantized) ModeOrder() []uint32 { return slices.Clone(q.x.modeOrder) }

// Pos returns pos of the given level without copying.
func (q *Quantized) Pos(level int) []uint64 { return q.x.pos[level] }

// Crd returns crd of the given level without copying.
func (q *Quantized) Crd(level int) []uint64 { return q.x.crd[level] }

// LevelSizes returns the number of nodes on each level, root first; the
// last is NNZ.
func (q *Quantized) LevelSizes() []int { return q.x.levelSizes() }

// Values returns the quantized values: the scheme, the codes and the
// parameters, whose slices are the tensor's own (no copy).
func (q *Quantized) Values() quant.Values { return q.v }

// Scheme returns the quantization scheme.
func (q *Quantized) Scheme() quant.Scheme { return q.v.Scheme }

// Descriptor returns the layout descriptor.
func (q *Quantized) Descriptor() layout.CSF {
	return layout.CSF{ModeOrder: slices.Clone(q.x.modeOrder)}
}

// Buffers returns the buffer table in spec order without copying: the
// codes, pos_L and crd_L per level, then the parameter buffers
// (quant.Values.ParamBuffers).
func (q *Quantized) Buffers() [][]byte {
	out := make([][]byte, 0, 2*len(q.x.pos)+1+q.v.Scheme.ParamCount())
	out = append(out, q.v.Codes)
	for l := range q.x.pos {
		out = append(out, mem.Uint64Bytes(q.x.pos[l]), mem.Uint64Bytes(q.x.crd[l]))
	}
	return append(out, q.v.ParamBuffers()...)
}

// Channels returns the channel of every stored value, for quant's
// Dequantize and the products. For a channel scheme whose axis is the leaf
// level's mode it is the leaf crd (quant.PerValue, no allocation); for an
// axis stored at an upper level L, it is the leaf range of every node of
// level L with its crd (quant.PerRun), which costs one allocation of
// LevelSizes()[L]+1 words. Tensor and block schemes get the zero Channels.
func (q *Quantized) Channels() quant.Channels { return q.x.channels(q.v.Scheme) }

// channels returns the channels of the leaves of this tree under scheme s
// (see Quantized.Channels).
func (x *tree) channels(s quant.Scheme) quant.Channels {
	a := s.Axis()
	if s.Granularity() != quant.PerChannel || a >= len(x.shape) || len(x.crd) != len(x.shape) {
		return quant.Channels{}
	}
	rank := len(x.shape)
	l := slices.Index(x.modeOrder, uint32(a))
	if l < 0 {
		return quant.Channels{}
	}
	if l == rank-1 {
		return quant.PerValue(x.crd[l], 1)
	}
	return quant.PerRun(x.nodeLeaves(l), x.crd[l])
}

// nodeLeaves returns the first leaf of each node of level l (below the
// leaf level), through the pos of the levels below, and the end of the
// last node's leaves: the runs of leaves of the channels of an axis stored
// at level l. It allocates the result.
func (x *tree) nodeLeaves(l int) []uint64 {
	ptr := slices.Clone(x.pos[l+1])
	for m := l + 2; m < len(x.shape); m++ {
		p := x.pos[m]
		for i, v := range ptr {
			ptr[i] = p[v]
		}
	}
	return ptr
}

// channel returns the channel of a value stored at a logical coordinate.
func (q *Quantized) channel(coord []uint64) uint64 {
	if a := q.v.Scheme.Axis(); a >= 0 {
		return coord[a]
	}
	return 0
}

// Find returns the leaf index (the position of its code) of a logical
// coordinate, or ok = false when it is not stored. It panics when
// len(coord) is not the rank.
func (q *Quantized) Find(coord []uint64) (leaf int, ok bool) {
	q.mustValid()
	return q.x.find(coord)
}

// At returns the dequantized value stored at a logical coordinate, or 0
// when none is. It panics as Tensor's At does: when len(coord) is not the
// rank or the coordinate lies outside the shape, and on an unvalidated
// tensor.
func (q *Quantized) At(coord ...uint64) float32 {
	q.mustValid()
	check.InShape("csf", q.x.shape, coord)
	if i, ok := q.Find(coord); ok {
		return q.v.At(i, q.channel(coord))
	}
	return 0
}

// FindBatch looks up many logical coordinates at once, as Tensor's
// FindBatch does: coords holds n tuples of rank entries, row-major, and
// out[i] receives the leaf index of tuple i or -1. It panics when
// len(coords) != len(out)*rank.
func (q *Quantized) FindBatch(coords []uint64, out []int) {
	q.mustValid()
	q.x.findBatch(coords, out)
}

// All iterates over the stored entries in storage order, yielding each
// logical coordinate and the dequantized value. The coordinate slice is
// only valid during its iteration: copy it to keep it.
func (q *Quantized) All() iter.Seq2[[]uint64, float32] {
	q.mustValid()
	return func(yield func([]uint64, float32) bool) {
		q.x.all(func(tuple []uint64, k int) bool { return yield(tuple, q.v.At(k, q.channel(tuple))) })
	}
}

// String summarises the tensor, as in "csf nf4:block=64 [5 201 61]
// mode_order [0 2 1] nnz 61305 levels [5 305 61305]".
func (q *Quantized) String() string {
	state := ""
	if !q.valid {
		state = " (unvalidated)"
	}
	return fmt.Sprintf("csf %v %v mode_order %v nnz %d levels %v%s", q.v.Scheme, q.x.shape, q.x.modeOrder, q.v.N, q.x.levelSizes(), state)
}

// cloneLevels returns deep copies of the level arrays.
func cloneLevels(a [][]uint64) [][]uint64 {
	out := make([][]uint64, len(a))
	for i, s := range a {
		out[i] = slices.Clone(s)
	}
	return out
}

// Quantize quantizes the leaf values of t with scheme s (per channel along
// any mode, whatever level stores it; per tensor; or per block of the
// leaves' storage order) and returns the quantized twin, with copies of t's
// shape, mode order and levels, and the error report. t must be valid; its
// values must be finite and within the float32 range (quant.Quantize).
func Quantize[T Float](t *Tensor[T], s quant.Scheme) (*Quantized, quant.Report, error) {
	t.mustValid()
	x := t.tree()
	v, rep, err := quant.Quantize(s, t.shape, t.values, x.channels(s))
	if err != nil {
		return nil, quant.Report{}, fmt.Errorf("csf: %w", err)
	}
	q := &Quantized{x: tree{shape: slices.Clone(t.shape), modeOrder: slices.Clone(t.modeOrder), pos: cloneLevels(t.pos), crd: cloneLevels(t.crd)}, v: v, valid: true}
	check.Trusted("csf", q.validate)
	return q, rep, nil
}

// Dequantize returns the float twin of q: a Tensor with copies of q's
// shape, mode order and levels and each value dequantized
// (quant.Values.Dequantize, then converted to T, which float64 holds
// exactly). q must be valid.
func Dequantize[T Float](q *Quantized) *Tensor[T] {
	q.mustValid()
	f := make([]float32, q.v.N)
	q.v.Dequantize(f, q.Channels())
	vals := make([]T, len(f))
	for i, v := range f {
		vals[i] = T(v)
	}
	return newTrusted(slices.Clone(q.x.shape), slices.Clone(q.x.modeOrder), cloneLevels(q.x.pos), cloneLevels(q.x.crd), vals)
}

// Trusted is for this module's builders (package convert): it gives access
// to q without validation, and its key cannot be made outside the module.
// Other code builds quantized tensors with NewQuantized,
// FromBuffersQuantized or Quantize.
func (q *Quantized) Trusted(check.Key) qbuilder { return qbuilder{q} }

// qbuilder is what Quantized's Trusted returns: its unvalidated
// construction.
type qbuilder struct{ q *Quantized }

// Adopt fills the tensor with levels and values built valid by
// construction.
func (b qbuilder) Adopt(shape []uint64, modeOrder []uint32, pos, crd [][]uint64, v quant.Values) {
	*b.q = Quantized{x: tree{shape: shape, modeOrder: modeOrder, pos: pos, crd: crd}, v: v, valid: true}
	check.Trusted("csf", b.q.validate)
}
