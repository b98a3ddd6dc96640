//go:build !purego && !noasm && gc

#include "textflag.h"

// ScatterAddNarrow row loop on NEON (the transposed SpMV on a prepared
// matrix): ScatterAdd (scatteradd_arm64.s) on 32-bit row pointers and 16-
// or 32-bit indices. For row i, a := alpha*x[i], then every entry k of the
// row does y[idx[k]] += a*vals[k] (one fused multiply-add, as Go compiles
// the loop on arm64). AArch64 has no scatter, so the entries run as scalar
// load, FMADD, store, four per step: the four indices are loaded
// zero-extended (MOVHU or MOVWU) and checked together (CMP + three CCMP,
// unsigned), and the four updates stay in program order, so that a
// repeated index within a row accumulates exactly as the loop does. When an
// index of a step is out of range the step is redone one entry at a time,
// skipping it; the last 0..3 entries of a row run one at a time.
//
// Each segment is clamped to 0..len(idx) (an inverted one is empty), and
// every y access is behind an index check, so no index data can make the
// kernel touch memory outside its slices.
//
// Requires: NEON (ASIMD).
//
// Registers:
//
//    R0  &y[0]          R1  len(y)         R2  &x[i]         R3  rows left
//    R4  &ptr[i]        R5  &idx[0]        R6  len(idx)      R7  &vals[0]
//    R10 lo             R11 hi             R12 entries left in quad steps
//    R13 &idx[k]        R14 &vals[k]       R15,R16,R17,R19 j0..j3
//    R20 entries left in the one-at-a-time loop
//    F4..F7 v0..v3      F8..F11 y[j0..j3]  F27 a             F28 alpha

// The four kernels differ only in the element type (SAN_ROW_F64 and
// SAN_QUAD_F64 against their F32 forms) and in the index width (the load
// and the offsets passed to the macros); the labels stay in each kernel.

// SAN_ROW_Fxx(ish) starts row i: a := alpha*x[i], lo and hi clamped,
// R12 = hi-lo, R13 = &idx[lo] (ish = log2 of the index size), R14 = &vals[lo].
// The clamp is the deliberate twin of QF_ROW's in qfused_arm64.s (macros do
// not cross files).
#define SAN_ROW_F64(ish) \
	FMOVD.P 8(R2), F27 \
	FMULD  F28, F27, F27 \
	MOVWU  (R4), R10 \
	MOVWU  4(R4), R11 \
	ADD    $4, R4, R4 \
	CMP    R6, R10 \
	CSEL   HI, R6, R10, R10        /* lo = min(ptr[i], len(idx)) */ \
	CMP    R6, R11 \
	CSEL   HI, R6, R11, R11        /* hi = min(ptr[i+1], len(idx)) */ \
	CMP    R10, R11 \
	CSEL   LO, R10, R11, R11       /* hi = max(lo, hi) */ \
	SUB    R10, R11, R12 \
	ADD    R10<<ish, R5, R13       /* &idx[lo] */ \
	ADD    R10<<3, R7, R14         /* &vals[lo] */

#define SAN_ROW_F32(ish) \
	FMOVS.P 4(R2), F27 \
	FMULS  F28, F27, F27 \
	MOVWU  (R4), R10 \
	MOVWU  4(R4), R11 \
	ADD    $4, R4, R4 \
	CMP    R6, R10 \
	CSEL   HI, R6, R10, R10        /* lo = min(ptr[i], len(idx)) */ \
	CMP    R6, R11 \
	CSEL   HI, R6, R11, R11        /* hi = min(ptr[i+1], len(idx)) */ \
	CMP    R10, R11 \
	CSEL   LO, R10, R11, R11       /* hi = max(lo, hi) */ \
	SUB    R10, R11, R12 \
	ADD    R10<<ish, R5, R13       /* &idx[lo] */ \
	ADD    R10<<2, R7, R14         /* &vals[lo] */

// SAN_QUAD_Fxx(ld, o1, o2, o3, step, slow) is one step of four entries: ld
// loads the indices at offsets 0, o1, o2 and o3 of R13; when one is out of
// range it branches to slow, else the four updates run in order and R13
// advances by step bytes.
#define SAN_QUAD_F64(ld, o1, o2, o3, step, slow) \
	ld     (R13), R15 \
	ld     o1(R13), R16 \
	ld     o2(R13), R17 \
	ld     o3(R13), R19 \
	CMP    R1, R15                 /* j0 < len(y): LO */ \
	CCMP   LO, R16, R1, $2         /* and j1 < len(y) (else C set: HS) */ \
	CCMP   LO, R17, R1, $2 \
	CCMP   LO, R19, R1, $2 \
	BHS    slow \
	FLDPD  (R14), (F4, F5) \
	FLDPD  16(R14), (F6, F7) \
	FMOVD  (R0)(R15<<3), F8 \
	FMADDD F4, F8, F27, F8         /* y[j0] + a*v0 */ \
	FMOVD  F8, (R0)(R15<<3) \
	FMOVD  (R0)(R16<<3), F9 \
	FMADDD F5, F9, F27, F9 \
	FMOVD  F9, (R0)(R16<<3) \
	FMOVD  (R0)(R17<<3), F10 \
	FMADDD F6, F10, F27, F10 \
	FMOVD  F10, (R0)(R17<<3) \
	FMOVD  (R0)(R19<<3), F11 \
	FMADDD F7, F11, F27, F11 \
	FMOVD  F11, (R0)(R19<<3) \
	ADD    $step, R13, R13 \
	ADD    $32, R14, R14 \
	SUB    $4, R12, R12

#define SAN_QUAD_F32(ld, o1, o2, o3, step, slow) \
	ld     (R13), R15 \
	ld     o1(R13), R16 \
	ld     o2(R13), R17 \
	ld     o3(R13), R19 \
	CMP    R1, R15                 /* j0 < len(y): LO */ \
	CCMP   LO, R16, R1, $2         /* and j1 < len(y) (else C set: HS) */ \
	CCMP   LO, R17, R1, $2 \
	CCMP   LO, R19, R1, $2 \
	BHS    slow \
	FLDPS  (R14), (F4, F5) \
	FLDPS  8(R14), (F6, F7) \
	FMOVS  (R0)(R15<<2), F8 \
	FMADDS F4, F8, F27, F8         /* y[j0] + a*v0 */ \
	FMOVS  F8, (R0)(R15<<2) \
	FMOVS  (R0)(R16<<2), F9 \
	FMADDS F5, F9, F27, F9 \
	FMOVS  F9, (R0)(R16<<2) \
	FMOVS  (R0)(R17<<2), F10 \
	FMADDS F6, F10, F27, F10 \
	FMOVS  F10, (R0)(R17<<2) \
	FMOVS  (R0)(R19<<2), F11 \
	FMADDS F7, F11, F27, F11 \
	FMOVS  F11, (R0)(R19<<2) \
	ADD    $step, R13, R13 \
	ADD    $16, R14, R14 \
	SUB    $4, R12, R12

// func ScatterAddNarrowF64U16NEON(y, x []float64, ptr []uint32, idx []uint16, vals []float64, alpha float64)
//
//    for i := range x {
//        a := alpha * x[i]
//        lo, hi := clampRange(ptr, i, len(idx))
//        for k := lo; k < hi; k++ {
//            if idx[k] < len(y) { y[idx[k]] += a * vals[k] }
//        }
//    }
TEXT ·ScatterAddNarrowF64U16NEON(SB), NOSPLIT, $0-128
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	MOVD   idx_base+72(FP), R5
	MOVD   idx_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	FMOVD  alpha+120(FP), F28
	CBZ    R3, f64u16done

f64u16row:
	// a := alpha * x[i]; lo, hi := clampRange(ptr, i, len(idx)); n := hi - lo
	SAN_ROW_F64(1)

f64u16quad:
	// for n >= 4 {
	//     j0..j3, v0..v3 := idx[k:k+4], vals[k:k+4]
	//     if any j >= len(y) { redo these four one at a time }
	//     y[j0] += a*v0; y[j1] += a*v1; y[j2] += a*v2; y[j3] += a*v3 (in order)
	//     k += 4; n -= 4
	// }
	CMP    $4, R12
	BLO    f64u16tail
	SAN_QUAD_F64(MOVHU, 2, 4, 6, 8, f64u16quadslow)
	B      f64u16quad

f64u16quadslow:
	// one of four out of range: the four one at a time
	MOVD   $4, R20
	SUB    $4, R12, R12
	B      f64u16one

f64u16tail:
	// the last n < 4 one at a time
	MOVD   R12, R20
	MOVD   ZR, R12

f64u16one:
	// for ; m > 0; m-- { j, v := idx[k], vals[k]; k++; if j < len(y) { y[j] += a*v } }
	CBZ    R20, f64u16onedone
	MOVHU.P 2(R13), R15
	FMOVD.P 8(R14), F4
	SUB    $1, R20, R20
	CMP    R1, R15
	BHS    f64u16one
	FMOVD  (R0)(R15<<3), F8
	FMADDD F4, F8, F27, F8
	FMOVD  F8, (R0)(R15<<3)
	B      f64u16one

f64u16onedone:
	CBNZ   R12, f64u16quad
	SUB    $1, R3, R3
	CBNZ   R3, f64u16row

f64u16done:
	RET

// func ScatterAddNarrowF64U32NEON(y, x []float64, ptr []uint32, idx []uint32, vals []float64, alpha float64)
//
//    for i := range x {
//        a := alpha * x[i]
//        lo, hi := clampRange(ptr, i, len(idx))
//        for k := lo; k < hi; k++ {
//            if idx[k] < len(y) { y[idx[k]] += a * vals[k] }
//        }
//    }
TEXT ·ScatterAddNarrowF64U32NEON(SB), NOSPLIT, $0-128
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	MOVD   idx_base+72(FP), R5
	MOVD   idx_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	FMOVD  alpha+120(FP), F28
	CBZ    R3, f64u32done

f64u32row:
	// a := alpha * x[i]; lo, hi := clampRange(ptr, i, len(idx)); n := hi - lo
	SAN_ROW_F64(2)

f64u32quad:
	// for n >= 4 {
	//     j0..j3, v0..v3 := idx[k:k+4], vals[k:k+4]
	//     if any j >= len(y) { redo these four one at a time }
	//     y[j0] += a*v0; y[j1] += a*v1; y[j2] += a*v2; y[j3] += a*v3 (in order)
	//     k += 4; n -= 4
	// }
	CMP    $4, R12
	BLO    f64u32tail
	SAN_QUAD_F64(MOVWU, 4, 8, 12, 16, f64u32quadslow)
	B      f64u32quad

f64u32quadslow:
	// one of four out of range: the four one at a time
	MOVD   $4, R20
	SUB    $4, R12, R12
	B      f64u32one

f64u32tail:
	// the last n < 4 one at a time
	MOVD   R12, R20
	MOVD   ZR, R12

f64u32one:
	// for ; m > 0; m-- { j, v := idx[k], vals[k]; k++; if j < len(y) { y[j] += a*v } }
	CBZ    R20, f64u32onedone
	MOVWU.P 4(R13), R15
	FMOVD.P 8(R14), F4
	SUB    $1, R20, R20
	CMP    R1, R15
	BHS    f64u32one
	FMOVD  (R0)(R15<<3), F8
	FMADDD F4, F8, F27, F8
	FMOVD  F8, (R0)(R15<<3)
	B      f64u32one

f64u32onedone:
	CBNZ   R12, f64u32quad
	SUB    $1, R3, R3
	CBNZ   R3, f64u32row

f64u32done:
	RET

// func ScatterAddNarrowF32U16NEON(y, x []float32, ptr []uint32, idx []uint16, vals []float32, alpha float32)
//
//    for i := range x {
//        a := alpha * x[i]
//        lo, hi := clampRange(ptr, i, len(idx))
//        for k := lo; k < hi; k++ {
//            if idx[k] < len(y) { y[idx[k]] += a * vals[k] }
//        }
//    }
TEXT ·ScatterAddNarrowF32U16NEON(SB), NOSPLIT, $0-124
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	MOVD   idx_base+72(FP), R5
	MOVD   idx_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	FMOVS  alpha+120(FP), F28
	CBZ    R3, f32u16done

f32u16row:
	// a := alpha * x[i]; lo, hi := clampRange(ptr, i, len(idx)); n := hi - lo
	SAN_ROW_F32(1)

f32u16quad:
	// for n >= 4 {
	//     j0..j3, v0..v3 := idx[k:k+4], vals[k:k+4]
	//     if any j >= len(y) { redo these four one at a time }
	//     y[j0] += a*v0; y[j1] += a*v1; y[j2] += a*v2; y[j3] += a*v3 (in order)
	//     k += 4; n -= 4
	// }
	CMP    $4, R12
	BLO    f32u16tail
	SAN_QUAD_F32(MOVHU, 2, 4, 6, 8, f32u16quadslow)
	B      f32u16quad

f32u16quadslow:
	// one of four out of range: the four one at a time
	MOVD   $4, R20
	SUB    $4, R12, R12
	B      f32u16one

f32u16tail:
	// the last n < 4 one at a time
	MOVD   R12, R20
	MOVD   ZR, R12

f32u16one:
	// for ; m > 0; m-- { j, v := idx[k], vals[k]; k++; if j < len(y) { y[j] += a*v } }
	CBZ    R20, f32u16onedone
	MOVHU.P 2(R13), R15
	FMOVS.P 4(R14), F4
	SUB    $1, R20, R20
	CMP    R1, R15
	BHS    f32u16one
	FMOVS  (R0)(R15<<2), F8
	FMADDS F4, F8, F27, F8
	FMOVS  F8, (R0)(R15<<2)
	B      f32u16one

f32u16onedone:
	CBNZ   R12, f32u16quad
	SUB    $1, R3, R3
	CBNZ   R3, f32u16row

f32u16done:
	RET

// func ScatterAddNarrowF32U32NEON(y, x []float32, ptr []uint32, idx []uint32, vals []float32, alpha float32)
//
//    for i := range x {
//        a := alpha * x[i]
//        lo, hi := clampRange(ptr, i, len(idx))
//        for k := lo; k < hi; k++ {
//            if idx[k] < len(y) { y[idx[k]] += a * vals[k] }
//        }
//    }
TEXT ·ScatterAddNarrowF32U32NEON(SB), NOSPLIT, $0-124
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	MOVD   idx_base+72(FP), R5
	MOVD   idx_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	FMOVS  alpha+120(FP), F28
	CBZ    R3, f32u32done

f32u32row:
	// a := alpha * x[i]; lo, hi := clampRange(ptr, i, len(idx)); n := hi - lo
	SAN_ROW_F32(2)

f32u32quad:
	// for n >= 4 {
	//     j0..j3, v0..v3 := idx[k:k+4], vals[k:k+4]
	//     if any j >= len(y) { redo these four one at a time }
	//     y[j0] += a*v0; y[j1] += a*v1; y[j2] += a*v2; y[j3] += a*v3 (in order)
	//     k += 4; n -= 4
	// }
	CMP    $4, R12
	BLO    f32u32tail
	SAN_QUAD_F32(MOVWU, 4, 8, 12, 16, f32u32quadslow)
	B      f32u32quad

f32u32quadslow:
	// one of four out of range: the four one at a time
	MOVD   $4, R20
	SUB    $4, R12, R12
	B      f32u32one

f32u32tail:
	// the last n < 4 one at a time
	MOVD   R12, R20
	MOVD   ZR, R12

f32u32one:
	// for ; m > 0; m-- { j, v := idx[k], vals[k]; k++; if j < len(y) { y[j] += a*v } }
	CBZ    R20, f32u32onedone
	MOVWU.P 4(R13), R15
	FMOVS.P 4(R14), F4
	SUB    $1, R20, R20
	CMP    R1, R15
	BHS    f32u32one
	FMOVS  (R0)(R15<<2), F8
	FMADDS F4, F8, F27, F8
	FMOVS  F8, (R0)(R15<<2)
	B      f32u32one

f32u32onedone:
	CBNZ   R12, f32u32quad
	SUB    $1, R3, R3
	CBNZ   R3, f32u32row

f32u32done:
	RET
