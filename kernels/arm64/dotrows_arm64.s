//go:build !purego && !noasm && gc

#include "textflag.h"

// DotRows with NEON: dst[j] = scale * dot(q, k[idx[j]*d : idx[j]*d+d]) for
// every j, d = len(q). Per row, four vector accumulators (16 float32 or 8
// float64 lanes) take blocks of 4 registers with FMLA, then one accumulator
// takes single-register blocks, the four are added and reduced across lanes
// (FADD and FADDP, WORD lines: Go's assembler lacks them), and the last
// d mod 4 (float32) or d mod 2 (float64) elements are added one at a time
// with a scalar fused multiply-add. Every load lies inside q and the k row:
// each idx[j] is checked below krows (an argument) when it is read, and a
// violation branches to bad, which returns 1 (done returns 0).
//
// Registers (both kernels):
//    R0  &dst[j]             R1  rows left
//    R2  q                   R3  d
//    R4  k                   R5  &idx[j]
//    R6  row bytes (d*size)  R7  4-register blocks per row
//    R9  1-register blocks   R10 scalar tail elements
//    R11 kp (k row cursor)   R12 qp (q cursor)   R13 loop counter
//    R14 krows
//    V0..V3 accumulators     V4..V7 q block      V16..V19 k block
//    F31 scale; F0 the row sum; F4, F5 tail elements
//
// Requires: NEON (ASIMD).

// func DotRowsF32NEON(dst, q, k []float32, idx []uint64, scale float32, krows uint64) int
TEXT ·DotRowsF32NEON(SB), NOSPLIT, $0-120
	MOVD  dst_base+0(FP), R0
	MOVD  dst_len+8(FP), R1
	MOVD  q_base+24(FP), R2
	MOVD  q_len+32(FP), R3
	MOVD  k_base+48(FP), R4
	MOVD  idx_base+72(FP), R5
	MOVD  krows+104(FP), R14
	FMOVS scale+96(FP), F31
	LSL   $2, R3, R6              // row bytes
	LSR   $4, R3, R7              // blocks of 16
	UBFX  $2, R3, $2, R9          // then blocks of 4: (d mod 16) / 4
	AND   $3, R3, R10             // then d mod 4 single elements
	CBZ   R1, d32done

d32row:
	// kp := &k[idx[j]*d]; qp := &q[0]; acc0..acc3 := 0
	MOVD.P 8(R5), R11
	CMP    R14, R11
	BHS    d32bad
	MUL    R6, R11, R11
	ADD    R4, R11, R11
	MOVD   R2, R12
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16
	MOVD   R7, R13
	CBZ    R13, d32quad

d32blk:
	// for 16 elements: acc_i += q[t+4i:t+4i+4] * kp[t+4i:t+4i+4]
	VLD1.P 64(R12), [V4.S4, V5.S4, V6.S4, V7.S4]
	VLD1.P 64(R11), [V16.S4, V17.S4, V18.S4, V19.S4]
	VFMLA  V4.S4, V16.S4, V0.S4
	VFMLA  V5.S4, V17.S4, V1.S4
	VFMLA  V6.S4, V18.S4, V2.S4
	VFMLA  V7.S4, V19.S4, V3.S4
	SUB    $1, R13, R13
	CBNZ   R13, d32blk

d32quad:
	// for 4 elements: acc0 += q[t:t+4] * kp[t:t+4]
	MOVD   R9, R13
	CBZ    R13, d32reduce

d32quadloop:
	VLD1.P 16(R12), [V4.S4]
	VLD1.P 16(R11), [V16.S4]
	VFMLA  V4.S4, V16.S4, V0.S4
	SUB    $1, R13, R13
	CBNZ   R13, d32quadloop

d32reduce:
	// s := sum of the lanes of (acc0 + acc1) + (acc2 + acc3)
	WORD $0x4e21d400 // fadd v0.4s, v0.4s, v1.4s
	WORD $0x4e23d442 // fadd v2.4s, v2.4s, v3.4s
	WORD $0x4e22d400 // fadd v0.4s, v0.4s, v2.4s
	WORD $0x6e20d400 // faddp v0.4s, v0.4s, v0.4s
	WORD $0x7e30d800 // faddp s0, v0.2s
	MOVD   R10, R13
	CBZ    R13, d32store

d32tail:
	// for the last d mod 4 elements: s += q[t] * kp[t]
	FMOVS.P 4(R12), F4
	FMOVS.P 4(R11), F5
	FMADDS  F5, F0, F4, F0
	SUB     $1, R13, R13
	CBNZ    R13, d32tail

d32store:
	// dst[j] = scale * s
	FMULS   F31, F0, F0
	FMOVS.P F0, 4(R0)
	SUB     $1, R1, R1
	CBNZ    R1, d32row

d32done:
	MOVD   ZR, ret+112(FP)
	RET

d32bad:
	MOVD   $1, R0
	MOVD   R0, ret+112(FP)
	RET

// func DotRowsF64NEON(dst, q, k []float64, idx []uint64, scale float64, krows uint64) int
//
// As DotRowsF32NEON with 2 lanes a register: blocks of 8, then of 2, then
// d mod 2 single elements.
TEXT ·DotRowsF64NEON(SB), NOSPLIT, $0-120
	MOVD  dst_base+0(FP), R0
	MOVD  dst_len+8(FP), R1
	MOVD  q_base+24(FP), R2
	MOVD  q_len+32(FP), R3
	MOVD  k_base+48(FP), R4
	MOVD  idx_base+72(FP), R5
	MOVD  krows+104(FP), R14
	FMOVD scale+96(FP), F31
	LSL   $3, R3, R6              // row bytes
	LSR   $3, R3, R7              // blocks of 8
	UBFX  $1, R3, $2, R9          // then blocks of 2: (d mod 8) / 2
	AND   $1, R3, R10             // then d mod 2 single elements
	CBZ   R1, d64done

d64row:
	// kp := &k[idx[j]*d]; qp := &q[0]; acc0..acc3 := 0
	MOVD.P 8(R5), R11
	CMP    R14, R11
	BHS    d64bad
	MUL    R6, R11, R11
	ADD    R4, R11, R11
	MOVD   R2, R12
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16
	MOVD   R7, R13
	CBZ    R13, d64pair

d64blk:
	// for 8 elements: acc_i += q[t+2i:t+2i+2] * kp[t+2i:t+2i+2]
	VLD1.P 64(R12), [V4.D2, V5.D2, V6.D2, V7.D2]
	VLD1.P 64(R11), [V16.D2, V17.D2, V18.D2, V19.D2]
	VFMLA  V4.D2, V16.D2, V0.D2
	VFMLA  V5.D2, V17.D2, V1.D2
	VFMLA  V6.D2, V18.D2, V2.D2
	VFMLA  V7.D2, V19.D2, V3.D2
	SUB    $1, R13, R13
	CBNZ   R13, d64blk

d64pair:
	// for 2 elements: acc0 += q[t:t+2] * kp[t:t+2]
	MOVD   R9, R13
	CBZ    R13, d64reduce

d64pairloop:
	VLD1.P 16(R12), [V4.D2]
	VLD1.P 16(R11), [V16.D2]
	VFMLA  V4.D2, V16.D2, V0.D2
	SUB    $1, R13, R13
	CBNZ   R13, d64pairloop

d64reduce:
	// s := sum of the lanes of (acc0 + acc1) + (acc2 + acc3)
	WORD $0x4e61d400 // fadd v0.2d, v0.2d, v1.2d
	WORD $0x4e63d442 // fadd v2.2d, v2.2d, v3.2d
	WORD $0x4e62d400 // fadd v0.2d, v0.2d, v2.2d
	WORD $0x7e70d800 // faddp d0, v0.2d
	CBZ    R10, d64store

	// the last element, if d is odd: s += q[d-1] * kp[d-1]
	FMOVD  (R12), F4
	FMOVD  (R11), F5
	FMADDD F5, F0, F4, F0

d64store:
	// dst[j] = scale * s
	FMULD   F31, F0, F0
	FMOVD.P F0, 8(R0)
	SUB     $1, R1, R1
	CBNZ    R1, d64row

d64done:
	MOVD   ZR, ret+112(FP)
	RET

d64bad:
	MOVD   $1, R0
	MOVD   R0, ret+112(FP)
	RET
