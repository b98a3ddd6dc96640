//go:build !purego && !noasm && gc

#include "textflag.h"

// SpMMScatter (Y += alpha * Aᵀ X) on NEON for 32-bit row pointers and 16-
// or 32-bit column indices (a prepared matrix's compute form): the kernels
// of spmmscatter_arm64.s with narrow loads. Row i of X is read in column
// blocks of four vectors (16 float32 or 8 float64 columns), then one
// vector, then single columns, and scaled by alpha once per block (ax);
// then each entry adds vals[k]*ax into its row idx[k] of Y, one entry at a
// time (load, FMLA, store), so that repeated indices accumulate as in the
// loop.
//
// Row pointers are read as a pair of words (LDPW), indices zero-extended
// (MOVHU or MOVWU).
//
// Checks: the indices are read from memory the caller may change (through
// y too), so each row's segment is checked when the row starts (lo <= hi
// <= len(idx)) and each index, every time a block reads it, against yrows
// (the rows Y holds) before its address is formed: a compare and a branch
// never taken, to bad, which returns 1 (done returns 0).
//
// Go's assembler lacks the vector FMUL; it is a WORD line encoded by
// asm2plan9s from the mnemonic in its comment.
//
// Requires: NEON (ASIMD).
//
// Registers:
//
//    R0  &y[0]          R1  ldy in bytes   R2  &x row i       R3  ldx in bytes
//    R4  w              R5  &ptr[i]        R6  &idx[0]        R7  &vals[0]
//    R9  rows left      R10 lo             R11 hi             R12 yrows
//    R13 columns left   R14 &idx[k]        R15 &vals[k]       R16 entries left
//    R17 j              R20 &x[i*ldx + c]  R21 &y[j*ldy + c]  R23 &y[0*ldy + c]
//    R25 len(idx)
//    V0..V3 y block     V8..V11 ax         V16 vals[k] broadcast
//    V31 alpha (F31 for the single columns)

// func SpMMScatterNarrowF64U16NEON(y []float64, ldy int, x []float64, ldx, w int, ptr []uint32, idx []uint16, vals []float64, alpha float64, yrows uint64) int
//
// What SpMMF64NEON assumes with the roles of x and y exchanged.
TEXT ·SpMMScatterNarrowF64U16NEON(SB), NOSPLIT, $0-168
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
	MOVD   yrows+152(FP), R12     // rows of the indexed operand
	MOVD   idx_len+104(FP), R25    // len(idx)
	MOVD   alpha+144(FP), R24
	VDUP   R24, V31.D2            // alpha in every lane (F31: scalar alpha)
	CBZ    R9, s64u16done

s64u16row:
	// lo, hi := ptr[i], ptr[i+1]; c := 0
	LDPW   (R5), (R10, R11)
	CMP    R11, R10           // lo > hi: bad
	BHI    s64u16bad
	CMP    R25, R11           // hi > len(idx): bad
	BHI    s64u16bad
	ADD    $4, R5, R5
	MOVD   R4, R13                // columns left
	MOVD   R2, R20                // &x[i*ldx + c]
	MOVD   R0, R23                // &y[0*ldy + c]

s64u16blk4:
	// for ; c+8 <= w; c += 8 {
	//     ax := alpha * x[i*ldx+c:][:8]
	//     for k := lo; k < hi; k++ { y[idx[k]*ldy+c:][:8] += vals[k] * ax }
	// }
	CMP    $8, R13
	BLO    s64u16blk1
	VLD1.P 64(R20), [V8.D2, V9.D2, V10.D2, V11.D2]
	WORD $0x6e7fdd08 // fmul v8.2d, v8.2d, v31.2d
	WORD $0x6e7fdd29 // fmul v9.2d, v9.2d, v31.2d
	WORD $0x6e7fdd4a // fmul v10.2d, v10.2d, v31.2d
	WORD $0x6e7fdd6b // fmul v11.2d, v11.2d, v31.2d
	ADD    R10<<1, R6, R14        // &idx[lo]
	ADD    R10<<3, R7, R15        // &vals[lo]
	SUB    R10, R11, R16          // entries left

s64u16blk4entry:
	// one entry at a time: y rows of repeated indices see the earlier stores
	CBZ    R16, s64u16blk4end
	MOVHU.P 2(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    s64u16bad
	MADD   R1, R23, R17, R21      // &y[j*ldy + c]
	VLD1R.P 8(R15), [V16.D2]
	VLD1   (R21), [V0.D2, V1.D2, V2.D2, V3.D2]
	VFMLA  V16.D2, V8.D2, V0.D2
	VFMLA  V16.D2, V9.D2, V1.D2
	VFMLA  V16.D2, V10.D2, V2.D2
	VFMLA  V16.D2, V11.D2, V3.D2
	VST1   [V0.D2, V1.D2, V2.D2, V3.D2], (R21)
	SUB    $1, R16, R16
	B      s64u16blk4entry

s64u16blk4end:
	ADD    $64, R23, R23
	SUB    $8, R13, R13
	B      s64u16blk4

s64u16blk1:
	// for ; c+2 <= w; c += 2 { the same on one vector }
	CMP    $2, R13
	BLO    s64u16scalar
	VLD1.P 16(R20), [V8.D2]
	WORD $0x6e7fdd08 // fmul v8.2d, v8.2d, v31.2d
	ADD    R10<<1, R6, R14
	ADD    R10<<3, R7, R15
	SUB    R10, R11, R16

s64u16blk1entry:
	CBZ    R16, s64u16blk1end
	MOVHU.P 2(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    s64u16bad
	MADD   R1, R23, R17, R21
	VLD1R.P 8(R15), [V16.D2]
	VLD1   (R21), [V0.D2]
	VFMLA  V16.D2, V8.D2, V0.D2
	VST1   [V0.D2], (R21)
	SUB    $1, R16, R16
	B      s64u16blk1entry

s64u16blk1end:
	ADD    $16, R23, R23
	SUB    $2, R13, R13
	B      s64u16blk1

s64u16scalar:
	// for ; c < w; c++ {
	//     ax := alpha * x[i*ldx+c]
	//     for k := lo; k < hi; k++ { y[idx[k]*ldy+c] += vals[k] * ax }
	// }
	CBZ    R13, s64u16rowend
	FMOVD.P 8(R20), F8
	FMULD  F31, F8, F8
	ADD    R10<<1, R6, R14
	ADD    R10<<3, R7, R15
	SUB    R10, R11, R16

s64u16scalarentry:
	CBZ    R16, s64u16scalarend
	MOVHU.P 2(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    s64u16bad
	FMOVD.P 8(R15), F16
	MADD   R1, R23, R17, R21
	FMOVD  (R21), F0
	FMADDD F16, F0, F8, F0
	FMOVD  F0, (R21)
	SUB    $1, R16, R16
	B      s64u16scalarentry

s64u16scalarend:
	ADD    $8, R23, R23
	SUB    $1, R13, R13
	B      s64u16scalar

s64u16rowend:
	ADD    R3, R2, R2             // next row of x
	SUB    $1, R9, R9
	CBNZ   R9, s64u16row

s64u16done:
	MOVD   ZR, ret+160(FP)
	RET

s64u16bad:
	MOVD   $1, R0
	MOVD   R0, ret+160(FP)
	RET

// func SpMMScatterNarrowF64U32NEON(y []float64, ldy int, x []float64, ldx, w int, ptr []uint32, idx []uint32, vals []float64, alpha float64, yrows uint64) int
//
// What SpMMF64NEON assumes with the roles of x and y exchanged.
//
// SpMMScatterNarrowF64U32NEON is SpMMScatterNarrowF64U16NEON's twin, line
// for line, with 32-bit index loads (ADD R10<<2 and MOVWU.P in place of ADD
// R10<<1 and MOVHU.P).
TEXT ·SpMMScatterNarrowF64U32NEON(SB), NOSPLIT, $0-168
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
	MOVD   yrows+152(FP), R12     // rows of the indexed operand
	MOVD   idx_len+104(FP), R25    // len(idx)
	MOVD   alpha+144(FP), R24
	VDUP   R24, V31.D2            // alpha in every lane (F31: scalar alpha)
	CBZ    R9, s64u32done

s64u32row:
	// lo, hi := ptr[i], ptr[i+1]; c := 0
	LDPW   (R5), (R10, R11)
	CMP    R11, R10           // lo > hi: bad
	BHI    s64u32bad
	CMP    R25, R11           // hi > len(idx): bad
	BHI    s64u32bad
	ADD    $4, R5, R5
	MOVD   R4, R13                // columns left
	MOVD   R2, R20                // &x[i*ldx + c]
	MOVD   R0, R23                // &y[0*ldy + c]

s64u32blk4:
	// for ; c+8 <= w; c += 8 {
	//     ax := alpha * x[i*ldx+c:][:8]
	//     for k := lo; k < hi; k++ { y[idx[k]*ldy+c:][:8] += vals[k] * ax }
	// }
	CMP    $8, R13
	BLO    s64u32blk1
	VLD1.P 64(R20), [V8.D2, V9.D2, V10.D2, V11.D2]
	WORD $0x6e7fdd08 // fmul v8.2d, v8.2d, v31.2d
	WORD $0x6e7fdd29 // fmul v9.2d, v9.2d, v31.2d
	WORD $0x6e7fdd4a // fmul v10.2d, v10.2d, v31.2d
	WORD $0x6e7fdd6b // fmul v11.2d, v11.2d, v31.2d
	ADD    R10<<2, R6, R14        // &idx[lo]
	ADD    R10<<3, R7, R15        // &vals[lo]
	SUB    R10, R11, R16          // entries left

s64u32blk4entry:
	// one entry at a time: y rows of repeated indices see the earlier stores
	CBZ    R16, s64u32blk4end
	MOVWU.P 4(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    s64u32bad
	MADD   R1, R23, R17, R21      // &y[j*ldy + c]
	VLD1R.P 8(R15), [V16.D2]
	VLD1   (R21), [V0.D2, V1.D2, V2.D2, V3.D2]
	VFMLA  V16.D2, V8.D2, V0.D2
	VFMLA  V16.D2, V9.D2, V1.D2
	VFMLA  V16.D2, V10.D2, V2.D2
	VFMLA  V16.D2, V11.D2, V3.D2
	VST1   [V0.D2, V1.D2, V2.D2, V3.D2], (R21)
	SUB    $1, R16, R16
	B      s64u32blk4entry

s64u32blk4end:
	ADD    $64, R23, R23
	SUB    $8, R13, R13
	B      s64u32blk4

s64u32blk1:
	// for ; c+2 <= w; c += 2 { the same on one vector }
	CMP    $2, R13
	BLO    s64u32scalar
	VLD1.P 16(R20), [V8.D2]
	WORD $0x6e7fdd08 // fmul v8.2d, v8.2d, v31.2d
	ADD    R10<<2, R6, R14
	ADD    R10<<3, R7, R15
	SUB    R10, R11, R16

s64u32blk1entry:
	CBZ    R16, s64u32blk1end
	MOVWU.P 4(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    s64u32bad
	MADD   R1, R23, R17, R21
	VLD1R.P 8(R15), [V16.D2]
	VLD1   (R21), [V0.D2]
	VFMLA  V16.D2, V8.D2, V0.D2
	VST1   [V0.D2], (R21)
	SUB    $1, R16, R16
	B      s64u32blk1entry

s64u32blk1end:
	ADD    $16, R23, R23
	SUB    $2, R13, R13
	B      s64u32blk1

s64u32scalar:
	// for ; c < w; c++ {
	//     ax := alpha * x[i*ldx+c]
	//     for k := lo; k < hi; k++ { y[idx[k]*ldy+c] += vals[k] * ax }
	// }
	CBZ    R13, s64u32rowend
	FMOVD.P 8(R20), F8
	FMULD  F31, F8, F8
	ADD    R10<<2, R6, R14
	ADD    R10<<3, R7, R15
	SUB    R10, R11, R16

s64u32scalarentry:
	CBZ    R16, s64u32scalarend
	MOVWU.P 4(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    s64u32bad
	FMOVD.P 8(R15), F16
	MADD   R1, R23, R17, R21
	FMOVD  (R21), F0
	FMADDD F16, F0, F8, F0
	FMOVD  F0, (R21)
	SUB    $1, R16, R16
	B      s64u32scalarentry

s64u32scalarend:
	ADD    $8, R23, R23
	SUB    $1, R13, R13
	B      s64u32scalar

s64u32rowend:
	ADD    R3, R2, R2             // next row of x
	SUB    $1, R9, R9
	CBNZ   R9, s64u32row

s64u32done:
	MOVD   ZR, ret+160(FP)
	RET

s64u32bad:
	MOVD   $1, R0
	MOVD   R0, ret+160(FP)
	RET

// func SpMMScatterNarrowF32U16NEON(y []float32, ldy int, x []float32, ldx, w int, ptr []uint32, idx []uint16, vals []float32, alpha float32, yrows uint64) int
//
// What SpMMF32NEON assumes with the roles of x and y exchanged.
TEXT ·SpMMScatterNarrowF32U16NEON(SB), NOSPLIT, $0-168
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
	MOVD   yrows+152(FP), R12     // rows of the indexed operand
	MOVD   idx_len+104(FP), R25    // len(idx)
	MOVWU  alpha+144(FP), R24
	VDUP   R24, V31.S4            // alpha in every lane (F31: scalar alpha)
	CBZ    R9, s32u16done

s32u16row:
	// lo, hi := ptr[i], ptr[i+1]; c := 0
	LDPW   (R5), (R10, R11)
	CMP    R11, R10           // lo > hi: bad
	BHI    s32u16bad
	CMP    R25, R11           // hi > len(idx): bad
	BHI    s32u16bad
	ADD    $4, R5, R5
	MOVD   R4, R13                // columns left
	MOVD   R2, R20                // &x[i*ldx + c]
	MOVD   R0, R23                // &y[0*ldy + c]

s32u16blk4:
	// for ; c+16 <= w; c += 16 {
	//     ax := alpha * x[i*ldx+c:][:16]
	//     for k := lo; k < hi; k++ { y[idx[k]*ldy+c:][:16] += vals[k] * ax }
	// }
	CMP    $16, R13
	BLO    s32u16blk1
	VLD1.P 64(R20), [V8.S4, V9.S4, V10.S4, V11.S4]
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s
	WORD $0x6e3fdd29 // fmul v9.4s, v9.4s, v31.4s
	WORD $0x6e3fdd4a // fmul v10.4s, v10.4s, v31.4s
	WORD $0x6e3fdd6b // fmul v11.4s, v11.4s, v31.4s
	ADD    R10<<1, R6, R14        // &idx[lo]
	ADD    R10<<2, R7, R15        // &vals[lo]
	SUB    R10, R11, R16          // entries left

s32u16blk4entry:
	// one entry at a time: y rows of repeated indices see the earlier stores
	CBZ    R16, s32u16blk4end
	MOVHU.P 2(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    s32u16bad
	MADD   R1, R23, R17, R21      // &y[j*ldy + c]
	VLD1R.P 4(R15), [V16.S4]
	VLD1   (R21), [V0.S4, V1.S4, V2.S4, V3.S4]
	VFMLA  V16.S4, V8.S4, V0.S4
	VFMLA  V16.S4, V9.S4, V1.S4
	VFMLA  V16.S4, V10.S4, V2.S4
	VFMLA  V16.S4, V11.S4, V3.S4
	VST1   [V0.S4, V1.S4, V2.S4, V3.S4], (R21)
	SUB    $1, R16, R16
	B      s32u16blk4entry

s32u16blk4end:
	ADD    $64, R23, R23
	SUB    $16, R13, R13
	B      s32u16blk4

s32u16blk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	CMP    $4, R13
	BLO    s32u16scalar
	VLD1.P 16(R20), [V8.S4]
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s
	ADD    R10<<1, R6, R14
	ADD    R10<<2, R7, R15
	SUB    R10, R11, R16

s32u16blk1entry:
	CBZ    R16, s32u16blk1end
	MOVHU.P 2(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    s32u16bad
	MADD   R1, R23, R17, R21
	VLD1R.P 4(R15), [V16.S4]
	VLD1   (R21), [V0.S4]
	VFMLA  V16.S4, V8.S4, V0.S4
	VST1   [V0.S4], (R21)
	SUB    $1, R16, R16
	B      s32u16blk1entry

s32u16blk1end:
	ADD    $16, R23, R23
	SUB    $4, R13, R13
	B      s32u16blk1

s32u16scalar:
	// for ; c < w; c++ {
	//     ax := alpha * x[i*ldx+c]
	//     for k := lo; k < hi; k++ { y[idx[k]*ldy+c] += vals[k] * ax }
	// }
	CBZ    R13, s32u16rowend
	FMOVS.P 4(R20), F8
	FMULS  F31, F8, F8
	ADD    R10<<1, R6, R14
	ADD    R10<<2, R7, R15
	SUB    R10, R11, R16

s32u16scalarentry:
	CBZ    R16, s32u16scalarend
	MOVHU.P 2(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    s32u16bad
	FMOVS.P 4(R15), F16
	MADD   R1, R23, R17, R21
	FMOVS  (R21), F0
	FMADDS F16, F0, F8, F0
	FMOVS  F0, (R21)
	SUB    $1, R16, R16
	B      s32u16scalarentry

s32u16scalarend:
	ADD    $4, R23, R23
	SUB    $1, R13, R13
	B      s32u16scalar

s32u16rowend:
	ADD    R3, R2, R2             // next row of x
	SUB    $1, R9, R9
	CBNZ   R9, s32u16row

s32u16done:
	MOVD   ZR, ret+160(FP)
	RET

s32u16bad:
	MOVD   $1, R0
	MOVD   R0, ret+160(FP)
	RET

// func SpMMScatterNarrowF32U32NEON(y []float32, ldy int, x []float32, ldx, w int, ptr []uint32, idx []uint32, vals []float32, alpha float32, yrows uint64) int
//
// What SpMMF32NEON assumes with the roles of x and y exchanged.
//
// SpMMScatterNarrowF32U32NEON is SpMMScatterNarrowF32U16NEON's twin, line
// for line, with 32-bit index loads (ADD R10<<2 and MOVWU.P in place of ADD
// R10<<1 and MOVHU.P).
TEXT ·SpMMScatterNarrowF32U32NEON(SB), NOSPLIT, $0-168
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
	MOVD   yrows+152(FP), R12     // rows of the indexed operand
	MOVD   idx_len+104(FP), R25    // len(idx)
	MOVWU  alpha+144(FP), R24
	VDUP   R24, V31.S4            // alpha in every lane (F31: scalar alpha)
	CBZ    R9, s32u32done

s32u32row:
	// lo, hi := ptr[i], ptr[i+1]; c := 0
	LDPW   (R5), (R10, R11)
	CMP    R11, R10           // lo > hi: bad
	BHI    s32u32bad
	CMP    R25, R11           // hi > len(idx): bad
	BHI    s32u32bad
	ADD    $4, R5, R5
	MOVD   R4, R13                // columns left
	MOVD   R2, R20                // &x[i*ldx + c]
	MOVD   R0, R23                // &y[0*ldy + c]

s32u32blk4:
	// for ; c+16 <= w; c += 16 {
	//     ax := alpha * x[i*ldx+c:][:16]
	//     for k := lo; k < hi; k++ { y[idx[k]*ldy+c:][:16] += vals[k] * ax }
	// }
	CMP    $16, R13
	BLO    s32u32blk1
	VLD1.P 64(R20), [V8.S4, V9.S4, V10.S4, V11.S4]
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s
	WORD $0x6e3fdd29 // fmul v9.4s, v9.4s, v31.4s
	WORD $0x6e3fdd4a // fmul v10.4s, v10.4s, v31.4s
	WORD $0x6e3fdd6b // fmul v11.4s, v11.4s, v31.4s
	ADD    R10<<2, R6, R14        // &idx[lo]
	ADD    R10<<2, R7, R15        // &vals[lo]
	SUB    R10, R11, R16          // entries left

s32u32blk4entry:
	// one entry at a time: y rows of repeated indices see the earlier stores
	CBZ    R16, s32u32blk4end
	MOVWU.P 4(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    s32u32bad
	MADD   R1, R23, R17, R21      // &y[j*ldy + c]
	VLD1R.P 4(R15), [V16.S4]
	VLD1   (R21), [V0.S4, V1.S4, V2.S4, V3.S4]
	VFMLA  V16.S4, V8.S4, V0.S4
	VFMLA  V16.S4, V9.S4, V1.S4
	VFMLA  V16.S4, V10.S4, V2.S4
	VFMLA  V16.S4, V11.S4, V3.S4
	VST1   [V0.S4, V1.S4, V2.S4, V3.S4], (R21)
	SUB    $1, R16, R16
	B      s32u32blk4entry

s32u32blk4end:
	ADD    $64, R23, R23
	SUB    $16, R13, R13
	B      s32u32blk4

s32u32blk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	CMP    $4, R13
	BLO    s32u32scalar
	VLD1.P 16(R20), [V8.S4]
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s
	ADD    R10<<2, R6, R14
	ADD    R10<<2, R7, R15
	SUB    R10, R11, R16

s32u32blk1entry:
	CBZ    R16, s32u32blk1end
	MOVWU.P 4(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    s32u32bad
	MADD   R1, R23, R17, R21
	VLD1R.P 4(R15), [V16.S4]
	VLD1   (R21), [V0.S4]
	VFMLA  V16.S4, V8.S4, V0.S4
	VST1   [V0.S4], (R21)
	SUB    $1, R16, R16
	B      s32u32blk1entry

s32u32blk1end:
	ADD    $16, R23, R23
	SUB    $4, R13, R13
	B      s32u32blk1

s32u32scalar:
	// for ; c < w; c++ {
	//     ax := alpha * x[i*ldx+c]
	//     for k := lo; k < hi; k++ { y[idx[k]*ldy+c] += vals[k] * ax }
	// }
	CBZ    R13, s32u32rowend
	FMOVS.P 4(R20), F8
	FMULS  F31, F8, F8
	ADD    R10<<2, R6, R14
	ADD    R10<<2, R7, R15
	SUB    R10, R11, R16

s32u32scalarentry:
	CBZ    R16, s32u32scalarend
	MOVWU.P 4(R14), R17
	CMP    R12, R17           // index >= rows: bad
	BHS    s32u32bad
	FMOVS.P 4(R15), F16
	MADD   R1, R23, R17, R21
	FMOVS  (R21), F0
	FMADDS F16, F0, F8, F0
	FMOVS  F0, (R21)
	SUB    $1, R16, R16
	B      s32u32scalarentry

s32u32scalarend:
	ADD    $4, R23, R23
	SUB    $1, R13, R13
	B      s32u32scalar

s32u32rowend:
	ADD    R3, R2, R2             // next row of x
	SUB    $1, R9, R9
	CBNZ   R9, s32u32row

s32u32done:
	MOVD   ZR, ret+160(FP)
	RET

s32u32bad:
	MOVD   $1, R0
	MOVD   R0, ret+160(FP)
	RET
