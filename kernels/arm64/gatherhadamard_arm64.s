//go:build !purego && !noasm && gc

#include "textflag.h"

// GatherHadamard with NEON, the fiber loop of MTTKRP, TTM and the leaf SpMM.
// For every node c (len(ptr)-1 of them), in column blocks:
//
//    o := ocrd[c]*sO + c*cO; u := ycrd[c]*sU
//    t := 0
//    for j := ptr[c]; j < ptr[c+1]; j++ {
//        t += vals[j] * x[idx[j]*r+k : +block]
//    }
//    out[o+k : +block] += y[u+k : +block] * t
//
// Blocks are 4 registers (16 float32 or 8 float64 columns) while they fit,
// then 1 register, up to column w, a multiple of the lane count that package
// kernels passes; it does the last r-w columns in Go. t stays in registers
// while the leaves stream (FMLA by element, vals[j] in lane 0 of V16: a WORD
// line, Go's assembler lacks it); then one load, FMLA and store of the out
// block. A node without leaves still adds y*0, as ref does. Nodes are visited
// in order, so nodes sharing an out row accumulate as in ref.
//
// Checks: the indices are read from memory the caller may change (through
// out too), so each is checked when it is read and used only from the
// register checked: per node lo <= hi <= len(idx), ocrd[c] < obound and
// ycrd[c] < ybound; per leaf, every block, idx[j] < xrows (arguments; a
// bound is 2^64-1 where the stride is 0). A violation branches to bad,
// which returns 1 (done returns 0).
//
// Registers (both kernels):
//    R0  out + c*cO (bytes)  R1  y                  R2  &ocrd[c]
//    R3  &ycrd[c]            R4  &ptr[c]            R5  vals
//    R6  idx                 R7  x                  R8  row bytes (r*size)
//    R9  sO bytes            R10 cO bytes           R11 sU bytes
//    R12 w                   R13 nodes left         R14 lo = ptr[c]
//    R15 vend (&vals[hi])    R19 op (out row)       R20 yp (y row)
//    R21 kb (column bytes)   R22 columns left       R23 vp (&vals[j])
//    R24 ip (&idx[j])        R25 xp, block address
//    R16 len(idx)            R17 xrows              R26 a bound
//    V0..V3 t                V4..V7 x block, then y block
//    V8..V11 out block       V16 vals[j] (lane 0)
//
// Requires: NEON (ASIMD).

// func GatherHadamardF32NEON(out, y []float32, ocrd, ycrd, ptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU, w int, xrows, obound, ybound uint64) int
//
// r >= 1, w a positive multiple of 4 with w <= r, len(ptr) >= 1, len(vals)
// >= len(idx), ocrd and ycrd holding len(ptr)-1 entries, the rows read
// without an index present: package engine checks; returns 1 at the first
// segment or index out of range, else 0.
TEXT ·GatherHadamardF32NEON(SB), NOSPLIT, $0-264
	MOVD out_base+0(FP), R0
	MOVD y_base+24(FP), R1
	MOVD ocrd_base+48(FP), R2
	MOVD ycrd_base+72(FP), R3
	MOVD ptr_base+96(FP), R4
	MOVD ptr_len+104(FP), R13
	MOVD vals_base+120(FP), R5
	MOVD idx_base+144(FP), R6
	MOVD x_base+168(FP), R7
	MOVD r+192(FP), R8
	MOVD sO+200(FP), R9
	MOVD cO+208(FP), R10
	MOVD sU+216(FP), R11
	MOVD w+224(FP), R12
	MOVD idx_len+152(FP), R16     // len(idx)
	MOVD xrows+232(FP), R17       // x rows: idx bound
	LSL  $2, R8, R8               // row bytes
	LSL  $2, R9, R9               // sO bytes
	LSL  $2, R10, R10             // cO bytes
	LSL  $2, R11, R11             // sU bytes
	SUB  $1, R13, R13             // nodes
	CBZ  R13, g32done

g32node:
	// lo, hi := ptr[c], ptr[c+1]; op := &out[o]; yp := &y[u]; k := 0
	MOVD.P 8(R4), R14
	MOVD   (R4), R15
	CMP    R15, R14     // lo > hi: bad
	BHI    g32bad
	CMP    R16, R15     // hi > len(idx): bad
	BHI    g32bad
	ADD    R15<<2, R5, R15
	MOVD.P 8(R2), R19
	MOVD.P 8(R3), R20
	MOVD   obound+240(FP), R26
	CMP    R26, R19
	BHS    g32bad
	MOVD   ybound+248(FP), R26
	CMP    R26, R20
	BHS    g32bad
	MUL    R9, R19, R19
	ADD    R0, R19, R19
	MUL    R11, R20, R20
	ADD    R1, R20, R20
	MOVD   ZR, R21
	MOVD   R12, R22
	CMP    $16, R22
	BLT    g32one

g32blk:
	// t := 0; vp, ip := &vals[lo], &idx[lo]
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16
	ADD    R14<<2, R5, R23
	ADD    R14<<3, R6, R24
	CMP    R15, R23
	BEQ    g32blkout

g32blkleaf:
	// t += vals[j] * x[idx[j]*r+k : +16]
	FMOVS.P 4(R23), F16
	MOVD.P 8(R24), R25
	CMP    R17, R25
	BHS    g32bad
	MUL    R8, R25, R25
	ADD    R7, R25, R25
	ADD    R21, R25, R25
	VLD1   (R25), [V4.S4, V5.S4, V6.S4, V7.S4]
	WORD $0x4f901080 // fmla v0.4s, v4.4s, v16.s[0]
	WORD $0x4f9010a1 // fmla v1.4s, v5.4s, v16.s[0]
	WORD $0x4f9010c2 // fmla v2.4s, v6.4s, v16.s[0]
	WORD $0x4f9010e3 // fmla v3.4s, v7.4s, v16.s[0]
	CMP    R15, R23
	BNE    g32blkleaf

g32blkout:
	// out[o+k : +16] += y[u+k : +16] * t; k += 16
	ADD    R21, R20, R25
	VLD1   (R25), [V4.S4, V5.S4, V6.S4, V7.S4]
	ADD    R21, R19, R25
	VLD1   (R25), [V8.S4, V9.S4, V10.S4, V11.S4]
	VFMLA  V4.S4, V0.S4, V8.S4
	VFMLA  V5.S4, V1.S4, V9.S4
	VFMLA  V6.S4, V2.S4, V10.S4
	VFMLA  V7.S4, V3.S4, V11.S4
	VST1   [V8.S4, V9.S4, V10.S4, V11.S4], (R25)
	ADD    $64, R21, R21
	SUB    $16, R22, R22
	CMP    $16, R22
	BGE    g32blk

g32one:
	// while k < w: the same with one register (4 columns)
	CBZ    R22, g32next

g32oneblk:
	VEOR   V0.B16, V0.B16, V0.B16
	ADD    R14<<2, R5, R23
	ADD    R14<<3, R6, R24
	CMP    R15, R23
	BEQ    g32oneout

g32oneleaf:
	// t += vals[j] * x[idx[j]*r+k : +4]
	FMOVS.P 4(R23), F16
	MOVD.P 8(R24), R25
	CMP    R17, R25
	BHS    g32bad
	MUL    R8, R25, R25
	ADD    R7, R25, R25
	ADD    R21, R25, R25
	VLD1   (R25), [V4.S4]
	WORD $0x4f901080 // fmla v0.4s, v4.4s, v16.s[0]
	CMP    R15, R23
	BNE    g32oneleaf

g32oneout:
	// out[o+k : +4] += y[u+k : +4] * t; k += 4
	ADD    R21, R20, R25
	VLD1   (R25), [V4.S4]
	ADD    R21, R19, R25
	VLD1   (R25), [V8.S4]
	VFMLA  V4.S4, V0.S4, V8.S4
	VST1   [V8.S4], (R25)
	ADD    $16, R21, R21
	SUB    $4, R22, R22
	CBNZ   R22, g32oneblk

g32next:
	// c++
	ADD    R10, R0, R0
	SUB    $1, R13, R13
	CBNZ   R13, g32node

g32done:
	MOVD   ZR, ret+256(FP)
	RET

g32bad:
	MOVD   $1, R0
	MOVD   R0, ret+256(FP)
	RET

// func GatherHadamardF64NEON(out, y []float64, ocrd, ycrd, ptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU, w int, xrows, obound, ybound uint64) int
//
// r >= 1, w a positive multiple of 2 with w <= r, and what
// GatherHadamardF32NEON assumes; returns 1 at the first segment or index
// out of range, else 0.
TEXT ·GatherHadamardF64NEON(SB), NOSPLIT, $0-264
	MOVD out_base+0(FP), R0
	MOVD y_base+24(FP), R1
	MOVD ocrd_base+48(FP), R2
	MOVD ycrd_base+72(FP), R3
	MOVD ptr_base+96(FP), R4
	MOVD ptr_len+104(FP), R13
	MOVD vals_base+120(FP), R5
	MOVD idx_base+144(FP), R6
	MOVD x_base+168(FP), R7
	MOVD r+192(FP), R8
	MOVD sO+200(FP), R9
	MOVD cO+208(FP), R10
	MOVD sU+216(FP), R11
	MOVD w+224(FP), R12
	MOVD idx_len+152(FP), R16     // len(idx)
	MOVD xrows+232(FP), R17       // x rows: idx bound
	LSL  $3, R8, R8               // row bytes
	LSL  $3, R9, R9               // sO bytes
	LSL  $3, R10, R10             // cO bytes
	LSL  $3, R11, R11             // sU bytes
	SUB  $1, R13, R13             // nodes
	CBZ  R13, g64done

g64node:
	// lo, hi := ptr[c], ptr[c+1]; op := &out[o]; yp := &y[u]; k := 0
	MOVD.P 8(R4), R14
	MOVD   (R4), R15
	CMP    R15, R14     // lo > hi: bad
	BHI    g64bad
	CMP    R16, R15     // hi > len(idx): bad
	BHI    g64bad
	ADD    R15<<3, R5, R15
	MOVD.P 8(R2), R19
	MOVD.P 8(R3), R20
	MOVD   obound+240(FP), R26
	CMP    R26, R19
	BHS    g64bad
	MOVD   ybound+248(FP), R26
	CMP    R26, R20
	BHS    g64bad
	MUL    R9, R19, R19
	ADD    R0, R19, R19
	MUL    R11, R20, R20
	ADD    R1, R20, R20
	MOVD   ZR, R21
	MOVD   R12, R22
	CMP    $8, R22
	BLT    g64one

g64blk:
	// t := 0; vp, ip := &vals[lo], &idx[lo]
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16
	ADD    R14<<3, R5, R23
	ADD    R14<<3, R6, R24
	CMP    R15, R23
	BEQ    g64blkout

g64blkleaf:
	// t += vals[j] * x[idx[j]*r+k : +8]
	FMOVD.P 8(R23), F16
	MOVD.P 8(R24), R25
	CMP    R17, R25
	BHS    g64bad
	MUL    R8, R25, R25
	ADD    R7, R25, R25
	ADD    R21, R25, R25
	VLD1   (R25), [V4.D2, V5.D2, V6.D2, V7.D2]
	WORD $0x4fd01080 // fmla v0.2d, v4.2d, v16.d[0]
	WORD $0x4fd010a1 // fmla v1.2d, v5.2d, v16.d[0]
	WORD $0x4fd010c2 // fmla v2.2d, v6.2d, v16.d[0]
	WORD $0x4fd010e3 // fmla v3.2d, v7.2d, v16.d[0]
	CMP    R15, R23
	BNE    g64blkleaf

g64blkout:
	// out[o+k : +8] += y[u+k : +8] * t; k += 8
	ADD    R21, R20, R25
	VLD1   (R25), [V4.D2, V5.D2, V6.D2, V7.D2]
	ADD    R21, R19, R25
	VLD1   (R25), [V8.D2, V9.D2, V10.D2, V11.D2]
	VFMLA  V4.D2, V0.D2, V8.D2
	VFMLA  V5.D2, V1.D2, V9.D2
	VFMLA  V6.D2, V2.D2, V10.D2
	VFMLA  V7.D2, V3.D2, V11.D2
	VST1   [V8.D2, V9.D2, V10.D2, V11.D2], (R25)
	ADD    $64, R21, R21
	SUB    $8, R22, R22
	CMP    $8, R22
	BGE    g64blk

g64one:
	// while k < w: the same with one register (2 columns)
	CBZ    R22, g64next

g64oneblk:
	VEOR   V0.B16, V0.B16, V0.B16
	ADD    R14<<3, R5, R23
	ADD    R14<<3, R6, R24
	CMP    R15, R23
	BEQ    g64oneout

g64oneleaf:
	// t += vals[j] * x[idx[j]*r+k : +2]
	FMOVD.P 8(R23), F16
	MOVD.P 8(R24), R25
	CMP    R17, R25
	BHS    g64bad
	MUL    R8, R25, R25
	ADD    R7, R25, R25
	ADD    R21, R25, R25
	VLD1   (R25), [V4.D2]
	WORD $0x4fd01080 // fmla v0.2d, v4.2d, v16.d[0]
	CMP    R15, R23
	BNE    g64oneleaf

g64oneout:
	// out[o+k : +2] += y[u+k : +2] * t; k += 2
	ADD    R21, R20, R25
	VLD1   (R25), [V4.D2]
	ADD    R21, R19, R25
	VLD1   (R25), [V8.D2]
	VFMLA  V4.D2, V0.D2, V8.D2
	VST1   [V8.D2], (R25)
	ADD    $16, R21, R21
	SUB    $2, R22, R22
	CBNZ   R22, g64oneblk

g64next:
	// c++
	ADD    R10, R0, R0
	SUB    $1, R13, R13
	CBNZ   R13, g64node

g64done:
	MOVD   ZR, ret+256(FP)
	RET

g64bad:
	MOVD   $1, R0
	MOVD   R0, ret+256(FP)
	RET
