//go:build !purego && !noasm && gc

#include "textflag.h"

// Run fill with NEON, two 64-bit lanes per register: per run, the clamped
// range [lo, hi) is written with the run's value, four elements (two stores of
// a duplicated register) per step, then 2 and 1 for the tail of the run; with a
// stride other than 1 ExpandRunsNEON stores one element per step. Ranges are
// clamped as clampRange does, so nothing is written outside dst whatever pos
// or ptr hold, and runs are written in order (a later run wins on overlap).
//
// Requires: NEON (ASIMD).

// func ExpandRunsNEON(dst []uint64, rows, stride, off int, ptr, vals []uint64)
//
// rows is len(dst)/stride; len(ptr) is len(vals)+1.
//
//    for i, v := range vals {
//        lo, hi := min(ptr[i], rows), min(ptr[i+1], rows)
//        for j := lo; j < max(lo, hi); j++ {
//            dst[j*stride+off] = v
//        }
//    }
TEXT ·ExpandRunsNEON(SB), NOSPLIT, $0-96
	MOVD dst_base+0(FP), R0
	MOVD rows+24(FP), R1
	MOVD stride+32(FP), R10
	MOVD off+40(FP), R11
	MOVD ptr_base+48(FP), R2      // &ptr[i]
	MOVD vals_base+72(FP), R12    // &vals[i]
	MOVD vals_len+80(FP), R3      // runs left
	ADD  R11<<3, R0, R0           // &dst[off]: row j is at R0 + j*stride*8
	LSL  $3, R10, R13             // row step in bytes
	CBZ  R3, erdone
	MOVD.P 8(R2), R5              // lo = min(ptr[0], rows)
	CMP  R1, R5
	CSEL HI, R1, R5, R5

errun:
	// hi = min(ptr[i+1], rows); next lo = hi; hi = max(lo, hi)
	MOVD.P 8(R2), R6
	CMP  R1, R6
	CSEL HI, R1, R6, R6
	MOVD R6, R7
	CMP  R5, R6
	CSEL LO, R5, R6, R6
	MOVD.P 8(R12), R4             // v = vals[i]
	SUB  R5, R6, R9               // c = hi - lo
	MUL  R5, R13, R8
	ADD  R0, R8, R8               // q := &dst[lo*stride+off]
	CMP  $1, R10
	BNE  erstrided
	VDUP R4, V0.D2
	VMOV V0.B16, V1.B16
	CMP  $4, R9
	BLO  ertail2

er4:
	// stride 1, c >= 4: q[0:4] = v; q += 4; c -= 4
	VST1.P [V0.D2, V1.D2], 32(R8)
	SUB  $4, R9, R9
	CMP  $4, R9
	BHS  er4

ertail2:
	TBZ  $1, R9, ertail1
	VST1.P [V0.D2], 16(R8)

ertail1:
	TBZ  $0, R9, ernext
	MOVD R4, (R8)
	B    ernext

erstrided:
	// for ; c > 0; c-- { *q = v; q += stride }
	CBZ  R9, ernext

erstep:
	MOVD R4, (R8)
	ADD  R13, R8, R8
	SUBS $1, R9, R9
	BNE  erstep

ernext:
	MOVD R7, R5
	SUBS $1, R3, R3
	BNE  errun

erdone:
	RET
