package csr

import (
	"fmt"
	"iter"

	"github.com/hurray-format/hurray-go/internal/check"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/kernels"
	"github.com/hurray-format/hurray-go/layout"
)

// Float is the element type constraint: float32 or float64.
type Float = kernels.Float

// Matrix is a CSR or CSC matrix. Its methods are safe for concurrent use once
// it is validated, as long as nobody modifies the slices it holds.
type Matrix[T Float] struct {
	rows, cols uint64
	csc        bool     // column-compressed: ptr runs over columns
	ptr, idx   []uint64 // row_ptr/col_idx (CSR) or col_ptr/row_idx (CSC)
	values     []T
	// valid is shared with the views T returns, so that a Validate of
	// either (passing or failing) governs both: they compute on the same
	// arrays.
	valid *bool
	// shared: the arrays are another structure's (a leaf-mode csf
	// TTVMatrix result's index is the tensor's crd), so no product that
	// reuses an earlier result's buffers writes into them.
	shared bool
}

// New builds a CSR matrix from row_ptr (rows+1 entries), col_idx and values
// (nnz entries each). It adopts the slices and validates.
func New[T Float](rows, cols uint64, rowPtr, colIdx []uint64, values []T) (*Matrix[T], error) {
	return build(rows, cols, false, rowPtr, colIdx, values)
}

// NewCSC builds a CSC matrix from col_ptr (cols+1 entries), row_idx and
// values. It adopts the slices and validates.
func NewCSC[T Float](rows, cols uint64, colPtr, rowIdx []uint64, values []T) (*Matrix[T], error) {
	return build(rows, cols, true, colPtr, rowIdx, values)
}

func build[T Float](rows, cols uint64, csc bool, ptr, idx []uint64, values []T) (*Matrix[T], error) {
	a := &Matrix[T]{rows: rows, cols: cols, csc: csc, ptr: ptr, idx: idx, values: values, valid: new(bool)}
	if err := a.Validate(); err != nil {
		return nil, err
	}
	return a, nil
}

// FromBuffers builds a CSR matrix from the buffer table (values, row_ptr,
// col_idx), little-endian, aliasing aligned buffers (others are copied);
// buffers that share memory are refused. Both modes check the buffer count
// and that each buffer holds a whole number of elements; Strict mode
// validates the rest, Permissive holds the matrix unchecked until Validate
// passes. Overlap is refused within one call only: two matrices built from
// the same bytes, or a matrix whose bytes are also another's output, see
// each other's writes. Validation covers the bytes as they were then (see
// Valid): a later change to the aliased indices reaches the products as it
// is, and they skip an index out of range or panic naming their kernel
// family, never reading or writing outside their slices.
func FromBuffers[T Float](rows, cols uint64, buffers [][]byte, mode layout.Mode) (*Matrix[T], error) {
	return fromBuffers[T](rows, cols, false, buffers, mode)
}

// FromBuffersCSC is FromBuffers for CSC (values, col_ptr, row_idx).
func FromBuffersCSC[T Float](rows, cols uint64, buffers [][]byte, mode layout.Mode) (*Matrix[T], error) {
	return fromBuffers[T](rows, cols, true, buffers, mode)
}

func fromBuffers[T Float](rows, cols uint64, csc bool, buffers [][]byte, mode layout.Mode) (*Matrix[T], error) {
	a := &Matrix[T]{rows: rows, cols: cols, csc: csc, valid: new(bool)}
	if err := a.viewBuffers(buffers); err != nil {
		return nil, err
	}
	return check.Built(a, mode, a.Validate)
}

// ix returns the matrix's index structure.
func (a *Matrix[T]) ix() index {
	return index{rows: a.rows, cols: a.cols, csc: a.csc, ptr: a.ptr, idx: a.idx}
}

// viewBuffers sets the typed slices from raw, checking count and byte
// lengths.
func (a *Matrix[T]) viewBuffers(raw [][]byte) error {
	tag := a.Tag()
	if err := check.BufferCount(tag, raw, 3); err != nil {
		return err
	}
	if err := check.Disjoint(tag, raw); err != nil {
		return err
	}
	if err := check.BufferLen(tag, "values", raw[0], mem.ElemSize[T]()); err != nil {
		return err
	}
	x := a.ix()
	if err := x.viewBuffers(raw); err != nil {
		return err
	}
	a.values, _ = mem.Floats[T](raw[0])
	a.ptr, a.idx = x.ptr, x.idx
	return nil
}

// MaxCompressed is the most rows (CSR) or columns (CSC) a matrix may
// compress, one pointer entry each: Validate refuses more, and so do the
// operations that build a pointer array (convert's conversions to CSR and
// CSC and its transpose, csf's TTVMatrix). The other dimension may be any
// uint64.
const MaxCompressed = 1<<62 - 1

// minor is the indexed dimension: columns for CSR, rows for CSC.
func (a *Matrix[T]) minor() uint64 {
	if a.csc {
		return a.rows
	}
	return a.cols
}

// Validate checks every invariant (and, for a matrix held in permissive mode,
// the buffer table first). On success the matrix may compute. It checks
// everything every time: after indices were changed through Ptr or Idx it
// finds what changed, and when it fails the matrix refuses to compute (as
// an unvalidated one) until Validate passes again. Validate of a valid,
// unchanged matrix only reads it, so it may run while other goroutines use
// the matrix.
func (a *Matrix[T]) Validate() error {
	if a.valid == nil {
		a.valid = new(bool) // a zero Matrix
	}
	return check.Outcome(a.valid, a.validate())
}

func (a *Matrix[T]) validate() error {
	x := a.ix()
	if err := x.validate(); err != nil {
		return err
	}
	if len(a.values) != len(a.idx) {
		return layout.Errorf(a.Tag(), "values", -1, -1, "length %d, want %d (nnz)", len(a.values), len(a.idx))
	}
	if !*a.valid {
		*a.valid = true
	}
	return nil
}

func (a *Matrix[T]) mustValid() { check.MustValid(a.Tag(), a.Valid()) }

// The accessors below are deliberate twins of those of the other formats'
// types (coo, csr and csf, float and quantized): one-line methods that
// each type's public API names.

// Valid reports whether the matrix has passed validation, and has not
// failed a Validate since. It records the outcome of the last validation,
// not that the indices are still what was validated: Ptr, Idx, the bytes
// given to FromBuffers, or another structure's product whose output views
// those bytes may have changed them without a call here. A product on such
// indices gives undefined results but stays inside its slices: the kernels
// skip an index out of range (MulVec, MulVecTrans) or panic naming their
// family ("kernels: SpMM: index out of range ..."). Validate finds such a
// change.
func (a *Matrix[T]) Valid() bool { return a.valid != nil && *a.valid }

// Tag returns layout.TagCSR or layout.TagCSC.
func (a *Matrix[T]) Tag() layout.Tag {
	x := a.ix()
	return x.tag()
}

// IsCSC reports whether the matrix is column-compressed.
func (a *Matrix[T]) IsCSC() bool { return a.csc }

// Rows returns the number of rows.
func (a *Matrix[T]) Rows() uint64 { return a.rows }

// Cols returns the number of columns.
func (a *Matrix[T]) Cols() uint64 { return a.cols }

// Shape returns [rows, cols].
func (a *Matrix[T]) Shape() []uint64 { return []uint64{a.rows, a.cols} }

// Dims returns the shape as ints, as gonum's mat.Matrix does. It panics when
// a dimension does not fit an int.
func (a *Matrix[T]) Dims() (r, c int) {
	if a.rows > uint64(maxInt) || a.cols > uint64(maxInt) {
		panic("csr: dimension does not fit int")
	}
	return int(a.rows), int(a.cols)
}

const maxInt = int(^uint(0) >> 1)

// NNZ returns the number of stored entries, zeros included.
func (a *Matrix[T]) NNZ() int { return len(a.values) }

// Ptr returns row_ptr (CSR) or col_ptr (CSC) without copying.
func (a *Matrix[T]) Ptr() []uint64 { return a.ptr }

// Idx returns col_idx (CSR) or row_idx (CSC) without copying.
func (a *Matrix[T]) Idx() []uint64 { return a.idx }

// Values returns the stored values without copying.
func (a *Matrix[T]) Values() []T { return a.values }

// Descriptor returns the layout descriptor (layout.CSR or layout.CSC).
func (a *Matrix[T]) Descriptor() layout.Descriptor {
	if a.csc {
		return layout.CSC{NNZ: uint64(len(a.values))}
	}
	return layout.CSR{NNZ: uint64(len(a.values))}
}

// Buffers returns the buffer table (values, ptr, idx) without copying:
// little-endian views of the slices the matrix computes on (the buffers
// given to FromBuffers, byte for byte, or the copies it made of unaligned
// ones), so they show every change made through Values, Ptr or Idx.
func (a *Matrix[T]) Buffers() [][]byte {
	return [][]byte{mem.FloatBytes(a.values), mem.Uint64Bytes(a.ptr), mem.Uint64Bytes(a.idx)}
}

// T returns the transpose as a view sharing the same slices: the transpose of
// a CSR matrix is a CSC matrix with the same arrays, and the reverse. The
// view also shares the validation state: after a Validate of either, both
// compute or both refuse.
func (a *Matrix[T]) T() *Matrix[T] {
	b := *a
	b.rows, b.cols, b.csc = a.cols, a.rows, !a.csc
	return &b
}

// Find returns the index into Values of entry (i, j), or ok = false when it
// is not stored or lies outside the shape.
func (a *Matrix[T]) Find(i, j uint64) (k int, ok bool) {
	a.mustValid()
	x := a.ix()
	return x.find(i, j)
}

// At returns entry (i, j), or 0 when it is not stored. It panics when (i, j)
// lies outside the shape, as gonum's At does, and on an unvalidated matrix.
func (a *Matrix[T]) At(i, j uint64) T {
	inShape(i, j, a.rows, a.cols)
	if k, ok := a.Find(i, j); ok {
		return a.values[k]
	}
	return 0
}

// inShape panics with the message of every matrix's At when (i, j) lies
// outside rows x cols.
func inShape(i, j, rows, cols uint64) {
	if i >= rows || j >= cols {
		panic(fmt.Sprintf("csr: At(%d, %d) outside the %dx%d matrix", i, j, rows, cols))
	}
}

// FindBatch looks up n (row, col) pairs, coords row-major n x 2; out[k]
// receives the index into Values or -1. It panics when len(coords) !=
// 2*len(out).
func (a *Matrix[T]) FindBatch(coords []uint64, out []int) {
	a.mustValid()
	x := a.ix()
	x.findBatch(coords, out)
}

// All iterates over the stored entries in storage order (row by row for CSR,
// column by column for CSC), yielding the logical (row, col) and the value.
// The coordinate slice is reused between iterations: copy it to keep it. It
// panics on an unvalidated matrix.
func (a *Matrix[T]) All() iter.Seq2[[]uint64, T] {
	a.mustValid()
	return func(yield func([]uint64, T) bool) {
		x := a.ix()
		x.all(func(c []uint64, k int) bool { return yield(c, a.values[k]) })
	}
}

// String summarises the matrix, as in "csr float32 479x479 nnz 1910".
func (a *Matrix[T]) String() string {
	var zero T
	state := ""
	if !a.Valid() {
		state = " (unvalidated)"
	}
	return fmt.Sprintf("%v %T %dx%d nnz %d%s", a.Tag(), zero, a.rows, a.cols, len(a.values), state)
}
