//go:build !purego && !noasm && gc

#include "textflag.h"

// Scans over []uint64 with NEON, two 64-bit lanes per register, four
// elements (two registers) per step. Each kernel does the vector prefix only,
// the largest multiple of 4 it may read, and returns how far it got; package
// kernels finishes the tail and, except for StrictlyIncreasingNEON (which
// checks the blocks holding a descent itself, merging in pos), finds the exact
// index inside the block where a kernel stopped. No kernel reads outside its
// slices.
//
// Unsigned 64-bit compares are CMHI (>) and CMHS (>=), which Go's assembler
// lacks: they are WORD lines encoded by asm2plan9s from the mnemonic comment
// (go generate; check_words.sh verifies them).
//
// Requires: NEON (ASIMD).

// func FirstNotBelowNEON(s []uint64, bound uint64) int
//
//    for i := 0; i+4 <= len(s); i += 4 {
//        if s[i] >= bound || ... || s[i+3] >= bound {
//            return i
//        }
//    }
//    return len(s) &^ 3
TEXT ·FirstNotBelowNEON(SB), NOSPLIT, $0-40
	MOVD s_base+0(FP), R0         // p: next block
	MOVD s_len+8(FP), R1
	MOVD bound+24(FP), R2
	LSR  $2, R1, R3               // blocks of 4 left
	MOVD R0, R4                   // start, for the index
	VDUP R2, V0.D2                // b = {bound, bound}
	CBZ  R3, fnbdone

fnbloop:
	// x0, x1 := s[i:i+2], s[i+2:i+4]
	VLD1 (R0), [V1.D2, V2.D2]
	// hit := (x0 >= b) | (x1 >= b)
	WORD $0x6ee03c23 // cmhs v3.2d, v1.2d, v0.2d
	WORD $0x6ee03c44 // cmhs v4.2d, v2.2d, v0.2d
	VORR V3.B16, V4.B16, V3.B16
	VMOV V3.D[0], R5
	VMOV V3.D[1], R6
	ORR  R5, R6, R5
	CBNZ R5, fnbdone              // the hit is in this block
	ADD  $32, R0, R0
	SUBS $1, R3, R3
	BNE  fnbloop

fnbdone:
	// return (p - start) / 8
	SUB  R4, R0, R0
	LSR  $3, R0, R0
	MOVD R0, ret+32(FP)
	RET

// func FirstNotBelowCyclicNEON(s, pat []uint64) int
//
// pat is the bounds pattern; len(pat) is a multiple of 4 and at least 4.
//
//    for i := 0; i+4 <= len(s); i += 4 {
//        for k := i; k < i+4; k++ {
//            if s[k] >= pat[k%len(pat)] {
//                return i
//            }
//        }
//    }
//    return len(s) &^ 3
TEXT ·FirstNotBelowCyclicNEON(SB), NOSPLIT, $0-56
	MOVD s_base+0(FP), R0         // p: next block of s
	MOVD s_len+8(FP), R1
	MOVD pat_base+24(FP), R2      // pattern start
	MOVD pat_len+32(FP), R7
	LSL  $3, R7, R7
	ADD  R2, R7, R7               // pattern end
	MOVD R2, R8                   // q: next block of pat
	LSR  $2, R1, R3               // blocks of 4 left
	MOVD R0, R4                   // start, for the index
	CBZ  R3, fnbcdone

fnbcloop:
	// x0, x1 := s[i:i+2], s[i+2:i+4]; b0, b1 := pat[j:j+2], pat[j+2:j+4]
	VLD1 (R0), [V1.D2, V2.D2]
	VLD1.P 32(R8), [V5.D2, V6.D2]
	// hit := (x0 >= b0) | (x1 >= b1)
	WORD $0x6ee53c23 // cmhs v3.2d, v1.2d, v5.2d
	WORD $0x6ee63c44 // cmhs v4.2d, v2.2d, v6.2d
	VORR V3.B16, V4.B16, V3.B16
	VMOV V3.D[0], R5
	VMOV V3.D[1], R6
	ORR  R5, R6, R5
	CBNZ R5, fnbcdone             // the hit is in this block
	// j = (j + 4) % len(pat)
	CMP  R7, R8
	CSEL EQ, R2, R8, R8
	ADD  $32, R0, R0
	SUBS $1, R3, R3
	BNE  fnbcloop

fnbcdone:
	SUB  R4, R0, R0
	LSR  $3, R0, R0
	MOVD R0, ret+48(FP)
	RET
