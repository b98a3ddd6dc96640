package csr

import (
	"fmt"
	"sync"

	"github.com/hurray-format/hurray-go/internal/dense"
	"gonum.org/v1/gonum/mat"
)

// Mat adapts a float64 matrix to gonum: it is a mat.Matrix (Dims, At, T)
// and a mat.NonZeroDoer, so gonum's dense routines accept it. At costs a
// binary search per call.
//
// gonum's own products do not know a sparse operand: (*mat.Dense).Mul and
// (*mat.VecDense).MulVec recognise only gonum's concrete types (and the
// raw-storage interfaces, which describe dense storage and so cannot be
// implemented by a sparse matrix), and read any other operand through At,
// one binary search per element of the dense product: hours for a matrix
// of a few hundred thousand rows. Use Mul and MulVec of this package in
// their place: they take the same arguments as gonum's methods, dispatch
// to MulDense and MulVecDense when an operand is a Mat (or its mat.T or
// mat.Transpose), and hand every other call to gonum.
type Mat struct{ A *Matrix[float64] }

var (
	_ mat.Matrix      = Mat{}
	_ mat.NonZeroDoer = Mat{}
)

// AsMat returns the gonum view of a.
func AsMat(a *Matrix[float64]) Mat { return Mat{a} }

// Dims returns the number of rows and columns.
func (m Mat) Dims() (r, c int) { return m.A.Dims() }

// At returns entry (i, j); it panics with mat.ErrRowAccess or
// mat.ErrColAccess outside the shape, as gonum does.
func (m Mat) At(i, j int) float64 {
	r, c := m.A.Dims()
	if uint(i) >= uint(r) {
		panic(mat.ErrRowAccess)
	}
	if uint(j) >= uint(c) {
		panic(mat.ErrColAccess)
	}
	return m.A.At(uint64(i), uint64(j))
}

// T returns the transpose, a view sharing the arrays (a CSR matrix becomes
// CSC and the reverse).
func (m Mat) T() mat.Matrix { return Mat{m.A.T()} }

// DoNonZero calls fn for every stored entry in storage order.
func (m Mat) DoNonZero(fn func(i, j int, v float64)) {
	for c, v := range m.A.All() {
		fn(int(c[0]), int(c[1]), v)
	}
}

// MulVecDense sets dst = op(a) x, where op(a) is a or, when trans is set,
// aᵀ. An empty dst (the zero VecDense, or after Reset) is resized; otherwise
// its length must match, or it panics with "csr: dimension mismatch". A
// *mat.VecDense x with unit stride (and dst with unit stride) is used in
// place; other vectors are copied first. dst must not share memory with x.
// When op(a) has no rows an empty dst stays empty (gonum has no zero-length
// vectors).
func MulVecDense(dst *mat.VecDense, a *Matrix[float64], trans bool, x mat.Vector) {
	r, c := a.opDims(trans)
	if uint64(x.Len()) != c {
		panic(fmt.Sprintf("csr: dimension mismatch: MulVecDense: x of length %d for op(A) %dx%d", x.Len(), r, c))
	}
	if r == 0 && dst.IsEmpty() {
		a.mustValid()
		return
	}
	if dst.IsEmpty() {
		dst.ReuseAsVec(int(r))
	} else if uint64(dst.Len()) != r {
		panic(fmt.Sprintf("csr: dimension mismatch: MulVecDense: dst of length %d for op(A) %dx%d", dst.Len(), r, c))
	}
	xs := unitVec(x)
	if d := dst.RawVector(); d.Inc == 1 {
		a.mulVec("MulVecDense", trans, d.Data[:r], 1, xs, 0)
		return
	}
	tmp := make([]float64, r)
	a.mulVec("MulVecDense", trans, tmp, 1, xs, 0)
	dst.CopyVec(mat.NewVecDense(int(r), tmp))
}

func unitVec(x mat.Vector) []float64 {
	if xv, ok := x.(*mat.VecDense); ok {
		if raw := xv.RawVector(); raw.Inc == 1 {
			return raw.Data[:raw.N]
		}
	}
	out := make([]float64, x.Len())
	for i := range out {
		out[i] = x.AtVec(i)
	}
	return out
}

// MulDense sets dst = op(a) x for a dense x with k columns. An empty dst is
// resized; otherwise its shape must match, or it panics with "csr: dimension
// mismatch". A *mat.Dense x and dst are used in place with their strides
// (no copy); other matrices are copied first. dst must not share memory
// with x. When op(a) has no rows an empty dst stays empty (gonum has no
// zero-size matrices).
func MulDense(dst *mat.Dense, a *Matrix[float64], trans bool, x mat.Matrix) {
	r, c := a.opDims(trans)
	xr, k := x.Dims()
	if uint64(xr) != c {
		panic(fmt.Sprintf("csr: dimension mismatch: MulDense: x is %dx%d for op(A) %dx%d", xr, k, r, c))
	}
	if r == 0 && dst.IsEmpty() {
		a.mustValid()
		return
	}
	if dst.IsEmpty() {
		dst.ReuseAs(int(r), k)
	} else if dr, dc := dst.Dims(); uint64(dr) != r || dc != k {
		panic(fmt.Sprintf("csr: dimension mismatch: MulDense: dst is %dx%d, want %dx%d", dr, dc, r, k))
	}
	a.mustValid()
	xd, ok := x.(*mat.Dense)
	if !ok {
		xd = denseOf(x)
	}
	xraw, draw := xd.RawMatrix(), dst.RawMatrix()
	if k == 0 || r == 0 {
		return
	}
	// Only the spans the strided rows cover.
	ys := draw.Data[:(int(r)-1)*draw.Stride+k]
	var xs []float64
	if c > 0 {
		xs = xraw.Data[:(int(c)-1)*xraw.Stride+k]
	}
	// Element by element: column blocks of one matrix interleave in memory
	// without sharing an element.
	if dense.OverlapStrided(ys, k, draw.Stride, xs, k, xraw.Stride) || a.overlaps(ys) {
		panic("csr: MulDense: dst overlaps x or the matrix's values or indices")
	}
	a.mulMat(trans, ys, draw.Stride, 1, xs, xraw.Stride, k, 0)
}

// ToDense returns the matrix as a new *mat.Dense, as Matrix.ToDense does.
// It panics with mat.ErrZeroLength when the matrix has no rows or no
// columns, since gonum has no zero-size matrices.
func (m Mat) ToDense() *mat.Dense {
	r, c := m.A.Dims()
	if r == 0 || c == 0 {
		panic(mat.ErrZeroLength)
	}
	return mat.NewDense(r, c, m.A.ToDense())
}

// denseOf copies x into a new *mat.Dense, through ToDense for a sparse
// operand and gonum's Copy otherwise.
func denseOf(x mat.Matrix) *mat.Dense {
	if s, trans, ok := sparseOperand(x); ok {
		if trans {
			s = s.T()
		}
		return Mat{s}.ToDense()
	}
	return mat.DenseCopyOf(x)
}

// sparseOperand reports whether x is a Mat, or the transpose of one as
// mat.Transpose, and returns the matrix and whether it is transposed.
func sparseOperand(x mat.Matrix) (a *Matrix[float64], trans, ok bool) {
	switch v := x.(type) {
	case Mat:
		return v.A, false, true
	case *Mat:
		return v.A, false, true
	case mat.Transpose:
		if s, _, ok := sparseOperand(v.Matrix); ok {
			return s, true, true
		}
	}
	return nil, false, false
}

// Mul sets dst = a b, as dst.Mul(a, b) does, with a fast path when an
// operand is sparse: when a is a Mat (or the transpose of one) the product
// is MulDense's; when b is, it is computed as (bᵀ aᵀ)ᵀ by MulDense into a
// temporary that is then transposed into dst (aᵀ is copied first unless it
// is a *mat.Dense, as it is for a = x.T()).
// Any other pair of operands goes to dst.Mul. An empty dst is resized;
// otherwise its shape must match, or it panics with mat.ErrShape, as gonum
// does. dst may be b or a (the sparse path copies the dense operand that
// dst shares first); it must not otherwise share memory with them.
func Mul(dst *mat.Dense, a, b mat.Matrix) {
	ar, ac := a.Dims()
	br, bc := b.Dims()
	if ac != br {
		panic(mat.ErrShape)
	}
	if !dst.IsEmpty() {
		if r, c := dst.Dims(); r != ar || c != bc {
			panic(mat.ErrShape)
		}
	}
	if s, trans, ok := sparseOperand(a); ok {
		if d, ok := b.(*mat.Dense); ok && d == dst {
			b = mat.DenseCopyOf(d)
		}
		MulDense(dst, s, trans, b)
		return
	}
	s, trans, ok := sparseOperand(b)
	if !ok {
		dst.Mul(a, b)
		return
	}
	if ar == 0 || bc == 0 {
		return
	}
	// aᵀ is read whole before dst is written, so it may share dst's memory.
	at, ok := a.T().(*mat.Dense)
	if !ok {
		at = mat.DenseCopyOf(a.T())
	}
	buf := mulScratch.Get().(*[]float64)
	if cap(*buf) < ar*bc {
		*buf = make([]float64, ar*bc)
	}
	t := mat.NewDense(bc, ar, (*buf)[:ar*bc])
	MulDense(t, s, !trans, at)
	if dst.IsEmpty() {
		dst.ReuseAs(ar, bc)
	}
	dst.Copy(t.T())
	mulScratch.Put(buf)
}

// mulScratch holds the temporaries of Mul's dense-times-sparse path.
var mulScratch = sync.Pool{New: func() any { return new([]float64) }}

// MulVec sets dst = a x, as dst.MulVec(a, x) does, through MulVecDense when
// a is a Mat (or the transpose of one) and through dst.MulVec otherwise. An
// empty dst is resized; otherwise its length must match, or it panics with
// mat.ErrShape. dst must not share memory with x.
func MulVec(dst *mat.VecDense, a mat.Matrix, x mat.Vector) {
	s, trans, ok := sparseOperand(a)
	if !ok {
		dst.MulVec(a, x)
		return
	}
	r, c := a.Dims()
	if x.Len() != c || !dst.IsEmpty() && dst.Len() != r {
		panic(mat.ErrShape)
	}
	MulVecDense(dst, s, trans, x)
}
