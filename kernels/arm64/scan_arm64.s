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
