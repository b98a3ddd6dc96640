//go:build !purego && !noasm && gc

#include "textflag.h"

// The fused quantized scatter kernels on NEON (QScatterAdd, the transposed
// SpMV): ScatterAdd's row loop with each value decoded from its code in the
// loop, one entry at a time in scalar code: for row i, a := alpha*x[i], then
// every entry k of the row does
//
//    y[idx[k]] += a * (code k decoded * its scale)
//
// the value one product rounded once (quant.Values.At), then one fused
// multiply-add into y, as ScatterAddF32NEON adds a value. The scale (and a
// uint8 code's zero point) is the row's (rs[i], rz[i]), its block's or its
// index's (scale[j], zero[j] for j = idx[k]): blocks of b values run
// through the stored values across rows; a row's first block is found by
// division only when the row does not start in the block where the last
// row ended, and the next block's parameter is loaded where an entry
// starts it. Codes: int8 (sign-extending load, converted), uint8
// (zero-extending load, less the zero point as an integer, then converted:
// the exact difference float32(code) - float32(z)), 4-bit (value k in the
// low nibble of codes[k/2] when k is even, the high one otherwise, through
// a 16-entry table), E4M3 (through a 256-entry table); MX scales are
// E8M0(e), 2^(e-127) (exponent 0: 2^-127), built from the exponent's bits.
//
// Each segment is clamped to 0..len(idx) (an inverted one is empty) and
// every y access is behind an index check, as is every read of an index's
// scale and zero point (the glue passes len(scale), len(zero) >= len(y));
// the glue checks the codes and the other parameters against the values.
//
// Requires: NEON (ASIMD).
//
// Registers:
//
//    R0  &y[0]          R1  len(y)         R2  &x[i]          R3  rows left
//    R4  &ptr[i]        R5  &idx[0]        R6  len(idx)       R7  &codes[0]
//    R8  block's end    R9  &table[0], or the current block's &zero[g]
//    R10 k              R11 hi
//    R12 &rs[i], or the current block's &scale[g] or &exps[g]
//    R13 b, or &rz[i] or &zero[0]
//    R14 &scale[0] or &exps[0], or the row's zero point z (uint8 by row)
//    R15 j = idx[k]     R16, R17 scratch (R17: z, uint8 by index)
//    F4 value           F8 y[j]            F14 scale          F27 a
//    F28 alpha

// Steps the kernels share, as macros (the labels stay in the kernels):
// QS_ARGS loads the arguments every kernel has; QS_CLAMP reads row i's
// segment, clamps it to 0..len(idx) and compares lo with hi; QS_FIRSTBLOCK
// branches to entry when lo lies in the current block (R8-b <= lo <
// R8), else to divide; QS_E8M0 sets F14 to the E8M0 scale exps[g] at R12;
// QS_NIBBLE loads code k's nibble through the table into F4; QS_UPDATE adds
// a*value to y[j]; QS_CODEU8(z) sets F4 to uint8 code k less the zero point
// in register z; QS_TIMESCOL multiplies F4 by the scale of index j. QS_ROW
// sets a := alpha*x[i] and clamps row i's segment (QS_CLAMP), leaving for
// next when it is empty; QS_INDEX sets j := idx[k] and leaves for skip
// unless j < len(y); QS_ROWEND goes back to row while rows are left;
// QS_DIVSCALE and QS_DIVEXP find block g = k/b (QSPS_DIVIDE) and load its
// scale or exponent. The kernels also take the SpMMScatter kernels' steps
// below that fit their registers: QSPS_ENTRY, QSPS_NEXT, QSPS_NEXTBLOCK,
// QSPS_NEXTMX and the decodes QSPS_CODEI8, QSPS_CODE8 and QSPS_TIMES. QS_ARGS and QS_CLAMP are deliberate twins of QF_ARGS
// and QF_ROW in qfused_arm64.s (macros do not cross files).
#define QS_ARGS \
	MOVD   y_base+0(FP), R0 \
	MOVD   y_len+8(FP), R1 \
	MOVD   x_base+24(FP), R2 \
	MOVD   x_len+32(FP), R3 \
	MOVD   ptr_base+48(FP), R4 \
	MOVD   idx_base+72(FP), R5 \
	MOVD   idx_len+80(FP), R6 \
	MOVD   codes_base+96(FP), R7

#define QS_CLAMP \
	LDP    (R4), (R10, R11) \
	ADD    $8, R4, R4 \
	CMP    R6, R10 \
	CSEL   HI, R6, R10, R10        /* lo = min(ptr[i], len(idx)) */ \
	CMP    R6, R11 \
	CSEL   HI, R6, R11, R11        /* hi = min(ptr[i+1], len(idx)) */ \
	CMP    R10, R11

#define QS_FIRSTBLOCK(divide, entry) \
	CMP    R8, R10 \
	BHS    divide \
	SUB    R13, R8, R16 \
	CMP    R16, R10 \
	BHS    entry

#define QS_E8M0 \
	MOVBU  (R12), R16 \
	LSLW   $23, R16, R16 \
	MOVW   $0x00400000, R17       /* E8M0 0: 2^-127 */ \
	CMPW   $0, R16 \
	CSELW  EQ, R17, R16, R16 \
	FMOVS  R16, F14

#define QS_NIBBLE \
	LSR    $1, R10, R16 \
	MOVBU  (R7)(R16), R16         /* codes[k/2] */ \
	AND    $1, R10, R17 \
	LSL    $2, R17, R17 \
	LSRW   R17, R16, R16          /* the high nibble when k is odd */ \
	AND    $15, R16, R16 \
	FMOVS  (R9)(R16<<2), F4       /* table[nibble k] */

#define QS_UPDATE \
	FMOVS  (R0)(R15<<2), F8 \
	FMADDS F4, F8, F27, F8        /* y[j] + a*value */ \
	FMOVS  F8, (R0)(R15<<2)

#define QS_CODEU8(z) \
	MOVBU  (R7)(R10), R16         /* codes[k] */ \
	SUB    z, R16, R16            /* code - z, exact */ \
	SCVTFWS R16, F4

// QS_ZEROAT(zeros) sets R9 to &zeros[g], block g's zero point (R16 = g,
// after QSPS_DIVIDE; zeros the frame operand of the zero points' base);
// QS_CODEU8BLOCK sets F4 to uint8 code k less the zero point at R9
// (QS_CODEU8 with z in R17, free once j is used).
#define QS_ZEROAT(zeros) \
	MOVD   zeros, R9 \
	ADD    R16, R9, R9

#define QS_CODEU8BLOCK \
	MOVBU  (R9), R17              /* z, the block's zero point */ \
	QS_CODEU8(R17)

#define QS_TIMESCOL \
	FMOVS  (R14)(R15<<2), F14     /* scale[j], the index's */ \
	FMULS  F14, F4, F4            /* value = code * scale */

#define QS_ROW(next) \
	FMOVS.P 4(R2), F27 \
	FMULS  F28, F27, F27          /* a := alpha * x[i] */ \
	QS_CLAMP \
	BLS    next                   /* empty (or inverted) */

#define QS_INDEX(skip) \
	MOVD   (R5)(R10<<3), R15      /* j = idx[k] */ \
	CMP    R1, R15 \
	BHS    skip

#define QS_ROWEND(row) \
	SUB    $1, R3, R3 \
	CBNZ   R3, row

#define QS_DIVSCALE \
	QSPS_DIVIDE \
	ADD    R16<<2, R14, R12       /* &scale[g] */ \
	FMOVS  (R12), F14

#define QS_DIVEXP \
	QSPS_DIVIDE \
	ADD    R16, R14, R12          /* &exps[g] */ \
	QS_E8M0

// The fused quantized SpMMScatter kernels on NEON (QSpMMScatter, the
// transposed SpMM): SpMMScatterF32NEON's row and column-block loop (blocks
// of four vectors, then one vector, then single columns; ax := alpha times
// the block of x's row i) with each entry's value decoded from its code as
// the kernels above decode it, once a block, then broadcast (VDUP) and
// multiplied into its row of Y with VFMLA (FMADDS for a single column), as
// SpMMScatterF32NEON adds vals[k]: the same bits as that kernel on the
// decoded values. Each row's segment is checked when the row starts (lo <=
// hi <= len(idx)) and each index against yrows every time a block reads it;
// bad returns 1, done 0. A block's walk finds the block of its first entry
// as the kernels above find a row's (QS_FIRSTBLOCK: division only when lo
// is not in the current block) and steps to the next block where an entry
// starts it.
//
// Registers:
//
//    R0  &y[0]          R1  ldy in bytes   R2  &x row i       R3  ldx in bytes
//    R4  w              R5  &ptr[i]        R6  &idx[0]        R7  &codes[0]
//    R8  block's end    R9  &table[0], or the current block's &exps[g]
//    (its zero point, uint8 by block)      R10 k              R11 hi
//    R12 the current block's &scale[g] or &exps[g], or z (uint8)
//    R13 b, or the zero points' &exps[i] (by row) or &exps[0] (by index)
//    R14 lo             R15 &scale[i] (by row), or &scale[0] or &exps[0]
//    R16, R17 scratch (R17: j)                 R19 rows left
//    R20 &x[i*ldx + c]  R21 &y[j*ldy + c]
//    R22 yrows          R23 &y[c]          R24 columns left   R25 len(idx)
//    V0..V3 Y's block   V4 value (F4)      V8..V11 ax (F8 one column)
//    F14 scale          V16 value broadcast                   V31 alpha
//
// The macros below are the kernels' shared steps; the labels and the WORD
// lines (Go's assembler lacks the vector FMUL) stay in the kernels. A
// macro's arguments are the labels it branches to.

// QSPS_ARGS loads the arguments into their registers and leaves for done
// when ptr holds no row: the twin of qspmm_arm64.s's QSPMM_ARGS (the same
// argument layout, into this file's registers).
#define QSPS_ARGS(done) \
	MOVD   y_base+0(FP), R0 \
	MOVD   ldy+24(FP), R1 \
	LSL    $2, R1, R1             /* ldy in bytes */ \
	MOVD   x_base+32(FP), R2 \
	MOVD   ldx+56(FP), R3 \
	LSL    $2, R3, R3             /* ldx in bytes */ \
	MOVD   w+64(FP), R4 \
	MOVD   ptr_base+72(FP), R5 \
	MOVD   ptr_len+80(FP), R19 \
	SUB    $1, R19, R19           /* rows */ \
	MOVD   idx_base+96(FP), R6 \
	MOVD   idx_len+104(FP), R25 \
	MOVD   codes_base+120(FP), R7 \
	MOVD   table_base+144(FP), R9 \
	MOVD   b+216(FP), R13 \
	MOVD   yrows+232(FP), R22 \
	MOVWU  alpha+224(FP), R16 \
	VDUP   R16, V31.S4            /* alpha in every lane (F31: scalar alpha) */ \
	MOVD   ZR, R8                 /* no block yet */ \
	CBZ    R19, done

// QSPS_ROW reads row i's segment into R14 and R11, leaves for bad unless
// lo <= hi <= len(idx), steps R5 to ptr[i+1], starts the row's columns
// (c := 0) and leaves for empty when lo == hi.
#define QSPS_ROW(bad, empty) \
	LDP    (R5), (R14, R11) \
	CMP    R11, R14               /* lo > hi: bad */ \
	BHI    bad \
	CMP    R25, R11               /* hi > len(idx): bad */ \
	BHI    bad \
	ADD    $8, R5, R5 \
	MOVD   R4, R24                /* columns left */ \
	MOVD   R2, R20                /* &x[i*ldx + c] */ \
	MOVD   R0, R23                /* &y[0*ldy + c] */ \
	CMP    R14, R11 \
	BEQ    empty

// QSPS_OPEN4, QSPS_OPEN1 and QSPS_OPENS open a column block of four
// vectors, one vector or one column (leaving for next when fewer columns
// are left): k := lo, and x's block loaded (the single column times alpha;
// the kernels multiply the vectors by alpha).
#define QSPS_OPEN4(next) \
	CMP    $16, R24 \
	BLO    next \
	MOVD   R14, R10 \
	VLD1.P 64(R20), [V8.S4, V9.S4, V10.S4, V11.S4]

#define QSPS_OPEN1(next) \
	CMP    $4, R24 \
	BLO    next \
	MOVD   R14, R10 \
	VLD1.P 16(R20), [V8.S4]

#define QSPS_OPENS(next) \
	CBZ    R24, next \
	MOVD   R14, R10 \
	FMOVS.P 4(R20), F8 \
	FMULS  F31, F8, F8

// QSPS_DIVIDE sets R16 to the block g = k/b of entry k and R8 to its end;
// QSPS_SCALE then sets R12 to &scale[g] and F14 to scale[g].
#define QSPS_DIVIDE \
	UDIV   R13, R10, R16          /* g = k / b */ \
	ADD    $1, R16, R17 \
	MUL    R13, R17, R8           /* the block's end */

#define QSPS_SCALE \
	ADD    R16<<2, R15, R12       /* &scale[g] */ \
	FMOVS  (R12), F14

// QSPS_ENTRY leaves for end when k reaches hi.
#define QSPS_ENTRY(end) \
	CMP    R11, R10 \
	BHS    end

// QSPS_NEXTBLOCK and QSPS_NEXTMX step to the next block where entry k
// starts it (else on to in): QSPS_NEXTBLOCK with its scale into F14,
// QSPS_NEXTMX with R12 at its exponent (QS_E8M0 follows).
#define QSPS_NEXTBLOCK(in) \
	CMP    R8, R10 \
	BLO    in \
	ADD    $4, R12, R12 \
	ADD    R13, R8, R8 \
	FMOVS  (R12), F14

#define QSPS_NEXTMX(in) \
	CMP    R8, R10 \
	BLO    in \
	ADD    $1, R12, R12 \
	ADD    R13, R8, R8

// QSPS_INDEX sets j := idx[k], leaves for bad unless j < yrows, and sets
// R21 to &y[j*ldy + c].
#define QSPS_INDEX(bad) \
	MOVD   (R6)(R10<<3), R17      /* j := idx[k] */ \
	CMP    R22, R17 \
	BHS    bad \
	MADD   R1, R23, R17, R21      /* &y[j*ldy + c] */

// QSPS_CODEI8 and QSPS_CODE8 set F4 to entry k's int8 code converted or
// its 8-bit code's table entry (QS_NIBBLE: its 4-bit code's); QSPS_TIMES
// multiplies it by the scale, one product rounded once.
#define QSPS_CODEI8 \
	MOVB   (R7)(R10), R16         /* int8(codes[k]) */ \
	SCVTFWS R16, F4

#define QSPS_CODE8 \
	MOVBU  (R7)(R10), R16 \
	FMOVS  (R9)(R16<<2), F4       /* table[codes[k]] */

#define QSPS_TIMES \
	FMULS  F14, F4, F4            /* value = code * scale */

#define QSPS_TIMESCOL \
	FMOVS  (R15)(R17<<2), F14     /* scale[j], the index's */ \
	FMULS  F14, F4, F4            /* value = code * scale */

// QSPS_FMA4, QSPS_FMA1 and QSPS_FMAS add the value times ax into Y's row
// j (four vectors, one vector or one column), load, fused multiply-add,
// store: an index repeated in the row sees the earlier store.
#define QSPS_FMA4 \
	VDUP   V4.S[0], V16.S4 \
	VLD1   (R21), [V0.S4, V1.S4, V2.S4, V3.S4] \
	VFMLA  V16.S4, V8.S4, V0.S4 \
	VFMLA  V16.S4, V9.S4, V1.S4 \
	VFMLA  V16.S4, V10.S4, V2.S4 \
	VFMLA  V16.S4, V11.S4, V3.S4 \
	VST1   [V0.S4, V1.S4, V2.S4, V3.S4], (R21)

#define QSPS_FMA1 \
	VDUP   V4.S[0], V16.S4 \
	VLD1   (R21), [V0.S4] \
	VFMLA  V16.S4, V8.S4, V0.S4 \
	VST1   [V0.S4], (R21)

#define QSPS_FMAS \
	FMOVS  (R21), F0 \
	FMADDS F4, F0, F8, F0 \
	FMOVS  F0, (R21)

// QSPS_NEXT steps k and goes back to entry.
#define QSPS_NEXT(entry) \
	ADD    $1, R10, R10 \
	B      entry

// QSPS_END4, QSPS_END1 and QSPS_ENDS step c past the block and go back to
// block.
#define QSPS_END4(block) \
	ADD    $64, R23, R23 \
	SUB    $16, R24, R24 \
	B      block

#define QSPS_END1(block) \
	ADD    $16, R23, R23 \
	SUB    $4, R24, R24 \
	B      block

#define QSPS_ENDS(block) \
	ADD    $4, R23, R23 \
	SUB    $1, R24, R24 \
	B      block

// QSPS_ROWEND steps to the next row of x and goes back to row while rows
// are left.
#define QSPS_ROWEND(row) \
	ADD    R3, R2, R2 \
	SUB    $1, R19, R19 \
	CBNZ   R19, row

// func QScatterI8RowNEON(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, alpha float32)
TEXT ·QScatterI8RowNEON(SB), NOSPLIT, $0-148
	QS_ARGS
	MOVD   rs_base+120(FP), R12
	FMOVS  alpha+144(FP), F28
	CBZ    R3, qrdone

qrrow:
	FMOVS.P 4(R12), F14           // the row's scale
	QS_ROW(qrnext)

qrentry:
	QSPS_ENTRY(qrnext)
	QS_INDEX(qrskip)
	QSPS_CODEI8
	QSPS_TIMES
	QS_UPDATE

qrskip:
	QSPS_NEXT(qrentry)

qrnext:
	QS_ROWEND(qrrow)

qrdone:
	RET

// func QScatterI8BlockNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, b int, alpha float32)
TEXT ·QScatterI8BlockNEON(SB), NOSPLIT, $0-156
	QS_ARGS
	MOVD   scale_base+120(FP), R14
	MOVD   b+144(FP), R13
	MOVD   ZR, R8                 // no block yet
	FMOVS  alpha+152(FP), F28
	CBZ    R3, qbdone

qbrow:
	QS_ROW(qbnext)
	QS_FIRSTBLOCK(qbdivide, qbentry)

qbdivide:
	QS_DIVSCALE

qbentry:
	QSPS_ENTRY(qbnext)
	QSPS_NEXTBLOCK(qbinblock)

qbinblock:
	QS_INDEX(qbskip)
	QSPS_CODEI8
	QSPS_TIMES
	QS_UPDATE

qbskip:
	QSPS_NEXT(qbentry)

qbnext:
	QS_ROWEND(qbrow)

qbdone:
	RET

// func QScatter4BlockNEON(y, x []float32, ptr, idx []uint64, codes []byte, table, scale []float32, b int, alpha float32)
TEXT ·QScatter4BlockNEON(SB), NOSPLIT, $0-180
	QS_ARGS
	MOVD   table_base+120(FP), R9
	MOVD   scale_base+144(FP), R14
	MOVD   b+168(FP), R13
	MOVD   ZR, R8                 // no block yet
	FMOVS  alpha+176(FP), F28
	CBZ    R3, q4bdone

q4brow:
	QS_ROW(q4bnext)
	QS_FIRSTBLOCK(q4bdivide, q4bentry)

q4bdivide:
	QS_DIVSCALE

q4bentry:
	QSPS_ENTRY(q4bnext)
	QSPS_NEXTBLOCK(q4binblock)

q4binblock:
	QS_INDEX(q4bskip)
	QS_NIBBLE
	QSPS_TIMES
	QS_UPDATE

q4bskip:
	QSPS_NEXT(q4bentry)

q4bnext:
	QS_ROWEND(q4brow)

q4bdone:
	RET

// func QScatter4MXNEON(y, x []float32, ptr, idx []uint64, codes []byte, table []float32, exps []byte, b int, alpha float32)
TEXT ·QScatter4MXNEON(SB), NOSPLIT, $0-180
	QS_ARGS
	MOVD   table_base+120(FP), R9
	MOVD   exps_base+144(FP), R14
	MOVD   b+168(FP), R13
	MOVD   ZR, R8                 // no block yet
	FMOVS  alpha+176(FP), F28
	CBZ    R3, q4mdone

q4mrow:
	QS_ROW(q4mnext)
	QS_FIRSTBLOCK(q4mdivide, q4mentry)

q4mdivide:
	QS_DIVEXP

q4mentry:
	QSPS_ENTRY(q4mnext)
	QSPS_NEXTMX(q4minblock)
	QS_E8M0

q4minblock:
	QS_INDEX(q4mskip)
	QS_NIBBLE
	QSPS_TIMES
	QS_UPDATE

q4mskip:
	QSPS_NEXT(q4mentry)

q4mnext:
	QS_ROWEND(q4mrow)

q4mdone:
	RET

// func QScatter8MXNEON(y, x []float32, ptr, idx []uint64, codes []byte, table []float32, exps []byte, b int, alpha float32)
TEXT ·QScatter8MXNEON(SB), NOSPLIT, $0-180
	QS_ARGS
	MOVD   table_base+120(FP), R9
	MOVD   exps_base+144(FP), R14
	MOVD   b+168(FP), R13
	MOVD   ZR, R8                 // no block yet
	FMOVS  alpha+176(FP), F28
	CBZ    R3, q8mdone

q8mrow:
	QS_ROW(q8mnext)
	QS_FIRSTBLOCK(q8mdivide, q8mentry)

q8mdivide:
	QS_DIVEXP

q8mentry:
	QSPS_ENTRY(q8mnext)
	QSPS_NEXTMX(q8minblock)
	QS_E8M0

q8minblock:
	QS_INDEX(q8mskip)
	QSPS_CODE8
	QSPS_TIMES
	QS_UPDATE

q8mskip:
	QSPS_NEXT(q8mentry)

q8mnext:
	QS_ROWEND(q8mrow)

q8mdone:
	RET

// func QScatterU8RowNEON(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, rz []uint8, alpha float32)
// (QScatterI8RowNEON on uint8 codes less the row's zero point.)
TEXT ·QScatterU8RowNEON(SB), NOSPLIT, $0-172
	QS_ARGS
	MOVD   rs_base+120(FP), R12
	MOVD   rz_base+144(FP), R13
	FMOVS  alpha+168(FP), F28
	CBZ    R3, qu8rdone

qu8rrow:
	FMOVS.P 4(R12), F14           // the row's scale
	MOVBU.P 1(R13), R14           // z = rz[i], the row's zero point
	QS_ROW(qu8rnext)

qu8rentry:
	QSPS_ENTRY(qu8rnext)
	QS_INDEX(qu8rskip)
	QS_CODEU8(R14)
	QSPS_TIMES
	QS_UPDATE

qu8rskip:
	QSPS_NEXT(qu8rentry)

qu8rnext:
	QS_ROWEND(qu8rrow)

qu8rdone:
	RET

// func QScatterI8ColNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, alpha float32)
// (int8 codes, the scale of their index: scale[j], read once j < len(y).)
TEXT ·QScatterI8ColNEON(SB), NOSPLIT, $0-148
	QS_ARGS
	MOVD   scale_base+120(FP), R14
	FMOVS  alpha+144(FP), F28
	CBZ    R3, qi8cdone

qi8crow:
	QS_ROW(qi8cnext)

qi8centry:
	QSPS_ENTRY(qi8cnext)
	QS_INDEX(qi8cskip)
	QSPS_CODEI8
	QS_TIMESCOL
	QS_UPDATE

qi8cskip:
	QSPS_NEXT(qi8centry)

qi8cnext:
	QS_ROWEND(qi8crow)

qi8cdone:
	RET

// func QScatterU8ColNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, zero []uint8, alpha float32)
// (uint8 codes, the scale and zero point of their index: scale[j] and
// zero[j], read once j < len(y).)
TEXT ·QScatterU8ColNEON(SB), NOSPLIT, $0-172
	QS_ARGS
	MOVD   scale_base+120(FP), R14
	MOVD   zero_base+144(FP), R13
	FMOVS  alpha+168(FP), F28
	CBZ    R3, qu8cdone

qu8crow:
	QS_ROW(qu8cnext)

qu8centry:
	QSPS_ENTRY(qu8cnext)
	QS_INDEX(qu8cskip)
	MOVBU  (R13)(R15), R17        // z = zero[j], the index's zero point
	QS_CODEU8(R17)
	QS_TIMESCOL
	QS_UPDATE

qu8cskip:
	QSPS_NEXT(qu8centry)

qu8cnext:
	QS_ROWEND(qu8crow)

qu8cdone:
	RET

// func QScatterU8BlockNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, zero []uint8, b int, alpha float32)
// (uint8 codes, a scale and a zero point per block: QScatterI8BlockNEON's
// walk with R9 at the current block's zero point, &zero[g].)
TEXT ·QScatterU8BlockNEON(SB), NOSPLIT, $0-180
	QS_ARGS
	MOVD   scale_base+120(FP), R14
	MOVD   b+168(FP), R13
	MOVD   ZR, R8                 // no block yet
	FMOVS  alpha+176(FP), F28
	CBZ    R3, qu8bdone

qu8brow:
	QS_ROW(qu8bnext)
	QS_FIRSTBLOCK(qu8bdivide, qu8bentry)

qu8bdivide:
	QS_DIVSCALE
	QS_ZEROAT(zero_base+144(FP))

qu8bentry:
	QSPS_ENTRY(qu8bnext)
	QSPS_NEXTBLOCK(qu8binblock)
	ADD    $1, R9, R9             // the next block's zero point

qu8binblock:
	QS_INDEX(qu8bskip)
	QS_CODEU8BLOCK
	QSPS_TIMES
	QS_UPDATE

qu8bskip:
	QSPS_NEXT(qu8bentry)

qu8bnext:
	QS_ROWEND(qu8brow)

qu8bdone:
	RET

// func QSpMMScatterI8RowNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int
// (int8 codes, one scale per row. QSpMMScatter{U8Row,I8Col,U8Col}NEON
// below are its twins but for the decode and the parameters' registers:
// the labels and WORD lines cannot go in a shared macro.)
TEXT ·QSpMMScatterI8RowNEON(SB), NOSPLIT, $0-248
	QSPS_ARGS(psrdone)
	MOVD   scale_base+168(FP), R15

psrrow:
	QSPS_ROW(psrbad, psrrowend)
	FMOVS  (R15), F14             // the row's scale

psrblk4:
	// for ; c+16 <= w; c += 16 { ax := alpha * x[i*ldx+c:][:16]; the entries }
	QSPS_OPEN4(psrblk1)
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s
	WORD $0x6e3fdd29 // fmul v9.4s, v9.4s, v31.4s
	WORD $0x6e3fdd4a // fmul v10.4s, v10.4s, v31.4s
	WORD $0x6e3fdd6b // fmul v11.4s, v11.4s, v31.4s

psrb4entry:
	QSPS_ENTRY(psrb4end)
	QSPS_INDEX(psrbad)
	QSPS_CODEI8
	QSPS_TIMES
	QSPS_FMA4
	QSPS_NEXT(psrb4entry)

psrb4end:
	QSPS_END4(psrblk4)

psrblk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	QSPS_OPEN1(psrscalar)
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s

psrb1entry:
	QSPS_ENTRY(psrb1end)
	QSPS_INDEX(psrbad)
	QSPS_CODEI8
	QSPS_TIMES
	QSPS_FMA1
	QSPS_NEXT(psrb1entry)

psrb1end:
	QSPS_END1(psrblk1)

psrscalar:
	// for ; c < w; c++ { the same on one column }
	QSPS_OPENS(psrrowend)

psrsentry:
	QSPS_ENTRY(psrsend)
	QSPS_INDEX(psrbad)
	QSPS_CODEI8
	QSPS_TIMES
	QSPS_FMAS
	QSPS_NEXT(psrsentry)

psrsend:
	QSPS_ENDS(psrscalar)

psrrowend:
	ADD    $4, R15, R15           // the next row's scale
	QSPS_ROWEND(psrrow)

psrdone:
	MOVD   ZR, ret+240(FP)
	RET

psrbad:
	MOVD   $1, R16
	MOVD   R16, ret+240(FP)
	RET

// func QSpMMScatterI8BlockNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int
// (int8 codes, a scale per block. QSpMMScatterU8BlockNEON below is its
// twin but for the decode and the zero point's pointer.)
TEXT ·QSpMMScatterI8BlockNEON(SB), NOSPLIT, $0-248
	QSPS_ARGS(psbdone)
	MOVD   scale_base+168(FP), R15

psbrow:
	QSPS_ROW(psbbad, psbrowend)

psbblk4:
	// for ; c+16 <= w; c += 16 { ax := alpha * x[i*ldx+c:][:16]; the entries }
	QSPS_OPEN4(psbblk1)
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s
	WORD $0x6e3fdd29 // fmul v9.4s, v9.4s, v31.4s
	WORD $0x6e3fdd4a // fmul v10.4s, v10.4s, v31.4s
	WORD $0x6e3fdd6b // fmul v11.4s, v11.4s, v31.4s
	QS_FIRSTBLOCK(psbb4div, psbb4entry)

psbb4div:
	QSPS_DIVIDE
	QSPS_SCALE

psbb4entry:
	QSPS_ENTRY(psbb4end)
	QSPS_NEXTBLOCK(psbb4in)

psbb4in:
	QSPS_INDEX(psbbad)
	QSPS_CODEI8
	QSPS_TIMES
	QSPS_FMA4
	QSPS_NEXT(psbb4entry)

psbb4end:
	QSPS_END4(psbblk4)

psbblk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	QSPS_OPEN1(psbscalar)
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s
	QS_FIRSTBLOCK(psbb1div, psbb1entry)

psbb1div:
	QSPS_DIVIDE
	QSPS_SCALE

psbb1entry:
	QSPS_ENTRY(psbb1end)
	QSPS_NEXTBLOCK(psbb1in)

psbb1in:
	QSPS_INDEX(psbbad)
	QSPS_CODEI8
	QSPS_TIMES
	QSPS_FMA1
	QSPS_NEXT(psbb1entry)

psbb1end:
	QSPS_END1(psbblk1)

psbscalar:
	// for ; c < w; c++ { the same on one column }
	QSPS_OPENS(psbrowend)
	QS_FIRSTBLOCK(psbsdiv, psbsentry)

psbsdiv:
	QSPS_DIVIDE
	QSPS_SCALE

psbsentry:
	QSPS_ENTRY(psbsend)
	QSPS_NEXTBLOCK(psbsin)

psbsin:
	QSPS_INDEX(psbbad)
	QSPS_CODEI8
	QSPS_TIMES
	QSPS_FMAS
	QSPS_NEXT(psbsentry)

psbsend:
	QSPS_ENDS(psbscalar)

psbrowend:
	QSPS_ROWEND(psbrow)

psbdone:
	MOVD   ZR, ret+240(FP)
	RET

psbbad:
	MOVD   $1, R16
	MOVD   R16, ret+240(FP)
	RET

// func QSpMMScatter4BlockNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int
// (4-bit codes, a scale per block.)
TEXT ·QSpMMScatter4BlockNEON(SB), NOSPLIT, $0-248
	QSPS_ARGS(p4bdone)
	MOVD   scale_base+168(FP), R15

p4brow:
	QSPS_ROW(p4bbad, p4browend)

p4bblk4:
	// for ; c+16 <= w; c += 16 { ax := alpha * x[i*ldx+c:][:16]; the entries }
	QSPS_OPEN4(p4bblk1)
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s
	WORD $0x6e3fdd29 // fmul v9.4s, v9.4s, v31.4s
	WORD $0x6e3fdd4a // fmul v10.4s, v10.4s, v31.4s
	WORD $0x6e3fdd6b // fmul v11.4s, v11.4s, v31.4s
	QS_FIRSTBLOCK(p4bb4div, p4bb4entry)

p4bb4div:
	QSPS_DIVIDE
	QSPS_SCALE

p4bb4entry:
	QSPS_ENTRY(p4bb4end)
	QSPS_NEXTBLOCK(p4bb4in)

p4bb4in:
	QSPS_INDEX(p4bbad)
	QS_NIBBLE
	QSPS_TIMES
	QSPS_FMA4
	QSPS_NEXT(p4bb4entry)

p4bb4end:
	QSPS_END4(p4bblk4)

p4bblk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	QSPS_OPEN1(p4bscalar)
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s
	QS_FIRSTBLOCK(p4bb1div, p4bb1entry)

p4bb1div:
	QSPS_DIVIDE
	QSPS_SCALE

p4bb1entry:
	QSPS_ENTRY(p4bb1end)
	QSPS_NEXTBLOCK(p4bb1in)

p4bb1in:
	QSPS_INDEX(p4bbad)
	QS_NIBBLE
	QSPS_TIMES
	QSPS_FMA1
	QSPS_NEXT(p4bb1entry)

p4bb1end:
	QSPS_END1(p4bblk1)

p4bscalar:
	// for ; c < w; c++ { the same on one column }
	QSPS_OPENS(p4browend)
	QS_FIRSTBLOCK(p4bsdiv, p4bsentry)

p4bsdiv:
	QSPS_DIVIDE
	QSPS_SCALE

p4bsentry:
	QSPS_ENTRY(p4bsend)
	QSPS_NEXTBLOCK(p4bsin)

p4bsin:
	QSPS_INDEX(p4bbad)
	QS_NIBBLE
	QSPS_TIMES
	QSPS_FMAS
	QSPS_NEXT(p4bsentry)

p4bsend:
	QSPS_ENDS(p4bscalar)

p4browend:
	QSPS_ROWEND(p4brow)

p4bdone:
	MOVD   ZR, ret+240(FP)
	RET

p4bbad:
	MOVD   $1, R16
	MOVD   R16, ret+240(FP)
	RET

// func QSpMMScatter4MXNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int
// (E2M1 codes, an E8M0 scale per block.)
TEXT ·QSpMMScatter4MXNEON(SB), NOSPLIT, $0-248
	QSPS_ARGS(p4mdone)
	MOVD   exps_base+192(FP), R15

p4mrow:
	QSPS_ROW(p4mbad, p4mrowend)

p4mblk4:
	// for ; c+16 <= w; c += 16 { ax := alpha * x[i*ldx+c:][:16]; the entries }
	QSPS_OPEN4(p4mblk1)
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s
	WORD $0x6e3fdd29 // fmul v9.4s, v9.4s, v31.4s
	WORD $0x6e3fdd4a // fmul v10.4s, v10.4s, v31.4s
	WORD $0x6e3fdd6b // fmul v11.4s, v11.4s, v31.4s
	QS_FIRSTBLOCK(p4mb4div, p4mb4entry)

p4mb4div:
	QSPS_DIVIDE
	ADD    R16, R15, R12          // &exps[g]
	QS_E8M0

p4mb4entry:
	QSPS_ENTRY(p4mb4end)
	QSPS_NEXTMX(p4mb4in)
	QS_E8M0

p4mb4in:
	QSPS_INDEX(p4mbad)
	QS_NIBBLE
	QSPS_TIMES
	QSPS_FMA4
	QSPS_NEXT(p4mb4entry)

p4mb4end:
	QSPS_END4(p4mblk4)

p4mblk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	QSPS_OPEN1(p4mscalar)
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s
	QS_FIRSTBLOCK(p4mb1div, p4mb1entry)

p4mb1div:
	QSPS_DIVIDE
	ADD    R16, R15, R12          // &exps[g]
	QS_E8M0

p4mb1entry:
	QSPS_ENTRY(p4mb1end)
	QSPS_NEXTMX(p4mb1in)
	QS_E8M0

p4mb1in:
	QSPS_INDEX(p4mbad)
	QS_NIBBLE
	QSPS_TIMES
	QSPS_FMA1
	QSPS_NEXT(p4mb1entry)

p4mb1end:
	QSPS_END1(p4mblk1)

p4mscalar:
	// for ; c < w; c++ { the same on one column }
	QSPS_OPENS(p4mrowend)
	QS_FIRSTBLOCK(p4msdiv, p4msentry)

p4msdiv:
	QSPS_DIVIDE
	ADD    R16, R15, R12          // &exps[g]
	QS_E8M0

p4msentry:
	QSPS_ENTRY(p4msend)
	QSPS_NEXTMX(p4msin)
	QS_E8M0

p4msin:
	QSPS_INDEX(p4mbad)
	QS_NIBBLE
	QSPS_TIMES
	QSPS_FMAS
	QSPS_NEXT(p4msentry)

p4msend:
	QSPS_ENDS(p4mscalar)

p4mrowend:
	QSPS_ROWEND(p4mrow)

p4mdone:
	MOVD   ZR, ret+240(FP)
	RET

p4mbad:
	MOVD   $1, R16
	MOVD   R16, ret+240(FP)
	RET

// func QSpMMScatter8MXNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int
// (E4M3 codes, an E8M0 scale per block.)
TEXT ·QSpMMScatter8MXNEON(SB), NOSPLIT, $0-248
	QSPS_ARGS(p8mdone)
	MOVD   exps_base+192(FP), R15

p8mrow:
	QSPS_ROW(p8mbad, p8mrowend)

p8mblk4:
	// for ; c+16 <= w; c += 16 { ax := alpha * x[i*ldx+c:][:16]; the entries }
	QSPS_OPEN4(p8mblk1)
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s
	WORD $0x6e3fdd29 // fmul v9.4s, v9.4s, v31.4s
	WORD $0x6e3fdd4a // fmul v10.4s, v10.4s, v31.4s
	WORD $0x6e3fdd6b // fmul v11.4s, v11.4s, v31.4s
	QS_FIRSTBLOCK(p8mb4div, p8mb4entry)

p8mb4div:
	QSPS_DIVIDE
	ADD    R16, R15, R12          // &exps[g]
	QS_E8M0

p8mb4entry:
	QSPS_ENTRY(p8mb4end)
	QSPS_NEXTMX(p8mb4in)
	QS_E8M0

p8mb4in:
	QSPS_INDEX(p8mbad)
	QSPS_CODE8
	QSPS_TIMES
	QSPS_FMA4
	QSPS_NEXT(p8mb4entry)

p8mb4end:
	QSPS_END4(p8mblk4)

p8mblk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	QSPS_OPEN1(p8mscalar)
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s
	QS_FIRSTBLOCK(p8mb1div, p8mb1entry)

p8mb1div:
	QSPS_DIVIDE
	ADD    R16, R15, R12          // &exps[g]
	QS_E8M0

p8mb1entry:
	QSPS_ENTRY(p8mb1end)
	QSPS_NEXTMX(p8mb1in)
	QS_E8M0

p8mb1in:
	QSPS_INDEX(p8mbad)
	QSPS_CODE8
	QSPS_TIMES
	QSPS_FMA1
	QSPS_NEXT(p8mb1entry)

p8mb1end:
	QSPS_END1(p8mblk1)

p8mscalar:
	// for ; c < w; c++ { the same on one column }
	QSPS_OPENS(p8mrowend)
	QS_FIRSTBLOCK(p8msdiv, p8msentry)

p8msdiv:
	QSPS_DIVIDE
	ADD    R16, R15, R12          // &exps[g]
	QS_E8M0

p8msentry:
	QSPS_ENTRY(p8msend)
	QSPS_NEXTMX(p8msin)
	QS_E8M0

p8msin:
	QSPS_INDEX(p8mbad)
	QSPS_CODE8
	QSPS_TIMES
	QSPS_FMAS
	QSPS_NEXT(p8msentry)

p8msend:
	QSPS_ENDS(p8mscalar)

p8mrowend:
	QSPS_ROWEND(p8mrow)

p8mdone:
	MOVD   ZR, ret+240(FP)
	RET

p8mbad:
	MOVD   $1, R16
	MOVD   R16, ret+240(FP)
	RET

// func QSpMMScatterU8RowNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int
// (uint8 codes, a scale and a zero point per row, the zero points in exps.
// The twin of QSpMMScatterI8RowNEON but for the decode.)
TEXT ·QSpMMScatterU8RowNEON(SB), NOSPLIT, $0-248
	QSPS_ARGS(psudone)
	MOVD   scale_base+168(FP), R15
	MOVD   exps_base+192(FP), R13 // the rows' zero points

psurow:
	QSPS_ROW(psubad, psurowend)
	FMOVS  (R15), F14             // the row's scale
	MOVBU  (R13), R12             // z, the row's zero point

psublk4:
	// for ; c+16 <= w; c += 16 { ax := alpha * x[i*ldx+c:][:16]; the entries }
	QSPS_OPEN4(psublk1)
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s
	WORD $0x6e3fdd29 // fmul v9.4s, v9.4s, v31.4s
	WORD $0x6e3fdd4a // fmul v10.4s, v10.4s, v31.4s
	WORD $0x6e3fdd6b // fmul v11.4s, v11.4s, v31.4s

psub4entry:
	QSPS_ENTRY(psub4end)
	QSPS_INDEX(psubad)
	QS_CODEU8(R12)
	QSPS_TIMES
	QSPS_FMA4
	QSPS_NEXT(psub4entry)

psub4end:
	QSPS_END4(psublk4)

psublk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	QSPS_OPEN1(psuscalar)
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s

psub1entry:
	QSPS_ENTRY(psub1end)
	QSPS_INDEX(psubad)
	QS_CODEU8(R12)
	QSPS_TIMES
	QSPS_FMA1
	QSPS_NEXT(psub1entry)

psub1end:
	QSPS_END1(psublk1)

psuscalar:
	// for ; c < w; c++ { the same on one column }
	QSPS_OPENS(psurowend)

psusentry:
	QSPS_ENTRY(psusend)
	QSPS_INDEX(psubad)
	QS_CODEU8(R12)
	QSPS_TIMES
	QSPS_FMAS
	QSPS_NEXT(psusentry)

psusend:
	QSPS_ENDS(psuscalar)

psurowend:
	ADD    $4, R15, R15           // the next row's scale
	ADD    $1, R13, R13           // and zero point
	QSPS_ROWEND(psurow)

psudone:
	MOVD   ZR, ret+240(FP)
	RET

psubad:
	MOVD   $1, R16
	MOVD   R16, ret+240(FP)
	RET

// func QSpMMScatterI8ColNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int
// (int8 codes, the scale of their index: scale[j], read once j < yrows.
// The twin of QSpMMScatterI8RowNEON but for the decode.)
TEXT ·QSpMMScatterI8ColNEON(SB), NOSPLIT, $0-248
	QSPS_ARGS(pscdone)
	MOVD   scale_base+168(FP), R15

pscrow:
	QSPS_ROW(pscbad, pscrowend)

pscblk4:
	// for ; c+16 <= w; c += 16 { ax := alpha * x[i*ldx+c:][:16]; the entries }
	QSPS_OPEN4(pscblk1)
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s
	WORD $0x6e3fdd29 // fmul v9.4s, v9.4s, v31.4s
	WORD $0x6e3fdd4a // fmul v10.4s, v10.4s, v31.4s
	WORD $0x6e3fdd6b // fmul v11.4s, v11.4s, v31.4s

pscb4entry:
	QSPS_ENTRY(pscb4end)
	QSPS_INDEX(pscbad)
	QSPS_CODEI8
	QSPS_TIMESCOL
	QSPS_FMA4
	QSPS_NEXT(pscb4entry)

pscb4end:
	QSPS_END4(pscblk4)

pscblk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	QSPS_OPEN1(pscscalar)
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s

pscb1entry:
	QSPS_ENTRY(pscb1end)
	QSPS_INDEX(pscbad)
	QSPS_CODEI8
	QSPS_TIMESCOL
	QSPS_FMA1
	QSPS_NEXT(pscb1entry)

pscb1end:
	QSPS_END1(pscblk1)

pscscalar:
	// for ; c < w; c++ { the same on one column }
	QSPS_OPENS(pscrowend)

pscsentry:
	QSPS_ENTRY(pscsend)
	QSPS_INDEX(pscbad)
	QSPS_CODEI8
	QSPS_TIMESCOL
	QSPS_FMAS
	QSPS_NEXT(pscsentry)

pscsend:
	QSPS_ENDS(pscscalar)

pscrowend:
	QSPS_ROWEND(pscrow)

pscdone:
	MOVD   ZR, ret+240(FP)
	RET

pscbad:
	MOVD   $1, R16
	MOVD   R16, ret+240(FP)
	RET

// func QSpMMScatterU8ColNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int
// (uint8 codes, the scale and zero point of their index: scale[j] and
// exps[j], read once j < yrows. The twin of
// QSpMMScatterI8RowNEON but for the decode.)
TEXT ·QSpMMScatterU8ColNEON(SB), NOSPLIT, $0-248
	QSPS_ARGS(pszdone)
	MOVD   scale_base+168(FP), R15
	MOVD   exps_base+192(FP), R13 // the indices' zero points

pszrow:
	QSPS_ROW(pszbad, pszrowend)

pszblk4:
	// for ; c+16 <= w; c += 16 { ax := alpha * x[i*ldx+c:][:16]; the entries }
	QSPS_OPEN4(pszblk1)
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s
	WORD $0x6e3fdd29 // fmul v9.4s, v9.4s, v31.4s
	WORD $0x6e3fdd4a // fmul v10.4s, v10.4s, v31.4s
	WORD $0x6e3fdd6b // fmul v11.4s, v11.4s, v31.4s

pszb4entry:
	QSPS_ENTRY(pszb4end)
	QSPS_INDEX(pszbad)
	MOVBU  (R13)(R17), R12        // z = zero[j], the index's zero point
	QS_CODEU8(R12)
	QSPS_TIMESCOL
	QSPS_FMA4
	QSPS_NEXT(pszb4entry)

pszb4end:
	QSPS_END4(pszblk4)

pszblk1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	QSPS_OPEN1(pszscalar)
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s

pszb1entry:
	QSPS_ENTRY(pszb1end)
	QSPS_INDEX(pszbad)
	MOVBU  (R13)(R17), R12        // z = zero[j], the index's zero point
	QS_CODEU8(R12)
	QSPS_TIMESCOL
	QSPS_FMA1
	QSPS_NEXT(pszb1entry)

pszb1end:
	QSPS_END1(pszblk1)

pszscalar:
	// for ; c < w; c++ { the same on one column }
	QSPS_OPENS(pszrowend)

pszsentry:
	QSPS_ENTRY(pszsend)
	QSPS_INDEX(pszbad)
	MOVBU  (R13)(R17), R12        // z = zero[j], the index's zero point
	QS_CODEU8(R12)
	QSPS_TIMESCOL
	QSPS_FMAS
	QSPS_NEXT(pszsentry)

pszsend:
	QSPS_ENDS(pszscalar)

pszrowend:
	QSPS_ROWEND(pszrow)

pszdone:
	MOVD   ZR, ret+240(FP)
	RET

pszbad:
	MOVD   $1, R16
	MOVD   R16, ret+240(FP)
	RET

// func QSpMMScatterU8BlockNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int
// (uint8 codes, a scale and a zero point per block, the zero points in
// exps: QSpMMScatterI8BlockNEON's walk with R9 at the current block's zero
// point, &exps[g], and QScatterU8BlockNEON's decode: the twin of
// QSpMMScatterI8BlockNEON, its three column passes twins of each other, as
// there: the labels and WORD lines cannot go in a shared macro.)
TEXT ·QSpMMScatterU8BlockNEON(SB), NOSPLIT, $0-248
	QSPS_ARGS(psu8bdone)
	MOVD   scale_base+168(FP), R15

psu8brow:
	QSPS_ROW(psu8bbad, psu8browend)

psu8b4:
	// for ; c+16 <= w; c += 16 { ax := alpha * x[i*ldx+c:][:16]; the entries }
	QSPS_OPEN4(psu8b1)
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s
	WORD $0x6e3fdd29 // fmul v9.4s, v9.4s, v31.4s
	WORD $0x6e3fdd4a // fmul v10.4s, v10.4s, v31.4s
	WORD $0x6e3fdd6b // fmul v11.4s, v11.4s, v31.4s
	QS_FIRSTBLOCK(psu8b4div, psu8b4entry)

psu8b4div:
	QSPS_DIVIDE
	QSPS_SCALE
	QS_ZEROAT(exps_base+192(FP))

psu8b4entry:
	QSPS_ENTRY(psu8b4end)
	QSPS_NEXTBLOCK(psu8b4in)
	ADD    $1, R9, R9             // the next block's zero point

psu8b4in:
	QSPS_INDEX(psu8bbad)
	QS_CODEU8BLOCK
	QSPS_TIMES
	QSPS_FMA4
	QSPS_NEXT(psu8b4entry)

psu8b4end:
	QSPS_END4(psu8b4)

psu8b1:
	// for ; c+4 <= w; c += 4 { the same on one vector }
	QSPS_OPEN1(psu8bs)
	WORD $0x6e3fdd08 // fmul v8.4s, v8.4s, v31.4s
	QS_FIRSTBLOCK(psu8b1div, psu8b1entry)

psu8b1div:
	QSPS_DIVIDE
	QSPS_SCALE
	QS_ZEROAT(exps_base+192(FP))

psu8b1entry:
	QSPS_ENTRY(psu8b1end)
	QSPS_NEXTBLOCK(psu8b1in)
	ADD    $1, R9, R9             // the next block's zero point

psu8b1in:
	QSPS_INDEX(psu8bbad)
	QS_CODEU8BLOCK
	QSPS_TIMES
	QSPS_FMA1
	QSPS_NEXT(psu8b1entry)

psu8b1end:
	QSPS_END1(psu8b1)

psu8bs:
	// for ; c < w; c++ { the same on one column }
	QSPS_OPENS(psu8browend)
	QS_FIRSTBLOCK(psu8bsdiv, psu8bsentry)

psu8bsdiv:
	QSPS_DIVIDE
	QSPS_SCALE
	QS_ZEROAT(exps_base+192(FP))

psu8bsentry:
	QSPS_ENTRY(psu8bsend)
	QSPS_NEXTBLOCK(psu8bsin)
	ADD    $1, R9, R9             // the next block's zero point

psu8bsin:
	QSPS_INDEX(psu8bbad)
	QS_CODEU8BLOCK
	QSPS_TIMES
	QSPS_FMAS
	QSPS_NEXT(psu8bsentry)

psu8bsend:
	QSPS_ENDS(psu8bs)

psu8browend:
	QSPS_ROWEND(psu8brow)

psu8bdone:
	MOVD   ZR, ret+240(FP)
	RET

psu8bbad:
	MOVD   $1, R16
	MOVD   R16, ret+240(FP)
	RET
