//go:build !purego && !noasm && gc

#include "textflag.h"

// FirstNotBelow block scan: find the first block holding s[i] >= bound[i].
// AVX2 tests "all lanes below": in the sign-flipped domain below means
// bound > s for the signed VPCMPGTQ; the AND of the block's masks is tested
// against all-ones with VPTEST (CF = 1 when every lane is below). AVX-512 uses
// VPCMPUQ (not-less-than) into masks and KORTEST. The cyclic form walks a
// pattern of bounds whose length is a multiple of the block, wrapping the
// pattern pointer; Go builds the pattern by tiling the bounds.

// func FirstNotBelowAVX2(s []uint64, bound uint64) int
// Requires: AVX, AVX2
TEXT ·FirstNotBelowAVX2(SB), NOSPLIT, $0-40
	MOVQ s_base+0(FP), SI // SI = &s[k]
	MOVQ s_len+8(FP), CX  // CX = elements left
	XORQ AX, AX           // AX = k

	MOVQ         $0x8000000000000000, DX
	VMOVQ        DX, X15
	VPBROADCASTQ X15, Y15 // SIGN
	XORQ         bound+24(FP), DX
	VMOVQ        DX, X14
	VPBROADCASTQ X14, Y14 // BOUND ^ SIGN
	VPCMPEQQ     Y13, Y13, Y13 // ONES

loop:
	// for left >= 8 { if !all(s[k+j] < bound) { break }; k += 8 }
	CMPQ     CX, $8
	JLT      done
	VPXOR    (SI), Y15, Y0
	VPXOR    32(SI), Y15, Y1
	VPCMPGTQ Y0, Y14, Y0 // bound > s
	VPCMPGTQ Y1, Y14, Y1
	VPAND    Y1, Y0, Y0
	VPTEST   Y13, Y0     // CF = every lane below
	JCC      done
	ADDQ     $64, SI
	ADDQ     $8, AX
	SUBQ     $8, CX
	JMP      loop

done:
	MOVQ AX, ret+32(FP)
	VZEROUPPER
	RET

// func FirstNotBelowAVX512(s []uint64, bound uint64) int
// Requires: AVX512F
TEXT ·FirstNotBelowAVX512(SB), NOSPLIT, $0-40
	MOVQ         s_base+0(FP), SI // SI = &s[k]
	MOVQ         s_len+8(FP), CX  // CX = elements left
	XORQ         AX, AX           // AX = k
	VPBROADCASTQ bound+24(FP), Z15

loop:
	// for left >= 32 { if any(s[k+j] >= bound) { break }; k += 32 }
	CMPQ     CX, $32
	JLT      done
	VPCMPUQ  $2, (SI), Z15, K1 // K1 = bound <= s
	VPCMPUQ  $2, 64(SI), Z15, K2
	VPCMPUQ  $2, 128(SI), Z15, K3
	VPCMPUQ  $2, 192(SI), Z15, K4
	KORW     K1, K2, K1
	KORW     K3, K4, K3
	KORTESTW K1, K3
	JNZ      done
	ADDQ     $256, SI
	ADDQ     $32, AX
	SUBQ     $32, CX
	JMP      loop

done:
	MOVQ AX, ret+32(FP)
	VZEROUPPER
	RET

// func FirstNotBelowCycleAVX2(s []uint64, pat []uint64) int
// Requires: AVX, AVX2
TEXT ·FirstNotBelowCycleAVX2(SB), NOSPLIT, $0-56
	MOVQ s_base+0(FP), SI   // SI = &s[k]
	MOVQ s_len+8(FP), CX    // CX = elements left
	MOVQ pat_base+24(FP), DI // DI = &pat[0]
	MOVQ pat_len+32(FP), R8
	LEAQ (DI)(R8*8), R8     // R8 = &pat[len(pat)], the wrap point
	MOVQ DI, BX             // BX = &pat[k % len(pat)]
	XORQ AX, AX             // AX = k

	MOVQ         $0x8000000000000000, DX
	VMOVQ        DX, X15
	VPBROADCASTQ X15, Y15      // SIGN
	VPCMPEQQ     Y13, Y13, Y13 // ONES

loop:
	// for left >= 8 { if !all(s[k+j] < pat[(k+j)%P]) { break }; k += 8 }
	CMPQ     CX, $8
	JLT      done
	VPXOR    (SI), Y15, Y0
	VPXOR    32(SI), Y15, Y1
	VPXOR    (BX), Y15, Y2
	VPXOR    32(BX), Y15, Y3
	VPCMPGTQ Y0, Y2, Y0 // bound > s
	VPCMPGTQ Y1, Y3, Y1
	VPAND    Y1, Y0, Y0
	VPTEST   Y13, Y0
	JCC      done
	ADDQ     $64, SI
	ADDQ     $8, AX
	SUBQ     $8, CX
	ADDQ     $64, BX
	CMPQ     BX, R8
	CMOVQEQ  DI, BX     // wrap the pattern
	JMP      loop

done:
	MOVQ AX, ret+48(FP)
	VZEROUPPER
	RET

// func FirstNotBelowCycleAVX512(s []uint64, pat []uint64) int
// Requires: AVX512F
TEXT ·FirstNotBelowCycleAVX512(SB), NOSPLIT, $0-56
	MOVQ s_base+0(FP), SI    // SI = &s[k]
	MOVQ s_len+8(FP), CX     // CX = elements left
	MOVQ pat_base+24(FP), DI // DI = &pat[0]
	MOVQ pat_len+32(FP), R8
	LEAQ (DI)(R8*8), R8      // R8 = wrap point
	MOVQ DI, BX              // BX = &pat[k % len(pat)]
	XORQ AX, AX              // AX = k

loop:
	// for left >= 16 { if any(s[k+j] >= pat[(k+j)%P]) { break }; k += 16 }
	CMPQ      CX, $16
	JLT       done
	VMOVDQU64 (SI), Z0
	VMOVDQU64 64(SI), Z1
	VPCMPUQ   $1, (BX), Z0, K1 // K1 = s < bound
	VPCMPUQ   $1, 64(BX), Z1, K2
	KANDW     K1, K2, K1
	KORTESTB  K1, K1           // CF = all 8 lanes below
	JCC       done
	ADDQ      $128, SI
	ADDQ      $16, AX
	SUBQ      $16, CX
	ADDQ      $128, BX
	CMPQ      BX, R8
	CMOVQEQ   DI, BX
	JMP       loop

done:
	MOVQ AX, ret+48(FP)
	VZEROUPPER
	RET
