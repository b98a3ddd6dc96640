//go:build !purego && !noasm && gc && (amd64 || arm64)

package engine

import (
	"github.com/hurray-format/hurray-go/quant"
)

// The glue of the fused scatter family's amd64 and arm64 kernels
// (registered in register_amd64.go and register_arm64.go).

// qscatterKernels are one tier's fused QScatterAdd kernels, nil where the
// tier has none: i8Row on int8 codes with a scale per row
// (amd64.QScatterI8RowAVX2's contract), i8Block on int8 codes with a scale
// per block (QScatterI8BlockAVX2's), block4 and mx4 on 4-bit codes with a
// float32 or E8M0 scale per block (QScatter4BlockAVX2's and
// QScatter4MXAVX2's), mx8 on E4M3 codes through their table with an E8M0
// scale per block (QScatter8MXAVX2's), u8Row on uint8 codes with a scale
// and a zero point per row (QScatterU8RowAVX2's), i8Col and u8Col on int8
// and uint8 codes with the scale (and zero point) of their index
// (QScatterI8ColAVX2's and QScatterU8ColAVX2's), u8Block on uint8 codes
// with a scale and a zero point per block (QScatterU8BlockAVX2's).
type qscatterKernels struct {
	i8Row   func(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, alpha float32)
	i8Block func(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, b int, alpha float32)
	block4  func(y, x []float32, ptr, idx []uint64, codes []byte, table, scale []float32, b int, alpha float32)
	mx4     func(y, x []float32, ptr, idx []uint64, codes []byte, table []float32, exps []byte, b int, alpha float32)
	mx8     func(y, x []float32, ptr, idx []uint64, codes []byte, table []float32, exps []byte, b int, alpha float32)
	u8Row   func(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, rz []uint8, alpha float32)
	i8Col   func(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, alpha float32)
	u8Col   func(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, zero []uint8, alpha float32)
	u8Block func(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, zero []uint8, b int, alpha float32)
}

// qsKind is a kind of operand the fused scatter kernels take (qsKindOf),
// qsNone for the others.
type qsKind int

const (
	qsNone    qsKind = iota
	qsI8Row          // int8 codes, a scale per row
	qsI8Block        // int8 codes, a float32 scale per block
	qsMX8            // E4M3 codes through their table, an E8M0 scale per block
	qsMX4            // E2M1 codes through their table, an E8M0 scale per block
	qsBlock4         // 4-bit codes through their table, a float32 scale per block
	qsU8Row          // uint8 codes, a scale and a zero point per row
	qsI8Col          // int8 codes, the scale of their index
	qsU8Col          // uint8 codes, the scale and zero point of their index
	qsU8Block        // uint8 codes, a float32 scale and a zero point per block
	qsKinds
)

// qsKindOf returns the kind of q, an operand on n values, among the kinds
// has reports a kernel for, after the checks of what the kernels assume
// (codes for the n values; a parameter for every block), or qsNone.
func qsKindOf(q *qOperand, n int, has func(qsKind) bool) qsKind {
	switch {
	case has(qsI8Row) && q.mode == qRow && q.kind == quant.Int8 && len(q.v.Codes) >= n:
		return qsI8Row
	case has(qsU8Row) && q.mode == qRow && q.kind == quant.Uint8 && len(q.v.Codes) >= n:
		return qsU8Row
	case has(qsI8Col) && q.mode == qCol && q.kind == quant.Int8 && len(q.v.Codes) >= n:
		return qsI8Col
	case has(qsU8Col) && q.mode == qCol && q.kind == quant.Uint8 && len(q.v.Codes) >= n:
		return qsU8Col
	case has(qsI8Block) && q.kind == quant.Int8 && qBlocksHeld(q, n, n):
		return qsI8Block
	case has(qsU8Block) && q.kind == quant.Uint8 && qBlocksHeld(q, n, n):
		return qsU8Block
	case has(qsMX8) && q.kind == quant.MXFP8 && qBlocksHeld(q, n, n):
		return qsMX8
	case has(qsMX4) && q.kind == quant.MXFP4 && qBlocksHeld(q, n, (n+1)/2):
		return qsMX4
	case has(qsBlock4) && q.table != nil && q.kind != quant.MXFP4 && qBlocksHeld(q, n, (n+1)/2):
		return qsBlock4
	}
	return qsNone
}

// qsParams returns the decode table and the scales or exponents the
// kernels of kind take for q (a row kind's scales: q.rs, one per row).
func qsParams(q *qOperand, kind qsKind) (table, scale []float32, exps []byte) {
	switch kind {
	case qsI8Row, qsU8Row:
		return nil, q.rs, nil
	case qsI8Block, qsI8Col, qsU8Col, qsU8Block:
		return nil, q.v.Scale, nil
	case qsMX8:
		return e4m3Table[:], nil, q.v.Exp
	case qsMX4:
		return q.table[:], nil, q.v.Exp
	}
	return q.table[:], q.v.Scale, nil
}

// qsZeros returns the zero points the kernels of kind take for q: by row
// (q.rz), by index or by block, nil but on uint8 codes.
func qsZeros(q *qOperand, kind qsKind) []uint8 {
	switch kind {
	case qsU8Row:
		return q.rz
	case qsU8Col, qsU8Block:
		return q.v.Zero
	}
	return nil
}

// qsRace records the reads of the codes and the parameters (scale, or the
// exponents exps; the zero points zero) of rows lo..end-1 of ptr on n
// values by a kernel of kind; the kernels by index read the parameters of
// the indices below ny.
func qsRace(kind qsKind, ptr, idx []uint64, codes []byte, scale []float32, exps []byte, zero []uint8, ny, b, lo, end int) {
	qRaceCodes(ptr, len(idx), codes, kind == qsMX4 || kind == qsBlock4, lo, end)
	switch {
	case kind == qsI8Col || kind == qsU8Col:
		raceRows(ptr, idx, idx, scale[:ny], lo, end, false)
		if zero != nil {
			raceRows(ptr, idx, idx, zero[:ny], lo, end, false)
		}
	case kind == qsI8Row || kind == qsU8Row:
		raceRead(scale[lo:end])
		if zero != nil {
			raceRead(zero[lo:end])
		}
	case exps != nil:
		qRaceBlocks(ptr, idx, exps, b, lo, end)
	default:
		qRaceBlocks(ptr, idx, scale, b, lo, end)
		if zero != nil {
			qRaceBlocks(ptr, idx, zero, b, lo, end)
		}
	}
}

// qscatterFusedAsm is the glue of the fused QScatterAdd kernels: an
// operand one of ks takes runs it, spmvRowsPerCall rows a call; any other
// operand takes qscatterTiled.
//
//go:noinline
func qscatterFusedAsm(ks qscatterKernels) qscatterFunc {
	has := func(k qsKind) bool {
		switch k {
		case qsI8Row:
			return ks.i8Row != nil
		case qsI8Block:
			return ks.i8Block != nil
		case qsMX8:
			return ks.mx8 != nil
		case qsMX4:
			return ks.mx4 != nil
		case qsU8Row:
			return ks.u8Row != nil
		case qsI8Col:
			return ks.i8Col != nil
		case qsU8Col:
			return ks.u8Col != nil
		case qsU8Block:
			return ks.u8Block != nil
		}
		return ks.block4 != nil
	}
	return func(y, x []float32, ptr, idx []uint64, q *qOperand, alpha float32) {
		if len(ptr) != len(x)+1 {
			panic("kernels: QScatterAdd: internal error: lengths")
		}
		kind := qsKindOf(q, len(idx), has)
		if kind == qsNone {
			qscatterTiled(y, x, ptr, idx, q, alpha)
			return
		}
		codes, b := q.v.Codes, q.b
		table, scale, exps := qsParams(q, kind)
		zero := qsZeros(q, kind)
		switch kind {
		case qsI8Row, qsU8Row:
			if len(scale) != len(x) || (zero != nil && len(zero) != len(x)) {
				panic("kernels: QScatterAdd: internal error: lengths")
			}
		case qsI8Col, qsU8Col:
			// the front end cut y to the channels
			if len(scale) < len(y) || (zero != nil && len(zero) < len(y)) {
				panic("kernels: QScatterAdd: internal error: lengths")
			}
		}
		asmPieces(len(x), spmvRowsPerCall, func(lo, hi int) (int, bool) {
			xs, ps := x[lo:hi], ptr[lo:hi+1]
			switch kind {
			case qsI8Row:
				ks.i8Row(y, xs, ps, idx, codes, scale[lo:hi], alpha)
			case qsI8Block:
				ks.i8Block(y, xs, ps, idx, codes, scale, b, alpha)
			case qsMX8:
				ks.mx8(y, xs, ps, idx, codes, table, exps, b, alpha)
			case qsMX4:
				ks.mx4(y, xs, ps, idx, codes, table, exps, b, alpha)
			case qsU8Row:
				ks.u8Row(y, xs, ps, idx, codes, scale[lo:hi], zero[lo:hi], alpha)
			case qsI8Col:
				ks.i8Col(y, xs, ps, idx, codes, scale, alpha)
			case qsU8Col:
				ks.u8Col(y, xs, ps, idx, codes, scale, zero, alpha)
			case qsU8Block:
				ks.u8Block(y, xs, ps, idx, codes, scale, zero, b, alpha)
			default:
				ks.block4(y, xs, ps, idx, codes, table, scale, b, alpha)
			}
			return hi, true
		}, func(lo, end int) {
			raceRead(x[lo:end])
			raceRows(ptr, idx, idx, y, lo, end, true) // the indices and y; idx stands for the values
			qsRace(kind, ptr, idx, codes, scale, exps, zero, len(y), b, lo, end)
		})
	}
}

// qspmmScatterKernel is a fused QSpMMScatter kernel
// (amd64.QSpMMScatterI8RowAVX2's contract): it returns 1 when it stopped
// at a segment or an index out of range, 0 when done. The kernels on
// uint8 codes take their zero points in exps.
type qspmmScatterKernel = func(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int

// qspmmScatterTileKernel is a fused QSpMMScatter kernel on one tile of Y's
// rows (amd64.QSpMMScatterTileI8RowAVX2's contract), with the segments
// and limit of spmmScatterTileFunc.
type qspmmScatterTileKernel = func(y []float32, ldy int, x []float32, ldx, w int, seg, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, limit uint64)

// qspmmScatterKernels are one tier's fused QSpMMScatter kernels by kind,
// whole (k) and on one tile (kt), nil where the tier has none (no tile
// kernels where SpMMScatter's kernels of the tier do not tile either).
type qspmmScatterKernels struct {
	k  [qsKinds]qspmmScatterKernel
	kt [qsKinds]qspmmScatterTileKernel
}

// qspmmScatterFusedAsm is the glue of the fused QSpMMScatter kernels: an
// operand one of ks takes runs it as spmmScatterAsmRun runs SpMMScatter's
// kernels, in tiles of Y's rows where SpMMScatter tiles them with the
// tuning c (the same tiles, so the same order of the sums; only a tier
// with tile kernels tiles), else in its pieces of rows; any other operand
// takes qspmmScatterTiled.
//
//go:noinline
func qspmmScatterFusedAsm(ks qspmmScatterKernels, c *spmmTuning) qspmmScatterFunc {
	has := func(k qsKind) bool { return ks.k[k] != nil }
	return func(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, q *qOperand, alpha float32) {
		rows, n := len(ptr)-1, len(idx)
		kind := qsKindOf(q, n, has)
		if kind == qsNone || rows < 1 {
			qspmmScatterTiled(y, ldy, x, ldx, w, ptr, idx, q, alpha)
			return
		}
		codes, b := q.v.Codes, q.b
		table, scale, exps := qsParams(q, kind)
		zero := qsZeros(q, kind)
		if zero != nil {
			exps = zero // the uint8 kernels' zero points
		}
		byRow := kind == qsI8Row || kind == qsU8Row
		yrows := denseRows(len(y), ldy, w)
		switch {
		case byRow && (len(scale) != rows || (zero != nil && len(zero) != rows)):
			panic("kernels: QSpMMScatter: internal error: lengths")
		case (kind == qsI8Col || kind == qsU8Col) && (uint64(len(scale)) < yrows || (zero != nil && uint64(len(zero)) < yrows)):
			// the front end cut y to the channels
			panic("kernels: QSpMMScatter: internal error: lengths")
		}
		// rowParams is the scales and zero points (exps) from row r0 on: a
		// row kind's are its rows'.
		rowParams := func(r0 int) ([]float32, []byte) {
			if byRow {
				if zero != nil {
					return scale[r0:], zero[r0:]
				}
				return scale[r0:], nil
			}
			return scale, exps
		}
		if kt := ks.kt[kind]; kt != nil {
			if tw := c.tileRows(rows, int(yrows), int(ptr[rows]-ptr[0]), w, 4); tw > 0 {
				spmmTileWalk(ptr, uint64(n), int(yrows), w, tw, spmmScatterBadIndex, func(r0 int, seg []uint64, _ bool, limit uint64) {
					s, e := rowParams(r0)
					kt(y, ldy, x[r0*ldx:], ldx, w, seg, idx, codes, table, s, e, b, alpha, limit)
				})
				if raceEnabled {
					raceSpMM(x, ldx, y, ldy, w, ptr, idx, idx, yrows, 0, rows, true) // idx stands for the values
					qsRace(kind, ptr, idx, codes, scale, exps, zero, int(yrows), b, 0, rows)
				}
				return
			}
		}
		k := ks.k[kind]
		asmPieces(rows, rows, func(lo, _ int) (int, bool) {
			hi := spmmRows(ptr, lo, w)
			s, e := rowParams(lo)
			if k(y, ldy, x[lo*ldx:], ldx, w, ptr[lo:hi+1], idx, codes, table, s, e, b, alpha, yrows) != 0 {
				panic(spmmScatterBadIndex)
			}
			return hi, true
		}, func(lo, end int) {
			raceSpMM(x, ldx, y, ldy, w, ptr, idx, idx, yrows, lo, end, true) // idx stands for the values
			qsRace(kind, ptr, idx, codes, scale, exps, zero, int(yrows), b, lo, end)
		})
	}
}

// qRaceCodes records the reads of the codes of rows lo..end-1 of ptr on n
// values, 4-bit codes (two a byte) when nib is set.
func qRaceCodes(ptr []uint64, n int, codes []byte, nib bool, lo, end int) {
	for i := lo; i < end; i++ {
		a, e := clampRange(ptr, i, n)
		if a == e {
			continue
		}
		if nib {
			raceRead(codes[a/2 : (e+1)/2])
		} else {
			raceRead(codes[a:e])
		}
	}
}
