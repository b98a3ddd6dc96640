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
// multiply-add into y, as ScatterAddF32NEON adds a value. The scale is the
// row's (rs[i]) or its block's: blocks of b values run through the stored
// values across rows; a row's first block is found by division only when
// the row does not start in the block where the last row ended, and the
// next block's parameter is loaded where an entry starts it. Codes: int8
// (sign-extending load, converted), 4-bit (value k in the low nibble of
// codes[k/2] when k is even, the high one otherwise, through a 16-entry
// table), E4M3 (through a 256-entry table); MX scales are E8M0(e),
// 2^(e-127) (exponent 0: 2^-127), built from the exponent's bits.
//
// Each segment is clamped to 0..len(idx) (an inverted one is empty) and
// every y access is behind an index check; the glue checks the codes and
// the parameters against the values.
//
// Requires: NEON (ASIMD).
//
// Registers:
//
//    R0  &y[0]          R1  len(y)         R2  &x[i]          R3  rows left
//    R4  &ptr[i]        R5  &idx[0]        R6  len(idx)       R7  &codes[0]
//    R8  block's end    R9  &table[0]      R10 k              R11 hi
//    R12 &rs[i], or the current block's &scale[g] or &exps[g]
//    R13 b              R14 &scale[0] or &exps[0]
//    R15 j = idx[k]     R16, R17 scratch
//    F4 value           F8 y[j]            F14 scale          F27 a
//    F28 alpha

// Steps the kernels share, as macros (the labels stay in the kernels):
// QS_ARGS loads the arguments every kernel has; QS_CLAMP reads row i's
// segment, clamps it to 0..len(idx) and compares lo with hi; QS_FIRSTBLOCK
// branches to entry when lo lies in the current block (R8-b <= lo <
// R8), else to divide; QS_E8M0 sets F14 to the E8M0 scale exps[g] at R12;
// QS_NIBBLE loads code k's nibble through the table into F4; QS_UPDATE adds
// a*value to y[j]. QS_ARGS and QS_CLAMP are deliberate twins of QF_ARGS
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

// func QScatterI8RowNEON(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, alpha float32)
TEXT ·QScatterI8RowNEON(SB), NOSPLIT, $0-148
	QS_ARGS
	MOVD   rs_base+120(FP), R12
	FMOVS  alpha+144(FP), F28
	CBZ    R3, qrdone

qrrow:
	// a := alpha * x[i]; lo, hi := clampRange(ptr, i, len(idx))
	FMOVS.P 4(R2), F27
	FMULS  F28, F27, F27
	FMOVS.P 4(R12), F14           // the row's scale
	QS_CLAMP
	BLS    qrnext                // empty (or inverted)

qrentry:
	CMP    R11, R10
	BHS    qrnext
	MOVD   (R5)(R10<<3), R15      // j = idx[k]
	CMP    R1, R15
	BHS    qrskip
	MOVB   (R7)(R10), R16         // int8(codes[k])
	SCVTFWS R16, F4
	FMULS  F14, F4, F4            // value = code * scale
	QS_UPDATE

qrskip:
	ADD    $1, R10, R10
	B      qrentry

qrnext:
	SUB    $1, R3, R3
	CBNZ   R3, qrrow

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
	// a := alpha * x[i]; lo, hi := clampRange(ptr, i, len(idx))
	FMOVS.P 4(R2), F27
	FMULS  F28, F27, F27
	QS_CLAMP
	BLS    qbnext                // empty (or inverted)
	// the row's first block: the current one when R8-b <= lo < R8, else lo/b
	QS_FIRSTBLOCK(qbdivide, qbentry)

qbdivide:
	UDIV   R13, R10, R16          // g = lo / b
	ADD    $1, R16, R17
	MUL    R13, R17, R8           // the block's end
	ADD    R16<<2, R14, R12       // &scale[g]
	FMOVS  (R12), F14

qbentry:
	CMP    R11, R10
	BHS    qbnext
	CMP    R8, R10
	BLO    qbinblock
	// entry k starts the next block
	ADD    $4, R12, R12
	ADD    R13, R8, R8
	FMOVS  (R12), F14

qbinblock:
	MOVD   (R5)(R10<<3), R15      // j = idx[k]
	CMP    R1, R15
	BHS    qbskip
	MOVB   (R7)(R10), R16         // int8(codes[k])
	SCVTFWS R16, F4
	FMULS  F14, F4, F4            // value = code * scale
	QS_UPDATE

qbskip:
	ADD    $1, R10, R10
	B      qbentry

qbnext:
	SUB    $1, R3, R3
	CBNZ   R3, qbrow

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
	// a := alpha * x[i]; lo, hi := clampRange(ptr, i, len(idx))
	FMOVS.P 4(R2), F27
	FMULS  F28, F27, F27
	QS_CLAMP
	BLS    q4bnext                // empty (or inverted)
	// the row's first block: the current one when R8-b <= lo < R8, else lo/b
	QS_FIRSTBLOCK(q4bdivide, q4bentry)

q4bdivide:
	UDIV   R13, R10, R16          // g = lo / b
	ADD    $1, R16, R17
	MUL    R13, R17, R8           // the block's end
	ADD    R16<<2, R14, R12       // &scale[g]
	FMOVS  (R12), F14

q4bentry:
	CMP    R11, R10
	BHS    q4bnext
	CMP    R8, R10
	BLO    q4binblock
	// entry k starts the next block
	ADD    $4, R12, R12
	ADD    R13, R8, R8
	FMOVS  (R12), F14

q4binblock:
	MOVD   (R5)(R10<<3), R15      // j = idx[k]
	CMP    R1, R15
	BHS    q4bskip
	QS_NIBBLE
	FMULS  F14, F4, F4            // value = code * scale
	QS_UPDATE

q4bskip:
	ADD    $1, R10, R10
	B      q4bentry

q4bnext:
	SUB    $1, R3, R3
	CBNZ   R3, q4brow

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
	// a := alpha * x[i]; lo, hi := clampRange(ptr, i, len(idx))
	FMOVS.P 4(R2), F27
	FMULS  F28, F27, F27
	QS_CLAMP
	BLS    q4mnext                // empty (or inverted)
	// the row's first block: the current one when R8-b <= lo < R8, else lo/b
	QS_FIRSTBLOCK(q4mdivide, q4mentry)

q4mdivide:
	UDIV   R13, R10, R16          // g = lo / b
	ADD    $1, R16, R17
	MUL    R13, R17, R8           // the block's end
	ADD    R16, R14, R12          // &exps[g]
	QS_E8M0

q4mentry:
	CMP    R11, R10
	BHS    q4mnext
	CMP    R8, R10
	BLO    q4minblock
	// entry k starts the next block
	ADD    $1, R12, R12
	ADD    R13, R8, R8
	QS_E8M0

q4minblock:
	MOVD   (R5)(R10<<3), R15      // j = idx[k]
	CMP    R1, R15
	BHS    q4mskip
	QS_NIBBLE
	FMULS  F14, F4, F4            // value = code * scale
	QS_UPDATE

q4mskip:
	ADD    $1, R10, R10
	B      q4mentry

q4mnext:
	SUB    $1, R3, R3
	CBNZ   R3, q4mrow

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
	// a := alpha * x[i]; lo, hi := clampRange(ptr, i, len(idx))
	FMOVS.P 4(R2), F27
	FMULS  F28, F27, F27
	QS_CLAMP
	BLS    q8mnext                // empty (or inverted)
	// the row's first block: the current one when R8-b <= lo < R8, else lo/b
	QS_FIRSTBLOCK(q8mdivide, q8mentry)

q8mdivide:
	UDIV   R13, R10, R16          // g = lo / b
	ADD    $1, R16, R17
	MUL    R13, R17, R8           // the block's end
	ADD    R16, R14, R12          // &exps[g]
	QS_E8M0

q8mentry:
	CMP    R11, R10
	BHS    q8mnext
	CMP    R8, R10
	BLO    q8minblock
	// entry k starts the next block
	ADD    $1, R12, R12
	ADD    R13, R8, R8
	QS_E8M0

q8minblock:
	MOVD   (R5)(R10<<3), R15      // j = idx[k]
	CMP    R1, R15
	BHS    q8mskip
	MOVBU  (R7)(R10), R16
	FMOVS  (R9)(R16<<2), F4       // table[codes[k]]
	FMULS  F14, F4, F4            // value = code * scale
	QS_UPDATE

q8mskip:
	ADD    $1, R10, R10
	B      q8mentry

q8mnext:
	SUB    $1, R3, R3
	CBNZ   R3, q8mrow

q8mdone:
	RET
