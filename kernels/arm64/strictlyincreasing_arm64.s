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

// func StrictlyIncreasingNEON(pos, crd []uint64, j, p int) (bad, next, np int)
//
// j >= 1; pos[p] is the first segment start >= j (p = 0 at j = 1). A descent
// crd[k] <= crd[k-1] is allowed only where k starts a segment, found by
// merging forward in pos. It checks k in j..j+4m, whole blocks of four, and
// returns bad = -1, next = j+4m (the first k not checked), np = p; or the
// first bad k. When the merge runs past the end of pos it returns bad = k,
// next = k, np = len(pos): k is bad if pos is whole, else the caller resumes
// at k with more of pos.
//
//    for ; j+4 <= len(crd); j += 4 {
//        if no crd[k] <= crd[k-1] for k in j..j+3 (vector) { continue }
//        for k := j; k < j+4; k++ {
//            if crd[k] <= crd[k-1] {
//                for p < len(pos) && pos[p] < k { p++ }
//                if p == len(pos) || pos[p] != k { return k, k, p }
//            }
//        }
//    }
//    return -1, j, p
TEXT ·StrictlyIncreasingNEON(SB), NOSPLIT, $0-88
	MOVD pos_base+0(FP), R0
	MOVD pos_len+8(FP), R1
	MOVD crd_base+24(FP), R2
	MOVD crd_len+32(FP), R3
	MOVD j+48(FP), R4
	MOVD p+56(FP), R5
	MOVD $-1, R6                  // bad

siblock:
	ADD  $4, R4, R7               // j + 4
	CMP  R3, R7
	BHI  sidone                   // j+4 > len(crd)
	// prev := crd[j-1:j+3]; cur := crd[j:j+4]
	SUB  $1, R4, R8
	ADD  R8<<3, R2, R8
	ADD  $8, R8, R9
	VLD1 (R8), [V0.D2, V1.D2]
	VLD1 (R9), [V2.D2, V3.D2]
	// descent := prev >= cur
	WORD $0x6ee23c04 // cmhs v4.2d, v0.2d, v2.2d
	WORD $0x6ee33c25 // cmhs v5.2d, v1.2d, v3.2d
	VORR V4.B16, V5.B16, V4.B16
	VMOV V4.D[0], R10
	VMOV V4.D[1], R11
	ORR  R10, R11, R10
	CBNZ R10, siscalar
	MOVD R7, R4                   // j += 4
	B    siblock

siscalar:
	// the block holds a descent: check k = j..j+3 one by one
	MOVD R4, R12                  // k

sik:
	SUB  $1, R12, R13
	MOVD (R2)(R13<<3), R14        // crd[k-1]
	MOVD (R2)(R12<<3), R15        // crd[k]
	CMP  R14, R15
	BHI  sinext                   // crd[k] > crd[k-1]

simerge:
	// for p < len(pos) && pos[p] < k { p++ }
	CMP  R1, R5
	BHS  sibad                    // p == len(pos)
	MOVD (R0)(R5<<3), R19
	CMP  R12, R19
	BHS  simerged                 // pos[p] >= k
	ADD  $1, R5, R5
	B    simerge

simerged:
	BNE  sibad                    // pos[p] != k (flags of pos[p] - k)

sinext:
	ADD  $1, R12, R12
	CMP  R7, R12
	BLO  sik
	MOVD R7, R4                   // j += 4
	B    siblock

sibad:
	MOVD R12, R6                  // bad = k
	MOVD R12, R4                  // next = k

sidone:
	MOVD R6, bad+64(FP)
	MOVD R4, next+72(FP)
	MOVD R5, np+80(FP)
	RET
