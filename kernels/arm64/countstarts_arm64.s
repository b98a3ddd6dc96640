//go:build !purego && !noasm && gc

#include "textflag.h"

// Node starts in a sorted run of packed CSF keys (package convert packs every
// level's coordinate into one uint64, upper levels in the higher bits). Key
// i starts a node at a level when x = keys[i] ^ keys[i-1] has a bit at or
// above the level's shift, that is when x > limit = 1<<shift - 1 (unsigned):
// one CMHI a pair of lanes, whatever the shift. The pairs come from two
// overlapping loads, keys[i-1:i+3] and keys[i:i+4], four pairs a step.
//
// CountStartsNEON adds the CMHI results (-1 a start) into two accumulators
// and negates their sum at the end.
//
// CMHI is not in Go's assembler: WORD lines encoded by asm2plan9s from the
// mnemonic comment (go generate; check_words.sh verifies them).
//
// Requires: NEON (ASIMD).

// func CountStartsNEON(keys []uint64, limit uint64) int
//
//    n := 0
//    for i := 1; i+4 <= len(keys); i += 4 { // whole blocks of 4 pairs
//        for j := i; j < i+4; j++ {
//            if keys[j]^keys[j-1] > limit { n++ }
//        }
//    }
//    return n
//
// Registers: R0 &keys[i-1], R3 blocks left; V0 LIMIT, V6 and V7 the
// accumulators of -n.
TEXT ·CountStartsNEON(SB), NOSPLIT, $0-40
	MOVD keys_base+0(FP), R0
	MOVD keys_len+8(FP), R1
	MOVD limit+24(FP), R2
	VEOR V6.B16, V6.B16, V6.B16
	VEOR V7.B16, V7.B16, V7.B16
	VDUP R2, V0.D2
	SUBS $1, R1, R1               // pairs
	CSEL LT, ZR, R1, R1           // none for an empty keys
	LSR  $2, R1, R3               // blocks of 4 pairs
	CBZ  R3, csreduce

csloop:
	// prev := keys[i-1:i+3]; cur := keys[i:i+4]; acc += (prev^cur) > LIMIT
	ADD  $8, R0, R4
	VLD1 (R0), [V1.D2, V2.D2]
	VLD1 (R4), [V3.D2, V4.D2]
	VEOR V1.B16, V3.B16, V1.B16
	VEOR V2.B16, V4.B16, V2.B16
	WORD $0x6ee03421 // cmhi v1.2d, v1.2d, v0.2d
	WORD $0x6ee03442 // cmhi v2.2d, v2.2d, v0.2d
	VADD V1.D2, V6.D2, V6.D2
	VADD V2.D2, V7.D2, V7.D2
	ADD  $32, R0, R0
	SUBS $1, R3, R3
	BNE  csloop

csreduce:
	// return -(sum of the accumulator lanes)
	VADD V6.D2, V7.D2, V6.D2
	VMOV V6.D[0], R5
	VMOV V6.D[1], R6
	ADD  R5, R6, R5
	NEG  R5, R5
	MOVD R5, ret+32(FP)
	RET
