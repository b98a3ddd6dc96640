package csr

import (
	"fmt"

	"github.com/hurray-format/hurray-go/internal/dense"
	"gonum.org/v1/gonum/mat"
)

// Mat adapts a float64 matrix to gonum: it is a mat.Matrix (Dims, At, T)
// and a mat.NonZeroDoer, so gonum's dense routines accept it. At costs a
// binary search per call; use the products below for arithmetic.
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
		xd = mat.DenseCopyOf(x)
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
