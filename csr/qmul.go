package csr

import (
	"fmt"

	"github.com/hurray-format/hurray-go/internal/dense"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/quant"
)

// Products of a quantized matrix
//
// Quantized has Matrix's eight products (see Matrix's Products), in
// float32: MulVec, MulVecTrans, MulVecTo, MulVecTransTo, MulMat,
// MulMatTrans, MulMatTo and MulMatTransTo, with the same shapes, the same
// split over SetWorkers goroutines and the same panics ("csr: dimension
// mismatch", an output that overlaps x or the matrix's codes, parameters or
// indices, an unvalidated matrix). The values are dequantized inside the
// products, a tile of them at a time into a small pooled buffer (the
// engine's Q kernels): no dequantized copy of the values is made, and the
// products allocate nothing per call.
//
// The result is that of Dequantize followed by the float32 product, within
// the float32 products' own bound for a sum of n terms: the values are
// decoded bit for bit as quant.Values.At gives them, but a row longer than
// a tile is summed tile by tile, an order of additions the float32 product
// does not use. A scatter (A x of CSC, Aᵀ x of CSR) adds the same terms in
// the same order as the float32 scatter.

// The product methods below are deliberate twins of the other formats'
// (coo and csr, float and quantized): one-line entry points that each
// type's public API names.

// MulVec computes y = A x; len(x) == Cols and len(y) == Rows.
func (q *Quantized) MulVec(y, x []float32) { q.MulVecTo(y, 1, x, 0) }

// MulVecTrans computes y = Aᵀ x; len(x) == Rows and len(y) == Cols.
func (q *Quantized) MulVecTrans(y, x []float32) { q.MulVecTransTo(y, 1, x, 0) }

// MulVecTo computes y = alpha A x + beta y.
func (q *Quantized) MulVecTo(y []float32, alpha float32, x []float32, beta float32) {
	q.mulVecSplit(products(), "MulVecTo", false, y, alpha, x, beta)
}

// MulVecTransTo computes y = alpha Aᵀ x + beta y.
func (q *Quantized) MulVecTransTo(y []float32, alpha float32, x []float32, beta float32) {
	q.mulVecSplit(products(), "MulVecTransTo", true, y, alpha, x, beta)
}

// MulMat computes Y = A X with X cols x k and Y rows x k, row-major.
func (q *Quantized) MulMat(y, x []float32, k int) { q.MulMatTo(y, 1, x, k, 0) }

// MulMatTrans computes Y = Aᵀ X with X rows x k and Y cols x k, row-major.
func (q *Quantized) MulMatTrans(y, x []float32, k int) { q.MulMatTransTo(y, 1, x, k, 0) }

// MulMatTo computes Y = alpha A X + beta Y.
func (q *Quantized) MulMatTo(y []float32, alpha float32, x []float32, k int, beta float32) {
	q.mulMatSplit(products(), "MulMatTo", false, y, alpha, x, k, beta)
}

// MulMatTransTo computes Y = alpha Aᵀ X + beta Y.
func (q *Quantized) MulMatTransTo(y []float32, alpha float32, x []float32, k int, beta float32) {
	q.mulMatSplit(products(), "MulMatTransTo", true, y, alpha, x, k, beta)
}

// opDims returns the shape of op(A).
func (q *Quantized) opDims(trans bool) (r, c uint64) {
	if trans {
		return q.x.cols, q.x.rows
	}
	return q.x.rows, q.x.cols
}

// mulVecSplit checks the shapes and the overlaps of a matrix-vector
// product and computes it split as sp says.
func (q *Quantized) mulVecSplit(sp split, name string, trans bool, y []float32, alpha float32, x []float32, beta float32) {
	q.mustValid()
	r, c := q.opDims(trans)
	if uint64(len(y)) != r || uint64(len(x)) != c {
		panic(fmt.Sprintf("csr: dimension mismatch: %s: len(y)=%d, len(x)=%d for op(A) %dx%d", name, len(y), len(x), r, c))
	}
	q.mustNotOverlap(name, y, x)
	mulVecRows(sp, &q.x, q, trans, y, alpha, x, beta)
}

// mulMatSplit checks the shapes and the overlaps of a matrix-matrix
// product and computes it split as sp says.
func (q *Quantized) mulMatSplit(sp split, name string, trans bool, y []float32, alpha float32, x []float32, k int, beta float32) {
	q.mustValid()
	r, c := q.opDims(trans)
	if !dense.Is(len(y), r, k) || !dense.Is(len(x), c, k) {
		panic(fmt.Sprintf("csr: dimension mismatch: %s: len(y)=%d, len(x)=%d, k=%d for op(A) %dx%d", name, len(y), len(x), k, r, c))
	}
	q.mustNotOverlap(name, y, x)
	mulMatRows(sp, &q.x, q, trans, y, k, alpha, x, k, k, beta)
}

// mustNotOverlap panics when a product's output y shares memory with its
// input x or with the matrix's arrays: the codes, the parameters, the
// pointers or the indices.
func (q *Quantized) mustNotOverlap(name string, y, x []float32) {
	v := &q.v
	if dense.Overlap(y, x) || dense.Overlap(y, v.Codes) || dense.Overlap(y, v.Scale) || dense.Overlap(y, v.Zero) ||
		dense.Overlap(y, v.Exp) || dense.OverlapAny(y, q.x.ptr, q.x.idx) {
		panic(fmt.Sprintf("csr: %s: y overlaps x or the matrix's codes, parameters or indices", name))
	}
}

// kernelChannels returns the channels of the values as the engine's
// kernels take them: a channel scheme along the compressed dimension runs
// over the whole pointer array (run r is row r of CSR), one along the
// other dimension reads the indices; other schemes have none.
func (q *Quantized) kernelChannels() engine.Channels {
	s := q.v.Scheme
	if s.Granularity() != quant.PerChannel {
		return engine.Channels{}
	}
	if (s.Axis() == 1) == q.x.csc {
		return engine.PerRun(q.x.ptr, nil)
	}
	return engine.PerValue(q.x.idx, 1)
}

// The rowOps of a quantized matrix: the engine's fused-dequantize kernels.

func (q *Quantized) spmvRows(short bool, y, x []float32, ptr []uint64, alpha, beta float32) {
	engine.QSpMVRows(short, y, x, ptr, q.x.idx, &q.v, q.kernelChannels(), alpha, beta)
}

func (q *Quantized) scatterAdd(y, x []float32, ptr []uint64, alpha float32) {
	engine.QScatterAdd(y, x, ptr, q.x.idx, &q.v, q.kernelChannels(), alpha)
}

func (q *Quantized) spmm(lo, hi int, y []float32, ldy int, x []float32, ldx, w int, alpha, beta float32) {
	engine.QSpMM(y, ldy, x, ldx, w, q.x.ptr[lo:hi+1], q.x.idx, &q.v, q.kernelChannels(), alpha, beta)
}

func (q *Quantized) spmmScatter(lo, hi int, y []float32, ldy int, x []float32, ldx, w int, alpha float32) {
	engine.QSpMMScatter(y, ldy, x, ldx, w, q.x.ptr[lo:hi+1], q.x.idx, &q.v, q.kernelChannels(), alpha)
}
