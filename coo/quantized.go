package coo

import (
	"fmt"
	"iter"
	"slices"

	"github.com/hurray-format/hurray-go/internal/check"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// Quantized is a COO tensor whose values are quantized: the coordinates of
// Tensor, validated by the same rules, with the codes and parameters of a
// quant.Scheme in place of the values. It computes in float32: At and All
// give each stored value dequantized exactly as quant.Values.At computes
// it. There is no Sort: reordering the entries would move a block scheme's
// codes out of their blocks (package convert reorders, re-quantizing where
// it must).
type Quantized struct {
	x      index
	v      quant.Values
	sorted bool
	valid  bool
}

// qloc is where the values sit in a COO buffer table: parameters from
// buffer 2.
var qloc = quant.Loc{Layout: layout.TagCOO, First: 2}

// NewQuantized builds a quantized tensor from row-major coordinate tuples
// (nnz x rank) and v, whose N must be nnz. It copies shape, adopts coords
// and v's slices, and validates the coordinates as New does and v as
// quant.Values.Validate does, its parameter buffers numbered from 2.
func NewQuantized(shape []uint64, coords []uint64, v quant.Values) (*Quantized, error) {
	q := &Quantized{x: index{shape: slices.Clone(shape), coords: coords}, v: v}
	if err := q.Validate(); err != nil {
		return nil, err
	}
	return q, nil
}

// FromBuffersQuantized builds a quantized tensor from the buffer table
// (codes, coordinates, then the parameter buffers of s in their order),
// little-endian. The coordinates are aliased when aligned (else copied), as
// FromBuffers does; the codes and one-byte parameter buffers are aliased, a
// float32 parameter buffer when 4-byte aligned (quant.FromBuffers). Buffers
// that share memory are refused. Both modes check the rank (1 to 64: it
// counts the values, len(coords)/rank), the buffer count (2 plus
// s.ParamCount()) and that each buffer holds a whole number of elements;
// Strict mode validates the rest, Permissive holds the tensor unchecked
// until Validate passes. shape is copied.
func FromBuffersQuantized(shape []uint64, s quant.Scheme, buffers [][]byte, mode layout.Mode) (*Quantized, error) {
	q := &Quantized{x: index{shape: slices.Clone(shape)}}
	if err := (layout.COO{}).Validate(shape); err != nil {
		return nil, err
	}
	v, err := check.QuantValues(layout.TagCOO, buffers, 2, s, qloc, func() (int, error) {
		err := q.x.viewBuffers(buffers)
		return len(q.x.coords) / len(shape), err
	})
	if err != nil {
		return nil, err
	}
	q.v = v
	return check.Built(q, mode, q.Validate)
}

// Validate checks the coordinates as Tensor's Validate does (and computes
// IsSorted), then the values: every rule of quant.Values.Validate (the
// parameter count and lengths, finite positive scales, no NaN codes, a
// zero padding nibble, a channel axis below the rank). Errors name the
// buffer by its index in the table (codes 0, parameters 2 and up). It
// checks everything every time, and while it fails the tensor refuses to
// compute.
func (q *Quantized) Validate() error {
	return check.Outcome(&q.valid, q.validate())
}

func (q *Quantized) validate() error {
	sorted, err := q.x.validate(q.v.N)
	if err != nil {
		return err
	}
	if err := q.v.Validate(q.x.shape, qloc); err != nil {
		return err
	}
	if !q.valid || q.sorted != sorted {
		q.sorted = sorted
		q.valid = true
	}
	return nil
}

func (q *Quantized) mustValid() { check.MustValid(layout.TagCOO, q.valid) }

// The accessors below are deliberate twins of those of the other formats'
// types (coo, csr and csf, float and quantized): one-line methods that
// each type's public API names.

// Valid reports whether the tensor has passed validation.
func (q *Quantized) Valid() bool { return q.valid }

// Shape returns the shape (a copy).
func (q *Quantized) Shape() []uint64 { return slices.Clone(q.x.shape) }

// Rank returns the number of modes.
func (q *Quantized) Rank() int { return len(q.x.shape) }

// Dims returns the shape as ints, as Tensor's Dims does. It allocates the
// slice and panics when a dimension does not fit an int.
func (q *Quantized) Dims() []int { return check.Dims("coo", q.x.shape) }

// NNZ returns the number of stored entries, duplicates and zeros included.
func (q *Quantized) NNZ() int { return q.v.N }

// Coords returns the coordinate tuples (nnz x rank, row-major) without
// copying.
func (q *Quantized) Coords() []uint64 { return q.x.coords }

// Coord returns tuple i without copying.
func (q *Quantized) Coord(i int) []uint64 {
	r := len(q.x.shape)
	return q.x.coords[i*r : (i+1)*r : (i+1)*r]
}

// Values returns the quantized values: the scheme, the codes and the
// parameters, whose slices are the tensor's own (no copy).
func (q *Quantized) Values() quant.Values { return q.v }

// Scheme returns the quantization scheme.
func (q *Quantized) Scheme() quant.Scheme { return q.v.Scheme }

// IsSorted reports whether the tuples are in non-decreasing row-major order,
// as validation established.
func (q *Quantized) IsSorted() bool { return q.sorted }

// Descriptor returns the layout descriptor with an honest is_sorted flag.
func (q *Quantized) Descriptor() layout.COO {
	return layout.COO{NNZ: uint64(q.v.N), IsSorted: q.sorted}
}

// Buffers returns the buffer table in spec order without copying: the
// codes, the coordinates, then the parameter buffers
// (quant.Values.ParamBuffers).
func (q *Quantized) Buffers() [][]byte {
	b := [][]byte{q.v.Codes, mem.Uint64Bytes(q.x.coords)}
	return append(b, q.v.ParamBuffers()...)
}

// Channels returns the channel of every stored value, for quant's
// Dequantize and the products: for a channel scheme the coordinates on its
// axis (quant.PerValue with stride rank), the zero Channels otherwise. It
// allocates nothing.
func (q *Quantized) Channels() quant.Channels { return q.x.channels(q.v.Scheme) }

// channels returns the channels of the values of a tensor with this index
// under scheme s.
func (x *index) channels(s quant.Scheme) quant.Channels {
	a := s.Axis()
	if s.Granularity() != quant.PerChannel || a >= len(x.shape) {
		return quant.Channels{}
	}
	if len(x.coords) == 0 {
		return quant.PerValue(nil, len(x.shape))
	}
	return quant.PerValue(x.coords[a:], len(x.shape))
}

// channel returns the channel of a value stored at coord.
func (q *Quantized) channel(coord []uint64) uint64 {
	if a := q.v.Scheme.Axis(); a >= 0 {
		return coord[a]
	}
	return 0
}

// Find returns the index of the first entry with the given coordinate (the
// position of its code), or ok = false. It binary-searches a sorted tensor
// and scans an unsorted one.
func (q *Quantized) Find(coord []uint64) (i int, ok bool) {
	q.mustValid()
	return q.x.find(coord, q.sorted)
}

// At returns the sum, in float32 and storage order, of the dequantized
// values stored at a coordinate (COO may hold duplicates), or 0 when none
// is. It panics as Tensor's At does: when len(coord) is not the rank or the
// coordinate lies outside the shape, and on an unvalidated tensor.
func (q *Quantized) At(coord ...uint64) float32 {
	q.mustValid()
	check.InShape("coo", q.x.shape, coord)
	var s float32
	q.x.matches(coord, q.sorted, func(k int) { s += q.v.At(k, q.channel(coord)) })
	return s
}

// FindBatch looks up n coordinates (row-major n x rank); out[k] receives the
// index of the first matching entry or -1.
func (q *Quantized) FindBatch(coords []uint64, out []int) {
	q.mustValid()
	q.x.findBatch(coords, out, q.sorted)
}

// All iterates over the entries in storage order, yielding each coordinate
// and the dequantized value. The yielded coordinate is a view of the stored
// tuple: do not modify it.
func (q *Quantized) All() iter.Seq2[[]uint64, float32] {
	q.mustValid()
	return func(yield func([]uint64, float32) bool) {
		r := len(q.x.shape)
		for i := range q.v.N {
			c := q.x.coords[i*r : i*r+r : i*r+r]
			if !yield(c, q.v.At(i, q.channel(c))) {
				return
			}
		}
	}
}

// String summarises the tensor, as in "coo int8:tensor [479 479] nnz 1910
// sorted".
func (q *Quantized) String() string {
	s := "unsorted"
	if q.sorted {
		s = "sorted"
	}
	if !q.valid {
		s = "unvalidated"
	}
	return fmt.Sprintf("coo %v %v nnz %d %s", q.v.Scheme, q.x.shape, q.v.N, s)
}

// Quantize quantizes the values of t with scheme s (per channel along any
// axis, per tensor or per block of t's storage order) and returns the
// quantized twin, with copies of t's shape and coordinates, and the error
// report. t must be valid; its values must be finite and within the
// float32 range (quant.Quantize).
func Quantize[T Float](t *Tensor[T], s quant.Scheme) (*Quantized, quant.Report, error) {
	t.mustValid()
	x := t.ix()
	v, rep, err := quant.Quantize(s, t.shape, t.values, x.channels(s))
	if err != nil {
		return nil, quant.Report{}, fmt.Errorf("coo: %w", err)
	}
	q := &Quantized{x: index{shape: slices.Clone(t.shape), coords: slices.Clone(t.coords)}, v: v, sorted: t.sorted, valid: true}
	check.Trusted("coo", q.validate)
	return q, rep, nil
}

// Dequantize returns the float twin of q: a Tensor with copies of q's shape
// and coordinates and each value dequantized (quant.Values.Dequantize, then
// converted to T, which float64 holds exactly). q must be valid.
func Dequantize[T Float](q *Quantized) *Tensor[T] {
	q.mustValid()
	f := make([]float32, q.v.N)
	q.v.Dequantize(f, q.Channels())
	vals := make([]T, len(f))
	for i, v := range f {
		vals[i] = T(v)
	}
	return &Tensor[T]{shape: slices.Clone(q.x.shape), coords: slices.Clone(q.x.coords), values: vals, sorted: q.sorted, valid: true}
}

// Trusted is for this module's builders (package convert): it gives access
// to q without validation, and its key cannot be made outside the module.
// Other code builds quantized tensors with NewQuantized,
// FromBuffersQuantized or Quantize.
func (q *Quantized) Trusted(check.Key) qbuilder { return qbuilder{q} }

// qbuilder is what Quantized's Trusted returns: its unvalidated
// construction.
type qbuilder struct{ q *Quantized }

// Adopt fills the tensor with coordinates and values that package convert
// built from a validated structure: the bounds are not scanned, and
// IsSorted is taken from sorted when true, else computed.
func (b qbuilder) Adopt(shape, coords []uint64, v quant.Values, sorted bool) {
	q := b.q
	*q = Quantized{x: index{shape: shape, coords: coords}, v: v, valid: true}
	q.sorted = sorted || q.x.checkSorted()
	check.Trusted("coo", func() error {
		u := &Quantized{x: q.x, v: v}
		if err := u.Validate(); err != nil {
			return err
		}
		if u.sorted != q.sorted {
			return layout.Errorf(layout.TagCOO, "coords", -1, -1, "claimed sorted = %v, computed %v", q.sorted, u.sorted)
		}
		return nil
	})
}
