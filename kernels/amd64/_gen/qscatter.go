package main

import (
	"fmt"
	"strings"
)

// qscatter_amd64.s: the fused quantized scatter kernels (QScatterAdd, the
// transposed SpMV, and QSpMMScatter, the transposed SpMM), which decode the
// codes where ScatterAdd and SpMMScatter read values.

func init() { decls = append(append(decls, qsDecls()...), qspsDecls()...) }

// qsKernel is one kernel of the family: its name, its code kind ("i8":
// int8 codes converted; "u8": uint8 codes converted, less their zero
// point; "nib": 4-bit codes, two a byte, through a 16-entry table; "tab8":
// 8-bit codes through a 256-entry table) and its scale kind ("row": one a
// row; "block": a float32 scale per block of b values; "mx": an E8M0
// exponent per block; "col": the scale of the value's index, channels by
// index). A "u8" kernel's zero points go by its scale kind: one a row, a
// block or an index.
type qsKernel struct {
	name, code, scale string
}

var qsKernels = []qsKernel{
	{"QScatterI8RowAVX2", "i8", "row"},
	{"QScatterI8BlockAVX2", "i8", "block"},
	{"QScatter4BlockAVX2", "nib", "block"},
	{"QScatter4MXAVX2", "nib", "mx"},
	{"QScatter8MXAVX2", "tab8", "mx"},
	{"QScatterU8RowAVX2", "u8", "row"},
	{"QScatterI8ColAVX2", "i8", "col"},
	{"QScatterU8ColAVX2", "u8", "col"},
	{"QScatterU8BlockAVX2", "u8", "block"},
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
		{"qscatter", "QScatterU8RowAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, rz []uint8, alpha float32)", `QScatterU8RowAVX2 is QScatterI8RowAVX2 on uint8 codes with a zero point
per row:

	y[idx[k]] += a * ((float32(codes[k]) - float32(rz[i])) * rs[i])

the difference exact, then one product rounded once (quant.Values.At).
It needs len(rz) >= len(x) and the rest as QScatterI8RowAVX2.
Requires: AVX, AVX2, BMI2.`},
		{"qscatter", "QScatterI8ColAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, alpha float32)", `QScatterI8ColAVX2 is QScatterI8RowAVX2 with the scale of each value's
index (channels by index):

	y[idx[k]] += a * (float32(int8(codes[k])) * scale[idx[k]]) // idx[k] < len(y)

It needs len(scale) >= len(y), len(ptr) == len(x)+1 and len(codes) >=
len(idx).
Requires: AVX, AVX2, BMI2.`},
		{"qscatter", "QScatterU8ColAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, zero []uint8, alpha float32)", `QScatterU8ColAVX2 is QScatterI8ColAVX2 on uint8 codes with a zero point
per index:

	y[idx[k]] += a * ((float32(codes[k]) - float32(zero[idx[k]])) * scale[idx[k]])

It needs len(zero) >= len(y) and the rest as QScatterI8ColAVX2.
Requires: AVX, AVX2, BMI2.`},
		{"qscatter", "QScatterU8BlockAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, zero []uint8, b int, alpha float32)", `QScatterU8BlockAVX2 is QScatterI8BlockAVX2 on uint8 codes with a zero
point per block:

	y[idx[k]] += a * (float32(int32(codes[k]) - int32(zero[k/b])) * scale[k/b])

the difference exact, then one product rounded once (quant.Values.At).
It needs a zero point for every block of the values of the rows (read
only as the scale is) and the rest as QScatterI8BlockAVX2.
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
parameter of the current block (a pointer into scale or exps) or, by
index, &scale[0], R8 the current block's end or, uint8 by index,
&zero[0], R15 the table or, uint8 by block, the current block's zero
point (a pointer into zero), CX the row, R12 the entry, R13 the row's end, R14 the entry's
index, AX and DX scratch; X11 the zero point (uint8), X12 alpha, X13
alpha * x[i], X14 the current scale, X15 zero (the conversion's merge
source), X0 the value.`)
	for _, k := range qsKernels {
		qsKernelText(f, k)
	}
	f.blank()
	f.line("%s", strings.TrimSuffix(spmmTailMask("qstailmask<>"), "\n"))
	f.blank()
	f.doc(qspsDoc)
	for _, k := range qsKernels {
		qspsKernelText(f, k, false)
		qspsKernelText(f, k, true)
	}
	return f.String()
}

// qsKernelText writes kernel k.
func qsKernelText(f *asmFile, k qsKernel) {
	n := k.name
	f.text(n, 0, "AVX, AVX2, BMI2", "")
	qsArgs(f, k, n)
	f.i("MOVQ %s, R10", argLen(n, "idx"))
	f.i("VMOVSS %s, X12", arg(n, "alpha"))
	qsParamRegs(f, k, n, "zero")
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
	switch k.scale {
	case "row":
		f.i("MOVQ %s, R14", arg(n, "rs"))
		f.i("VMOVSS (R14)(CX*4), X14")
		if k.code == "u8" {
			f.i("MOVQ %s, R14", arg(n, "rz"))
			f.i("MOVBLZX (R14)(CX*1), AX")
			f.i("VCVTSI2SSL AX, X15, X11 // the row's zero point")
		}
	case "block", "mx":
		qsFindBlock(f, k, n, "divide", "entry")
	}
	f.label("entry")
	f.i("CMPQ R12, R13")
	f.i("JAE next")
	if k.scale == "block" || k.scale == "mx" {
		qsNextBlock(f, k, n, "inblock")
	}
	f.i("MOVQ (R9)(R12*8), R14")
	f.i("CMPQ R14, %s", argLen(n, "y"))
	f.i("JAE skip")
	qsDecode(f, k, "X0", "R14", false)
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

// qsParamRegs sets the registers of the parameters of kernel n on k's
// codes before its first row: by index BX to &scale[0] and, on uint8
// codes, R8 to the zero points (its argument zero); by block R8 to no
// block.
func qsParamRegs(f *asmFile, k qsKernel, n, zero string) {
	switch {
	case k.scale == "col":
		f.i("MOVQ %s, BX", arg(n, "scale"))
		if k.code == "u8" {
			f.i("MOVQ %s, R8 // the zero points", arg(n, zero))
		}
	case k.scale != "row":
		f.i("XORQ R8, R8 // no block yet")
	}
}

// qsArgs loads the arguments the kernels n on k's codes share: y into DI,
// idx into R9, codes into R11 and the table into R15; and zeroes X15.
func qsArgs(f *asmFile, k qsKernel, n string) {
	f.i("MOVQ %s, DI", arg(n, "y"))
	f.i("MOVQ %s, R9", arg(n, "idx"))
	f.i("MOVQ %s, R11", arg(n, "codes"))
	if k.code == "nib" || k.code == "tab8" {
		f.i("MOVQ %s, R15", arg(n, "table"))
	}
	f.i("VXORPS X15, X15, X15")
}

// qsNextBlock moves BX, R8 and X14 (uint8: and R15) to the next block
// when entry R12
// starts it (R12 >= R8), and places label in after: the entries of a row
// cross one block end at a time. n is the kernel (its argument b).
func qsNextBlock(f *asmFile, k qsKernel, n, in string) {
	f.c("the next block's parameter where the entry starts it")
	f.i("CMPQ R12, R8")
	f.i("JB %s", in)
	if k.scale == "mx" {
		f.i("INCQ BX")
	} else {
		f.i("ADDQ $4, BX")
	}
	if k.code == "u8" {
		f.i("INCQ R15 // the block's zero point")
	}
	f.i("ADDQ %s, R8", arg(n, "b"))
	qsLoadScale(f, k)
	f.label(in)
}

// qsFindBlock sets BX and R8 (uint8: and R15, the zero point) to the
// parameter and the end of the block
// holding entry R12 (a row's first), dividing (at label divide) only when
// R12 is not within the current block R8-b..R8-1, and loads the block's
// scale; it jumps to found when the block is the current one (X14 holds
// its scale). n is the kernel (its arguments b and scale or exps).
func qsFindBlock(f *asmFile, k qsKernel, n, divide, found string) {
	f.c("the row's first block: the current one when R8-b <= lo < R8, else lo/b")
	f.i("CMPQ R12, R8")
	f.i("JAE %s", divide)
	f.i("MOVQ R8, AX")
	f.i("SUBQ %s, AX", arg(n, "b"))
	f.i("CMPQ R12, AX")
	f.i("JAE %s", found)
	f.label(divide)
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
	if k.code == "u8" {
		f.i("MOVQ %s, R15", arg(n, qsZeroArg(n)))
		f.i("ADDQ AX, R15 // the block's zero point")
	}
	qsLoadScale(f, k)
}

// qsZeroArg is the parameter of kernel n that holds the zero points: zero,
// or exps in the QSpMMScatter kernels' shared signature.
func qsZeroArg(n string) string {
	if strings.HasPrefix(n, "QSpMMScatter") {
		return "exps"
	}
	return "zero"
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

// qsDecode sets dst (an X register) to the value of entry R12, whose
// index is in register ix: its code decoded, less its zero point ("u8":
// the row's, zero[ix], the index's, zero at R8, or the block's at R15),
// times the scale X14 (scale kind "col": scale[ix], the index's, scale at
// BX). With intZero, and always by block, the difference is taken in
// integers (the row's zero point in R8, DX scratch), else in float32 (the
// row's in X11): both exact, the same value.
func qsDecode(f *asmFile, k qsKernel, dst, ix string, intZero bool) {
	switch {
	case k.code == "i8":
		f.i("MOVBLSX (R11)(R12*1), AX")
		f.i("VCVTSI2SSL AX, X15, %s", dst)
	case k.code == "u8" && (intZero || k.scale == "block"):
		f.i("MOVBLZX (R11)(R12*1), AX")
		switch k.scale {
		case "col":
			f.i("MOVBLZX (R8)(%s*1), DX // the index's zero point", ix)
			f.i("SUBL DX, AX")
		case "block":
			f.i("MOVBLZX (R15), DX // the block's zero point")
			f.i("SUBL DX, AX")
		default:
			f.i("SUBL R8, AX // code - the row's zero point")
		}
		f.i("VCVTSI2SSL AX, X15, %s", dst)
	case k.code == "u8":
		f.i("MOVBLZX (R11)(R12*1), AX")
		f.i("VCVTSI2SSL AX, X15, %s", dst)
		if k.scale == "col" {
			f.i("MOVBLZX (R8)(%s*1), AX", ix)
			f.i("VCVTSI2SSL AX, X15, X11 // the index's zero point")
		}
		f.i("VSUBSS X11, %s, %s // code - zero point, exact", dst, dst)
	case k.code == "tab8":
		f.i("MOVBLZX (R11)(R12*1), AX")
		f.i("VMOVSS (R15)(AX*4), %s", dst)
	case k.code == "nib":
		f.c("nibble k: codes[k/2], shifted right by 4 when k is odd")
		f.i("MOVQ R12, DX")
		f.i("SHRQ $1, DX")
		f.i("MOVBLZX (R11)(DX*1), AX")
		f.i("MOVL R12, DX")
		f.i("ANDL $1, DX")
		f.i("SHLL $2, DX")
		f.i("SHRXL DX, AX, AX")
		f.i("ANDL $15, AX")
		f.i("VMOVSS (R15)(AX*4), %s", dst)
	default:
		panic(fmt.Sprintf("qscatter: code kind %q", k.code))
	}
	if k.scale == "col" {
		f.i("VMULSS (BX)(%s*4), %s, %s // value = code * scale[idx[k]]", ix, dst, dst)
		return
	}
	f.i("VMULSS X14, %s, %s // value = code * scale", dst, dst)
}

// qspsName is the fused QSpMMScatter kernel on k's codes and scales
// (QSpMMScatterI8RowAVX2 beside QScatterI8RowAVX2), its tile form with
// tile (QSpMMScatterTileI8RowAVX2).
func qspsName(k qsKernel, tile bool) string {
	return strings.Replace(k.name, "QScatter", "QSpMMScatter"+cond(tile, "Tile"), 1)
}

// qspsSig and qspsTileSig are the signatures every fused QSpMMScatter
// kernel and tile kernel share: the parameters its codes and scales do
// not use are ignored.
const (
	qspsSig     = "(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int"
	qspsTileSig = "(y []float32, ldy int, x []float32, ldx, w int, seg, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, limit uint64)"
)

// qspsDecls are the declarations of the fused QSpMMScatter kernels.
func qspsDecls() []decl {
	first, firstTile := qspsName(qsKernels[0], false), qspsName(qsKernels[0], true)
	req := func(k qsKernel) string { return "Requires: " + qspsReq(k) + "." }
	d := []decl{{"qscatter", first, qspsSig, first + ` computes SpMMScatter on int8 codes with one scale
per row (scale[i], the row's):

	for i := 0; i+1 < len(ptr); i++ {
		xs := alpha * x[i*ldx : i*ldx+w]
		for k := ptr[i]; k < ptr[i+1]; k++ {
			v := float32(int8(codes[k])) * scale[i]
			y[idx[k]*ldy : idx[k]*ldy+w] += v * xs // one FMA a column
		}
	}

each value one float32 product rounded once (quant.Values.At), then
SpMMScatterF32AVX2's arithmetic: the same bits as SpMMScatterF32AVX2 on
the decoded values. Each row's columns go in passes of 8, 4, 2 and 1
vectors held in registers and a masked tail, each pass decoding the row's
values again. It returns 1 at the first row whose segment is not within
ptr[i] <= ptr[i+1] <= len(idx) or index not below yrows (the rows of y
the product may write), 0 when done. It needs len(codes) >= len(idx),
len(scale) >= len(ptr)-1, x's rows and y's yrows rows of w columns (ldx,
ldy >= w).
` + req(qsKernels[0])}, {"qscatter", firstTile, qspsTileSig, firstTile + ` is ` + first + ` on one tile of Y's
rows, as SpMMScatterTileF32AVX2 is SpMMScatterF32AVX2 on one: row i's
entries run from seg[2i] to seg[2i+1] (checked by the caller) and stop
at the first whose index is >= limit; seg[2i] gets that stop.
` + req(qsKernels[0])}}
	for _, k := range qsKernels[1:] {
		for _, tile := range []bool{false, true} {
			n, sig := qspsName(k, tile), qspsSig
			if tile {
				sig = qspsTileSig
			}
			d = append(d, decl{"qscatter", n, sig, n + " is " + qspsName(qsKernels[0], tile) + " on the codes and\nscales of " +
				k.name + qspsParams(k) + req(k)})
		}
	}
	return d
}

// qspsParams is the part of the doc of the fused QSpMMScatter kernel on
// k's codes that says what it takes in the shared parameters.
func qspsParams(k qsKernel) string {
	exact := `; the difference of a code
and its zero point is taken in integers, exact as that kernel's.
`
	switch {
	case k.scale == "col" && k.code == "u8":
		return ` (scale and exps the scale and the zero
point of each index, at least yrows of each), with that kernel's decode
in each pass over a row` + exact
	case k.scale == "col":
		return ` (scale the scale of each index, at least
yrows), with that kernel's decode in each pass over a row.
`
	case k.code == "u8" && k.scale == "block":
		return ` (scale and exps the scale and the zero
point of each block, b as it takes them), with that kernel's decode and
block walk in each pass over a row` + exact
	case k.code == "u8":
		return ` (scale and exps the scale and the zero
point of each row), with that kernel's decode in each pass over a row` + exact
	}
	return ` (table, scale or exps and b as it takes them),
with that kernel's decode and block walk in each pass over a row.
`
}

// qspsReq is the features the fused QSpMMScatter kernel on k's codes
// needs: BMI2's SHRX for 4-bit codes.
func qspsReq(k qsKernel) string {
	if k.code == "nib" {
		return "AVX, AVX2, FMA3, BMI2"
	}
	return "AVX, AVX2, FMA3"
}

// qspsDoc opens the fused QSpMMScatter kernels.
const qspsDoc = `The fused quantized SpMMScatter kernels: SpMMScatterF32AVX2's row and
column loop (and SpMMScatterTileF32AVX2's) with each value decoded from
its code as the scatter kernels above decode it, then broadcast.

Registers: DI y, SI x's row, R9 idx, R11 codes, R15 the table, CX the
row, R12 the entry, R13 the row's end, R14 the column, R10 the entry's
index, then the address of Y's row idx[k], BX and R8 the block's
parameter and end (as above), or by index &scale[0] and &zero[0], or R8
the row's zero point (uint8 by row), R15 the block's zero point (uint8 by
block), AX and DX scratch; Y0-Y7 alpha * x's columns of the pass, Y8 the value
broadcast, Y9-Y11 Y's columns, Y12 the tail mask, Y13 alpha, X14 the
scale, X15 zero.`

// qspsFirst loads the first entry of row CX into R12: ptr[CX], or with
// tile seg[2*CX], whose address it leaves in DX.
func qspsFirst(f *asmFile, n string, tile bool) {
	if tile {
		qspsSeg(f, n)
		f.i("MOVQ (DX), R12")
		return
	}
	f.i("MOVQ %s, AX", arg(n, "ptr"))
	f.i("MOVQ (AX)(CX*8), R12")
}

// qspsSeg sets DX to &seg[2*CX], the tile kernel n's pair of row CX.
func qspsSeg(f *asmFile, n string) {
	f.i("MOVQ CX, DX")
	f.i("SHLQ $4, DX")
	f.i("ADDQ %s, DX", arg(n, "seg"))
}

// qspsKernelText writes the fused QSpMMScatter kernel on k's codes and
// scales, or with tile its tile form.
func qspsKernelText(f *asmFile, k qsKernel, tile bool) {
	n := qspsName(k, tile)
	f.text(n, 0, qspsReq(k), "")
	qsArgs(f, k, n)
	f.i("MOVQ %s, SI", arg(n, "x"))
	f.i("VBROADCASTSS %s, Y13", arg(n, "alpha"))
	f.c("the tail mask: the first w %% 8 lanes")
	f.i("MOVQ %s, AX", arg(n, "w"))
	f.i("ANDQ $7, AX")
	f.i("SHLQ $2, AX")
	f.i("LEAQ qstailmask<>+32(SB), DX")
	f.i("SUBQ AX, DX")
	f.i("VMOVDQU (DX), Y12")
	qsParamRegs(f, k, n, "exps")
	f.i("XORQ CX, CX")
	f.label("row")
	if tile {
		f.i("MOVQ %s, AX", argLen(n, "seg"))
		f.i("SHRQ $1, AX")
	} else {
		f.i("MOVQ %s, AX", argLen(n, "ptr"))
		f.i("DECQ AX")
	}
	f.i("CMPQ CX, AX")
	f.i("JGE done")
	if tile {
		f.c("the row's piece seg[2i]..seg[2i+1], the first entry in R12")
		qspsFirst(f, n, true)
		f.i("MOVQ 8(DX), R13")
		f.i("CMPQ R12, R13")
		f.i("JAE next")
	} else {
		f.c("the row's segment ptr[i]..R13: bad unless ptr[i] <= R13 <= len(idx)")
		f.i("MOVQ %s, AX", arg(n, "ptr"))
		f.i("MOVQ 8(AX)(CX*8), R13")
		f.i("CMPQ R13, %s", argLen(n, "idx"))
		f.i("JA bad")
		f.i("CMPQ (AX)(CX*8), R13")
		f.i("JA bad")
		f.i("JEQ next")
	}
	if k.scale == "row" {
		f.i("MOVQ %s, AX", arg(n, "scale"))
		f.i("VMOVSS (AX)(CX*4), X14 // the row's scale")
		if k.code == "u8" {
			f.i("MOVQ %s, AX // the zero points", arg(n, "exps"))
			f.i("MOVBLZX (AX)(CX*1), R8 // the row's")
		}
	}
	f.i("XORQ R14, R14")
	chunks := []int{8, 4, 2, 1}
	for ci, nv := range chunks {
		out := "tail"
		if ci+1 < len(chunks) {
			out = fmt.Sprintf("c%d", chunks[ci+1])
		}
		qspsPass(f, k, tile, fmt.Sprintf("c%d", nv), nv, out)
	}
	qspsPass(f, k, tile, "tail", 0, "")
	f.label("next")
	if tile {
		f.c("seg[2i] = where the row stopped (every pass stops at the same entry)")
		qspsSeg(f, n)
		f.i("MOVQ R12, (DX)")
	}
	f.i("INCQ CX")
	f.i("MOVQ %s, AX", arg(n, "ldx"))
	f.i("LEAQ (SI)(AX*4), SI")
	f.i("JMP row")
	if tile {
		vzeroDone(f, "done")
		return
	}
	f.label("done")
	f.i("MOVQ $0, %s", retArg(n))
	vzeroRet(f)
	f.label("bad")
	f.i("MOVQ $1, %s", retArg(n))
	vzeroRet(f)
}

// qspsPass writes the passes over a row at label L on nv vectors of
// columns from R14, taken while they lie within w (else on to out), or
// with nv 0 the masked tail, taken while a column is left (else on to
// next): alpha * x's columns into Y0.., then every entry decoded,
// broadcast and added times them into its row of Y. An index not below
// yrows leaves for bad; in a tile kernel (tile) one not below the limit
// ends the pass.
func qspsPass(f *asmFile, k qsKernel, tile bool, L string, nv int, out string) {
	n := qspsName(k, tile)
	tail := nv == 0
	f.label(L)
	if tail {
		f.i("CMPQ R14, %s", arg(n, "w"))
		f.i("JAE next")
		f.i("VMASKMOVPS (SI)(R14*4), Y12, Y0")
		f.i("VMULPS Y0, Y13, Y0")
		nv = 1
	} else {
		f.i("LEAQ %d(R14), AX", 8*nv)
		f.i("CMPQ AX, %s", arg(n, "w"))
		f.i("JA %s", out)
		for j := range nv {
			f.i("VMULPS %s(SI)(R14*4), Y13, Y%d", disp(32*j), j)
		}
	}
	qspsFirst(f, n, tile)
	blocks := k.scale == "block" || k.scale == "mx"
	if blocks {
		qsFindBlock(f, k, n, L+"div", L+"k")
	}
	f.label(L + "k")
	f.i("CMPQ R12, R13")
	f.i("JAE %send", L)
	if blocks {
		qsNextBlock(f, k, n, L+"in")
	}
	f.i("MOVQ (R9)(R12*8), R10")
	if tile {
		f.i("CMPQ R10, %s", arg(n, "limit"))
		f.i("JAE %send", L)
	} else {
		f.i("CMPQ R10, %s", arg(n, "yrows"))
		f.i("JAE bad")
	}
	qsDecode(f, k, "X8", "R10", true)
	f.i("IMULQ %s, R10", arg(n, "ldy"))
	f.i("LEAQ (DI)(R10*4), R10 // Y's row idx[k]")
	f.i("VBROADCASTSS X8, Y8")
	for j := range nv {
		t := fmt.Sprintf("Y%d", 9+j%3)
		m := fmt.Sprintf("%s(R10)(R14*4)", disp(32*j))
		if tail {
			f.i("VMASKMOVPS %s, Y12, %s", m, t)
			f.i("VFMADD231PS Y%d, Y8, %s", j, t)
			f.i("VMASKMOVPS %s, Y12, %s", t, m)
		} else {
			f.i("VMOVUPS %s, %s", m, t)
			f.i("VFMADD231PS Y%d, Y8, %s", j, t)
			f.i("VMOVUPS %s, %s", t, m)
		}
	}
	f.i("INCQ R12")
	f.i("JMP %sk", L)
	f.label(L + "end")
	if tail {
		f.i("JMP next")
		return
	}
	f.i("ADDQ $%d, R14", 8*nv)
	f.i("JMP %s", L)
}
