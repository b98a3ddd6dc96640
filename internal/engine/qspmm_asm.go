//go:build !purego && !noasm && gc && (amd64 || arm64)

package engine

import (
	"math"
	"math/bits"

	"github.com/hurray-format/hurray-go/quant"
)

// The glue of the fused SpMM kernels (amd64.QSpMM8BlockAVX2's contract):
// the row loop of SpMM with each value decoded from its code where the
// float32 kernels read it, through a table of float32 values (256 for
// 8-bit codes, the 512-entry nibble expansion for 4-bit ones) times the
// block's scale, or with the row's scale applied to the row's sums.

// qspmmAsmKernel is one fused SpMM kernel (see amd64.QSpMM8BlockAVX2).
type qspmmAsmKernel = func(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64)

// qspmmTileKernel is one fused SpMM kernel on a column tile of A (see
// amd64.QSpMMTile8BlockAVX2).
type qspmmTileKernel = func(y []float32, ldy int, x []float32, ldx, w int, seg, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows, limit uint64)

// qspmmKernels are one tier's fused SpMM kernels, whole (k) and on a tile
// (kt), by code width and scale in the order qspmmKind gives, nil where
// the tier has none. Panels of fewer than minW or of maxW columns or
// more, and scales by blocks the kernels do not take (blocksFit), take
// qspmmTiled.
type qspmmKernels struct {
	k          [qspmmKinds]qspmmAsmKernel
	kt         [qspmmKinds]qspmmTileKernel
	minW, maxW int
	minB       int
}

// The kernels of qspmmKernels: 8-bit codes by row, by block with float32
// scales, by block with E8M0 exponents, then 4-bit codes by block (the
// 4-bit schemes are per block only), then uint8 codes by row with the
// row's zero point (amd64.QSpMMU8RowAVX512) and by block with the block's
// (amd64.QSpMMU8BlockAVX512).
const (
	qspmmRow8 = iota
	qspmmBlock8
	qspmmMX8
	qspmmBlock4
	qspmmMX4
	qspmmRowU8
	qspmmBlockU8
	qspmmKinds
)

// u8Table511 is the table of qspmmRowU8: entry j is j - 255, so that
// entry 255 - z + c is code c less the zero point z.
var u8Table511 = func() (t [511]float32) {
	for j := range t {
		t[j] = float32(j - 255)
	}
	return t
}()

// nib512 expands a 16-entry table of 4-bit codes into the kernels'
// 512-entry form: entry p*256 + c is the value of nibble p of byte c.
func nib512(t *[16]float32) *[512]float32 {
	var e [512]float32
	for c := range 256 {
		e[c] = t[c&15]
		e[256+c] = t[c>>4]
	}
	return &e
}

// The 512-entry tables of the 4-bit kinds.
var (
	int4Table512 = nib512(&int4Table)
	nf4Table512  = nib512(&nf4Table)
	e2m1Table512 = nib512(&e2m1Table)
)

// qspmmKind returns the index in qspmmKernels of the kernel that takes q,
// an operand of the rows of ptr on the values of idx, and its table, or
// -1: int8 and uint8 codes by row, and by block int8, uint8, MXFP8 and the
// 4-bit kinds, with codes and parameters for every value below len(idx).
func qspmmKind(q *qOperand, ptr, idx []uint64) (int, []float32) {
	n := len(idx)
	var t512 *[512]float32
	switch q.kind {
	case quant.Int4:
		t512 = int4Table512
	case quant.NF4:
		t512 = nf4Table512
	case quant.MXFP4:
		t512 = e2m1Table512
	case quant.Int8, quant.MXFP8:
	case quant.Uint8:
		if qBlocksHeld(q, n, n) {
			return qspmmBlockU8, u8Table[:]
		}
		if q.mode != qRow || len(q.v.Codes) < n || len(q.rs) != len(ptr)-1 || len(q.rz) != len(ptr)-1 {
			return -1, nil
		}
		return qspmmRowU8, u8Table511[:]
	default:
		return -1, nil
	}
	nib := t512 != nil
	bytes := n
	if nib {
		bytes = (n + 1) / 2
	}
	if len(q.v.Codes) < bytes {
		return -1, nil
	}
	var table []float32
	if nib {
		table = t512[:]
	} else {
		table = q.tab8[:]
	}
	switch q.mode {
	case qRow:
		if nib || len(q.rs) != len(ptr)-1 {
			return -1, nil
		}
		return qspmmRow8, table
	case qBlock:
		if q.b < 1 {
			return -1, nil
		}
		mx := q.kind == quant.MXFP4 || q.kind == quant.MXFP8
		params := len(q.v.Scale)
		if mx {
			params = len(q.v.Exp)
		}
		if params < (n+q.b-1)/q.b {
			return -1, nil
		}
		switch {
		case nib && mx:
			return qspmmMX4, table
		case nib:
			return qspmmBlock4, table
		case mx:
			return qspmmMX8, table
		default:
			return qspmmBlock8, table
		}
	}
	return -1, nil
}

// qspmmFusedAsm is the glue of the fused SpMM kernels: an operand one of
// ks takes, on a panel of ks.minW to ks.maxW-1 columns, runs it in column
// tiles of A where the float32 SpMM would tile with the tuning c
// (tileRows) and the rows are non-decreasing within idx, else in calls of
// spmmRows rows; any other operand or panel takes qspmmTiled with c. An infinite alpha, or for scales by
// row an infinite alpha times a row's scale, is not tiled (see
// spmmAsmRun).
//
//go:noinline
func qspmmFusedAsm(ks qspmmKernels, c *spmmTuning) qspmmFunc {
	return func(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, q *qOperand, alpha, beta float32) {
		kind, table := qspmmKind(q, ptr, idx)
		if kind < 0 || ks.k[kind] == nil || w < ks.minW || w >= ks.maxW || q.mode == qBlock && !ks.blocksFit(q.b, len(idx)) {
			qspmmTiled(c, y, ldy, x, ldx, w, ptr, idx, q, alpha, beta)
			return
		}
		k, kt := ks.k[kind], ks.kt[kind]
		rows := len(ptr) - 1
		if rows > 0 && (w < 1 || ldy < w || ldx < w || len(y) < (rows-1)*ldy+w) {
			panic("kernels: QSpMM: internal error: lengths")
		}
		if beta == 0 {
			beta = 0 // +0: the kernels do not read y
		}
		xrows := qXRows(x, ldx, w)
		codes, scale, exps, b := q.v.Codes, q.v.Scale, q.v.Exp, q.b
		if kind == qspmmBlockU8 {
			exps = q.v.Zero
		}
		row := q.mode == qRow
		u8 := kind == qspmmRowU8
		n := uint64(len(idx))
		if kt != nil && rows > 0 && ptr[rows] <= n && NonDecreasing(ptr) < 0 && qspmmFinite(q, alpha) {
			if tw := c.tileRows(rows, int(xrows), int(ptr[rows]-ptr[0]), w, 4); tw > 0 {
				spmmTileWalk(ptr, n, int(xrows), w, tw, spmmBadIndex, func(r0 int, seg []uint64, first bool, limit uint64) {
					bt := beta
					if !first {
						bt = 1
					}
					sc, ex := scale, exps
					if row {
						sc = q.rs[r0:]
					}
					if u8 {
						ex = q.rz[r0:]
					}
					kt(y[r0*ldy:], ldy, x, ldx, w, seg, idx, codes, table, sc, ex, b, alpha, bt, xrows, limit)
				})
				if raceEnabled {
					raceQSpMM(y, ldy, x, ldx, w, ptr, idx, q, xrows, 0, rows)
				}
				return
			}
		}
		asmPieces(rows, rows, func(lo, _ int) (int, bool) {
			hi := spmmRows(ptr, lo, w)
			sc, ex := scale, exps
			if row {
				sc = q.rs[lo:hi]
			}
			if u8 {
				ex = q.rz[lo:hi]
			}
			k(y[lo*ldy:], ldy, x, ldx, w, ptr[lo:hi+1], idx, codes, table, sc, ex, b, alpha, beta, xrows)
			return hi, true
		}, func(lo, end int) {
			raceQSpMM(y, ldy, x, ldx, w, ptr, idx, q, xrows, lo, end)
		})
	}
}

// blocksFit reports whether ks take blocks of b values on n values: b at
// least minB and, with minB set (the kernels find a row's block by a
// reciprocal of b), n*b below 2^64.
func (ks *qspmmKernels) blocksFit(b, n int) bool {
	if ks.minB == 0 {
		return true
	}
	hi, _ := bits.Mul64(uint64(n), uint64(b))
	return b >= ks.minB && hi == 0
}

// qspmmFinite reports whether alpha is finite and, for scales by row,
// alpha times every row's scale.
func qspmmFinite(q *qOperand, alpha float32) bool {
	if math.IsInf(float64(alpha), 0) || math.IsNaN(float64(alpha)) {
		return false
	}
	if q.mode == qRow {
		for _, s := range q.rs {
			if a := alpha * s; math.IsInf(float64(a), 0) {
				return false
			}
		}
	}
	return true
}

// raceQSpMM records what a fused SpMM kernel call on rows lo..end-1 of ptr
// read and wrote: the rows' ptr entries, rows of y, entries (clamped to
// len(idx)) with their codes and parameters, and the rows of x their
// indices name below xrows.
func raceQSpMM(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, q *qOperand, xrows uint64, lo, end int) {
	raceRead(ptr[lo : end+1])
	nib := q.table != nil
	for i := lo; i < end; i++ {
		raceWrite(y[i*ldy:][:w])
		a, b := clampRange(ptr, i, len(idx))
		if a == b {
			continue
		}
		raceRead(idx[a:b])
		if nib {
			raceRead(q.v.Codes[a/2 : (b+1)/2])
		} else {
			raceRead(q.v.Codes[a:b])
		}
		switch {
		case q.mode == qRow:
			raceRead(q.rs[i : i+1])
			if q.kind == quant.Uint8 {
				raceRead(q.rz[i : i+1])
			}
		case q.kind == quant.MXFP4 || q.kind == quant.MXFP8:
			raceRead(q.v.Exp[a/q.b : (b-1)/q.b+1])
		default:
			raceRead(q.v.Scale[a/q.b : (b-1)/q.b+1])
			if q.kind == quant.Uint8 {
				raceRead(q.v.Zero[a/q.b : (b-1)/q.b+1])
			}
		}
		for _, j := range idx[a:b] {
			if j < xrows {
				raceRead(x[int(j)*ldx:][:w])
			}
		}
	}
}
