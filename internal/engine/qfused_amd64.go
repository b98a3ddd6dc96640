//go:build !purego && !noasm && gc

package engine

import (
	"github.com/hurray-format/hurray-go/quant"
)

// The glue of the fused families' amd64 kernels (registered in
// register_amd64.go).

// qspmvI8RowKernel is a fused SpMV kernel on int8 codes with a scale per
// row (amd64.QSpMVI8RowAVX2's contract).
type qspmvI8RowKernel = func(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, alpha, beta float32)

// qspmvFusedAsm is the glue of the fused SpMV kernels: int8 qRow operands
// run k, spmvRowsPerCall rows a call, after the checks of what k assumes;
// any other operand takes qspmvTiled.
//
//go:noinline
func qspmvFusedAsm(k qspmvI8RowKernel) qspmvFunc {
	return func(y, x []float32, ptr, idx []uint64, q *qOperand, alpha, beta float32) {
		codes := q.v.Codes
		if q.mode != qRow || q.kind != quant.Int8 || len(codes) < len(idx) {
			qspmvTiled(y, x, ptr, idx, q, alpha, beta)
			return
		}
		if len(ptr) != len(y)+1 || len(q.rs) != len(y) {
			panic("kernels: QSpMV: internal error: lengths")
		}
		if beta == 0 {
			beta = 0 // +0: the kernel does not read y
		}
		rs := q.rs
		asmPieces(len(y), spmvRowsPerCall, func(lo, hi int) (int, bool) {
			k(y[lo:hi], x, ptr[lo:hi+1], idx, codes, rs[lo:hi], alpha, beta)
			return hi, true
		}, func(lo, end int) {
			qRaceRows(ptr, idx, codes, x, lo, end)
			raceRead(rs[lo:end])
			raceWrite(y[lo:end])
		})
	}
}

// qRaceRows is raceRows for a kernel on 8-bit codes.
func qRaceRows(ptr, idx []uint64, codes []byte, x []float32, lo, end int) {
	raceRead(ptr[lo : end+1])
	for i := lo; i < end; i++ {
		a, b := clampRange(ptr, i, len(idx))
		raceRead(idx[a:b])
		raceRead(codes[a:b])
		for _, j := range idx[a:b] {
			if j < uint64(len(x)) {
				raceRead(x[j : j+1])
			}
		}
	}
}
