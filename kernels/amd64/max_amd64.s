//go:build !purego && !noasm && gc

#include "textflag.h"

// Max over uint64.
//
// AVX2 has no unsigned 64-bit max, so the AVX2 kernel works in the
// sign-flipped domain: x ^ 1<<63 orders like a signed number, so a signed
// VPCMPGTQ plus VBLENDVPD keeps the larger of two. Four accumulators of four
// lanes take 16 elements per iteration; the result is flipped back at the end.
// AVX-512 has VPMAXUQ: four accumulators of eight lanes, 32 per iteration.

// func MaxAVX2(s []uint64) uint64
// Requires: AVX, AVX2
TEXT ·MaxAVX2(SB), NOSPLIT, $0-32
	MOVQ s_base+0(FP), SI // SI = &s[0]
	MOVQ s_len+8(FP), CX  // CX = len(s), a multiple of 16

	// SIGN = 1<<63 in every lane; acc0..acc3 = flip(0) = SIGN
	MOVQ         $0x8000000000000000, AX
	VMOVQ        AX, X15
	VPBROADCASTQ X15, Y15
	VMOVDQU      Y15, Y0
	VMOVDQU      Y15, Y1
	VMOVDQU      Y15, Y2
	VMOVDQU      Y15, Y3

loop:
	// for ; n > 0; n -= 16 { acc_k = maxs(acc_k, s[4k:4k+4] ^ SIGN) }
	TESTQ     CX, CX
	JZ        reduce
	VPXOR     (SI), Y15, Y4
	VPXOR     32(SI), Y15, Y5
	VPXOR     64(SI), Y15, Y6
	VPXOR     96(SI), Y15, Y7
	VPCMPGTQ  Y0, Y4, Y8      // Y8 = x > acc
	VPCMPGTQ  Y1, Y5, Y9
	VPCMPGTQ  Y2, Y6, Y10
	VPCMPGTQ  Y3, Y7, Y11
	VBLENDVPD Y8, Y4, Y0, Y0  // acc = x > acc ? x : acc
	VBLENDVPD Y9, Y5, Y1, Y1
	VBLENDVPD Y10, Y6, Y2, Y2
	VBLENDVPD Y11, Y7, Y3, Y3
	ADDQ      $128, SI
	SUBQ      $16, CX
	JMP       loop

reduce:
	// acc0 = maxs(acc0, acc1, acc2, acc3), then across the four lanes
	VPCMPGTQ     Y0, Y1, Y8
	VBLENDVPD    Y8, Y1, Y0, Y0
	VPCMPGTQ     Y2, Y3, Y9
	VBLENDVPD    Y9, Y3, Y2, Y2
	VPCMPGTQ     Y0, Y2, Y8
	VBLENDVPD    Y8, Y2, Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPCMPGTQ     X0, X1, X8
	VBLENDVPD    X8, X1, X0, X0
	VPSHUFD      $0x4e, X0, X1
	VPCMPGTQ     X0, X1, X8
	VBLENDVPD    X8, X1, X0, X0

	// return lane0 ^ SIGN
	VMOVQ X0, AX
	BTCQ  $63, AX
	MOVQ  AX, ret+24(FP)
	VZEROUPPER
	RET

// func MaxAVX512(s []uint64) uint64
// Requires: AVX512F, AVX512VL
TEXT ·MaxAVX512(SB), NOSPLIT, $0-32
	MOVQ   s_base+0(FP), SI // SI = &s[0]
	MOVQ   s_len+8(FP), CX  // CX = len(s), a multiple of 32
	VPXORQ Z0, Z0, Z0       // acc0..acc3 = 0
	VPXORQ Z1, Z1, Z1
	VPXORQ Z2, Z2, Z2
	VPXORQ Z3, Z3, Z3

loop:
	// for ; n > 0; n -= 32 { acc_k = maxu(acc_k, s[8k:8k+8]) }
	TESTQ   CX, CX
	JZ      reduce
	VPMAXUQ (SI), Z0, Z0
	VPMAXUQ 64(SI), Z1, Z1
	VPMAXUQ 128(SI), Z2, Z2
	VPMAXUQ 192(SI), Z3, Z3
	ADDQ    $256, SI
	SUBQ    $32, CX
	JMP     loop

reduce:
	// fold 4 accumulators, then 8 -> 4 -> 2 -> 1 lanes
	VPMAXUQ        Z1, Z0, Z0
	VPMAXUQ        Z3, Z2, Z2
	VPMAXUQ        Z2, Z0, Z0
	VEXTRACTI64X4  $1, Z0, Y1
	VPMAXUQ        Y1, Y0, Y0
	VEXTRACTI128   $1, Y0, X1
	VPMAXUQ        X1, X0, X0
	VPSHUFD        $0x4e, X0, X1
	VPMAXUQ        X1, X0, X0
	VMOVQ          X0, AX
	MOVQ           AX, ret+24(FP)
	VZEROUPPER
	RET
