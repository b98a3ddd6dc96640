//go:build !purego && !noasm && gc

#include "textflag.h"

// The kernels below share their steps as macros, each a straight run of
// instructions over the registers their tables name; the labels stay in
// the kernels, and a macro's arguments are the labels it branches to and
// the registers that differ between kernels. QF_ARGS loads the arguments
// every kernel has; QF_ROW clamps row i's segment and points R13 at its
// first index; QF_ZERO clears s0..s3; QF_CHECK4 and QF_CHECK2 load the next
// four or two indices and branch to slow when one is out of range; QF_X4
// and QF_X2 load their x values; QF_CVT4 converts the integer codes in
// R21..R24; QF_CODEU8 decodes a uint8 code less its block's zero point;
// QF_ZEROS4 and QF_COLS4 subtract four values' zero points and multiply
// them by their scales, by column; QF_SCALE4 and QF_FMA4 scale four values
// and add them times x into s0..s3, QF_FMA2 two into s0 and s1, QF_ADD0 and
// QF_ADD1 one into s0 or s1; QF_STEP4 and QF_STEP2 step past the entries
// done; QF_ONE is the one-at-a-time step of the row kernels, QF_ONEX its
// loads and QF_COLADD0 its sum by column; QF_PART and QF_TAKE take a block's
// part of the row; QF_E8M0 builds block g's E8M0 scale; QF_NIBBLES4 decodes
// four 4-bit codes; QF_E4M3 decodes one FP8 E4M3 code; QF_SUM, QF_BETA and
// QF_STORE end a row. Macros do not cross files: QF_ARGS and QF_ROW are
// deliberate twins of QS_ARGS and QS_CLAMP in qscatter_arm64.s, and QF_ROW's
// clamp of the row clamp in scatteraddnarrow_arm64.s's SAN_ROW macros.

#define QF_ARGS \
	MOVD   y_base+0(FP), R0 \
	MOVD   y_len+8(FP), R1 \
	MOVD   x_base+24(FP), R2 \
	MOVD   x_len+32(FP), R3 \
	MOVD   ptr_base+48(FP), R4 \
	MOVD   idx_base+72(FP), R5 \
	MOVD   idx_len+80(FP), R6 \
	MOVD   codes_base+96(FP), R7

// lo, hi := clampRange(ptr, i, len(idx)); n := hi - lo
#define QF_ROW \
	LDP    (R4), (R10, R11) \
	ADD    $8, R4, R4 \
	CMP    R6, R10 \
	CSEL   HI, R6, R10, R10        /* lo = min(ptr[i], len(idx)) */ \
	CMP    R6, R11 \
	CSEL   HI, R6, R11, R11        /* hi = min(ptr[i+1], len(idx)) */ \
	CMP    R10, R11 \
	CSEL   LO, R10, R11, R11       /* hi = max(lo, hi) */ \
	SUB    R10, R11, R12 \
	ADD    R10<<3, R5, R13         /* &idx[lo] */

// s0, s1, s2, s3 := 0, 0, 0, 0
#define QF_ZERO \
	VEOR   V0.B16, V0.B16, V0.B16 \
	VEOR   V1.B16, V1.B16, V1.B16 \
	VEOR   V2.B16, V2.B16, V2.B16 \
	VEOR   V3.B16, V3.B16, V3.B16

// j0, j1, j2, j3 := idx[k:k+4]; if any j >= len(x) { goto slow }
#define QF_CHECK4(j2, j3, slow) \
	LDP    (R13), (R15, R16) \
	LDP    16(R13), (j2, j3) \
	CMP    R3, R15                 /* j0 < len(x): LO */ \
	CCMP   LO, R16, R3, $2         /* and j1, j2, j3 < len(x) (else C set: HS) */ \
	CCMP   LO, j2, R3, $2 \
	CCMP   LO, j3, R3, $2 \
	BHS    slow

// j0, j1 := idx[k:k+2]; if any j >= len(x) { goto slow }
#define QF_CHECK2(slow) \
	LDP    (R13), (R15, R16) \
	CMP    R3, R15                 /* j0 < len(x): LO */ \
	CCMP   LO, R16, R3, $2         /* and j1 < len(x) (else C set: HS) */ \
	BHS    slow

#define QF_X4(j2, j3) \
	FMOVS  (R2)(R15<<2), F8 \
	FMOVS  (R2)(R16<<2), F9 \
	FMOVS  (R2)(j2<<2), F10 \
	FMOVS  (R2)(j3<<2), F11

#define QF_X2 \
	FMOVS  (R2)(R15<<2), F8 \
	FMOVS  (R2)(R16<<2), F9

#define QF_CVT4 \
	SCVTFWS R21, F4                /* float32(c0) */ \
	SCVTFWS R22, F5 \
	SCVTFWS R23, F6 \
	SCVTFWS R24, F7

#define QF_SCALE4 \
	FMULS  F30, F4, F4             /* value * sc */ \
	FMULS  F30, F5, F5 \
	FMULS  F30, F6, F6 \
	FMULS  F30, F7, F7

// s0 += v0 * x[j0]; ...; s3 += v3 * x[j3]
#define QF_FMA4 \
	FMADDS F8, F0, F4, F0 \
	FMADDS F9, F1, F5, F1 \
	FMADDS F10, F2, F6, F2 \
	FMADDS F11, F3, F7, F3

// s0 += (v0*sc) * x[j0]; s1 += (v1*sc) * x[j1]
#define QF_FMA2 \
	FMULS  F30, F4, F4 \
	FMULS  F30, F5, F5 \
	FMADDS F8, F0, F4, F0 \
	FMADDS F9, F1, F5, F1

// s0 += (v0*sc) * x[j0]
#define QF_ADD0 \
	FMULS  F30, F4, F4 \
	FMADDS F8, F0, F4, F0

// s1 += (v1*sc) * x[j1]
#define QF_ADD1 \
	FMULS  F30, F5, F5 \
	FMADDS F9, F1, F5, F1

// k += 4 (codebytes code bytes); left -= 4
#define QF_STEP4(codebytes, left) \
	ADD    $32, R13, R13 \
	ADD    codebytes, R14, R14 \
	SUB    $4, left, left

// k += 2 (codebytes code bytes); cnt -= 2; goto quad
#define QF_STEP2(codebytes, quad) \
	ADD    $16, R13, R13 \
	ADD    codebytes, R14, R14 \
	SUB    $2, R23, R23 \
	B      quad

// m--; if j >= len(x) { goto one }; x[j] in F8, float32(c) in F4
#define QF_ONEX(one) \
	SUB    $1, R20, R20 \
	CMP    R3, R15 \
	BHS    one \
	FMOVS  (R2)(R15<<2), F8 \
	SCVTFWS R21, F4

// m--; if j < len(x) { s0 += float32(c)*x[j] }; goto one
#define QF_ONE(one) \
	QF_ONEX(one) \
	FMADDS F8, F0, F4, F0 \
	B      one

// v := uint8 code at off(R14) less the block's zero point z (R20) as an
// integer, then float32 (the exact float32(code) - float32(z)), into f
#define QF_CODEU8(off, f) \
	MOVBU  off(R14), R24 \
	SUB    R20, R24, R24 \
	SCVTFWS R24, f

// v0..v3 -= zero[j0..j3] (float32, R26): exact
#define QF_ZEROS4(j2, j3) \
	FMOVS  (R26)(R15<<2), F16 \
	FMOVS  (R26)(R16<<2), F17 \
	FMOVS  (R26)(j2<<2), F18 \
	FMOVS  (R26)(j3<<2), F19 \
	FSUBS  F16, F4, F4 \
	FSUBS  F17, F5, F5 \
	FSUBS  F18, F6, F6 \
	FSUBS  F19, F7, F7

// v0..v3 *= scale[j0..j3] (R9)
#define QF_COLS4(j2, j3) \
	FMOVS  (R9)(R15<<2), F12 \
	FMOVS  (R9)(R16<<2), F13 \
	FMOVS  (R9)(j2<<2), F14 \
	FMOVS  (R9)(j3<<2), F15 \
	FMULS  F12, F4, F4 \
	FMULS  F13, F5, F5 \
	FMULS  F14, F6, F6 \
	FMULS  F15, F7, F7

// s0 += (v*scale[j])*x[j]; goto one
#define QF_COLADD0(one) \
	FMOVS  (R9)(R15<<2), F12 \
	FMULS  F12, F4, F4 \
	FMADDS F8, F0, F4, F0 \
	B      one

// cnt := min(b - p mod b, n), with g = p / b in R22
#define QF_PART \
	MSUB   R22, R10, R21, R22      /* p mod b = p - g*b */ \
	SUB    R22, R21, R23           /* cnt = b - p mod b */ \
	CMP    R12, R23 \
	CSEL   HI, R12, R23, R23       /* cnt = min(cnt, n) */

// p += cnt; n -= cnt
#define QF_TAKE \
	ADD    R23, R10, R10 \
	SUB    R23, R12, R12

// sc := E8M0(exps[g]): the bits e<<23, or 1<<22 (2^-127) when e == 0
#define QF_E8M0 \
	MOVBU  (R9)(R22), R24 \
	LSLW   $23, R24, R25 \
	MOVW   $0x400000, R26 \
	CMPW   $0, R24 \
	CSELW  EQ, R26, R25, R25 \
	FMOVS  R25, F30

// h := codes[p/2:p/2+2]; v0..v3 := table[h&15], ..., table[h>>12]
#define QF_NIBBLES4 \
	MOVHU  (R14), R24 \
	AND    $15, R24, R25 \
	FMOVS  (R17)(R25<<2), F4 \
	UBFX   $4, R24, $4, R25 \
	FMOVS  (R17)(R25<<2), F5 \
	UBFX   $8, R24, $4, R25 \
	FMOVS  (R17)(R25<<2), F6 \
	LSRW   $12, R24, R25 \
	FMOVS  (R17)(R25<<2), F7

// f := the value of the E4M3 code in r: its sign and seven value bits,
// shifted left by 20 into float32 bits, times 2^120
#define QF_E4M3(r, f) \
	LSLW   $20, r, r \
	ANDW   R17, r, r \
	FMOVS  r, f \
	FMULS  F31, f, f

// s0 = (s0+s1) + (s2+s3)
#define QF_SUM \
	FADDS  F1, F0, F0 \
	FADDS  F3, F2, F2 \
	FADDS  F2, F0, F0

// if beta != +0 { s += beta*y[i] } (else goto store)
#define QF_BETA(store) \
	CBZ    R8, store \
	FMOVS  (R0), F9 \
	FMADDS F29, F0, F9, F0

// y[i] = s; i++; if rows left { goto row }
#define QF_STORE(row) \
	FMOVS.P F0, 4(R0) \
	SUB    $1, R1, R1 \
	CBNZ   R1, row

// Fused quantized SpMV on NEON for int8 codes with one float32 scale a row
// (family qspmv, operands by row): the CSR row loop of spmv_arm64.s with
// each value a code, read sign-extended (MOVB) and converted to float32
// (SCVTFWS), so that no tile of decoded values is written. Each row is a
// scalar loop: four entries per step (two index pairs, four code loads,
// four x loads) into four independent FMADD chains s0..s3. The four indices
// of a step are checked together (CMP + three CCMP, unsigned, against
// len(x)); when one is out of range the step is redone one entry at a time,
// skipping that entry. The rest of a row (0..3 entries) runs one entry at a
// time into s0. A row ends with s := ((s0+s1)+(s2+s3))*rs[i], y[i] =
// alpha*s, plus beta*y[i] unless beta is +0 (then y is not read).
//
// Each segment is clamped to 0..len(idx) (an inverted one is empty), and
// every x load is behind an index check, so no index data can make the
// kernel read outside its slices (the caller guarantees len(codes) >=
// len(idx) and len(rs) == len(y)).
//
// Its twins, which differ in the decode and the parameters' registers (the
// labels cannot go in a shared macro): QSpMVU8RowNEON, QSpMVI8ColNEON and
// QSpMVU8ColNEON below.
//
// Requires: NEON (ASIMD).
//
// Registers:
//
//    R0  &y[i]          R1  rows left      R2  &x[0]         R3  len(x)
//    R4  &ptr[i]        R5  &idx[0]        R6  len(idx)      R7  &codes[0]
//    R8  beta's bits    R9  &rs[i]         R10 lo            R11 hi
//    R12 entries left in quad steps        R13 &idx[k]       R14 &codes[k]
//    R15,R16,R17,R19 j0..j3                R20 entries left in the one-at-a-time loop
//    R21..R24 c0..c3 (codes, sign-extended)
//    F0..F3 s0..s3      F4..F7 float32(c0..c3)               F8..F11 x[j0..j3]
//    F28 alpha          F29 beta           F30 rs[i]

// func QSpMVI8RowNEON(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, alpha, beta float32)
TEXT ·QSpMVI8RowNEON(SB), NOSPLIT, $0-152
	QF_ARGS
	MOVD   rs_base+120(FP), R9
	FMOVS  alpha+144(FP), F28
	FMOVS  beta+148(FP), F29
	MOVWU  beta+148(FP), R8
	CBZ    R1, r8done

r8row:
	QF_ROW
	ADD    R10, R7, R14            // &codes[lo]
	QF_ZERO

r8quad:
	// for n >= 4 {
	//     j0..j3, c0..c3 := idx[k:k+4], codes[k:k+4]
	//     if any j >= len(x) { redo these four one at a time }
	//     s0 += float32(c0)*x[j0]; ...; s3 += float32(c3)*x[j3]
	//     k += 4; n -= 4
	// }
	CMP    $4, R12
	BLO    r8tail
	QF_CHECK4(R17, R19, r8quadslow)
	MOVB   (R14), R21
	MOVB   1(R14), R22
	MOVB   2(R14), R23
	MOVB   3(R14), R24
	QF_X4(R17, R19)
	QF_CVT4
	QF_FMA4
	QF_STEP4($4, R12)
	B      r8quad

r8quadslow:
	// one of four out of range: the four one at a time
	MOVD   $4, R20
	SUB    $4, R12, R12
	B      r8one

r8tail:
	// the last n < 4 one at a time
	MOVD   R12, R20
	MOVD   ZR, R12

r8one:
	// for ; m > 0; m-- { j, c := idx[k], codes[k]; k++; if j < len(x) { s0 += float32(c)*x[j] } }
	CBZ    R20, r8onedone
	MOVD.P 8(R13), R15
	MOVB.P 1(R14), R21
	QF_ONE(r8one)

r8onedone:
	CBNZ   R12, r8quad

	// s := ((s0+s1) + (s2+s3)) * rs[i]; s *= alpha
	FMOVS.P 4(R9), F30
	QF_SUM
	FMULS  F30, F0, F0
	FMULS  F28, F0, F0
	QF_BETA(r8store)

r8store:
	QF_STORE(r8row)

r8done:
	RET

// Fused quantized SpMV on NEON with one scale per block of b values, blocks
// running through the stored values across rows (family qspmv, operands by
// block): QSpMVI8BlockNEON on int8 codes, QSpMV4BlockNEON on 4-bit codes
// (two a byte, value k in the low nibble of codes[k/2] when k is even, the
// high one otherwise) through a 16-entry float32 table, QSpMV4MXNEON the
// same with E8M0 scales. Each row is clamped to 0..len(idx) and runs block
// by block: a block's part of the row (cnt = min(entries left, b - k mod b),
// the block g = k / b by UDIV) takes the block's scale sc once, then its
// entries four at a time: the four indices checked together (CMP + three
// CCMP, unsigned, against len(x)), each value decoded (int8: MOVB
// sign-extended, SCVTFWS; 4-bit: the nibbles of two code bytes read as one
// halfword, each a scalar load from the table) and times sc (FMULS: the
// value as quant.Values.At rounds it), then FMADD with x into s0..s3. A
// step with an index out of range, and the rest of the part, run two at a
// time into s0 and s1 (both indices checked together; a pair with an index
// out of range entry by entry, skipping that entry). On 4-bit codes a part
// that starts at an odd value takes that value (a high nibble) alone
// first, so that each step starts at a code byte; a last odd entry (a low
// nibble) goes to s0 and leaves the byte to the next part, and no step
// reads a code byte past the part's last value. A row ends with y[i] =
// alpha*((s0+s1)+(s2+s3)), plus beta*y[i] unless beta is +0 (then y is not
// read).
//
// An E8M0 scale is built in a general register from the exponent e: the
// float32 bits e<<23 (2^(e-127); e = 0xFF gives +Inf), or 1<<22 (2^-127)
// when e is 0, then moved to F30 (FMOVS).
//
// Every x load is behind an index check and the segments are clamped; the
// caller guarantees codes for every value of idx, a scale (an exponent) for
// every block of them, len(table) == 16 and b >= 1. A block's scale is read
// only when the row has a value in the block. QSpMVI8BlockNEON's twin on
// uint8 codes is QSpMVU8BlockNEON below.
//
// Requires: NEON (ASIMD).
//
// Registers:
//
//    R0  &y[i]          R1  rows left      R2  &x[0]         R3  len(x)
//    R4  &ptr[i]        R5  &idx[0]        R6  len(idx)      R7  &codes[0]
//    R8  beta's bits    R9  &scale[0] or &exps[0]            R10 lo / k
//    R11 hi             R12 entries left in the row          R13 &idx[k]
//    R14 &codes[k] (int8) or &codes[k/2] (4-bit)             R15, R16 j0, j1
//    R17 &table[0]      R19 k odd at a part's start, then j2 R21 b
//    R22 g / k mod b    R23 entries left in the part         R24, R25 codes
//    R26 the scale's bits (MX), then j3
//    F0..F3 s0..s3      F4..F7 value*sc    F8..F11 x[j0..j3]
//    F28 alpha          F29 beta           F30 sc

// func QSpMVI8BlockNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, b int, alpha, beta float32)
TEXT ·QSpMVI8BlockNEON(SB), NOSPLIT, $0-160
	QF_ARGS
	MOVD   scale_base+120(FP), R9
	MOVD   b+144(FP), R21
	FMOVS  alpha+152(FP), F28
	FMOVS  beta+156(FP), F29
	MOVWU  beta+156(FP), R8
	CBZ    R1, qi8bdone

qi8brow:
	QF_ROW
	ADD    R10, R7, R14            // &codes[p]
	QF_ZERO

qi8bblock:
	// for n > 0 { g := p / b; cnt := min(n, b - p%b); sc := scale of block g; ...; p += cnt; n -= cnt }
	CBZ    R12, qi8browend
	UDIV   R21, R10, R22           // g = p / b
	FMOVS  (R9)(R22<<2), F30       // sc = scale[g]
	QF_PART
	QF_TAKE

qi8bquad:
	// for cnt >= 4 { s0 += (c0*sc)*x[j0]; ...; s3 += (c3*sc)*x[j3] }
	CMP    $4, R23
	BLO    qi8bpair
	QF_CHECK4(R19, R26, qi8bpair)  // an index out of range: these entries by pairs
	MOVB   (R14), R24
	SCVTFWS R24, F4                // float32(c0)
	MOVB   1(R14), R24
	SCVTFWS R24, F5
	MOVB   2(R14), R24
	SCVTFWS R24, F6
	MOVB   3(R14), R24
	SCVTFWS R24, F7
	QF_X4(R19, R26)
	QF_SCALE4
	QF_FMA4
	QF_STEP4($4, R23)
	B      qi8bquad

qi8bpair:
	// if cnt >= 2 { s0 += (c0*sc)*x[j0]; s1 += (c1*sc)*x[j1] }
	CMP    $2, R23
	BLO    qi8bodd
	QF_CHECK2(qi8bpairslow)
	MOVB   (R14), R24
	MOVB   1(R14), R25
	QF_X2
	SCVTFWS R24, F4
	SCVTFWS R25, F5
	QF_FMA2
	B      qi8bpairnext

qi8bpairslow:
	// an index out of range: each entry into its sum, that one skipped
	CMP    R3, R15
	BHS    qi8bskip0
	MOVB   (R14), R25
	SCVTFWS R25, F4
	FMOVS  (R2)(R15<<2), F8
	QF_ADD0

qi8bskip0:
	CMP    R3, R16
	BHS    qi8bpairnext
	MOVB   1(R14), R25
	SCVTFWS R25, F5
	FMOVS  (R2)(R16<<2), F9
	QF_ADD1

qi8bpairnext:
	QF_STEP2($2, qi8bquad)

qi8bodd:
	// a last entry of the block into s0
	CBZ    R23, qi8bblock
	MOVD.P 8(R13), R15
	MOVB.P 1(R14), R24
	CMP    R3, R15
	BHS    qi8bblock
	FMOVS  (R2)(R15<<2), F8
	SCVTFWS R24, F4
	QF_ADD0
	B      qi8bblock

qi8browend:
	// y[i] = alpha*((s0+s1)+(s2+s3)) (+ beta*y[i] unless beta is +0)
	QF_SUM
	FMULS  F28, F0, F0
	QF_BETA(qi8bstore)

qi8bstore:
	QF_STORE(qi8brow)

qi8bdone:
	RET

// func QSpMV4BlockNEON(y, x []float32, ptr, idx []uint64, codes []byte, table, scale []float32, b int, alpha, beta float32)
TEXT ·QSpMV4BlockNEON(SB), NOSPLIT, $0-184
	QF_ARGS
	MOVD   table_base+120(FP), R17
	MOVD   scale_base+144(FP), R9
	MOVD   b+168(FP), R21
	FMOVS  alpha+176(FP), F28
	FMOVS  beta+180(FP), F29
	MOVWU  beta+180(FP), R8
	CBZ    R1, q4bdone

q4brow:
	QF_ROW
	ADD    R10>>1, R7, R14         // &codes[p/2]
	QF_ZERO

q4bblock:
	// for n > 0 { g := p / b; cnt := min(n, b - p%b); sc := scale of block g; ...; p += cnt; n -= cnt }
	CBZ    R12, q4browend
	UDIV   R21, R10, R22           // g = p / b
	FMOVS  (R9)(R22<<2), F30       // sc = scale[g]
	QF_PART
	AND    $1, R10, R19            // p odd: the part starts at a high nibble
	QF_TAKE
	CBZ    R19, q4bquad
	// the high nibble of codes[p/2] alone, then p is even
	MOVD.P 8(R13), R15
	MOVBU.P 1(R14), R24
	SUB    $1, R23, R23
	CMP    R3, R15
	BHS    q4bquad
	LSRW   $4, R24, R24
	FMOVS  (R17)(R24<<2), F4       // table[c>>4]
	FMOVS  (R2)(R15<<2), F8
	QF_ADD0

q4bquad:
	// for cnt >= 4 { h := codes[p/2:p/2+2]; s0 += (table[h&15]*sc)*x[j0]; ...; s3 += (table[h>>12]*sc)*x[j3] }
	CMP    $4, R23
	BLO    q4bpair
	QF_CHECK4(R19, R26, q4bpair)  // an index out of range: these entries by pairs
	QF_NIBBLES4
	QF_X4(R19, R26)
	QF_SCALE4
	QF_FMA4
	QF_STEP4($2, R23)
	B      q4bquad

q4bpair:
	// if cnt >= 2 { c := codes[p/2]; s0 += (table[c&15]*sc)*x[j0]; s1 += (table[c>>4]*sc)*x[j1] }
	CMP    $2, R23
	BLO    q4bodd
	QF_CHECK2(q4bpairslow)
	MOVBU  (R14), R24
	AND    $15, R24, R25
	LSRW   $4, R24, R24
	FMOVS  (R17)(R25<<2), F4       // table[c&15]
	FMOVS  (R17)(R24<<2), F5       // table[c>>4]
	QF_X2
	QF_FMA2
	B      q4bpairnext

q4bpairslow:
	// an index out of range: each entry into its sum, that one skipped
	MOVBU  (R14), R24
	CMP    R3, R15
	BHS    q4bskip0
	AND    $15, R24, R25
	FMOVS  (R17)(R25<<2), F4
	FMOVS  (R2)(R15<<2), F8
	QF_ADD0

q4bskip0:
	CMP    R3, R16
	BHS    q4bpairnext
	LSRW   $4, R24, R25
	FMOVS  (R17)(R25<<2), F5
	FMOVS  (R2)(R16<<2), F9
	QF_ADD1

q4bpairnext:
	QF_STEP2($1, q4bquad)

q4bodd:
	// a last entry of the block, the low nibble of codes[p/2], into s0;
	// the next part starts at its high nibble
	CBZ    R23, q4bblock
	MOVD.P 8(R13), R15
	CMP    R3, R15
	BHS    q4bblock
	MOVBU  (R14), R24
	AND    $15, R24, R24
	FMOVS  (R17)(R24<<2), F4
	FMOVS  (R2)(R15<<2), F8
	QF_ADD0
	B      q4bblock

q4browend:
	// y[i] = alpha*((s0+s1)+(s2+s3)) (+ beta*y[i] unless beta is +0)
	QF_SUM
	FMULS  F28, F0, F0
	QF_BETA(q4bstore)

q4bstore:
	QF_STORE(q4brow)

q4bdone:
	RET

// func QSpMV4MXNEON(y, x []float32, ptr, idx []uint64, codes []byte, table []float32, exps []byte, b int, alpha, beta float32)
TEXT ·QSpMV4MXNEON(SB), NOSPLIT, $0-184
	QF_ARGS
	MOVD   table_base+120(FP), R17
	MOVD   exps_base+144(FP), R9
	MOVD   b+168(FP), R21
	FMOVS  alpha+176(FP), F28
	FMOVS  beta+180(FP), F29
	MOVWU  beta+180(FP), R8
	CBZ    R1, q4mxdone

q4mxrow:
	QF_ROW
	ADD    R10>>1, R7, R14         // &codes[p/2]
	QF_ZERO

q4mxblock:
	// for n > 0 { g := p / b; cnt := min(n, b - p%b); sc := scale of block g; ...; p += cnt; n -= cnt }
	CBZ    R12, q4mxrowend
	UDIV   R21, R10, R22           // g = p / b
	QF_E8M0
	QF_PART
	AND    $1, R10, R19            // p odd: the part starts at a high nibble
	QF_TAKE
	CBZ    R19, q4mxquad
	// the high nibble of codes[p/2] alone, then p is even
	MOVD.P 8(R13), R15
	MOVBU.P 1(R14), R24
	SUB    $1, R23, R23
	CMP    R3, R15
	BHS    q4mxquad
	LSRW   $4, R24, R24
	FMOVS  (R17)(R24<<2), F4       // table[c>>4]
	FMOVS  (R2)(R15<<2), F8
	QF_ADD0

q4mxquad:
	// for cnt >= 4 { h := codes[p/2:p/2+2]; s0 += (table[h&15]*sc)*x[j0]; ...; s3 += (table[h>>12]*sc)*x[j3] }
	CMP    $4, R23
	BLO    q4mxpair
	QF_CHECK4(R19, R26, q4mxpair)  // an index out of range: these entries by pairs
	QF_NIBBLES4
	QF_X4(R19, R26)
	QF_SCALE4
	QF_FMA4
	QF_STEP4($2, R23)
	B      q4mxquad

q4mxpair:
	// if cnt >= 2 { c := codes[p/2]; s0 += (table[c&15]*sc)*x[j0]; s1 += (table[c>>4]*sc)*x[j1] }
	CMP    $2, R23
	BLO    q4mxodd
	QF_CHECK2(q4mxpairslow)
	MOVBU  (R14), R24
	AND    $15, R24, R25
	LSRW   $4, R24, R24
	FMOVS  (R17)(R25<<2), F4       // table[c&15]
	FMOVS  (R17)(R24<<2), F5       // table[c>>4]
	QF_X2
	QF_FMA2
	B      q4mxpairnext

q4mxpairslow:
	// an index out of range: each entry into its sum, that one skipped
	MOVBU  (R14), R24
	CMP    R3, R15
	BHS    q4mxskip0
	AND    $15, R24, R25
	FMOVS  (R17)(R25<<2), F4
	FMOVS  (R2)(R15<<2), F8
	QF_ADD0

q4mxskip0:
	CMP    R3, R16
	BHS    q4mxpairnext
	LSRW   $4, R24, R25
	FMOVS  (R17)(R25<<2), F5
	FMOVS  (R2)(R16<<2), F9
	QF_ADD1

q4mxpairnext:
	QF_STEP2($1, q4mxquad)

q4mxodd:
	// a last entry of the block, the low nibble of codes[p/2], into s0;
	// the next part starts at its high nibble
	CBZ    R23, q4mxblock
	MOVD.P 8(R13), R15
	CMP    R3, R15
	BHS    q4mxblock
	MOVBU  (R14), R24
	AND    $15, R24, R24
	FMOVS  (R17)(R24<<2), F4
	FMOVS  (R2)(R15<<2), F8
	QF_ADD0
	B      q4mxblock

q4mxrowend:
	// y[i] = alpha*((s0+s1)+(s2+s3)) (+ beta*y[i] unless beta is +0)
	QF_SUM
	FMULS  F28, F0, F0
	QF_BETA(q4mxstore)

q4mxstore:
	QF_STORE(q4mxrow)

q4mxdone:
	RET

// QSpMVU8RowNEON is QSpMVI8RowNEON (its twin, above) on uint8 codes with
// one scale and one zero point per row: each code read zero-extended
// (MOVBU) less the row's zero point z = rz[i] (R25, read at the row's
// start from R26 = &rz[i]) as an integer, then converted (SCVTFWS).
//
// Requires: NEON (ASIMD).

// func QSpMVU8RowNEON(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, rz []uint8, alpha, beta float32)
TEXT ·QSpMVU8RowNEON(SB), NOSPLIT, $0-176
	QF_ARGS
	MOVD   rs_base+120(FP), R9
	MOVD   rz_base+144(FP), R26
	FMOVS  alpha+168(FP), F28
	FMOVS  beta+172(FP), F29
	MOVWU  beta+172(FP), R8
	CBZ    R1, qu8done

qu8row:
	QF_ROW
	ADD    R10, R7, R14            // &codes[lo]
	MOVBU.P 1(R26), R25            // z = rz[i]
	QF_ZERO

qu8quad:
	// for n >= 4 {
	//     j0..j3, c0..c3 := idx[k:k+4], codes[k:k+4]
	//     if any j >= len(x) { redo these four one at a time }
	//     s0 += float32(c0)*x[j0]; ...; s3 += float32(c3)*x[j3]
	//     k += 4; n -= 4
	// }
	CMP    $4, R12
	BLO    qu8tail
	QF_CHECK4(R17, R19, qu8quadslow)
	MOVBU  (R14), R21
	SUB    R25, R21, R21           // code - z
	MOVBU  1(R14), R22
	SUB    R25, R22, R22
	MOVBU  2(R14), R23
	SUB    R25, R23, R23
	MOVBU  3(R14), R24
	SUB    R25, R24, R24
	QF_X4(R17, R19)
	QF_CVT4
	QF_FMA4
	QF_STEP4($4, R12)
	B      qu8quad

qu8quadslow:
	// one of four out of range: the four one at a time
	MOVD   $4, R20
	SUB    $4, R12, R12
	B      qu8one

qu8tail:
	// the last n < 4 one at a time
	MOVD   R12, R20
	MOVD   ZR, R12

qu8one:
	// for ; m > 0; m-- { j, c := idx[k], codes[k] - z; k++; if j < len(x) { s0 += float32(c)*x[j] } }
	CBZ    R20, qu8onedone
	MOVD.P 8(R13), R15
	MOVBU.P 1(R14), R21
	SUB    R25, R21, R21           // code - z
	QF_ONE(qu8one)

qu8onedone:
	CBNZ   R12, qu8quad

	// s := ((s0+s1) + (s2+s3)) * rs[i]; s *= alpha
	FMOVS.P 4(R9), F30
	QF_SUM
	FMULS  F30, F0, F0
	FMULS  F28, F0, F0
	QF_BETA(qu8store)

qu8store:
	QF_STORE(qu8row)

qu8done:
	RET

// QSpMV8MXNEON is QSpMVI8BlockNEON (its twin, above) on FP8 E4M3 codes with
// E8M0 scales by block (built as QSpMV4MXNEON builds them): each code read
// sign-extended (MOVB), shifted left by 20 and masked (R17) to the sign and
// its seven exponent and mantissa bits, is a float32 2^-120 times the
// code's value, which times 2^120 (F31) is exact; then times the block's
// scale as QSpMVI8BlockNEON's values. The NaN codes (0x7F, 0xFF), which
// validation rejects, decode to 480 and -480.
//
// Requires: NEON (ASIMD).

// func QSpMV8MXNEON(y, x []float32, ptr, idx []uint64, codes []byte, exps []byte, b int, alpha, beta float32)
TEXT ·QSpMV8MXNEON(SB), NOSPLIT, $0-160
	QF_ARGS
	MOVD   exps_base+120(FP), R9
	MOVD   b+144(FP), R21
	MOVW   $0x87f00000, R17        // E4M3: the sign and 7 value bits, shifted left by 20
	MOVW   $0x7b800000, R20
	FMOVS  R20, F31                // 2^120
	FMOVS  alpha+152(FP), F28
	FMOVS  beta+156(FP), F29
	MOVWU  beta+156(FP), R8
	CBZ    R1, q8mxdone

q8mxrow:
	QF_ROW
	ADD    R10, R7, R14            // &codes[p]
	QF_ZERO

q8mxblock:
	// for n > 0 { g := p / b; cnt := min(n, b - p%b); sc := scale of block g; ...; p += cnt; n -= cnt }
	CBZ    R12, q8mxrowend
	UDIV   R21, R10, R22           // g = p / b
	QF_E8M0
	QF_PART
	QF_TAKE

q8mxquad:
	// for cnt >= 4 { s0 += (c0*sc)*x[j0]; ...; s3 += (c3*sc)*x[j3] }
	CMP    $4, R23
	BLO    q8mxpair
	QF_CHECK4(R19, R26, q8mxpair)  // an index out of range: these entries by pairs
	MOVB   (R14), R24
	QF_E4M3(R24, F4)
	MOVB   1(R14), R24
	QF_E4M3(R24, F5)
	MOVB   2(R14), R24
	QF_E4M3(R24, F6)
	MOVB   3(R14), R24
	QF_E4M3(R24, F7)
	QF_X4(R19, R26)
	QF_SCALE4
	QF_FMA4
	QF_STEP4($4, R23)
	B      q8mxquad

q8mxpair:
	// if cnt >= 2 { s0 += (c0*sc)*x[j0]; s1 += (c1*sc)*x[j1] }
	CMP    $2, R23
	BLO    q8mxodd
	QF_CHECK2(q8mxpairslow)
	MOVB   (R14), R24
	MOVB   1(R14), R25
	QF_X2
	QF_E4M3(R24, F4)
	QF_E4M3(R25, F5)
	QF_FMA2
	B      q8mxpairnext

q8mxpairslow:
	// an index out of range: each entry into its sum, that one skipped
	CMP    R3, R15
	BHS    q8mxskip0
	MOVB   (R14), R25
	QF_E4M3(R25, F4)
	FMOVS  (R2)(R15<<2), F8
	QF_ADD0

q8mxskip0:
	CMP    R3, R16
	BHS    q8mxpairnext
	MOVB   1(R14), R25
	QF_E4M3(R25, F5)
	FMOVS  (R2)(R16<<2), F9
	QF_ADD1

q8mxpairnext:
	QF_STEP2($2, q8mxquad)

q8mxodd:
	// a last entry of the block into s0
	CBZ    R23, q8mxblock
	MOVD.P 8(R13), R15
	MOVB.P 1(R14), R24
	CMP    R3, R15
	BHS    q8mxblock
	FMOVS  (R2)(R15<<2), F8
	QF_E4M3(R24, F4)
	QF_ADD0
	B      q8mxblock

q8mxrowend:
	// y[i] = alpha*((s0+s1)+(s2+s3)) (+ beta*y[i] unless beta is +0)
	QF_SUM
	FMULS  F28, F0, F0
	QF_BETA(q8mxstore)

q8mxstore:
	QF_STORE(q8mxrow)

q8mxdone:
	RET

// QSpMVU8BlockNEON is QSpMVI8BlockNEON (its twin, above) on uint8 codes
// with a scale and a zero point per block: block g's zero point z =
// zero[g] is read with its scale (into R20, from R17 = &zero[0]), and each
// code is read zero-extended (MOVBU) less z as an integer, then converted
// (SCVTFWS): the exact float32(code) - float32(z), times the scale as
// QSpMVI8BlockNEON's values. Its registers are QSpMVI8BlockNEON's, with
// R17 &zero[0] and R20 z.
//
// Requires: NEON (ASIMD).

// func QSpMVU8BlockNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, zero []byte, b int, alpha, beta float32)
TEXT ·QSpMVU8BlockNEON(SB), NOSPLIT, $0-184
	QF_ARGS
	MOVD   scale_base+120(FP), R9
	MOVD   zero_base+144(FP), R17
	MOVD   b+168(FP), R21
	FMOVS  alpha+176(FP), F28
	FMOVS  beta+180(FP), F29
	MOVWU  beta+180(FP), R8
	CBZ    R1, qu8bdone

qu8brow:
	QF_ROW
	ADD    R10, R7, R14            // &codes[p]
	QF_ZERO

qu8bblock:
	// for n > 0 { g := p / b; cnt := min(n, b - p%b); sc, z := scale[g], zero[g]; ...; p += cnt; n -= cnt }
	CBZ    R12, qu8browend
	UDIV   R21, R10, R22           // g = p / b
	FMOVS  (R9)(R22<<2), F30       // sc = scale[g]
	MOVBU  (R17)(R22), R20         // z = zero[g]
	QF_PART
	QF_TAKE

qu8bquad:
	// for cnt >= 4 { s0 += ((c0-z)*sc)*x[j0]; ...; s3 += ((c3-z)*sc)*x[j3] }
	CMP    $4, R23
	BLO    qu8bpair
	QF_CHECK4(R19, R26, qu8bpair)  // an index out of range: these entries by pairs
	QF_CODEU8(0, F4)
	QF_CODEU8(1, F5)
	QF_CODEU8(2, F6)
	QF_CODEU8(3, F7)
	QF_X4(R19, R26)
	QF_SCALE4
	QF_FMA4
	QF_STEP4($4, R23)
	B      qu8bquad

qu8bpair:
	// if cnt >= 2 { s0 += ((c0-z)*sc)*x[j0]; s1 += ((c1-z)*sc)*x[j1] }
	CMP    $2, R23
	BLO    qu8bodd
	QF_CHECK2(qu8bpairslow)
	QF_CODEU8(0, F4)
	QF_CODEU8(1, F5)
	QF_X2
	QF_FMA2
	B      qu8bpairnext

qu8bpairslow:
	// an index out of range: each entry into its sum, that one skipped
	CMP    R3, R15
	BHS    qu8bskip0
	QF_CODEU8(0, F4)
	FMOVS  (R2)(R15<<2), F8
	QF_ADD0

qu8bskip0:
	CMP    R3, R16
	BHS    qu8bpairnext
	QF_CODEU8(1, F5)
	FMOVS  (R2)(R16<<2), F9
	QF_ADD1

qu8bpairnext:
	QF_STEP2($2, qu8bquad)

qu8bodd:
	// a last entry of the block into s0
	CBZ    R23, qu8bblock
	MOVD.P 8(R13), R15
	CMP    R3, R15
	BHS    qu8boddskip
	QF_CODEU8(0, F4)
	FMOVS  (R2)(R15<<2), F8
	QF_ADD0

qu8boddskip:
	ADD    $1, R14, R14
	B      qu8bblock

qu8browend:
	// y[i] = alpha*((s0+s1)+(s2+s3)) (+ beta*y[i] unless beta is +0)
	QF_SUM
	FMULS  F28, F0, F0
	QF_BETA(qu8bstore)

qu8bstore:
	QF_STORE(qu8brow)

qu8bdone:
	RET

// Fused quantized SpMV on NEON with one scale per column (family qspmv,
// operands by index): QSpMVI8RowNEON's row loop (its twin, above) with
// each value's scale read with its x value, scale[j] for j = idx[k]
// (R9 = &scale[0]; the caller guarantees len(scale) >= len(x), so every
// read is behind the index check that guards x), and each value one
// float32 product rounded once, as quant.Values.At computes it:
//
//    s += (float32(int8(codes[k])) * scale[j]) * x[j]
//    y[i] = alpha*s (+ beta*y[i] unless beta is +0)
//
// QSpMVU8ColNEON is QSpMVI8ColNEON on uint8 codes (MOVBU) with one float32
// zero point per column too (R26 = &zero[0], len(zero) >= len(x); the
// integers 0..255), subtracted before the scale: (float32(codes[k]) -
// zero[j]) * scale[j], the subtraction exact. Four entries a step into
// s0..s3, the rest one at a time into s0, as QSpMVI8RowNEON. Their
// registers are QSpMVI8RowNEON's but R9 &scale[0], R26 &zero[0] (uint8),
// F12..F15 scale[j0..j3] and F16..F19 zero[j0..j3]; the sum is not scaled
// at the row's end.
//
// Requires: NEON (ASIMD).

// func QSpMVI8ColNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, alpha, beta float32)
TEXT ·QSpMVI8ColNEON(SB), NOSPLIT, $0-152
	QF_ARGS
	MOVD   scale_base+120(FP), R9
	FMOVS  alpha+144(FP), F28
	FMOVS  beta+148(FP), F29
	MOVWU  beta+148(FP), R8
	CBZ    R1, qi8cdone

qi8crow:
	QF_ROW
	ADD    R10, R7, R14            // &codes[lo]
	QF_ZERO

qi8cquad:
	// for n >= 4 {
	//     j0..j3, c0..c3 := idx[k:k+4], codes[k:k+4]
	//     if any j >= len(x) { redo these four one at a time }
	//     s0 += (float32(c0)*scale[j0])*x[j0]; ...; s3 += (float32(c3)*scale[j3])*x[j3]
	//     k += 4; n -= 4
	// }
	CMP    $4, R12
	BLO    qi8ctail
	QF_CHECK4(R17, R19, qi8cquadslow)
	MOVB   (R14), R21
	MOVB   1(R14), R22
	MOVB   2(R14), R23
	MOVB   3(R14), R24
	QF_X4(R17, R19)
	QF_CVT4
	QF_COLS4(R17, R19)
	QF_FMA4
	QF_STEP4($4, R12)
	B      qi8cquad

qi8cquadslow:
	// one of four out of range: the four one at a time
	MOVD   $4, R20
	SUB    $4, R12, R12
	B      qi8cone

qi8ctail:
	// the last n < 4 one at a time
	MOVD   R12, R20
	MOVD   ZR, R12

qi8cone:
	// for ; m > 0; m-- { j, c := idx[k], codes[k]; k++; if j < len(x) { s0 += (float32(c)*scale[j])*x[j] } }
	CBZ    R20, qi8conedone
	MOVD.P 8(R13), R15
	MOVB.P 1(R14), R21
	QF_ONEX(qi8cone)
	QF_COLADD0(qi8cone)

qi8conedone:
	CBNZ   R12, qi8cquad

	// y[i] = alpha*((s0+s1)+(s2+s3)) (+ beta*y[i] unless beta is +0)
	QF_SUM
	FMULS  F28, F0, F0
	QF_BETA(qi8cstore)

qi8cstore:
	QF_STORE(qi8crow)

qi8cdone:
	RET

// func QSpMVU8ColNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale, zero []float32, alpha, beta float32)
TEXT ·QSpMVU8ColNEON(SB), NOSPLIT, $0-176
	QF_ARGS
	MOVD   scale_base+120(FP), R9
	MOVD   zero_base+144(FP), R26
	FMOVS  alpha+168(FP), F28
	FMOVS  beta+172(FP), F29
	MOVWU  beta+172(FP), R8
	CBZ    R1, qu8cdone

qu8crow:
	QF_ROW
	ADD    R10, R7, R14            // &codes[lo]
	QF_ZERO

qu8cquad:
	// for n >= 4 {
	//     j0..j3, c0..c3 := idx[k:k+4], codes[k:k+4]
	//     if any j >= len(x) { redo these four one at a time }
	//     s0 += ((float32(c0)-zero[j0])*scale[j0])*x[j0]; ...
	//     k += 4; n -= 4
	// }
	CMP    $4, R12
	BLO    qu8ctail
	QF_CHECK4(R17, R19, qu8cquadslow)
	MOVBU  (R14), R21
	MOVBU  1(R14), R22
	MOVBU  2(R14), R23
	MOVBU  3(R14), R24
	QF_X4(R17, R19)
	QF_CVT4
	QF_ZEROS4(R17, R19)
	QF_COLS4(R17, R19)
	QF_FMA4
	QF_STEP4($4, R12)
	B      qu8cquad

qu8cquadslow:
	// one of four out of range: the four one at a time
	MOVD   $4, R20
	SUB    $4, R12, R12
	B      qu8cone

qu8ctail:
	// the last n < 4 one at a time
	MOVD   R12, R20
	MOVD   ZR, R12

qu8cone:
	// for ; m > 0; m-- { j, c := idx[k], codes[k]; k++; if j < len(x) { s0 += ((float32(c)-zero[j])*scale[j])*x[j] } }
	CBZ    R20, qu8conedone
	MOVD.P 8(R13), R15
	MOVBU.P 1(R14), R21
	QF_ONEX(qu8cone)
	FMOVS  (R26)(R15<<2), F16
	FSUBS  F16, F4, F4             // float32(c) - zero[j]
	QF_COLADD0(qu8cone)

qu8conedone:
	CBNZ   R12, qu8cquad

	// y[i] = alpha*((s0+s1)+(s2+s3)) (+ beta*y[i] unless beta is +0)
	QF_SUM
	FMULS  F28, F0, F0
	QF_BETA(qu8cstore)

qu8cstore:
	QF_STORE(qu8crow)

qu8cdone:
	RET
