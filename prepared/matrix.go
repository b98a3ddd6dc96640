package prepared

import (
	"fmt"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/kernels"
	"github.com/hurray-format/hurray-go/layout"
)

// Float is the element type constraint: float32 or float64.
type Float = kernels.Float

// Matrix is the prepared form of a float CSR or CSC matrix. It is
// read-only once built: any number of goroutines may run its products and
// methods at once, but not while PrepareInto rebuilds it. The zero Matrix
// is an empty 0x0 matrix; build one with Prepare or PrepareInto.
type Matrix[T Float] struct {
	f    form
	vals []T
}

// Prepare builds the prepared form of a with the index form o chooses (the
// cost model's when o.Index is Auto) and returns it.
//
// a must have been validated: an unvalidated matrix gives an error
// matching layout.ErrUnvalidated. A form that cannot hold a (Cols16 forced
// on an indexed dimension over 65536, an unknown Index, a dimension beyond
// int) gives an error matching ErrForm.
//
// The form copies what it needs and keeps no reference to a: it allocates
// its values, indices and uint32 pointers (about nnz·(value size + 2 or 4)
// bytes plus 4 bytes a compressed row for each panel holding entries), and the cost model scans
// a's indices once more for Auto on a wide matrix. a is only read, so
// other goroutines may read it meanwhile; it must not change during the
// call.
func Prepare[T Float](a *csr.Matrix[T], o Options) (*Matrix[T], error) {
	m := new(Matrix[T])
	if err := PrepareInto(m, a, o); err != nil {
		return nil, err
	}
	return m, nil
}

// PrepareInto is Prepare building into dst, whose memory it reuses where
// large enough: preparing matrices of one size again and again allocates
// little (the row blocks' bookkeeping, not the arrays). It returns the
// errors of Prepare, and on error dst holds an empty 0x0 matrix. dst must
// not be in use by a product or by another PrepareInto during the call.
func PrepareInto[T Float](dst *Matrix[T], a *csr.Matrix[T], o Options) error {
	return prepareInto(dst, a, o, maxBlockEntries)
}

// prepareInto is PrepareInto with at most maxEntries entries a block.
func prepareInto[T Float](dst *Matrix[T], a *csr.Matrix[T], o Options, maxEntries int) error {
	s, err := sourceOf(a.Tag(), a.Valid(), a.Rows(), a.Cols(), a.IsCSC(), a.Ptr(), a.Idx())
	if err == nil {
		err = dst.f.build(&s, o, mem.ElemSize[T](), maxEntries)
	}
	if err != nil {
		dst.f = form{}
		dst.vals = dst.vals[:0]
		return err
	}
	dst.vals = resize(dst.vals, len(s.idx))
	fill(&dst.f, &s, a.Values(), dst.vals)
	return nil
}

// sourceOf checks that a matrix may be prepared and returns its index.
func sourceOf(tag layout.Tag, valid bool, rows, cols uint64, csc bool, ptr, idx []uint64) (source, error) {
	if !valid {
		return source{}, fmt.Errorf("prepared: %v: %w", tag, layout.ErrUnvalidated)
	}
	s := source{rows: rows, cols: cols, csc: csc, ptr: ptr, idx: idx}
	if uint64(len(ptr)-1) > uint64(maxInt) || s.minor() > uint64(maxInt) {
		return source{}, fmt.Errorf("%w: %v %dx%d: a dimension does not fit an int", ErrForm, tag, rows, cols)
	}
	return s, nil
}

const maxInt = int(^uint(0) >> 1)

// build chooses the index form for values of vsize bytes and plans f for
// s with at most maxEntries entries a block.
func (f *form) build(s *source, o Options, vsize, maxEntries int) error {
	k, err := choose(s, o, vsize)
	if err != nil {
		return err
	}
	f.plan(s, k, maxEntries)
	return nil
}

// Rows returns the number of rows.
func (m *Matrix[T]) Rows() uint64 { return m.f.rows }

// Cols returns the number of columns.
func (m *Matrix[T]) Cols() uint64 { return m.f.cols }

// IsCSC reports whether the source was column-compressed (the form then
// runs over columns, and A x scatters).
func (m *Matrix[T]) IsCSC() bool { return m.f.csc }

// NNZ returns the number of stored entries.
func (m *Matrix[T]) NNZ() int { return len(m.vals) }

// Index returns the index form chosen.
func (m *Matrix[T]) Index() Index { return m.f.kind }

// Bytes returns the size in bytes of the form's arrays: values, indices
// and pointers (what a product streams).
func (m *Matrix[T]) Bytes() int { return m.f.indexBytes() + len(m.vals)*mem.ElemSize[T]() }

// BytesPerValue returns Bytes over the number of stored entries (0 for
// none).
func (m *Matrix[T]) BytesPerValue() float64 { return perValue(m.Bytes(), len(m.vals)) }

func perValue(bytes, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64(bytes) / float64(n)
}

// String summarises the form, as in "prepared csr float32 4096x11008 nnz
// 4509696 cols16 6.00 B/value"; it allocates the string.
func (m *Matrix[T]) String() string {
	var zero T
	return fmt.Sprintf("prepared %s %T %dx%d nnz %d %v %.2f B/value", tagName(m.f.csc), zero, m.f.rows, m.f.cols, len(m.vals), m.f.kind, m.BytesPerValue())
}

func tagName(csc bool) string {
	if csc {
		return "csc"
	}
	return "csr"
}
