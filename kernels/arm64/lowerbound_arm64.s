//go:build !purego && !noasm && gc

#include "textflag.h"

// Lower-bound search with NEON. A branch-free binary search (scalar: a
// conditional select per halving) narrows the window [base, base+m) that
// holds the answer to at most 8 elements; then one vector step counts the
// elements below key in an 8-element window w..w+8 that covers it, placed
// inside the range so that it never reads outside it (w = min(base, hi-8)).
// On sorted data every element of w..base is below key and every element
// after base+m is not, so the answer is w + count. On unsorted data the
// answer stays in w..w+8, inside the range.
//
// The count: CMHI (unsigned >, a WORD line: Go's assembler lacks it) gives
// all-ones lanes, -1 each, where key > s[k]; the lanes are summed and negated.
//
// Requires: NEON (ASIMD).

// func LowerBoundNEON(s []uint64, key uint64) int
//
// len(s) >= 8.
//
//    base, m := 0, len(s)
//    for m > 8 {
//        half := m >> 1
//        if s[base+half-1] < key {
//            base += half
//        }
//        m -= half
//    }
//    w := min(base, len(s)-8)
//    return w + count(s[w:w+8] < key)
TEXT ·LowerBoundNEON(SB), NOSPLIT, $0-40
	MOVD s_base+0(FP), R0
	MOVD s_len+8(FP), R1
	MOVD key+24(FP), R2
	MOVD ZR, R3                   // base
	MOVD R1, R4                   // m

lbhalve:
	CMP  $8, R4
	BLS  lbwindow
	LSR  $1, R4, R5               // half
	ADD  R5, R3, R6               // base + half
	SUB  $1, R6, R7
	MOVD (R0)(R7<<3), R8          // s[base+half-1]
	CMP  R2, R8
	CSEL LO, R6, R3, R3           // if s[base+half-1] < key { base += half }
	SUB  R5, R4, R4
	B    lbhalve

lbwindow:
	// w := min(base, len(s)-8); x0..x3 := s[w:w+8]
	SUB  $8, R1, R9
	CMP  R9, R3
	CSEL HI, R9, R3, R3
	ADD  R3<<3, R0, R10
	VLD1 (R10), [V0.D2, V1.D2, V2.D2, V3.D2]
	VDUP R2, V4.D2
	// lt_k := key > x_k (-1 or 0 per lane)
	WORD $0x6ee03480 // cmhi v0.2d, v4.2d, v0.2d
	WORD $0x6ee13481 // cmhi v1.2d, v4.2d, v1.2d
	WORD $0x6ee23482 // cmhi v2.2d, v4.2d, v2.2d
	WORD $0x6ee33483 // cmhi v3.2d, v4.2d, v3.2d
	// return w - sum(lt)
	VADD V1.D2, V0.D2, V0.D2
	VADD V3.D2, V2.D2, V2.D2
	VADD V2.D2, V0.D2, V0.D2
	VMOV V0.D[0], R11
	VMOV V0.D[1], R12
	ADD  R12, R11, R11
	SUB  R11, R3, R3
	MOVD R3, ret+32(FP)
	RET
