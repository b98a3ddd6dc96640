//go:build !purego && !noasm && gc

#include "textflag.h"

// crd strictly increasing within each pos segment, and every entry at most
// max: a descent is a pair with crd[k+1] <= crd[k]; it is allowed only where
// a segment starts. The bound check rides along so that crd is read once.
//
// The caller marks in start the pairs that begin a segment (bit k of start,
// little-endian words, for the pair crd[k], crd[k+1]), so the scan needs no
// merge with pos and no branch per descent. Per 32 pairs (AVX-512): four
// VPCMPUQ less-or-equal masks are packed into one 32-bit word (KUNPCKBW,
// KUNPCKWD), four VPCMPUQ greater-than-max masks into another, the 32 start
// bits are loaded from byte k/8 (k is a multiple of 32), and
// (descent &^ start) | above != 0 ends the scan; TZCNT gives the first k.
// AVX2 does the same for 16 pairs with signed compares in the sign-flipped
// domain and VMOVMSKPD. crd[0] is never a second entry: the caller checks it.

// func StrictlyIncreasingStartsAVX512(crd []uint64, start []uint64, n int, max uint64) int
// Requires: AVX512F, AVX512BW, BMI1
TEXT ·StrictlyIncreasingStartsAVX512(SB), NOSPLIT, $0-72
	MOVQ         crd_base+0(FP), SI   // SI = &crd[0]
	MOVQ         start_base+24(FP), DI // DI = &start[0]
	MOVQ         n+48(FP), CX         // CX = n, a multiple of 32
	VPBROADCASTQ max+56(FP), Z31      // MAX
	XORQ         AX, AX               // AX = k

loop:
	// for k < n { desc = bits of crd[k+j+1] <= crd[k+j]; above = bits of crd[k+j+1] > max; j < 32 }
	CMPQ      AX, CX
	JGE       none
	VMOVDQU64 8(SI)(AX*8), Z0
	VMOVDQU64 72(SI)(AX*8), Z1
	VMOVDQU64 136(SI)(AX*8), Z2
	VMOVDQU64 200(SI)(AX*8), Z3
	VPCMPUQ   $2, (SI)(AX*8), Z0, K1
	VPCMPUQ   $2, 64(SI)(AX*8), Z1, K2
	VPCMPUQ   $2, 128(SI)(AX*8), Z2, K3
	VPCMPUQ   $2, 192(SI)(AX*8), Z3, K4
	KUNPCKBW  K1, K2, K5 // K5 = K2<<8 | K1
	KUNPCKBW  K3, K4, K6 // K6 = K4<<8 | K3
	KUNPCKWD  K5, K6, K7 // K7 = K6<<16 | K5
	KMOVD     K7, DX     // DX = descents
	VPCMPUQ   $6, Z31, Z0, K1
	VPCMPUQ   $6, Z31, Z1, K2
	VPCMPUQ   $6, Z31, Z2, K3
	VPCMPUQ   $6, Z31, Z3, K4
	KUNPCKBW  K1, K2, K5
	KUNPCKBW  K3, K4, K6
	KUNPCKWD  K5, K6, K7
	KMOVD     K7, R9     // R9 = above max

	// bad = desc &^ start[k/32 as uint32] | above
	MOVQ  AX, BX
	SHRQ  $3, BX
	MOVL  (DI)(BX*1), R8
	NOTL  R8
	ANDL  R8, DX
	ORL   R9, DX
	JNZ   found
	ADDQ  $32, AX
	JMP   loop

found:
	TZCNTL DX, DX
	ADDQ   DX, AX
	MOVQ   AX, ret+64(FP)
	VZEROUPPER
	RET

none:
	MOVQ $-1, ret+64(FP)
	VZEROUPPER
	RET

// func StrictlyIncreasingStartsAVX2(crd []uint64, start []uint64, n int, max uint64) int
// Requires: AVX, AVX2, BMI1
TEXT ·StrictlyIncreasingStartsAVX2(SB), NOSPLIT, $0-72
	MOVQ crd_base+0(FP), SI   // SI = &crd[0]
	MOVQ start_base+24(FP), DI // DI = &start[0]
	MOVQ n+48(FP), CX         // CX = n, a multiple of 16
	XORQ AX, AX               // AX = k

	MOVQ         $0x8000000000000000, DX
	VMOVQ        DX, X15
	VPBROADCASTQ X15, Y15 // SIGN
	VPBROADCASTQ max+56(FP), Y14
	VPXOR        Y15, Y14, Y14 // MAX ^ SIGN

loop:
	// for k < n { ok = bits of crd[k+j+1] > crd[k+j]; above = bits of crd[k+j+1] > max (signed after the sign flip), j < 16 }
	CMPQ      AX, CX
	JGE       none
	LEAQ      (SI)(AX*8), R9
	VPXOR     (R9), Y15, Y0
	VPXOR     8(R9), Y15, Y1
	VPXOR     32(R9), Y15, Y2
	VPXOR     40(R9), Y15, Y3
	VPXOR     64(R9), Y15, Y4
	VPXOR     72(R9), Y15, Y5
	VPXOR     96(R9), Y15, Y6
	VPXOR     104(R9), Y15, Y7
	VPCMPGTQ  Y14, Y1, Y8
	VPCMPGTQ  Y14, Y3, Y9
	VPCMPGTQ  Y14, Y5, Y10
	VPCMPGTQ  Y14, Y7, Y11
	VPCMPGTQ  Y0, Y1, Y1
	VPCMPGTQ  Y2, Y3, Y3
	VPCMPGTQ  Y4, Y5, Y5
	VPCMPGTQ  Y6, Y7, Y7
	VMOVMSKPD Y1, DX
	VMOVMSKPD Y3, R10
	VMOVMSKPD Y5, R11
	VMOVMSKPD Y7, R12
	SHLL      $4, R10
	SHLL      $8, R11
	SHLL      $12, R12
	ORL       R10, DX
	ORL       R11, R12
	ORL       R12, DX
	XORL      $0xffff, DX // DX = descents
	VMOVMSKPD Y8, R13
	VMOVMSKPD Y9, R10
	VMOVMSKPD Y10, R11
	VMOVMSKPD Y11, R12
	SHLL      $4, R10
	SHLL      $8, R11
	SHLL      $12, R12
	ORL       R10, R13
	ORL       R11, R12
	ORL       R12, R13 // R13 = above max

	// bad = desc &^ start[k/16 as uint16] | above
	MOVQ    AX, BX
	SHRQ    $3, BX
	MOVWLZX (DI)(BX*1), R8
	NOTL    R8
	ANDL    R8, DX
	ORL     R13, DX
	JNZ     found
	ADDQ    $16, AX
	JMP     loop

found:
	TZCNTL DX, DX
	ADDQ   DX, AX
	MOVQ   AX, ret+64(FP)
	VZEROUPPER
	RET

none:
	MOVQ $-1, ret+64(FP)
	VZEROUPPER
	RET

// func MarkStartsAVX512(start []uint64, pos []uint64, a uint64)
//
// The segment-start bitmap of one block, 8 entries of pos a pass: for each
// v, bit v-a of start. Per pass: d = v - a, word = d/64 masked to
// len(start) (a power of two), bit = 1 << (d%64); a segmented inclusive OR
// of the bits over lanes with equal words (three VALIGNQ/VPCMPEQQ/masked
// VPORQ steps: entries of a word are adjacent in a sorted pos); the lanes
// of the previous pass's last word take its bits too (carry); every lane
// that ends a run of equal words (the next lane's word differs, or it is
// lane 7) scatters its OR to start[word]. A word is stored whole each time,
// so start needs no read and stores never chain. len(pos) is a multiple
// of 8. An unsorted pos loses bits but never leaves start (masked words).
//
// Registers: DI &start[0], SI &pos[i], CX entries left; Z31 a, Z30 63s,
// Z29 word mask, Z28 1s, Z27 carry word, Z26 carry bits, Z25 all-ones (the
// word shifted in), Z24 zeros, Z23 7s (lane-7 index); Z0 d, Z1 words, Z3
// bits, Z4..Z6 shifted vectors, K1..K3 masks.
// Requires: AVX512F.
TEXT ·MarkStartsAVX512(SB), NOSPLIT, $0-56
	MOVQ         start_base+0(FP), DI
	MOVQ         start_len+8(FP), AX
	DECQ         AX
	VPBROADCASTQ AX, Z29
	MOVQ         pos_base+24(FP), SI
	MOVQ         pos_len+32(FP), CX
	VPBROADCASTQ a+48(FP), Z31
	MOVQ         $63, AX
	VPBROADCASTQ AX, Z30
	MOVQ         $1, AX
	VPBROADCASTQ AX, Z28
	MOVQ         $7, AX
	VPBROADCASTQ AX, Z23
	VPTERNLOGQ   $0xff, Z25, Z25, Z25
	VPXORQ       Z24, Z24, Z24
	VMOVDQA64    Z25, Z27
	VPXORQ       Z26, Z26, Z26
	TESTQ        CX, CX
	JLE          msdone

msloop:
	VMOVDQU64 (SI), Z0
	VPSUBQ    Z31, Z0, Z0       // d = v - a
	VPSRLQ    $6, Z0, Z1
	VPANDQ    Z29, Z1, Z1       // words
	VPANDQ    Z30, Z0, Z2
	VPSLLVQ   Z2, Z28, Z3       // bits

	// Segmented OR: lane i takes the bits of lane i-s when their words agree.
	VALIGNQ  $7, Z25, Z1, Z4
	VALIGNQ  $7, Z24, Z3, Z5
	VPCMPEQQ Z4, Z1, K1
	VPORQ    Z5, Z3, K1, Z3
	VALIGNQ  $6, Z25, Z1, Z4
	VALIGNQ  $6, Z24, Z3, Z5
	VPCMPEQQ Z4, Z1, K1
	VPORQ    Z5, Z3, K1, Z3
	VALIGNQ  $4, Z25, Z1, Z4
	VALIGNQ  $4, Z24, Z3, Z5
	VPCMPEQQ Z4, Z1, K1
	VPORQ    Z5, Z3, K1, Z3

	// The previous pass's last word continues here: add its bits.
	VPCMPEQQ Z27, Z1, K2
	VPORQ    Z26, Z3, K2, Z3

	// Run ends (the next lane's word differs; lane 7 always) store.
	VALIGNQ     $1, Z1, Z25, Z6
	VPCMPQ      $4, Z6, Z1, K3
	VPSCATTERQQ Z3, K3, (DI)(Z1*8)

	// Carry lane 7's word and bits.
	VPERMQ Z1, Z23, Z27
	VPERMQ Z3, Z23, Z26

	ADDQ $64, SI
	SUBQ $8, CX
	JG   msloop

msdone:
	VZEROUPPER
	RET
