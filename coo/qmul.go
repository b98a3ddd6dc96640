package coo

import (
	"fmt"

	"github.com/hurray-format/hurray-go/internal/dense"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/quant"
)

// Products of a quantized tensor
//
// A rank-2 Quantized has Tensor's eight products in float32 (MulVec,
// MulVecTrans, MulVecTo, MulVecTransTo, MulMat, MulMatTrans, MulMatTo,
// MulMatTransTo), with the same shapes, the same split over SetWorkers
// goroutines and the same panics ("coo: products need rank 2", "coo:
// dimension mismatch", an output that overlaps x or the tensor's codes,
// parameters or coordinates, an unvalidated tensor). The values are
// dequantized inside the products, a tile of them at a time into a small
// pooled buffer (the engine's QCOOMul): no dequantized copy of the values
// is made, and the products allocate nothing per call. Each value is
// decoded bit for bit as quant.Values.At gives it, and the entries are
// added in Tensor's order, except that a row-major sorted tensor's run of
// one row (MulVec, MulVecTo) that crosses a tile is summed in two parts:
// the result is Dequantize followed by the float32 product within that
// product's rounding.

// The product methods below are deliberate twins of the other formats'
// (coo and csr, float and quantized): one-line entry points that each
// type's public API names.

// MulVec computes y = A x.
func (q *Quantized) MulVec(y, x []float32) { q.MulVecTo(y, 1, x, 0) }

// MulVecTrans computes y = Aᵀ x.
func (q *Quantized) MulVecTrans(y, x []float32) { q.MulVecTransTo(y, 1, x, 0) }

// MulVecTo computes y = alpha A x + beta y.
func (q *Quantized) MulVecTo(y []float32, alpha float32, x []float32, beta float32) {
	q.mulMat(products(), "MulVecTo", false, y, alpha, x, 1, beta, true)
}

// MulVecTransTo computes y = alpha Aᵀ x + beta y.
func (q *Quantized) MulVecTransTo(y []float32, alpha float32, x []float32, beta float32) {
	q.mulMat(products(), "MulVecTransTo", true, y, alpha, x, 1, beta, true)
}

// MulMat computes Y = A X with X cols x k and Y rows x k, row-major.
func (q *Quantized) MulMat(y, x []float32, k int) { q.MulMatTo(y, 1, x, k, 0) }

// MulMatTrans computes Y = Aᵀ X with X rows x k and Y cols x k.
func (q *Quantized) MulMatTrans(y, x []float32, k int) { q.MulMatTransTo(y, 1, x, k, 0) }

// MulMatTo computes Y = alpha A X + beta Y.
func (q *Quantized) MulMatTo(y []float32, alpha float32, x []float32, k int, beta float32) {
	q.mulMat(products(), "MulMatTo", false, y, alpha, x, k, beta, false)
}

// MulMatTransTo computes Y = alpha Aᵀ X + beta Y.
func (q *Quantized) MulMatTransTo(y []float32, alpha float32, x []float32, k int, beta float32) {
	q.mulMat(products(), "MulMatTransTo", true, y, alpha, x, k, beta, false)
}

func (q *Quantized) mulMat(sp split, name string, trans bool, y []float32, alpha float32, x []float32, k int, beta float32, vec bool) {
	q.mustValid()
	r, c, oi, ii := opShape(q.x.shape, trans)
	checkShapes(name, r, c, y, x, k, vec)
	v := &q.v
	if dense.Overlap(y, x) || dense.Overlap(y, v.Codes) || dense.Overlap(y, v.Scale) || dense.Overlap(y, v.Zero) ||
		dense.Overlap(y, v.Exp) || dense.Overlap(y, q.x.coords) {
		panic(fmt.Sprintf("coo: %s: y overlaps x or the tensor's codes, parameters or coordinates", name))
	}
	mulEntries(sp, q, v.N, q.sorted, y, alpha, x, k, beta, trans, oi, ii)
}

// kernelChannels returns the channels of the values as the engine's
// kernels take them: for a channel scheme, the coordinates on its axis
// (stride rank); none for the other schemes.
func (q *Quantized) kernelChannels() engine.Channels {
	s := q.v.Scheme
	if s.Granularity() != quant.PerChannel || s.Axis() >= len(q.x.shape) || len(q.x.coords) == 0 {
		return engine.Channels{}
	}
	return engine.PerValue(q.x.coords[s.Axis():], len(q.x.shape))
}

// scatterEntries is the entryOps of a quantized tensor: the engine's
// QCOOMul on entries lo..hi-1.
func (q *Quantized) scatterEntries(runs bool, y, x []float32, k, lo, hi, oi, ii int, alpha float32) {
	engine.QCOOMul(runs, y, x, k, q.x.coords, lo, hi, &q.v, q.kernelChannels(), oi, ii, alpha)
}
