//go:build !purego && !noasm && gc

#include "textflag.h"

// NonDecreasing block scan. A descent at i is s[i-1] > s[i] (unsigned). The
// vector of predecessors is the load one element before the load of the
// successors, so a block of pairs costs two overlapping loads per vector and
// no shuffles. AVX2 compares in the sign-flipped domain (x ^ 1<<63 with the
// signed VPCMPGTQ); AVX-512 uses VPCMPUQ into mask registers. The kernel
// stops at the first block holding a descent; Go finds the exact index.

// func NonDecreasingAVX2(s []uint64) int
// Requires: AVX, AVX2
TEXT ·NonDecreasingAVX2(SB), NOSPLIT, $0-32
	MOVQ s_base+0(FP), SI // SI = &s[i-1], i = 1
	MOVQ s_len+8(FP), CX
	XORQ AX, AX           // AX = k, pairs done
	SUBQ $1, CX           // CX = pairs left = len(s)-1
	JLE  done             // len(s) <= 1: no pairs

	MOVQ         $0x8000000000000000, DX
	VMOVQ        DX, X15
	VPBROADCASTQ X15, Y15 // SIGN

loop:
	// for pairsLeft >= 8 { if any s[i-1+j] > s[i+j], j < 8 { break }; i += 8 }
	CMPQ     CX, $8
	JLT      done
	VPXOR    (SI), Y15, Y0   // prev[0:4]
	VPXOR    8(SI), Y15, Y1  // next[0:4]
	VPXOR    32(SI), Y15, Y2 // prev[4:8]
	VPXOR    40(SI), Y15, Y3 // next[4:8]
	VPCMPGTQ Y1, Y0, Y0      // prev > next
	VPCMPGTQ Y3, Y2, Y2
	VPOR     Y2, Y0, Y0
	VPTEST   Y0, Y0
	JNZ      done
	ADDQ     $64, SI
	ADDQ     $8, AX
	SUBQ     $8, CX
	JMP      loop

done:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func NonDecreasingAVX512(s []uint64) int
// Requires: AVX512F
TEXT ·NonDecreasingAVX512(SB), NOSPLIT, $0-32
	MOVQ s_base+0(FP), SI // SI = &s[i-1], i = 1
	MOVQ s_len+8(FP), CX
	XORQ AX, AX           // AX = k
	SUBQ $1, CX           // CX = pairs left
	JLE  done

loop:
	// for pairsLeft >= 16 { if any s[i-1+j] > s[i+j], j < 16 { break }; i += 16 }
	CMPQ      CX, $16
	JLT       done
	VMOVDQU64 8(SI), Z0
	VMOVDQU64 72(SI), Z1
	VPCMPUQ   $1, (SI), Z0, K1  // K1 = next < prev
	VPCMPUQ   $1, 64(SI), Z1, K2
	KORTESTW  K1, K2
	JNZ       done
	ADDQ      $128, SI
	ADDQ      $16, AX
	SUBQ      $16, CX
	JMP       loop

done:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET
