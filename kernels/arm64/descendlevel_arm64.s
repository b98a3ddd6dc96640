//go:build !purego && !noasm && gc

#include "textflag.h"

// DescendLevel with NEON: one CSF level of a batch of lookups, one query at
// a time. Each live query runs the search of LowerBoundNEON
// (lowerbound_arm64.s) on its parent's segment of crd: the branch-free
// halving to at most 8 candidates, then one CMHI count (a WORD line: Go's
// assembler lacks it), or the halving down to one candidate for a segment
// under 8 entries; the query keeps the index of its key, or -1.
//
// Requires: NEON (ASIMD).

// func DescendLevelNEON(node []int, pos, crd, coords []uint64, stride, off int)
//
// len(pos) >= 1, stride >= 1, len(coords) >= len(node)*stride, 0 <= off < stride.
//
//    for q, p := range node {
//        key := coords[q*stride+off]
//        if p < 0 { continue }
//        if p >= len(pos)-1 { node[q] = -1; continue }
//        lo, hi := clampRange(pos, p, len(crd))
//        base, m := lo, hi-lo
//        for m > 8 { halve as in LowerBoundNEON }
//        if hi-lo >= 8 {
//            w := min(base, hi-8); i = w + count(crd[w:w+8] < key)
//        } else {
//            for m > 1 { halve }
//            i = base; if m == 1 && crd[base] < key { i++ }
//        }
//        if i < hi && crd[i] == key { node[q] = i } else { node[q] = -1 }
//    }
TEXT ·DescendLevelNEON(SB), NOSPLIT, $0-112
	MOVD node_base+0(FP), R0      // &node[q]
	MOVD node_len+8(FP), R1       // queries left
	MOVD pos_base+24(FP), R2
	MOVD pos_len+32(FP), R3
	SUB  $1, R3, R3               // parents
	MOVD crd_base+48(FP), R4
	MOVD crd_len+56(FP), R5       // n
	MOVD coords_base+72(FP), R6
	MOVD stride+96(FP), R7
	MOVD off+104(FP), R8
	ADD  R8<<3, R6, R6            // &coords[q*stride+off]
	LSL  $3, R7, R7               // stride in bytes
	MOVD $-1, R19                 // miss
	CBZ  R1, dldone

dlquery:
	MOVD (R0), R8                 // p
	MOVD (R6), R9                 // key
	ADD  R7, R6, R6
	TBNZ $63, R8, dlnext          // p < 0: missed on an earlier level
	CMP  R3, R8
	BHS  dlmiss                   // p >= len(pos)-1
	// lo, hi := clampRange(pos, p, n)
	MOVD (R2)(R8<<3), R10
	ADD  $1, R8, R11
	MOVD (R2)(R11<<3), R11
	CMP  R5, R10
	CSEL HI, R5, R10, R10         // lo = min(pos[p], n)
	CMP  R5, R11
	CSEL HI, R5, R11, R11         // hi = min(pos[p+1], n)
	CMP  R10, R11
	CSEL LO, R10, R11, R11        // hi = max(lo, hi)
	MOVD R10, R12                 // base
	SUB  R10, R11, R13            // m

dlhalve:
	// for m > 8: halve
	CMP  $8, R13
	BLS  dlsmall
	LSR  $1, R13, R14             // half
	ADD  R14, R12, R15            // base + half
	SUB  $1, R15, R20
	MOVD (R4)(R20<<3), R21
	CMP  R9, R21
	CSEL LO, R15, R12, R12        // if crd[base+half-1] < key { base += half }
	SUB  R14, R13, R13
	B    dlhalve

dlsmall:
	SUB  R10, R11, R20
	CMP  $8, R20
	BLO  dlscalar                 // hi - lo < 8: no room for the window
	// w := min(base, hi-8); x0..x3 := crd[w:w+8]
	SUB  $8, R11, R20
	CMP  R20, R12
	CSEL HI, R20, R12, R12
	ADD  R12<<3, R4, R21
	VLD1 (R21), [V0.D2, V1.D2, V2.D2, V3.D2]
	VDUP R9, V4.D2
	// lt_k := key > x_k; i = w - sum(lt)
	WORD $0x6ee03480 // cmhi v0.2d, v4.2d, v0.2d
	WORD $0x6ee13481 // cmhi v1.2d, v4.2d, v1.2d
	WORD $0x6ee23482 // cmhi v2.2d, v4.2d, v2.2d
	WORD $0x6ee33483 // cmhi v3.2d, v4.2d, v3.2d
	VADD V1.D2, V0.D2, V0.D2
	VADD V3.D2, V2.D2, V2.D2
	VADD V2.D2, V0.D2, V0.D2
	VMOV V0.D[0], R20
	VMOV V0.D[1], R21
	ADD  R21, R20, R20
	SUB  R20, R12, R12
	B    dlcheck

dlscalar:
	// for m > 1: halve
	CMP  $1, R13
	BLS  dllast
	LSR  $1, R13, R14
	ADD  R14, R12, R15
	SUB  $1, R15, R20
	MOVD (R4)(R20<<3), R21
	CMP  R9, R21
	CSEL LO, R15, R12, R12
	SUB  R14, R13, R13
	B    dlscalar

dllast:
	// i = base; if m == 1 && crd[base] < key { i++ } (m == 0: empty range)
	CBZ  R13, dlcheck
	MOVD (R4)(R12<<3), R21
	CMP  R9, R21
	CINC LO, R12, R12

dlcheck:
	// if i < hi && crd[i] == key { node[q] = i } else { node[q] = -1 }
	CMP  R11, R12
	BHS  dlmiss
	MOVD (R4)(R12<<3), R21
	CMP  R9, R21
	BNE  dlmiss
	MOVD R12, (R0)
	B    dlnext

dlmiss:
	MOVD R19, (R0)

dlnext:
	ADD  $8, R0, R0
	SUBS $1, R1, R1
	BNE  dlquery

dldone:
	RET
