//go:build !purego && !noasm && gc

#include "textflag.h"

// Fused quantized SpMM on NEON: SpMMF32NEON's column blocks (four vectors,
// one vector, single columns) with each value decoded from its code where
// the float32 kernel loads it.
//
// For each row i of ptr the segment is clamped to 0..len(idx) (lo, hi
// each at most len(idx), hi at least lo); for each column block the
// entries k of the segment run in order into one accumulator set, an
// entry whose index is at or above xrows skipped. Its value is decoded as
// quant's At does: the code's table entry (table[codes[k]] for 8-bit
// codes, table[(k&1)*256 + codes[k>>1]] for 4-bit ones through the
// 512-entry nibble expansion) times the scale of block k/b, one float32
// product rounded once (FMULS), broadcast (VDUP) and multiplied into the
// row of x with VFMLA. An MX scale is E8M0(exps[k/b]) built in a general
// register: the bits e<<23, or 0x00400000 (2^-127) for e == 0 (e == 0xFF
// gives +Inf). The row kind reads no block scale and multiplies the row's
// sums by alpha*scale[i] in place of alpha. The sums are scaled by alpha,
// then, unless beta is +0, beta times the block of y is added.
//
// Go's assembler lacks the vector FMUL; it is a WORD line encoded by
// asm2plan9s from the mnemonic in its comment.
//
// Requires: NEON (ASIMD).
//
// Registers:
//
//    R0  &y row i       R1  ldy in bytes    R2  &x[0]          R3  ldx in bytes
//    R4  w              R5  &ptr[i]         R6  &idx[0]        R7  &codes[0]
//    R8  beta's bits    R9  rows left       R10 lo             R11 hi
//    R12 xrows          R13 columns left    R14 k              R15 &exps[0]
//    R17 j = idx[k]     R19, R21 scratch    R20 &x[c]          R21 &x[j*ldx+c]
//    R22 b              R23 &y[i*ldy+c]     R24 &table[0]      R25 len(idx)
//    R26 &scale[0] (the row kind: &scale[i])
//    V0..V3 accumulators / F0 (single columns)   V8..V11 x block, y block
//    F16/V16 value k    F17 its scale       V29 alpha (F29)
//    V30 beta (F30)     V31 alpha, alpha*scale[i] for the row kind (F31)

// func QSpMM8RowNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64)
TEXT ·QSpMM8RowNEON(SB), NOSPLIT, $0-240
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
	MOVD   idx_len+104(FP), R25   // len(idx)
	MOVD   codes_base+120(FP), R7
	MOVD   table_base+144(FP), R24
	MOVD   scale_base+168(FP), R26
	MOVD   exps_base+192(FP), R15
	MOVD   b+216(FP), R22
	MOVD   xrows+232(FP), R12     // rows of x
	FMOVS  alpha+224(FP), F29
	VDUP   V29.S[0], V31.S4       // alpha in every lane (F31: scalar alpha)
	MOVWU  beta+228(FP), R8
	VDUP   R8, V30.S4             // beta in every lane (F30: scalar beta)
	CBZ    R9, q8rdone

q8rrow:
	// lo, hi := ptr[i], ptr[i+1] clamped to 0..len(idx), hi >= lo; c := 0
	LDP    (R5), (R10, R11)
	CMP    R25, R10
	CSEL   HI, R25, R10, R10      // lo > len(idx): lo = len(idx)
	CMP    R25, R11
	CSEL   HI, R25, R11, R11      // hi > len(idx): hi = len(idx)
	CMP    R10, R11
	CSEL   LO, R10, R11, R11      // hi < lo: hi = lo
	ADD    $8, R5, R5
	FMOVS.P 4(R26), F17           // scale[i]
	FMULS  F17, F29, F31           // alpha * scale[i] in every lane
	VDUP   V31.S[0], V31.S4
	MOVD   R4, R13                // columns left
	MOVD   R2, R20                // &x[0*ldx + c]
	MOVD   R0, R23                // &y[i*ldy + c]

q8rblk4:
	// for ; c+16 <= w; c += 16 { 4-vector block }
	CMP    $16, R13
	BLO    q8rblk1
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16
	MOVD   R10, R14               // k := lo

q8rblk4entry:
	// for ; k < hi; k++ {
	//     if idx[k] >= xrows { continue }
	//     acc0..3 += value(k) * x[idx[k]*ldx+c:][:16]
	// }
	CMP    R11, R14
	BHS    q8rblk4end
	MOVD   (R6)(R14<<3), R17      // j := idx[k]
	CMP    R12, R17               // j >= xrows: skipped
	BHS    q8rblk4next
	MOVBU  (R7)(R14), R19          // codes[k]
	FMOVS  (R24)(R19<<2), F16      // v := table[codes[k]]
	VDUP   V16.S[0], V16.S4
	MADD   R3, R20, R17, R21      // &x[j*ldx + c]
	VLD1   (R21), [V8.S4, V9.S4, V10.S4, V11.S4]
	VFMLA  V16.S4, V8.S4, V0.S4
	VFMLA  V16.S4, V9.S4, V1.S4
	VFMLA  V16.S4, V10.S4, V2.S4
	VFMLA  V16.S4, V11.S4, V3.S4

q8rblk4next:
	ADD    $1, R14, R14
	B      q8rblk4entry

q8rblk4end:
	// acc0..3 = alpha * acc0..3 (+ beta * y[i*ldy+c:][:16] unless beta is +0)
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	WORD $0x6e3fdc21 // fmul v1.4s, v1.4s, v31.4s
	WORD $0x6e3fdc42 // fmul v2.4s, v2.4s, v31.4s
	WORD $0x6e3fdc63 // fmul v3.4s, v3.4s, v31.4s
	CBZ    R8, q8rblk4store
	VLD1   (R23), [V8.S4, V9.S4, V10.S4, V11.S4]
	VFMLA  V30.S4, V8.S4, V0.S4
	VFMLA  V30.S4, V9.S4, V1.S4
	VFMLA  V30.S4, V10.S4, V2.S4
	VFMLA  V30.S4, V11.S4, V3.S4

q8rblk4store:
	VST1.P [V0.S4, V1.S4, V2.S4, V3.S4], 64(R23)
	ADD    $64, R20, R20
	SUB    $16, R13, R13
	B      q8rblk4

q8rblk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	CMP    $4, R13
	BLO    q8rscalar
	VEOR   V0.B16, V0.B16, V0.B16
	MOVD   R10, R14

q8rblk1entry:
	CMP    R11, R14
	BHS    q8rblk1end
	MOVD   (R6)(R14<<3), R17
	CMP    R12, R17               // j >= xrows: skipped
	BHS    q8rblk1next
	MOVBU  (R7)(R14), R19          // codes[k]
	FMOVS  (R24)(R19<<2), F16      // v := table[codes[k]]
	VDUP   V16.S[0], V16.S4
	MADD   R3, R20, R17, R21
	VLD1   (R21), [V8.S4]
	VFMLA  V16.S4, V8.S4, V0.S4

q8rblk1next:
	ADD    $1, R14, R14
	B      q8rblk1entry

q8rblk1end:
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	CBZ    R8, q8rblk1store
	VLD1   (R23), [V8.S4]
	VFMLA  V30.S4, V8.S4, V0.S4

q8rblk1store:
	VST1.P [V0.S4], 16(R23)
	ADD    $16, R20, R20
	SUB    $4, R13, R13
	B      q8rblk1

q8rscalar:
	// for ; c < w; c++ { the same on one column }
	CBZ    R13, q8rrowend
	VEOR   V0.B16, V0.B16, V0.B16
	MOVD   R10, R14

q8rscalarentry:
	CMP    R11, R14
	BHS    q8rscalarend
	MOVD   (R6)(R14<<3), R17
	CMP    R12, R17               // j >= xrows: skipped
	BHS    q8rscalarnext
	MOVBU  (R7)(R14), R19          // codes[k]
	FMOVS  (R24)(R19<<2), F16      // v := table[codes[k]]
	MADD   R3, R20, R17, R21
	FMOVS  (R21), F8
	FMADDS F8, F0, F16, F0

q8rscalarnext:
	ADD    $1, R14, R14
	B      q8rscalarentry

q8rscalarend:
	FMULS  F31, F0, F0
	CBZ    R8, q8rscalarstore
	FMOVS  (R23), F8
	FMADDS F30, F0, F8, F0

q8rscalarstore:
	FMOVS.P F0, 4(R23)
	ADD    $4, R20, R20
	SUB    $1, R13, R13
	B      q8rscalar

q8rrowend:
	ADD    R1, R0, R0             // next row of y
	SUB    $1, R9, R9
	CBNZ   R9, q8rrow

q8rdone:
	RET

// func QSpMM8BlockNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64)
TEXT ·QSpMM8BlockNEON(SB), NOSPLIT, $0-240
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
	MOVD   idx_len+104(FP), R25   // len(idx)
	MOVD   codes_base+120(FP), R7
	MOVD   table_base+144(FP), R24
	MOVD   scale_base+168(FP), R26
	MOVD   exps_base+192(FP), R15
	MOVD   b+216(FP), R22
	MOVD   xrows+232(FP), R12     // rows of x
	FMOVS  alpha+224(FP), F29
	VDUP   V29.S[0], V31.S4       // alpha in every lane (F31: scalar alpha)
	MOVWU  beta+228(FP), R8
	VDUP   R8, V30.S4             // beta in every lane (F30: scalar beta)
	CBZ    R9, q8bdone

q8brow:
	// lo, hi := ptr[i], ptr[i+1] clamped to 0..len(idx), hi >= lo; c := 0
	LDP    (R5), (R10, R11)
	CMP    R25, R10
	CSEL   HI, R25, R10, R10      // lo > len(idx): lo = len(idx)
	CMP    R25, R11
	CSEL   HI, R25, R11, R11      // hi > len(idx): hi = len(idx)
	CMP    R10, R11
	CSEL   LO, R10, R11, R11      // hi < lo: hi = lo
	ADD    $8, R5, R5
	MOVD   R4, R13                // columns left
	MOVD   R2, R20                // &x[0*ldx + c]
	MOVD   R0, R23                // &y[i*ldy + c]

q8bblk4:
	// for ; c+16 <= w; c += 16 { 4-vector block }
	CMP    $16, R13
	BLO    q8bblk1
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16
	MOVD   R10, R14               // k := lo

q8bblk4entry:
	// for ; k < hi; k++ {
	//     if idx[k] >= xrows { continue }
	//     acc0..3 += value(k) * x[idx[k]*ldx+c:][:16]
	// }
	CMP    R11, R14
	BHS    q8bblk4end
	MOVD   (R6)(R14<<3), R17      // j := idx[k]
	CMP    R12, R17               // j >= xrows: skipped
	BHS    q8bblk4next
	MOVBU  (R7)(R14), R19          // codes[k]
	FMOVS  (R24)(R19<<2), F16      // v := table[codes[k]]
	UDIV   R22, R14, R19          // g := k/b
	FMOVS  (R26)(R19<<2), F17      // scale[g]
	FMULS  F17, F16, F16           // v *= scale[g], rounded once
	VDUP   V16.S[0], V16.S4
	MADD   R3, R20, R17, R21      // &x[j*ldx + c]
	VLD1   (R21), [V8.S4, V9.S4, V10.S4, V11.S4]
	VFMLA  V16.S4, V8.S4, V0.S4
	VFMLA  V16.S4, V9.S4, V1.S4
	VFMLA  V16.S4, V10.S4, V2.S4
	VFMLA  V16.S4, V11.S4, V3.S4

q8bblk4next:
	ADD    $1, R14, R14
	B      q8bblk4entry

q8bblk4end:
	// acc0..3 = alpha * acc0..3 (+ beta * y[i*ldy+c:][:16] unless beta is +0)
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	WORD $0x6e3fdc21 // fmul v1.4s, v1.4s, v31.4s
	WORD $0x6e3fdc42 // fmul v2.4s, v2.4s, v31.4s
	WORD $0x6e3fdc63 // fmul v3.4s, v3.4s, v31.4s
	CBZ    R8, q8bblk4store
	VLD1   (R23), [V8.S4, V9.S4, V10.S4, V11.S4]
	VFMLA  V30.S4, V8.S4, V0.S4
	VFMLA  V30.S4, V9.S4, V1.S4
	VFMLA  V30.S4, V10.S4, V2.S4
	VFMLA  V30.S4, V11.S4, V3.S4

q8bblk4store:
	VST1.P [V0.S4, V1.S4, V2.S4, V3.S4], 64(R23)
	ADD    $64, R20, R20
	SUB    $16, R13, R13
	B      q8bblk4

q8bblk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	CMP    $4, R13
	BLO    q8bscalar
	VEOR   V0.B16, V0.B16, V0.B16
	MOVD   R10, R14

q8bblk1entry:
	CMP    R11, R14
	BHS    q8bblk1end
	MOVD   (R6)(R14<<3), R17
	CMP    R12, R17               // j >= xrows: skipped
	BHS    q8bblk1next
	MOVBU  (R7)(R14), R19          // codes[k]
	FMOVS  (R24)(R19<<2), F16      // v := table[codes[k]]
	UDIV   R22, R14, R19          // g := k/b
	FMOVS  (R26)(R19<<2), F17      // scale[g]
	FMULS  F17, F16, F16           // v *= scale[g], rounded once
	VDUP   V16.S[0], V16.S4
	MADD   R3, R20, R17, R21
	VLD1   (R21), [V8.S4]
	VFMLA  V16.S4, V8.S4, V0.S4

q8bblk1next:
	ADD    $1, R14, R14
	B      q8bblk1entry

q8bblk1end:
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	CBZ    R8, q8bblk1store
	VLD1   (R23), [V8.S4]
	VFMLA  V30.S4, V8.S4, V0.S4

q8bblk1store:
	VST1.P [V0.S4], 16(R23)
	ADD    $16, R20, R20
	SUB    $4, R13, R13
	B      q8bblk1

q8bscalar:
	// for ; c < w; c++ { the same on one column }
	CBZ    R13, q8browend
	VEOR   V0.B16, V0.B16, V0.B16
	MOVD   R10, R14

q8bscalarentry:
	CMP    R11, R14
	BHS    q8bscalarend
	MOVD   (R6)(R14<<3), R17
	CMP    R12, R17               // j >= xrows: skipped
	BHS    q8bscalarnext
	MOVBU  (R7)(R14), R19          // codes[k]
	FMOVS  (R24)(R19<<2), F16      // v := table[codes[k]]
	UDIV   R22, R14, R19          // g := k/b
	FMOVS  (R26)(R19<<2), F17      // scale[g]
	FMULS  F17, F16, F16           // v *= scale[g], rounded once
	MADD   R3, R20, R17, R21
	FMOVS  (R21), F8
	FMADDS F8, F0, F16, F0

q8bscalarnext:
	ADD    $1, R14, R14
	B      q8bscalarentry

q8bscalarend:
	FMULS  F31, F0, F0
	CBZ    R8, q8bscalarstore
	FMOVS  (R23), F8
	FMADDS F30, F0, F8, F0

q8bscalarstore:
	FMOVS.P F0, 4(R23)
	ADD    $4, R20, R20
	SUB    $1, R13, R13
	B      q8bscalar

q8browend:
	ADD    R1, R0, R0             // next row of y
	SUB    $1, R9, R9
	CBNZ   R9, q8brow

q8bdone:
	RET

// func QSpMM8MXNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64)
TEXT ·QSpMM8MXNEON(SB), NOSPLIT, $0-240
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
	MOVD   idx_len+104(FP), R25   // len(idx)
	MOVD   codes_base+120(FP), R7
	MOVD   table_base+144(FP), R24
	MOVD   scale_base+168(FP), R26
	MOVD   exps_base+192(FP), R15
	MOVD   b+216(FP), R22
	MOVD   xrows+232(FP), R12     // rows of x
	FMOVS  alpha+224(FP), F29
	VDUP   V29.S[0], V31.S4       // alpha in every lane (F31: scalar alpha)
	MOVWU  beta+228(FP), R8
	VDUP   R8, V30.S4             // beta in every lane (F30: scalar beta)
	CBZ    R9, q8mdone

q8mrow:
	// lo, hi := ptr[i], ptr[i+1] clamped to 0..len(idx), hi >= lo; c := 0
	LDP    (R5), (R10, R11)
	CMP    R25, R10
	CSEL   HI, R25, R10, R10      // lo > len(idx): lo = len(idx)
	CMP    R25, R11
	CSEL   HI, R25, R11, R11      // hi > len(idx): hi = len(idx)
	CMP    R10, R11
	CSEL   LO, R10, R11, R11      // hi < lo: hi = lo
	ADD    $8, R5, R5
	MOVD   R4, R13                // columns left
	MOVD   R2, R20                // &x[0*ldx + c]
	MOVD   R0, R23                // &y[i*ldy + c]

q8mblk4:
	// for ; c+16 <= w; c += 16 { 4-vector block }
	CMP    $16, R13
	BLO    q8mblk1
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16
	MOVD   R10, R14               // k := lo

q8mblk4entry:
	// for ; k < hi; k++ {
	//     if idx[k] >= xrows { continue }
	//     acc0..3 += value(k) * x[idx[k]*ldx+c:][:16]
	// }
	CMP    R11, R14
	BHS    q8mblk4end
	MOVD   (R6)(R14<<3), R17      // j := idx[k]
	CMP    R12, R17               // j >= xrows: skipped
	BHS    q8mblk4next
	MOVBU  (R7)(R14), R19          // codes[k]
	FMOVS  (R24)(R19<<2), F16      // v := table[codes[k]]
	UDIV   R22, R14, R19          // g := k/b
	MOVBU  (R15)(R19), R19         // e := exps[g]
	CMPW   $0, R19
	LSLW   $23, R19, R21           // E8M0(e): the bits e<<23,
	MOVW   $0x00400000, R19
	CSELW  EQ, R19, R21, R21       // 2^-127 for e == 0
	FMOVS  R21, F17
	FMULS  F17, F16, F16           // v *= E8M0(e), rounded once
	VDUP   V16.S[0], V16.S4
	MADD   R3, R20, R17, R21      // &x[j*ldx + c]
	VLD1   (R21), [V8.S4, V9.S4, V10.S4, V11.S4]
	VFMLA  V16.S4, V8.S4, V0.S4
	VFMLA  V16.S4, V9.S4, V1.S4
	VFMLA  V16.S4, V10.S4, V2.S4
	VFMLA  V16.S4, V11.S4, V3.S4

q8mblk4next:
	ADD    $1, R14, R14
	B      q8mblk4entry

q8mblk4end:
	// acc0..3 = alpha * acc0..3 (+ beta * y[i*ldy+c:][:16] unless beta is +0)
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	WORD $0x6e3fdc21 // fmul v1.4s, v1.4s, v31.4s
	WORD $0x6e3fdc42 // fmul v2.4s, v2.4s, v31.4s
	WORD $0x6e3fdc63 // fmul v3.4s, v3.4s, v31.4s
	CBZ    R8, q8mblk4store
	VLD1   (R23), [V8.S4, V9.S4, V10.S4, V11.S4]
	VFMLA  V30.S4, V8.S4, V0.S4
	VFMLA  V30.S4, V9.S4, V1.S4
	VFMLA  V30.S4, V10.S4, V2.S4
	VFMLA  V30.S4, V11.S4, V3.S4

q8mblk4store:
	VST1.P [V0.S4, V1.S4, V2.S4, V3.S4], 64(R23)
	ADD    $64, R20, R20
	SUB    $16, R13, R13
	B      q8mblk4

q8mblk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	CMP    $4, R13
	BLO    q8mscalar
	VEOR   V0.B16, V0.B16, V0.B16
	MOVD   R10, R14

q8mblk1entry:
	CMP    R11, R14
	BHS    q8mblk1end
	MOVD   (R6)(R14<<3), R17
	CMP    R12, R17               // j >= xrows: skipped
	BHS    q8mblk1next
	MOVBU  (R7)(R14), R19          // codes[k]
	FMOVS  (R24)(R19<<2), F16      // v := table[codes[k]]
	UDIV   R22, R14, R19          // g := k/b
	MOVBU  (R15)(R19), R19         // e := exps[g]
	CMPW   $0, R19
	LSLW   $23, R19, R21           // E8M0(e): the bits e<<23,
	MOVW   $0x00400000, R19
	CSELW  EQ, R19, R21, R21       // 2^-127 for e == 0
	FMOVS  R21, F17
	FMULS  F17, F16, F16           // v *= E8M0(e), rounded once
	VDUP   V16.S[0], V16.S4
	MADD   R3, R20, R17, R21
	VLD1   (R21), [V8.S4]
	VFMLA  V16.S4, V8.S4, V0.S4

q8mblk1next:
	ADD    $1, R14, R14
	B      q8mblk1entry

q8mblk1end:
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	CBZ    R8, q8mblk1store
	VLD1   (R23), [V8.S4]
	VFMLA  V30.S4, V8.S4, V0.S4

q8mblk1store:
	VST1.P [V0.S4], 16(R23)
	ADD    $16, R20, R20
	SUB    $4, R13, R13
	B      q8mblk1

q8mscalar:
	// for ; c < w; c++ { the same on one column }
	CBZ    R13, q8mrowend
	VEOR   V0.B16, V0.B16, V0.B16
	MOVD   R10, R14

q8mscalarentry:
	CMP    R11, R14
	BHS    q8mscalarend
	MOVD   (R6)(R14<<3), R17
	CMP    R12, R17               // j >= xrows: skipped
	BHS    q8mscalarnext
	MOVBU  (R7)(R14), R19          // codes[k]
	FMOVS  (R24)(R19<<2), F16      // v := table[codes[k]]
	UDIV   R22, R14, R19          // g := k/b
	MOVBU  (R15)(R19), R19         // e := exps[g]
	CMPW   $0, R19
	LSLW   $23, R19, R21           // E8M0(e): the bits e<<23,
	MOVW   $0x00400000, R19
	CSELW  EQ, R19, R21, R21       // 2^-127 for e == 0
	FMOVS  R21, F17
	FMULS  F17, F16, F16           // v *= E8M0(e), rounded once
	MADD   R3, R20, R17, R21
	FMOVS  (R21), F8
	FMADDS F8, F0, F16, F0

q8mscalarnext:
	ADD    $1, R14, R14
	B      q8mscalarentry

q8mscalarend:
	FMULS  F31, F0, F0
	CBZ    R8, q8mscalarstore
	FMOVS  (R23), F8
	FMADDS F30, F0, F8, F0

q8mscalarstore:
	FMOVS.P F0, 4(R23)
	ADD    $4, R20, R20
	SUB    $1, R13, R13
	B      q8mscalar

q8mrowend:
	ADD    R1, R0, R0             // next row of y
	SUB    $1, R9, R9
	CBNZ   R9, q8mrow

q8mdone:
	RET

// func QSpMM4BlockNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64)
TEXT ·QSpMM4BlockNEON(SB), NOSPLIT, $0-240
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
	MOVD   idx_len+104(FP), R25   // len(idx)
	MOVD   codes_base+120(FP), R7
	MOVD   table_base+144(FP), R24
	MOVD   scale_base+168(FP), R26
	MOVD   exps_base+192(FP), R15
	MOVD   b+216(FP), R22
	MOVD   xrows+232(FP), R12     // rows of x
	FMOVS  alpha+224(FP), F29
	VDUP   V29.S[0], V31.S4       // alpha in every lane (F31: scalar alpha)
	MOVWU  beta+228(FP), R8
	VDUP   R8, V30.S4             // beta in every lane (F30: scalar beta)
	CBZ    R9, q4bdone

q4brow:
	// lo, hi := ptr[i], ptr[i+1] clamped to 0..len(idx), hi >= lo; c := 0
	LDP    (R5), (R10, R11)
	CMP    R25, R10
	CSEL   HI, R25, R10, R10      // lo > len(idx): lo = len(idx)
	CMP    R25, R11
	CSEL   HI, R25, R11, R11      // hi > len(idx): hi = len(idx)
	CMP    R10, R11
	CSEL   LO, R10, R11, R11      // hi < lo: hi = lo
	ADD    $8, R5, R5
	MOVD   R4, R13                // columns left
	MOVD   R2, R20                // &x[0*ldx + c]
	MOVD   R0, R23                // &y[i*ldy + c]

q4bblk4:
	// for ; c+16 <= w; c += 16 { 4-vector block }
	CMP    $16, R13
	BLO    q4bblk1
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16
	MOVD   R10, R14               // k := lo

q4bblk4entry:
	// for ; k < hi; k++ {
	//     if idx[k] >= xrows { continue }
	//     acc0..3 += value(k) * x[idx[k]*ldx+c:][:16]
	// }
	CMP    R11, R14
	BHS    q4bblk4end
	MOVD   (R6)(R14<<3), R17      // j := idx[k]
	CMP    R12, R17               // j >= xrows: skipped
	BHS    q4bblk4next
	LSR    $1, R14, R19
	MOVBU  (R7)(R19), R19          // codes[k/2]
	AND    $1, R14, R21
	ADD    R21<<8, R19, R19        // (k&1)*256 + codes[k/2]
	FMOVS  (R24)(R19<<2), F16      // v := table[nibble k]
	UDIV   R22, R14, R19          // g := k/b
	FMOVS  (R26)(R19<<2), F17      // scale[g]
	FMULS  F17, F16, F16           // v *= scale[g], rounded once
	VDUP   V16.S[0], V16.S4
	MADD   R3, R20, R17, R21      // &x[j*ldx + c]
	VLD1   (R21), [V8.S4, V9.S4, V10.S4, V11.S4]
	VFMLA  V16.S4, V8.S4, V0.S4
	VFMLA  V16.S4, V9.S4, V1.S4
	VFMLA  V16.S4, V10.S4, V2.S4
	VFMLA  V16.S4, V11.S4, V3.S4

q4bblk4next:
	ADD    $1, R14, R14
	B      q4bblk4entry

q4bblk4end:
	// acc0..3 = alpha * acc0..3 (+ beta * y[i*ldy+c:][:16] unless beta is +0)
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	WORD $0x6e3fdc21 // fmul v1.4s, v1.4s, v31.4s
	WORD $0x6e3fdc42 // fmul v2.4s, v2.4s, v31.4s
	WORD $0x6e3fdc63 // fmul v3.4s, v3.4s, v31.4s
	CBZ    R8, q4bblk4store
	VLD1   (R23), [V8.S4, V9.S4, V10.S4, V11.S4]
	VFMLA  V30.S4, V8.S4, V0.S4
	VFMLA  V30.S4, V9.S4, V1.S4
	VFMLA  V30.S4, V10.S4, V2.S4
	VFMLA  V30.S4, V11.S4, V3.S4

q4bblk4store:
	VST1.P [V0.S4, V1.S4, V2.S4, V3.S4], 64(R23)
	ADD    $64, R20, R20
	SUB    $16, R13, R13
	B      q4bblk4

q4bblk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	CMP    $4, R13
	BLO    q4bscalar
	VEOR   V0.B16, V0.B16, V0.B16
	MOVD   R10, R14

q4bblk1entry:
	CMP    R11, R14
	BHS    q4bblk1end
	MOVD   (R6)(R14<<3), R17
	CMP    R12, R17               // j >= xrows: skipped
	BHS    q4bblk1next
	LSR    $1, R14, R19
	MOVBU  (R7)(R19), R19          // codes[k/2]
	AND    $1, R14, R21
	ADD    R21<<8, R19, R19        // (k&1)*256 + codes[k/2]
	FMOVS  (R24)(R19<<2), F16      // v := table[nibble k]
	UDIV   R22, R14, R19          // g := k/b
	FMOVS  (R26)(R19<<2), F17      // scale[g]
	FMULS  F17, F16, F16           // v *= scale[g], rounded once
	VDUP   V16.S[0], V16.S4
	MADD   R3, R20, R17, R21
	VLD1   (R21), [V8.S4]
	VFMLA  V16.S4, V8.S4, V0.S4

q4bblk1next:
	ADD    $1, R14, R14
	B      q4bblk1entry

q4bblk1end:
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	CBZ    R8, q4bblk1store
	VLD1   (R23), [V8.S4]
	VFMLA  V30.S4, V8.S4, V0.S4

q4bblk1store:
	VST1.P [V0.S4], 16(R23)
	ADD    $16, R20, R20
	SUB    $4, R13, R13
	B      q4bblk1

q4bscalar:
	// for ; c < w; c++ { the same on one column }
	CBZ    R13, q4browend
	VEOR   V0.B16, V0.B16, V0.B16
	MOVD   R10, R14

q4bscalarentry:
	CMP    R11, R14
	BHS    q4bscalarend
	MOVD   (R6)(R14<<3), R17
	CMP    R12, R17               // j >= xrows: skipped
	BHS    q4bscalarnext
	LSR    $1, R14, R19
	MOVBU  (R7)(R19), R19          // codes[k/2]
	AND    $1, R14, R21
	ADD    R21<<8, R19, R19        // (k&1)*256 + codes[k/2]
	FMOVS  (R24)(R19<<2), F16      // v := table[nibble k]
	UDIV   R22, R14, R19          // g := k/b
	FMOVS  (R26)(R19<<2), F17      // scale[g]
	FMULS  F17, F16, F16           // v *= scale[g], rounded once
	MADD   R3, R20, R17, R21
	FMOVS  (R21), F8
	FMADDS F8, F0, F16, F0

q4bscalarnext:
	ADD    $1, R14, R14
	B      q4bscalarentry

q4bscalarend:
	FMULS  F31, F0, F0
	CBZ    R8, q4bscalarstore
	FMOVS  (R23), F8
	FMADDS F30, F0, F8, F0

q4bscalarstore:
	FMOVS.P F0, 4(R23)
	ADD    $4, R20, R20
	SUB    $1, R13, R13
	B      q4bscalar

q4browend:
	ADD    R1, R0, R0             // next row of y
	SUB    $1, R9, R9
	CBNZ   R9, q4brow

q4bdone:
	RET

// func QSpMM4MXNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64)
TEXT ·QSpMM4MXNEON(SB), NOSPLIT, $0-240
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
	MOVD   idx_len+104(FP), R25   // len(idx)
	MOVD   codes_base+120(FP), R7
	MOVD   table_base+144(FP), R24
	MOVD   scale_base+168(FP), R26
	MOVD   exps_base+192(FP), R15
	MOVD   b+216(FP), R22
	MOVD   xrows+232(FP), R12     // rows of x
	FMOVS  alpha+224(FP), F29
	VDUP   V29.S[0], V31.S4       // alpha in every lane (F31: scalar alpha)
	MOVWU  beta+228(FP), R8
	VDUP   R8, V30.S4             // beta in every lane (F30: scalar beta)
	CBZ    R9, q4mdone

q4mrow:
	// lo, hi := ptr[i], ptr[i+1] clamped to 0..len(idx), hi >= lo; c := 0
	LDP    (R5), (R10, R11)
	CMP    R25, R10
	CSEL   HI, R25, R10, R10      // lo > len(idx): lo = len(idx)
	CMP    R25, R11
	CSEL   HI, R25, R11, R11      // hi > len(idx): hi = len(idx)
	CMP    R10, R11
	CSEL   LO, R10, R11, R11      // hi < lo: hi = lo
	ADD    $8, R5, R5
	MOVD   R4, R13                // columns left
	MOVD   R2, R20                // &x[0*ldx + c]
	MOVD   R0, R23                // &y[i*ldy + c]

q4mblk4:
	// for ; c+16 <= w; c += 16 { 4-vector block }
	CMP    $16, R13
	BLO    q4mblk1
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16
	MOVD   R10, R14               // k := lo

q4mblk4entry:
	// for ; k < hi; k++ {
	//     if idx[k] >= xrows { continue }
	//     acc0..3 += value(k) * x[idx[k]*ldx+c:][:16]
	// }
	CMP    R11, R14
	BHS    q4mblk4end
	MOVD   (R6)(R14<<3), R17      // j := idx[k]
	CMP    R12, R17               // j >= xrows: skipped
	BHS    q4mblk4next
	LSR    $1, R14, R19
	MOVBU  (R7)(R19), R19          // codes[k/2]
	AND    $1, R14, R21
	ADD    R21<<8, R19, R19        // (k&1)*256 + codes[k/2]
	FMOVS  (R24)(R19<<2), F16      // v := table[nibble k]
	UDIV   R22, R14, R19          // g := k/b
	MOVBU  (R15)(R19), R19         // e := exps[g]
	CMPW   $0, R19
	LSLW   $23, R19, R21           // E8M0(e): the bits e<<23,
	MOVW   $0x00400000, R19
	CSELW  EQ, R19, R21, R21       // 2^-127 for e == 0
	FMOVS  R21, F17
	FMULS  F17, F16, F16           // v *= E8M0(e), rounded once
	VDUP   V16.S[0], V16.S4
	MADD   R3, R20, R17, R21      // &x[j*ldx + c]
	VLD1   (R21), [V8.S4, V9.S4, V10.S4, V11.S4]
	VFMLA  V16.S4, V8.S4, V0.S4
	VFMLA  V16.S4, V9.S4, V1.S4
	VFMLA  V16.S4, V10.S4, V2.S4
	VFMLA  V16.S4, V11.S4, V3.S4

q4mblk4next:
	ADD    $1, R14, R14
	B      q4mblk4entry

q4mblk4end:
	// acc0..3 = alpha * acc0..3 (+ beta * y[i*ldy+c:][:16] unless beta is +0)
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	WORD $0x6e3fdc21 // fmul v1.4s, v1.4s, v31.4s
	WORD $0x6e3fdc42 // fmul v2.4s, v2.4s, v31.4s
	WORD $0x6e3fdc63 // fmul v3.4s, v3.4s, v31.4s
	CBZ    R8, q4mblk4store
	VLD1   (R23), [V8.S4, V9.S4, V10.S4, V11.S4]
	VFMLA  V30.S4, V8.S4, V0.S4
	VFMLA  V30.S4, V9.S4, V1.S4
	VFMLA  V30.S4, V10.S4, V2.S4
	VFMLA  V30.S4, V11.S4, V3.S4

q4mblk4store:
	VST1.P [V0.S4, V1.S4, V2.S4, V3.S4], 64(R23)
	ADD    $64, R20, R20
	SUB    $16, R13, R13
	B      q4mblk4

q4mblk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	CMP    $4, R13
	BLO    q4mscalar
	VEOR   V0.B16, V0.B16, V0.B16
	MOVD   R10, R14

q4mblk1entry:
	CMP    R11, R14
	BHS    q4mblk1end
	MOVD   (R6)(R14<<3), R17
	CMP    R12, R17               // j >= xrows: skipped
	BHS    q4mblk1next
	LSR    $1, R14, R19
	MOVBU  (R7)(R19), R19          // codes[k/2]
	AND    $1, R14, R21
	ADD    R21<<8, R19, R19        // (k&1)*256 + codes[k/2]
	FMOVS  (R24)(R19<<2), F16      // v := table[nibble k]
	UDIV   R22, R14, R19          // g := k/b
	MOVBU  (R15)(R19), R19         // e := exps[g]
	CMPW   $0, R19
	LSLW   $23, R19, R21           // E8M0(e): the bits e<<23,
	MOVW   $0x00400000, R19
	CSELW  EQ, R19, R21, R21       // 2^-127 for e == 0
	FMOVS  R21, F17
	FMULS  F17, F16, F16           // v *= E8M0(e), rounded once
	VDUP   V16.S[0], V16.S4
	MADD   R3, R20, R17, R21
	VLD1   (R21), [V8.S4]
	VFMLA  V16.S4, V8.S4, V0.S4

q4mblk1next:
	ADD    $1, R14, R14
	B      q4mblk1entry

q4mblk1end:
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	CBZ    R8, q4mblk1store
	VLD1   (R23), [V8.S4]
	VFMLA  V30.S4, V8.S4, V0.S4

q4mblk1store:
	VST1.P [V0.S4], 16(R23)
	ADD    $16, R20, R20
	SUB    $4, R13, R13
	B      q4mblk1

q4mscalar:
	// for ; c < w; c++ { the same on one column }
	CBZ    R13, q4mrowend
	VEOR   V0.B16, V0.B16, V0.B16
	MOVD   R10, R14

q4mscalarentry:
	CMP    R11, R14
	BHS    q4mscalarend
	MOVD   (R6)(R14<<3), R17
	CMP    R12, R17               // j >= xrows: skipped
	BHS    q4mscalarnext
	LSR    $1, R14, R19
	MOVBU  (R7)(R19), R19          // codes[k/2]
	AND    $1, R14, R21
	ADD    R21<<8, R19, R19        // (k&1)*256 + codes[k/2]
	FMOVS  (R24)(R19<<2), F16      // v := table[nibble k]
	UDIV   R22, R14, R19          // g := k/b
	MOVBU  (R15)(R19), R19         // e := exps[g]
	CMPW   $0, R19
	LSLW   $23, R19, R21           // E8M0(e): the bits e<<23,
	MOVW   $0x00400000, R19
	CSELW  EQ, R19, R21, R21       // 2^-127 for e == 0
	FMOVS  R21, F17
	FMULS  F17, F16, F16           // v *= E8M0(e), rounded once
	MADD   R3, R20, R17, R21
	FMOVS  (R21), F8
	FMADDS F8, F0, F16, F0

q4mscalarnext:
	ADD    $1, R14, R14
	B      q4mscalarentry

q4mscalarend:
	FMULS  F31, F0, F0
	CBZ    R8, q4mscalarstore
	FMOVS  (R23), F8
	FMADDS F30, F0, F8, F0

q4mscalarstore:
	FMOVS.P F0, 4(R23)
	ADD    $4, R20, R20
	SUB    $1, R13, R13
	B      q4mscalar

q4mrowend:
	ADD    R1, R0, R0             // next row of y
	SUB    $1, R9, R9
	CBNZ   R9, q4mrow

q4mdone:
	RET
