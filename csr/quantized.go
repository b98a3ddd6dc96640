package csr

import (
	"fmt"
	"iter"
	"slices"

	"github.com/hurray-format/hurray-go/internal/check"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// Quantized is a CSR or CSC matrix whose values are quantized: the index
// structure of Matrix, validated by the same rules, with the codes and
// parameters of a quant.Scheme in place of the values. It computes in
// float32: At and All give each stored value dequantized exactly as
// quant.Values.At computes it. Its methods are safe for concurrent use once
// it is validated, as long as nobody modifies the slices it holds.
type Quantized struct {
	x index
	v quant.Values
	// valid is shared with the views T returns, as Matrix's is.
	valid *bool
}

// loc is where the values sit in the buffer table: parameters from buffer 3.
func (q *Quantized) loc() quant.Loc { return quant.Loc{Layout: q.x.tag(), First: 3} }

// NewQuantized builds a quantized CSR matrix from row_ptr (rows+1 entries),
// col_idx (nnz entries) and v, whose N must be nnz. It adopts the slices
// (v's too) and validates the index as New does and v as quant.Values
// Validate does, its parameter buffers numbered from 3.
func NewQuantized(rows, cols uint64, rowPtr, colIdx []uint64, v quant.Values) (*Quantized, error) {
	return buildQuantized(rows, cols, false, rowPtr, colIdx, v)
}

// NewQuantizedCSC builds a quantized CSC matrix from col_ptr (cols+1
// entries), row_idx and v. It adopts the slices and validates.
func NewQuantizedCSC(rows, cols uint64, colPtr, rowIdx []uint64, v quant.Values) (*Quantized, error) {
	return buildQuantized(rows, cols, true, colPtr, rowIdx, v)
}

func buildQuantized(rows, cols uint64, csc bool, ptr, idx []uint64, v quant.Values) (*Quantized, error) {
	q := &Quantized{x: index{rows: rows, cols: cols, csc: csc, ptr: ptr, idx: idx}, v: v, valid: new(bool)}
	if err := q.Validate(); err != nil {
		return nil, err
	}
	return q, nil
}

// FromBuffersQuantized builds a quantized CSR matrix from the buffer table
// (codes, row_ptr, col_idx, then the parameter buffers of s in their order),
// little-endian. The index buffers are aliased when aligned (else copied),
// as FromBuffers does; the codes and the one-byte parameter buffers are
// aliased, a float32 parameter buffer when 4-byte aligned (see
// quant.FromBuffers). Buffers that share memory are refused. Both modes
// check the buffer count (3 plus s.ParamCount()) and that each buffer holds
// a whole number of elements; Strict mode validates the rest, Permissive
// holds the matrix unchecked until Validate passes. The number of values is
// the length of col_idx.
func FromBuffersQuantized(rows, cols uint64, s quant.Scheme, buffers [][]byte, mode layout.Mode) (*Quantized, error) {
	return quantizedFromBuffers(rows, cols, false, s, buffers, mode)
}

// FromBuffersQuantizedCSC is FromBuffersQuantized for CSC (codes, col_ptr,
// row_idx, parameters).
func FromBuffersQuantizedCSC(rows, cols uint64, s quant.Scheme, buffers [][]byte, mode layout.Mode) (*Quantized, error) {
	return quantizedFromBuffers(rows, cols, true, s, buffers, mode)
}

func quantizedFromBuffers(rows, cols uint64, csc bool, s quant.Scheme, raw [][]byte, mode layout.Mode) (*Quantized, error) {
	q := &Quantized{x: index{rows: rows, cols: cols, csc: csc}, valid: new(bool)}
	tag := q.x.tag()
	v, err := check.QuantValues(tag, raw, 3, s, q.loc(), func() (int, error) {
		err := q.x.viewBuffers(raw)
		return len(q.x.idx), err
	})
	if err != nil {
		return nil, err
	}
	q.v = v
	return check.Built(q, mode, q.Validate)
}

// Validate checks every invariant of the index, as Matrix's Validate does,
// then the values: N equal to nnz and every rule of quant.Values.Validate
// (the parameter count and lengths, finite positive scales, no NaN codes,
// a zero padding nibble, a channel axis below 2). Errors name the buffer by
// its index in the table (the codes are buffer 0, the parameters 3 and up).
// Like Matrix's, it checks everything every time, and while it fails the
// matrix and its T views refuse to compute.
func (q *Quantized) Validate() error {
	if q.valid == nil {
		q.valid = new(bool) // a zero Quantized
	}
	return check.Outcome(q.valid, q.validate())
}

func (q *Quantized) validate() error {
	if err := q.x.validate(); err != nil {
		return err
	}
	if q.v.N != len(q.x.idx) {
		return layout.Errorf(q.x.tag(), "buffer 0 (codes)", -1, -1, "%d values, want %d (nnz)", q.v.N, len(q.x.idx))
	}
	if err := q.v.Validate(q.Shape(), q.loc()); err != nil {
		return err
	}
	if !*q.valid {
		*q.valid = true
	}
	return nil
}

func (q *Quantized) mustValid() { check.MustValid(q.Tag(), q.Valid()) }

// The accessors below are deliberate twins of those of the other formats'
// types (coo, csr and csf, float and quantized): one-line methods that
// each type's public API names.

// Valid reports whether the matrix has passed validation.
func (q *Quantized) Valid() bool { return q.valid != nil && *q.valid }

// Tag returns layout.TagCSR or layout.TagCSC.
func (q *Quantized) Tag() layout.Tag { return q.x.tag() }

// IsCSC reports whether the matrix is column-compressed.
func (q *Quantized) IsCSC() bool { return q.x.csc }

// Rows returns the number of rows.
func (q *Quantized) Rows() uint64 { return q.x.rows }

// Cols returns the number of columns.
func (q *Quantized) Cols() uint64 { return q.x.cols }

// Shape returns [rows, cols].
func (q *Quantized) Shape() []uint64 { return []uint64{q.x.rows, q.x.cols} }

// Dims returns the shape as ints. It panics when a dimension does not fit an
// int.
func (q *Quantized) Dims() (r, c int) {
	if q.x.rows > uint64(maxInt) || q.x.cols > uint64(maxInt) {
		panic("csr: dimension does not fit int")
	}
	return int(q.x.rows), int(q.x.cols)
}

// NNZ returns the number of stored entries, zeros included.
func (q *Quantized) NNZ() int { return q.v.N }

// Ptr returns row_ptr (CSR) or col_ptr (CSC) without copying.
func (q *Quantized) Ptr() []uint64 { return q.x.ptr }

// Idx returns col_idx (CSR) or row_idx (CSC) without copying.
func (q *Quantized) Idx() []uint64 { return q.x.idx }

// Values returns the quantized values: the scheme, the codes and the
// parameters, whose slices are the matrix's own (no copy).
func (q *Quantized) Values() quant.Values { return q.v }

// Scheme returns the quantization scheme.
func (q *Quantized) Scheme() quant.Scheme { return q.v.Scheme }

// Channels returns the channel of every stored value, for quant's
// Dequantize and the products: a channel scheme along the compressed
// dimension (axis 0 of CSR, axis 1 of CSC) runs over the pointer array, one
// along the other over the indices; tensor and block schemes get the zero
// Channels. It allocates nothing.
func (q *Quantized) Channels() quant.Channels { return q.x.channels(q.v.Scheme) }

// channels returns the channels of the values of a matrix with this index
// under scheme s.
func (x *index) channels(s quant.Scheme) quant.Channels {
	if s.Granularity() != quant.PerChannel {
		return quant.Channels{}
	}
	if (s.Axis() == 1) == x.csc {
		return quant.PerRun(x.ptr, nil)
	}
	return quant.PerValue(x.idx, 1)
}

// Descriptor returns the layout descriptor (layout.CSR or layout.CSC).
func (q *Quantized) Descriptor() layout.Descriptor {
	if q.x.csc {
		return layout.CSC{NNZ: uint64(q.v.N)}
	}
	return layout.CSR{NNZ: uint64(q.v.N)}
}

// Buffers returns the buffer table in spec order without copying: the
// codes, the pointer array, the indices, then the parameter buffers
// (quant.Values.ParamBuffers). They are the buffers given to
// FromBuffersQuantized byte for byte, or the copies it made of unaligned
// ones.
func (q *Quantized) Buffers() [][]byte {
	b := [][]byte{q.v.Codes, mem.Uint64Bytes(q.x.ptr), mem.Uint64Bytes(q.x.idx)}
	return append(b, q.v.ParamBuffers()...)
}

// T returns the transpose as a view sharing the same slices, as Matrix's T
// does: a CSR matrix becomes CSC and the reverse. A channel scheme's axis
// swaps with the dimensions (a scale per row of the matrix is one per column
// of its transpose); the codes and parameters are the same slices. The view
// shares the validation state.
func (q *Quantized) T() *Quantized {
	b := *q
	b.x.rows, b.x.cols, b.x.csc = q.x.cols, q.x.rows, !q.x.csc
	if s := q.v.Scheme; s.Granularity() == quant.PerChannel && s.Axis() < 2 {
		b.v.Scheme = quant.MustParse(fmt.Sprintf("%v:channel:axis=%d", s.Kind(), 1-s.Axis()))
	}
	return &b
}

// Find returns the position in storage order (the index of its code) of
// entry (i, j), or ok = false when it is not stored or lies outside the
// shape.
func (q *Quantized) Find(i, j uint64) (k int, ok bool) {
	q.mustValid()
	return q.x.find(i, j)
}

// channel returns the channel of entry (i, j): its coordinate on the
// scheme's axis (0 for schemes without channels).
func (q *Quantized) channel(i, j uint64) uint64 {
	switch q.v.Scheme.Axis() {
	case 0:
		return i
	case 1:
		return j
	}
	return 0
}

// At returns entry (i, j) dequantized (quant.Values.At), or 0 when it is
// not stored. It panics when (i, j) lies outside the shape, with the
// message of Matrix's At, and on an unvalidated matrix.
func (q *Quantized) At(i, j uint64) float32 {
	q.mustValid()
	inShape(i, j, q.x.rows, q.x.cols)
	if k, ok := q.Find(i, j); ok {
		return q.v.At(k, q.channel(i, j))
	}
	return 0
}

// FindBatch looks up n (row, col) pairs, coords row-major n x 2; out[k]
// receives the position in storage order or -1. It panics when len(coords)
// != 2*len(out).
func (q *Quantized) FindBatch(coords []uint64, out []int) {
	q.mustValid()
	q.x.findBatch(coords, out)
}

// All iterates over the stored entries in storage order, yielding the
// logical (row, col) and the dequantized value. The coordinate slice is
// reused between iterations.
func (q *Quantized) All() iter.Seq2[[]uint64, float32] {
	q.mustValid()
	return func(yield func([]uint64, float32) bool) {
		q.x.all(func(c []uint64, k int) bool { return yield(c, q.v.At(k, q.channel(c[0], c[1]))) })
	}
}

// String summarises the matrix, as in "csr int8:channel:axis=0 479x479 nnz
// 1910".
func (q *Quantized) String() string {
	state := ""
	if !q.Valid() {
		state = " (unvalidated)"
	}
	return fmt.Sprintf("%v %v %dx%d nnz %d%s", q.Tag(), q.v.Scheme, q.x.rows, q.x.cols, q.v.N, state)
}

// Quantize quantizes the values of a with scheme s (per channel along
// either axis, per tensor or per block, in a's storage order) and returns
// the quantized twin, with the same layout (CSR or CSC) and copies of a's
// pointer array and indices, and the error report. a must be valid; its
// values must be finite and within the float32 range (quant.Quantize).
func Quantize[T Float](a *Matrix[T], s quant.Scheme) (*Quantized, quant.Report, error) {
	a.mustValid()
	x := a.ix()
	v, rep, err := quant.Quantize(s, a.Shape(), a.values, x.channels(s))
	if err != nil {
		return nil, quant.Report{}, fmt.Errorf("%v: %w", a.Tag(), err)
	}
	x.ptr, x.idx = slices.Clone(x.ptr), slices.Clone(x.idx)
	valid := true
	q := &Quantized{x: x, v: v, valid: &valid}
	check.Trusted("csr", q.validate)
	return q, rep, nil
}

// Dequantize returns the float twin of q: a Matrix with the same layout,
// copies of q's pointer array and indices, and each value dequantized
// (quant.Values.Dequantize, then converted to T, which float64 holds
// exactly). q must be valid.
func Dequantize[T Float](q *Quantized) *Matrix[T] {
	q.mustValid()
	f := make([]float32, q.v.N)
	q.v.Dequantize(f, q.Channels())
	vals := make([]T, len(f))
	for i, v := range f {
		vals[i] = T(v)
	}
	valid := true
	return &Matrix[T]{rows: q.x.rows, cols: q.x.cols, csc: q.x.csc, ptr: slices.Clone(q.x.ptr), idx: slices.Clone(q.x.idx), values: vals, valid: &valid}
}

// Trusted is for this module's builders (package convert): it gives access
// to q without validation, and its key cannot be made outside the module.
// Other code builds quantized matrices with NewQuantized, NewQuantizedCSC,
// FromBuffersQuantized or Quantize.
func (q *Quantized) Trusted(check.Key) qbuilder { return qbuilder{q} }

// qbuilder is what Quantized's Trusted returns: its unvalidated
// construction.
type qbuilder struct{ q *Quantized }

// Adopt fills the matrix with arrays and values built valid by
// construction, CSC when csc is set.
func (b qbuilder) Adopt(rows, cols uint64, csc bool, ptr, idx []uint64, v quant.Values) {
	valid := true
	*b.q = Quantized{x: index{rows: rows, cols: cols, csc: csc, ptr: ptr, idx: idx}, v: v, valid: &valid}
	check.Trusted("csr", b.q.validate)
}
