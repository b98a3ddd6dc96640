//go:build !purego && !noasm && gc && (amd64 || arm64)

package engine

import (
	"github.com/hurray-format/hurray-go/quant"
)

// The glue of the fused families' amd64 and arm64 kernels (registered in
// register_amd64.go and register_arm64.go).

// qspmvKernels are one tier's fused SpMV kernels, nil where the tier has
// none: i8Row on int8 codes with a scale per row (amd64.QSpMVI8RowAVX2's
// contract), i8Block on int8 codes with a scale per block
// (QSpMVI8BlockAVX512's), block4 and mx4 on 4-bit codes with a float32 or
// E8M0 scale per block (QSpMV4BlockAVX512's and QSpMV4MXAVX512's), mx8 on
// E4M3 codes with an E8M0 scale per block (QSpMV8MXAVX512's), u8Row on
// uint8 codes with a scale and a zero point per row (QSpMVU8RowAVX512's),
// u8Block on uint8 codes with a scale and a zero point per block
// (QSpMVU8BlockAVX512's), i8Col and u8Col on int8 and uint8 codes with a
// scale (and a float32 zero point) per column, qCol (QSpMVI8ColAVX2's
// and QSpMVU8ColAVX512's).
type qspmvKernels struct {
	i8Row   func(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, alpha, beta float32)
	u8Row   func(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, rz []uint8, alpha, beta float32)
	i8Block func(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, b int, alpha, beta float32)
	block4  func(y, x []float32, ptr, idx []uint64, codes []byte, table, scale []float32, b int, alpha, beta float32)
	mx4     func(y, x []float32, ptr, idx []uint64, codes []byte, table []float32, exps []byte, b int, alpha, beta float32)
	mx8     func(y, x []float32, ptr, idx []uint64, codes []byte, exps []byte, b int, alpha, beta float32)
	u8Block func(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, zero []byte, b int, alpha, beta float32)
	i8Col   func(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, alpha, beta float32)
	u8Col   func(y, x []float32, ptr, idx []uint64, codes []byte, scale, zero []float32, alpha, beta float32)
}

// qspmvFusedAsm is the glue of the fused SpMV kernels: an operand one of
// ks takes runs it, spmvRowsPerCall rows a call, after the checks of what
// the kernel assumes; any other operand takes qspmvTiled.
//
//go:noinline
func qspmvFusedAsm(ks qspmvKernels) qspmvFunc {
	return func(y, x []float32, ptr, idx []uint64, q *qOperand, alpha, beta float32) {
		if len(ptr) != len(y)+1 {
			panic("kernels: QSpMV: internal error: lengths")
		}
		if beta == 0 {
			beta = 0 // +0: the kernels do not read y
		}
		codes := q.v.Codes
		switch {
		case ks.i8Row != nil && q.mode == qRow && q.kind == quant.Int8 && len(codes) >= len(idx):
			if len(q.rs) != len(y) {
				panic("kernels: QSpMV: internal error: lengths")
			}
			rs := q.rs
			asmPieces(len(y), spmvRowsPerCall, func(lo, hi int) (int, bool) {
				ks.i8Row(y[lo:hi], x, ptr[lo:hi+1], idx, codes, rs[lo:hi], alpha, beta)
				return hi, true
			}, func(lo, end int) {
				raceRows(ptr, idx, codes, x, lo, end, false)
				raceRead(rs[lo:end])
				raceWrite(y[lo:end])
			})
		case ks.u8Row != nil && q.mode == qRow && q.kind == quant.Uint8 && len(codes) >= len(idx):
			if len(q.rs) != len(y) || len(q.rz) != len(y) {
				panic("kernels: QSpMV: internal error: lengths")
			}
			rs, rz := q.rs, q.rz
			asmPieces(len(y), spmvRowsPerCall, func(lo, hi int) (int, bool) {
				ks.u8Row(y[lo:hi], x, ptr[lo:hi+1], idx, codes, rs[lo:hi], rz[lo:hi], alpha, beta)
				return hi, true
			}, func(lo, end int) {
				raceRows(ptr, idx, codes, x, lo, end, false)
				raceRead(rs[lo:end])
				raceRead(rz[lo:end])
				raceWrite(y[lo:end])
			})
		case qColFused(q, ks, len(x), len(idx)):
			scale := q.v.Scale
			var zero []float32
			if q.kind == quant.Uint8 {
				zero = q.zerosF32(len(x))
			}
			asmPieces(len(y), spmvRowsPerCall, func(lo, hi int) (int, bool) {
				if zero != nil {
					ks.u8Col(y[lo:hi], x, ptr[lo:hi+1], idx, codes, scale, zero, alpha, beta)
				} else {
					ks.i8Col(y[lo:hi], x, ptr[lo:hi+1], idx, codes, scale, alpha, beta)
				}
				return hi, true
			}, func(lo, end int) {
				raceRows(ptr, idx, codes, x, lo, end, false)
				raceRows(ptr, idx, codes, scale[:len(x)], lo, end, false)
				raceWrite(y[lo:end])
			})
		case ks.i8Block != nil && q.kind == quant.Int8 && qBlockFused(q, len(idx), len(idx)):
			scale, b := q.v.Scale, q.b
			asmPieces(len(y), spmvRowsPerCall, func(lo, hi int) (int, bool) {
				ks.i8Block(y[lo:hi], x, ptr[lo:hi+1], idx, codes, scale, b, alpha, beta)
				return hi, true
			}, func(lo, end int) {
				raceRows(ptr, idx, codes, x, lo, end, false)
				qRaceBlocks(ptr, idx, scale, b, lo, end)
				raceWrite(y[lo:end])
			})
		case ks.u8Block != nil && q.kind == quant.Uint8 && qBlockFused(q, len(idx), len(idx)):
			scale, zero, b := q.v.Scale, q.v.Zero, q.b
			asmPieces(len(y), spmvRowsPerCall, func(lo, hi int) (int, bool) {
				ks.u8Block(y[lo:hi], x, ptr[lo:hi+1], idx, codes, scale, zero, b, alpha, beta)
				return hi, true
			}, func(lo, end int) {
				raceRows(ptr, idx, codes, x, lo, end, false)
				qRaceBlocks(ptr, idx, scale, b, lo, end)
				qRaceBlocks(ptr, idx, zero, b, lo, end)
				raceWrite(y[lo:end])
			})
		case ks.mx8 != nil && q.kind == quant.MXFP8 && qBlockFused(q, len(idx), len(idx)):
			exps, b := q.v.Exp, q.b
			asmPieces(len(y), spmvRowsPerCall, func(lo, hi int) (int, bool) {
				ks.mx8(y[lo:hi], x, ptr[lo:hi+1], idx, codes, exps, b, alpha, beta)
				return hi, true
			}, func(lo, end int) {
				raceRows(ptr, idx, codes, x, lo, end, false)
				qRaceBlocks(ptr, idx, exps, b, lo, end)
				raceWrite(y[lo:end])
			})
		case ks.block4 != nil && q.table != nil && qBlockFused(q, len(idx), (len(idx)+1)/2):
			table, b := q.table[:], q.b
			mx, scale, exps := q.kind == quant.MXFP4, q.v.Scale, q.v.Exp
			asmPieces(len(y), spmvRowsPerCall, func(lo, hi int) (int, bool) {
				if mx {
					ks.mx4(y[lo:hi], x, ptr[lo:hi+1], idx, codes, table, exps, b, alpha, beta)
				} else {
					ks.block4(y[lo:hi], x, ptr[lo:hi+1], idx, codes, table, scale, b, alpha, beta)
				}
				return hi, true
			}, func(lo, end int) {
				if mx {
					qRaceRows4(ptr, idx, codes, exps, b, x, lo, end)
				} else {
					qRaceRows4(ptr, idx, codes, scale, b, x, lo, end)
				}
				raceWrite(y[lo:end])
			})
		default:
			qspmvTiled(y, x, ptr, idx, q, alpha, beta)
		}
	}
}

// qBlockFused reports whether the block kernels take q, an operand on n
// values whose codes take bytes bytes: qBlocksHeld, with blocks of at
// least a vector of 16 (a vector spans at most two).
func qBlockFused(q *qOperand, n, bytes int) bool {
	return q.b >= 16 && qBlocksHeld(q, n, bytes)
}

// qBlocksHeld reports whether q, an operand on n values whose codes take
// bytes bytes, is by block with the codes and a scale (MX: an exponent;
// uint8: and a zero point) for every block of the n values: what a block
// kernel of any block size reads (the scatter and SpMM kernels take every
// size, the SpMV ones blocks of 16 or more, qBlockFused).
func qBlocksHeld(q *qOperand, n, bytes int) bool {
	if q.mode != qBlock || q.b < 1 || len(q.v.Codes) < bytes {
		return false
	}
	groups := (n + q.b - 1) / q.b
	if q.kind == quant.MXFP4 || q.kind == quant.MXFP8 {
		return len(q.v.Exp) >= groups
	}
	if q.kind == quant.Uint8 && len(q.v.Zero) < groups {
		return false
	}
	return len(q.v.Scale) >= groups
}

// qColFused reports whether a column kernel of ks takes q, an operand on
// n values and an x of nx elements: channels by column, int8 or uint8
// codes (of the n values), and a scale (and zero point) for every column
// of x.
func qColFused(q *qOperand, ks qspmvKernels, nx, n int) bool {
	k := q.kind == quant.Int8 && ks.i8Col != nil || q.kind == quant.Uint8 && ks.u8Col != nil
	return k && q.mode == qCol && q.nx >= nx && len(q.v.Codes) >= n
}

// qRaceRows4 is raceRows for a kernel on 4-bit codes with one parameter
// per block of b values.
func qRaceRows4[P any](ptr, idx []uint64, codes []byte, params []P, b int, x []float32, lo, end int) {
	raceRows(ptr, idx, idx, x, lo, end, false) // the indices and x; idx stands for the values
	for i := lo; i < end; i++ {
		if a, e := clampRange(ptr, i, len(idx)); a < e {
			raceRead(codes[a/2 : (e+1)/2])
		}
	}
	qRaceBlocks(ptr, idx, params, b, lo, end)
}

// qRaceBlocks records the reads of the parameters of the blocks of b
// values that rows lo..end-1 of ptr touch.
func qRaceBlocks[P any](ptr, idx []uint64, params []P, b int, lo, end int) {
	for i := lo; i < end; i++ {
		if a, e := clampRange(ptr, i, len(idx)); a < e {
			raceRead(params[a/b : (e-1)/b+1])
		}
	}
}
