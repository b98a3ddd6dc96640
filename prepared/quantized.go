package prepared

import (
	"fmt"
	"unsafe"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/dense"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/quant"
)

// Quantized is the prepared form of an int8 quantized CSR matrix: int8
// codes with one float32 scale per row (the per-tensor scale repeated, or
// the row's own for a scheme per channel along the rows), computing
// y = A x in float32. It is read-only once built: any number of goroutines
// may run its products and methods at once, but not while
// PrepareQuantizedInto rebuilds it. The zero Quantized is an empty 0x0
// matrix; build one with PrepareQuantized or PrepareQuantizedInto.
type Quantized struct {
	f     form
	codes []int8
	scale []float32 // one per row
}

// PrepareQuantized builds the prepared form of q with the index form o
// chooses and returns it.
//
// q must have been validated (else an error matching
// layout.ErrUnvalidated), be CSR and be quantized int8 per tensor or per
// channel along the rows ("int8:tensor", "int8:channel:axis=0"); a CSC
// matrix, another scheme or a form that cannot hold q gives an error
// matching ErrForm.
//
// The form copies the codes, the indices and one scale a row, and keeps no
// reference to q. q is only read; it must not change during the call.
func PrepareQuantized(q *csr.Quantized, o Options) (*Quantized, error) {
	m := new(Quantized)
	if err := PrepareQuantizedInto(m, q, o); err != nil {
		return nil, err
	}
	return m, nil
}

// PrepareQuantizedInto is PrepareQuantized building into dst, whose memory
// it reuses where large enough. It returns the errors of PrepareQuantized,
// and on error dst holds an empty 0x0 matrix. dst must not be in use by a
// product or by another PrepareQuantizedInto during the call.
func PrepareQuantizedInto(dst *Quantized, q *csr.Quantized, o Options) error {
	s, err := sourceOf(q.Tag(), q.Valid(), q.Rows(), q.Cols(), q.IsCSC(), q.Ptr(), q.Idx())
	v := q.Values()
	sc := v.Scheme
	if err == nil {
		perRow := sc.Granularity() == quant.PerChannel && sc.Axis() == 0
		switch {
		case q.IsCSC():
			err = fmt.Errorf("%w: a quantized CSC matrix (prepare its CSR form)", ErrForm)
		case sc.Kind() != quant.Int8 || !perRow && sc.Granularity() != quant.PerTensor:
			err = fmt.Errorf("%w: scheme %v (int8 per tensor or per row only)", ErrForm, sc)
		}
	}
	if err == nil {
		err = dst.f.build(&s, o, 1, maxBlockEntries)
	}
	if err != nil {
		*dst = Quantized{codes: dst.codes[:0], scale: dst.scale[:0]}
		return err
	}
	dst.codes = resize(dst.codes, len(s.idx))
	fill(&dst.f, &s, unsafe.Slice((*int8)(unsafe.Pointer(unsafe.SliceData(v.Codes))), len(s.idx)), dst.codes)
	dst.scale = resize(dst.scale, dst.f.nr)
	for i := range dst.scale {
		if sc.Granularity() == quant.PerTensor {
			dst.scale[i] = v.Scale[0]
		} else {
			dst.scale[i] = v.Scale[i]
		}
	}
	return nil
}

// Rows returns the number of rows.
func (m *Quantized) Rows() uint64 { return m.f.rows }

// Cols returns the number of columns.
func (m *Quantized) Cols() uint64 { return m.f.cols }

// NNZ returns the number of stored entries.
func (m *Quantized) NNZ() int { return len(m.codes) }

// Index returns the index form chosen.
func (m *Quantized) Index() Index { return m.f.kind }

// Bytes returns the size in bytes of the form's arrays: codes, scales,
// indices and pointers (what a product streams).
func (m *Quantized) Bytes() int { return m.f.indexBytes() + len(m.codes) + 4*len(m.scale) }

// BytesPerValue returns Bytes over the number of stored entries (0 for
// none).
func (m *Quantized) BytesPerValue() float64 { return perValue(m.Bytes(), len(m.codes)) }

// String summarises the form, as in "prepared csr int8 4096x11008 nnz
// 4509696 cols16 3.00 B/value"; it allocates the string.
func (m *Quantized) String() string {
	return fmt.Sprintf("prepared csr int8 %dx%d nnz %d %v %.2f B/value", m.f.rows, m.f.cols, len(m.codes), m.f.kind, m.BytesPerValue())
}

// MulVec computes y = A x; len(x) == Cols and len(y) == Rows. It panics
// on other lengths and when y shares memory with x. It allocates nothing
// per call, may split the work over goroutines (the package doc's
// "Products" says how) and may run concurrently with other products on m.
func (m *Quantized) MulVec(y, x []float32) { m.MulVecTo(y, 1, x, 0) }

// MulVecTo computes y = alpha A x + beta y, with the shapes, panics,
// allocation and concurrency of MulVec. With alpha = 0 it reads no x and
// only scales y by beta (beta = 0 zeroes y, NaNs included).
func (m *Quantized) MulVecTo(y []float32, alpha float32, x []float32, beta float32) {
	if uint64(len(y)) != m.f.rows || uint64(len(x)) != m.f.cols {
		panic(fmt.Sprintf("prepared: dimension mismatch: MulVecTo: len(y)=%d, len(x)=%d for op(A) %dx%d", len(y), len(x), m.f.rows, m.f.cols))
	}
	if dense.Overlap(y, x) {
		panic("prepared: MulVecTo: y overlaps x")
	}
	if alpha == 0 {
		dense.Scale(y, beta)
		return
	}
	run(&m.f, m, nil, gatherVec, y, x, 1, alpha, beta)
}

func (m *Quantized) gather(f *form, b *block, lo, hi int, y, x []float32, alpha, beta float32) {
	p, c, xs, sc := f.rowPtr(b, lo, hi), m.codes[b.e0:b.e1], x[b.c0:b.c0+b.cw], m.scale[lo:hi]
	if f.kind == Cols32 {
		engine.QSpMVNarrowInt8(y, xs, p, f.c32[b.e0:b.e1], c, sc, alpha, beta)
	} else {
		engine.QSpMVNarrowInt8(y, xs, p, f.c16[b.e0:b.e1], c, sc, alpha, beta)
	}
}
