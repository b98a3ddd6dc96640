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

// func MaxNEON(s []uint64) uint64
//
//    m0, m1 := [2]uint64{}, [2]uint64{}
//    for i := 0; i+4 <= len(s); i += 4 {
//        m0 = max(m0, s[i:i+2]); m1 = max(m1, s[i+2:i+4]) // per lane, unsigned
//    }
//    return max(m0[0], m0[1], m1[0], m1[1])
TEXT ·MaxNEON(SB), NOSPLIT, $0-32
	MOVD s_base+0(FP), R0         // p: next block
	MOVD s_len+8(FP), R1
	LSR  $2, R1, R1               // blocks of 4 left
	VEOR V0.B16, V0.B16, V0.B16   // m0 = 0
	VEOR V1.B16, V1.B16, V1.B16   // m1 = 0
	CBZ  R1, maxreduce

maxloop:
	// x0, x1 := s[i:i+2], s[i+2:i+4]
	VLD1.P 32(R0), [V2.D2, V3.D2]
	// m0 = x0 > m0 ? x0 : m0; m1 likewise
	WORD $0x6ee03444 // cmhi v4.2d, v2.2d, v0.2d
	WORD $0x6ee13465 // cmhi v5.2d, v3.2d, v1.2d
	VBIT V4.B16, V2.B16, V0.B16
	VBIT V5.B16, V3.B16, V1.B16
	SUBS $1, R1, R1
	BNE  maxloop

maxreduce:
	// m0 = max(m0, m1); return max(m0[0], m0[1])
	WORD $0x6ee03424 // cmhi v4.2d, v1.2d, v0.2d
	VBIT V4.B16, V1.B16, V0.B16
	VMOV V0.D[0], R2
	VMOV V0.D[1], R3
	CMP  R2, R3
	CSEL HI, R3, R2, R2           // R2 = R3 > R2 ? R3 : R2
	MOVD R2, ret+24(FP)
	RET
