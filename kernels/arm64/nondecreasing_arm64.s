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

// func NonDecreasingNEON(s []uint64) int
//
//    j := 1
//    for ; j+4 <= len(s); j += 4 {
//        if s[j] < s[j-1] || ... || s[j+3] < s[j+2] {
//            return j
//        }
//    }
//    return j
TEXT ·NonDecreasingNEON(SB), NOSPLIT, $0-32
	MOVD s_base+0(FP), R0         // p: &s[j-1]
	MOVD s_len+8(FP), R1
	MOVD R0, R4                   // start, for the index
	SUBS $1, R1, R3               // len(s)-1 pairs to check
	BLS  nddone                   // len(s) <= 1
	LSR  $2, R3, R3               // blocks of 4 left
	CBZ  R3, nddone

ndloop:
	// prev := s[j-1:j+3]; cur := s[j:j+4]
	ADD  $8, R0, R5
	VLD1 (R0), [V0.D2, V1.D2]
	VLD1 (R5), [V2.D2, V3.D2]
	// bad := prev > cur
	WORD $0x6ee23404 // cmhi v4.2d, v0.2d, v2.2d
	WORD $0x6ee33425 // cmhi v5.2d, v1.2d, v3.2d
	VORR V4.B16, V5.B16, V4.B16
	VMOV V4.D[0], R5
	VMOV V4.D[1], R6
	ORR  R5, R6, R5
	CBNZ R5, nddone
	ADD  $32, R0, R0
	SUBS $1, R3, R3
	BNE  ndloop

nddone:
	// return j = (p - start)/8 + 1
	SUB  R4, R0, R0
	LSR  $3, R0, R0
	ADD  $1, R0, R0
	MOVD R0, ret+24(FP)
	RET
