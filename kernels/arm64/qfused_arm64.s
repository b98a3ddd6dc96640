//go:build !purego && !noasm && gc

#include "textflag.h"

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
	MOVD   y_base+0(FP), R0
	MOVD   y_len+8(FP), R1
	MOVD   x_base+24(FP), R2
	MOVD   x_len+32(FP), R3
	MOVD   ptr_base+48(FP), R4
	MOVD   idx_base+72(FP), R5
	MOVD   idx_len+80(FP), R6
	MOVD   codes_base+96(FP), R7
	MOVD   rs_base+120(FP), R9
	FMOVS  alpha+144(FP), F28
	FMOVS  beta+148(FP), F29
	MOVWU  beta+148(FP), R8
	CBZ    R1, r8done

r8row:
	// lo, hi := clampRange(ptr, i, len(idx)); n := hi - lo
	LDP    (R4), (R10, R11)
	ADD    $8, R4, R4
	CMP    R6, R10
	CSEL   HI, R6, R10, R10        // lo = min(ptr[i], len(idx))
	CMP    R6, R11
	CSEL   HI, R6, R11, R11        // hi = min(ptr[i+1], len(idx))
	CMP    R10, R11
	CSEL   LO, R10, R11, R11       // hi = max(lo, hi)
	SUB    R10, R11, R12
	ADD    R10<<3, R5, R13         // &idx[lo]
	ADD    R10, R7, R14            // &codes[lo]
	// s0, s1, s2, s3 := 0, 0, 0, 0
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16

r8quad:
	// for n >= 4 {
	//     j0..j3, c0..c3 := idx[k:k+4], codes[k:k+4]
	//     if any j >= len(x) { redo these four one at a time }
	//     s0 += float32(c0)*x[j0]; ...; s3 += float32(c3)*x[j3]
	//     k += 4; n -= 4
	// }
	CMP    $4, R12
	BLO    r8tail
	LDP    (R13), (R15, R16)
	LDP    16(R13), (R17, R19)
	CMP    R3, R15                 // j0 < len(x): LO
	CCMP   LO, R16, R3, $2         // and j1 < len(x) (else C set: HS)
	CCMP   LO, R17, R3, $2
	CCMP   LO, R19, R3, $2
	BHS    r8quadslow
	MOVB   (R14), R21
	MOVB   1(R14), R22
	MOVB   2(R14), R23
	MOVB   3(R14), R24
	FMOVS  (R2)(R15<<2), F8
	FMOVS  (R2)(R16<<2), F9
	FMOVS  (R2)(R17<<2), F10
	FMOVS  (R2)(R19<<2), F11
	SCVTFWS R21, F4                // float32(c0)
	SCVTFWS R22, F5
	SCVTFWS R23, F6
	SCVTFWS R24, F7
	FMADDS F8, F0, F4, F0          // s0 += float32(c0) * x[j0]
	FMADDS F9, F1, F5, F1
	FMADDS F10, F2, F6, F2
	FMADDS F11, F3, F7, F3
	ADD    $32, R13, R13
	ADD    $4, R14, R14
	SUB    $4, R12, R12
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
	SUB    $1, R20, R20
	CMP    R3, R15
	BHS    r8one
	FMOVS  (R2)(R15<<2), F8
	SCVTFWS R21, F4
	FMADDS F8, F0, F4, F0
	B      r8one

r8onedone:
	CBNZ   R12, r8quad

	// s := ((s0+s1) + (s2+s3)) * rs[i]; s *= alpha
	FMOVS.P 4(R9), F30
	FADDS  F1, F0, F0
	FADDS  F3, F2, F2
	FADDS  F2, F0, F0
	FMULS  F30, F0, F0
	FMULS  F28, F0, F0
	// if beta != +0 { s += beta*y[i] }
	CBZ    R8, r8store
	FMOVS  (R0), F9
	FMADDS F29, F0, F9, F0

r8store:
	FMOVS.P F0, 4(R0)              // y[i] = s; i++
	SUB    $1, R1, R1
	CBNZ   R1, r8row

r8done:
	RET
