//go:build !purego && !noasm && gc

#include "textflag.h"

// PushHadamard2 with NEON: MTTKRP's push-down through two tree levels in one
// pass (PushLeaves, mode 0: the output mode at the leaves; PushChildren,
// mode 1: the output mode one level above them). For every column block and
// every node c (len(ptr)-1 of them):
//
//    p := above[k : +block] * y[ycrd[c]*r+k : +block]
//    for e := ptr[c]; e < ptr[c+1]; e++ {
//        mode 0: q := p * f[crd[e]*r+k : +block]
//                for j := lptr[e]-lbase; j < lptr[e+1]-lbase; j++ {
//                    out[idx[j]*r+k : +block] += vals[j] * q
//                }
//        mode 1: t := 0
//                for j := lptr[e]-lbase; j < lptr[e+1]-lbase; j++ {
//                    t += vals[j] * f[idx[j]*r+k : +block]
//                }
//                out[crd[e]*r+k : +block] += p * t
//    }
//
// Blocks are 4 registers (16 float32 or 8 float64 columns) while they fit,
// then 1 register, up to column w, a multiple of the lane count that package
// kernels passes; it does the last r-w columns in Go. Blocks are the outer
// loop and the mode is tested once per block: for each block the above block
// is loaded once into V12.. and kept there while the kernel walks every
// node, child and leaf. The node product p (FMUL) and the child's q (FMUL)
// or fiber sum t (FMLA by element per leaf) stay in registers; mode 0 loads,
// FMLAs by element (vals[j] in lane 0 of V16) and stores one out row per
// leaf, mode 1 one out row per child (FMLA of p and t). A child without
// leaves still adds p*0 in mode 1, as ref does; a node without children
// reads only its y row. Nodes, children and leaves are visited in order, so
// repeated out rows accumulate in ref's order. FMUL (vector) and FMLA (by
// element) are WORD lines: Go's assembler lacks them.
//
// Checks: the indices are read from memory the caller may change (through
// out too), so each is checked when it is read, every block, and used only
// from the register checked: ycrd[c] < yrows, ptr[c] <= ptr[c+1] <=
// len(crd), lptr[e]-lbase <= lptr[e+1]-lbase <= len(idx) (a pointer below
// lbase wraps and fails it), crd[e] < crows and idx[j] < irows (f's rows
// and out's in mode 0, out's and f's in mode 1). A violation branches to
// bad, which returns 1 (done returns 0).
//
// Registers (both kernels):
//    R0  out block           R1  above block        R2  y block
//    R3  &ycrd[c]            R4  &ptr[c]            R5  crd
//    R6  lptr                R7  vals               R8  idx
//    R9  f block             R10 row bytes (r*size) R11 columns left
//    R12 mode                R13 nodes left         R14 e (child)
//    R15 ptr[c+1]            R16 row address, temp  R19 vp (&vals[j])
//    R20 vend (&vals[hi])    R21 ip (&idx[j])       R17 len(idx)
//    R22 crows               R23 irows              R24 len(crd)
//    R25 yrows
//    V0..V3 q or t           V4..V7 p               V8..V11 out or f rows
//    V12..V15 above block    V16 vals[j] (lane 0)
//
// Requires: NEON (ASIMD).

// func PushHadamard2F32NEON(out, above, y []float32, ycrd, ptr, crd, lptr []uint64, vals []float32, idx []uint64, f []float32, r, mode, w int, yrows, crows, irows, lbase uint64) int
//
// r >= 1, w a positive multiple of 4 with w <= r, len(ptr) >= 1, mode 0
// or 1, len(above) >= r, len(lptr) > len(crd), len(vals) >= len(idx), ycrd
// holding len(ptr)-1 entries: package engine checks; returns 1 at the
// first segment or index out of range, else 0.
TEXT ·PushHadamard2F32NEON(SB), NOSPLIT, $0-304
	MOVD out_base+0(FP), R0
	MOVD above_base+24(FP), R1
	MOVD y_base+48(FP), R2
	MOVD crd_base+120(FP), R5
	MOVD lptr_base+144(FP), R6
	MOVD vals_base+168(FP), R7
	MOVD idx_base+192(FP), R8
	MOVD f_base+216(FP), R9
	MOVD r+240(FP), R10
	MOVD mode+248(FP), R12
	MOVD w+256(FP), R11
	MOVD idx_len+200(FP), R17     // len(idx)
	MOVD crows+272(FP), R22       // crd bound
	MOVD irows+280(FP), R23       // idx bound
	MOVD crd_len+128(FP), R24     // len(crd): children bound
	MOVD yrows+264(FP), R25       // ycrd bound
	LSL  $2, R10, R10             // row bytes
	MOVD ptr_len+104(FP), R13
	CMP  $1, R13
	BLE  p32done                  // no nodes

p32blk:
	// Blocks of 16 columns while they fit.
	CMP    $16, R11
	BLT    p32one
	// c := 0; V12..V15 = above[k : +16]
	MOVD   ycrd_base+72(FP), R3
	MOVD   ptr_base+96(FP), R4
	MOVD   ptr_len+104(FP), R13
	SUB    $1, R13, R13
	VLD1   (R1), [V12.S4, V13.S4, V14.S4, V15.S4]
	CBNZ   R12, p32blkcnode

p32blklnode:
	// Mode 0. p := above * y[ycrd[c]*r+k : +16]; e, eend := ptr[c], ptr[c+1]
	MOVD.P 8(R3), R16
	CMP    R25, R16
	BHS    p32bad
	MUL    R10, R16, R16
	ADD    R2, R16, R16
	VLD1   (R16), [V4.S4, V5.S4, V6.S4, V7.S4]
	WORD $0x6e2cdc84 // fmul v4.4s, v4.4s, v12.4s
	WORD $0x6e2ddca5 // fmul v5.4s, v5.4s, v13.4s
	WORD $0x6e2edcc6 // fmul v6.4s, v6.4s, v14.4s
	WORD $0x6e2fdce7 // fmul v7.4s, v7.4s, v15.4s
	MOVD.P 8(R4), R14
	MOVD   (R4), R15
	CMP    R15, R14
	BHI    p32bad
	CMP    R24, R15
	BHI    p32bad
	CMP    R15, R14
	BEQ    p32blklnext

p32blklchild:
	// q := p * f[crd[e]*r+k : +16]
	MOVD   (R5)(R14<<3), R16
	CMP    R22, R16
	BHS    p32bad
	MUL    R10, R16, R16
	ADD    R9, R16, R16
	VLD1   (R16), [V0.S4, V1.S4, V2.S4, V3.S4]
	WORD $0x6e24dc00 // fmul v0.4s, v0.4s, v4.4s
	WORD $0x6e25dc21 // fmul v1.4s, v1.4s, v5.4s
	WORD $0x6e26dc42 // fmul v2.4s, v2.4s, v6.4s
	WORD $0x6e27dc63 // fmul v3.4s, v3.4s, v7.4s
	// vp, vend, ip := &vals[lptr[e]], &vals[lptr[e+1]], &idx[lptr[e]]
	ADD    R14<<3, R6, R16
	LDP    (R16), (R19, R20)
	MOVD   lbase+288(FP), R16
	SUB    R16, R19
	SUB    R16, R20
	CMP    R20, R19
	BHI    p32bad
	CMP    R17, R20
	BHI    p32bad
	ADD    R20<<2, R7, R20
	ADD    R19<<3, R8, R21
	ADD    R19<<2, R7, R19
	CMP    R20, R19
	BEQ    p32blklce

p32blklleaf:
	// out[idx[j]*r+k : +16] += vals[j] * q
	FMOVS.P 4(R19), F16
	MOVD.P 8(R21), R16
	CMP    R23, R16
	BHS    p32bad
	MUL    R10, R16, R16
	ADD    R0, R16, R16
	VLD1   (R16), [V8.S4, V9.S4, V10.S4, V11.S4]
	WORD $0x4f901008 // fmla v8.4s, v0.4s, v16.s[0]
	WORD $0x4f901029 // fmla v9.4s, v1.4s, v16.s[0]
	WORD $0x4f90104a // fmla v10.4s, v2.4s, v16.s[0]
	WORD $0x4f90106b // fmla v11.4s, v3.4s, v16.s[0]
	VST1   [V8.S4, V9.S4, V10.S4, V11.S4], (R16)
	CMP    R20, R19
	BNE    p32blklleaf

p32blklce:
	// e++
	ADD    $1, R14, R14
	CMP    R15, R14
	BNE    p32blklchild

p32blklnext:
	// c++
	SUB    $1, R13, R13
	CBNZ   R13, p32blklnode
	B      p32blknext

p32blkcnode:
	// Mode 1. p := above * y[ycrd[c]*r+k : +16]; e, eend := ptr[c], ptr[c+1]
	MOVD.P 8(R3), R16
	CMP    R25, R16
	BHS    p32bad
	MUL    R10, R16, R16
	ADD    R2, R16, R16
	VLD1   (R16), [V4.S4, V5.S4, V6.S4, V7.S4]
	WORD $0x6e2cdc84 // fmul v4.4s, v4.4s, v12.4s
	WORD $0x6e2ddca5 // fmul v5.4s, v5.4s, v13.4s
	WORD $0x6e2edcc6 // fmul v6.4s, v6.4s, v14.4s
	WORD $0x6e2fdce7 // fmul v7.4s, v7.4s, v15.4s
	MOVD.P 8(R4), R14
	MOVD   (R4), R15
	CMP    R15, R14
	BHI    p32bad
	CMP    R24, R15
	BHI    p32bad
	CMP    R15, R14
	BEQ    p32blkcnext

p32blkcchild:
	// t := 0; vp, vend, ip := &vals[lptr[e]], &vals[lptr[e+1]], &idx[lptr[e]]
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16
	ADD    R14<<3, R6, R16
	LDP    (R16), (R19, R20)
	MOVD   lbase+288(FP), R16
	SUB    R16, R19
	SUB    R16, R20
	CMP    R20, R19
	BHI    p32bad
	CMP    R17, R20
	BHI    p32bad
	ADD    R20<<2, R7, R20
	ADD    R19<<3, R8, R21
	ADD    R19<<2, R7, R19
	CMP    R20, R19
	BEQ    p32blkcout

p32blkcleaf:
	// t += vals[j] * f[idx[j]*r+k : +16]
	FMOVS.P 4(R19), F16
	MOVD.P 8(R21), R16
	CMP    R23, R16
	BHS    p32bad
	MUL    R10, R16, R16
	ADD    R9, R16, R16
	VLD1   (R16), [V8.S4, V9.S4, V10.S4, V11.S4]
	WORD $0x4f901100 // fmla v0.4s, v8.4s, v16.s[0]
	WORD $0x4f901121 // fmla v1.4s, v9.4s, v16.s[0]
	WORD $0x4f901142 // fmla v2.4s, v10.4s, v16.s[0]
	WORD $0x4f901163 // fmla v3.4s, v11.4s, v16.s[0]
	CMP    R20, R19
	BNE    p32blkcleaf

p32blkcout:
	// out[crd[e]*r+k : +16] += p * t; e++
	MOVD   (R5)(R14<<3), R16
	CMP    R22, R16
	BHS    p32bad
	MUL    R10, R16, R16
	ADD    R0, R16, R16
	VLD1   (R16), [V8.S4, V9.S4, V10.S4, V11.S4]
	VFMLA  V4.S4, V0.S4, V8.S4
	VFMLA  V5.S4, V1.S4, V9.S4
	VFMLA  V6.S4, V2.S4, V10.S4
	VFMLA  V7.S4, V3.S4, V11.S4
	VST1   [V8.S4, V9.S4, V10.S4, V11.S4], (R16)
	ADD    $1, R14, R14
	CMP    R15, R14
	BNE    p32blkcchild

p32blkcnext:
	// c++
	SUB    $1, R13, R13
	CBNZ   R13, p32blkcnode

p32blknext:
	// k += 16
	ADD    $64, R0, R0
	ADD    $64, R1, R1
	ADD    $64, R2, R2
	ADD    $64, R9, R9
	SUB    $16, R11, R11
	B      p32blk

p32one:
	// Blocks of 4 columns (one register) up to w: the same with V0, V4, V8
	// and V12.
	CBZ    R11, p32done
	MOVD   ycrd_base+72(FP), R3
	MOVD   ptr_base+96(FP), R4
	MOVD   ptr_len+104(FP), R13
	SUB    $1, R13, R13
	VLD1   (R1), [V12.S4]
	CBNZ   R12, p32onecnode

p32onelnode:
	// Mode 0.
	MOVD.P 8(R3), R16
	CMP    R25, R16
	BHS    p32bad
	MUL    R10, R16, R16
	ADD    R2, R16, R16
	VLD1   (R16), [V4.S4]
	WORD $0x6e2cdc84 // fmul v4.4s, v4.4s, v12.4s
	MOVD.P 8(R4), R14
	MOVD   (R4), R15
	CMP    R15, R14
	BHI    p32bad
	CMP    R24, R15
	BHI    p32bad
	CMP    R15, R14
	BEQ    p32onelnext

p32onelchild:
	// q := p * f[crd[e]*r+k : +4]
	MOVD   (R5)(R14<<3), R16
	CMP    R22, R16
	BHS    p32bad
	MUL    R10, R16, R16
	ADD    R9, R16, R16
	VLD1   (R16), [V0.S4]
	WORD $0x6e24dc00 // fmul v0.4s, v0.4s, v4.4s
	ADD    R14<<3, R6, R16
	LDP    (R16), (R19, R20)
	MOVD   lbase+288(FP), R16
	SUB    R16, R19
	SUB    R16, R20
	CMP    R20, R19
	BHI    p32bad
	CMP    R17, R20
	BHI    p32bad
	ADD    R20<<2, R7, R20
	ADD    R19<<3, R8, R21
	ADD    R19<<2, R7, R19
	CMP    R20, R19
	BEQ    p32onelce

p32onelleaf:
	// out[idx[j]*r+k : +4] += vals[j] * q
	FMOVS.P 4(R19), F16
	MOVD.P 8(R21), R16
	CMP    R23, R16
	BHS    p32bad
	MUL    R10, R16, R16
	ADD    R0, R16, R16
	VLD1   (R16), [V8.S4]
	WORD $0x4f901008 // fmla v8.4s, v0.4s, v16.s[0]
	VST1   [V8.S4], (R16)
	CMP    R20, R19
	BNE    p32onelleaf

p32onelce:
	ADD    $1, R14, R14
	CMP    R15, R14
	BNE    p32onelchild

p32onelnext:
	SUB    $1, R13, R13
	CBNZ   R13, p32onelnode
	B      p32onenext

p32onecnode:
	// Mode 1.
	MOVD.P 8(R3), R16
	CMP    R25, R16
	BHS    p32bad
	MUL    R10, R16, R16
	ADD    R2, R16, R16
	VLD1   (R16), [V4.S4]
	WORD $0x6e2cdc84 // fmul v4.4s, v4.4s, v12.4s
	MOVD.P 8(R4), R14
	MOVD   (R4), R15
	CMP    R15, R14
	BHI    p32bad
	CMP    R24, R15
	BHI    p32bad
	CMP    R15, R14
	BEQ    p32onecnext

p32onecchild:
	VEOR   V0.B16, V0.B16, V0.B16
	ADD    R14<<3, R6, R16
	LDP    (R16), (R19, R20)
	MOVD   lbase+288(FP), R16
	SUB    R16, R19
	SUB    R16, R20
	CMP    R20, R19
	BHI    p32bad
	CMP    R17, R20
	BHI    p32bad
	ADD    R20<<2, R7, R20
	ADD    R19<<3, R8, R21
	ADD    R19<<2, R7, R19
	CMP    R20, R19
	BEQ    p32onecout

p32onecleaf:
	// t += vals[j] * f[idx[j]*r+k : +4]
	FMOVS.P 4(R19), F16
	MOVD.P 8(R21), R16
	CMP    R23, R16
	BHS    p32bad
	MUL    R10, R16, R16
	ADD    R9, R16, R16
	VLD1   (R16), [V8.S4]
	WORD $0x4f901100 // fmla v0.4s, v8.4s, v16.s[0]
	CMP    R20, R19
	BNE    p32onecleaf

p32onecout:
	// out[crd[e]*r+k : +4] += p * t; e++
	MOVD   (R5)(R14<<3), R16
	CMP    R22, R16
	BHS    p32bad
	MUL    R10, R16, R16
	ADD    R0, R16, R16
	VLD1   (R16), [V8.S4]
	VFMLA  V4.S4, V0.S4, V8.S4
	VST1   [V8.S4], (R16)
	ADD    $1, R14, R14
	CMP    R15, R14
	BNE    p32onecchild

p32onecnext:
	SUB    $1, R13, R13
	CBNZ   R13, p32onecnode

p32onenext:
	// k += 4
	ADD    $16, R0, R0
	ADD    $16, R1, R1
	ADD    $16, R2, R2
	ADD    $16, R9, R9
	SUB    $4, R11, R11
	B      p32one

p32done:
	MOVD   ZR, ret+296(FP)
	RET

p32bad:
	MOVD   $1, R0
	MOVD   R0, ret+296(FP)
	RET

// func PushHadamard2F64NEON(out, above, y []float64, ycrd, ptr, crd, lptr []uint64, vals []float64, idx []uint64, f []float64, r, mode, w int, yrows, crows, irows, lbase uint64) int
//
// r >= 1, w a positive multiple of 2 with w <= r, and what
// PushHadamard2F32NEON assumes; returns 1 at the first segment or index out
// of range, else 0.
TEXT ·PushHadamard2F64NEON(SB), NOSPLIT, $0-304
	MOVD out_base+0(FP), R0
	MOVD above_base+24(FP), R1
	MOVD y_base+48(FP), R2
	MOVD crd_base+120(FP), R5
	MOVD lptr_base+144(FP), R6
	MOVD vals_base+168(FP), R7
	MOVD idx_base+192(FP), R8
	MOVD f_base+216(FP), R9
	MOVD r+240(FP), R10
	MOVD mode+248(FP), R12
	MOVD w+256(FP), R11
	MOVD idx_len+200(FP), R17     // len(idx)
	MOVD crows+272(FP), R22       // crd bound
	MOVD irows+280(FP), R23       // idx bound
	MOVD crd_len+128(FP), R24     // len(crd): children bound
	MOVD yrows+264(FP), R25       // ycrd bound
	LSL  $3, R10, R10             // row bytes
	MOVD ptr_len+104(FP), R13
	CMP  $1, R13
	BLE  p64done                  // no nodes

p64blk:
	// Blocks of 8 columns while they fit.
	CMP    $8, R11
	BLT    p64one
	// c := 0; V12..V15 = above[k : +8]
	MOVD   ycrd_base+72(FP), R3
	MOVD   ptr_base+96(FP), R4
	MOVD   ptr_len+104(FP), R13
	SUB    $1, R13, R13
	VLD1   (R1), [V12.D2, V13.D2, V14.D2, V15.D2]
	CBNZ   R12, p64blkcnode

p64blklnode:
	// Mode 0. p := above * y[ycrd[c]*r+k : +8]; e, eend := ptr[c], ptr[c+1]
	MOVD.P 8(R3), R16
	CMP    R25, R16
	BHS    p64bad
	MUL    R10, R16, R16
	ADD    R2, R16, R16
	VLD1   (R16), [V4.D2, V5.D2, V6.D2, V7.D2]
	WORD $0x6e6cdc84 // fmul v4.2d, v4.2d, v12.2d
	WORD $0x6e6ddca5 // fmul v5.2d, v5.2d, v13.2d
	WORD $0x6e6edcc6 // fmul v6.2d, v6.2d, v14.2d
	WORD $0x6e6fdce7 // fmul v7.2d, v7.2d, v15.2d
	MOVD.P 8(R4), R14
	MOVD   (R4), R15
	CMP    R15, R14
	BHI    p64bad
	CMP    R24, R15
	BHI    p64bad
	CMP    R15, R14
	BEQ    p64blklnext

p64blklchild:
	// q := p * f[crd[e]*r+k : +8]
	MOVD   (R5)(R14<<3), R16
	CMP    R22, R16
	BHS    p64bad
	MUL    R10, R16, R16
	ADD    R9, R16, R16
	VLD1   (R16), [V0.D2, V1.D2, V2.D2, V3.D2]
	WORD $0x6e64dc00 // fmul v0.2d, v0.2d, v4.2d
	WORD $0x6e65dc21 // fmul v1.2d, v1.2d, v5.2d
	WORD $0x6e66dc42 // fmul v2.2d, v2.2d, v6.2d
	WORD $0x6e67dc63 // fmul v3.2d, v3.2d, v7.2d
	// vp, vend, ip := &vals[lptr[e]], &vals[lptr[e+1]], &idx[lptr[e]]
	ADD    R14<<3, R6, R16
	LDP    (R16), (R19, R20)
	MOVD   lbase+288(FP), R16
	SUB    R16, R19
	SUB    R16, R20
	CMP    R20, R19
	BHI    p64bad
	CMP    R17, R20
	BHI    p64bad
	ADD    R20<<3, R7, R20
	ADD    R19<<3, R8, R21
	ADD    R19<<3, R7, R19
	CMP    R20, R19
	BEQ    p64blklce

p64blklleaf:
	// out[idx[j]*r+k : +8] += vals[j] * q
	FMOVD.P 8(R19), F16
	MOVD.P 8(R21), R16
	CMP    R23, R16
	BHS    p64bad
	MUL    R10, R16, R16
	ADD    R0, R16, R16
	VLD1   (R16), [V8.D2, V9.D2, V10.D2, V11.D2]
	WORD $0x4fd01008 // fmla v8.2d, v0.2d, v16.d[0]
	WORD $0x4fd01029 // fmla v9.2d, v1.2d, v16.d[0]
	WORD $0x4fd0104a // fmla v10.2d, v2.2d, v16.d[0]
	WORD $0x4fd0106b // fmla v11.2d, v3.2d, v16.d[0]
	VST1   [V8.D2, V9.D2, V10.D2, V11.D2], (R16)
	CMP    R20, R19
	BNE    p64blklleaf

p64blklce:
	// e++
	ADD    $1, R14, R14
	CMP    R15, R14
	BNE    p64blklchild

p64blklnext:
	// c++
	SUB    $1, R13, R13
	CBNZ   R13, p64blklnode
	B      p64blknext

p64blkcnode:
	// Mode 1. p := above * y[ycrd[c]*r+k : +8]; e, eend := ptr[c], ptr[c+1]
	MOVD.P 8(R3), R16
	CMP    R25, R16
	BHS    p64bad
	MUL    R10, R16, R16
	ADD    R2, R16, R16
	VLD1   (R16), [V4.D2, V5.D2, V6.D2, V7.D2]
	WORD $0x6e6cdc84 // fmul v4.2d, v4.2d, v12.2d
	WORD $0x6e6ddca5 // fmul v5.2d, v5.2d, v13.2d
	WORD $0x6e6edcc6 // fmul v6.2d, v6.2d, v14.2d
	WORD $0x6e6fdce7 // fmul v7.2d, v7.2d, v15.2d
	MOVD.P 8(R4), R14
	MOVD   (R4), R15
	CMP    R15, R14
	BHI    p64bad
	CMP    R24, R15
	BHI    p64bad
	CMP    R15, R14
	BEQ    p64blkcnext

p64blkcchild:
	// t := 0; vp, vend, ip := &vals[lptr[e]], &vals[lptr[e+1]], &idx[lptr[e]]
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16
	ADD    R14<<3, R6, R16
	LDP    (R16), (R19, R20)
	MOVD   lbase+288(FP), R16
	SUB    R16, R19
	SUB    R16, R20
	CMP    R20, R19
	BHI    p64bad
	CMP    R17, R20
	BHI    p64bad
	ADD    R20<<3, R7, R20
	ADD    R19<<3, R8, R21
	ADD    R19<<3, R7, R19
	CMP    R20, R19
	BEQ    p64blkcout

p64blkcleaf:
	// t += vals[j] * f[idx[j]*r+k : +8]
	FMOVD.P 8(R19), F16
	MOVD.P 8(R21), R16
	CMP    R23, R16
	BHS    p64bad
	MUL    R10, R16, R16
	ADD    R9, R16, R16
	VLD1   (R16), [V8.D2, V9.D2, V10.D2, V11.D2]
	WORD $0x4fd01100 // fmla v0.2d, v8.2d, v16.d[0]
	WORD $0x4fd01121 // fmla v1.2d, v9.2d, v16.d[0]
	WORD $0x4fd01142 // fmla v2.2d, v10.2d, v16.d[0]
	WORD $0x4fd01163 // fmla v3.2d, v11.2d, v16.d[0]
	CMP    R20, R19
	BNE    p64blkcleaf

p64blkcout:
	// out[crd[e]*r+k : +8] += p * t; e++
	MOVD   (R5)(R14<<3), R16
	CMP    R22, R16
	BHS    p64bad
	MUL    R10, R16, R16
	ADD    R0, R16, R16
	VLD1   (R16), [V8.D2, V9.D2, V10.D2, V11.D2]
	VFMLA  V4.D2, V0.D2, V8.D2
	VFMLA  V5.D2, V1.D2, V9.D2
	VFMLA  V6.D2, V2.D2, V10.D2
	VFMLA  V7.D2, V3.D2, V11.D2
	VST1   [V8.D2, V9.D2, V10.D2, V11.D2], (R16)
	ADD    $1, R14, R14
	CMP    R15, R14
	BNE    p64blkcchild

p64blkcnext:
	// c++
	SUB    $1, R13, R13
	CBNZ   R13, p64blkcnode

p64blknext:
	// k += 8
	ADD    $64, R0, R0
	ADD    $64, R1, R1
	ADD    $64, R2, R2
	ADD    $64, R9, R9
	SUB    $8, R11, R11
	B      p64blk

p64one:
	// Blocks of 2 columns (one register) up to w: the same with V0, V4, V8
	// and V12.
	CBZ    R11, p64done
	MOVD   ycrd_base+72(FP), R3
	MOVD   ptr_base+96(FP), R4
	MOVD   ptr_len+104(FP), R13
	SUB    $1, R13, R13
	VLD1   (R1), [V12.D2]
	CBNZ   R12, p64onecnode

p64onelnode:
	// Mode 0.
	MOVD.P 8(R3), R16
	CMP    R25, R16
	BHS    p64bad
	MUL    R10, R16, R16
	ADD    R2, R16, R16
	VLD1   (R16), [V4.D2]
	WORD $0x6e6cdc84 // fmul v4.2d, v4.2d, v12.2d
	MOVD.P 8(R4), R14
	MOVD   (R4), R15
	CMP    R15, R14
	BHI    p64bad
	CMP    R24, R15
	BHI    p64bad
	CMP    R15, R14
	BEQ    p64onelnext

p64onelchild:
	// q := p * f[crd[e]*r+k : +2]
	MOVD   (R5)(R14<<3), R16
	CMP    R22, R16
	BHS    p64bad
	MUL    R10, R16, R16
	ADD    R9, R16, R16
	VLD1   (R16), [V0.D2]
	WORD $0x6e64dc00 // fmul v0.2d, v0.2d, v4.2d
	ADD    R14<<3, R6, R16
	LDP    (R16), (R19, R20)
	MOVD   lbase+288(FP), R16
	SUB    R16, R19
	SUB    R16, R20
	CMP    R20, R19
	BHI    p64bad
	CMP    R17, R20
	BHI    p64bad
	ADD    R20<<3, R7, R20
	ADD    R19<<3, R8, R21
	ADD    R19<<3, R7, R19
	CMP    R20, R19
	BEQ    p64onelce

p64onelleaf:
	// out[idx[j]*r+k : +2] += vals[j] * q
	FMOVD.P 8(R19), F16
	MOVD.P 8(R21), R16
	CMP    R23, R16
	BHS    p64bad
	MUL    R10, R16, R16
	ADD    R0, R16, R16
	VLD1   (R16), [V8.D2]
	WORD $0x4fd01008 // fmla v8.2d, v0.2d, v16.d[0]
	VST1   [V8.D2], (R16)
	CMP    R20, R19
	BNE    p64onelleaf

p64onelce:
	ADD    $1, R14, R14
	CMP    R15, R14
	BNE    p64onelchild

p64onelnext:
	SUB    $1, R13, R13
	CBNZ   R13, p64onelnode
	B      p64onenext

p64onecnode:
	// Mode 1.
	MOVD.P 8(R3), R16
	CMP    R25, R16
	BHS    p64bad
	MUL    R10, R16, R16
	ADD    R2, R16, R16
	VLD1   (R16), [V4.D2]
	WORD $0x6e6cdc84 // fmul v4.2d, v4.2d, v12.2d
	MOVD.P 8(R4), R14
	MOVD   (R4), R15
	CMP    R15, R14
	BHI    p64bad
	CMP    R24, R15
	BHI    p64bad
	CMP    R15, R14
	BEQ    p64onecnext

p64onecchild:
	VEOR   V0.B16, V0.B16, V0.B16
	ADD    R14<<3, R6, R16
	LDP    (R16), (R19, R20)
	MOVD   lbase+288(FP), R16
	SUB    R16, R19
	SUB    R16, R20
	CMP    R20, R19
	BHI    p64bad
	CMP    R17, R20
	BHI    p64bad
	ADD    R20<<3, R7, R20
	ADD    R19<<3, R8, R21
	ADD    R19<<3, R7, R19
	CMP    R20, R19
	BEQ    p64onecout

p64onecleaf:
	// t += vals[j] * f[idx[j]*r+k : +2]
	FMOVD.P 8(R19), F16
	MOVD.P 8(R21), R16
	CMP    R23, R16
	BHS    p64bad
	MUL    R10, R16, R16
	ADD    R9, R16, R16
	VLD1   (R16), [V8.D2]
	WORD $0x4fd01100 // fmla v0.2d, v8.2d, v16.d[0]
	CMP    R20, R19
	BNE    p64onecleaf

p64onecout:
	// out[crd[e]*r+k : +2] += p * t; e++
	MOVD   (R5)(R14<<3), R16
	CMP    R22, R16
	BHS    p64bad
	MUL    R10, R16, R16
	ADD    R0, R16, R16
	VLD1   (R16), [V8.D2]
	VFMLA  V4.D2, V0.D2, V8.D2
	VST1   [V8.D2], (R16)
	ADD    $1, R14, R14
	CMP    R15, R14
	BNE    p64onecchild

p64onecnext:
	SUB    $1, R13, R13
	CBNZ   R13, p64onecnode

p64onenext:
	// k += 2
	ADD    $16, R0, R0
	ADD    $16, R1, R1
	ADD    $16, R2, R2
	ADD    $16, R9, R9
	SUB    $2, R11, R11
	B      p64one

p64done:
	MOVD   ZR, ret+296(FP)
	RET

p64bad:
	MOVD   $1, R0
	MOVD   R0, ret+296(FP)
	RET
