//go:build !purego && !noasm && gc

#include "textflag.h"

// SpMV row loop on NEON for 32-bit row pointers and 16- or 32-bit column
// indices (a prepared matrix's compute form): the loop of spmv_arm64.s
// with narrow loads. AArch64 has no gather, so each row is a scalar loop:
// four entries per step (four index loads, MOVHU or LDPW, zero-extended;
// two value pairs, four x loads) into four independent FMADD chains s0..s3.
// The four indices of a step are checked together (CMP + three CCMP,
// unsigned, against len(x)); when one is out of range the step is redone
// one entry at a time, skipping that entry. The rest of a row (0..3
// entries) runs one entry at a time into s0. A row ends with s :=
// (s0+s1)+(s2+s3), y[i] = alpha*s, plus beta*y[i] unless beta is +0 (then
// y is not read).
//
// Each segment is clamped to 0..len(col) (an inverted one is empty), and
// every x load is behind an index check, so no index data can make the
// kernel read outside its slices.
//
// Requires: NEON (ASIMD).
//
// Registers:
//
//    R0  &y[i]          R1  rows left      R2  &x[0]         R3  len(x)
//    R4  &ptr[i]        R5  &col[0]        R6  len(col)      R7  &vals[0]
//    R8  beta's bits    R10 lo             R11 hi            R12 entries left in quad steps
//    R13 &col[k]        R14 &vals[k]       R15,R16,R17,R19 j0..j3
//    R20 entries left in the one-at-a-time loop
//    F0..F3 s0..s3      F4..F7 v0..v3      F8..F11 x[j0..j3]
//    F28 alpha          F29 beta

// func SpMVNarrowF64U16NEON(y, x []float64, ptr []uint32, col []uint16, vals []float64, alpha, beta float64)
TEXT ·SpMVNarrowF64U16NEON(SB), NOSPLIT, $0-136
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	FMOVD  alpha+120(FP), F28
	FMOVD  beta+128(FP), F29
	MOVD   beta+128(FP), R8
	CBZ    R1, n64u16done

n64u16row:
	// lo, hi := clampRange(ptr, i, len(col)); n := hi - lo
	LDPW   (R4), (R10, R11)
	ADD    $4, R4, R4
	CMP    R6, R10
	CSEL   HI, R6, R10, R10        // lo = min(ptr[i], len(col))
	CMP    R6, R11
	CSEL   HI, R6, R11, R11        // hi = min(ptr[i+1], len(col))
	CMP    R10, R11
	CSEL   LO, R10, R11, R11       // hi = max(lo, hi)
	SUB    R10, R11, R12
	ADD    R10<<1, R5, R13         // &col[lo]
	ADD    R10<<3, R7, R14         // &vals[lo]
	// s0, s1, s2, s3 := 0, 0, 0, 0
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16

n64u16quad:
	// for n >= 4 {
	//     j0..j3, v0..v3 := col[k:k+4], vals[k:k+4]
	//     if any j >= len(x) { redo these four one at a time }
	//     s0 += v0*x[j0]; s1 += v1*x[j1]; s2 += v2*x[j2]; s3 += v3*x[j3]
	//     k += 4; n -= 4
	// }
	CMP    $4, R12
	BLO    n64u16tail
	MOVHU  (R13), R15
	MOVHU  2(R13), R16
	MOVHU  4(R13), R17
	MOVHU  6(R13), R19
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and j1 < len(x) (else C set: HS)
	CCMP   LO, R17, R3, $2
	CCMP   LO, R19, R3, $2
	BHS    n64u16quadslow
	FLDPD  (R14), (F4, F5)
	FLDPD  16(R14), (F6, F7)
	FMOVD  (R2)(R15<<3), F8
	FMOVD  (R2)(R16<<3), F9
	FMOVD  (R2)(R17<<3), F10
	FMOVD  (R2)(R19<<3), F11
	FMADDD F8, F0, F4, F0         // s0 += v0 * x[j0]
	FMADDD F9, F1, F5, F1
	FMADDD F10, F2, F6, F2
	FMADDD F11, F3, F7, F3
	ADD    $8, R13, R13
	ADD    $32, R14, R14
	SUB    $4, R12, R12
	B      n64u16quad

n64u16quadslow:
	// one of four out of range: the four one at a time
	MOVD   $4, R20
	SUB    $4, R12, R12
	B      n64u16one

n64u16tail:
	// the last n < 4 one at a time
	MOVD   R12, R20
	MOVD   ZR, R12

n64u16one:
	// for ; m > 0; m-- { j, v := col[k], vals[k]; k++; if j < len(x) { s0 += v*x[j] } }
	CBZ    R20, n64u16onedone
	MOVHU.P 2(R13), R15
	FMOVD.P 8(R14), F4
	SUB    $1, R20, R20
	CMP    R3, R15
	BHS    n64u16one
	FMOVD  (R2)(R15<<3), F8
	FMADDD F8, F0, F4, F0
	B      n64u16one

n64u16onedone:
	CBNZ   R12, n64u16quad

	// s := (s0+s1) + (s2+s3); s *= alpha
	FADDD  F1, F0, F0
	FADDD  F3, F2, F2
	FADDD  F2, F0, F0
	FMULD  F28, F0, F0
	// if beta != +0 { s += beta*y[i] }
	CBZ    R8, n64u16store
	FMOVD  (R0), F9
	FMADDD F29, F0, F9, F0

n64u16store:
	FMOVD.P F0, 8(R0)             // y[i] = s; i++
	SUB    $1, R1, R1
	CBNZ   R1, n64u16row

n64u16done:
	RET

// func SpMVNarrowF64U32NEON(y, x []float64, ptr []uint32, col []uint32, vals []float64, alpha, beta float64)
TEXT ·SpMVNarrowF64U32NEON(SB), NOSPLIT, $0-136
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	FMOVD  alpha+120(FP), F28
	FMOVD  beta+128(FP), F29
	MOVD   beta+128(FP), R8
	CBZ    R1, n64u32done

n64u32row:
	// lo, hi := clampRange(ptr, i, len(col)); n := hi - lo
	LDPW   (R4), (R10, R11)
	ADD    $4, R4, R4
	CMP    R6, R10
	CSEL   HI, R6, R10, R10        // lo = min(ptr[i], len(col))
	CMP    R6, R11
	CSEL   HI, R6, R11, R11        // hi = min(ptr[i+1], len(col))
	CMP    R10, R11
	CSEL   LO, R10, R11, R11       // hi = max(lo, hi)
	SUB    R10, R11, R12
	ADD    R10<<2, R5, R13         // &col[lo]
	ADD    R10<<3, R7, R14         // &vals[lo]
	// s0, s1, s2, s3 := 0, 0, 0, 0
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16

n64u32quad:
	// for n >= 4 {
	//     j0..j3, v0..v3 := col[k:k+4], vals[k:k+4]
	//     if any j >= len(x) { redo these four one at a time }
	//     s0 += v0*x[j0]; s1 += v1*x[j1]; s2 += v2*x[j2]; s3 += v3*x[j3]
	//     k += 4; n -= 4
	// }
	CMP    $4, R12
	BLO    n64u32tail
	LDPW   (R13), (R15, R16)
	LDPW   8(R13), (R17, R19)
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and j1 < len(x) (else C set: HS)
	CCMP   LO, R17, R3, $2
	CCMP   LO, R19, R3, $2
	BHS    n64u32quadslow
	FLDPD  (R14), (F4, F5)
	FLDPD  16(R14), (F6, F7)
	FMOVD  (R2)(R15<<3), F8
	FMOVD  (R2)(R16<<3), F9
	FMOVD  (R2)(R17<<3), F10
	FMOVD  (R2)(R19<<3), F11
	FMADDD F8, F0, F4, F0         // s0 += v0 * x[j0]
	FMADDD F9, F1, F5, F1
	FMADDD F10, F2, F6, F2
	FMADDD F11, F3, F7, F3
	ADD    $16, R13, R13
	ADD    $32, R14, R14
	SUB    $4, R12, R12
	B      n64u32quad

n64u32quadslow:
	// one of four out of range: the four one at a time
	MOVD   $4, R20
	SUB    $4, R12, R12
	B      n64u32one

n64u32tail:
	// the last n < 4 one at a time
	MOVD   R12, R20
	MOVD   ZR, R12

n64u32one:
	// for ; m > 0; m-- { j, v := col[k], vals[k]; k++; if j < len(x) { s0 += v*x[j] } }
	CBZ    R20, n64u32onedone
	MOVWU.P 4(R13), R15
	FMOVD.P 8(R14), F4
	SUB    $1, R20, R20
	CMP    R3, R15
	BHS    n64u32one
	FMOVD  (R2)(R15<<3), F8
	FMADDD F8, F0, F4, F0
	B      n64u32one

n64u32onedone:
	CBNZ   R12, n64u32quad

	// s := (s0+s1) + (s2+s3); s *= alpha
	FADDD  F1, F0, F0
	FADDD  F3, F2, F2
	FADDD  F2, F0, F0
	FMULD  F28, F0, F0
	// if beta != +0 { s += beta*y[i] }
	CBZ    R8, n64u32store
	FMOVD  (R0), F9
	FMADDD F29, F0, F9, F0

n64u32store:
	FMOVD.P F0, 8(R0)             // y[i] = s; i++
	SUB    $1, R1, R1
	CBNZ   R1, n64u32row

n64u32done:
	RET

// func SpMVNarrowF32U16NEON(y, x []float32, ptr []uint32, col []uint16, vals []float32, alpha, beta float32)
TEXT ·SpMVNarrowF32U16NEON(SB), NOSPLIT, $0-128
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	FMOVS  alpha+120(FP), F28
	FMOVS  beta+124(FP), F29
	MOVWU  beta+124(FP), R8
	CBZ    R1, n32u16done

n32u16row:
	// lo, hi := clampRange(ptr, i, len(col)); n := hi - lo
	LDPW   (R4), (R10, R11)
	ADD    $4, R4, R4
	CMP    R6, R10
	CSEL   HI, R6, R10, R10
	CMP    R6, R11
	CSEL   HI, R6, R11, R11
	CMP    R10, R11
	CSEL   LO, R10, R11, R11
	SUB    R10, R11, R12
	ADD    R10<<1, R5, R13         // &col[lo]
	ADD    R10<<2, R7, R14         // &vals[lo]
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16

n32u16quad:
	// four entries into four chains, as in the float64 kernels
	CMP    $4, R12
	BLO    n32u16tail
	MOVHU  (R13), R15
	MOVHU  2(R13), R16
	MOVHU  4(R13), R17
	MOVHU  6(R13), R19
	CMP    R3, R15
	CCMP   LO, R16, R3, $2
	CCMP   LO, R17, R3, $2
	CCMP   LO, R19, R3, $2
	BHS    n32u16quadslow
	FLDPS  (R14), (F4, F5)
	FLDPS  8(R14), (F6, F7)
	FMOVS  (R2)(R15<<2), F8
	FMOVS  (R2)(R16<<2), F9
	FMOVS  (R2)(R17<<2), F10
	FMOVS  (R2)(R19<<2), F11
	FMADDS F8, F0, F4, F0
	FMADDS F9, F1, F5, F1
	FMADDS F10, F2, F6, F2
	FMADDS F11, F3, F7, F3
	ADD    $8, R13, R13
	ADD    $16, R14, R14
	SUB    $4, R12, R12
	B      n32u16quad

n32u16quadslow:
	MOVD   $4, R20
	SUB    $4, R12, R12
	B      n32u16one

n32u16tail:
	MOVD   R12, R20
	MOVD   ZR, R12

n32u16one:
	// one entry at a time, skipping an index not below len(x)
	CBZ    R20, n32u16onedone
	MOVHU.P 2(R13), R15
	FMOVS.P 4(R14), F4
	SUB    $1, R20, R20
	CMP    R3, R15
	BHS    n32u16one
	FMOVS  (R2)(R15<<2), F8
	FMADDS F8, F0, F4, F0
	B      n32u16one

n32u16onedone:
	CBNZ   R12, n32u16quad

	// s := (s0+s1) + (s2+s3); y[i] = alpha*s (+ beta*y[i])
	FADDS  F1, F0, F0
	FADDS  F3, F2, F2
	FADDS  F2, F0, F0
	FMULS  F28, F0, F0
	CBZ    R8, n32u16store
	FMOVS  (R0), F9
	FMADDS F29, F0, F9, F0

n32u16store:
	FMOVS.P F0, 4(R0)
	SUB    $1, R1, R1
	CBNZ   R1, n32u16row

n32u16done:
	RET

// func SpMVNarrowF32U32NEON(y, x []float32, ptr []uint32, col []uint32, vals []float32, alpha, beta float32)
TEXT ·SpMVNarrowF32U32NEON(SB), NOSPLIT, $0-128
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	FMOVS  alpha+120(FP), F28
	FMOVS  beta+124(FP), F29
	MOVWU  beta+124(FP), R8
	CBZ    R1, n32u32done

n32u32row:
	// lo, hi := clampRange(ptr, i, len(col)); n := hi - lo
	LDPW   (R4), (R10, R11)
	ADD    $4, R4, R4
	CMP    R6, R10
	CSEL   HI, R6, R10, R10
	CMP    R6, R11
	CSEL   HI, R6, R11, R11
	CMP    R10, R11
	CSEL   LO, R10, R11, R11
	SUB    R10, R11, R12
	ADD    R10<<2, R5, R13         // &col[lo]
	ADD    R10<<2, R7, R14         // &vals[lo]
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16

n32u32quad:
	// four entries into four chains, as in the float64 kernels
	CMP    $4, R12
	BLO    n32u32tail
	LDPW   (R13), (R15, R16)
	LDPW   8(R13), (R17, R19)
	CMP    R3, R15
	CCMP   LO, R16, R3, $2
	CCMP   LO, R17, R3, $2
	CCMP   LO, R19, R3, $2
	BHS    n32u32quadslow
	FLDPS  (R14), (F4, F5)
	FLDPS  8(R14), (F6, F7)
	FMOVS  (R2)(R15<<2), F8
	FMOVS  (R2)(R16<<2), F9
	FMOVS  (R2)(R17<<2), F10
	FMOVS  (R2)(R19<<2), F11
	FMADDS F8, F0, F4, F0
	FMADDS F9, F1, F5, F1
	FMADDS F10, F2, F6, F2
	FMADDS F11, F3, F7, F3
	ADD    $16, R13, R13
	ADD    $16, R14, R14
	SUB    $4, R12, R12
	B      n32u32quad

n32u32quadslow:
	MOVD   $4, R20
	SUB    $4, R12, R12
	B      n32u32one

n32u32tail:
	MOVD   R12, R20
	MOVD   ZR, R12

n32u32one:
	// one entry at a time, skipping an index not below len(x)
	CBZ    R20, n32u32onedone
	MOVWU.P 4(R13), R15
	FMOVS.P 4(R14), F4
	SUB    $1, R20, R20
	CMP    R3, R15
	BHS    n32u32one
	FMOVS  (R2)(R15<<2), F8
	FMADDS F8, F0, F4, F0
	B      n32u32one

n32u32onedone:
	CBNZ   R12, n32u32quad

	// s := (s0+s1) + (s2+s3); y[i] = alpha*s (+ beta*y[i])
	FADDS  F1, F0, F0
	FADDS  F3, F2, F2
	FADDS  F2, F0, F0
	FMULS  F28, F0, F0
	CBZ    R8, n32u32store
	FMOVS  (R0), F9
	FMADDS F29, F0, F9, F0

n32u32store:
	FMOVS.P F0, 4(R0)
	SUB    $1, R1, R1
	CBNZ   R1, n32u32row

n32u32done:
	RET
