//go:build !purego && !noasm && gc

#include "textflag.h"

// Fused narrow SpMV on NEON for int8 codes with one float32 scale per block
// of b values (family qspmvnarrowblock): 32-bit row pointers, 16- or 32-bit
// column indices, the row's values at positions first+k of the codes, their
// scales at positions p = first+k, or spos[i]+k-lo (lo the row's clamped
// start) when len(spos) > 0 (the codes kept in another order than the
// scales). Each row is clamped to 0..len(col) and runs block by block: a block's part of
// the row (cnt = min(entries left, b - p mod b), p = first+k, the block g =
// p / b by UDIV) loads the block's scale sc once, then takes its entries two
// at a time: both indices checked together (CMP + CCMP, unsigned, against
// len(x)), each code read sign-extended (MOVB) and converted (SCVTFWS),
// times sc (FMULS), then FMADD with x into s0 (first) and s1 (second); a
// pair with an index out of range runs entry by entry into the same sums,
// skipping that entry. A last odd entry of the block goes to s0. A row ends
// with y[i] = alpha*(s0+s1), plus beta*y[i] unless beta is +0 (then y is
// not read).
//
// Every x load is behind an index check and the segments are clamped; the
// caller guarantees codes for every value first..first+len(col)-1 and a
// scale for every block of them, and b >= 1.
//
// Requires: NEON (ASIMD).
//
// Registers:
//
//    R0  &y[i]          R1  rows left      R2  &x[0]         R3  len(x)
//    R4  &ptr[i]        R5  &col[0]        R6  len(col)      R7  &codes[first]
//    R8  beta's bits    R9  &scale[0]      R10 lo / p        R11 hi
//    R12 entries left in the row           R13 &col[k]       R14 &codes[first+k]
//    R15, R16 j0, j1    R20 first          R21 b             R22 g / p mod b
//    R23 entries left in the block         R24, R25 c0, c1
//    F0, F1 s0, s1      F4, F5 code*sc     F8, F9 x[j0], x[j1]
//    F28 alpha          F29 beta           F30 sc

// func QSpMVNarrowI8BlockU16NEON(y, x []float32, ptr []uint32, col []uint16, codes []byte, first int, scale []float32, b int, alpha, beta float32, spos []uint32)
TEXT ·QSpMVNarrowI8BlockU16NEON(SB), NOSPLIT, $0-192
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   codes_base+96(FP), R7
	MOVD   first+120(FP), R20
	ADD    R20, R7, R7             // &codes[first]
	MOVD   scale_base+128(FP), R9
	MOVD   b+152(FP), R21
	FMOVS  alpha+160(FP), F28
	FMOVS  beta+164(FP), F29
	MOVWU  beta+164(FP), R8
	CBZ    R1, b16done

b16row:
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
	ADD    R10, R7, R14            // &codes[first+lo]
	ADD    R20, R10, R10           // p = first + lo
	MOVD   spos_len+176(FP), R23
	CBZ    R23, b16spos
	MOVD   spos_base+168(FP), R22
	MOVD   ptr_base+48(FP), R23
	SUB    R23, R4, R23            // 4*(i+1)
	ADD    R23, R22, R22
	MOVWU  -4(R22), R10            // p = spos[i]: the scales' position

b16spos:
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16

b16block:
	// for n > 0 { g := p / b; cnt := min(n, b - p%b); sc := scale[g]; ...; p += cnt; n -= cnt }
	CBZ    R12, b16rowend
	UDIV   R21, R10, R22           // g = p / b
	FMOVS  (R9)(R22<<2), F30       // sc = scale[g]
	MSUB   R22, R10, R21, R22      // p mod b = p - g*b
	SUB    R22, R21, R23           // cnt = b - p mod b
	CMP    R12, R23
	CSEL   HI, R12, R23, R23       // cnt = min(cnt, n)
	ADD    R23, R10, R10
	SUB    R23, R12, R12

b16pair:
	// for cnt >= 2 { s0 += (c0*sc)*x[j0]; s1 += (c1*sc)*x[j1] }
	CMP    $2, R23
	BLO    b16odd
	MOVHU  (R13), R15
	MOVHU  2(R13), R16
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and j1 < len(x) (else C set: HS)
	BHS    b16pairslow
	MOVB   (R14), R24
	MOVB   1(R14), R25
	FMOVS  (R2)(R15<<2), F8
	FMOVS  (R2)(R16<<2), F9
	SCVTFWS R24, F4
	SCVTFWS R25, F5
	FMULS  F30, F4, F4             // c0 * sc
	FMULS  F30, F5, F5
	FMADDS F8, F0, F4, F0          // s0 += (c0*sc) * x[j0]
	FMADDS F9, F1, F5, F1
	B      b16pairnext

b16pairslow:
	// an index out of range: each entry into its sum, that one skipped
	CMP    R3, R15
	BHS    b16skip0
	MOVB   (R14), R24
	FMOVS  (R2)(R15<<2), F8
	SCVTFWS R24, F4
	FMULS  F30, F4, F4
	FMADDS F8, F0, F4, F0

b16skip0:
	CMP    R3, R16
	BHS    b16pairnext
	MOVB   1(R14), R25
	FMOVS  (R2)(R16<<2), F9
	SCVTFWS R25, F5
	FMULS  F30, F5, F5
	FMADDS F9, F1, F5, F1

b16pairnext:
	ADD    $4, R13, R13
	ADD    $2, R14, R14
	SUB    $2, R23, R23
	B      b16pair

b16odd:
	// a last entry of the block into s0
	CBZ    R23, b16block
	MOVHU.P 2(R13), R15
	MOVB.P 1(R14), R24
	CMP    R3, R15
	BHS    b16block
	FMOVS  (R2)(R15<<2), F8
	SCVTFWS R24, F4
	FMULS  F30, F4, F4
	FMADDS F8, F0, F4, F0
	B      b16block

b16rowend:
	// y[i] = alpha*(s0+s1) (+ beta*y[i] unless beta is +0)
	FADDS  F1, F0, F0
	FMULS  F28, F0, F0
	CBZ    R8, b16store
	FMOVS  (R0), F9
	FMADDS F29, F0, F9, F0

b16store:
	FMOVS.P F0, 4(R0)
	SUB    $1, R1, R1
	CBNZ   R1, b16row

b16done:
	RET

// func QSpMVNarrowI8BlockU32NEON(y, x []float32, ptr []uint32, col []uint32, codes []byte, first int, scale []float32, b int, alpha, beta float32, spos []uint32)
TEXT ·QSpMVNarrowI8BlockU32NEON(SB), NOSPLIT, $0-192
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   codes_base+96(FP), R7
	MOVD   first+120(FP), R20
	ADD    R20, R7, R7             // &codes[first]
	MOVD   scale_base+128(FP), R9
	MOVD   b+152(FP), R21
	FMOVS  alpha+160(FP), F28
	FMOVS  beta+164(FP), F29
	MOVWU  beta+164(FP), R8
	CBZ    R1, b32done

b32row:
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
	ADD    R10, R7, R14            // &codes[first+lo]
	ADD    R20, R10, R10           // p = first + lo
	MOVD   spos_len+176(FP), R23
	CBZ    R23, b32spos
	MOVD   spos_base+168(FP), R22
	MOVD   ptr_base+48(FP), R23
	SUB    R23, R4, R23            // 4*(i+1)
	ADD    R23, R22, R22
	MOVWU  -4(R22), R10            // p = spos[i]: the scales' position

b32spos:
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16

b32block:
	// for n > 0 { g := p / b; cnt := min(n, b - p%b); sc := scale[g]; ...; p += cnt; n -= cnt }
	CBZ    R12, b32rowend
	UDIV   R21, R10, R22           // g = p / b
	FMOVS  (R9)(R22<<2), F30       // sc = scale[g]
	MSUB   R22, R10, R21, R22      // p mod b = p - g*b
	SUB    R22, R21, R23           // cnt = b - p mod b
	CMP    R12, R23
	CSEL   HI, R12, R23, R23       // cnt = min(cnt, n)
	ADD    R23, R10, R10
	SUB    R23, R12, R12

b32pair:
	// for cnt >= 2 { s0 += (c0*sc)*x[j0]; s1 += (c1*sc)*x[j1] }
	CMP    $2, R23
	BLO    b32odd
	LDPW   (R13), (R15, R16)
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and j1 < len(x) (else C set: HS)
	BHS    b32pairslow
	MOVB   (R14), R24
	MOVB   1(R14), R25
	FMOVS  (R2)(R15<<2), F8
	FMOVS  (R2)(R16<<2), F9
	SCVTFWS R24, F4
	SCVTFWS R25, F5
	FMULS  F30, F4, F4             // c0 * sc
	FMULS  F30, F5, F5
	FMADDS F8, F0, F4, F0          // s0 += (c0*sc) * x[j0]
	FMADDS F9, F1, F5, F1
	B      b32pairnext

b32pairslow:
	// an index out of range: each entry into its sum, that one skipped
	CMP    R3, R15
	BHS    b32skip0
	MOVB   (R14), R24
	FMOVS  (R2)(R15<<2), F8
	SCVTFWS R24, F4
	FMULS  F30, F4, F4
	FMADDS F8, F0, F4, F0

b32skip0:
	CMP    R3, R16
	BHS    b32pairnext
	MOVB   1(R14), R25
	FMOVS  (R2)(R16<<2), F9
	SCVTFWS R25, F5
	FMULS  F30, F5, F5
	FMADDS F9, F1, F5, F1

b32pairnext:
	ADD    $8, R13, R13
	ADD    $2, R14, R14
	SUB    $2, R23, R23
	B      b32pair

b32odd:
	// a last entry of the block into s0
	CBZ    R23, b32block
	MOVWU.P 4(R13), R15
	MOVB.P 1(R14), R24
	CMP    R3, R15
	BHS    b32block
	FMOVS  (R2)(R15<<2), F8
	SCVTFWS R24, F4
	FMULS  F30, F4, F4
	FMADDS F8, F0, F4, F0
	B      b32block

b32rowend:
	// y[i] = alpha*(s0+s1) (+ beta*y[i] unless beta is +0)
	FADDS  F1, F0, F0
	FMULS  F28, F0, F0
	CBZ    R8, b32store
	FMOVS  (R0), F9
	FMADDS F29, F0, F9, F0

b32store:
	FMOVS.P F0, 4(R0)
	SUB    $1, R1, R1
	CBNZ   R1, b32row

b32done:
	RET

// The 4-bit kernels of the family: QSpMVNarrow4Block{U16,U32}NEON on codes
// (their scale positions those of the int8 kernels: p+d, d = spos[i]-first-lo
// when len(spos) > 0, else 0)
// two a byte (value p in the low nibble of codes[p/2] when p is even, the
// high one otherwise) through a 16-entry float32 table with a float32
// scale per block, QSpMVNarrow4MX{U16,U32}NEON with an E8M0 scale per block.
// The loop is qfused_arm64.s's QSpMV4BlockNEON on narrow indices: a
// block's part that starts at an odd value takes it (a high nibble) alone
// first, then four entries a step (two code bytes read as one halfword,
// the four indices checked together, FMADD into s0..s3), the rest and a
// step with an index out of range two at a time (one code byte, table[c&15]
// and table[c>>4] by scalar loads, into s0 and s1), a last odd entry (a low
// nibble) into s0. Each value is table[nibble]*sc (FMULS), then FMADD with
// x. The E8M0 scale is the float32 bits e<<23, or 1<<22 (2^-127) when e is
// 0, built in a general register.
//
// Every x load is behind an index check and the segments are clamped; the
// caller guarantees codes for every value first..first+len(col)-1, a scale
// (an exponent) for every block of them, len(table) == 16 and b >= 1.
//
// Requires: NEON (ASIMD).
//
// Registers:
//
//    R0  &y[i]          R1  rows left      R2  &x[0]         R3  len(x)
//    R4  &ptr[i]        R5  &col[0]        R6  len(col)      R7  &codes[0]
//    R8  d = scale position - p within a row, beta's bits at its end
//    R9  &scale[0] or &exps[0]            R10 lo / p (the code position)
//    R11 hi             R12 entries left in the row          R13 &col[k]
//    R14 &codes[p/2]    R15, R16 j0, j1    R17 &table[0]
//    R19 p odd at a part's start, then j2                    R20 first
//    R21 b              R22 g / p mod b    R23 entries left in the part
//    R24, R25 codes     R26 the scale's bits (MX), then j3
//    F0..F3 s0..s3      F4..F7 value*sc    F8..F11 x[j0..j3]
//    F28 alpha          F29 beta           F30 sc

// func QSpMVNarrow4BlockU16NEON(y, x []float32, ptr []uint32, col []uint16, codes []byte, first int, table, scale []float32, b int, alpha, beta float32, spos []uint32)
TEXT ·QSpMVNarrow4BlockU16NEON(SB), NOSPLIT, $0-216
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   codes_base+96(FP), R7
	MOVD   first+120(FP), R20
	MOVD   table_base+128(FP), R17
	MOVD   scale_base+152(FP), R9
	MOVD   b+176(FP), R21
	FMOVS  alpha+184(FP), F28
	FMOVS  beta+188(FP), F29
	MOVWU  beta+188(FP), R8
	CBZ    R1, n4b16done

n4b16row:
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
	ADD    R20, R10, R10           // p = first + lo
	ADD    R10>>1, R7, R14         // &codes[p/2]
	MOVD   ZR, R8                  // d: scale position - code position
	MOVD   spos_len+200(FP), R23
	CBZ    R23, n4b16spos
	MOVD   spos_base+192(FP), R22
	MOVD   ptr_base+48(FP), R23
	SUB    R23, R4, R23            // 4*(i+1)
	ADD    R23, R22, R22
	MOVWU  -4(R22), R8             // spos[i]
	SUB    R10, R8, R8             // d = spos[i] - p

n4b16spos:
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16

n4b16block:
	// for n > 0 { g := p / b; cnt := min(n, b - p%b); sc := scale of block g; ...; p += cnt; n -= cnt }
	CBZ    R12, n4b16rowend
	ADD    R8, R10, R23            // the scale position p+d
	UDIV   R21, R23, R22           // g = (p+d) / b
	FMOVS  (R9)(R22<<2), F30       // sc = scale[g]
	MSUB   R22, R23, R21, R22      // (p+d) mod b
	SUB    R22, R21, R23           // cnt = b - p mod b
	CMP    R12, R23
	CSEL   HI, R12, R23, R23       // cnt = min(cnt, n)
	AND    $1, R10, R19            // p odd: the part starts at a high nibble
	ADD    R23, R10, R10
	SUB    R23, R12, R12
	CBZ    R19, n4b16quad
	// the high nibble of codes[p/2] alone, then p is even
	MOVHU.P 2(R13), R15
	MOVBU.P 1(R14), R24
	SUB    $1, R23, R23
	CMP    R3, R15
	BHS    n4b16quad
	LSRW   $4, R24, R24
	FMOVS  (R17)(R24<<2), F4       // table[c>>4]
	FMOVS  (R2)(R15<<2), F8
	FMULS  F30, F4, F4
	FMADDS F8, F0, F4, F0

n4b16quad:
	// for cnt >= 4 { h := codes[p/2:p/2+2]; s0 += (table[h&15]*sc)*x[j0]; ...; s3 += (table[h>>12]*sc)*x[j3] }
	CMP    $4, R23
	BLO    n4b16pair
	MOVHU  (R13), R15
	MOVHU  2(R13), R16
	MOVHU  4(R13), R19
	MOVHU  6(R13), R26
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and j1, j2, j3 < len(x) (else C set: HS)
	CCMP   LO, R19, R3, $2
	CCMP   LO, R26, R3, $2
	BHS    n4b16pair                // an index out of range: these entries by pairs
	MOVHU  (R14), R24              // h: the four nibbles
	AND    $15, R24, R25
	FMOVS  (R17)(R25<<2), F4       // table[h&15]
	UBFX   $4, R24, $4, R25
	FMOVS  (R17)(R25<<2), F5       // table[h>>4&15]
	UBFX   $8, R24, $4, R25
	FMOVS  (R17)(R25<<2), F6       // table[h>>8&15]
	LSRW   $12, R24, R25
	FMOVS  (R17)(R25<<2), F7       // table[h>>12]
	FMOVS  (R2)(R15<<2), F8
	FMOVS  (R2)(R16<<2), F9
	FMOVS  (R2)(R19<<2), F10
	FMOVS  (R2)(R26<<2), F11
	FMULS  F30, F4, F4             // value * sc
	FMULS  F30, F5, F5
	FMULS  F30, F6, F6
	FMULS  F30, F7, F7
	FMADDS F8, F0, F4, F0          // s0 += (value*sc) * x[j0]
	FMADDS F9, F1, F5, F1
	FMADDS F10, F2, F6, F2
	FMADDS F11, F3, F7, F3
	ADD    $8, R13, R13
	ADD    $2, R14, R14
	SUB    $4, R23, R23
	B      n4b16quad

n4b16pair:
	// if cnt >= 2 { c := codes[p/2]; s0 += (table[c&15]*sc)*x[j0]; s1 += (table[c>>4]*sc)*x[j1] }
	CMP    $2, R23
	BLO    n4b16odd
	MOVHU  (R13), R15
	MOVHU  2(R13), R16
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and j1 < len(x) (else C set: HS)
	BHS    n4b16pairslow
	MOVBU  (R14), R24
	AND    $15, R24, R25
	LSRW   $4, R24, R24
	FMOVS  (R17)(R25<<2), F4       // table[c&15]
	FMOVS  (R17)(R24<<2), F5       // table[c>>4]
	FMOVS  (R2)(R15<<2), F8
	FMOVS  (R2)(R16<<2), F9
	FMULS  F30, F4, F4             // table[c&15] * sc
	FMULS  F30, F5, F5
	FMADDS F8, F0, F4, F0          // s0 += (code*sc) * x[j0]
	FMADDS F9, F1, F5, F1
	B      n4b16pairnext

n4b16pairslow:
	// an index out of range: each entry into its sum, that one skipped
	MOVBU  (R14), R24
	CMP    R3, R15
	BHS    n4b16skip0
	AND    $15, R24, R25
	FMOVS  (R17)(R25<<2), F4
	FMOVS  (R2)(R15<<2), F8
	FMULS  F30, F4, F4
	FMADDS F8, F0, F4, F0

n4b16skip0:
	CMP    R3, R16
	BHS    n4b16pairnext
	LSRW   $4, R24, R25
	FMOVS  (R17)(R25<<2), F5
	FMOVS  (R2)(R16<<2), F9
	FMULS  F30, F5, F5
	FMADDS F9, F1, F5, F1

n4b16pairnext:
	ADD    $4, R13, R13
	ADD    $1, R14, R14
	SUB    $2, R23, R23
	B      n4b16quad

n4b16odd:
	// a last entry of the block, the low nibble of codes[p/2], into s0;
	// the next part starts at its high nibble
	CBZ    R23, n4b16block
	MOVHU.P 2(R13), R15
	CMP    R3, R15
	BHS    n4b16block
	MOVBU  (R14), R24
	AND    $15, R24, R24
	FMOVS  (R17)(R24<<2), F4
	FMOVS  (R2)(R15<<2), F8
	FMULS  F30, F4, F4
	FMADDS F8, F0, F4, F0
	B      n4b16block

n4b16rowend:
	// y[i] = alpha*((s0+s1)+(s2+s3)) (+ beta*y[i] unless beta is +0)
	FADDS  F1, F0, F0
	FADDS  F3, F2, F2
	FADDS  F2, F0, F0
	FMULS  F28, F0, F0
	MOVWU  beta+188(FP), R8
	CBZ    R8, n4b16store
	FMOVS  (R0), F9
	FMADDS F29, F0, F9, F0

n4b16store:
	FMOVS.P F0, 4(R0)
	SUB    $1, R1, R1
	CBNZ   R1, n4b16row

n4b16done:
	RET

// func QSpMVNarrow4MXU16NEON(y, x []float32, ptr []uint32, col []uint16, codes []byte, first int, table []float32, exps []byte, b int, alpha, beta float32, spos []uint32)
TEXT ·QSpMVNarrow4MXU16NEON(SB), NOSPLIT, $0-216
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   codes_base+96(FP), R7
	MOVD   first+120(FP), R20
	MOVD   table_base+128(FP), R17
	MOVD   exps_base+152(FP), R9
	MOVD   b+176(FP), R21
	FMOVS  alpha+184(FP), F28
	FMOVS  beta+188(FP), F29
	MOVWU  beta+188(FP), R8
	CBZ    R1, n4mx16done

n4mx16row:
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
	ADD    R20, R10, R10           // p = first + lo
	ADD    R10>>1, R7, R14         // &codes[p/2]
	MOVD   ZR, R8                  // d: scale position - code position
	MOVD   spos_len+200(FP), R23
	CBZ    R23, n4mx16spos
	MOVD   spos_base+192(FP), R22
	MOVD   ptr_base+48(FP), R23
	SUB    R23, R4, R23            // 4*(i+1)
	ADD    R23, R22, R22
	MOVWU  -4(R22), R8             // spos[i]
	SUB    R10, R8, R8             // d = spos[i] - p

n4mx16spos:
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16

n4mx16block:
	// for n > 0 { g := p / b; cnt := min(n, b - p%b); sc := scale of block g; ...; p += cnt; n -= cnt }
	CBZ    R12, n4mx16rowend
	ADD    R8, R10, R23            // the scale position p+d
	UDIV   R21, R23, R22           // g = (p+d) / b
	MOVBU  (R9)(R22), R24          // e = exps[g]
	LSLW   $23, R24, R25           // sc = E8M0(e): the bits e<<23,
	MOVW   $0x400000, R26
	CMPW   $0, R24
	CSELW  EQ, R26, R25, R25       // or 1<<22 (2^-127) when e == 0
	FMOVS  R25, F30
	MSUB   R22, R23, R21, R22      // (p+d) mod b
	SUB    R22, R21, R23           // cnt = b - p mod b
	CMP    R12, R23
	CSEL   HI, R12, R23, R23       // cnt = min(cnt, n)
	AND    $1, R10, R19            // p odd: the part starts at a high nibble
	ADD    R23, R10, R10
	SUB    R23, R12, R12
	CBZ    R19, n4mx16quad
	// the high nibble of codes[p/2] alone, then p is even
	MOVHU.P 2(R13), R15
	MOVBU.P 1(R14), R24
	SUB    $1, R23, R23
	CMP    R3, R15
	BHS    n4mx16quad
	LSRW   $4, R24, R24
	FMOVS  (R17)(R24<<2), F4       // table[c>>4]
	FMOVS  (R2)(R15<<2), F8
	FMULS  F30, F4, F4
	FMADDS F8, F0, F4, F0

n4mx16quad:
	// for cnt >= 4 { h := codes[p/2:p/2+2]; s0 += (table[h&15]*sc)*x[j0]; ...; s3 += (table[h>>12]*sc)*x[j3] }
	CMP    $4, R23
	BLO    n4mx16pair
	MOVHU  (R13), R15
	MOVHU  2(R13), R16
	MOVHU  4(R13), R19
	MOVHU  6(R13), R26
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and j1, j2, j3 < len(x) (else C set: HS)
	CCMP   LO, R19, R3, $2
	CCMP   LO, R26, R3, $2
	BHS    n4mx16pair                // an index out of range: these entries by pairs
	MOVHU  (R14), R24              // h: the four nibbles
	AND    $15, R24, R25
	FMOVS  (R17)(R25<<2), F4       // table[h&15]
	UBFX   $4, R24, $4, R25
	FMOVS  (R17)(R25<<2), F5       // table[h>>4&15]
	UBFX   $8, R24, $4, R25
	FMOVS  (R17)(R25<<2), F6       // table[h>>8&15]
	LSRW   $12, R24, R25
	FMOVS  (R17)(R25<<2), F7       // table[h>>12]
	FMOVS  (R2)(R15<<2), F8
	FMOVS  (R2)(R16<<2), F9
	FMOVS  (R2)(R19<<2), F10
	FMOVS  (R2)(R26<<2), F11
	FMULS  F30, F4, F4             // value * sc
	FMULS  F30, F5, F5
	FMULS  F30, F6, F6
	FMULS  F30, F7, F7
	FMADDS F8, F0, F4, F0          // s0 += (value*sc) * x[j0]
	FMADDS F9, F1, F5, F1
	FMADDS F10, F2, F6, F2
	FMADDS F11, F3, F7, F3
	ADD    $8, R13, R13
	ADD    $2, R14, R14
	SUB    $4, R23, R23
	B      n4mx16quad

n4mx16pair:
	// if cnt >= 2 { c := codes[p/2]; s0 += (table[c&15]*sc)*x[j0]; s1 += (table[c>>4]*sc)*x[j1] }
	CMP    $2, R23
	BLO    n4mx16odd
	MOVHU  (R13), R15
	MOVHU  2(R13), R16
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and j1 < len(x) (else C set: HS)
	BHS    n4mx16pairslow
	MOVBU  (R14), R24
	AND    $15, R24, R25
	LSRW   $4, R24, R24
	FMOVS  (R17)(R25<<2), F4       // table[c&15]
	FMOVS  (R17)(R24<<2), F5       // table[c>>4]
	FMOVS  (R2)(R15<<2), F8
	FMOVS  (R2)(R16<<2), F9
	FMULS  F30, F4, F4             // table[c&15] * sc
	FMULS  F30, F5, F5
	FMADDS F8, F0, F4, F0          // s0 += (code*sc) * x[j0]
	FMADDS F9, F1, F5, F1
	B      n4mx16pairnext

n4mx16pairslow:
	// an index out of range: each entry into its sum, that one skipped
	MOVBU  (R14), R24
	CMP    R3, R15
	BHS    n4mx16skip0
	AND    $15, R24, R25
	FMOVS  (R17)(R25<<2), F4
	FMOVS  (R2)(R15<<2), F8
	FMULS  F30, F4, F4
	FMADDS F8, F0, F4, F0

n4mx16skip0:
	CMP    R3, R16
	BHS    n4mx16pairnext
	LSRW   $4, R24, R25
	FMOVS  (R17)(R25<<2), F5
	FMOVS  (R2)(R16<<2), F9
	FMULS  F30, F5, F5
	FMADDS F9, F1, F5, F1

n4mx16pairnext:
	ADD    $4, R13, R13
	ADD    $1, R14, R14
	SUB    $2, R23, R23
	B      n4mx16quad

n4mx16odd:
	// a last entry of the block, the low nibble of codes[p/2], into s0;
	// the next part starts at its high nibble
	CBZ    R23, n4mx16block
	MOVHU.P 2(R13), R15
	CMP    R3, R15
	BHS    n4mx16block
	MOVBU  (R14), R24
	AND    $15, R24, R24
	FMOVS  (R17)(R24<<2), F4
	FMOVS  (R2)(R15<<2), F8
	FMULS  F30, F4, F4
	FMADDS F8, F0, F4, F0
	B      n4mx16block

n4mx16rowend:
	// y[i] = alpha*((s0+s1)+(s2+s3)) (+ beta*y[i] unless beta is +0)
	FADDS  F1, F0, F0
	FADDS  F3, F2, F2
	FADDS  F2, F0, F0
	FMULS  F28, F0, F0
	MOVWU  beta+188(FP), R8
	CBZ    R8, n4mx16store
	FMOVS  (R0), F9
	FMADDS F29, F0, F9, F0

n4mx16store:
	FMOVS.P F0, 4(R0)
	SUB    $1, R1, R1
	CBNZ   R1, n4mx16row

n4mx16done:
	RET

// func QSpMVNarrow4BlockU32NEON(y, x []float32, ptr []uint32, col []uint32, codes []byte, first int, table, scale []float32, b int, alpha, beta float32, spos []uint32)
TEXT ·QSpMVNarrow4BlockU32NEON(SB), NOSPLIT, $0-216
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   codes_base+96(FP), R7
	MOVD   first+120(FP), R20
	MOVD   table_base+128(FP), R17
	MOVD   scale_base+152(FP), R9
	MOVD   b+176(FP), R21
	FMOVS  alpha+184(FP), F28
	FMOVS  beta+188(FP), F29
	MOVWU  beta+188(FP), R8
	CBZ    R1, n4b32done

n4b32row:
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
	ADD    R20, R10, R10           // p = first + lo
	ADD    R10>>1, R7, R14         // &codes[p/2]
	MOVD   ZR, R8                  // d: scale position - code position
	MOVD   spos_len+200(FP), R23
	CBZ    R23, n4b32spos
	MOVD   spos_base+192(FP), R22
	MOVD   ptr_base+48(FP), R23
	SUB    R23, R4, R23            // 4*(i+1)
	ADD    R23, R22, R22
	MOVWU  -4(R22), R8             // spos[i]
	SUB    R10, R8, R8             // d = spos[i] - p

n4b32spos:
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16

n4b32block:
	// for n > 0 { g := p / b; cnt := min(n, b - p%b); sc := scale of block g; ...; p += cnt; n -= cnt }
	CBZ    R12, n4b32rowend
	ADD    R8, R10, R23            // the scale position p+d
	UDIV   R21, R23, R22           // g = (p+d) / b
	FMOVS  (R9)(R22<<2), F30       // sc = scale[g]
	MSUB   R22, R23, R21, R22      // (p+d) mod b
	SUB    R22, R21, R23           // cnt = b - p mod b
	CMP    R12, R23
	CSEL   HI, R12, R23, R23       // cnt = min(cnt, n)
	AND    $1, R10, R19            // p odd: the part starts at a high nibble
	ADD    R23, R10, R10
	SUB    R23, R12, R12
	CBZ    R19, n4b32quad
	// the high nibble of codes[p/2] alone, then p is even
	MOVWU.P 4(R13), R15
	MOVBU.P 1(R14), R24
	SUB    $1, R23, R23
	CMP    R3, R15
	BHS    n4b32quad
	LSRW   $4, R24, R24
	FMOVS  (R17)(R24<<2), F4       // table[c>>4]
	FMOVS  (R2)(R15<<2), F8
	FMULS  F30, F4, F4
	FMADDS F8, F0, F4, F0

n4b32quad:
	// for cnt >= 4 { h := codes[p/2:p/2+2]; s0 += (table[h&15]*sc)*x[j0]; ...; s3 += (table[h>>12]*sc)*x[j3] }
	CMP    $4, R23
	BLO    n4b32pair
	LDPW   (R13), (R15, R16)
	LDPW   8(R13), (R19, R26)
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and j1, j2, j3 < len(x) (else C set: HS)
	CCMP   LO, R19, R3, $2
	CCMP   LO, R26, R3, $2
	BHS    n4b32pair                // an index out of range: these entries by pairs
	MOVHU  (R14), R24              // h: the four nibbles
	AND    $15, R24, R25
	FMOVS  (R17)(R25<<2), F4       // table[h&15]
	UBFX   $4, R24, $4, R25
	FMOVS  (R17)(R25<<2), F5       // table[h>>4&15]
	UBFX   $8, R24, $4, R25
	FMOVS  (R17)(R25<<2), F6       // table[h>>8&15]
	LSRW   $12, R24, R25
	FMOVS  (R17)(R25<<2), F7       // table[h>>12]
	FMOVS  (R2)(R15<<2), F8
	FMOVS  (R2)(R16<<2), F9
	FMOVS  (R2)(R19<<2), F10
	FMOVS  (R2)(R26<<2), F11
	FMULS  F30, F4, F4             // value * sc
	FMULS  F30, F5, F5
	FMULS  F30, F6, F6
	FMULS  F30, F7, F7
	FMADDS F8, F0, F4, F0          // s0 += (value*sc) * x[j0]
	FMADDS F9, F1, F5, F1
	FMADDS F10, F2, F6, F2
	FMADDS F11, F3, F7, F3
	ADD    $16, R13, R13
	ADD    $2, R14, R14
	SUB    $4, R23, R23
	B      n4b32quad

n4b32pair:
	// if cnt >= 2 { c := codes[p/2]; s0 += (table[c&15]*sc)*x[j0]; s1 += (table[c>>4]*sc)*x[j1] }
	CMP    $2, R23
	BLO    n4b32odd
	LDPW   (R13), (R15, R16)
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and j1 < len(x) (else C set: HS)
	BHS    n4b32pairslow
	MOVBU  (R14), R24
	AND    $15, R24, R25
	LSRW   $4, R24, R24
	FMOVS  (R17)(R25<<2), F4       // table[c&15]
	FMOVS  (R17)(R24<<2), F5       // table[c>>4]
	FMOVS  (R2)(R15<<2), F8
	FMOVS  (R2)(R16<<2), F9
	FMULS  F30, F4, F4             // table[c&15] * sc
	FMULS  F30, F5, F5
	FMADDS F8, F0, F4, F0          // s0 += (code*sc) * x[j0]
	FMADDS F9, F1, F5, F1
	B      n4b32pairnext

n4b32pairslow:
	// an index out of range: each entry into its sum, that one skipped
	MOVBU  (R14), R24
	CMP    R3, R15
	BHS    n4b32skip0
	AND    $15, R24, R25
	FMOVS  (R17)(R25<<2), F4
	FMOVS  (R2)(R15<<2), F8
	FMULS  F30, F4, F4
	FMADDS F8, F0, F4, F0

n4b32skip0:
	CMP    R3, R16
	BHS    n4b32pairnext
	LSRW   $4, R24, R25
	FMOVS  (R17)(R25<<2), F5
	FMOVS  (R2)(R16<<2), F9
	FMULS  F30, F5, F5
	FMADDS F9, F1, F5, F1

n4b32pairnext:
	ADD    $8, R13, R13
	ADD    $1, R14, R14
	SUB    $2, R23, R23
	B      n4b32quad

n4b32odd:
	// a last entry of the block, the low nibble of codes[p/2], into s0;
	// the next part starts at its high nibble
	CBZ    R23, n4b32block
	MOVWU.P 4(R13), R15
	CMP    R3, R15
	BHS    n4b32block
	MOVBU  (R14), R24
	AND    $15, R24, R24
	FMOVS  (R17)(R24<<2), F4
	FMOVS  (R2)(R15<<2), F8
	FMULS  F30, F4, F4
	FMADDS F8, F0, F4, F0
	B      n4b32block

n4b32rowend:
	// y[i] = alpha*((s0+s1)+(s2+s3)) (+ beta*y[i] unless beta is +0)
	FADDS  F1, F0, F0
	FADDS  F3, F2, F2
	FADDS  F2, F0, F0
	FMULS  F28, F0, F0
	MOVWU  beta+188(FP), R8
	CBZ    R8, n4b32store
	FMOVS  (R0), F9
	FMADDS F29, F0, F9, F0

n4b32store:
	FMOVS.P F0, 4(R0)
	SUB    $1, R1, R1
	CBNZ   R1, n4b32row

n4b32done:
	RET

// func QSpMVNarrow4MXU32NEON(y, x []float32, ptr []uint32, col []uint32, codes []byte, first int, table []float32, exps []byte, b int, alpha, beta float32, spos []uint32)
TEXT ·QSpMVNarrow4MXU32NEON(SB), NOSPLIT, $0-216
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   codes_base+96(FP), R7
	MOVD   first+120(FP), R20
	MOVD   table_base+128(FP), R17
	MOVD   exps_base+152(FP), R9
	MOVD   b+176(FP), R21
	FMOVS  alpha+184(FP), F28
	FMOVS  beta+188(FP), F29
	MOVWU  beta+188(FP), R8
	CBZ    R1, n4mx32done

n4mx32row:
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
	ADD    R20, R10, R10           // p = first + lo
	ADD    R10>>1, R7, R14         // &codes[p/2]
	MOVD   ZR, R8                  // d: scale position - code position
	MOVD   spos_len+200(FP), R23
	CBZ    R23, n4mx32spos
	MOVD   spos_base+192(FP), R22
	MOVD   ptr_base+48(FP), R23
	SUB    R23, R4, R23            // 4*(i+1)
	ADD    R23, R22, R22
	MOVWU  -4(R22), R8             // spos[i]
	SUB    R10, R8, R8             // d = spos[i] - p

n4mx32spos:
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16

n4mx32block:
	// for n > 0 { g := p / b; cnt := min(n, b - p%b); sc := scale of block g; ...; p += cnt; n -= cnt }
	CBZ    R12, n4mx32rowend
	ADD    R8, R10, R23            // the scale position p+d
	UDIV   R21, R23, R22           // g = (p+d) / b
	MOVBU  (R9)(R22), R24          // e = exps[g]
	LSLW   $23, R24, R25           // sc = E8M0(e): the bits e<<23,
	MOVW   $0x400000, R26
	CMPW   $0, R24
	CSELW  EQ, R26, R25, R25       // or 1<<22 (2^-127) when e == 0
	FMOVS  R25, F30
	MSUB   R22, R23, R21, R22      // (p+d) mod b
	SUB    R22, R21, R23           // cnt = b - p mod b
	CMP    R12, R23
	CSEL   HI, R12, R23, R23       // cnt = min(cnt, n)
	AND    $1, R10, R19            // p odd: the part starts at a high nibble
	ADD    R23, R10, R10
	SUB    R23, R12, R12
	CBZ    R19, n4mx32quad
	// the high nibble of codes[p/2] alone, then p is even
	MOVWU.P 4(R13), R15
	MOVBU.P 1(R14), R24
	SUB    $1, R23, R23
	CMP    R3, R15
	BHS    n4mx32quad
	LSRW   $4, R24, R24
	FMOVS  (R17)(R24<<2), F4       // table[c>>4]
	FMOVS  (R2)(R15<<2), F8
	FMULS  F30, F4, F4
	FMADDS F8, F0, F4, F0

n4mx32quad:
	// for cnt >= 4 { h := codes[p/2:p/2+2]; s0 += (table[h&15]*sc)*x[j0]; ...; s3 += (table[h>>12]*sc)*x[j3] }
	CMP    $4, R23
	BLO    n4mx32pair
	LDPW   (R13), (R15, R16)
	LDPW   8(R13), (R19, R26)
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and j1, j2, j3 < len(x) (else C set: HS)
	CCMP   LO, R19, R3, $2
	CCMP   LO, R26, R3, $2
	BHS    n4mx32pair                // an index out of range: these entries by pairs
	MOVHU  (R14), R24              // h: the four nibbles
	AND    $15, R24, R25
	FMOVS  (R17)(R25<<2), F4       // table[h&15]
	UBFX   $4, R24, $4, R25
	FMOVS  (R17)(R25<<2), F5       // table[h>>4&15]
	UBFX   $8, R24, $4, R25
	FMOVS  (R17)(R25<<2), F6       // table[h>>8&15]
	LSRW   $12, R24, R25
	FMOVS  (R17)(R25<<2), F7       // table[h>>12]
	FMOVS  (R2)(R15<<2), F8
	FMOVS  (R2)(R16<<2), F9
	FMOVS  (R2)(R19<<2), F10
	FMOVS  (R2)(R26<<2), F11
	FMULS  F30, F4, F4             // value * sc
	FMULS  F30, F5, F5
	FMULS  F30, F6, F6
	FMULS  F30, F7, F7
	FMADDS F8, F0, F4, F0          // s0 += (value*sc) * x[j0]
	FMADDS F9, F1, F5, F1
	FMADDS F10, F2, F6, F2
	FMADDS F11, F3, F7, F3
	ADD    $16, R13, R13
	ADD    $2, R14, R14
	SUB    $4, R23, R23
	B      n4mx32quad

n4mx32pair:
	// if cnt >= 2 { c := codes[p/2]; s0 += (table[c&15]*sc)*x[j0]; s1 += (table[c>>4]*sc)*x[j1] }
	CMP    $2, R23
	BLO    n4mx32odd
	LDPW   (R13), (R15, R16)
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and j1 < len(x) (else C set: HS)
	BHS    n4mx32pairslow
	MOVBU  (R14), R24
	AND    $15, R24, R25
	LSRW   $4, R24, R24
	FMOVS  (R17)(R25<<2), F4       // table[c&15]
	FMOVS  (R17)(R24<<2), F5       // table[c>>4]
	FMOVS  (R2)(R15<<2), F8
	FMOVS  (R2)(R16<<2), F9
	FMULS  F30, F4, F4             // table[c&15] * sc
	FMULS  F30, F5, F5
	FMADDS F8, F0, F4, F0          // s0 += (code*sc) * x[j0]
	FMADDS F9, F1, F5, F1
	B      n4mx32pairnext

n4mx32pairslow:
	// an index out of range: each entry into its sum, that one skipped
	MOVBU  (R14), R24
	CMP    R3, R15
	BHS    n4mx32skip0
	AND    $15, R24, R25
	FMOVS  (R17)(R25<<2), F4
	FMOVS  (R2)(R15<<2), F8
	FMULS  F30, F4, F4
	FMADDS F8, F0, F4, F0

n4mx32skip0:
	CMP    R3, R16
	BHS    n4mx32pairnext
	LSRW   $4, R24, R25
	FMOVS  (R17)(R25<<2), F5
	FMOVS  (R2)(R16<<2), F9
	FMULS  F30, F5, F5
	FMADDS F9, F1, F5, F1

n4mx32pairnext:
	ADD    $8, R13, R13
	ADD    $1, R14, R14
	SUB    $2, R23, R23
	B      n4mx32quad

n4mx32odd:
	// a last entry of the block, the low nibble of codes[p/2], into s0;
	// the next part starts at its high nibble
	CBZ    R23, n4mx32block
	MOVWU.P 4(R13), R15
	CMP    R3, R15
	BHS    n4mx32block
	MOVBU  (R14), R24
	AND    $15, R24, R24
	FMOVS  (R17)(R24<<2), F4
	FMOVS  (R2)(R15<<2), F8
	FMULS  F30, F4, F4
	FMADDS F8, F0, F4, F0
	B      n4mx32block

n4mx32rowend:
	// y[i] = alpha*((s0+s1)+(s2+s3)) (+ beta*y[i] unless beta is +0)
	FADDS  F1, F0, F0
	FADDS  F3, F2, F2
	FADDS  F2, F0, F0
	FMULS  F28, F0, F0
	MOVWU  beta+188(FP), R8
	CBZ    R8, n4mx32store
	FMOVS  (R0), F9
	FMADDS F29, F0, F9, F0

n4mx32store:
	FMOVS.P F0, 4(R0)
	SUB    $1, R1, R1
	CBNZ   R1, n4mx32row

n4mx32done:
	RET
