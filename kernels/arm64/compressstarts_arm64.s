//go:build !purego && !noasm && gc

#include "textflag.h"

// Node starts in a sorted run of packed CSF keys (package convert packs every
// level's coordinate into one uint64, upper levels in the higher bits). Key
// i starts a node at a level when x = keys[i] ^ keys[i-1] has a bit at or
// above the level's shift, that is when x > limit = 1<<shift - 1 (unsigned):
// one CMHI a pair of lanes, whatever the shift. The pairs come from two
// overlapping loads, keys[i-1:i+3] and keys[i:i+4], four pairs a step.
//
// CompressStartsNEON computes the start masks of a group of four pairs for
// the level (m) and the level below (m1) with CMHI. A group without a start
// at the level (the common case high in the tree) only adds the m1 count to
// c; otherwise a scalar loop over its four keys stores, for each key whose
// x is above the limit, (k >> shift) & mask at crd[n] and c at pos[n]
// (n++), then adds 1 to c when x is above limit1. A group is taken only
// while four pairs are left and crd and pos have room for four nodes, so no
// store passes n or their lengths; the Go glue finishes the rest.
//
// CMHI is not in Go's assembler: WORD lines encoded by asm2plan9s from the
// mnemonic comment (go generate; check_words.sh verifies them).
//
// Requires: NEON (ASIMD).

// func CompressStartsNEON(crd, pos, keys []uint64, limit, limit1 uint64, shift uint, mask, c uint64) (n int, next uint64, done int)
//
//    for i := 1; i+4 <= len(keys) && n+4 <= min(len(crd), len(pos)); i += 4 {
//        for j := i; j < i+4; j++ {
//            x := keys[j] ^ keys[j-1]
//            if x > limit { crd[n], pos[n] = keys[j]>>shift&mask, c; n++ }
//            if x > limit1 { c++ }
//        }
//    }
//    return n, c, i-1
//
// Registers: R0 &crd[0], R2 &pos[0], R1 room, R11 n; R4 &keys[i-1], R5
// groups left, R6 &keys[0] (for done); R7 limit, R17 limit1, R8 shift, R9
// mask, R10 c; V0 LIMIT, V1 LIMIT1; V6, V7 the group's m lanes; V16, V17
// its m1 lanes; in the key loop R15 &keys[j-1], R16 keys left, R12 x, R13
// the key.
TEXT ·CompressStartsNEON(SB), NOSPLIT, $0-136
	MOVD crd_base+0(FP), R0
	MOVD crd_len+8(FP), R1
	MOVD pos_base+24(FP), R2
	MOVD pos_len+32(FP), R3
	CMP  R1, R3
	CSEL LO, R3, R1, R1           // room = min(len(crd), len(pos))
	MOVD keys_base+48(FP), R4
	MOVD R4, R6
	MOVD keys_len+56(FP), R5
	SUBS $1, R5, R5               // pairs
	CSEL LT, ZR, R5, R5           // none for an empty keys
	LSR  $2, R5, R5               // groups of 4 pairs
	MOVD limit+72(FP), R7
	VDUP R7, V0.D2
	MOVD limit1+80(FP), R17
	VDUP R17, V1.D2
	MOVD shift+88(FP), R8
	MOVD mask+96(FP), R9
	MOVD c+104(FP), R10
	MOVD $0, R11

cgroup:
	// for a whole group left and room for 4 nodes
	CBZ  R5, cdone
	ADD  $4, R11, R12
	CMP  R1, R12
	BHI  cdone                    // n+4 > room
	// prev := keys[i-1:i+3]; k := keys[i:i+4]; x := prev ^ k
	ADD  $8, R4, R12
	VLD1 (R4), [V2.D2, V3.D2]
	VLD1 (R12), [V4.D2, V5.D2]
	VEOR V2.B16, V4.B16, V2.B16
	VEOR V3.B16, V5.B16, V3.B16
	// m := x > LIMIT; m1 := x > LIMIT1
	WORD $0x6ee03446 // cmhi v6.2d, v2.2d, v0.2d
	WORD $0x6ee03467 // cmhi v7.2d, v3.2d, v0.2d
	WORD $0x6ee13450 // cmhi v16.2d, v2.2d, v1.2d
	WORD $0x6ee13471 // cmhi v17.2d, v3.2d, v1.2d
	VORR V6.B16, V7.B16, V18.B16
	VMOV V18.D[0], R12
	VMOV V18.D[1], R13
	ORR  R12, R13, R12
	CBNZ R12, cnodes
	// no node at the level: c -= the sum of the m1 lanes (-1 each)
	VADD V16.D2, V17.D2, V18.D2
	VMOV V18.D[0], R12
	VMOV V18.D[1], R13
	ADD  R12, R13, R12
	SUB  R12, R10, R10
	B    cnext

cnodes:
	// key by key: if x > limit { crd[n], pos[n] = k >> shift & mask, c; n++ }; if x > limit1 { c++ }
	MOVD R4, R15                  // &keys[j-1]
	MOVD $4, R16                  // keys left in the group

clane:
	LDP  (R15), (R12, R13)        // keys[j-1], keys[j]
	EOR  R12, R13, R12            // x
	CMP  R7, R12
	BLS  clanec                   // x <= limit: no node
	LSR  R8, R13, R14
	AND  R9, R14, R14
	MOVD R14, (R0)(R11<<3)
	MOVD R10, (R2)(R11<<3)
	ADD  $1, R11, R11

clanec:
	CMP  R17, R12
	CINC HI, R10, R10             // c += x > limit1
	ADD  $8, R15, R15
	SUBS $1, R16, R16
	BNE  clane

cnext:
	ADD $32, R4, R4
	SUB $1, R5, R5
	B   cgroup

cdone:
	// return n, c, (&keys[i-1] - &keys[0]) / 8
	MOVD R11, n+112(FP)
	MOVD R10, next+120(FP)
	SUB  R6, R4, R4
	LSR  $3, R4, R4
	MOVD R4, done+128(FP)
	RET
