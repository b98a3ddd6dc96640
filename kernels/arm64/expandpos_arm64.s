//go:build !purego && !noasm && gc

#include "textflag.h"

// Run fill with NEON, two 64-bit lanes per register: per run, the clamped
// range [lo, hi) is written with the run's value, four elements (two stores of
// a duplicated register) per step, then 2 and 1 for the tail of the run; with a
// stride other than 1 ExpandRunsNEON stores one element per step. Ranges are
// clamped as clampRange does, so nothing is written outside dst whatever pos
// or ptr hold, and runs are written in order (a later run wins on overlap).
//
// Requires: NEON (ASIMD).

// func ExpandPosNEON(dst []uint64, pos []uint64, first uint64)
//
//    n := len(dst)
//    for p := 0; p+1 < len(pos); p++ {
//        lo, hi := min(pos[p], n), min(pos[p+1], n)
//        for j := lo; j < max(lo, hi); j++ {
//            dst[j] = first + p
//        }
//    }
TEXT ·ExpandPosNEON(SB), NOSPLIT, $0-56
	MOVD dst_base+0(FP), R0
	MOVD dst_len+8(FP), R1        // n
	MOVD pos_base+24(FP), R2      // &pos[p]
	MOVD pos_len+32(FP), R3
	MOVD first+48(FP), R4         // v = first + p
	SUBS $1, R3, R3               // runs left
	BLS  epdone                   // len(pos) <= 1
	MOVD.P 8(R2), R5              // lo = min(pos[0], n)
	CMP  R1, R5
	CSEL HI, R1, R5, R5

eprun:
	// hi = min(pos[p+1], n); next lo = hi; hi = max(lo, hi)
	MOVD.P 8(R2), R6
	CMP  R1, R6
	CSEL HI, R1, R6, R6
	MOVD R6, R7                   // next lo
	CMP  R5, R6
	CSEL LO, R5, R6, R6
	// q := &dst[lo]; c := hi - lo
	ADD  R5<<3, R0, R8
	SUB  R5, R6, R9
	VDUP R4, V0.D2
	VMOV V0.B16, V1.B16
	CMP  $4, R9
	BLO  eptail2

ep4:
	// for c >= 4: q[0:4] = v; q += 4; c -= 4
	VST1.P [V0.D2, V1.D2], 32(R8)
	SUB  $4, R9, R9
	CMP  $4, R9
	BHS  ep4

eptail2:
	// c is 0..3
	TBZ  $1, R9, eptail1
	VST1.P [V0.D2], 16(R8)

eptail1:
	TBZ  $0, R9, epnext
	MOVD R4, (R8)

epnext:
	MOVD R7, R5
	ADD  $1, R4, R4
	SUBS $1, R3, R3
	BNE  eprun

epdone:
	RET
