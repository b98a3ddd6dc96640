//go:build !purego && !noasm && gc

#include "textflag.h"

// Exclusive prefix sum with NEON, two 64-bit lanes per register, four
// elements per step; package kernels does the tail.
//
// Requires: NEON (ASIMD).

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
