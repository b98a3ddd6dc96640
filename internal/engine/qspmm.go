package engine

import (
	"github.com/hurray-format/hurray-go/quant"
)

// QSpMM is SpMM on quantized values: for every row i of ptr and column c <
// w,
//
//	var s float32
//	for k := ptr[i]; k < ptr[i+1]; k++ {
//		s += v.At(k, channel of k) * x[idx[k]*ldx+c]
//	}
//	y[i*ldy+c] = alpha*s + beta*y[i*ldy+c] // y not read when beta == 0
//
// computed by the qspmm family, whose row loops decode the codes where the
// float32 kernels read values (see qfused.go). ptr holds absolute offsets
// (rows lo..hi-1 of a product split into parts), idx one index per stored
// value; the caller has checked y and x against a validated structure
// whose indices are below x's rows (as SpMMPartUnchecked). An index not
// below x's rows is skipped all the same (for channels by index, also one
// not below the channel count), so that no index reads outside x. ch is
// as QSpMV's.
func QSpMM(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, v *quant.Values, ch Channels, alpha, beta float32) {
	checkSpMM("QSpMM", len(y), ldy, len(x), ldx, w, ptr, idx, v.N, false)
	qCheckRows("QSpMM", ptr, idx, v, &ch)
	if w == 0 || len(ptr) == 1 {
		return
	}
	qspmmWith(qspmm.fn, y, ldy, x, ldx, w, ptr, idx, v, ch, alpha, beta)
}

// qspmmWith runs the fused SpMM f on checked operands (w >= 1): it builds
// the operand and, for channels by index, cuts x's rows to the channel
// count.
func qspmmWith(f qspmmFunc, y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, v *quant.Values, ch Channels, alpha, beta float32) {
	q := newQOperand(v, ch, ptr, idx)
	if q.mode == qCol && uint64(q.nx) < qXRows(x, ldx, w) {
		x = x[:0]
		if q.nx > 0 {
			x = x[:(q.nx-1)*ldx+w]
		}
	}
	f(y, ldy, x, ldx, w, ptr, idx, q, alpha, beta)
	putQOperand(q)
}

// qspmmFunc is a fused SpMM on the rows of ptr (w >= 1); x's rows are
// (len(x)-w)/ldx + 1, none when len(x) < w.
type qspmmFunc = func(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, q *qOperand, alpha, beta float32)

var qspmm = newFamily[qspmmFunc]("qspmm", qspmmRef, qspmmGeneric)

// qXRows is the number of rows of a panel x of width w and stride ldx.
func qXRows(x []float32, ldx, w int) uint64 {
	if len(x) < w {
		return 0
	}
	return uint64((len(x)-w)/ldx + 1)
}

// qspmmRef is "dequantize, then the float32 reference": each row's values
// decoded by quant's At, then spmmRef's loop on the row.
func qspmmRef(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, q *qOperand, alpha, beta float32) {
	xrows := qXRows(x, ldx, w)
	var buf []float32
	for i := 0; i+1 < len(ptr); i++ {
		lo, hi := clampRange(ptr, i, len(idx))
		buf = qRefRow(q, idx, lo, hi, xrows, buf)
		for c := range w {
			var s float32
			for k := lo; k < hi; k++ {
				if idx[k] < xrows {
					s += buf[k-lo] * x[int(idx[k])*ldx+c]
				}
			}
			storeScaled(y, i*ldy+c, s, alpha, beta)
		}
	}
}

// qDecodeRow decodes values lo..hi-1 of row i into buf (len hi-lo): qRow
// without the row's scale (it multiplies the row's sums), the other modes
// as quant does. A value whose index is not below bound is 0.
func qDecodeRow(q *qOperand, i int, idx []uint64, lo, hi int, bound uint64, buf []float32, hint int) int {
	switch q.mode {
	case qRow:
		var z float32
		if rz := q.zeros(); rz != nil {
			z = float32(rz[i])
		}
		for k := lo; k < hi; k++ {
			buf[k-lo] = q.code(k) - z
		}
	case qBlock:
		b := q.b
		for k, g := lo, lo/b; k < hi; g++ {
			e := min(hi, (g+1)*b)
			sc, z := q.blockScale(g), q.blockZero(g)
			for ; k < e; k++ {
				buf[k-lo] = (q.code(k) - z) * sc
			}
		}
	default:
		for k := lo; k < hi; k++ {
			buf[k-lo] = 0
			j := idx[k]
			if j >= bound {
				continue
			}
			var c uint64
			c, hint = q.channelOf(k, j, hint)
			buf[k-lo] = q.valueIn(k, c)
		}
	}
	return hint
}

// qspmmGeneric accumulates blocks of up to 64 columns of a row of Y in a
// stack array, from values decoded 256 at a time.
func qspmmGeneric(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, q *qOperand, alpha, beta float32) {
	var acc0 [64]float32
	var vbuf [256]float32
	xrows := qXRows(x, ldx, w)
	hint := -1
	for i := 0; i+1 < len(ptr); i++ {
		lo, hi := clampRange(ptr, i, len(idx))
		a := alpha
		if q.mode == qRow {
			a = alpha * q.rs[i]
		}
		for c0 := 0; c0 < w; c0 += len(acc0) {
			acc := acc0[:min(len(acc0), w-c0)]
			clear(acc)
			for e0 := lo; e0 < hi; e0 += len(vbuf) {
				e1 := min(hi, e0+len(vbuf))
				vs := vbuf[:e1-e0]
				hint = qDecodeRow(q, i, idx, e0, e1, xrows, vs, hint)
				for p, v := range vs {
					j := idx[e0+p]
					if j >= xrows {
						continue
					}
					xr := x[int(j)*ldx+c0:][:len(acc)]
					for c := range acc {
						acc[c] += v * xr[c]
					}
				}
			}
			yr := y[i*ldy+c0:][:len(acc)]
			if beta == 0 {
				for c := range acc {
					yr[c] = a * acc[c]
				}
			} else {
				for c := range acc {
					yr[c] = a*acc[c] + beta*yr[c]
				}
			}
		}
	}
}

// QSpMMScatter is SpMMScatter on quantized values, the transposed SpMM:
// for every row i of ptr, entry k and column c < w,
//
//	y[idx[k]*ldy+c] += v.At(k, channel of k) * (alpha * x[i*ldx+c])
//
// computed by the qspmmscatter family, whose loops decode the codes where
// SpMMScatter reads values (see qscatter.go), in SpMMScatter's order: the
// same bits as SpMMScatter on the same path on the dequantized values. The
// rest is as QSpMM (for channels by index, Y's rows are cut to the channel
// count).
func QSpMMScatter(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, v *quant.Values, ch Channels, alpha float32) {
	checkSpMM("QSpMMScatter", len(x), ldx, len(y), ldy, w, ptr, idx, v.N, false)
	qCheckRows("QSpMMScatter", ptr, idx, v, &ch)
	if w == 0 {
		return
	}
	q := newQOperand(v, ch, ptr, idx)
	if q.mode == qCol && uint64(q.nx) < denseRows(len(y), ldy, w) {
		y = y[:0]
		if q.nx > 0 {
			y = y[:(q.nx-1)*ldy+w]
		}
	}
	qspmmScatter.fn(y, ldy, x, ldx, w, ptr, idx, q, alpha)
	putQOperand(q)
}
