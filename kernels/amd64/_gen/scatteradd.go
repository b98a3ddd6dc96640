package main

import "fmt"

// scatteradd_amd64.s: ScatterAddF64AVX2, ScatterAddF32AVX2,
// ScatterAddF64AVX512, ScatterAddF32AVX512.

func scatterAddFile() string {
	f := &asmFile{}
	f.doc(`ScatterAdd row loop (transposed SpMV):

	for i := range x {
		a := alpha * x[i]
		lo, hi := clamp(ptr[i], ptr[i+1], len(idx))
		for k := lo; k < hi; k++ {
			if idx[k] < len(y) { y[idx[k]] += a * vals[k] }
		}
	}

The product and the sum are separate instructions (multiply, then add), not
a fused multiply-add, as the loop rounds. AVX2 runs the loop in scalar
code, two entries a pass; AVX-512 gathers 8 y values, adds and scatters them
back, under a mask of the indices in range (and, for a row's last entries,
of the lanes left).

Registers by role:
	DI y base        R8 len(y)      SI x base      CX rows = len(x)
	DX ptr base      R9 idx base    R10 nnz        R11 vals base
	AX row i         R12 k          R13 hi         BX raw ptr[i+1]
	R14 entries left R15 index j`)
	f.blank()
	f.line(`#include "textflag.h"`)
	for _, t := range []struct {
		name, s, p string
		es         int
	}{{"F64", "SD", "PD", 8}, {"F32", "SS", "PS", 4}} {
		scatterAddAVX2(f, "ScatterAdd"+t.name+"AVX2", t.s, t.es)
	}
	for _, t := range []struct {
		name, s, p, v string
		es            int
	}{{"F64", "SD", "PD", "Z", 8}, {"F32", "SS", "PS", "Y", 4}} {
		scatterAddAVX512(f, "ScatterAdd"+t.name+"AVX512", t.s, t.p, t.v, t.es)
	}
	return f.String()
}

// scatterAddArgs loads the arguments of a scatter-add kernel (this
// file's and scatteraddnarrow.go's; s the element suffix): y, len(y), x,
// len(x), ptr, idx, len(idx) and vals into DI, R8, SI, CX, DX, R9, R10 and
// R11, alpha into X12.
func scatterAddArgs(f *asmFile, s string) {
	f.i("MOVQ y_base+0(FP), DI")
	f.i("MOVQ y_len+8(FP), R8")
	f.i("MOVQ x_base+24(FP), SI")
	f.i("MOVQ x_len+32(FP), CX")
	f.i("MOVQ ptr_base+48(FP), DX")
	f.i("MOVQ idx_base+72(FP), R9")
	f.i("MOVQ idx_len+80(FP), R10")
	f.i("MOVQ vals_base+96(FP), R11")
	f.i("VMOV%s alpha+120(FP), X12", s)
}

// scatterAddRow opens the row loop of either kernel: the arguments, then
// for row AX the segment (R12, R13) clamped to len(idx) and X13 = alpha *
// x[i]; avx512 also broadcasts len(y) into Z30 before the loop.
func scatterAddRow(f *asmFile, s string, es int, avx512 bool) {
	scatterAddArgs(f, s)
	if avx512 {
		f.i("VPBROADCASTQ R8, Z30")
	}
	f.i("XORQ AX, AX")
	f.i("MOVQ (DX), BX")
	f.label("row")
	f.i("CMPQ AX, CX")
	f.i("JAE done")
	f.c("lo, hi := clamp(ptr[i], ptr[i+1], len(idx)); an inverted range is empty")
	f.i("MOVQ BX, R12")
	f.i("MOVQ 8(DX)(AX*8), R13")
	f.i("MOVQ R13, BX")
	f.clampSegment()
	f.i("VMUL%s (SI)(AX*%d), X12, X13 // a = alpha * x[i]", s, es)
}

// scatterAddEnd is the step to the next row and the return.
func scatterAddEnd(f *asmFile) {
	f.label("next")
	f.i("INCQ AX")
	f.i("JMP row")
	vzeroDone(f, "done")
}

// scatterAddAVX2 is the scalar kernel, two entries a pass.
func scatterAddAVX2(f *asmFile, name, s string, es int) {
	f.text(name, 0, "AVX, FMA3", "")
	scatterAddRow(f, s, es, false)
	f.label("by2")
	f.c("for ; lo+2 <= hi; lo += 2 { the entries lo and lo+1, each skipped when out of range }")
	f.i("LEAQ 2(R12), R14")
	f.i("CMPQ R14, R13")
	f.i("JA by1")
	for e := range 2 {
		f.i("MOVQ %s(R9)(R12*8), R15", disp(8*e))
		f.i("CMPQ R15, R8")
		f.i("JAE s%d", e)
		scatterAddOne(f, s, es, e)
		f.label(fmt.Sprintf("s%d", e))
	}
	f.i("MOVQ R14, R12")
	f.i("JMP by2")
	f.label("by1")
	f.c("the last entry, if any")
	f.i("CMPQ R12, R13")
	f.i("JAE next")
	f.i("MOVQ (R9)(R12*8), R15")
	f.i("CMPQ R15, R8")
	f.i("JAE next")
	scatterAddOne(f, s, es, 0)
	scatterAddEnd(f)
}

// scatterAddOne adds a * vals[k+e] into y[R15], with X(e) as scratch.
func scatterAddOne(f *asmFile, s string, es, e int) {
	f.i("VMUL%s %s(R11)(R12*%d), X13, X%d", s, disp(es*e), es, e)
	f.i("VADD%s (DI)(R15*%d), X%d, X%d", s, es, e, e)
	f.i("VMOV%s X%d, (DI)(R15*%d)", s, e, es)
}

// scatterAddAVX512 gathers, adds and scatters 8 entries a pass, the row's
// last 0..7 under a lane mask; v is the register kind of 8 values (Z for
// float64, Y for float32).
func scatterAddAVX512(f *asmFile, name, s, p, v string, es int) {
	f.text(name, 0, "AVX512F, AVX512VL, BMI2", "")
	scatterAddRow(f, s, es, true)
	scatterAddBy8(f, s, v)
	f.i("VMOVDQU64 (R9)(R12*8), Z4")
	f.i("VPCMPUQ $1, Z30, Z4, K1 // lanes with idx < len(y)")
	f.label("vec")
	f.i("KMOVB K1, K2")
	scatterAddLanes(f, "Q", p, v, "Z4", es, func() {
		f.i("VMOVDQU64.Z (R9)(R12*8), K3, Z4")
		f.i("VPCMPUQ $1, Z30, Z4, K3, K1")
	})
	scatterAddEnd(f)
}

// scatterAddBy8 opens the 8-entry loop of the AVX-512 scatter-adds (this
// file's and scatteraddnarrow.go's): a = alpha broadcast into register
// v28 (s the element suffix), R14 the row's entries left, and at by8 the
// jump to tail when fewer than 8 are left.
func scatterAddBy8(f *asmFile, s, v string) {
	f.i("VBROADCAST%s X13, %s28", s, v)
	f.i("MOVQ R13, R14")
	f.i("SUBQ R12, R14")
	f.label("by8")
	f.c("for ; left >= 8; lo, left = lo+8, left-8 { y[idx[lo:lo+8]] += a * vals[lo:lo+8] where idx < len(y) }")
	f.i("CMPQ R14, $8")
	f.i("JB tail")
}

// scatterAddLanes is the body of the AVX-512 scatter-adds' 8-entry loop
// from the gather on, with K1 the lanes in range and K2 its copy: y at
// the indices in register idx (lanes of w, Q or D) gathered, a * vals
// added, scattered back, then the next 8 at by8. At tail it runs the
// row's last left < 8 entries through the same body at vec, under mask K3
// of the first left lanes: load loads their indices under K3 and sets K1.
func scatterAddLanes(f *asmFile, w, p, v, idx string, es int, load func()) {
	f.i("VPXORQ %[1]s8, %[1]s8, %[1]s8", v)
	f.i("VGATHER%s%s (DI)(%s*%d), K2, %s8", w, p, idx, es, v)
	f.i("VMUL%s.Z (R11)(R12*%d), %s28, K1, %s9", p, es, v, v)
	f.i("VADD%s %s9, %s8, %s8", p, v, v, v)
	f.i("VSCATTER%s%s %s8, K1, (DI)(%s*%d)", w, p, v, idx, es)
	f.i("ADDQ $8, R12")
	f.i("SUBQ $8, R14")
	f.i("JMP by8")
	f.label("tail")
	f.c("left < 8: the same body on 8 lanes, masked to the first left")
	f.i("TESTQ R14, R14")
	f.i("JZ next")
	f.i("MOVL $0xff, R15")
	f.i("BZHIQ R14, R15, R15")
	f.i("KMOVB R15, K3")
	load()
	f.i("MOVQ R13, R12 // the tail ends the row")
	f.i("SUBQ R14, R12")
	f.i("MOVQ $8, R14 // so that the shared body (8 lanes, masked) finishes it")
	f.i("JMP vec")
}
