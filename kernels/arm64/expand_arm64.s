//go:build !purego && !noasm && gc

#include "textflag.h"

// Expansion and prefix-sum kernels with NEON, two 64-bit lanes per register.
//
// ExpandPosNEON and ExpandRunsNEON fill runs: per run, the clamped range
// [lo, hi) is written with the run's value, four elements (two stores of a
// duplicated register) per step, then 2 and 1 for the tail of the run; with a
// stride other than 1 ExpandRunsNEON stores one element per step. Ranges are
// clamped as clampRange does, so nothing is written outside dst whatever pos
// or ptr hold, and runs are written in order (a later run wins on overlap).
//
// ExclusiveScanNEON does four elements per step; package kernels does the
// tail.
//
// Requires: NEON (ASIMD).

// func ExpandPosNEON(dst []uint64, pos []uint64, first uint64)
//
//    n := len(dst)
//    for p := 0; p+1 < len(pos); p++ {
//        lo, hi := min(pos[p], n), min(pos[p+1], n)
//        for j := lo; j < max(lo, hi); j++ {
//            dst[j] = first + p
//        }
//    }
TEXT ·ExpandPosNEON(SB), NOSPLIT, $0-56
	MOVD dst_base+0(FP), R0
	MOVD dst_len+8(FP), R1        // n
	MOVD pos_base+24(FP), R2      // &pos[p]
	MOVD pos_len+32(FP), R3
	MOVD first+48(FP), R4         // v = first + p
	SUBS $1, R3, R3               // runs left
	BLS  epdone                   // len(pos) <= 1
	MOVD.P 8(R2), R5              // lo = min(pos[0], n)
	CMP  R1, R5
	CSEL HI, R1, R5, R5

eprun:
	// hi = min(pos[p+1], n); next lo = hi; hi = max(lo, hi)
	MOVD.P 8(R2), R6
	CMP  R1, R6
	CSEL HI, R1, R6, R6
	MOVD R6, R7                   // next lo
	CMP  R5, R6
	CSEL LO, R5, R6, R6
	// q := &dst[lo]; c := hi - lo
	ADD  R5<<3, R0, R8
	SUB  R5, R6, R9
	VDUP R4, V0.D2
	VMOV V0.B16, V1.B16
	CMP  $4, R9
	BLO  eptail2

ep4:
	// for c >= 4: q[0:4] = v; q += 4; c -= 4
	VST1.P [V0.D2, V1.D2], 32(R8)
	SUB  $4, R9, R9
	CMP  $4, R9
	BHS  ep4

eptail2:
	// c is 0..3
	TBZ  $1, R9, eptail1
	VST1.P [V0.D2], 16(R8)

eptail1:
	TBZ  $0, R9, epnext
	MOVD R4, (R8)

epnext:
	MOVD R7, R5
	ADD  $1, R4, R4
	SUBS $1, R3, R3
	BNE  eprun

epdone:
	RET

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

// func ExclusiveScanNEON(dst, src []uint64, sum uint64) uint64
//
// len(dst) >= len(src); dst is src or does not overlap it.
//
//    for i := 0; i+4 <= len(src); i += 4 {
//        a, b, c, d := src[i], src[i+1], src[i+2], src[i+3]
//        dst[i], dst[i+1] = sum, sum+a            // S + {0, a}
//        dst[i+2], dst[i+3] = sum+a+b, sum+a+b+c  // S + {a+b} + {0, c}
//        sum += a + b + c + d
//    }
//    return sum
TEXT ·ExclusiveScanNEON(SB), NOSPLIT, $0-64
	MOVD dst_base+0(FP), R0
	MOVD src_base+24(FP), R1
	MOVD src_len+32(FP), R2
	MOVD sum+48(FP), R3
	LSR  $2, R2, R2               // blocks of 4 left
	VEOR V31.B16, V31.B16, V31.B16 // zero
	VDUP R3, V6.D2                // S = {sum, sum}
	CBZ  R2, esdone

esloop:
	// x0, x1 := {a, b}, {c, d}; read before dst is written (dst may be src)
	VLD1.P 32(R1), [V0.D2, V1.D2]
	// t0, t1 := {0, a}, {0, c}
	VEXT $8, V0.B16, V31.B16, V2.B16
	VEXT $8, V1.B16, V31.B16, V3.B16
	// p0, p1 := {a, a+b}, {c, c+d}
	VADD V2.D2, V0.D2, V4.D2
	VADD V3.D2, V1.D2, V5.D2
	// out0 := S + t0; S += a+b; out1 := S + t1; S += c+d
	VADD V6.D2, V2.D2, V2.D2
	VDUP V4.D[1], V4.D2
	VADD V4.D2, V6.D2, V6.D2
	VADD V6.D2, V3.D2, V3.D2
	VDUP V5.D[1], V5.D2
	VADD V5.D2, V6.D2, V6.D2
	VST1.P [V2.D2, V3.D2], 32(R0)
	SUBS $1, R2, R2
	BNE  esloop

esdone:
	VMOV V6.D[0], R3
	MOVD R3, ret+56(FP)
	RET
