package engine

import (
	"github.com/hurray-format/hurray-go/quant"
)

// The fused scatter products on quantized values: QScatterAdd (family
// qscatter), QSpMMScatter (qspmmscatter) and QCOOMul (qcoomul). Their loops
// decode each code where the float32 kernels (ScatterAdd, SpMMScatter,
// COOScatter) read a value, as quant's Values.At computes it: the code
// (less its zero point) times its group's scale, one float32 product
// rounded once. The value then enters the float32 kernel's arithmetic
// unchanged and in the same order, so each product gives the same bits as
// its float32 kernel on the same path run on the dequantized values.
//
// The loops walk the values in segments that share one scale and zero
// point (qOperand's modes): a whole row (qRow), the part of a row within
// one block (qBlock), or a single value (qCol, qValue); within a segment
// the decode is a table load, a subtraction and a product, with no call
// per value.

// qscatterFunc is a fused QScatterAdd on the rows of ptr (len(x)+1
// pointers; a qRow operand's rs and rz hold one entry per row).
type qscatterFunc = func(y, x []float32, ptr, idx []uint64, q *qOperand, alpha float32)

// qspmmScatterFunc is a fused QSpMMScatter on the rows of ptr (w >= 1).
type qspmmScatterFunc = func(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, q *qOperand, alpha float32)

// qcooFunc is a fused QCOOMul on entries lo..hi-1 (the operand's single
// row spans them).
type qcooFunc = func(runs bool, y, x []float32, k int, coords []uint64, lo, hi int, q *qOperand, oi, ii int, alpha float32)

var (
	qscatter     = newPartialFamily[qscatterFunc]("qscatter", qscatterRef, qscatterGeneric)
	qspmmScatter = newPartialFamily[qspmmScatterFunc]("qspmmscatter", qspmmScatterRef, qspmmScatterGeneric)
	qcoo         = newPartialFamily[qcooFunc]("qcoomul", qcooRef, qcooGeneric)
)

// qSeg is a run of values lo..hi-1 that share the scale sc and the zero
// point z (0 unless uint8).
type qSeg struct {
	lo, hi int
	sc, z  float32
}

// qSegs calls fn for the segments of values lo..hi-1 of row i, in order:
// the row (qRow), its parts within one block (qBlock), or each value
// whose index is below bound (qCol, qValue: the scale of its channel); a
// value whose index is not below bound is left out under qCol and qValue
// only, and with idx nil (a qValue operand of COO) none is. It returns the
// channel run cursor for the next row.
func (q *qOperand) qSegs(i, lo, hi int, idx []uint64, bound uint64, hint int, fn func(s qSeg)) int {
	switch q.mode {
	case qRow:
		var z float32
		if rz := q.zeros(); rz != nil {
			z = float32(rz[i])
		}
		fn(qSeg{lo, hi, q.rs[i], z})
	case qBlock:
		b := q.b
		for k, g := lo, lo/b; k < hi; g++ {
			e := min(hi, (g+1)*b)
			fn(qSeg{k, e, q.blockScale(g), q.blockZero(g)})
			k = e
		}
	default:
		v := q.v
		for k := lo; k < hi; k++ {
			var j uint64
			if idx != nil {
				if j = idx[k]; j >= bound {
					continue
				}
			}
			var c uint64
			c, hint = q.channelOf(k, j, hint)
			var z float32
			if q.kind == quant.Uint8 {
				z = float32(v.Zero[c])
			}
			fn(qSeg{k, k + 1, v.Scale[c], z})
		}
	}
	return hint
}

// qscatterRef is "dequantize, then the float32 reference": each row's
// values decoded by quant's At, then scatterAddRef on the row.
func qscatterRef(y, x []float32, ptr, idx []uint64, q *qOperand, alpha float32) {
	var buf []float32
	for i := range x {
		lo, hi := clampRange(ptr, i, len(idx))
		buf = qRefRow(q, idx, lo, hi, uint64(len(y)), buf)
		scatterAddRef(y, x[i:i+1], []uint64{0, uint64(hi - lo)}, idx[lo:hi], buf, alpha)
	}
}

// qscatterGeneric is scatterAddGeneric with the values decoded in the
// loop: y[idx[k]] += (alpha*x[i]) * value k, in the order of k.
func qscatterGeneric(y, x []float32, ptr, idx []uint64, q *qOperand, alpha float32) {
	ny := uint64(len(y))
	codes := q.v.Codes
	t4, t8 := q.table, q.tab8
	hint := -1
	for i, xi := range x {
		a := alpha * xi
		lo, hi := clampRange(ptr, i, len(idx))
		hint = q.qSegs(i, lo, hi, idx, ny, hint, func(s qSeg) {
			sc, z := s.sc, s.z
			if t4 != nil {
				for k := s.lo; k < s.hi; k++ {
					if j := idx[k]; j < ny {
						y[j] += a * ((t4[codes[k>>1]>>(4*(k&1))&15] - z) * sc)
					}
				}
				return
			}
			ix, cs := idx[s.lo:s.hi], codes[s.lo:s.hi]
			cs = cs[:len(ix)]
			for p, j := range ix {
				if j < ny {
					y[j] += a * ((t8[cs[p]] - z) * sc)
				}
			}
		})
	}
}

// qspmmScatterRef is "dequantize, then the float32 reference": each row's
// values decoded by quant's At, then spmmScatterRef on the row.
func qspmmScatterRef(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, q *qOperand, alpha float32) {
	var buf []float32
	n := uint64(len(idx))
	for i := 0; i+1 < len(ptr); i++ {
		lo, hi := segment(ptr, i, n, spmmScatterBadIndex)
		buf = qRefRow(q, idx, int(lo), int(hi), denseRows(len(y), ldy, w), buf)
		spmmScatterRef(y, ldy, x[i*ldx:], ldx, w, []uint64{0, hi - lo}, idx[lo:hi], buf, alpha)
	}
}

// qspmmScatterGeneric is spmmScatterGeneric with the values decoded in the
// loop: each value decoded once, then scatterRow into its row of Y.
func qspmmScatterGeneric(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, q *qOperand, alpha float32) {
	yrows, n := denseRows(len(y), ldy, w), uint64(len(idx))
	codes := q.v.Codes
	t4, t8 := q.table, q.tab8
	hint := -1
	for i := 0; i+1 < len(ptr); i++ {
		xr := x[i*ldx : i*ldx+w]
		lo, hi := segment(ptr, i, n, spmmScatterBadIndex)
		hint = q.qSegs(i, int(lo), int(hi), idx, yrows, hint, func(s qSeg) {
			for k := s.lo; k < s.hi; k++ {
				j := idx[k]
				if j >= yrows {
					panic(spmmScatterBadIndex)
				}
				var c float32
				if t4 != nil {
					c = t4[codes[k>>1]>>(4*(k&1))&15]
				} else {
					c = t8[codes[k]]
				}
				scatterRow(y[int(j)*ldy:][:len(xr)], xr, (c-s.z)*s.sc, alpha)
			}
		})
	}
}

// qcooRef is "dequantize, then the float32 product": the values decoded
// by quant's At, then COOScatter on them (its generic loop: the ref path
// of a product that has no family of its own).
func qcooRef(runs bool, y, x []float32, k int, coords []uint64, lo, hi int, q *qOperand, oi, ii int, alpha float32) {
	buf := qRefValues(q, lo, hi, nil)
	COOScatter(runs, y, x, k, coords[2*lo:2*hi], buf, oi, ii, alpha)
}

// qcooRun is the state of qcooGeneric's runs loop across segments: the
// open run's output row and its two partial sums, and which of them the
// run's next entry adds to.
type qcooRun struct {
	open   bool
	cur    uint64
	s0, s1 float32
	odd    bool
}

// qcooGeneric is COOScatter with the values decoded in the loop. Its runs
// loop takes the entries one at a time (a segment may end inside a run)
// and adds each run's entries alternately to two partial sums, as
// scatterRuns pairs them, so that the sums round alike.
func qcooGeneric(runs bool, y, x []float32, k int, coords []uint64, lo, hi int, q *qOperand, oi, ii int, alpha float32) {
	coords = coords[:2*hi]
	codes := q.v.Codes
	t4, t8 := q.table, q.tab8
	var r qcooRun
	q.qSegs(0, lo, hi, nil, 0, -1, func(s qSeg) {
		for e := s.lo; e < s.hi; e++ {
			var c float32
			if t4 != nil {
				c = t4[codes[e>>1]>>(4*(e&1))&15]
			} else {
				c = t8[codes[e]]
			}
			v := (c - s.z) * s.sc
			o, in := coords[2*e+oi], coords[2*e+ii]
			switch {
			case runs:
				if !r.open || o != r.cur {
					if r.open {
						y[r.cur] += alpha * (r.s0 + r.s1)
					}
					r = qcooRun{open: true, cur: o}
				}
				if r.odd {
					r.s1 += v * x[in]
				} else {
					r.s0 += v * x[in]
				}
				r.odd = !r.odd
			case k == 1:
				y[o] += alpha * v * x[in]
			default:
				a := alpha * v
				yr := y[int(o)*k:][:k]
				xr := x[int(in)*k:][:k]
				for c, xv := range xr {
					yr[c] += a * xv
				}
			}
		}
	})
	if r.open {
		y[r.cur] += alpha * (r.s0 + r.s1)
	}
}
