//go:build !purego && !noasm && gc

#include "textflag.h"

// ScatterHadamard with NEON, the leaf-mode fiber loop of MTTKRP. For every
// node c with leaves, in column blocks:
//
//    p := base[bcrd[c]*sB+k : +block] * y[crd[c]*r+k : +block]
//    for j := ptr[c]; j < ptr[c+1]; j++ {
//        out[idx[j]*r+k : +block] += vals[j] * p
//    }
//
// Blocks are 4 registers (16 float32 or 8 float64 columns) while they fit,
// then 1 register, up to column w, a multiple of the lane count that package
// kernels passes; it does the last r-w columns in Go. p stays in registers
// while the leaves stream: out row block load, FMLA by element (vals[j] in
// lane 0 of V16), store. The leaves of a node are visited in order, so
// repeated idx accumulate as in ref. A node without leaves reads nothing but
// its ptr, bcrd and crd entries. FMUL (vector) and FMLA (by element) are WORD
// lines: Go's assembler lacks them.
//
// Checks: the indices are read from memory the caller may change (through
// out too), so each is checked when it is read and used only from the
// register checked: per node lo <= hi <= len(idx), then, with leaves,
// bcrd[c] < bbound and crd[c] < yrows; per leaf, every block, idx[j] <
// orows (arguments). A violation branches to bad, which returns 1 (done
// returns 0).
//
// Registers (both kernels):
//    R0  out                R1  base               R2  y
//    R3  &bcrd[c]           R4  &crd[c]            R5  &ptr[c]
//    R6  vals               R7  idx                R8  row bytes (r*size)
//    R9  base stride bytes  R10 w                  R11 nodes left
//    R12 lo = ptr[c]        R13 temp               R14 bp (base row)
//    R15 yp (y row)         R19 kb (column bytes)  R20 columns left
//    R21 leaves of c        R22 vp (&vals[j])      R23 ip (&idx[j])
//    R24 leaves left        R25 op (out block)
//    R16 len(idx)           R17 orows              R26 a bound
//    V0..V3 p               V4..V7 y block         V8..V11 out block
//    V16 vals[j] (lane 0)
//
// Requires: NEON (ASIMD).

// func ScatterHadamardF32NEON(out, base, y []float32, bcrd, crd, ptr []uint64, vals []float32, idx []uint64, r, sB, w int, orows, yrows, bbound uint64) int
//
// r >= 1, w a positive multiple of 4 with w <= r, len(ptr) >= 1, len(vals)
// >= len(idx), bcrd and crd holding len(ptr)-1 entries and len(base) >= r
// when sB = 0: package engine checks; returns 1 at the first segment or
// index out of range, else 0.
TEXT ·ScatterHadamardF32NEON(SB), NOSPLIT, $0-248
	MOVD out_base+0(FP), R0
	MOVD base_base+24(FP), R1
	MOVD y_base+48(FP), R2
	MOVD bcrd_base+72(FP), R3
	MOVD crd_base+96(FP), R4
	MOVD ptr_base+120(FP), R5
	MOVD ptr_len+128(FP), R11
	MOVD vals_base+144(FP), R6
	MOVD idx_base+168(FP), R7
	MOVD r+192(FP), R8
	MOVD sB+200(FP), R9
	MOVD w+208(FP), R10
	MOVD idx_len+176(FP), R16     // len(idx)
	MOVD orows+216(FP), R17       // out rows: idx bound
	LSL  $2, R8, R8               // row bytes
	LSL  $2, R9, R9               // base stride bytes
	SUB  $1, R11, R11             // nodes
	CBZ  R11, s32done

s32node:
	// lo, hi := ptr[c], ptr[c+1]; skip c if it has no leaves
	MOVD.P 8(R5), R12
	MOVD   (R5), R13
	MOVD.P 8(R3), R14
	MOVD.P 8(R4), R15
	CMP    R13, R12     // lo > hi: bad
	BHI    s32bad
	CMP    R16, R13     // hi > len(idx): bad
	BHI    s32bad
	SUBS   R12, R13, R21
	BEQ    s32next
	MOVD   bbound+232(FP), R26
	CMP    R26, R14
	BHS    s32bad
	MOVD   yrows+224(FP), R26
	CMP    R26, R15
	BHS    s32bad
	// bp := &base[bcrd[c]*sB]; yp := &y[crd[c]*r]; k := 0
	MUL    R9, R14, R14
	ADD    R1, R14, R14
	MUL    R8, R15, R15
	ADD    R2, R15, R15
	MOVD   ZR, R19
	MOVD   R10, R20
	CMP    $16, R20
	BLT    s32one

s32blk:
	// p := bp[k:k+16] * yp[k:k+16]
	ADD    R19, R14, R13
	VLD1   (R13), [V0.S4, V1.S4, V2.S4, V3.S4]
	ADD    R19, R15, R13
	VLD1   (R13), [V4.S4, V5.S4, V6.S4, V7.S4]
	WORD $0x6e24dc00 // fmul v0.4s, v0.4s, v4.4s
	WORD $0x6e25dc21 // fmul v1.4s, v1.4s, v5.4s
	WORD $0x6e26dc42 // fmul v2.4s, v2.4s, v6.4s
	WORD $0x6e27dc63 // fmul v3.4s, v3.4s, v7.4s
	// vp, ip := &vals[lo], &idx[lo]
	ADD    R12<<2, R6, R22
	ADD    R12<<3, R7, R23
	MOVD   R21, R24

s32blkleaf:
	// out[idx[j]*r+k : +16] += vals[j] * p
	FMOVS.P 4(R22), F16
	MOVD.P 8(R23), R25
	CMP    R17, R25
	BHS    s32bad
	MUL    R8, R25, R25
	ADD    R0, R25, R25
	ADD    R19, R25, R25
	VLD1   (R25), [V8.S4, V9.S4, V10.S4, V11.S4]
	WORD $0x4f901008 // fmla v8.4s, v0.4s, v16.s[0]
	WORD $0x4f901029 // fmla v9.4s, v1.4s, v16.s[0]
	WORD $0x4f90104a // fmla v10.4s, v2.4s, v16.s[0]
	WORD $0x4f90106b // fmla v11.4s, v3.4s, v16.s[0]
	VST1   [V8.S4, V9.S4, V10.S4, V11.S4], (R25)
	SUB    $1, R24, R24
	CBNZ   R24, s32blkleaf
	// k += 16
	ADD    $64, R19, R19
	SUB    $16, R20, R20
	CMP    $16, R20
	BGE    s32blk

s32one:
	// while k < w: the same with one register (4 columns)
	CBZ    R20, s32next

s32oneblk:
	// p := bp[k:k+4] * yp[k:k+4]
	ADD    R19, R14, R13
	VLD1   (R13), [V0.S4]
	ADD    R19, R15, R13
	VLD1   (R13), [V4.S4]
	WORD $0x6e24dc00 // fmul v0.4s, v0.4s, v4.4s
	ADD    R12<<2, R6, R22
	ADD    R12<<3, R7, R23
	MOVD   R21, R24

s32oneleaf:
	// out[idx[j]*r+k : +4] += vals[j] * p
	FMOVS.P 4(R22), F16
	MOVD.P 8(R23), R25
	CMP    R17, R25
	BHS    s32bad
	MUL    R8, R25, R25
	ADD    R0, R25, R25
	ADD    R19, R25, R25
	VLD1   (R25), [V8.S4]
	WORD $0x4f901008 // fmla v8.4s, v0.4s, v16.s[0]
	VST1   [V8.S4], (R25)
	SUB    $1, R24, R24
	CBNZ   R24, s32oneleaf
	ADD    $16, R19, R19
	SUB    $4, R20, R20
	CBNZ   R20, s32oneblk

s32next:
	SUB    $1, R11, R11
	CBNZ   R11, s32node

s32done:
	MOVD   ZR, ret+240(FP)
	RET

s32bad:
	MOVD   $1, R0
	MOVD   R0, ret+240(FP)
	RET

// func ScatterHadamardF64NEON(out, base, y []float64, bcrd, crd, ptr []uint64, vals []float64, idx []uint64, r, sB, w int, orows, yrows, bbound uint64) int
//
// r >= 1, w a positive multiple of 2 with w <= r, and what
// ScatterHadamardF32NEON assumes; returns 1 at the first segment or index
// out of range, else 0.
TEXT ·ScatterHadamardF64NEON(SB), NOSPLIT, $0-248
	MOVD out_base+0(FP), R0
	MOVD base_base+24(FP), R1
	MOVD y_base+48(FP), R2
	MOVD bcrd_base+72(FP), R3
	MOVD crd_base+96(FP), R4
	MOVD ptr_base+120(FP), R5
	MOVD ptr_len+128(FP), R11
	MOVD vals_base+144(FP), R6
	MOVD idx_base+168(FP), R7
	MOVD r+192(FP), R8
	MOVD sB+200(FP), R9
	MOVD w+208(FP), R10
	MOVD idx_len+176(FP), R16     // len(idx)
	MOVD orows+216(FP), R17       // out rows: idx bound
	LSL  $3, R8, R8               // row bytes
	LSL  $3, R9, R9               // base stride bytes
	SUB  $1, R11, R11             // nodes
	CBZ  R11, s64done

s64node:
	// lo, hi := ptr[c], ptr[c+1]; skip c if it has no leaves
	MOVD.P 8(R5), R12
	MOVD   (R5), R13
	MOVD.P 8(R3), R14
	MOVD.P 8(R4), R15
	CMP    R13, R12     // lo > hi: bad
	BHI    s64bad
	CMP    R16, R13     // hi > len(idx): bad
	BHI    s64bad
	SUBS   R12, R13, R21
	BEQ    s64next
	MOVD   bbound+232(FP), R26
	CMP    R26, R14
	BHS    s64bad
	MOVD   yrows+224(FP), R26
	CMP    R26, R15
	BHS    s64bad
	// bp := &base[bcrd[c]*sB]; yp := &y[crd[c]*r]; k := 0
	MUL    R9, R14, R14
	ADD    R1, R14, R14
	MUL    R8, R15, R15
	ADD    R2, R15, R15
	MOVD   ZR, R19
	MOVD   R10, R20
	CMP    $8, R20
	BLT    s64one

s64blk:
	// p := bp[k:k+8] * yp[k:k+8]
	ADD    R19, R14, R13
	VLD1   (R13), [V0.D2, V1.D2, V2.D2, V3.D2]
	ADD    R19, R15, R13
	VLD1   (R13), [V4.D2, V5.D2, V6.D2, V7.D2]
	WORD $0x6e64dc00 // fmul v0.2d, v0.2d, v4.2d
	WORD $0x6e65dc21 // fmul v1.2d, v1.2d, v5.2d
	WORD $0x6e66dc42 // fmul v2.2d, v2.2d, v6.2d
	WORD $0x6e67dc63 // fmul v3.2d, v3.2d, v7.2d
	// vp, ip := &vals[lo], &idx[lo]
	ADD    R12<<3, R6, R22
	ADD    R12<<3, R7, R23
	MOVD   R21, R24

s64blkleaf:
	// out[idx[j]*r+k : +8] += vals[j] * p
	FMOVD.P 8(R22), F16
	MOVD.P 8(R23), R25
	CMP    R17, R25
	BHS    s64bad
	MUL    R8, R25, R25
	ADD    R0, R25, R25
	ADD    R19, R25, R25
	VLD1   (R25), [V8.D2, V9.D2, V10.D2, V11.D2]
	WORD $0x4fd01008 // fmla v8.2d, v0.2d, v16.d[0]
	WORD $0x4fd01029 // fmla v9.2d, v1.2d, v16.d[0]
	WORD $0x4fd0104a // fmla v10.2d, v2.2d, v16.d[0]
	WORD $0x4fd0106b // fmla v11.2d, v3.2d, v16.d[0]
	VST1   [V8.D2, V9.D2, V10.D2, V11.D2], (R25)
	SUB    $1, R24, R24
	CBNZ   R24, s64blkleaf
	// k += 8
	ADD    $64, R19, R19
	SUB    $8, R20, R20
	CMP    $8, R20
	BGE    s64blk

s64one:
	// while k < w: the same with one register (2 columns)
	CBZ    R20, s64next

s64oneblk:
	// p := bp[k:k+2] * yp[k:k+2]
	ADD    R19, R14, R13
	VLD1   (R13), [V0.D2]
	ADD    R19, R15, R13
	VLD1   (R13), [V4.D2]
	WORD $0x6e64dc00 // fmul v0.2d, v0.2d, v4.2d
	ADD    R12<<3, R6, R22
	ADD    R12<<3, R7, R23
	MOVD   R21, R24

s64oneleaf:
	// out[idx[j]*r+k : +2] += vals[j] * p
	FMOVD.P 8(R22), F16
	MOVD.P 8(R23), R25
	CMP    R17, R25
	BHS    s64bad
	MUL    R8, R25, R25
	ADD    R0, R25, R25
	ADD    R19, R25, R25
	VLD1   (R25), [V8.D2]
	WORD $0x4fd01008 // fmla v8.2d, v0.2d, v16.d[0]
	VST1   [V8.D2], (R25)
	SUB    $1, R24, R24
	CBNZ   R24, s64oneleaf
	ADD    $16, R19, R19
	SUB    $2, R20, R20
	CBNZ   R20, s64oneblk

s64next:
	SUB    $1, R11, R11
	CBNZ   R11, s64node

s64done:
	MOVD   ZR, ret+240(FP)
	RET

s64bad:
	MOVD   $1, R0
	MOVD   R0, ret+240(FP)
	RET
