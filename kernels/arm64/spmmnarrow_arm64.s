//go:build !purego && !noasm && gc

#include "textflag.h"

// SpMM (Y = alpha*A*X + beta*Y) on NEON for 32-bit row pointers and 16- or
// 32-bit column indices (a prepared matrix's compute form): the kernels of
// spmm_arm64.s with narrow loads. Row i of Y is built in column blocks of
// four vectors (16 float32 or 8 float64 columns), then one vector, then
// single columns. For each block the row's entries run two at a time: each
// entry's value is broadcast (VLD1R) and multiplied into its row of X with
// VFMLA, even entries into one accumulator set and odd entries into another
// so that two chains of FMLA latency overlap; the sets are added, scaled by
// alpha and, unless beta is +0, the block of Y times beta is added, then the
// block is stored. Every load is inside the panel (c + block width <= w).
//
// Row pointers are read as a pair of words (LDPW), indices zero-extended
// (MOVHU, or MOVWU and LDPW for a pair of 32-bit ones).
//
// Checks: the indices are read from memory the caller may change (through
// y too), so each row's segment is checked when the row starts (lo <= hi
// <= len(idx)) and each index, every time a block reads it, against xrows
// (the rows X holds) before its address is formed: a compare and a branch
// never taken, to bad, which returns 1 (done returns 0).
//
// Go's assembler lacks the vector FADD and FMUL; they are WORD lines
// encoded by asm2plan9s from the mnemonic in their comment.
//
// Requires: NEON (ASIMD).
//
// Registers:
//
//    R0  &y row i       R1  ldy in bytes   R2  &x[0]          R3  ldx in bytes
//    R4  w              R5  &ptr[i]        R6  &idx[0]        R7  &vals[0]
//    R8  beta's bits    R9  rows left      R10 lo             R11 hi
//    R12 xrows          R13 columns left   R14 &idx[k]        R15 &vals[k]
//    R16 entries left   R17, R19 j0, j1    R20 &x[.. + c]
//    R21, R22 &x[j0*ldx+c], &x[j1*ldx+c]   R23 &y[i*ldy + c]  R25 len(idx)
//    V0..V3 acc (even entries)             V4..V7 acc (odd entries)
//    V8..V15 x blocks   V16, V17 vals[k], vals[k+1] broadcast
//    V30 beta           V31 alpha (F30, F31 for the single columns)

// func SpMMNarrowF64U16NEON(y []float64, ldy int, x []float64, ldx, w int, ptr []uint32, idx []uint16, vals []float64, alpha, beta float64, xrows uint64) int
//
// len(ptr) >= 1, len(vals) >= len(idx), xrows rows in X, len(y) >=
// (len(ptr)-2)*ldy + w, w >= 1, beta == +0 for "do not read y"; returns 1
// at the first segment or index out of range, else 0.
TEXT ·SpMMNarrowF64U16NEON(SB), NOSPLIT, $0-176
	MOVD   y_base+0(FP), R0
	MOVD   ldy+24(FP), R1
	LSL    $3, R1, R1             // ldy in bytes
	MOVD   x_base+32(FP), R2
	MOVD   ldx+56(FP), R3
	LSL    $3, R3, R3             // ldx in bytes
	MOVD   w+64(FP), R4
	MOVD   ptr_base+72(FP), R5
	MOVD   ptr_len+80(FP), R9
	SUB    $1, R9, R9             // rows
	MOVD   idx_base+96(FP), R6
	MOVD   vals_base+120(FP), R7
	MOVD   xrows+160(FP), R12     // rows of the indexed operand
	MOVD   idx_len+104(FP), R25    // len(idx)
	MOVD   alpha+144(FP), R24
	VDUP   R24, V31.D2            // alpha in every lane (F31: scalar alpha)
	MOVD   beta+152(FP), R8
	VDUP   R8, V30.D2             // beta in every lane (F30: scalar beta)
	CBZ    R9, n64u16done

n64u16row:
	// lo, hi := ptr[i], ptr[i+1]; c := 0
	LDPW   (R5), (R10, R11)
	CMP    R11, R10           // lo > hi: bad
	BHI    n64u16bad
	CMP    R25, R11           // hi > len(idx): bad
	BHI    n64u16bad
	ADD    $4, R5, R5
	MOVD   R4, R13                // columns left
	MOVD   R2, R20                // &x[0*ldx + c]
	MOVD   R0, R23                // &y[i*ldy + c]

n64u16blk4:
	// for ; c+8 <= w; c += 8 { 4-vector block }
	CMP    $8, R13
	BLO    n64u16blk1
	// acc0..3 (V0..V3, even entries), acc4..7 (V4..V7, odd entries) := 0
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16
	VEOR   V4.B16, V4.B16, V4.B16
	VEOR   V5.B16, V5.B16, V5.B16
	VEOR   V6.B16, V6.B16, V6.B16
	VEOR   V7.B16, V7.B16, V7.B16
	ADD    R10<<1, R6, R14        // &idx[lo]
	ADD    R10<<3, R7, R15        // &vals[lo]
	SUB    R10, R11, R16          // entries left

n64u16blk4pair:
	// for ; n >= 2; n -= 2 {
	//     x0, x1 := x[idx[k]*ldx+c:][:8], x[idx[k+1]*ldx+c:][:8]
	//     acc0..3 += vals[k] * x0; acc4..7 += vals[k+1] * x1
	// }
	CMP    $2, R16
	BLO    n64u16blk4one
	MOVHU  2(R14), R19
	MOVHU.P 4(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    n64u16bad
	CMP    R12, R19           // index >= rows: bad
	BHS    n64u16bad
	MADD   R3, R20, R17, R21      // &x0
	MADD   R3, R20, R19, R22      // &x1
	VLD1R.P 8(R15), [V16.D2]
	VLD1R.P 8(R15), [V17.D2]
	VLD1   (R21), [V8.D2, V9.D2, V10.D2, V11.D2]
	VLD1   (R22), [V12.D2, V13.D2, V14.D2, V15.D2]
	VFMLA  V16.D2, V8.D2, V0.D2
	VFMLA  V16.D2, V9.D2, V1.D2
	VFMLA  V16.D2, V10.D2, V2.D2
	VFMLA  V16.D2, V11.D2, V3.D2
	VFMLA  V17.D2, V12.D2, V4.D2
	VFMLA  V17.D2, V13.D2, V5.D2
	VFMLA  V17.D2, V14.D2, V6.D2
	VFMLA  V17.D2, V15.D2, V7.D2
	SUB    $2, R16, R16
	B      n64u16blk4pair

n64u16blk4one:
	// if n == 1 { acc0..3 += vals[k] * x[idx[k]*ldx+c:][:8] }
	CBZ    R16, n64u16blk4end
	MOVHU  (R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    n64u16bad
	MADD   R3, R20, R17, R21
	VLD1R  (R15), [V16.D2]
	VLD1   (R21), [V8.D2, V9.D2, V10.D2, V11.D2]
	VFMLA  V16.D2, V8.D2, V0.D2
	VFMLA  V16.D2, V9.D2, V1.D2
	VFMLA  V16.D2, V10.D2, V2.D2
	VFMLA  V16.D2, V11.D2, V3.D2

n64u16blk4end:
	// acc0..3 = alpha * (acc0..3 + acc4..7)
	WORD $0x4e64d400 // fadd v0.2d, v0.2d, v4.2d
	WORD $0x4e65d421 // fadd v1.2d, v1.2d, v5.2d
	WORD $0x4e66d442 // fadd v2.2d, v2.2d, v6.2d
	WORD $0x4e67d463 // fadd v3.2d, v3.2d, v7.2d
	WORD $0x6e7fdc00 // fmul v0.2d, v0.2d, v31.2d
	WORD $0x6e7fdc21 // fmul v1.2d, v1.2d, v31.2d
	WORD $0x6e7fdc42 // fmul v2.2d, v2.2d, v31.2d
	WORD $0x6e7fdc63 // fmul v3.2d, v3.2d, v31.2d
	// if beta != +0 { acc0..3 += beta * y[i*ldy+c:][:8] }
	CBZ    R8, n64u16blk4store
	VLD1   (R23), [V8.D2, V9.D2, V10.D2, V11.D2]
	VFMLA  V30.D2, V8.D2, V0.D2
	VFMLA  V30.D2, V9.D2, V1.D2
	VFMLA  V30.D2, V10.D2, V2.D2
	VFMLA  V30.D2, V11.D2, V3.D2

n64u16blk4store:
	// y[i*ldy+c:][:8] = acc0..3; c += 8
	VST1.P [V0.D2, V1.D2, V2.D2, V3.D2], 64(R23)
	ADD    $64, R20, R20
	SUB    $8, R13, R13
	B      n64u16blk4

n64u16blk1:
	// for ; c+2 <= w; c += 2 { the same on one vector: acc0 (even entries), acc4 (odd) }
	CMP    $2, R13
	BLO    n64u16scalar
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V4.B16, V4.B16, V4.B16
	ADD    R10<<1, R6, R14
	ADD    R10<<3, R7, R15
	SUB    R10, R11, R16

n64u16blk1pair:
	CMP    $2, R16
	BLO    n64u16blk1one
	MOVHU  2(R14), R19
	MOVHU.P 4(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    n64u16bad
	CMP    R12, R19           // index >= rows: bad
	BHS    n64u16bad
	MADD   R3, R20, R17, R21
	MADD   R3, R20, R19, R22
	VLD1R.P 8(R15), [V16.D2]
	VLD1R.P 8(R15), [V17.D2]
	VLD1   (R21), [V8.D2]
	VLD1   (R22), [V12.D2]
	VFMLA  V16.D2, V8.D2, V0.D2
	VFMLA  V17.D2, V12.D2, V4.D2
	SUB    $2, R16, R16
	B      n64u16blk1pair

n64u16blk1one:
	CBZ    R16, n64u16blk1end
	MOVHU  (R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    n64u16bad
	MADD   R3, R20, R17, R21
	VLD1R  (R15), [V16.D2]
	VLD1   (R21), [V8.D2]
	VFMLA  V16.D2, V8.D2, V0.D2

n64u16blk1end:
	// acc0 = alpha*(acc0 + acc4) (+ beta*y)
	WORD $0x4e64d400 // fadd v0.2d, v0.2d, v4.2d
	WORD $0x6e7fdc00 // fmul v0.2d, v0.2d, v31.2d
	CBZ    R8, n64u16blk1store
	VLD1   (R23), [V8.D2]
	VFMLA  V30.D2, V8.D2, V0.D2

n64u16blk1store:
	VST1.P [V0.D2], 16(R23)
	ADD    $16, R20, R20
	SUB    $2, R13, R13
	B      n64u16blk1

n64u16scalar:
	// for ; c < w; c++ {
	//     s := 0
	//     for k := lo; k < hi; k++ { s += vals[k] * x[idx[k]*ldx+c] }
	//     y[i*ldy+c] = alpha*s (+ beta*y[i*ldy+c])
	// }
	CBZ    R13, n64u16rowend
	VEOR   V0.B16, V0.B16, V0.B16
	ADD    R10<<1, R6, R14
	ADD    R10<<3, R7, R15
	SUB    R10, R11, R16

n64u16scalarentry:
	CBZ    R16, n64u16scalarend
	MOVHU.P 2(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    n64u16bad
	FMOVD.P 8(R15), F16
	MADD   R3, R20, R17, R21
	FMOVD  (R21), F8
	FMADDD F8, F0, F16, F0
	SUB    $1, R16, R16
	B      n64u16scalarentry

n64u16scalarend:
	FMULD  F31, F0, F0
	CBZ    R8, n64u16scalarstore
	FMOVD  (R23), F8
	FMADDD F30, F0, F8, F0

n64u16scalarstore:
	FMOVD.P F0, 8(R23)
	ADD    $8, R20, R20
	SUB    $1, R13, R13
	B      n64u16scalar

n64u16rowend:
	ADD    R1, R0, R0             // next row of y
	SUB    $1, R9, R9
	CBNZ   R9, n64u16row

n64u16done:
	MOVD   ZR, ret+168(FP)
	RET

n64u16bad:
	MOVD   $1, R0
	MOVD   R0, ret+168(FP)
	RET

// func SpMMNarrowF64U32NEON(y []float64, ldy int, x []float64, ldx, w int, ptr []uint32, idx []uint32, vals []float64, alpha, beta float64, xrows uint64) int
//
// len(ptr) >= 1, len(vals) >= len(idx), xrows rows in X, len(y) >=
// (len(ptr)-2)*ldy + w, w >= 1, beta == +0 for "do not read y"; returns 1
// at the first segment or index out of range, else 0.
//
// SpMMNarrowF64U32NEON is SpMMNarrowF64U16NEON's twin, line for line, with
// 32-bit index loads (ADD R10<<2, LDPW and MOVWU in place of ADD R10<<1 and
// MOVHU).
TEXT ·SpMMNarrowF64U32NEON(SB), NOSPLIT, $0-176
	MOVD   y_base+0(FP), R0
	MOVD   ldy+24(FP), R1
	LSL    $3, R1, R1             // ldy in bytes
	MOVD   x_base+32(FP), R2
	MOVD   ldx+56(FP), R3
	LSL    $3, R3, R3             // ldx in bytes
	MOVD   w+64(FP), R4
	MOVD   ptr_base+72(FP), R5
	MOVD   ptr_len+80(FP), R9
	SUB    $1, R9, R9             // rows
	MOVD   idx_base+96(FP), R6
	MOVD   vals_base+120(FP), R7
	MOVD   xrows+160(FP), R12     // rows of the indexed operand
	MOVD   idx_len+104(FP), R25    // len(idx)
	MOVD   alpha+144(FP), R24
	VDUP   R24, V31.D2            // alpha in every lane (F31: scalar alpha)
	MOVD   beta+152(FP), R8
	VDUP   R8, V30.D2             // beta in every lane (F30: scalar beta)
	CBZ    R9, n64u32done

n64u32row:
	// lo, hi := ptr[i], ptr[i+1]; c := 0
	LDPW   (R5), (R10, R11)
	CMP    R11, R10           // lo > hi: bad
	BHI    n64u32bad
	CMP    R25, R11           // hi > len(idx): bad
	BHI    n64u32bad
	ADD    $4, R5, R5
	MOVD   R4, R13                // columns left
	MOVD   R2, R20                // &x[0*ldx + c]
	MOVD   R0, R23                // &y[i*ldy + c]

n64u32blk4:
	// for ; c+8 <= w; c += 8 { 4-vector block }
	CMP    $8, R13
	BLO    n64u32blk1
	// acc0..3 (V0..V3, even entries), acc4..7 (V4..V7, odd entries) := 0
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16
	VEOR   V4.B16, V4.B16, V4.B16
	VEOR   V5.B16, V5.B16, V5.B16
	VEOR   V6.B16, V6.B16, V6.B16
	VEOR   V7.B16, V7.B16, V7.B16
	ADD    R10<<2, R6, R14        // &idx[lo]
	ADD    R10<<3, R7, R15        // &vals[lo]
	SUB    R10, R11, R16          // entries left

n64u32blk4pair:
	// for ; n >= 2; n -= 2 {
	//     x0, x1 := x[idx[k]*ldx+c:][:8], x[idx[k+1]*ldx+c:][:8]
	//     acc0..3 += vals[k] * x0; acc4..7 += vals[k+1] * x1
	// }
	CMP    $2, R16
	BLO    n64u32blk4one
	LDPW.P 8(R14), (R17, R19)
	CMP    R12, R17           // index >= rows: bad
	BHS    n64u32bad
	CMP    R12, R19           // index >= rows: bad
	BHS    n64u32bad
	MADD   R3, R20, R17, R21      // &x0
	MADD   R3, R20, R19, R22      // &x1
	VLD1R.P 8(R15), [V16.D2]
	VLD1R.P 8(R15), [V17.D2]
	VLD1   (R21), [V8.D2, V9.D2, V10.D2, V11.D2]
	VLD1   (R22), [V12.D2, V13.D2, V14.D2, V15.D2]
	VFMLA  V16.D2, V8.D2, V0.D2
	VFMLA  V16.D2, V9.D2, V1.D2
	VFMLA  V16.D2, V10.D2, V2.D2
	VFMLA  V16.D2, V11.D2, V3.D2
	VFMLA  V17.D2, V12.D2, V4.D2
	VFMLA  V17.D2, V13.D2, V5.D2
	VFMLA  V17.D2, V14.D2, V6.D2
	VFMLA  V17.D2, V15.D2, V7.D2
	SUB    $2, R16, R16
	B      n64u32blk4pair

n64u32blk4one:
	// if n == 1 { acc0..3 += vals[k] * x[idx[k]*ldx+c:][:8] }
	CBZ    R16, n64u32blk4end
	MOVWU  (R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    n64u32bad
	MADD   R3, R20, R17, R21
	VLD1R  (R15), [V16.D2]
	VLD1   (R21), [V8.D2, V9.D2, V10.D2, V11.D2]
	VFMLA  V16.D2, V8.D2, V0.D2
	VFMLA  V16.D2, V9.D2, V1.D2
	VFMLA  V16.D2, V10.D2, V2.D2
	VFMLA  V16.D2, V11.D2, V3.D2

n64u32blk4end:
	// acc0..3 = alpha * (acc0..3 + acc4..7)
	WORD $0x4e64d400 // fadd v0.2d, v0.2d, v4.2d
	WORD $0x4e65d421 // fadd v1.2d, v1.2d, v5.2d
	WORD $0x4e66d442 // fadd v2.2d, v2.2d, v6.2d
	WORD $0x4e67d463 // fadd v3.2d, v3.2d, v7.2d
	WORD $0x6e7fdc00 // fmul v0.2d, v0.2d, v31.2d
	WORD $0x6e7fdc21 // fmul v1.2d, v1.2d, v31.2d
	WORD $0x6e7fdc42 // fmul v2.2d, v2.2d, v31.2d
	WORD $0x6e7fdc63 // fmul v3.2d, v3.2d, v31.2d
	// if beta != +0 { acc0..3 += beta * y[i*ldy+c:][:8] }
	CBZ    R8, n64u32blk4store
	VLD1   (R23), [V8.D2, V9.D2, V10.D2, V11.D2]
	VFMLA  V30.D2, V8.D2, V0.D2
	VFMLA  V30.D2, V9.D2, V1.D2
	VFMLA  V30.D2, V10.D2, V2.D2
	VFMLA  V30.D2, V11.D2, V3.D2

n64u32blk4store:
	// y[i*ldy+c:][:8] = acc0..3; c += 8
	VST1.P [V0.D2, V1.D2, V2.D2, V3.D2], 64(R23)
	ADD    $64, R20, R20
	SUB    $8, R13, R13
	B      n64u32blk4

n64u32blk1:
	// for ; c+2 <= w; c += 2 { the same on one vector: acc0 (even entries), acc4 (odd) }
	CMP    $2, R13
	BLO    n64u32scalar
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V4.B16, V4.B16, V4.B16
	ADD    R10<<2, R6, R14
	ADD    R10<<3, R7, R15
	SUB    R10, R11, R16

n64u32blk1pair:
	CMP    $2, R16
	BLO    n64u32blk1one
	LDPW.P 8(R14), (R17, R19)
	CMP    R12, R17           // index >= rows: bad
	BHS    n64u32bad
	CMP    R12, R19           // index >= rows: bad
	BHS    n64u32bad
	MADD   R3, R20, R17, R21
	MADD   R3, R20, R19, R22
	VLD1R.P 8(R15), [V16.D2]
	VLD1R.P 8(R15), [V17.D2]
	VLD1   (R21), [V8.D2]
	VLD1   (R22), [V12.D2]
	VFMLA  V16.D2, V8.D2, V0.D2
	VFMLA  V17.D2, V12.D2, V4.D2
	SUB    $2, R16, R16
	B      n64u32blk1pair

n64u32blk1one:
	CBZ    R16, n64u32blk1end
	MOVWU  (R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    n64u32bad
	MADD   R3, R20, R17, R21
	VLD1R  (R15), [V16.D2]
	VLD1   (R21), [V8.D2]
	VFMLA  V16.D2, V8.D2, V0.D2

n64u32blk1end:
	// acc0 = alpha*(acc0 + acc4) (+ beta*y)
	WORD $0x4e64d400 // fadd v0.2d, v0.2d, v4.2d
	WORD $0x6e7fdc00 // fmul v0.2d, v0.2d, v31.2d
	CBZ    R8, n64u32blk1store
	VLD1   (R23), [V8.D2]
	VFMLA  V30.D2, V8.D2, V0.D2

n64u32blk1store:
	VST1.P [V0.D2], 16(R23)
	ADD    $16, R20, R20
	SUB    $2, R13, R13
	B      n64u32blk1

n64u32scalar:
	// for ; c < w; c++ {
	//     s := 0
	//     for k := lo; k < hi; k++ { s += vals[k] * x[idx[k]*ldx+c] }
	//     y[i*ldy+c] = alpha*s (+ beta*y[i*ldy+c])
	// }
	CBZ    R13, n64u32rowend
	VEOR   V0.B16, V0.B16, V0.B16
	ADD    R10<<2, R6, R14
	ADD    R10<<3, R7, R15
	SUB    R10, R11, R16

n64u32scalarentry:
	CBZ    R16, n64u32scalarend
	MOVWU.P 4(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    n64u32bad
	FMOVD.P 8(R15), F16
	MADD   R3, R20, R17, R21
	FMOVD  (R21), F8
	FMADDD F8, F0, F16, F0
	SUB    $1, R16, R16
	B      n64u32scalarentry

n64u32scalarend:
	FMULD  F31, F0, F0
	CBZ    R8, n64u32scalarstore
	FMOVD  (R23), F8
	FMADDD F30, F0, F8, F0

n64u32scalarstore:
	FMOVD.P F0, 8(R23)
	ADD    $8, R20, R20
	SUB    $1, R13, R13
	B      n64u32scalar

n64u32rowend:
	ADD    R1, R0, R0             // next row of y
	SUB    $1, R9, R9
	CBNZ   R9, n64u32row

n64u32done:
	MOVD   ZR, ret+168(FP)
	RET

n64u32bad:
	MOVD   $1, R0
	MOVD   R0, ret+168(FP)
	RET

// func SpMMNarrowF32U16NEON(y []float32, ldy int, x []float32, ldx, w int, ptr []uint32, idx []uint16, vals []float32, alpha, beta float32, xrows uint64) int
//
// len(ptr) >= 1, len(vals) >= len(idx), xrows rows in X, len(y) >=
// (len(ptr)-2)*ldy + w, w >= 1, beta == +0 for "do not read y"; returns 1
// at the first segment or index out of range, else 0.
TEXT ·SpMMNarrowF32U16NEON(SB), NOSPLIT, $0-168
	MOVD   y_base+0(FP), R0
	MOVD   ldy+24(FP), R1
	LSL    $2, R1, R1             // ldy in bytes
	MOVD   x_base+32(FP), R2
	MOVD   ldx+56(FP), R3
	LSL    $2, R3, R3             // ldx in bytes
	MOVD   w+64(FP), R4
	MOVD   ptr_base+72(FP), R5
	MOVD   ptr_len+80(FP), R9
	SUB    $1, R9, R9             // rows
	MOVD   idx_base+96(FP), R6
	MOVD   vals_base+120(FP), R7
	MOVD   xrows+152(FP), R12     // rows of the indexed operand
	MOVD   idx_len+104(FP), R25    // len(idx)
	MOVWU  alpha+144(FP), R24
	VDUP   R24, V31.S4            // alpha in every lane (F31: scalar alpha)
	MOVWU  beta+148(FP), R8
	VDUP   R8, V30.S4             // beta in every lane (F30: scalar beta)
	CBZ    R9, n32u16done

n32u16row:
	// lo, hi := ptr[i], ptr[i+1]; c := 0
	LDPW   (R5), (R10, R11)
	CMP    R11, R10           // lo > hi: bad
	BHI    n32u16bad
	CMP    R25, R11           // hi > len(idx): bad
	BHI    n32u16bad
	ADD    $4, R5, R5
	MOVD   R4, R13                // columns left
	MOVD   R2, R20                // &x[0*ldx + c]
	MOVD   R0, R23                // &y[i*ldy + c]

n32u16blk4:
	// for ; c+16 <= w; c += 16 { 4-vector block }
	CMP    $16, R13
	BLO    n32u16blk1
	// acc0..3 (V0..V3, even entries), acc4..7 (V4..V7, odd entries) := 0
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16
	VEOR   V4.B16, V4.B16, V4.B16
	VEOR   V5.B16, V5.B16, V5.B16
	VEOR   V6.B16, V6.B16, V6.B16
	VEOR   V7.B16, V7.B16, V7.B16
	ADD    R10<<1, R6, R14        // &idx[lo]
	ADD    R10<<2, R7, R15        // &vals[lo]
	SUB    R10, R11, R16          // entries left

n32u16blk4pair:
	// for ; n >= 2; n -= 2 {
	//     x0, x1 := x[idx[k]*ldx+c:][:16], x[idx[k+1]*ldx+c:][:16]
	//     acc0..3 += vals[k] * x0; acc4..7 += vals[k+1] * x1
	// }
	CMP    $2, R16
	BLO    n32u16blk4one
	MOVHU  2(R14), R19
	MOVHU.P 4(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    n32u16bad
	CMP    R12, R19           // index >= rows: bad
	BHS    n32u16bad
	MADD   R3, R20, R17, R21      // &x0
	MADD   R3, R20, R19, R22      // &x1
	VLD1R.P 4(R15), [V16.S4]
	VLD1R.P 4(R15), [V17.S4]
	VLD1   (R21), [V8.S4, V9.S4, V10.S4, V11.S4]
	VLD1   (R22), [V12.S4, V13.S4, V14.S4, V15.S4]
	VFMLA  V16.S4, V8.S4, V0.S4
	VFMLA  V16.S4, V9.S4, V1.S4
	VFMLA  V16.S4, V10.S4, V2.S4
	VFMLA  V16.S4, V11.S4, V3.S4
	VFMLA  V17.S4, V12.S4, V4.S4
	VFMLA  V17.S4, V13.S4, V5.S4
	VFMLA  V17.S4, V14.S4, V6.S4
	VFMLA  V17.S4, V15.S4, V7.S4
	SUB    $2, R16, R16
	B      n32u16blk4pair

n32u16blk4one:
	// if n == 1 { acc0..3 += vals[k] * x[idx[k]*ldx+c:][:16] }
	CBZ    R16, n32u16blk4end
	MOVHU  (R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    n32u16bad
	MADD   R3, R20, R17, R21
	VLD1R  (R15), [V16.S4]
	VLD1   (R21), [V8.S4, V9.S4, V10.S4, V11.S4]
	VFMLA  V16.S4, V8.S4, V0.S4
	VFMLA  V16.S4, V9.S4, V1.S4
	VFMLA  V16.S4, V10.S4, V2.S4
	VFMLA  V16.S4, V11.S4, V3.S4

n32u16blk4end:
	// acc0..3 = alpha * (acc0..3 + acc4..7)
	WORD $0x4e24d400 // fadd v0.4s, v0.4s, v4.4s
	WORD $0x4e25d421 // fadd v1.4s, v1.4s, v5.4s
	WORD $0x4e26d442 // fadd v2.4s, v2.4s, v6.4s
	WORD $0x4e27d463 // fadd v3.4s, v3.4s, v7.4s
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	WORD $0x6e3fdc21 // fmul v1.4s, v1.4s, v31.4s
	WORD $0x6e3fdc42 // fmul v2.4s, v2.4s, v31.4s
	WORD $0x6e3fdc63 // fmul v3.4s, v3.4s, v31.4s
	// if beta != +0 { acc0..3 += beta * y[i*ldy+c:][:16] }
	CBZ    R8, n32u16blk4store
	VLD1   (R23), [V8.S4, V9.S4, V10.S4, V11.S4]
	VFMLA  V30.S4, V8.S4, V0.S4
	VFMLA  V30.S4, V9.S4, V1.S4
	VFMLA  V30.S4, V10.S4, V2.S4
	VFMLA  V30.S4, V11.S4, V3.S4

n32u16blk4store:
	// y[i*ldy+c:][:16] = acc0..3; c += 16
	VST1.P [V0.S4, V1.S4, V2.S4, V3.S4], 64(R23)
	ADD    $64, R20, R20
	SUB    $16, R13, R13
	B      n32u16blk4

n32u16blk1:
	// for ; c+4 <= w; c += 4 { the same on one vector: acc0 (even entries), acc4 (odd) }
	CMP    $4, R13
	BLO    n32u16scalar
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V4.B16, V4.B16, V4.B16
	ADD    R10<<1, R6, R14
	ADD    R10<<2, R7, R15
	SUB    R10, R11, R16

n32u16blk1pair:
	CMP    $2, R16
	BLO    n32u16blk1one
	MOVHU  2(R14), R19
	MOVHU.P 4(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    n32u16bad
	CMP    R12, R19           // index >= rows: bad
	BHS    n32u16bad
	MADD   R3, R20, R17, R21
	MADD   R3, R20, R19, R22
	VLD1R.P 4(R15), [V16.S4]
	VLD1R.P 4(R15), [V17.S4]
	VLD1   (R21), [V8.S4]
	VLD1   (R22), [V12.S4]
	VFMLA  V16.S4, V8.S4, V0.S4
	VFMLA  V17.S4, V12.S4, V4.S4
	SUB    $2, R16, R16
	B      n32u16blk1pair

n32u16blk1one:
	CBZ    R16, n32u16blk1end
	MOVHU  (R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    n32u16bad
	MADD   R3, R20, R17, R21
	VLD1R  (R15), [V16.S4]
	VLD1   (R21), [V8.S4]
	VFMLA  V16.S4, V8.S4, V0.S4

n32u16blk1end:
	// acc0 = alpha*(acc0 + acc4) (+ beta*y)
	WORD $0x4e24d400 // fadd v0.4s, v0.4s, v4.4s
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	CBZ    R8, n32u16blk1store
	VLD1   (R23), [V8.S4]
	VFMLA  V30.S4, V8.S4, V0.S4

n32u16blk1store:
	VST1.P [V0.S4], 16(R23)
	ADD    $16, R20, R20
	SUB    $4, R13, R13
	B      n32u16blk1

n32u16scalar:
	// for ; c < w; c++ {
	//     s := 0
	//     for k := lo; k < hi; k++ { s += vals[k] * x[idx[k]*ldx+c] }
	//     y[i*ldy+c] = alpha*s (+ beta*y[i*ldy+c])
	// }
	CBZ    R13, n32u16rowend
	VEOR   V0.B16, V0.B16, V0.B16
	ADD    R10<<1, R6, R14
	ADD    R10<<2, R7, R15
	SUB    R10, R11, R16

n32u16scalarentry:
	CBZ    R16, n32u16scalarend
	MOVHU.P 2(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    n32u16bad
	FMOVS.P 4(R15), F16
	MADD   R3, R20, R17, R21
	FMOVS  (R21), F8
	FMADDS F8, F0, F16, F0
	SUB    $1, R16, R16
	B      n32u16scalarentry

n32u16scalarend:
	FMULS  F31, F0, F0
	CBZ    R8, n32u16scalarstore
	FMOVS  (R23), F8
	FMADDS F30, F0, F8, F0

n32u16scalarstore:
	FMOVS.P F0, 4(R23)
	ADD    $4, R20, R20
	SUB    $1, R13, R13
	B      n32u16scalar

n32u16rowend:
	ADD    R1, R0, R0             // next row of y
	SUB    $1, R9, R9
	CBNZ   R9, n32u16row

n32u16done:
	MOVD   ZR, ret+160(FP)
	RET

n32u16bad:
	MOVD   $1, R0
	MOVD   R0, ret+160(FP)
	RET

// func SpMMNarrowF32U32NEON(y []float32, ldy int, x []float32, ldx, w int, ptr []uint32, idx []uint32, vals []float32, alpha, beta float32, xrows uint64) int
//
// len(ptr) >= 1, len(vals) >= len(idx), xrows rows in X, len(y) >=
// (len(ptr)-2)*ldy + w, w >= 1, beta == +0 for "do not read y"; returns 1
// at the first segment or index out of range, else 0.
//
// SpMMNarrowF32U32NEON is SpMMNarrowF32U16NEON's twin, line for line, with
// 32-bit index loads (ADD R10<<2, LDPW and MOVWU in place of ADD R10<<1 and
// MOVHU).
TEXT ·SpMMNarrowF32U32NEON(SB), NOSPLIT, $0-168
	MOVD   y_base+0(FP), R0
	MOVD   ldy+24(FP), R1
	LSL    $2, R1, R1             // ldy in bytes
	MOVD   x_base+32(FP), R2
	MOVD   ldx+56(FP), R3
	LSL    $2, R3, R3             // ldx in bytes
	MOVD   w+64(FP), R4
	MOVD   ptr_base+72(FP), R5
	MOVD   ptr_len+80(FP), R9
	SUB    $1, R9, R9             // rows
	MOVD   idx_base+96(FP), R6
	MOVD   vals_base+120(FP), R7
	MOVD   xrows+152(FP), R12     // rows of the indexed operand
	MOVD   idx_len+104(FP), R25    // len(idx)
	MOVWU  alpha+144(FP), R24
	VDUP   R24, V31.S4            // alpha in every lane (F31: scalar alpha)
	MOVWU  beta+148(FP), R8
	VDUP   R8, V30.S4             // beta in every lane (F30: scalar beta)
	CBZ    R9, n32u32done

n32u32row:
	// lo, hi := ptr[i], ptr[i+1]; c := 0
	LDPW   (R5), (R10, R11)
	CMP    R11, R10           // lo > hi: bad
	BHI    n32u32bad
	CMP    R25, R11           // hi > len(idx): bad
	BHI    n32u32bad
	ADD    $4, R5, R5
	MOVD   R4, R13                // columns left
	MOVD   R2, R20                // &x[0*ldx + c]
	MOVD   R0, R23                // &y[i*ldy + c]

n32u32blk4:
	// for ; c+16 <= w; c += 16 { 4-vector block }
	CMP    $16, R13
	BLO    n32u32blk1
	// acc0..3 (V0..V3, even entries), acc4..7 (V4..V7, odd entries) := 0
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16
	VEOR   V4.B16, V4.B16, V4.B16
	VEOR   V5.B16, V5.B16, V5.B16
	VEOR   V6.B16, V6.B16, V6.B16
	VEOR   V7.B16, V7.B16, V7.B16
	ADD    R10<<2, R6, R14        // &idx[lo]
	ADD    R10<<2, R7, R15        // &vals[lo]
	SUB    R10, R11, R16          // entries left

n32u32blk4pair:
	// for ; n >= 2; n -= 2 {
	//     x0, x1 := x[idx[k]*ldx+c:][:16], x[idx[k+1]*ldx+c:][:16]
	//     acc0..3 += vals[k] * x0; acc4..7 += vals[k+1] * x1
	// }
	CMP    $2, R16
	BLO    n32u32blk4one
	LDPW.P 8(R14), (R17, R19)
	CMP    R12, R17           // index >= rows: bad
	BHS    n32u32bad
	CMP    R12, R19           // index >= rows: bad
	BHS    n32u32bad
	MADD   R3, R20, R17, R21      // &x0
	MADD   R3, R20, R19, R22      // &x1
	VLD1R.P 4(R15), [V16.S4]
	VLD1R.P 4(R15), [V17.S4]
	VLD1   (R21), [V8.S4, V9.S4, V10.S4, V11.S4]
	VLD1   (R22), [V12.S4, V13.S4, V14.S4, V15.S4]
	VFMLA  V16.S4, V8.S4, V0.S4
	VFMLA  V16.S4, V9.S4, V1.S4
	VFMLA  V16.S4, V10.S4, V2.S4
	VFMLA  V16.S4, V11.S4, V3.S4
	VFMLA  V17.S4, V12.S4, V4.S4
	VFMLA  V17.S4, V13.S4, V5.S4
	VFMLA  V17.S4, V14.S4, V6.S4
	VFMLA  V17.S4, V15.S4, V7.S4
	SUB    $2, R16, R16
	B      n32u32blk4pair

n32u32blk4one:
	// if n == 1 { acc0..3 += vals[k] * x[idx[k]*ldx+c:][:16] }
	CBZ    R16, n32u32blk4end
	MOVWU  (R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    n32u32bad
	MADD   R3, R20, R17, R21
	VLD1R  (R15), [V16.S4]
	VLD1   (R21), [V8.S4, V9.S4, V10.S4, V11.S4]
	VFMLA  V16.S4, V8.S4, V0.S4
	VFMLA  V16.S4, V9.S4, V1.S4
	VFMLA  V16.S4, V10.S4, V2.S4
	VFMLA  V16.S4, V11.S4, V3.S4

n32u32blk4end:
	// acc0..3 = alpha * (acc0..3 + acc4..7)
	WORD $0x4e24d400 // fadd v0.4s, v0.4s, v4.4s
	WORD $0x4e25d421 // fadd v1.4s, v1.4s, v5.4s
	WORD $0x4e26d442 // fadd v2.4s, v2.4s, v6.4s
	WORD $0x4e27d463 // fadd v3.4s, v3.4s, v7.4s
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	WORD $0x6e3fdc21 // fmul v1.4s, v1.4s, v31.4s
	WORD $0x6e3fdc42 // fmul v2.4s, v2.4s, v31.4s
	WORD $0x6e3fdc63 // fmul v3.4s, v3.4s, v31.4s
	// if beta != +0 { acc0..3 += beta * y[i*ldy+c:][:16] }
	CBZ    R8, n32u32blk4store
	VLD1   (R23), [V8.S4, V9.S4, V10.S4, V11.S4]
	VFMLA  V30.S4, V8.S4, V0.S4
	VFMLA  V30.S4, V9.S4, V1.S4
	VFMLA  V30.S4, V10.S4, V2.S4
	VFMLA  V30.S4, V11.S4, V3.S4

n32u32blk4store:
	// y[i*ldy+c:][:16] = acc0..3; c += 16
	VST1.P [V0.S4, V1.S4, V2.S4, V3.S4], 64(R23)
	ADD    $64, R20, R20
	SUB    $16, R13, R13
	B      n32u32blk4

n32u32blk1:
	// for ; c+4 <= w; c += 4 { the same on one vector: acc0 (even entries), acc4 (odd) }
	CMP    $4, R13
	BLO    n32u32scalar
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V4.B16, V4.B16, V4.B16
	ADD    R10<<2, R6, R14
	ADD    R10<<2, R7, R15
	SUB    R10, R11, R16

n32u32blk1pair:
	CMP    $2, R16
	BLO    n32u32blk1one
	LDPW.P 8(R14), (R17, R19)
	CMP    R12, R17           // index >= rows: bad
	BHS    n32u32bad
	CMP    R12, R19           // index >= rows: bad
	BHS    n32u32bad
	MADD   R3, R20, R17, R21
	MADD   R3, R20, R19, R22
	VLD1R.P 4(R15), [V16.S4]
	VLD1R.P 4(R15), [V17.S4]
	VLD1   (R21), [V8.S4]
	VLD1   (R22), [V12.S4]
	VFMLA  V16.S4, V8.S4, V0.S4
	VFMLA  V17.S4, V12.S4, V4.S4
	SUB    $2, R16, R16
	B      n32u32blk1pair

n32u32blk1one:
	CBZ    R16, n32u32blk1end
	MOVWU  (R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    n32u32bad
	MADD   R3, R20, R17, R21
	VLD1R  (R15), [V16.S4]
	VLD1   (R21), [V8.S4]
	VFMLA  V16.S4, V8.S4, V0.S4

n32u32blk1end:
	// acc0 = alpha*(acc0 + acc4) (+ beta*y)
	WORD $0x4e24d400 // fadd v0.4s, v0.4s, v4.4s
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	CBZ    R8, n32u32blk1store
	VLD1   (R23), [V8.S4]
	VFMLA  V30.S4, V8.S4, V0.S4

n32u32blk1store:
	VST1.P [V0.S4], 16(R23)
	ADD    $16, R20, R20
	SUB    $4, R13, R13
	B      n32u32blk1

n32u32scalar:
	// for ; c < w; c++ {
	//     s := 0
	//     for k := lo; k < hi; k++ { s += vals[k] * x[idx[k]*ldx+c] }
	//     y[i*ldy+c] = alpha*s (+ beta*y[i*ldy+c])
	// }
	CBZ    R13, n32u32rowend
	VEOR   V0.B16, V0.B16, V0.B16
	ADD    R10<<2, R6, R14
	ADD    R10<<2, R7, R15
	SUB    R10, R11, R16

n32u32scalarentry:
	CBZ    R16, n32u32scalarend
	MOVWU.P 4(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    n32u32bad
	FMOVS.P 4(R15), F16
	MADD   R3, R20, R17, R21
	FMOVS  (R21), F8
	FMADDS F8, F0, F16, F0
	SUB    $1, R16, R16
	B      n32u32scalarentry

n32u32scalarend:
	FMULS  F31, F0, F0
	CBZ    R8, n32u32scalarstore
	FMOVS  (R23), F8
	FMADDS F30, F0, F8, F0

n32u32scalarstore:
	FMOVS.P F0, 4(R23)
	ADD    $4, R20, R20
	SUB    $1, R13, R13
	B      n32u32scalar

n32u32rowend:
	ADD    R1, R0, R0             // next row of y
	SUB    $1, R9, R9
	CBNZ   R9, n32u32row

n32u32done:
	MOVD   ZR, ret+160(FP)
	RET

n32u32bad:
	MOVD   $1, R0
	MOVD   R0, ret+160(FP)
	RET
