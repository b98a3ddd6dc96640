//go:build !purego && !noasm && gc

#include "textflag.h"

// GatherHadamard2 with NEON: the two-level gather of MTTKRP (output mode two
// levels above the leaves, and the pull-up through such a level). For every
// column block and every node c (len(ptr)-1 of them):
//
//    s := 0
//    for e := ptr[c]; e < ptr[c+1]; e++ {
//        t := 0
//        for j := lptr[e]-lbase; j < lptr[e+1]-lbase; j++ {
//            t += vals[j] * x[idx[j]*r+k : +block]
//        }
//        s += z[crd[e]*r+k : +block] * t
//    }
//    out[ocrd[c]*sO + c*cO + k : +block] += y[ycrd[c]*sU + k : +block] * s
//
// Blocks are 4 registers (16 float32 or 8 float64 columns) while they fit,
// then 1 register, up to column w, a multiple of the lane count that package
// kernels passes; it does the last r-w columns in Go. Blocks are the outer
// loop: for each block the kernel walks every node, child and leaf. The fiber
// sum t and the child sum s stay in registers (FMLA by element per leaf,
// vals[j] in lane 0 of V16: a WORD line, Go's assembler lacks it; FMLA of
// z's row per child). In pull mode (sO = cO = 0, every node adds into out's
// only row) the out block stays in V12.. across the nodes and is stored once
// per block; otherwise each node loads, FMLAs and stores its out row. A node
// without children or a child without leaves still adds y*0 or z*0, as ref
// does. Nodes are visited in order, so nodes sharing an out row accumulate in
// ref's order.
//
// Checks: the indices are read from memory the caller may change (through
// out too), so each is checked when it is read, every block, and used only
// from the register checked: ptr[c] <= ptr[c+1] <= len(crd),
// lptr[e]-lbase <= lptr[e+1]-lbase <= len(idx) (a pointer below lbase
// wraps and fails it), idx[j] < xrows, crd[e] < zrows, ycrd[c] < ybound
// and (outside pull mode) ocrd[c] < obound, each bound an argument loaded
// into R26 for its compare (no register is left to hold them). A violation
// branches to bad, which returns 1 (done returns 0).
//
// Registers (both kernels):
//    R0  out block           R1  y block            R2  &ocrd[c]
//    R3  &ycrd[c]            R4  &ptr[c]            R5  crd
//    R6  z block             R7  lptr               R8  vals
//    R9  idx                 R10 x block            R11 row bytes (r*size)
//    R12 sO bytes            R13 cO bytes           R14 sU bytes
//    R15 columns left        R16, R17 temporaries   R19 nodes left
//    R20 out block + c*cO    R21 e (child)          R22 ptr[c+1]
//    R23 vp (&vals[j])       R24 vend (&vals[hi])   R25 ip (&idx[j])
//    R26 a bound or length
//    V0..V3 t (fiber sum)    V4..V7 s (child sum)   V8..V11 x, z, y block
//    V12..V15 out block      V16 vals[j] (lane 0)
//
// Requires: NEON (ASIMD).

// func GatherHadamard2F32NEON(out, y []float32, ocrd, ycrd, ptr, crd []uint64, z []float32, lptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU, w int, xrows, zrows, obound, ybound, lbase uint64) int
//
// r >= 1, w a positive multiple of 4 with w <= r, len(ptr) >= 1, len(lptr)
// > len(crd), len(vals) >= len(idx), ocrd and ycrd holding len(ptr)-1
// entries, the rows read without an index present: package engine checks;
// returns 1 at the first segment or index out of range, else 0.
TEXT ·GatherHadamard2F32NEON(SB), NOSPLIT, $0-352
	MOVD out_base+0(FP), R0
	MOVD y_base+24(FP), R1
	MOVD crd_base+120(FP), R5
	MOVD z_base+144(FP), R6
	MOVD lptr_base+168(FP), R7
	MOVD vals_base+192(FP), R8
	MOVD idx_base+216(FP), R9
	MOVD x_base+240(FP), R10
	MOVD r+264(FP), R11
	MOVD sO+272(FP), R12
	MOVD cO+280(FP), R13
	MOVD sU+288(FP), R14
	MOVD w+296(FP), R15
	LSL  $2, R11, R11             // row bytes
	LSL  $2, R12, R12             // sO bytes
	LSL  $2, R13, R13             // cO bytes
	LSL  $2, R14, R14             // sU bytes
	MOVD ptr_len+104(FP), R19
	CMP  $1, R19
	BLE  h32done                  // no nodes

h32blk:
	// Blocks of 16 columns while they fit.
	CMP    $16, R15
	BLT    h32one
	// c := 0; in pull mode V12..V15 = out[k : +16]
	MOVD   ocrd_base+48(FP), R2
	MOVD   ycrd_base+72(FP), R3
	MOVD   ptr_base+96(FP), R4
	MOVD   ptr_len+104(FP), R19
	SUB    $1, R19, R19
	MOVD   R0, R20
	ORR    R12, R13, R16
	CBNZ   R16, h32blknode
	VLD1   (R0), [V12.S4, V13.S4, V14.S4, V15.S4]

h32blknode:
	// s := 0; e, eend := ptr[c], ptr[c+1]
	MOVD.P 8(R4), R21
	MOVD   (R4), R22
	CMP    R22, R21
	BHI    h32bad
	MOVD   crd_len+128(FP), R26
	CMP    R26, R22
	BHI    h32bad
	VEOR   V4.B16, V4.B16, V4.B16
	VEOR   V5.B16, V5.B16, V5.B16
	VEOR   V6.B16, V6.B16, V6.B16
	VEOR   V7.B16, V7.B16, V7.B16
	CMP    R22, R21
	BEQ    h32blkrow

h32blkchild:
	// t := 0; vp, vend, ip := &vals[lptr[e]], &vals[lptr[e+1]], &idx[lptr[e]]
	ADD    R21<<3, R7, R16
	LDP    (R16), (R23, R24)
	MOVD   lbase+336(FP), R16
	SUB    R16, R23
	SUB    R16, R24
	CMP    R24, R23
	BHI    h32bad
	MOVD   idx_len+224(FP), R26
	CMP    R26, R24
	BHI    h32bad
	ADD    R24<<2, R8, R24
	ADD    R23<<3, R9, R25
	ADD    R23<<2, R8, R23
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16
	CMP    R24, R23
	BEQ    h32blkz

h32blkleaf:
	// t += vals[j] * x[idx[j]*r+k : +16]
	FMOVS.P 4(R23), F16
	MOVD.P 8(R25), R16
	MOVD   xrows+304(FP), R26
	CMP    R26, R16
	BHS    h32bad
	MUL    R11, R16, R16
	ADD    R10, R16, R16
	VLD1   (R16), [V8.S4, V9.S4, V10.S4, V11.S4]
	WORD $0x4f901100 // fmla v0.4s, v8.4s, v16.s[0]
	WORD $0x4f901121 // fmla v1.4s, v9.4s, v16.s[0]
	WORD $0x4f901142 // fmla v2.4s, v10.4s, v16.s[0]
	WORD $0x4f901163 // fmla v3.4s, v11.4s, v16.s[0]
	CMP    R24, R23
	BNE    h32blkleaf

h32blkz:
	// s += z[crd[e]*r+k : +16] * t; e++
	MOVD   (R5)(R21<<3), R16
	MOVD   zrows+312(FP), R26
	CMP    R26, R16
	BHS    h32bad
	MUL    R11, R16, R16
	ADD    R6, R16, R16
	VLD1   (R16), [V8.S4, V9.S4, V10.S4, V11.S4]
	VFMLA  V8.S4, V0.S4, V4.S4
	VFMLA  V9.S4, V1.S4, V5.S4
	VFMLA  V10.S4, V2.S4, V6.S4
	VFMLA  V11.S4, V3.S4, V7.S4
	ADD    $1, R21, R21
	CMP    R22, R21
	BNE    h32blkchild

h32blkrow:
	// V8..V11 = y[ycrd[c]*sU+k : +16]
	MOVD.P 8(R3), R17
	MOVD   ybound+328(FP), R26
	CMP    R26, R17
	BHS    h32bad
	MUL    R14, R17, R17
	ADD    R1, R17, R17
	VLD1   (R17), [V8.S4, V9.S4, V10.S4, V11.S4]
	ORR    R12, R13, R16
	CBZ    R16, h32blkpull
	// out[ocrd[c]*sO + c*cO + k : +16] += y * s
	MOVD.P 8(R2), R16
	MOVD   obound+320(FP), R26
	CMP    R26, R16
	BHS    h32bad
	MUL    R12, R16, R16
	ADD    R20, R16, R16
	VLD1   (R16), [V12.S4, V13.S4, V14.S4, V15.S4]
	VFMLA  V8.S4, V4.S4, V12.S4
	VFMLA  V9.S4, V5.S4, V13.S4
	VFMLA  V10.S4, V6.S4, V14.S4
	VFMLA  V11.S4, V7.S4, V15.S4
	VST1   [V12.S4, V13.S4, V14.S4, V15.S4], (R16)
	ADD    R13, R20, R20
	SUB    $1, R19, R19
	CBNZ   R19, h32blknode
	B      h32blknext

h32blkpull:
	// V12..V15 += y * s; c++
	VFMLA  V8.S4, V4.S4, V12.S4
	VFMLA  V9.S4, V5.S4, V13.S4
	VFMLA  V10.S4, V6.S4, V14.S4
	VFMLA  V11.S4, V7.S4, V15.S4
	SUB    $1, R19, R19
	CBNZ   R19, h32blknode
	VST1   [V12.S4, V13.S4, V14.S4, V15.S4], (R0)

h32blknext:
	// k += 16
	ADD    $64, R0, R0
	ADD    $64, R1, R1
	ADD    $64, R6, R6
	ADD    $64, R10, R10
	SUB    $16, R15, R15
	B      h32blk

h32one:
	// Blocks of 4 columns (one register) up to w: the same with V0, V4, V8
	// and V12.
	CBZ    R15, h32done
	MOVD   ocrd_base+48(FP), R2
	MOVD   ycrd_base+72(FP), R3
	MOVD   ptr_base+96(FP), R4
	MOVD   ptr_len+104(FP), R19
	SUB    $1, R19, R19
	MOVD   R0, R20
	ORR    R12, R13, R16
	CBNZ   R16, h32onenode
	VLD1   (R0), [V12.S4]

h32onenode:
	MOVD.P 8(R4), R21
	MOVD   (R4), R22
	CMP    R22, R21
	BHI    h32bad
	MOVD   crd_len+128(FP), R26
	CMP    R26, R22
	BHI    h32bad
	VEOR   V4.B16, V4.B16, V4.B16
	CMP    R22, R21
	BEQ    h32onerow

h32onechild:
	ADD    R21<<3, R7, R16
	LDP    (R16), (R23, R24)
	MOVD   lbase+336(FP), R16
	SUB    R16, R23
	SUB    R16, R24
	CMP    R24, R23
	BHI    h32bad
	MOVD   idx_len+224(FP), R26
	CMP    R26, R24
	BHI    h32bad
	ADD    R24<<2, R8, R24
	ADD    R23<<3, R9, R25
	ADD    R23<<2, R8, R23
	VEOR   V0.B16, V0.B16, V0.B16
	CMP    R24, R23
	BEQ    h32onez

h32oneleaf:
	// t += vals[j] * x[idx[j]*r+k : +4]
	FMOVS.P 4(R23), F16
	MOVD.P 8(R25), R16
	MOVD   xrows+304(FP), R26
	CMP    R26, R16
	BHS    h32bad
	MUL    R11, R16, R16
	ADD    R10, R16, R16
	VLD1   (R16), [V8.S4]
	WORD $0x4f901100 // fmla v0.4s, v8.4s, v16.s[0]
	CMP    R24, R23
	BNE    h32oneleaf

h32onez:
	// s += z[crd[e]*r+k : +4] * t; e++
	MOVD   (R5)(R21<<3), R16
	MOVD   zrows+312(FP), R26
	CMP    R26, R16
	BHS    h32bad
	MUL    R11, R16, R16
	ADD    R6, R16, R16
	VLD1   (R16), [V8.S4]
	VFMLA  V8.S4, V0.S4, V4.S4
	ADD    $1, R21, R21
	CMP    R22, R21
	BNE    h32onechild

h32onerow:
	MOVD.P 8(R3), R17
	MOVD   ybound+328(FP), R26
	CMP    R26, R17
	BHS    h32bad
	MUL    R14, R17, R17
	ADD    R1, R17, R17
	VLD1   (R17), [V8.S4]
	ORR    R12, R13, R16
	CBZ    R16, h32onepull
	// out[ocrd[c]*sO + c*cO + k : +4] += y * s
	MOVD.P 8(R2), R16
	MOVD   obound+320(FP), R26
	CMP    R26, R16
	BHS    h32bad
	MUL    R12, R16, R16
	ADD    R20, R16, R16
	VLD1   (R16), [V12.S4]
	VFMLA  V8.S4, V4.S4, V12.S4
	VST1   [V12.S4], (R16)
	ADD    R13, R20, R20
	SUB    $1, R19, R19
	CBNZ   R19, h32onenode
	B      h32onenext

h32onepull:
	VFMLA  V8.S4, V4.S4, V12.S4
	SUB    $1, R19, R19
	CBNZ   R19, h32onenode
	VST1   [V12.S4], (R0)

h32onenext:
	// k += 4
	ADD    $16, R0, R0
	ADD    $16, R1, R1
	ADD    $16, R6, R6
	ADD    $16, R10, R10
	SUB    $4, R15, R15
	B      h32one

h32done:
	MOVD   ZR, ret+344(FP)
	RET

h32bad:
	MOVD   $1, R0
	MOVD   R0, ret+344(FP)
	RET

// func GatherHadamard2F64NEON(out, y []float64, ocrd, ycrd, ptr, crd []uint64, z []float64, lptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU, w int, xrows, zrows, obound, ybound, lbase uint64) int
//
// r >= 1, w a positive multiple of 2 with w <= r, and what
// GatherHadamard2F32NEON assumes; returns 1 at the first segment or index
// out of range, else 0.
TEXT ·GatherHadamard2F64NEON(SB), NOSPLIT, $0-352
	MOVD out_base+0(FP), R0
	MOVD y_base+24(FP), R1
	MOVD crd_base+120(FP), R5
	MOVD z_base+144(FP), R6
	MOVD lptr_base+168(FP), R7
	MOVD vals_base+192(FP), R8
	MOVD idx_base+216(FP), R9
	MOVD x_base+240(FP), R10
	MOVD r+264(FP), R11
	MOVD sO+272(FP), R12
	MOVD cO+280(FP), R13
	MOVD sU+288(FP), R14
	MOVD w+296(FP), R15
	LSL  $3, R11, R11             // row bytes
	LSL  $3, R12, R12             // sO bytes
	LSL  $3, R13, R13             // cO bytes
	LSL  $3, R14, R14             // sU bytes
	MOVD ptr_len+104(FP), R19
	CMP  $1, R19
	BLE  h64done                  // no nodes

h64blk:
	// Blocks of 8 columns while they fit.
	CMP    $8, R15
	BLT    h64one
	// c := 0; in pull mode V12..V15 = out[k : +8]
	MOVD   ocrd_base+48(FP), R2
	MOVD   ycrd_base+72(FP), R3
	MOVD   ptr_base+96(FP), R4
	MOVD   ptr_len+104(FP), R19
	SUB    $1, R19, R19
	MOVD   R0, R20
	ORR    R12, R13, R16
	CBNZ   R16, h64blknode
	VLD1   (R0), [V12.D2, V13.D2, V14.D2, V15.D2]

h64blknode:
	// s := 0; e, eend := ptr[c], ptr[c+1]
	MOVD.P 8(R4), R21
	MOVD   (R4), R22
	CMP    R22, R21
	BHI    h64bad
	MOVD   crd_len+128(FP), R26
	CMP    R26, R22
	BHI    h64bad
	VEOR   V4.B16, V4.B16, V4.B16
	VEOR   V5.B16, V5.B16, V5.B16
	VEOR   V6.B16, V6.B16, V6.B16
	VEOR   V7.B16, V7.B16, V7.B16
	CMP    R22, R21
	BEQ    h64blkrow

h64blkchild:
	// t := 0; vp, vend, ip := &vals[lptr[e]], &vals[lptr[e+1]], &idx[lptr[e]]
	ADD    R21<<3, R7, R16
	LDP    (R16), (R23, R24)
	MOVD   lbase+336(FP), R16
	SUB    R16, R23
	SUB    R16, R24
	CMP    R24, R23
	BHI    h64bad
	MOVD   idx_len+224(FP), R26
	CMP    R26, R24
	BHI    h64bad
	ADD    R24<<3, R8, R24
	ADD    R23<<3, R9, R25
	ADD    R23<<3, R8, R23
	VEOR   V0.B16, V0.B16, V0.B16
	VEOR   V1.B16, V1.B16, V1.B16
	VEOR   V2.B16, V2.B16, V2.B16
	VEOR   V3.B16, V3.B16, V3.B16
	CMP    R24, R23
	BEQ    h64blkz

h64blkleaf:
	// t += vals[j] * x[idx[j]*r+k : +8]
	FMOVD.P 8(R23), F16
	MOVD.P 8(R25), R16
	MOVD   xrows+304(FP), R26
	CMP    R26, R16
	BHS    h64bad
	MUL    R11, R16, R16
	ADD    R10, R16, R16
	VLD1   (R16), [V8.D2, V9.D2, V10.D2, V11.D2]
	WORD $0x4fd01100 // fmla v0.2d, v8.2d, v16.d[0]
	WORD $0x4fd01121 // fmla v1.2d, v9.2d, v16.d[0]
	WORD $0x4fd01142 // fmla v2.2d, v10.2d, v16.d[0]
	WORD $0x4fd01163 // fmla v3.2d, v11.2d, v16.d[0]
	CMP    R24, R23
	BNE    h64blkleaf

h64blkz:
	// s += z[crd[e]*r+k : +8] * t; e++
	MOVD   (R5)(R21<<3), R16
	MOVD   zrows+312(FP), R26
	CMP    R26, R16
	BHS    h64bad
	MUL    R11, R16, R16
	ADD    R6, R16, R16
	VLD1   (R16), [V8.D2, V9.D2, V10.D2, V11.D2]
	VFMLA  V8.D2, V0.D2, V4.D2
	VFMLA  V9.D2, V1.D2, V5.D2
	VFMLA  V10.D2, V2.D2, V6.D2
	VFMLA  V11.D2, V3.D2, V7.D2
	ADD    $1, R21, R21
	CMP    R22, R21
	BNE    h64blkchild

h64blkrow:
	// V8..V11 = y[ycrd[c]*sU+k : +8]
	MOVD.P 8(R3), R17
	MOVD   ybound+328(FP), R26
	CMP    R26, R17
	BHS    h64bad
	MUL    R14, R17, R17
	ADD    R1, R17, R17
	VLD1   (R17), [V8.D2, V9.D2, V10.D2, V11.D2]
	ORR    R12, R13, R16
	CBZ    R16, h64blkpull
	// out[ocrd[c]*sO + c*cO + k : +8] += y * s
	MOVD.P 8(R2), R16
	MOVD   obound+320(FP), R26
	CMP    R26, R16
	BHS    h64bad
	MUL    R12, R16, R16
	ADD    R20, R16, R16
	VLD1   (R16), [V12.D2, V13.D2, V14.D2, V15.D2]
	VFMLA  V8.D2, V4.D2, V12.D2
	VFMLA  V9.D2, V5.D2, V13.D2
	VFMLA  V10.D2, V6.D2, V14.D2
	VFMLA  V11.D2, V7.D2, V15.D2
	VST1   [V12.D2, V13.D2, V14.D2, V15.D2], (R16)
	ADD    R13, R20, R20
	SUB    $1, R19, R19
	CBNZ   R19, h64blknode
	B      h64blknext

h64blkpull:
	// V12..V15 += y * s; c++
	VFMLA  V8.D2, V4.D2, V12.D2
	VFMLA  V9.D2, V5.D2, V13.D2
	VFMLA  V10.D2, V6.D2, V14.D2
	VFMLA  V11.D2, V7.D2, V15.D2
	SUB    $1, R19, R19
	CBNZ   R19, h64blknode
	VST1   [V12.D2, V13.D2, V14.D2, V15.D2], (R0)

h64blknext:
	// k += 8
	ADD    $64, R0, R0
	ADD    $64, R1, R1
	ADD    $64, R6, R6
	ADD    $64, R10, R10
	SUB    $8, R15, R15
	B      h64blk

h64one:
	// Blocks of 2 columns (one register) up to w: the same with V0, V4, V8
	// and V12.
	CBZ    R15, h64done
	MOVD   ocrd_base+48(FP), R2
	MOVD   ycrd_base+72(FP), R3
	MOVD   ptr_base+96(FP), R4
	MOVD   ptr_len+104(FP), R19
	SUB    $1, R19, R19
	MOVD   R0, R20
	ORR    R12, R13, R16
	CBNZ   R16, h64onenode
	VLD1   (R0), [V12.D2]

h64onenode:
	MOVD.P 8(R4), R21
	MOVD   (R4), R22
	CMP    R22, R21
	BHI    h64bad
	MOVD   crd_len+128(FP), R26
	CMP    R26, R22
	BHI    h64bad
	VEOR   V4.B16, V4.B16, V4.B16
	CMP    R22, R21
	BEQ    h64onerow

h64onechild:
	ADD    R21<<3, R7, R16
	LDP    (R16), (R23, R24)
	MOVD   lbase+336(FP), R16
	SUB    R16, R23
	SUB    R16, R24
	CMP    R24, R23
	BHI    h64bad
	MOVD   idx_len+224(FP), R26
	CMP    R26, R24
	BHI    h64bad
	ADD    R24<<3, R8, R24
	ADD    R23<<3, R9, R25
	ADD    R23<<3, R8, R23
	VEOR   V0.B16, V0.B16, V0.B16
	CMP    R24, R23
	BEQ    h64onez

h64oneleaf:
	// t += vals[j] * x[idx[j]*r+k : +2]
	FMOVD.P 8(R23), F16
	MOVD.P 8(R25), R16
	MOVD   xrows+304(FP), R26
	CMP    R26, R16
	BHS    h64bad
	MUL    R11, R16, R16
	ADD    R10, R16, R16
	VLD1   (R16), [V8.D2]
	WORD $0x4fd01100 // fmla v0.2d, v8.2d, v16.d[0]
	CMP    R24, R23
	BNE    h64oneleaf

h64onez:
	// s += z[crd[e]*r+k : +2] * t; e++
	MOVD   (R5)(R21<<3), R16
	MOVD   zrows+312(FP), R26
	CMP    R26, R16
	BHS    h64bad
	MUL    R11, R16, R16
	ADD    R6, R16, R16
	VLD1   (R16), [V8.D2]
	VFMLA  V8.D2, V0.D2, V4.D2
	ADD    $1, R21, R21
	CMP    R22, R21
	BNE    h64onechild

h64onerow:
	MOVD.P 8(R3), R17
	MOVD   ybound+328(FP), R26
	CMP    R26, R17
	BHS    h64bad
	MUL    R14, R17, R17
	ADD    R1, R17, R17
	VLD1   (R17), [V8.D2]
	ORR    R12, R13, R16
	CBZ    R16, h64onepull
	// out[ocrd[c]*sO + c*cO + k : +2] += y * s
	MOVD.P 8(R2), R16
	MOVD   obound+320(FP), R26
	CMP    R26, R16
	BHS    h64bad
	MUL    R12, R16, R16
	ADD    R20, R16, R16
	VLD1   (R16), [V12.D2]
	VFMLA  V8.D2, V4.D2, V12.D2
	VST1   [V12.D2], (R16)
	ADD    R13, R20, R20
	SUB    $1, R19, R19
	CBNZ   R19, h64onenode
	B      h64onenext

h64onepull:
	VFMLA  V8.D2, V4.D2, V12.D2
	SUB    $1, R19, R19
	CBNZ   R19, h64onenode
	VST1   [V12.D2], (R0)

h64onenext:
	// k += 2
	ADD    $16, R0, R0
	ADD    $16, R1, R1
	ADD    $16, R6, R6
	ADD    $16, R10, R10
	SUB    $2, R15, R15
	B      h64one

h64done:
	MOVD   ZR, ret+344(FP)
	RET

h64bad:
	MOVD   $1, R0
	MOVD   R0, ret+344(FP)
	RET
