package main

import (
	"fmt"
	"strings"
)

// spmv1_amd64.s: the AVX-512 and AVX2 SpMV kernels for matrices whose rows
// mostly hold one entry (a leaf TTV on fibers of one leaf is such an SpMV),
// for float32 and float64. The general kernel batches short rows (products,
// then per-row sums) and loses to a plain Go loop on such a matrix; these
// take eight (AVX2: four) rows a step when every row of the step holds one
// entry: one gathered load of x, one multiply, one store.

const spmv1Doc = `// SpMV1 (y = alpha*A*x + beta*y) for rows of mostly one entry, per step of
// L rows c..c+L-1 (L = 8 under AVX-512, 4 under AVX2):
//
//	if ptr[c+1..c+L+1] - ptr[c..c+L] are all 1 and ptr[c]+L <= len(idx) {
//		j := ptr[c]
//		m := idx[j:j+L] < len(x)                      // lanes out of range add 0
//		p := 0 + vals[j:j+L] * x[idx[j:j+L]] under m  // one gathered load
//		(0 + ...: a sum from +0, as ref's, so that a -0 product gives +0)
//		y[c:c+L] = alpha*p (+ beta*y unless beta is +0)
//	} else {
//		the eight rows one by one, as ref does: the row's range clamped to
//		len(idx), entries whose index is not below len(x) skipped
//	}
//
// and the rows after the last whole step one by one. It reads ptr[c..c+L] of
// each step: the Go side guarantees len(ptr) == len(y)+1.
//
// Registers by role:
//	DI y   SI ptr   R9 idx   R8 len(idx)   R11 vals   R10 x   DX len(x)
//	CX rows   R12 row c   R14 end of the step   R13 j   R15 end of a row
//	Z9/Y9 qword ones   Z10 len(x) in every lane (AVX2: Y10 len(x) and Y11
//	the sign bit, for a signed compare)   X7/Y7/Z7 alpha   X8/Y8/Z8 beta

#include "textflag.h"
`

// spmv1StepAVX512 is eight rows a step: lengths by a mask compare, x by a
// masked gather.
func spmv1StepAVX512(es int, sfx, v, p string) []string {
	o := []string{"\tLEAQ 8(R12), R14", "\tCMPQ R14, CX", "\tJHI " + p + "tail",
		"\tVMOVDQU64 (SI)(R12*8), Z0", "\tVMOVDQU64 8(SI)(R12*8), Z1", "\tVPSUBQ Z0, Z1, Z2",
		"\tVPCMPEQQ Z9, Z2, K1", "\tKMOVB K1, AX", "\tCMPB AL, $0xff", "\tJNE " + p + "rows"}
	o = append(o, spmv1Room(8, p)...)
	return append(o, "\tVMOVDQU64 (R9)(R13*8), Z3", "\tVPCMPUQ $1, Z10, Z3, K2", fmt.Sprintf("\tVXORP%c %s4, %s4, %s4", sfx[1], v, v, v),
		fmt.Sprintf("\tVGATHERQ%s (R10)(Z3*%d), K2, %s4", sfx, es, v))
}

// spmv1StepAVX2 is four rows a step: lengths by VPCMPEQQ and VMOVMSKPD; the
// index range by a signed compare of sign-flipped values (AVX2 has no
// unsigned one).
func spmv1StepAVX2(es int, sfx, v, p string) []string {
	o := []string{"\tLEAQ 4(R12), R14", "\tCMPQ R14, CX", "\tJHI " + p + "tail",
		"\tVMOVDQU (SI)(R12*8), Y0", "\tVMOVDQU 8(SI)(R12*8), Y1", "\tVPSUBQ Y0, Y1, Y2",
		"\tVPCMPEQQ Y9, Y2, Y2", "\tVMOVMSKPD Y2, AX", "\tCMPL AX, $0xf", "\tJNE " + p + "rows"}
	o = append(o, spmv1Room(4, p)...)
	o = append(o, "\tVMOVDQU (R9)(R13*8), Y3", "\tVPXOR Y3, Y11, Y5", "\tVPCMPGTQ Y5, Y10, Y5",
		fmt.Sprintf("\tVXORP%c %s4, %s4, %s4", sfx[1], v, v, v))
	if es == 8 {
		return append(o, "\tVGATHERQPD Y5, (R10)(Y3*8), Y4")
	}
	// the qword mask's low dwords, for four float32 lanes
	return append(o, "\tVEXTRACTI128 $1, Y5, X6", "\tVSHUFPS $0x88, X6, X5, X5", "\tVGATHERQPS X5, (R10)(Y3*4), X4")
}

// spmv1Room sets j = ptr[c] and leaves for the row loop unless n entries
// from j lie within idx (no overflow).
func spmv1Room(n int, p string) []string {
	return []string{"\tMOVQ (SI)(R12*8), R13", fmt.Sprintf("\tCMPQ R8, $%d", n), "\tJCS " + p + "rows", "\tMOVQ R8, BX", fmt.Sprintf("\tSUBQ $%d, BX", n),
		"\tCMPQ R13, BX", "\tJHI " + p + "rows"}
}

// spmv1Func emits SpMV1<T><ISA>.
func spmv1Func(t, isa string) []string {
	es, tn, name := 4, "float32", "SpMV1F32"
	if t == "f64" {
		es, tn, name = 8, "float64", "SpMV1F64"
	}
	name += strings.ToUpper(isa)
	p := strings.ToLower(name)
	frame := 128
	if es == 8 {
		frame = 136
	}
	aoff, boff := 120, 120+es
	sfx, ss, bc := "PS", "SS", "VBROADCASTSS"
	if es == 8 {
		sfx, ss, bc = "PD", "SD", "VBROADCASTSD"
	}
	lanes := 4
	if isa == "avx512" {
		lanes = 8
	}
	// a vector of one value per row of a step
	v := map[[2]int]string{{8, 8}: "Z", {8, 4}: "Y", {4, 8}: "Y", {4, 4}: "X"}[[2]int{lanes, es}]
	bcmp := fmt.Sprintf("CMPL beta+%d(FP), $0", boff)
	if es == 8 {
		bcmp = fmt.Sprintf("CMPQ beta+%d(FP), $0", boff)
	}
	req := "AVX, AVX2, FMA3"
	if isa == "avx512" {
		req = "AVX512F, AVX512VL"
	}
	wide := "Y"
	if v == "Z" {
		wide = "Z"
	}
	o := []string{fmt.Sprintf("// func %s(y, x []%s, ptr, idx []uint64, vals []%s, alpha, beta %s)", name, tn, tn, tn),
		"// Requires: " + req,
		fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $0-%d", name, frame),
		"\tMOVQ y_base+0(FP), DI", "\tMOVQ y_len+8(FP), CX", "\tMOVQ x_base+24(FP), R10",
		"\tMOVQ x_len+32(FP), DX", "\tMOVQ ptr_base+48(FP), SI", "\tMOVQ idx_base+72(FP), R9",
		"\tMOVQ idx_len+80(FP), R8", "\tMOVQ vals_base+96(FP), R11",
		fmt.Sprintf("\t%s alpha+%d(FP), %s7", bc, aoff, wide), fmt.Sprintf("\t%s beta+%d(FP), %s8", bc, boff, wide)}
	var step []string
	if isa == "avx512" {
		o = append(o, "\tMOVQ $1, AX", "\tVPBROADCASTQ AX, Z9", "\tVPBROADCASTQ DX, Z10")
		step = spmv1StepAVX512(es, sfx, v, p)
	} else {
		o = append(o, "\tMOVQ $1, AX", "\tMOVQ AX, X9", "\tVPBROADCASTQ X9, Y9",
			"\tMOVQ $0x8000000000000000, AX", "\tMOVQ AX, X11", "\tVPBROADCASTQ X11, Y11",
			"\tXORQ DX, AX", "\tMOVQ AX, X10", "\tVPBROADCASTQ X10, Y10")
		step = spmv1StepAVX2(es, sfx, v, p)
	}
	o = append(o, "\tXORQ R12, R12", p+"step:")
	o = append(o, step...)
	return append(o,
		// p = +0 + vals*x, as ref's sum from +0: a -0 product gives +0
		fmt.Sprintf("\tVXORP%c %s5, %s5, %s5", sfx[1], v, v, v), fmt.Sprintf("\tVFMADD231%s (R11)(R13*%d), %s4, %s5", sfx, es, v, v),
		fmt.Sprintf("\tVMUL%s %s7, %s5, %s4", sfx, v, v, v),
		"\t"+bcmp, "\tJEQ "+p+"nobeta", fmt.Sprintf("\tVFMADD231%s (DI)(R12*%d), %s8, %s4", sfx, es, v, v),
		p+"nobeta:", fmt.Sprintf("\tVMOVU%s %s4, (DI)(R12*%d)", sfx, v, es), "\tMOVQ R14, R12", "\tJMP "+p+"step",
		p+"tail:", "\tMOVQ CX, R14",
		// rows c..R14-1 one by one
		p+"rows:", "\tCMPQ R12, R14", "\tJCC "+p+"rowsdone",
		"\tMOVQ (SI)(R12*8), R13", "\tMOVQ 8(SI)(R12*8), R15",
		// end clamped to len(idx); an inverted range ends at once
		"\tCMPQ R15, R8", "\tCMOVQHI R8, R15", fmt.Sprintf("\tVXORP%c X5, X5, X5", sfx[1]),
		p+"entry:", "\tCMPQ R13, R15", "\tJCC "+p+"rowend", "\tMOVQ (R9)(R13*8), BX",
		"\tCMPQ BX, DX", "\tJCC "+p+"skip", fmt.Sprintf("\tVMOV%s (R10)(BX*%d), X6", ss, es),
		fmt.Sprintf("\tVFMADD231%s (R11)(R13*%d), X6, X5", ss, es), p+"skip:", "\tINCQ R13", "\tJMP "+p+"entry",
		p+"rowend:", fmt.Sprintf("\tVMUL%s X7, X5, X5", ss), "\t"+bcmp, "\tJEQ "+p+"rownobeta",
		fmt.Sprintf("\tVFMADD231%s (DI)(R12*%d), X8, X5", ss, es), p+"rownobeta:", fmt.Sprintf("\tVMOV%s X5, (DI)(R12*%d)", ss, es),
		"\tINCQ R12", "\tJMP "+p+"rows",
		p+"rowsdone:", "\tCMPQ R12, CX", "\tJCS "+p+"step", "\tVZEROUPPER", "\tRET", "")
}

// spmv1File is spmv1_amd64.s after the build line.
func spmv1File() string {
	out := []string{spmv1Doc}
	for _, isa := range []string{"avx512", "avx2"} {
		for _, t := range []string{"f64", "f32"} {
			out = append(out, strings.Join(spmv1Func(t, isa), "\n"))
		}
	}
	return strings.Join(out, "\n")
}
