//go:build !purego && !noasm && gc

#include "textflag.h"

// One CSF level of a batch of lookups, a vector of queries at a time.
//
// Each lane is one query. Parents are loaded from node; a lane is live when
// 0 <= p < len(pos)-1 (a negative p is left as it is, a p past the end
// misses). lo = pos[p], hi = pos[p+1] are gathered for live lanes only and
// clamped to len(crd) (unsigned min via the sign flip on AVX2, VPMINUQ on
// AVX-512), hi = max(hi, lo). Keys are gathered from coords with the index
// vector [off, stride+off, ...]. Then every lane runs the halving of
// lowerBoundGeneric in lockstep:
//
//	for any(n > 1) {
//		half := n >> 1                    // 0 in finished lanes
//		v := gather crd[base+half-1]      // only lanes with n > 1
//		base += (v < key) ? half : 0
//		n -= half
//	}
//	found := n == 1 && gather crd[base] == key
//	node = p < 0 ? p : found ? base : -1
//
// The gathers of the lanes (and of the two interleaved vectors on AVX-512)
// are independent, so their cache misses overlap; that is the point.

// PREFETCH1(d): prefetch pos[node[q+d/8]].
#define PREFETCH1(d) \
	MOVQ       d(DI), AX \
	PREFETCHT0 (R8)(AX*8)

// PREFETCH2(d): p := node[q+d/8]; if uint(p) < nparent { prefetch the first,
// middle and last crd of its segment }.
#define PREFETCH2(d) \
	MOVQ       d(DI), AX \
	CMPQ       AX, R9 \
	JCC        8(PC) \
	MOVQ       (R8)(AX*8), BX \
	MOVQ       8(R8)(AX*8), DX \
	PREFETCHT0 (SI)(BX*8) \
	PREFETCHT0 -8(SI)(DX*8) \
	ADDQ       BX, DX \
	SHRQ       $1, DX \
	PREFETCHT0 (SI)(DX*8)

// func DescendLevelAVX2(node []int, n int, pos, crd, coords []uint64, stride, off int)
// Requires: AVX, AVX2
TEXT ·DescendLevelAVX2(SB), NOSPLIT, $0-120
	MOVQ node_base+0(FP), DI     // DI = &node[q]
	MOVQ node_len+8(FP), R13     // R13 = len(node) - q, for the look-ahead
	MOVQ n+24(FP), CX            // CX = queries left, a multiple of 4
	MOVQ pos_base+32(FP), R8     // R8 = &pos[0]
	MOVQ pos_len+40(FP), R9
	DECQ R9                      // R9 = nparent
	MOVQ crd_base+56(FP), SI     // SI = &crd[0]
	MOVQ crd_len+64(FP), R10     // R10 = len(crd)
	MOVQ coords_base+80(FP), R11 // R11 = &coords[q*stride]
	MOVQ stride+104(FP), R12
	MOVQ off+112(FP), AX

	// KIDX = [off, off+stride, off+2*stride, off+3*stride]
	VMOVQ       AX, X12
	ADDQ        R12, AX
	VPINSRQ     $1, AX, X12, X12
	ADDQ        R12, AX
	VMOVQ       AX, X1
	ADDQ        R12, AX
	VPINSRQ     $1, AX, X1, X1
	VINSERTI128 $1, X1, Y12, Y12
	SHLQ         $5, R12           // R12 = 4*stride*8, coords bytes per vector

	MOVQ         $0x8000000000000000, AX
	VMOVQ        AX, X15
	VPBROADCASTQ X15, Y15 // SIGN
	XORQ         R10, AX
	VMOVQ        AX, X14
	VPBROADCASTQ X14, Y14 // NCRD ^ SIGN
	VMOVQ        R9, X13
	VPBROADCASTQ X13, Y13 // NPARENT
	VPCMPEQQ     Y11, Y11, Y11 // -1
	VPSUBQ       Y11, Y11, Y10
	VPSUBQ       Y11, Y10, Y10 // 1

group:
	TESTQ CX, CX
	JZ    done

	// Stage 1, queries q+32..q+35: prefetch pos[p] (a prefetch never faults,
	// so p is not checked). Stage 2, queries q+16..q+19: their pos lines are
	// in cache by now; for live parents prefetch crd[lo], crd[mid], crd[hi-1].
	CMPQ R13, $36
	JLT  gather
	PREFETCH1(256)
	PREFETCH1(264)
	PREFETCH1(272)
	PREFETCH1(280)
	PREFETCH2(128)
	PREFETCH2(136)
	PREFETCH2(144)
	PREFETCH2(152)

gather:

	// p = node[q:q+4]; valid = p >= 0; live = valid && p < nparent
	VMOVDQU  (DI), Y0
	VPCMPGTQ Y11, Y0, Y1  // Y1 = valid
	VPCMPGTQ Y0, Y13, Y2
	VPAND    Y1, Y2, Y2   // Y2 = live

	// lo, hi = pos[p], pos[p+1] for live lanes, else 0
	VPXOR      Y3, Y3, Y3
	VPXOR      Y5, Y5, Y5
	VMOVDQU    Y2, Y4
	VPGATHERQQ Y4, (R8)(Y0*8), Y3
	VMOVDQU    Y2, Y4
	VPGATHERQQ Y4, 8(R8)(Y0*8), Y5

	// lo = minu(lo, ncrd); hi = minu(hi, ncrd); hi = max(hi, lo)
	VPXOR     Y3, Y15, Y6
	VPCMPGTQ  Y14, Y6, Y6       // lo > ncrd
	VPXOR     Y15, Y14, Y7      // ncrd
	VBLENDVPD Y6, Y7, Y3, Y3
	VPXOR     Y5, Y15, Y6
	VPCMPGTQ  Y14, Y6, Y6
	VBLENDVPD Y6, Y7, Y5, Y5
	VPCMPGTQ  Y5, Y3, Y6        // lo > hi (both < 2^63 now)
	VBLENDVPD Y6, Y3, Y5, Y5
	VPSUBQ    Y3, Y5, Y5        // Y5 = n, Y3 = base

	// key ^ SIGN = coords[q*stride+off+j*stride] ^ SIGN
	VPCMPEQQ   Y4, Y4, Y4
	VPGATHERQQ Y4, (R11)(Y12*8), Y6
	VPXOR      Y6, Y15, Y6     // Y6 = KEY ^ SIGN

halve:
	// while any(n > 1) { one halving step in every lane }
	VPCMPGTQ   Y10, Y5, Y7     // Y7 = n > 1
	VPTEST     Y7, Y7
	JZ         last
	VPSRLQ     $1, Y5, Y8      // Y8 = half
	VPADDQ     Y8, Y3, Y9
	VPADDQ     Y11, Y9, Y9     // Y9 = base+half-1
	VPGATHERQQ Y7, (SI)(Y9*8), Y4
	VPXOR      Y4, Y15, Y4
	VPCMPGTQ   Y4, Y6, Y4      // key > v
	VPAND      Y8, Y4, Y4
	VPADDQ     Y4, Y3, Y3      // base += lt ? half : 0
	VPSUBQ     Y8, Y5, Y5      // n -= half
	JMP        halve

last:
	// found = n == 1 && crd[base] == key; node = valid ? (found ? base : -1) : p
	VPCMPEQQ   Y10, Y5, Y7
	VMOVDQU    Y7, Y8
	VPGATHERQQ Y8, (SI)(Y3*8), Y4
	VPXOR      Y4, Y15, Y4
	VPCMPEQQ   Y6, Y4, Y4
	VPAND      Y7, Y4, Y4
	VBLENDVPD  Y4, Y3, Y11, Y9
	VBLENDVPD  Y1, Y9, Y0, Y0
	VMOVDQU    Y0, (DI)

	ADDQ $32, DI
	ADDQ R12, R11
	SUBQ $4, CX
	SUBQ $4, R13
	JMP  group

done:
	VZEROUPPER
	RET

DATA iota8<>+0(SB)/8, $0
DATA iota8<>+8(SB)/8, $1
DATA iota8<>+16(SB)/8, $2
DATA iota8<>+24(SB)/8, $3
DATA iota8<>+32(SB)/8, $4
DATA iota8<>+40(SB)/8, $5
DATA iota8<>+48(SB)/8, $6
DATA iota8<>+56(SB)/8, $7
GLOBL iota8<>(SB), RODATA|NOPTR, $64

// func DescendLevelAVX512(node []int, n int, pos, crd, coords []uint64, stride, off int)
// Requires: AVX512F, AVX512DQ
TEXT ·DescendLevelAVX512(SB), NOSPLIT, $0-120
	MOVQ node_base+0(FP), DI     // DI = &node[q]
	MOVQ node_len+8(FP), R13     // R13 = len(node) - q, for the look-ahead
	MOVQ n+24(FP), CX            // CX = queries left, a multiple of 8
	MOVQ pos_base+32(FP), R8     // R8 = &pos[0]
	MOVQ pos_len+40(FP), R9
	DECQ R9                      // R9 = nparent
	MOVQ crd_base+56(FP), SI     // SI = &crd[0]
	MOVQ crd_len+64(FP), R10     // R10 = len(crd)
	MOVQ coords_base+80(FP), R11 // R11 = &coords[q*stride]
	MOVQ stride+104(FP), R12
	MOVQ off+112(FP), AX

	// KIDX = off + [0..7]*stride
	VPBROADCASTQ R12, Z1
	VPMULLQ      iota8<>(SB), Z1, Z12
	VPBROADCASTQ AX, Z1
	VPADDQ       Z1, Z12, Z12
	SHLQ         $3, R12
	VPBROADCASTQ R12, Z1
	VPADDQ       Z1, Z12, Z15 // KIDX of vector B = KIDX + 8*stride
	SHLQ         $3, R12      // R12 = 8*stride*8, coords bytes per vector

	VPBROADCASTQ R10, Z14   // NCRD
	VPBROADCASTQ R9, Z13    // NPARENT
	VPTERNLOGQ   $0xff, Z11, Z11, Z11 // -1
	VPSUBQ       Z11, Z11, Z10
	VPSUBQ       Z11, Z10, Z10        // 1

pair:
	// Two vectors, A = queries q..q+7 and B = q+8..q+15, interleaved so that
	// their gathers overlap. K1/K6 = valid, K3/K7 = active, K2/K4/K5 temps.
	CMPQ CX, $16
	JLT  group
	CMPQ R13, $48
	JLT  pairload
	PREFETCH1(256)
	PREFETCH1(264)
	PREFETCH1(272)
	PREFETCH1(280)
	PREFETCH1(288)
	PREFETCH1(296)
	PREFETCH1(304)
	PREFETCH1(312)
	PREFETCH1(320)
	PREFETCH1(328)
	PREFETCH1(336)
	PREFETCH1(344)
	PREFETCH1(352)
	PREFETCH1(360)
	PREFETCH1(368)
	PREFETCH1(376)
	PREFETCH2(128)
	PREFETCH2(136)
	PREFETCH2(144)
	PREFETCH2(152)
	PREFETCH2(160)
	PREFETCH2(168)
	PREFETCH2(176)
	PREFETCH2(184)
	PREFETCH2(192)
	PREFETCH2(200)
	PREFETCH2(208)
	PREFETCH2(216)
	PREFETCH2(224)
	PREFETCH2(232)
	PREFETCH2(240)
	PREFETCH2(248)

pairload:
	// p, valid, live, lo, hi, n, key for A (Z0, Z3, Z5, Z6) and B (Z16, Z19, Z21, Z22)
	VMOVDQU64  (DI), Z0
	VMOVDQU64  64(DI), Z16
	VPCMPQ     $1, Z0, Z11, K1
	VPCMPQ     $1, Z16, Z11, K6
	VPCMPQ     $1, Z13, Z0, K1, K2
	VPCMPQ     $1, Z13, Z16, K6, K5
	VPXORQ     Z3, Z3, Z3
	VPXORQ     Z5, Z5, Z5
	VPXORQ     Z19, Z19, Z19
	VPXORQ     Z21, Z21, Z21
	KMOVB      K2, K3
	VPGATHERQQ (R8)(Z0*8), K3, Z3
	KMOVB      K2, K3
	VPGATHERQQ 8(R8)(Z0*8), K3, Z5
	KMOVB      K5, K7
	VPGATHERQQ (R8)(Z16*8), K7, Z19
	KMOVB      K5, K7
	VPGATHERQQ 8(R8)(Z16*8), K7, Z21
	VPMINUQ    Z14, Z3, Z3
	VPMINUQ    Z14, Z5, Z5
	VPMINUQ    Z14, Z19, Z19
	VPMINUQ    Z14, Z21, Z21
	VPMAXUQ    Z3, Z5, Z5
	VPMAXUQ    Z19, Z21, Z21
	VPSUBQ     Z3, Z5, Z5
	VPSUBQ     Z19, Z21, Z21
	KXNORB     K3, K3, K3
	VPGATHERQQ (R11)(Z12*8), K3, Z6
	KXNORB     K7, K7, K7
	VPGATHERQQ (R11)(Z15*8), K7, Z22

pairhalve:
	// while any(nA > 1 || nB > 1) { one halving step in every lane of both }
	VPCMPUQ    $6, Z10, Z5, K3
	VPCMPUQ    $6, Z10, Z21, K7
	KORTESTB   K3, K7
	JZ         pairlast
	VPSRLQ     $1, Z5, Z8
	VPSRLQ     $1, Z21, Z24
	VPADDQ     Z8, Z3, Z9
	VPADDQ     Z24, Z19, Z25
	VPADDQ     Z11, Z9, Z9
	VPADDQ     Z11, Z25, Z25
	KMOVB      K3, K4
	VPGATHERQQ (SI)(Z9*8), K4, Z4
	KMOVB      K7, K2
	VPGATHERQQ (SI)(Z25*8), K2, Z20
	VPCMPUQ    $1, Z6, Z4, K3, K5
	VPADDQ     Z8, Z3, K5, Z3
	VPCMPUQ    $1, Z22, Z20, K7, K5
	VPADDQ     Z24, Z19, K5, Z19
	VPSUBQ     Z8, Z5, Z5
	VPSUBQ     Z24, Z21, Z21
	JMP        pairhalve

pairlast:
	VPCMPUQ    $0, Z10, Z5, K3
	VPCMPUQ    $0, Z10, Z21, K7
	KMOVB      K3, K4
	VPGATHERQQ (SI)(Z3*8), K4, Z4
	KMOVB      K7, K2
	VPGATHERQQ (SI)(Z19*8), K2, Z20
	VPCMPUQ    $0, Z6, Z4, K3, K5
	VMOVDQA64  Z11, Z9
	VMOVDQA64  Z3, K5, Z9
	VMOVDQA64  Z9, K1, Z0
	VPCMPUQ    $0, Z22, Z20, K7, K5
	VMOVDQA64  Z11, Z25
	VMOVDQA64  Z19, K5, Z25
	VMOVDQA64  Z25, K6, Z16
	VMOVDQU64  Z0, (DI)
	VMOVDQU64  Z16, 64(DI)

	ADDQ $128, DI
	LEAQ (R11)(R12*2), R11
	SUBQ $16, CX
	SUBQ $16, R13
	JMP  pair

group:
	TESTQ CX, CX
	JZ    done

	// Look-ahead as in the AVX2 kernel: pos for q+32..q+39, crd for q+16..q+23.
	CMPQ R13, $40
	JLT  gather
	PREFETCH1(256)
	PREFETCH1(264)
	PREFETCH1(272)
	PREFETCH1(280)
	PREFETCH1(288)
	PREFETCH1(296)
	PREFETCH1(304)
	PREFETCH1(312)
	PREFETCH2(128)
	PREFETCH2(136)
	PREFETCH2(144)
	PREFETCH2(152)
	PREFETCH2(160)
	PREFETCH2(168)
	PREFETCH2(176)
	PREFETCH2(184)

gather:
	// p = node[q:q+8]; K1 = valid (p >= 0); K2 = live (valid && p < nparent)
	VMOVDQU64 (DI), Z0
	VPCMPQ    $1, Z0, Z11, K1
	VPCMPQ    $1, Z13, Z0, K1, K2

	// lo, hi = pos[p], pos[p+1] for live lanes, else 0; clamp to len(crd)
	VPXORQ     Z3, Z3, Z3
	VPXORQ     Z5, Z5, Z5
	KMOVB      K2, K3
	VPGATHERQQ (R8)(Z0*8), K3, Z3
	KMOVB      K2, K3
	VPGATHERQQ 8(R8)(Z0*8), K3, Z5
	VPMINUQ    Z14, Z3, Z3
	VPMINUQ    Z14, Z5, Z5
	VPMAXUQ    Z3, Z5, Z5
	VPSUBQ     Z3, Z5, Z5 // Z5 = n, Z3 = base

	// Z6 = key
	KXNORB     K3, K3, K3
	VPGATHERQQ (R11)(Z12*8), K3, Z6

halve:
	// while any(n > 1) { one halving step in every lane }
	VPCMPUQ    $6, Z10, Z5, K3 // K3 = n > 1
	KORTESTB   K3, K3
	JZ         last
	VPSRLQ     $1, Z5, Z8      // Z8 = half
	VPADDQ     Z8, Z3, Z9
	VPADDQ     Z11, Z9, Z9     // Z9 = base+half-1
	KMOVB      K3, K4
	VPGATHERQQ (SI)(Z9*8), K4, Z4
	VPCMPUQ    $1, Z6, Z4, K3, K5 // K5 = active && v < key
	VPADDQ     Z8, Z3, K5, Z3     // base += half
	VPSUBQ     Z8, Z5, Z5         // n -= half
	JMP        halve

last:
	// found = n == 1 && crd[base] == key; node = valid ? (found ? base : -1) : p
	VPCMPUQ    $0, Z10, Z5, K3
	KMOVB      K3, K4
	VPGATHERQQ (SI)(Z3*8), K4, Z4
	VPCMPUQ    $0, Z6, Z4, K3, K5
	VMOVDQA64  Z11, Z9
	VMOVDQA64  Z3, K5, Z9
	VMOVDQA64  Z9, K1, Z0
	VMOVDQU64  Z0, (DI)

	ADDQ $64, DI
	ADDQ R12, R11
	SUBQ $8, CX
	SUBQ $8, R13
	JMP  group

done:
	VZEROUPPER
	RET
