//go:build !purego && !noasm && gc

#include "textflag.h"

// Exclusive prefix sum, in-register (Hillis-Steele) within a vector:
//   AVX2, 4 lanes: t1 = x shifted up one lane (VPERMQ + VPBLENDD with zero),
//   x1 = x + t1, t2 = x1 shifted up two lanes; exclusive = t1 + t2 and
//   inclusive = x1 + t2.
//   AVX-512, 8 lanes: shifts of 1, 2, 4 lanes by VALIGNQ against a zero
//   vector; exclusive = inclusive - x.
// The running carry is a broadcast vector; each block adds it and then adds
// the block total (VPERMQ broadcast of the last inclusive lane). Each block is
// loaded before it is stored, so dst == src works.

// func ExclusiveScanAVX2(dst, src []uint64, carry uint64) uint64
// Requires: AVX, AVX2
TEXT ·ExclusiveScanAVX2(SB), NOSPLIT, $0-64
	MOVQ         dst_base+0(FP), DI
	MOVQ         src_base+24(FP), SI
	MOVQ         src_len+32(FP), CX // a multiple of 8
	VPBROADCASTQ carry+48(FP), Y14  // CARRY
	VPXOR        Y15, Y15, Y15      // ZERO

loop:
	// for n > 0 { two blocks of 4: dst = CARRY + exclusive; CARRY += total }
	TESTQ    CX, CX
	JZ       done
	VMOVDQU  (SI), Y0
	VMOVDQU  32(SI), Y5
	VPERMQ   $0x90, Y0, Y1        // [x0 x0 x1 x2]
	VPERMQ   $0x90, Y5, Y6
	VPBLENDD $0x03, Y15, Y1, Y1   // t1 = [0 x0 x1 x2]
	VPBLENDD $0x03, Y15, Y6, Y6
	VPADDQ   Y1, Y0, Y2           // x1 = x + t1
	VPADDQ   Y6, Y5, Y7
	VPERMQ   $0x40, Y2, Y3        // [x1_0 x1_0 x1_0 x1_1]
	VPERMQ   $0x40, Y7, Y8
	VPBLENDD $0x0f, Y15, Y3, Y3   // t2 = [0 0 x1_0 x1_1]
	VPBLENDD $0x0f, Y15, Y8, Y8
	VPADDQ   Y3, Y1, Y4           // exclusive = t1 + t2
	VPADDQ   Y8, Y6, Y9
	VPADDQ   Y3, Y2, Y2           // inclusive = x1 + t2
	VPADDQ   Y8, Y7, Y7
	VPERMQ   $0xff, Y2, Y2        // total of block 0 in every lane
	VPERMQ   $0xff, Y7, Y7
	VPADDQ   Y14, Y4, Y4          // dst0 = CARRY + exclusive0
	VPADDQ   Y2, Y14, Y14         // CARRY += total0
	VPADDQ   Y14, Y9, Y9          // dst1 = CARRY + exclusive1
	VPADDQ   Y7, Y14, Y14         // CARRY += total1
	VMOVDQU  Y4, (DI)
	VMOVDQU  Y9, 32(DI)
	ADDQ     $64, SI
	ADDQ     $64, DI
	SUBQ     $8, CX
	JMP      loop

done:
	VMOVQ X14, AX
	MOVQ  AX, ret+56(FP)
	VZEROUPPER
	RET

// func ExclusiveScanAVX512(dst, src []uint64, carry uint64) uint64
// Requires: AVX512F
TEXT ·ExclusiveScanAVX512(SB), NOSPLIT, $0-64
	MOVQ         dst_base+0(FP), DI
	MOVQ         src_base+24(FP), SI
	MOVQ         src_len+32(FP), CX // a multiple of 16
	VPBROADCASTQ carry+48(FP), Z14  // CARRY
	VPXORQ       Z15, Z15, Z15      // ZERO
	MOVQ         $7, AX
	VPBROADCASTQ AX, Z13            // IDX7: permute index of the last lane

loop:
	// for n > 0 { two blocks of 8: dst = CARRY + inclusive - x; CARRY += total }
	TESTQ     CX, CX
	JZ        done
	VMOVDQU64 (SI), Z0
	VMOVDQU64 64(SI), Z5
	VALIGNQ   $7, Z15, Z0, Z1 // x shifted up 1 lane
	VALIGNQ   $7, Z15, Z5, Z6
	VPADDQ    Z1, Z0, Z1
	VPADDQ    Z6, Z5, Z6
	VALIGNQ   $6, Z15, Z1, Z2 // shifted up 2
	VALIGNQ   $6, Z15, Z6, Z7
	VPADDQ    Z2, Z1, Z1
	VPADDQ    Z7, Z6, Z6
	VALIGNQ   $4, Z15, Z1, Z2 // shifted up 4
	VALIGNQ   $4, Z15, Z6, Z7
	VPADDQ    Z2, Z1, Z1      // inclusive
	VPADDQ    Z7, Z6, Z6
	VPSUBQ    Z0, Z1, Z0      // exclusive = inclusive - x
	VPSUBQ    Z5, Z6, Z5
	VPERMQ    Z1, Z13, Z1     // total in every lane
	VPERMQ    Z6, Z13, Z6
	VPADDQ    Z14, Z0, Z0     // dst0 = CARRY + exclusive0
	VPADDQ    Z1, Z14, Z14
	VPADDQ    Z14, Z5, Z5     // dst1 = CARRY + exclusive1
	VPADDQ    Z6, Z14, Z14
	VMOVDQU64 Z0, (DI)
	VMOVDQU64 Z5, 64(DI)
	ADDQ      $128, SI
	ADDQ      $128, DI
	SUBQ      $16, CX
	JMP       loop

done:
	VMOVQ X14, AX
	MOVQ  AX, ret+56(FP)
	VZEROUPPER
	RET
