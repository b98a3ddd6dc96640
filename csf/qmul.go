package csf

import (
	"fmt"
	"slices"

	"github.com/hurray-format/hurray-go/internal/dense"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/internal/parallel"
	"github.com/hurray-format/hurray-go/quant"
)

// Products of a quantized tensor
//
// Quantized has Tensor's MTTKRP (every mode, MTTKRPWith), TTVValues (TTV
// along the leaf mode) and TTMInto (the leaf SpMM) in float32, with the
// same shapes, splits and panics. The leaf values are dequantized inside
// the kernels, a tile at a time into a small pooled buffer (the engine's Q
// kernels): no dequantized copy of the values is made. The walk over the
// levels is Tensor's. A channel scheme whose axis is stored above the leaf
// level costs one allocation per call, of one word per node of that level
// (Channels); the other schemes allocate nothing per call beyond a few
// words.
//
// The result is that of Dequantize followed by the float32 product, within
// the float32 product's bound for its sums: each value is decoded bit for
// bit as quant.Values.At gives it, but a node whose leaves do not fit a
// tile is summed piece by piece, an order of additions the float32 product
// does not use.

// qLeaves is leafOps on quantized values: the engine's fused-dequantize
// two-level kernels.
type qLeaves struct {
	v  *quant.Values
	ch engine.Channels
}

func (q *qLeaves) leafGather2(mode engine.GatherMode, out, y []float32, ncrd, ptr, crd []uint64, z []float32, lptr, idx []uint64, x []float32, r int) {
	engine.QGatherHadamard2(mode, out, y, ncrd, ptr, crd, z, lptr, q.v, q.ch, idx, x, r)
}

func (q *qLeaves) leafPush2(mode engine.PushMode, out, above, y []float32, ycrd, ptr, crd, lptr, idx []uint64, f []float32, r int) {
	engine.QPushHadamard2(mode, out, above, y, ycrd, ptr, crd, lptr, q.v, q.ch, idx, f, r)
}

// kernelChannels returns the channels of the leaves as the engine's kernels
// take them (see Quantized.Channels, which gives the same runs).
func (x *tree) kernelChannels(s quant.Scheme) engine.Channels {
	a := s.Axis()
	if s.Granularity() != quant.PerChannel || a < 0 || a >= len(x.shape) {
		return engine.Channels{}
	}
	rank := len(x.shape)
	l := slices.Index(x.modeOrder, uint32(a))
	if l == rank-1 {
		return engine.PerValue(x.crd[l], 1)
	}
	return engine.PerRun(x.nodeLeaves(l), x.crd[l])
}

// mustNotOverlap panics when a product's output shares memory with one of
// its inputs or with the tensor's codes, parameters or levels.
func (q *Quantized) mustNotOverlap(name string, out []float32, in ...[]float32) {
	v := &q.v
	bad := dense.Overlap(out, v.Codes) || dense.Overlap(out, v.Scale) || dense.Overlap(out, v.Zero) || dense.Overlap(out, v.Exp) ||
		dense.OverlapAny(out, q.x.pos...) || dense.OverlapAny(out, q.x.crd...)
	for _, s := range in {
		bad = bad || dense.Overlap(out, s)
	}
	if bad {
		panic(fmt.Sprintf("csf: %s: the output overlaps an input or the tensor's codes, parameters or levels", name))
	}
}

// MTTKRP is Tensor's MTTKRP on the dequantized values, in float32 (see
// there for the operands, the split and the panics).
func (q *Quantized) MTTKRP(mode int, factors [][]float32, rank int, out []float32) {
	ws := getWorkspace[float32]()
	q.MTTKRPWith(ws, mode, factors, rank, out)
	putWorkspace(ws)
}

// MTTKRPWith is MTTKRP with a caller-owned workspace (nil: a pooled one).
func (q *Quantized) MTTKRPWith(ws *Workspace[float32], mode int, factors [][]float32, rank int, out []float32) {
	q.mustValid()
	if ws == nil {
		q.MTTKRP(mode, factors, rank, out)
		return
	}
	checkMTTKRP(&q.x, mode, factors, rank, out)
	q.mustNotOverlap("MTTKRP", out)
	leaf := &qLeaves{v: &q.v, ch: q.x.kernelChannels(q.v.Scheme)}
	ws.state().mttkrp(&q.x, leaf, q.v.N, mode, factors, rank, out)
}

// TTVValues is Tensor's TTVValues on the dequantized values, in float32:
// TTV along the mode stored at the leaf level, one value per node of level
// N-2, written into dst. It panics when the mode is not the leaf level's
// or a length is wrong.
func (q *Quantized) TTVValues(dst []float32, mode int, v []float32) {
	q.mustValid()
	x := &q.x
	n := len(x.shape)
	if mode < 0 || mode >= n || int(x.modeOrder[n-1]) != mode {
		panic(fmt.Sprintf("csf: TTVValues: mode %d is not stored at the leaf level (mode_order %v)", mode, x.modeOrder))
	}
	if uint64(len(v)) != x.shape[mode] {
		panic(fmt.Sprintf("csf: TTVValues: len(v) = %d, want shape[%d] = %d", len(v), mode, x.shape[mode]))
	}
	if len(dst) != len(x.crd[n-2]) {
		panic(fmt.Sprintf("csf: TTVValues: len(dst) = %d, want %d fibers", len(dst), len(x.crd[n-2])))
	}
	q.mustNotOverlap("TTVValues", dst, v)
	leafPos, leafCrd := x.pos[n-1], x.crd[n-1]
	ch := x.kernelChannels(q.v.Scheme)
	short := engine.ShortRows(leafPos)
	b := parallel.SplitPtr(leafPos, options().Goroutines(q.v.N), 1)
	parallel.Run(b, func(_, lo, hi int) {
		engine.QSpMVRows(short, dst[lo:hi], v, leafPos[lo:hi+1], leafCrd, &q.v, ch, 1, 0)
	})
}

// TTMInto is Tensor's TTMInto on the dequantized values, in float32, the
// leaf SpMM: for every fiber f of level N-2, row f of dst (fibers x r,
// overwritten) is the sum over its leaves j of value j times row crd_leaf[j]
// of u (shape[leaf mode] x r, row-major). It panics with a "csf: ..."
// message on a bad r, len(u) or len(dst), or when dst overlaps u or the
// tensor's codes, parameters or levels.
func (q *Quantized) TTMInto(dst, u []float32, r int) {
	q.mustValid()
	x := &q.x
	n := len(x.shape)
	leaf := x.modeOrder[n-1]
	if r < 1 || !dense.Is(len(u), x.shape[leaf], r) {
		panic(fmt.Sprintf("csf: TTM: len(u) = %d, r = %d, want r >= 1 and len(u) = shape[%d] x r = %d x %d", len(u), r, leaf, x.shape[leaf], r))
	}
	nf := len(x.crd[n-2])
	if !dense.Is(len(dst), uint64(nf), r) {
		panic(fmt.Sprintf("csf: TTM: len(dst) = %d, want fibers x r = %d x %d", len(dst), nf, r))
	}
	q.mustNotOverlap("TTM", dst, u)
	leafPos, leafCrd := x.pos[n-1], x.crd[n-1]
	ch := x.kernelChannels(q.v.Scheme)
	ones := make([]float32, r)
	for i := range ones {
		ones[i] = 1
	}
	b := parallel.SplitPtr(leafPos, options().Goroutines(q.v.N), 1)
	parallel.Run(b, func(_, lo, hi int) {
		d := dst[lo*r : hi*r]
		clear(d)
		engine.QGatherHadamard(engine.GatherRows, d, ones, nil, leafPos[lo:hi+1], &q.v, ch, leafCrd, u, r)
	})
}
