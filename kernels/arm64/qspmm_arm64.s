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

// The five kernels differ only in how entry k's value is decoded (the
// code, then the block scale) and, for the row kind, in the row's scale:
// the macros below are their shared steps, each a straight run of
// instructions; the labels and the WORD lines (Go's assembler lacks the
// vector FMUL) stay in the kernels. A macro's arguments are the labels it
// branches to.

// QSPMM_ARGS loads the arguments into their registers (see Registers) and
// leaves for done when ptr holds no row (its twin: qscatter_arm64.s's
// QSPS_ARGS).
#define QSPMM_ARGS(done) \
	MOVD   y_base+0(FP), R0         \
	MOVD   ldy+24(FP), R1           \
	LSL    $2, R1, R1               /* ldy in bytes */ \
	MOVD   x_base+32(FP), R2        \
	MOVD   ldx+56(FP), R3           \
	LSL    $2, R3, R3               /* ldx in bytes */ \
	MOVD   w+64(FP), R4             \
	MOVD   ptr_base+72(FP), R5      \
	MOVD   ptr_len+80(FP), R9       \
	SUB    $1, R9, R9               /* rows */ \
	MOVD   idx_base+96(FP), R6      \
	MOVD   idx_len+104(FP), R25     /* len(idx) */ \
	MOVD   codes_base+120(FP), R7   \
	MOVD   table_base+144(FP), R24  \
	MOVD   scale_base+168(FP), R26  \
	MOVD   exps_base+192(FP), R15   \
	MOVD   b+216(FP), R22           \
	MOVD   xrows+232(FP), R12       /* rows of x */ \
	FMOVS  alpha+224(FP), F29       \
	VDUP   V29.S[0], V31.S4         /* alpha in every lane (F31: scalar alpha) */ \
	MOVWU  beta+228(FP), R8         \
	VDUP   R8, V30.S4               /* beta in every lane (F30: scalar beta) */ \
	CBZ    R9, done

// QSPMM_ROW sets lo, hi := ptr[i], ptr[i+1] clamped to 0..len(idx), hi >=
// lo, and steps R5 to ptr[i+1].
#define QSPMM_ROW \
	LDP    (R5), (R10, R11)         \
	CMP    R25, R10                 \
	CSEL   HI, R25, R10, R10        /* lo > len(idx): lo = len(idx) */ \
	CMP    R25, R11                 \
	CSEL   HI, R25, R11, R11        /* hi > len(idx): hi = len(idx) */ \
	CMP    R10, R11                 \
	CSEL   LO, R10, R11, R11        /* hi < lo: hi = lo */ \
	ADD    $8, R5, R5

// QSPMM_ROWSCALE (the row kind) sets V31 to alpha * scale[i] in every lane
// and steps R26 to scale[i+1].
#define QSPMM_ROWSCALE \
	FMOVS.P 4(R26), F17             /* scale[i] */ \
	FMULS  F17, F29, F31            \
	VDUP   V31.S[0], V31.S4

// QSPMM_COLUMNS starts the row's columns: c := 0.
#define QSPMM_COLUMNS \
	MOVD   R4, R13                  /* columns left */ \
	MOVD   R2, R20                  /* &x[0*ldx + c] */ \
	MOVD   R0, R23                  /* &y[i*ldy + c] */

// QSPMM_OPEN4, QSPMM_OPEN1 and QSPMM_OPENS open a column block of four
// vectors, one vector or one column (leaving for next when fewer columns
// are left): the accumulators cleared, k := lo.
#define QSPMM_OPEN4(next) \
	CMP    $16, R13                 \
	BLO    next                     \
	VEOR   V0.B16, V0.B16, V0.B16   \
	VEOR   V1.B16, V1.B16, V1.B16   \
	VEOR   V2.B16, V2.B16, V2.B16   \
	VEOR   V3.B16, V3.B16, V3.B16   \
	MOVD   R10, R14

#define QSPMM_OPEN1(next) \
	CMP    $4, R13                  \
	BLO    next                     \
	VEOR   V0.B16, V0.B16, V0.B16   \
	MOVD   R10, R14

#define QSPMM_OPENS(next) \
	CBZ    R13, next                \
	VEOR   V0.B16, V0.B16, V0.B16   \
	MOVD   R10, R14

// QSPMM_ENTRY leaves for end when k reaches hi, sets j := idx[k] and
// leaves for next (the entry skipped) when j >= xrows.
#define QSPMM_ENTRY(end, next) \
	CMP    R11, R14                 \
	BHS    end                      \
	MOVD   (R6)(R14<<3), R17        /* j := idx[k] */ \
	CMP    R12, R17                 \
	BHS    next

// QSPMM_CODE8 and QSPMM_CODE4 set F16 to the table entry of entry k's
// 8-bit code (table[codes[k]]) or 4-bit code (table[(k&1)*256 +
// codes[k/2]], the 512-entry nibble expansion).
#define QSPMM_CODE8 \
	MOVBU  (R7)(R14), R19           /* codes[k] */ \
	FMOVS  (R24)(R19<<2), F16       /* v := table[codes[k]] */

#define QSPMM_CODE4 \
	LSR    $1, R14, R19             \
	MOVBU  (R7)(R19), R19           /* codes[k/2] */ \
	AND    $1, R14, R21             \
	ADD    R21<<8, R19, R19         /* (k&1)*256 + codes[k/2] */ \
	FMOVS  (R24)(R19<<2), F16       /* v := table[nibble k] */

// QSPMM_SCALE and QSPMM_E8M0 multiply F16 by the scale of block g = k/b,
// one product rounded once: scale[g], or E8M0(exps[g]) built in a general
// register (the bits e<<23, 2^-127 for e == 0).
#define QSPMM_SCALE \
	UDIV   R22, R14, R19            /* g := k/b */ \
	FMOVS  (R26)(R19<<2), F17       /* scale[g] */ \
	FMULS  F17, F16, F16

#define QSPMM_E8M0 \
	UDIV   R22, R14, R19            /* g := k/b */ \
	MOVBU  (R15)(R19), R19          /* e := exps[g] */ \
	CMPW   $0, R19                  \
	LSLW   $23, R19, R21            \
	MOVW   $0x00400000, R19         \
	CSELW  EQ, R19, R21, R21        \
	FMOVS  R21, F17                 \
	FMULS  F17, F16, F16

// QSPMM_FMA4, QSPMM_FMA1 and QSPMM_FMAS add the value times x's row j
// (x[j*ldx+c:], four vectors, one vector or one column) into the
// accumulators.
#define QSPMM_FMA4 \
	VDUP   V16.S[0], V16.S4         \
	MADD   R3, R20, R17, R21        /* &x[j*ldx + c] */ \
	VLD1   (R21), [V8.S4, V9.S4, V10.S4, V11.S4] \
	VFMLA  V16.S4, V8.S4, V0.S4     \
	VFMLA  V16.S4, V9.S4, V1.S4     \
	VFMLA  V16.S4, V10.S4, V2.S4    \
	VFMLA  V16.S4, V11.S4, V3.S4

#define QSPMM_FMA1 \
	VDUP   V16.S[0], V16.S4         \
	MADD   R3, R20, R17, R21        \
	VLD1   (R21), [V8.S4]           \
	VFMLA  V16.S4, V8.S4, V0.S4

#define QSPMM_FMAS \
	MADD   R3, R20, R17, R21        \
	FMOVS  (R21), F8                \
	FMADDS F8, F0, F16, F0

// QSPMM_NEXT steps k and goes back to entry.
#define QSPMM_NEXT(entry) \
	ADD    $1, R14, R14             \
	B      entry

// QSPMM_BETA4, QSPMM_BETA1 and QSPMM_BETAS add beta times y's block into
// the accumulators (already times alpha) unless beta is +0 (then straight
// to store).
#define QSPMM_BETA4(store) \
	CBZ    R8, store                \
	VLD1   (R23), [V8.S4, V9.S4, V10.S4, V11.S4] \
	VFMLA  V30.S4, V8.S4, V0.S4     \
	VFMLA  V30.S4, V9.S4, V1.S4     \
	VFMLA  V30.S4, V10.S4, V2.S4    \
	VFMLA  V30.S4, V11.S4, V3.S4

#define QSPMM_BETA1(store) \
	CBZ    R8, store                \
	VLD1   (R23), [V8.S4]           \
	VFMLA  V30.S4, V8.S4, V0.S4

#define QSPMM_BETAS(store) \
	FMULS  F31, F0, F0              /* times alpha */ \
	CBZ    R8, store                \
	FMOVS  (R23), F8                \
	FMADDS F30, F0, F8, F0

// QSPMM_STORE4, QSPMM_STORE1 and QSPMM_STORES store the block into y, step
// c past it and go back to block.
#define QSPMM_STORE4(block) \
	VST1.P [V0.S4, V1.S4, V2.S4, V3.S4], 64(R23) \
	ADD    $64, R20, R20            \
	SUB    $16, R13, R13            \
	B      block

#define QSPMM_STORE1(block) \
	VST1.P [V0.S4], 16(R23)         \
	ADD    $16, R20, R20            \
	SUB    $4, R13, R13             \
	B      block

#define QSPMM_STORES(block) \
	FMOVS.P F0, 4(R23)              \
	ADD    $4, R20, R20             \
	SUB    $1, R13, R13             \
	B      block

// QSPMM_ROWEND steps to the next row of y and goes back to row while rows
// are left.
#define QSPMM_ROWEND(row) \
	ADD    R1, R0, R0               \
	SUB    $1, R9, R9               \
	CBNZ   R9, row

// func QSpMM8RowNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64)
// (8-bit codes, one scale per row.)
TEXT ·QSpMM8RowNEON(SB), NOSPLIT, $0-240
	QSPMM_ARGS(q8rdone)

q8rrow:
	QSPMM_ROW
	QSPMM_ROWSCALE
	QSPMM_COLUMNS

q8rblk4:
	// for ; c+16 <= w; c += 16 { 4-vector block }
	QSPMM_OPEN4(q8rblk1)

q8rblk4entry:
	// for ; k < hi; k++ {
	//     if idx[k] >= xrows { continue }
	//     acc0..3 += value(k) * x[idx[k]*ldx+c:][:16]
	// }
	QSPMM_ENTRY(q8rblk4end, q8rblk4next)
	QSPMM_CODE8
	QSPMM_FMA4

q8rblk4next:
	QSPMM_NEXT(q8rblk4entry)

q8rblk4end:
	// acc0..3 = alpha * acc0..3 (+ beta * y[i*ldy+c:][:16] unless beta is +0)
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	WORD $0x6e3fdc21 // fmul v1.4s, v1.4s, v31.4s
	WORD $0x6e3fdc42 // fmul v2.4s, v2.4s, v31.4s
	WORD $0x6e3fdc63 // fmul v3.4s, v3.4s, v31.4s
	QSPMM_BETA4(q8rblk4store)

q8rblk4store:
	QSPMM_STORE4(q8rblk4)

q8rblk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	QSPMM_OPEN1(q8rscalar)

q8rblk1entry:
	QSPMM_ENTRY(q8rblk1end, q8rblk1next)
	QSPMM_CODE8
	QSPMM_FMA1

q8rblk1next:
	QSPMM_NEXT(q8rblk1entry)

q8rblk1end:
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	QSPMM_BETA1(q8rblk1store)

q8rblk1store:
	QSPMM_STORE1(q8rblk1)

q8rscalar:
	// for ; c < w; c++ { the same on one column }
	QSPMM_OPENS(q8rrowend)

q8rscalarentry:
	QSPMM_ENTRY(q8rscalarend, q8rscalarnext)
	QSPMM_CODE8
	QSPMM_FMAS

q8rscalarnext:
	QSPMM_NEXT(q8rscalarentry)

q8rscalarend:
	QSPMM_BETAS(q8rscalarstore)

q8rscalarstore:
	QSPMM_STORES(q8rscalar)

q8rrowend:
	QSPMM_ROWEND(q8rrow)

q8rdone:
	RET

// func QSpMM8BlockNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64)
// (8-bit codes, a float32 scale per block.)
TEXT ·QSpMM8BlockNEON(SB), NOSPLIT, $0-240
	QSPMM_ARGS(q8bdone)

q8brow:
	QSPMM_ROW
	QSPMM_COLUMNS

q8bblk4:
	// for ; c+16 <= w; c += 16 { 4-vector block }
	QSPMM_OPEN4(q8bblk1)

q8bblk4entry:
	// for ; k < hi; k++ {
	//     if idx[k] >= xrows { continue }
	//     acc0..3 += value(k) * x[idx[k]*ldx+c:][:16]
	// }
	QSPMM_ENTRY(q8bblk4end, q8bblk4next)
	QSPMM_CODE8
	QSPMM_SCALE
	QSPMM_FMA4

q8bblk4next:
	QSPMM_NEXT(q8bblk4entry)

q8bblk4end:
	// acc0..3 = alpha * acc0..3 (+ beta * y[i*ldy+c:][:16] unless beta is +0)
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	WORD $0x6e3fdc21 // fmul v1.4s, v1.4s, v31.4s
	WORD $0x6e3fdc42 // fmul v2.4s, v2.4s, v31.4s
	WORD $0x6e3fdc63 // fmul v3.4s, v3.4s, v31.4s
	QSPMM_BETA4(q8bblk4store)

q8bblk4store:
	QSPMM_STORE4(q8bblk4)

q8bblk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	QSPMM_OPEN1(q8bscalar)

q8bblk1entry:
	QSPMM_ENTRY(q8bblk1end, q8bblk1next)
	QSPMM_CODE8
	QSPMM_SCALE
	QSPMM_FMA1

q8bblk1next:
	QSPMM_NEXT(q8bblk1entry)

q8bblk1end:
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	QSPMM_BETA1(q8bblk1store)

q8bblk1store:
	QSPMM_STORE1(q8bblk1)

q8bscalar:
	// for ; c < w; c++ { the same on one column }
	QSPMM_OPENS(q8browend)

q8bscalarentry:
	QSPMM_ENTRY(q8bscalarend, q8bscalarnext)
	QSPMM_CODE8
	QSPMM_SCALE
	QSPMM_FMAS

q8bscalarnext:
	QSPMM_NEXT(q8bscalarentry)

q8bscalarend:
	QSPMM_BETAS(q8bscalarstore)

q8bscalarstore:
	QSPMM_STORES(q8bscalar)

q8browend:
	QSPMM_ROWEND(q8brow)

q8bdone:
	RET

// func QSpMM8MXNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64)
// (8-bit codes, an E8M0 exponent per block.)
TEXT ·QSpMM8MXNEON(SB), NOSPLIT, $0-240
	QSPMM_ARGS(q8mdone)

q8mrow:
	QSPMM_ROW
	QSPMM_COLUMNS

q8mblk4:
	// for ; c+16 <= w; c += 16 { 4-vector block }
	QSPMM_OPEN4(q8mblk1)

q8mblk4entry:
	// for ; k < hi; k++ {
	//     if idx[k] >= xrows { continue }
	//     acc0..3 += value(k) * x[idx[k]*ldx+c:][:16]
	// }
	QSPMM_ENTRY(q8mblk4end, q8mblk4next)
	QSPMM_CODE8
	QSPMM_E8M0
	QSPMM_FMA4

q8mblk4next:
	QSPMM_NEXT(q8mblk4entry)

q8mblk4end:
	// acc0..3 = alpha * acc0..3 (+ beta * y[i*ldy+c:][:16] unless beta is +0)
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	WORD $0x6e3fdc21 // fmul v1.4s, v1.4s, v31.4s
	WORD $0x6e3fdc42 // fmul v2.4s, v2.4s, v31.4s
	WORD $0x6e3fdc63 // fmul v3.4s, v3.4s, v31.4s
	QSPMM_BETA4(q8mblk4store)

q8mblk4store:
	QSPMM_STORE4(q8mblk4)

q8mblk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	QSPMM_OPEN1(q8mscalar)

q8mblk1entry:
	QSPMM_ENTRY(q8mblk1end, q8mblk1next)
	QSPMM_CODE8
	QSPMM_E8M0
	QSPMM_FMA1

q8mblk1next:
	QSPMM_NEXT(q8mblk1entry)

q8mblk1end:
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	QSPMM_BETA1(q8mblk1store)

q8mblk1store:
	QSPMM_STORE1(q8mblk1)

q8mscalar:
	// for ; c < w; c++ { the same on one column }
	QSPMM_OPENS(q8mrowend)

q8mscalarentry:
	QSPMM_ENTRY(q8mscalarend, q8mscalarnext)
	QSPMM_CODE8
	QSPMM_E8M0
	QSPMM_FMAS

q8mscalarnext:
	QSPMM_NEXT(q8mscalarentry)

q8mscalarend:
	QSPMM_BETAS(q8mscalarstore)

q8mscalarstore:
	QSPMM_STORES(q8mscalar)

q8mrowend:
	QSPMM_ROWEND(q8mrow)

q8mdone:
	RET

// func QSpMM4BlockNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64)
// (4-bit codes, a float32 scale per block.)
TEXT ·QSpMM4BlockNEON(SB), NOSPLIT, $0-240
	QSPMM_ARGS(q4bdone)

q4brow:
	QSPMM_ROW
	QSPMM_COLUMNS

q4bblk4:
	// for ; c+16 <= w; c += 16 { 4-vector block }
	QSPMM_OPEN4(q4bblk1)

q4bblk4entry:
	// for ; k < hi; k++ {
	//     if idx[k] >= xrows { continue }
	//     acc0..3 += value(k) * x[idx[k]*ldx+c:][:16]
	// }
	QSPMM_ENTRY(q4bblk4end, q4bblk4next)
	QSPMM_CODE4
	QSPMM_SCALE
	QSPMM_FMA4

q4bblk4next:
	QSPMM_NEXT(q4bblk4entry)

q4bblk4end:
	// acc0..3 = alpha * acc0..3 (+ beta * y[i*ldy+c:][:16] unless beta is +0)
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	WORD $0x6e3fdc21 // fmul v1.4s, v1.4s, v31.4s
	WORD $0x6e3fdc42 // fmul v2.4s, v2.4s, v31.4s
	WORD $0x6e3fdc63 // fmul v3.4s, v3.4s, v31.4s
	QSPMM_BETA4(q4bblk4store)

q4bblk4store:
	QSPMM_STORE4(q4bblk4)

q4bblk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	QSPMM_OPEN1(q4bscalar)

q4bblk1entry:
	QSPMM_ENTRY(q4bblk1end, q4bblk1next)
	QSPMM_CODE4
	QSPMM_SCALE
	QSPMM_FMA1

q4bblk1next:
	QSPMM_NEXT(q4bblk1entry)

q4bblk1end:
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	QSPMM_BETA1(q4bblk1store)

q4bblk1store:
	QSPMM_STORE1(q4bblk1)

q4bscalar:
	// for ; c < w; c++ { the same on one column }
	QSPMM_OPENS(q4browend)

q4bscalarentry:
	QSPMM_ENTRY(q4bscalarend, q4bscalarnext)
	QSPMM_CODE4
	QSPMM_SCALE
	QSPMM_FMAS

q4bscalarnext:
	QSPMM_NEXT(q4bscalarentry)

q4bscalarend:
	QSPMM_BETAS(q4bscalarstore)

q4bscalarstore:
	QSPMM_STORES(q4bscalar)

q4browend:
	QSPMM_ROWEND(q4brow)

q4bdone:
	RET

// func QSpMM4MXNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64)
// (4-bit codes, an E8M0 exponent per block.)
TEXT ·QSpMM4MXNEON(SB), NOSPLIT, $0-240
	QSPMM_ARGS(q4mdone)

q4mrow:
	QSPMM_ROW
	QSPMM_COLUMNS

q4mblk4:
	// for ; c+16 <= w; c += 16 { 4-vector block }
	QSPMM_OPEN4(q4mblk1)

q4mblk4entry:
	// for ; k < hi; k++ {
	//     if idx[k] >= xrows { continue }
	//     acc0..3 += value(k) * x[idx[k]*ldx+c:][:16]
	// }
	QSPMM_ENTRY(q4mblk4end, q4mblk4next)
	QSPMM_CODE4
	QSPMM_E8M0
	QSPMM_FMA4

q4mblk4next:
	QSPMM_NEXT(q4mblk4entry)

q4mblk4end:
	// acc0..3 = alpha * acc0..3 (+ beta * y[i*ldy+c:][:16] unless beta is +0)
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	WORD $0x6e3fdc21 // fmul v1.4s, v1.4s, v31.4s
	WORD $0x6e3fdc42 // fmul v2.4s, v2.4s, v31.4s
	WORD $0x6e3fdc63 // fmul v3.4s, v3.4s, v31.4s
	QSPMM_BETA4(q4mblk4store)

q4mblk4store:
	QSPMM_STORE4(q4mblk4)

q4mblk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	QSPMM_OPEN1(q4mscalar)

q4mblk1entry:
	QSPMM_ENTRY(q4mblk1end, q4mblk1next)
	QSPMM_CODE4
	QSPMM_E8M0
	QSPMM_FMA1

q4mblk1next:
	QSPMM_NEXT(q4mblk1entry)

q4mblk1end:
	WORD $0x6e3fdc00 // fmul v0.4s, v0.4s, v31.4s
	QSPMM_BETA1(q4mblk1store)

q4mblk1store:
	QSPMM_STORE1(q4mblk1)

q4mscalar:
	// for ; c < w; c++ { the same on one column }
	QSPMM_OPENS(q4mrowend)

q4mscalarentry:
	QSPMM_ENTRY(q4mscalarend, q4mscalarnext)
	QSPMM_CODE4
	QSPMM_E8M0
	QSPMM_FMAS

q4mscalarnext:
	QSPMM_NEXT(q4mscalarentry)

q4mscalarend:
	QSPMM_BETAS(q4mscalarstore)

q4mscalarstore:
	QSPMM_STORES(q4mscalar)

q4mrowend:
	QSPMM_ROWEND(q4mrow)

q4mdone:
	RET
