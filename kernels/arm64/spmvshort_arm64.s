//go:build !purego && !noasm && gc

#include "textflag.h"

// SpMV on NEON for rows of a few entries (family spmvshort): y = A x on
// 32-bit row pointers and 16- or 32-bit column indices, beta 0 and alpha 1
// (the glue scales y). Each row runs from entry k, where the row before it
// stopped, to end = min(ptr[i+1], len(col)), so k only grows and every row
// costs a pointer load, a clamp and a store. Its entries go to sums partial
// sums (1, 2 or 4; one kernel each): while a whole group of sums entries
// remains, entry q of the group goes to s_q with one FMADD each, the group's
// indices checked together (CMP + CCMP, unsigned, against len(x)); a group
// with an index out of range runs entry by entry, each into its own s_q,
// skipping that one. The rest of the row goes to s0 one entry at a time.
// The row's sum is s0, s0+s1 or (s0+s1)+(s2+s3), stored as it is.
//
// k starts at min(k, len(col)), end is clamped to len(col), and every x
// load is behind an index check, so no pointer or index data can make the
// kernel read outside its slices; a ptr that decreases gives empty rows.
// The kernel returns k after the last row.
//
// Requires: NEON (ASIMD).
//
// Registers:
//
//    R0  &y[i]          R1  rows left      R2  &x[0]         R3  len(x)
//    R4  &ptr[i+1]      R5  &col[0]        R6  len(col)      R7  &vals[0]
//    R8  k              R11 end            R12 entries left in the row
//    R13 &col[k]        R14 &vals[k]       R15,R16,R17,R19 j0..j3
//    F0..F3 s0..s3      F4..F7 v0..v3      F8..F11 x[j0..j3]

// func SpMVShortF64U16NEON(y, x []float64, ptr []uint32, col []uint16, vals []float64, k int) int
TEXT ·SpMVShortF64U16NEON(SB), NOSPLIT, $0-136
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	ADD    $4, R4, R4             // &ptr[1]
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	MOVD   k+120(FP), R8
	CMP    R6, R8
	CSEL   HI, R6, R8, R8          // k = min(k, len(col)), unsigned
	ADD    R8<<1, R5, R13         // &col[k]
	ADD    R8<<3, R7, R14         // &vals[k]
	CBZ    R1, h1f64u16done

h1f64u16row:
	// end := min(ptr[i+1], len(col)); n := end - k if end > k, else 0; k += n
	MOVWU.P 4(R4), R11
	CMP    R6, R11
	CSEL   HI, R6, R11, R11
	SUB    R8, R11, R12
	CMP    R8, R11
	CSEL   LS, ZR, R12, R12
	ADD    R12, R8, R8
	VEOR   V0.B16, V0.B16, V0.B16

h1f64u16tail:
	// for ; n > 0; n-- { j, v := col[k], vals[k]; k++; if j < len(x) { s0 += v*x[j] } }
	CBZ    R12, h1f64u16rowend
	MOVHU.P 2(R13), R15
	FMOVD.P 8(R14), F4
	SUB    $1, R12, R12
	CMP    R3, R15
	BHS    h1f64u16tail
	FMOVD  (R2)(R15<<3), F8
	FMADDD F8, F0, F4, F0
	B      h1f64u16tail

h1f64u16rowend:
	FMOVD.P F0, 8(R0)
	SUB    $1, R1, R1
	CBNZ   R1, h1f64u16row

h1f64u16done:
	MOVD   R8, ret+128(FP)
	RET

// func SpMVShort2F64U16NEON(y, x []float64, ptr []uint32, col []uint16, vals []float64, k int) int
TEXT ·SpMVShort2F64U16NEON(SB), NOSPLIT, $0-136
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	ADD    $4, R4, R4             // &ptr[1]
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	MOVD   k+120(FP), R8
	CMP    R6, R8
	CSEL   HI, R6, R8, R8          // k = min(k, len(col)), unsigned
	ADD    R8<<1, R5, R13         // &col[k]
	ADD    R8<<3, R7, R14         // &vals[k]
	CBZ    R1, h2f64u16done

h2f64u16row:
	// end := min(ptr[i+1], len(col)); n := end - k if end > k, else 0; k += n
	MOVWU.P 4(R4), R11
	CMP    R6, R11
	CSEL   HI, R6, R11, R11
	SUB    R8, R11, R12
	CMP    R8, R11
	CSEL   LS, ZR, R12, R12
	ADD    R12, R8, R8
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16

h2f64u16group:
	// for n >= 2 { s0 += v0*x[j0]; ...; s1 += v1*x[j1]; k += 2; n -= 2 }
	CMP    $2, R12
	BLO    h2f64u16tail
	MOVHU  (R13), R15
	MOVHU  2(R13), R16
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and the next (else C set: HS)
	BHS    h2f64u16groupslow
	FLDPD  (R14), (F4, F5)
	FMOVD  (R2)(R15<<3), F8
	FMOVD  (R2)(R16<<3), F9
	FMADDD F8, F0, F4, F0          // s0 += v0 * x[j0]
	FMADDD F9, F1, F5, F1
	B      h2f64u16groupnext

h2f64u16groupslow:
	// an index out of range: each entry into its own sum, that one skipped
	CMP    R3, R15
	BHS    h2f64u16skip0
	FMOVD  (R14), F4
	FMOVD  (R2)(R15<<3), F8
	FMADDD F8, F0, F4, F0

h2f64u16skip0:
	CMP    R3, R16
	BHS    h2f64u16skip1
	FMOVD  8(R14), F5
	FMOVD  (R2)(R16<<3), F9
	FMADDD F9, F1, F5, F1

h2f64u16skip1:

h2f64u16groupnext:
	ADD    $4, R13, R13
	ADD    $16, R14, R14
	SUB    $2, R12, R12
	B      h2f64u16group

h2f64u16tail:
	// for ; n > 0; n-- { j, v := col[k], vals[k]; k++; if j < len(x) { s0 += v*x[j] } }
	CBZ    R12, h2f64u16rowend
	MOVHU.P 2(R13), R15
	FMOVD.P 8(R14), F4
	SUB    $1, R12, R12
	CMP    R3, R15
	BHS    h2f64u16tail
	FMOVD  (R2)(R15<<3), F8
	FMADDD F8, F0, F4, F0
	B      h2f64u16tail

h2f64u16rowend:
	FADDD  F1, F0, F0             // y[i] = s0 + s1
	FMOVD.P F0, 8(R0)
	SUB    $1, R1, R1
	CBNZ   R1, h2f64u16row

h2f64u16done:
	MOVD   R8, ret+128(FP)
	RET

// func SpMVShort4F64U16NEON(y, x []float64, ptr []uint32, col []uint16, vals []float64, k int) int
TEXT ·SpMVShort4F64U16NEON(SB), NOSPLIT, $0-136
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	ADD    $4, R4, R4             // &ptr[1]
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	MOVD   k+120(FP), R8
	CMP    R6, R8
	CSEL   HI, R6, R8, R8          // k = min(k, len(col)), unsigned
	ADD    R8<<1, R5, R13         // &col[k]
	ADD    R8<<3, R7, R14         // &vals[k]
	CBZ    R1, h4f64u16done

h4f64u16row:
	// end := min(ptr[i+1], len(col)); n := end - k if end > k, else 0; k += n
	MOVWU.P 4(R4), R11
	CMP    R6, R11
	CSEL   HI, R6, R11, R11
	SUB    R8, R11, R12
	CMP    R8, R11
	CSEL   LS, ZR, R12, R12
	ADD    R12, R8, R8
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16

h4f64u16group:
	// for n >= 4 { s0 += v0*x[j0]; ...; s3 += v3*x[j3]; k += 4; n -= 4 }
	CMP    $4, R12
	BLO    h4f64u16tail
	MOVHU  (R13), R15
	MOVHU  2(R13), R16
	MOVHU  4(R13), R17
	MOVHU  6(R13), R19
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and the next (else C set: HS)
	CCMP   LO, R17, R3, $2         // and the next (else C set: HS)
	CCMP   LO, R19, R3, $2         // and the next (else C set: HS)
	BHS    h4f64u16groupslow
	FLDPD  (R14), (F4, F5)
	FLDPD  16(R14), (F6, F7)
	FMOVD  (R2)(R15<<3), F8
	FMOVD  (R2)(R16<<3), F9
	FMOVD  (R2)(R17<<3), F10
	FMOVD  (R2)(R19<<3), F11
	FMADDD F8, F0, F4, F0          // s0 += v0 * x[j0]
	FMADDD F9, F1, F5, F1
	FMADDD F10, F2, F6, F2
	FMADDD F11, F3, F7, F3
	B      h4f64u16groupnext

h4f64u16groupslow:
	// an index out of range: each entry into its own sum, that one skipped
	CMP    R3, R15
	BHS    h4f64u16skip0
	FMOVD  (R14), F4
	FMOVD  (R2)(R15<<3), F8
	FMADDD F8, F0, F4, F0

h4f64u16skip0:
	CMP    R3, R16
	BHS    h4f64u16skip1
	FMOVD  8(R14), F5
	FMOVD  (R2)(R16<<3), F9
	FMADDD F9, F1, F5, F1

h4f64u16skip1:
	CMP    R3, R17
	BHS    h4f64u16skip2
	FMOVD  16(R14), F6
	FMOVD  (R2)(R17<<3), F10
	FMADDD F10, F2, F6, F2

h4f64u16skip2:
	CMP    R3, R19
	BHS    h4f64u16skip3
	FMOVD  24(R14), F7
	FMOVD  (R2)(R19<<3), F11
	FMADDD F11, F3, F7, F3

h4f64u16skip3:

h4f64u16groupnext:
	ADD    $8, R13, R13
	ADD    $32, R14, R14
	SUB    $4, R12, R12
	B      h4f64u16group

h4f64u16tail:
	// for ; n > 0; n-- { j, v := col[k], vals[k]; k++; if j < len(x) { s0 += v*x[j] } }
	CBZ    R12, h4f64u16rowend
	MOVHU.P 2(R13), R15
	FMOVD.P 8(R14), F4
	SUB    $1, R12, R12
	CMP    R3, R15
	BHS    h4f64u16tail
	FMOVD  (R2)(R15<<3), F8
	FMADDD F8, F0, F4, F0
	B      h4f64u16tail

h4f64u16rowend:
	FADDD  F1, F0, F0             // y[i] = (s0+s1) + (s2+s3)
	FADDD  F3, F2, F2
	FADDD  F2, F0, F0
	FMOVD.P F0, 8(R0)
	SUB    $1, R1, R1
	CBNZ   R1, h4f64u16row

h4f64u16done:
	MOVD   R8, ret+128(FP)
	RET

// func SpMVShortF64U32NEON(y, x []float64, ptr []uint32, col []uint32, vals []float64, k int) int
TEXT ·SpMVShortF64U32NEON(SB), NOSPLIT, $0-136
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	ADD    $4, R4, R4             // &ptr[1]
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	MOVD   k+120(FP), R8
	CMP    R6, R8
	CSEL   HI, R6, R8, R8          // k = min(k, len(col)), unsigned
	ADD    R8<<2, R5, R13         // &col[k]
	ADD    R8<<3, R7, R14         // &vals[k]
	CBZ    R1, h1f64u32done

h1f64u32row:
	// end := min(ptr[i+1], len(col)); n := end - k if end > k, else 0; k += n
	MOVWU.P 4(R4), R11
	CMP    R6, R11
	CSEL   HI, R6, R11, R11
	SUB    R8, R11, R12
	CMP    R8, R11
	CSEL   LS, ZR, R12, R12
	ADD    R12, R8, R8
	VEOR   V0.B16, V0.B16, V0.B16

h1f64u32tail:
	// for ; n > 0; n-- { j, v := col[k], vals[k]; k++; if j < len(x) { s0 += v*x[j] } }
	CBZ    R12, h1f64u32rowend
	MOVWU.P 4(R13), R15
	FMOVD.P 8(R14), F4
	SUB    $1, R12, R12
	CMP    R3, R15
	BHS    h1f64u32tail
	FMOVD  (R2)(R15<<3), F8
	FMADDD F8, F0, F4, F0
	B      h1f64u32tail

h1f64u32rowend:
	FMOVD.P F0, 8(R0)
	SUB    $1, R1, R1
	CBNZ   R1, h1f64u32row

h1f64u32done:
	MOVD   R8, ret+128(FP)
	RET

// func SpMVShort2F64U32NEON(y, x []float64, ptr []uint32, col []uint32, vals []float64, k int) int
TEXT ·SpMVShort2F64U32NEON(SB), NOSPLIT, $0-136
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	ADD    $4, R4, R4             // &ptr[1]
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	MOVD   k+120(FP), R8
	CMP    R6, R8
	CSEL   HI, R6, R8, R8          // k = min(k, len(col)), unsigned
	ADD    R8<<2, R5, R13         // &col[k]
	ADD    R8<<3, R7, R14         // &vals[k]
	CBZ    R1, h2f64u32done

h2f64u32row:
	// end := min(ptr[i+1], len(col)); n := end - k if end > k, else 0; k += n
	MOVWU.P 4(R4), R11
	CMP    R6, R11
	CSEL   HI, R6, R11, R11
	SUB    R8, R11, R12
	CMP    R8, R11
	CSEL   LS, ZR, R12, R12
	ADD    R12, R8, R8
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16

h2f64u32group:
	// for n >= 2 { s0 += v0*x[j0]; ...; s1 += v1*x[j1]; k += 2; n -= 2 }
	CMP    $2, R12
	BLO    h2f64u32tail
	LDPW   (R13), (R15, R16)
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and the next (else C set: HS)
	BHS    h2f64u32groupslow
	FLDPD  (R14), (F4, F5)
	FMOVD  (R2)(R15<<3), F8
	FMOVD  (R2)(R16<<3), F9
	FMADDD F8, F0, F4, F0          // s0 += v0 * x[j0]
	FMADDD F9, F1, F5, F1
	B      h2f64u32groupnext

h2f64u32groupslow:
	// an index out of range: each entry into its own sum, that one skipped
	CMP    R3, R15
	BHS    h2f64u32skip0
	FMOVD  (R14), F4
	FMOVD  (R2)(R15<<3), F8
	FMADDD F8, F0, F4, F0

h2f64u32skip0:
	CMP    R3, R16
	BHS    h2f64u32skip1
	FMOVD  8(R14), F5
	FMOVD  (R2)(R16<<3), F9
	FMADDD F9, F1, F5, F1

h2f64u32skip1:

h2f64u32groupnext:
	ADD    $8, R13, R13
	ADD    $16, R14, R14
	SUB    $2, R12, R12
	B      h2f64u32group

h2f64u32tail:
	// for ; n > 0; n-- { j, v := col[k], vals[k]; k++; if j < len(x) { s0 += v*x[j] } }
	CBZ    R12, h2f64u32rowend
	MOVWU.P 4(R13), R15
	FMOVD.P 8(R14), F4
	SUB    $1, R12, R12
	CMP    R3, R15
	BHS    h2f64u32tail
	FMOVD  (R2)(R15<<3), F8
	FMADDD F8, F0, F4, F0
	B      h2f64u32tail

h2f64u32rowend:
	FADDD  F1, F0, F0             // y[i] = s0 + s1
	FMOVD.P F0, 8(R0)
	SUB    $1, R1, R1
	CBNZ   R1, h2f64u32row

h2f64u32done:
	MOVD   R8, ret+128(FP)
	RET

// func SpMVShort4F64U32NEON(y, x []float64, ptr []uint32, col []uint32, vals []float64, k int) int
TEXT ·SpMVShort4F64U32NEON(SB), NOSPLIT, $0-136
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	ADD    $4, R4, R4             // &ptr[1]
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	MOVD   k+120(FP), R8
	CMP    R6, R8
	CSEL   HI, R6, R8, R8          // k = min(k, len(col)), unsigned
	ADD    R8<<2, R5, R13         // &col[k]
	ADD    R8<<3, R7, R14         // &vals[k]
	CBZ    R1, h4f64u32done

h4f64u32row:
	// end := min(ptr[i+1], len(col)); n := end - k if end > k, else 0; k += n
	MOVWU.P 4(R4), R11
	CMP    R6, R11
	CSEL   HI, R6, R11, R11
	SUB    R8, R11, R12
	CMP    R8, R11
	CSEL   LS, ZR, R12, R12
	ADD    R12, R8, R8
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16

h4f64u32group:
	// for n >= 4 { s0 += v0*x[j0]; ...; s3 += v3*x[j3]; k += 4; n -= 4 }
	CMP    $4, R12
	BLO    h4f64u32tail
	LDPW   (R13), (R15, R16)
	LDPW   8(R13), (R17, R19)
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and the next (else C set: HS)
	CCMP   LO, R17, R3, $2         // and the next (else C set: HS)
	CCMP   LO, R19, R3, $2         // and the next (else C set: HS)
	BHS    h4f64u32groupslow
	FLDPD  (R14), (F4, F5)
	FLDPD  16(R14), (F6, F7)
	FMOVD  (R2)(R15<<3), F8
	FMOVD  (R2)(R16<<3), F9
	FMOVD  (R2)(R17<<3), F10
	FMOVD  (R2)(R19<<3), F11
	FMADDD F8, F0, F4, F0          // s0 += v0 * x[j0]
	FMADDD F9, F1, F5, F1
	FMADDD F10, F2, F6, F2
	FMADDD F11, F3, F7, F3
	B      h4f64u32groupnext

h4f64u32groupslow:
	// an index out of range: each entry into its own sum, that one skipped
	CMP    R3, R15
	BHS    h4f64u32skip0
	FMOVD  (R14), F4
	FMOVD  (R2)(R15<<3), F8
	FMADDD F8, F0, F4, F0

h4f64u32skip0:
	CMP    R3, R16
	BHS    h4f64u32skip1
	FMOVD  8(R14), F5
	FMOVD  (R2)(R16<<3), F9
	FMADDD F9, F1, F5, F1

h4f64u32skip1:
	CMP    R3, R17
	BHS    h4f64u32skip2
	FMOVD  16(R14), F6
	FMOVD  (R2)(R17<<3), F10
	FMADDD F10, F2, F6, F2

h4f64u32skip2:
	CMP    R3, R19
	BHS    h4f64u32skip3
	FMOVD  24(R14), F7
	FMOVD  (R2)(R19<<3), F11
	FMADDD F11, F3, F7, F3

h4f64u32skip3:

h4f64u32groupnext:
	ADD    $16, R13, R13
	ADD    $32, R14, R14
	SUB    $4, R12, R12
	B      h4f64u32group

h4f64u32tail:
	// for ; n > 0; n-- { j, v := col[k], vals[k]; k++; if j < len(x) { s0 += v*x[j] } }
	CBZ    R12, h4f64u32rowend
	MOVWU.P 4(R13), R15
	FMOVD.P 8(R14), F4
	SUB    $1, R12, R12
	CMP    R3, R15
	BHS    h4f64u32tail
	FMOVD  (R2)(R15<<3), F8
	FMADDD F8, F0, F4, F0
	B      h4f64u32tail

h4f64u32rowend:
	FADDD  F1, F0, F0             // y[i] = (s0+s1) + (s2+s3)
	FADDD  F3, F2, F2
	FADDD  F2, F0, F0
	FMOVD.P F0, 8(R0)
	SUB    $1, R1, R1
	CBNZ   R1, h4f64u32row

h4f64u32done:
	MOVD   R8, ret+128(FP)
	RET

// func SpMVShortF32U16NEON(y, x []float32, ptr []uint32, col []uint16, vals []float32, k int) int
TEXT ·SpMVShortF32U16NEON(SB), NOSPLIT, $0-136
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	ADD    $4, R4, R4             // &ptr[1]
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	MOVD   k+120(FP), R8
	CMP    R6, R8
	CSEL   HI, R6, R8, R8          // k = min(k, len(col)), unsigned
	ADD    R8<<1, R5, R13         // &col[k]
	ADD    R8<<2, R7, R14         // &vals[k]
	CBZ    R1, h1f32u16done

h1f32u16row:
	// end := min(ptr[i+1], len(col)); n := end - k if end > k, else 0; k += n
	MOVWU.P 4(R4), R11
	CMP    R6, R11
	CSEL   HI, R6, R11, R11
	SUB    R8, R11, R12
	CMP    R8, R11
	CSEL   LS, ZR, R12, R12
	ADD    R12, R8, R8
	VEOR   V0.B16, V0.B16, V0.B16

h1f32u16tail:
	// for ; n > 0; n-- { j, v := col[k], vals[k]; k++; if j < len(x) { s0 += v*x[j] } }
	CBZ    R12, h1f32u16rowend
	MOVHU.P 2(R13), R15
	FMOVS.P 4(R14), F4
	SUB    $1, R12, R12
	CMP    R3, R15
	BHS    h1f32u16tail
	FMOVS  (R2)(R15<<2), F8
	FMADDS F8, F0, F4, F0
	B      h1f32u16tail

h1f32u16rowend:
	FMOVS.P F0, 4(R0)
	SUB    $1, R1, R1
	CBNZ   R1, h1f32u16row

h1f32u16done:
	MOVD   R8, ret+128(FP)
	RET

// func SpMVShort2F32U16NEON(y, x []float32, ptr []uint32, col []uint16, vals []float32, k int) int
TEXT ·SpMVShort2F32U16NEON(SB), NOSPLIT, $0-136
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	ADD    $4, R4, R4             // &ptr[1]
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	MOVD   k+120(FP), R8
	CMP    R6, R8
	CSEL   HI, R6, R8, R8          // k = min(k, len(col)), unsigned
	ADD    R8<<1, R5, R13         // &col[k]
	ADD    R8<<2, R7, R14         // &vals[k]
	CBZ    R1, h2f32u16done

h2f32u16row:
	// end := min(ptr[i+1], len(col)); n := end - k if end > k, else 0; k += n
	MOVWU.P 4(R4), R11
	CMP    R6, R11
	CSEL   HI, R6, R11, R11
	SUB    R8, R11, R12
	CMP    R8, R11
	CSEL   LS, ZR, R12, R12
	ADD    R12, R8, R8
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16

h2f32u16group:
	// for n >= 2 { s0 += v0*x[j0]; ...; s1 += v1*x[j1]; k += 2; n -= 2 }
	CMP    $2, R12
	BLO    h2f32u16tail
	MOVHU  (R13), R15
	MOVHU  2(R13), R16
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and the next (else C set: HS)
	BHS    h2f32u16groupslow
	FLDPS  (R14), (F4, F5)
	FMOVS  (R2)(R15<<2), F8
	FMOVS  (R2)(R16<<2), F9
	FMADDS F8, F0, F4, F0          // s0 += v0 * x[j0]
	FMADDS F9, F1, F5, F1
	B      h2f32u16groupnext

h2f32u16groupslow:
	// an index out of range: each entry into its own sum, that one skipped
	CMP    R3, R15
	BHS    h2f32u16skip0
	FMOVS  (R14), F4
	FMOVS  (R2)(R15<<2), F8
	FMADDS F8, F0, F4, F0

h2f32u16skip0:
	CMP    R3, R16
	BHS    h2f32u16skip1
	FMOVS  4(R14), F5
	FMOVS  (R2)(R16<<2), F9
	FMADDS F9, F1, F5, F1

h2f32u16skip1:

h2f32u16groupnext:
	ADD    $4, R13, R13
	ADD    $8, R14, R14
	SUB    $2, R12, R12
	B      h2f32u16group

h2f32u16tail:
	// for ; n > 0; n-- { j, v := col[k], vals[k]; k++; if j < len(x) { s0 += v*x[j] } }
	CBZ    R12, h2f32u16rowend
	MOVHU.P 2(R13), R15
	FMOVS.P 4(R14), F4
	SUB    $1, R12, R12
	CMP    R3, R15
	BHS    h2f32u16tail
	FMOVS  (R2)(R15<<2), F8
	FMADDS F8, F0, F4, F0
	B      h2f32u16tail

h2f32u16rowend:
	FADDS  F1, F0, F0             // y[i] = s0 + s1
	FMOVS.P F0, 4(R0)
	SUB    $1, R1, R1
	CBNZ   R1, h2f32u16row

h2f32u16done:
	MOVD   R8, ret+128(FP)
	RET

// func SpMVShort4F32U16NEON(y, x []float32, ptr []uint32, col []uint16, vals []float32, k int) int
TEXT ·SpMVShort4F32U16NEON(SB), NOSPLIT, $0-136
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	ADD    $4, R4, R4             // &ptr[1]
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	MOVD   k+120(FP), R8
	CMP    R6, R8
	CSEL   HI, R6, R8, R8          // k = min(k, len(col)), unsigned
	ADD    R8<<1, R5, R13         // &col[k]
	ADD    R8<<2, R7, R14         // &vals[k]
	CBZ    R1, h4f32u16done

h4f32u16row:
	// end := min(ptr[i+1], len(col)); n := end - k if end > k, else 0; k += n
	MOVWU.P 4(R4), R11
	CMP    R6, R11
	CSEL   HI, R6, R11, R11
	SUB    R8, R11, R12
	CMP    R8, R11
	CSEL   LS, ZR, R12, R12
	ADD    R12, R8, R8
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16

h4f32u16group:
	// for n >= 4 { s0 += v0*x[j0]; ...; s3 += v3*x[j3]; k += 4; n -= 4 }
	CMP    $4, R12
	BLO    h4f32u16tail
	MOVHU  (R13), R15
	MOVHU  2(R13), R16
	MOVHU  4(R13), R17
	MOVHU  6(R13), R19
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and the next (else C set: HS)
	CCMP   LO, R17, R3, $2         // and the next (else C set: HS)
	CCMP   LO, R19, R3, $2         // and the next (else C set: HS)
	BHS    h4f32u16groupslow
	FLDPS  (R14), (F4, F5)
	FLDPS  8(R14), (F6, F7)
	FMOVS  (R2)(R15<<2), F8
	FMOVS  (R2)(R16<<2), F9
	FMOVS  (R2)(R17<<2), F10
	FMOVS  (R2)(R19<<2), F11
	FMADDS F8, F0, F4, F0          // s0 += v0 * x[j0]
	FMADDS F9, F1, F5, F1
	FMADDS F10, F2, F6, F2
	FMADDS F11, F3, F7, F3
	B      h4f32u16groupnext

h4f32u16groupslow:
	// an index out of range: each entry into its own sum, that one skipped
	CMP    R3, R15
	BHS    h4f32u16skip0
	FMOVS  (R14), F4
	FMOVS  (R2)(R15<<2), F8
	FMADDS F8, F0, F4, F0

h4f32u16skip0:
	CMP    R3, R16
	BHS    h4f32u16skip1
	FMOVS  4(R14), F5
	FMOVS  (R2)(R16<<2), F9
	FMADDS F9, F1, F5, F1

h4f32u16skip1:
	CMP    R3, R17
	BHS    h4f32u16skip2
	FMOVS  8(R14), F6
	FMOVS  (R2)(R17<<2), F10
	FMADDS F10, F2, F6, F2

h4f32u16skip2:
	CMP    R3, R19
	BHS    h4f32u16skip3
	FMOVS  12(R14), F7
	FMOVS  (R2)(R19<<2), F11
	FMADDS F11, F3, F7, F3

h4f32u16skip3:

h4f32u16groupnext:
	ADD    $8, R13, R13
	ADD    $16, R14, R14
	SUB    $4, R12, R12
	B      h4f32u16group

h4f32u16tail:
	// for ; n > 0; n-- { j, v := col[k], vals[k]; k++; if j < len(x) { s0 += v*x[j] } }
	CBZ    R12, h4f32u16rowend
	MOVHU.P 2(R13), R15
	FMOVS.P 4(R14), F4
	SUB    $1, R12, R12
	CMP    R3, R15
	BHS    h4f32u16tail
	FMOVS  (R2)(R15<<2), F8
	FMADDS F8, F0, F4, F0
	B      h4f32u16tail

h4f32u16rowend:
	FADDS  F1, F0, F0             // y[i] = (s0+s1) + (s2+s3)
	FADDS  F3, F2, F2
	FADDS  F2, F0, F0
	FMOVS.P F0, 4(R0)
	SUB    $1, R1, R1
	CBNZ   R1, h4f32u16row

h4f32u16done:
	MOVD   R8, ret+128(FP)
	RET

// func SpMVShortF32U32NEON(y, x []float32, ptr []uint32, col []uint32, vals []float32, k int) int
TEXT ·SpMVShortF32U32NEON(SB), NOSPLIT, $0-136
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	ADD    $4, R4, R4             // &ptr[1]
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	MOVD   k+120(FP), R8
	CMP    R6, R8
	CSEL   HI, R6, R8, R8          // k = min(k, len(col)), unsigned
	ADD    R8<<2, R5, R13         // &col[k]
	ADD    R8<<2, R7, R14         // &vals[k]
	CBZ    R1, h1f32u32done

h1f32u32row:
	// end := min(ptr[i+1], len(col)); n := end - k if end > k, else 0; k += n
	MOVWU.P 4(R4), R11
	CMP    R6, R11
	CSEL   HI, R6, R11, R11
	SUB    R8, R11, R12
	CMP    R8, R11
	CSEL   LS, ZR, R12, R12
	ADD    R12, R8, R8
	VEOR   V0.B16, V0.B16, V0.B16

h1f32u32tail:
	// for ; n > 0; n-- { j, v := col[k], vals[k]; k++; if j < len(x) { s0 += v*x[j] } }
	CBZ    R12, h1f32u32rowend
	MOVWU.P 4(R13), R15
	FMOVS.P 4(R14), F4
	SUB    $1, R12, R12
	CMP    R3, R15
	BHS    h1f32u32tail
	FMOVS  (R2)(R15<<2), F8
	FMADDS F8, F0, F4, F0
	B      h1f32u32tail

h1f32u32rowend:
	FMOVS.P F0, 4(R0)
	SUB    $1, R1, R1
	CBNZ   R1, h1f32u32row

h1f32u32done:
	MOVD   R8, ret+128(FP)
	RET

// func SpMVShort2F32U32NEON(y, x []float32, ptr []uint32, col []uint32, vals []float32, k int) int
TEXT ·SpMVShort2F32U32NEON(SB), NOSPLIT, $0-136
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	ADD    $4, R4, R4             // &ptr[1]
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	MOVD   k+120(FP), R8
	CMP    R6, R8
	CSEL   HI, R6, R8, R8          // k = min(k, len(col)), unsigned
	ADD    R8<<2, R5, R13         // &col[k]
	ADD    R8<<2, R7, R14         // &vals[k]
	CBZ    R1, h2f32u32done

h2f32u32row:
	// end := min(ptr[i+1], len(col)); n := end - k if end > k, else 0; k += n
	MOVWU.P 4(R4), R11
	CMP    R6, R11
	CSEL   HI, R6, R11, R11
	SUB    R8, R11, R12
	CMP    R8, R11
	CSEL   LS, ZR, R12, R12
	ADD    R12, R8, R8
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16

h2f32u32group:
	// for n >= 2 { s0 += v0*x[j0]; ...; s1 += v1*x[j1]; k += 2; n -= 2 }
	CMP    $2, R12
	BLO    h2f32u32tail
	LDPW   (R13), (R15, R16)
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and the next (else C set: HS)
	BHS    h2f32u32groupslow
	FLDPS  (R14), (F4, F5)
	FMOVS  (R2)(R15<<2), F8
	FMOVS  (R2)(R16<<2), F9
	FMADDS F8, F0, F4, F0          // s0 += v0 * x[j0]
	FMADDS F9, F1, F5, F1
	B      h2f32u32groupnext

h2f32u32groupslow:
	// an index out of range: each entry into its own sum, that one skipped
	CMP    R3, R15
	BHS    h2f32u32skip0
	FMOVS  (R14), F4
	FMOVS  (R2)(R15<<2), F8
	FMADDS F8, F0, F4, F0

h2f32u32skip0:
	CMP    R3, R16
	BHS    h2f32u32skip1
	FMOVS  4(R14), F5
	FMOVS  (R2)(R16<<2), F9
	FMADDS F9, F1, F5, F1

h2f32u32skip1:

h2f32u32groupnext:
	ADD    $8, R13, R13
	ADD    $8, R14, R14
	SUB    $2, R12, R12
	B      h2f32u32group

h2f32u32tail:
	// for ; n > 0; n-- { j, v := col[k], vals[k]; k++; if j < len(x) { s0 += v*x[j] } }
	CBZ    R12, h2f32u32rowend
	MOVWU.P 4(R13), R15
	FMOVS.P 4(R14), F4
	SUB    $1, R12, R12
	CMP    R3, R15
	BHS    h2f32u32tail
	FMOVS  (R2)(R15<<2), F8
	FMADDS F8, F0, F4, F0
	B      h2f32u32tail

h2f32u32rowend:
	FADDS  F1, F0, F0             // y[i] = s0 + s1
	FMOVS.P F0, 4(R0)
	SUB    $1, R1, R1
	CBNZ   R1, h2f32u32row

h2f32u32done:
	MOVD   R8, ret+128(FP)
	RET

// func SpMVShort4F32U32NEON(y, x []float32, ptr []uint32, col []uint32, vals []float32, k int) int
TEXT ·SpMVShort4F32U32NEON(SB), NOSPLIT, $0-136
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	ADD    $4, R4, R4             // &ptr[1]
	MOVD   col_base+72(FP), R5
	MOVD   col_len+80(FP), R6
	MOVD   vals_base+96(FP), R7
	MOVD   k+120(FP), R8
	CMP    R6, R8
	CSEL   HI, R6, R8, R8          // k = min(k, len(col)), unsigned
	ADD    R8<<2, R5, R13         // &col[k]
	ADD    R8<<2, R7, R14         // &vals[k]
	CBZ    R1, h4f32u32done

h4f32u32row:
	// end := min(ptr[i+1], len(col)); n := end - k if end > k, else 0; k += n
	MOVWU.P 4(R4), R11
	CMP    R6, R11
	CSEL   HI, R6, R11, R11
	SUB    R8, R11, R12
	CMP    R8, R11
	CSEL   LS, ZR, R12, R12
	ADD    R12, R8, R8
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16

h4f32u32group:
	// for n >= 4 { s0 += v0*x[j0]; ...; s3 += v3*x[j3]; k += 4; n -= 4 }
	CMP    $4, R12
	BLO    h4f32u32tail
	LDPW   (R13), (R15, R16)
	LDPW   8(R13), (R17, R19)
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and the next (else C set: HS)
	CCMP   LO, R17, R3, $2         // and the next (else C set: HS)
	CCMP   LO, R19, R3, $2         // and the next (else C set: HS)
	BHS    h4f32u32groupslow
	FLDPS  (R14), (F4, F5)
	FLDPS  8(R14), (F6, F7)
	FMOVS  (R2)(R15<<2), F8
	FMOVS  (R2)(R16<<2), F9
	FMOVS  (R2)(R17<<2), F10
	FMOVS  (R2)(R19<<2), F11
	FMADDS F8, F0, F4, F0          // s0 += v0 * x[j0]
	FMADDS F9, F1, F5, F1
	FMADDS F10, F2, F6, F2
	FMADDS F11, F3, F7, F3
	B      h4f32u32groupnext

h4f32u32groupslow:
	// an index out of range: each entry into its own sum, that one skipped
	CMP    R3, R15
	BHS    h4f32u32skip0
	FMOVS  (R14), F4
	FMOVS  (R2)(R15<<2), F8
	FMADDS F8, F0, F4, F0

h4f32u32skip0:
	CMP    R3, R16
	BHS    h4f32u32skip1
	FMOVS  4(R14), F5
	FMOVS  (R2)(R16<<2), F9
	FMADDS F9, F1, F5, F1

h4f32u32skip1:
	CMP    R3, R17
	BHS    h4f32u32skip2
	FMOVS  8(R14), F6
	FMOVS  (R2)(R17<<2), F10
	FMADDS F10, F2, F6, F2

h4f32u32skip2:
	CMP    R3, R19
	BHS    h4f32u32skip3
	FMOVS  12(R14), F7
	FMOVS  (R2)(R19<<2), F11
	FMADDS F11, F3, F7, F3

h4f32u32skip3:

h4f32u32groupnext:
	ADD    $16, R13, R13
	ADD    $16, R14, R14
	SUB    $4, R12, R12
	B      h4f32u32group

h4f32u32tail:
	// for ; n > 0; n-- { j, v := col[k], vals[k]; k++; if j < len(x) { s0 += v*x[j] } }
	CBZ    R12, h4f32u32rowend
	MOVWU.P 4(R13), R15
	FMOVS.P 4(R14), F4
	SUB    $1, R12, R12
	CMP    R3, R15
	BHS    h4f32u32tail
	FMOVS  (R2)(R15<<2), F8
	FMADDS F8, F0, F4, F0
	B      h4f32u32tail

h4f32u32rowend:
	FADDS  F1, F0, F0             // y[i] = (s0+s1) + (s2+s3)
	FADDS  F3, F2, F2
	FADDS  F2, F0, F0
	FMOVS.P F0, 4(R0)
	SUB    $1, R1, R1
	CBNZ   R1, h4f32u32row

h4f32u32done:
	MOVD   R8, ret+128(FP)
	RET
