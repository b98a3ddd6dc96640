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
// scale per block (QScatter8MXAVX2's).
type qscatterKernels struct {
	i8Row   func(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, alpha float32)
	i8Block func(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, b int, alpha float32)
	block4  func(y, x []float32, ptr, idx []uint64, codes []byte, table, scale []float32, b int, alpha float32)
	mx4     func(y, x []float32, ptr, idx []uint64, codes []byte, table []float32, exps []byte, b int, alpha float32)
	mx8     func(y, x []float32, ptr, idx []uint64, codes []byte, table []float32, exps []byte, b int, alpha float32)
}

// qscatterFusedAsm is the glue of the fused QScatterAdd kernels: an
// operand one of ks takes runs it, spmvRowsPerCall rows a call, after the
// checks of what the kernel assumes; any other operand takes
// qscatterTiled.
//
//go:noinline
func qscatterFusedAsm(ks qscatterKernels) qscatterFunc {
	return func(y, x []float32, ptr, idx []uint64, q *qOperand, alpha float32) {
		if len(ptr) != len(x)+1 {
			panic("kernels: QScatterAdd: internal error: lengths")
		}
		codes, n := q.v.Codes, len(idx)
		// run calls k on pieces of the rows and records the kernel's
		// accesses, params being the parameters it reads (scales by row
		// or by block, or the exponents as bytes).
		run := func(k func(lo, hi int), nib bool, params func(lo, end int)) {
			asmPieces(len(x), spmvRowsPerCall, func(lo, hi int) (int, bool) {
				k(lo, hi)
				return hi, true
			}, func(lo, end int) {
				raceRead(x[lo:end])
				raceRows(ptr, idx, idx, y, lo, end, true) // the indices and y; idx stands for the values
				qRaceCodes(ptr, n, codes, nib, lo, end)
				params(lo, end)
			})
		}
		b := q.b
		switch {
		case ks.i8Row != nil && q.mode == qRow && q.kind == quant.Int8 && len(codes) >= n:
			rs := q.rs
			if len(rs) != len(x) {
				panic("kernels: QScatterAdd: internal error: lengths")
			}
			run(func(lo, hi int) { ks.i8Row(y, x[lo:hi], ptr[lo:hi+1], idx, codes, rs[lo:hi], alpha) },
				false, func(lo, end int) { raceRead(rs[lo:end]) })
		case ks.i8Block != nil && q.kind == quant.Int8 && qScatterBlocks(q, n, n):
			scale := q.v.Scale
			run(func(lo, hi int) { ks.i8Block(y, x[lo:hi], ptr[lo:hi+1], idx, codes, scale, b, alpha) },
				false, func(lo, end int) { qRaceBlocks(ptr, idx, scale, b, lo, end) })
		case ks.mx8 != nil && q.kind == quant.MXFP8 && qScatterBlocks(q, n, n):
			exps := q.v.Exp
			run(func(lo, hi int) { ks.mx8(y, x[lo:hi], ptr[lo:hi+1], idx, codes, e4m3Table[:], exps, b, alpha) },
				false, func(lo, end int) { qRaceBlocks(ptr, idx, exps, b, lo, end) })
		case ks.mx4 != nil && q.kind == quant.MXFP4 && qScatterBlocks(q, n, (n+1)/2):
			exps := q.v.Exp
			run(func(lo, hi int) { ks.mx4(y, x[lo:hi], ptr[lo:hi+1], idx, codes, q.table[:], exps, b, alpha) },
				true, func(lo, end int) { qRaceBlocks(ptr, idx, exps, b, lo, end) })
		case ks.block4 != nil && q.table != nil && q.kind != quant.MXFP4 && qScatterBlocks(q, n, (n+1)/2):
			scale := q.v.Scale
			run(func(lo, hi int) { ks.block4(y, x[lo:hi], ptr[lo:hi+1], idx, codes, q.table[:], scale, b, alpha) },
				true, func(lo, end int) { qRaceBlocks(ptr, idx, scale, b, lo, end) })
		default:
			qscatterTiled(y, x, ptr, idx, q, alpha)
		}
	}
}

// qScatterBlocks reports whether the scatter block kernels take q, an
// operand on n values whose codes take bytes bytes: codes by block, and
// the codes and a scale (MX: an exponent) for every block of the n values.
// Unlike the gathers' vector kernels they take any block size.
func qScatterBlocks(q *qOperand, n, bytes int) bool {
	if q.mode != qBlock || q.b < 1 || len(q.v.Codes) < bytes {
		return false
	}
	groups := (n + q.b - 1) / q.b
	if q.kind == quant.MXFP4 || q.kind == quant.MXFP8 {
		return len(q.v.Exp) >= groups
	}
	return len(q.v.Scale) >= groups
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
