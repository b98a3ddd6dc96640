package main

import "fmt"

// qscatter_amd64.s: the fused quantized scatter kernels (QScatterAdd, the
// transposed SpMV), which decode the codes where ScatterAdd reads values.

func init() { decls = append(decls, qsDecls()...) }

// qsKernel is one kernel of the family: its name, its code kind ("i8":
// int8 codes converted; "nib": 4-bit codes, two a byte, through a 16-entry
// table; "tab8": 8-bit codes through a 256-entry table) and its scale
// kind ("row": one a row; "block": a float32 scale per block of b
// values; "mx": an E8M0 exponent per block).
type qsKernel struct {
	name, code, scale string
}

var qsKernels = []qsKernel{
	{"QScatterI8RowAVX2", "i8", "row"},
	{"QScatterI8BlockAVX2", "i8", "block"},
	{"QScatter4BlockAVX2", "nib", "block"},
	{"QScatter4MXAVX2", "nib", "mx"},
	{"QScatter8MXAVX2", "tab8", "mx"},
}

// qsDecls are the family's declarations.
func qsDecls() []decl {
	return []decl{
		{"qscatter", "QScatterI8RowAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, alpha float32)", `QScatterI8RowAVX2 computes ScatterAdd on int8 codes with one scale per
row:

	for i := range x {
		a := alpha * x[i]
		for k := ptr[i]; k < ptr[i+1]; k++ { // clamped to len(idx)
			if idx[k] < len(y) { y[idx[k]] += a * (float32(int8(codes[k])) * rs[i]) }
		}
	}

each value one float32 product rounded once (quant.Values.At), then the
product and the sum as ScatterAdd's kernels round them (no fused
multiply-add), one entry at a time. It needs len(ptr) == len(x)+1,
len(codes) >= len(idx) and len(rs) >= len(x).
Requires: AVX, AVX2, BMI2.`},
		{"qscatter", "QScatterI8BlockAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, b int, alpha float32)", `QScatterI8BlockAVX2 is QScatterI8RowAVX2 with one scale per block of b
values, blocks running through the stored values across rows:

	y[idx[k]] += a * (float32(int8(codes[k])) * scale[k/b])

It finds a row's first block by division only when the row does not
start in the block where the last row ended. It needs len(ptr) ==
len(x)+1, b >= 1, len(codes) >= len(idx) and a scale for every block of
the values of the rows; it reads a block's scale only when a value of
the block is read.
Requires: AVX, AVX2, BMI2.`},
		{"qscatter", "QScatter4BlockAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, table, scale []float32, b int, alpha float32)", `QScatter4BlockAVX2 is QScatterI8BlockAVX2 on 4-bit codes (two a byte,
value k in the low nibble of codes[k/2] when k is even, the high one
otherwise) through their table:

	y[idx[k]] += a * (table[nibble k] * scale[k/b])

It needs len(table) == 16, len(codes) >= (len(idx)+1)/2 and the rest as
QScatterI8BlockAVX2.
Requires: AVX, AVX2, BMI2.`},
		{"qscatter", "QScatter4MXAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, table []float32, exps []byte, b int, alpha float32)", mxRegDoc("QScatter4MXAVX2", "QScatter4BlockAVX2", "AVX, AVX2, BMI2")},
		{"qscatter", "QScatter8MXAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, table []float32, exps []byte, b int, alpha float32)", `QScatter8MXAVX2 is QScatter4MXAVX2 on 8-bit codes (FP8 E4M3) through a
256-entry table:

	y[idx[k]] += a * (table[codes[k]] * E8M0(exps[k/b]))

It needs len(table) == 256, len(codes) >= len(idx) and the rest as
QScatter4MXAVX2.
Requires: AVX, AVX2, BMI2.`},
	}
}

// qscatterFile is qscatter_amd64.s.
func qscatterFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(`The fused quantized scatter kernels: ScatterAdd's row loop with each
value decoded from its code in the loop, one entry at a time in scalar
code (AVX2 has no scatter; ScatterAdd's AVX2 kernel is scalar too).

Registers: DI y, R9 idx, R10 len(idx), R11 codes, R15 the table, BX the
scale of the row or the parameter of the current block (a pointer into
scale or exps), R8 the current block's end, CX the row, R12 the entry,
R13 the row's end, R14 the entry's index, AX and DX scratch; X12 alpha,
X13 alpha * x[i], X14 the current scale, X15 zero (the conversion's
merge source), X0 the value.`)
	for _, k := range qsKernels {
		qsKernelText(f, k)
	}
	return f.String()
}

// qsKernelText writes kernel k.
func qsKernelText(f *asmFile, k qsKernel) {
	n := k.name
	f.text(n, 0, "AVX, AVX2, BMI2", "")
	f.i("MOVQ %s, DI", arg(n, "y"))
	f.i("MOVQ %s, R9", arg(n, "idx"))
	f.i("MOVQ %s, R10", argLen(n, "idx"))
	f.i("MOVQ %s, R11", arg(n, "codes"))
	if k.code != "i8" {
		f.i("MOVQ %s, R15", arg(n, "table"))
	}
	f.i("VMOVSS %s, X12", arg(n, "alpha"))
	f.i("VXORPS X15, X15, X15")
	f.i("XORQ R8, R8 // no block yet")
	f.i("XORQ CX, CX")
	f.label("row")
	f.i("CMPQ CX, %s", argLen(n, "x"))
	f.i("JAE done")
	f.c("lo, hi := clamp(ptr[i], ptr[i+1], len(idx)); an inverted range is empty")
	f.i("MOVQ %s, R14", arg(n, "ptr"))
	f.i("MOVQ (R14)(CX*8), R12")
	f.i("MOVQ 8(R14)(CX*8), R13")
	f.clampSegment()
	f.i("CMPQ R12, R13")
	f.i("JAE next")
	f.i("MOVQ %s, R14", arg(n, "x"))
	f.i("VMULSS (R14)(CX*4), X12, X13 // a = alpha * x[i]")
	if k.scale == "row" {
		f.i("MOVQ %s, R14", arg(n, "rs"))
		f.i("VMOVSS (R14)(CX*4), X14")
	} else {
		qsFindBlock(f, k)
	}
	f.label("entry")
	f.i("CMPQ R12, R13")
	f.i("JAE next")
	if k.scale != "row" {
		f.c("the next block's parameter where the entry starts it")
		f.i("CMPQ R12, R8")
		f.i("JB inblock")
		if k.scale == "mx" {
			f.i("INCQ BX")
		} else {
			f.i("ADDQ $4, BX")
		}
		f.i("ADDQ %s, R8", arg(n, "b"))
		qsLoadScale(f, k)
		f.label("inblock")
	}
	f.i("MOVQ (R9)(R12*8), R14")
	f.i("CMPQ R14, %s", argLen(n, "y"))
	f.i("JAE skip")
	qsDecode(f, k)
	f.i("VMULSS X13, X0, X0 // a * value")
	f.i("VADDSS (DI)(R14*4), X0, X0")
	f.i("VMOVSS X0, (DI)(R14*4)")
	f.label("skip")
	f.i("INCQ R12")
	f.i("JMP entry")
	f.label("next")
	f.i("INCQ CX")
	f.i("JMP row")
	vzeroDone(f, "done")
}

// qsFindBlock sets BX and R8 to the parameter and the end of the block
// holding entry R12 (a row's first), dividing only when R12 is not within
// the current block R8-b..R8-1, and loads the block's scale.
func qsFindBlock(f *asmFile, k qsKernel) {
	n := k.name
	f.c("the row's first block: the current one when R8-b <= lo < R8, else lo/b")
	f.i("CMPQ R12, R8")
	f.i("JAE divide")
	f.i("MOVQ R8, AX")
	f.i("SUBQ %s, AX", arg(n, "b"))
	f.i("CMPQ R12, AX")
	f.i("JAE entry")
	f.label("divide")
	f.i("MOVQ R12, AX")
	f.i("XORL DX, DX")
	f.i("DIVQ %s // AX = lo / b", arg(n, "b"))
	f.i("LEAQ 1(AX), R8")
	f.i("IMULQ %s, R8 // the block's end", arg(n, "b"))
	if k.scale == "mx" {
		f.i("MOVQ %s, BX", arg(n, "exps"))
		f.i("ADDQ AX, BX")
	} else {
		f.i("MOVQ %s, BX", arg(n, "scale"))
		f.i("LEAQ (BX)(AX*4), BX")
	}
	qsLoadScale(f, k)
}

// qsLoadScale loads the scale of the block at BX into X14.
func qsLoadScale(f *asmFile, k qsKernel) {
	if k.scale == "mx" {
		e8m0Bits(f, "AX", "DX")
		f.i("VMOVD AX, X14")
		return
	}
	f.i("VMOVSS (BX), X14")
}

// qsDecode sets X0 to the value of entry R12: its code decoded times the
// scale X14.
func qsDecode(f *asmFile, k qsKernel) {
	switch k.code {
	case "i8":
		f.i("MOVBLSX (R11)(R12*1), AX")
		f.i("VCVTSI2SSL AX, X15, X0")
	case "tab8":
		f.i("MOVBLZX (R11)(R12*1), AX")
		f.i("VMOVSS (R15)(AX*4), X0")
	case "nib":
		f.c("nibble k: codes[k/2], shifted right by 4 when k is odd")
		f.i("MOVQ R12, DX")
		f.i("SHRQ $1, DX")
		f.i("MOVBLZX (R11)(DX*1), AX")
		f.i("MOVL R12, DX")
		f.i("ANDL $1, DX")
		f.i("SHLL $2, DX")
		f.i("SHRXL DX, AX, AX")
		f.i("ANDL $15, AX")
		f.i("VMOVSS (R15)(AX*4), X0")
	default:
		panic(fmt.Sprintf("qscatter: code kind %q", k.code))
	}
	f.i("VMULSS X14, X0, X0 // value = code * scale")
}
