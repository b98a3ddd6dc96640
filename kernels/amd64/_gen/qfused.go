package main

import (
	"fmt"
	"strings"
)

// qfused_amd64.s: the fused quantized SpMV kernels, which read the codes
// where the float32 SpMV kernels read values (see internal/engine's
// qfused.go for the modes).

func init() { decls = append(decls, qfDecls()...) }

// qfDecls are the family's declarations.
func qfDecls() []decl {
	return []decl{
		{"qfused", "QSpMVI8RowAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, alpha, beta float32)", `QSpMVI8RowAVX2 computes SpMV on int8 codes with one scale per row:

	for i := range y {
		s := 0 // over k in ptr[i]..ptr[i+1]-1 clamped to len(idx), idx[k] < len(x)
		s += float32(int8(codes[k])) * x[idx[k]]
		y[i] = alpha*(s*rs[i]) + beta*y[i] // y not read when beta == +0
	}

It reads 16 entries a step (one range check of their indices, x by scalar
loads, the codes sign-extended and converted, two accumulators), then one
at a time, skipping entries whose index is not below len(x). It needs
len(ptr) == len(y)+1, len(codes) >= len(idx) and len(rs) >= len(y).
Requires: AVX, AVX2, FMA3.`},
		{"qfused", "QSpMVI8BlockAVX512", "(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, b int, alpha, beta float32)", `QSpMVI8BlockAVX512 is QSpMV4BlockAVX512 on int8 codes, one a byte:

	s += (float32(int8(codes[k])) * scale[k/b]) * x[idx[k]]

It needs len(ptr) == len(y)+1, b >= 16, len(codes) >= len(idx) and a
scale for every block of the values of the rows.
Requires: AVX512F, AVX512BW, BMI2.`},
		{"qfused", "QSpMV4BlockAVX512", "(y, x []float32, ptr, idx []uint64, codes []byte, table, scale []float32, b int, alpha, beta float32)", `QSpMV4BlockAVX512 computes SpMV on 4-bit codes (two a byte, value k in
the low nibble of codes[k/2] when k is even, the high one otherwise) with
one scale per block of b values, blocks running through the stored values
across rows:

	for i := range y {
		s := 0 // over k in ptr[i]..ptr[i+1]-1 clamped to len(idx), idx[k] < len(x)
		s += (table[nibble k] * scale[k/b]) * x[idx[k]]
		y[i] = alpha*s + beta*y[i] // y not read when beta == +0
	}

each value one float32 product rounded once, as quant.Values.At computes
it. A row whose first value is odd takes that value alone; then, when b
>= 32, it reads 32 entries a pass: one range check of their indices, the
nibbles of 16 code bytes shifted into lanes (VPSRLVQ: nibbles j and j+8
of 8 bytes in lanes 2j and 2j+1, x loaded in the same order) and looked
up in the table (VPERMPS), times the block's broadcast scale (a pass
across a block end blends the next block's into its lanes from the end
on; with b = 32, a row whose passes each cross one at the same lane runs
a loop that blends without testing), x by scalar loads, two accumulators; then steps of 16 (all of them
when b < 32), each with its own scale blend; then masked steps of the
rest (the (n+1)/2 code bytes of its n values and their indices read under
masks, x gathered), which also take the rest of a row after an index not
below len(x) and skip such entries. It prefetches idx and the codes into
L2. It needs len(ptr) == len(y)+1, len(table) == 16, b >= 16,
len(codes) >= (len(idx)+1)/2 and a scale for every block of the values
of the rows; it reads a block's scale only when a value of the block is
read.
Requires: AVX512F, AVX512BW, BMI2.`},
		{"qfused", "QSpMV4MXAVX512", "(y, x []float32, ptr, idx []uint64, codes []byte, table []float32, exps []byte, b int, alpha, beta float32)", mxRegDoc("QSpMV4MXAVX512", "QSpMV4BlockAVX512", "AVX512F, AVX512BW, BMI2")},
		{"qfused", "QSpMV8MXAVX512", "(y, x []float32, ptr, idx []uint64, codes []byte, exps []byte, b int, alpha, beta float32)", `QSpMV8MXAVX512 is QSpMVI8BlockAVX512 on FP8 E4M3 codes (OCP MX v1.0)
with MX scales (as QSpMV4MXAVX512's):

	s += (e4m3(codes[k]) * E8M0(exps[k/b])) * x[idx[k]]

It decodes the codes without a table: the code sign-extended and shifted
left by 20, masked to the sign and the seven exponent and mantissa bits,
is a float32 2^-120 times the code's value (normal or subnormal), which
times 2^120 is exact. The NaN codes (0x7F, 0xFF), which validation
rejects, decode to 480 and -480. It needs len(ptr) == len(y)+1, b >= 16,
len(codes) >= len(idx) and an exponent for every block of the values of
the rows.
Requires: AVX512F, AVX512BW, BMI2.`},
		{"qfused", "QSpMVU8RowAVX512", "(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, rz []uint8, alpha, beta float32)", `QSpMVU8RowAVX512 is QSpMVI8RowAVX512 on uint8 codes with one scale and
one zero point per row:

	s += float32(int32(codes[k]) - int32(rz[i])) * x[idx[k]]
	y[i] = alpha*(s*rs[i]) + beta*y[i]

(the subtraction in 32-bit integers, on the zero-extended codes). It
needs len(ptr) == len(y)+1, len(codes) >= len(idx), len(rs) >= len(y)
and len(rz) >= len(y).
Requires: AVX512F, AVX512BW, BMI2.`},
		{"qfused", "QSpMVU8RowAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, rz []uint8, alpha, beta float32)", `QSpMVU8RowAVX2 is QSpMVI8RowAVX2 on uint8 codes with one scale and one
zero point per row, QSpMVU8RowAVX512's contract: the codes zero-extended,
less the row's zero point as 32-bit integers, converted.
Requires: AVX, AVX2, FMA3.`},
		{"qfused", "QSpMV8MXAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, exps []byte, b int, alpha, beta float32)", `QSpMV8MXAVX2 is QSpMVI8BlockAVX2 on FP8 E4M3 codes with MX scales,
QSpMV8MXAVX512's contract and decoding (the code's bits moved into a
float32's, times 2^120), on 8-lane vectors.
Requires: AVX, AVX2, FMA3.`},
		{"qfused", "QSpMVI8BlockAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, b int, alpha, beta float32)", `QSpMVI8BlockAVX2 is QSpMVI8BlockAVX512 on 8-lane vectors: 16 entries a
step (one range check of their indices, x by scalar loads as in
QSpMVI8RowAVX2, which VGATHERQPS does not outrun, the codes
sign-extended and converted in two halves, each half's scales the block's
broadcast scale with the next block's blended into the lanes past a block
end), then one at a time. Its contract is QSpMVI8BlockAVX512's.
Requires: AVX, AVX2, FMA3.`},
		{"qfused", "QSpMV4BlockAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, table, scale []float32, b int, alpha, beta float32)", `QSpMV4BlockAVX2 is QSpMV4BlockAVX512 on 8-lane vectors: the 16 nibbles of
a step's 8 or 9 code bytes steered to their lanes (VPSHUFB, then a shift
per lane), looked up in both halves of the table (two VPERMPS) and picked
by the nibble's bit 3. Its contract is QSpMV4BlockAVX512's.
Requires: AVX, AVX2, FMA3.`},
		{"qfused", "QSpMV4MXAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, table []float32, exps []byte, b int, alpha, beta float32)", `QSpMV4MXAVX2 is QSpMV4BlockAVX2 with MX scales, as QSpMV4MXAVX512.
Requires: AVX, AVX2, FMA3.`},
		{"qfused", "QSpMVI8RowAVX512", "(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, alpha, beta float32)", `QSpMVI8RowAVX512 is QSpMVI8RowAVX2 with 16-lane vectors: passes of 32
entries (one range check of their indices, x by scalar loads, the codes
sign-extended and converted, two accumulators), then one of 16, then
masked steps of the rest (its codes and indices read under masks, x
gathered), which also take the rest of a row after an index not below
len(x) and skip such entries. It prefetches idx and the codes into L2. It
needs len(ptr) == len(y)+1, len(codes) >= len(idx) and len(rs) >= len(y).
Requires: AVX512F, AVX512BW, BMI2.`},
		{"qfused", "QSpMVU8BlockAVX512", "(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, zero []byte, b int, alpha, beta float32)", `QSpMVU8BlockAVX512 is QSpMVI8BlockAVX512 on uint8 codes with a scale
and a zero point per block:

	s += ((float32(codes[k]) - float32(zero[k/b])) * scale[k/b]) * x[idx[k]]

(the subtraction exact), the block's zero point broadcast as float32 and
blended across a block end as its scale is. It needs len(ptr) ==
len(y)+1, b >= 16, len(codes) >= len(idx) and a scale and a zero point
for every block of the values of the rows.
Requires: AVX512F, AVX512BW, BMI2.`},
		{"qfused", "QSpMVU8BlockAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, zero []byte, b int, alpha, beta float32)", `QSpMVU8BlockAVX2 is QSpMVI8BlockAVX2 on uint8 codes with a scale and a
zero point per block (QSpMVU8BlockAVX512's contract).
Requires: AVX, AVX2, FMA3.`},
		{"qfused", "QSpMVU8ColAVX512", "(y, x []float32, ptr, idx []uint64, codes []byte, scale, zero []float32, alpha, beta float32)", `QSpMVU8ColAVX512 is QSpMVI8RowAVX512 on uint8 codes with one scale and
one zero point per column, read with x as QSpMVI8ColAVX2 reads its
scales, the zero points as float32 (integers 0..255):

	s += ((float32(codes[k]) - zero[idx[k]]) * scale[idx[k]]) * x[idx[k]]

(the subtraction exact). It needs len(ptr) == len(y)+1, len(codes) >=
len(idx), len(scale) >= len(x) and len(zero) >= len(x).
Requires: AVX512F, AVX512BW, BMI2.`},
		{"qfused", "QSpMVI8ColAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, alpha, beta float32)", `QSpMVI8ColAVX2 is QSpMVI8RowAVX2 with one scale per column, read
with x:

	s += (float32(int8(codes[k])) * scale[idx[k]]) * x[idx[k]]
	y[i] = alpha*s + beta*y[i]

each value one float32 product rounded once, as quant.Values.At computes
it; the scales loaded as x is (scalar loads, gathered in the masked
steps). It needs len(ptr) == len(y)+1, len(codes) >= len(idx) and
len(scale) >= len(x).
Requires: AVX, AVX2, FMA3.`},
		{"qfused", "QSpMVU8ColAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, scale, zero []float32, alpha, beta float32)", `QSpMVU8ColAVX2 is QSpMVI8ColAVX2 on uint8 codes with one scale and one
zero point per column (QSpMVU8ColAVX512's contract).
Requires: AVX, AVX2, FMA3.`},
	}
}

// mxRegDoc is the doc of kernel name, kernel base with MX scales built
// in a general register, which the fused and the scatter kernels share;
// feats are the CPU features it requires.
func mxRegDoc(name, base, feats string) string {
	return name + " is " + base + ` with MX scales: block g's scale is
E8M0(exps[g]), 2^(exps[g]-127) (exponent 0: 2^-127), built in a general
register from the exponent's bits. Exponent 0xFF (NaN, which validation
rejects) gives +Inf.
Requires: ` + feats + "."
}

// qfusedFile is qfused_amd64.s.
func qfusedFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	qfNibData(f)
	qfPassData(f)
	f.doc(`The fused quantized SpMV kernels: the float32 SpMV loop with the values
decoded from their codes in the loop.

Registers: DI y, SI x, DX ptr, R9 idx, R10 len(idx), R11 codes, BX rs, AX
the row, R12 the entry, R13 the row's end; R8, R14, R15 and CX scratch; Y14
the sign bit in every lane, Y15 len(x) xor the sign bit (the unsigned range
check as a signed compare), Y0 and Y1 the row's accumulators, X2 its
scalar sum (the AVX2 kernels); the AVX-512 kernels' are at qfAVX512.`)
	for _, q := range qfKinds {
		qfAVX512(f, q.name, q.k)
	}
	f.blank()
	f.doc(`The AVX2 kernels: the registers above, with Y7 the block's scale (by
row with uint8 codes: the row's zero point), R10 the values left in the
block, CX the nibble steering (qfnib8) of the row's phase, Y12 and Y13 the
table's halves (E4M3: the mask of the code's bits and 2^120), Y10 and Y11
the step's values; alpha and beta are read from the frame.

qfnib8: per phase p of the first value (0 even, 1 odd), at 64p, the 16
bytes (p+i)/2 (lane i's byte among the step's code bytes), then 8 dwords
4*((p+i)&1) (the shift of lanes i and i+8).`)
	nib8Data(f, "qfnib8")
	f.blank()
	f.doc(`qfsplit: 16 zero dwords, then 16 of all ones: the 8 dwords at 4*(16-m)
select the lanes from m on.`)
	splitData(f, "qfsplit")
	f.blank()
	f.doc(`qfhead: 8 qwords of all ones, then 8 zero ones: the 8 qwords at 8*(8-n)
select lanes 0..n-1.`)
	for i := range 16 {
		v := "$0"
		if i < 8 {
			v = "$-1"
		}
		f.line("DATA qfhead<>+%d(SB)/8, %s", 8*i, v)
	}
	f.line("GLOBL qfhead<>(SB), RODATA|NOPTR, $128")
	for _, q := range qfKindsAVX2 {
		qfAVX2(f, q.name, q.k)
	}
	return f.String()
}

// qfRow opens the row loop at <p>row: the jump to <p>done past the last
// row, then R12, R13 row AX's segment clamped to 0..len(idx) (R10, which
// with reload is loaded first: the kernel uses R10 for more).
func qfRow(f *asmFile, p string, reload bool) {
	f.label(p + "row")
	f.i("CMPQ AX, y_len+8(FP)")
	f.i("JAE %sdone", p)
	f.i("MOVQ (DX)(AX*8), R12")
	f.i("MOVQ 8(DX)(AX*8), R13")
	if reload {
		f.i("MOVQ idx_len+80(FP), R10")
	}
	f.c("clamp the row to 0..len(idx)")
	f.clampSegment()
}

// qfBlockStart finds the block of value R12 (a kernel by block of kind k,
// its scales' and b's frame offsets sOff and bOff, ses bytes a scale): BX
// its scale's address, R10 its values from R12 on. It clobbers R8 and R14.
func qfBlockStart(f *asmFile, k qfKind, sOff, bOff, ses int) {
	f.c("the block of the first value: BX its scale, R10 its values from here on")
	f.i("MOVQ AX, R8")
	f.i("MOVQ DX, R14")
	f.i("MOVQ R12, AX")
	f.i("XORL DX, DX")
	f.i("DIVQ b+%d(FP)", bOff)
	f.i("MOVQ b+%d(FP), R10", bOff)
	f.i("SUBQ DX, R10")
	f.i("MOVQ %s_base+%d(FP), BX", k.scaleName(), sOff)
	f.i("LEAQ (BX)(AX*%d), BX", ses)
	f.i("MOVQ R8, AX")
	f.i("MOVQ R14, DX")
}

// qfNibData writes qfnib<>: for each phase p (0, 1) of a 16-value step's
// first value, the lanes' byte index (p+i)/2 and shift 4*((p+i)&1), 16
// dwords each (phase p at 128p).
func qfNibData(f *asmFile) {
	f.doc(`qfnib: per phase p of the first value (0 even, 1 odd), lane i's byte
index (p+i)/2 among the step's code bytes and its shift 4*((p+i)&1).`)
	nibData(f, "qfnib")
}

// nibData writes the table qfNibData describes as the file's symbol
// name<>: for each phase, the 16 lanes' byte indices, then their shifts.
func nibData(f *asmFile, name string) {
	o := 0
	for p := range 2 {
		for _, shift := range []bool{false, true} {
			for i := range 16 {
				v := (p + i) >> 1
				if shift {
					v = 4 * ((p + i) & 1)
				}
				f.line("DATA %s<>+%d(SB)/4, $%d", name, o, v)
				o += 4
			}
		}
	}
	f.line("GLOBL %s<>(SB), RODATA|NOPTR, $%d", name, o)
}

// qfKind is what one AVX-512 fused SpMV kernel reads: int8 codes (nib
// false) or 4-bit codes through a table, and a scale per block of float32
// scales, or per block of E8M0 exponents (mx), or (row) one float32 scale
// per row applied to the row's sum.
type qfKind struct {
	nib, mx, row bool
	// e4m3: FP8 E4M3 codes, one a byte (with mx).
	e4m3 bool
	// u8: uint8 codes less a zero point per row, rz (with row), per
	// column (with col), or per block (neither; zero, bytes).
	u8 bool
	// col: a scale (u8: and a float32 zero point) per column, scale[idx[k]]
	// (zero[idx[k]]), read by scalar loads as x is.
	col bool
}

// block reports whether the kernel reads a scale per block.
func (k qfKind) block() bool { return !k.row && !k.col }

// qfKinds are the AVX-512 kernels by name.
var qfKinds = []struct {
	name string
	k    qfKind
}{
	{"QSpMVI8RowAVX512", qfKind{row: true}},
	{"QSpMVU8RowAVX512", qfKind{row: true, u8: true}},
	{"QSpMVI8BlockAVX512", qfKind{}},
	{"QSpMV4BlockAVX512", qfKind{nib: true}},
	{"QSpMV4MXAVX512", qfKind{nib: true, mx: true}},
	{"QSpMV8MXAVX512", qfKind{mx: true, e4m3: true}},
	{"QSpMVU8BlockAVX512", qfKind{u8: true}},
	{"QSpMVU8ColAVX512", qfKind{col: true, u8: true}},
}

// args are the frame offsets of the kernel's arguments past codes: the
// scales' (rs, scale or exps), b's (-1 for row) and alpha's (beta's 4 on).
func (k qfKind) args() (scale, b, alpha int) {
	switch {
	case k.u8 && k.block():
		return 120, 168, 176
	case k.u8:
		return 120, -1, 168
	case k.row, k.col:
		return 120, -1, 144
	case k.nib:
		return 144, 168, 176
	}
	return 120, 144, 152
}

// scaleName is the name of the scales' argument.
func (k qfKind) scaleName() string {
	switch {
	case k.row:
		return "rs"
	case k.mx:
		return "exps"
	}
	return "scale"
}

// qfScale loads the scale of the block at BX (float32, or with mx an
// E8M0 exponent) broadcast into Z31, and for uint8 codes its zero point as
// float32 into Z29. It clobbers R14 and R15.
func qfScale(f *asmFile, k qfKind) {
	if k.u8 {
		qfBlockZero(f)
		f.i("VPBROADCASTD R14, Z29")
		f.i("VCVTDQ2PS Z29, Z29")
	}
	if !k.mx {
		f.i("VBROADCASTSS (BX), Z31")
		return
	}
	e8m0Bits(f, "R14", "R15")
	f.i("VPBROADCASTD R14, Z31")
}

// qfBlockZero loads the zero point of the block whose scale is at BX
// (a kernel by block on uint8 codes) into R14.
func qfBlockZero(f *asmFile) {
	f.i("MOVQ BX, R14")
	f.i("SUBQ scale_base+120(FP), R14")
	f.i("SHRQ $2, R14")
	f.i("ADDQ zero_base+144(FP), R14")
	f.i("MOVBLZX (R14), R14")
}

// qfStep is the registers of one 16-value step of an AVX-512 fused
// kernel: the decoded values, their scales, x's two 8-entry halves (the X
// registers spmvKernel.block builds them in) and the accumulator.
type qfStep struct {
	vals, scales string
	xa, xb       []string
	acc          string
}

// qfSteps are the 32-value pass's two steps (the 16-value pass takes the
// first).
var qfSteps = [2]qfStep{
	{"Z16", "Z17", []string{"X8", "X9"}, []string{"X4", "X5"}, "Z0"},
	{"Z18", "Z19", []string{"X10", "X11"}, []string{"X6", "X7"}, "Z1"},
}

// qfAVX512 writes an AVX-512 fused SpMV kernel of kind k: rows in passes
// of 32 values (two steps of 16 into two accumulators), then one of 16,
// then masked steps (qfTail). The range check and x's vector are the float32
// SpMV kernel's (spmvKernel's check and block, without the block's FMA).
// x by two VGATHERQPS a step instead is as fast on a streamed matrix and a
// quarter slower on rows in L2.
func qfAVX512(f *asmFile, name string, k qfKind) {
	ses := 4 // the size of a block's scale
	if k.mx {
		ses = 1
	}
	sOff, bOff, aOff := k.args()
	sk := &spmvKernel{isa: "avx512", es: 4, sd: "SS", betaOff: aOff + 4, l: strings.ToLower(name)}
	p := sk.l
	f.text(name, 0, "AVX512F, AVX512BW, BMI2", "")
	f.i("MOVQ y_base+0(FP), DI")
	f.i("MOVQ x_base+24(FP), SI")
	f.i("MOVQ x_len+32(FP), R8")
	f.i("VPBROADCASTQ R8, Z30")
	f.i("MOVQ ptr_base+48(FP), DX")
	f.i("MOVQ idx_base+72(FP), R9")
	f.i("MOVQ codes_base+96(FP), R11")
	if k.nib {
		f.i("MOVQ table_base+120(FP), R14")
		f.i("VMOVUPS (R14), Z29")
		f.i("VMOVDQU64 qfshift<>(SB), Z28")
	}
	switch {
	case k.row:
		f.i("MOVQ rs_base+120(FP), BX")
	case k.col:
		f.i("MOVQ scale_base+120(FP), BX")
	default:
		lanes := 0
		if k.nib {
			lanes = 128
		}
		f.i("VMOVDQU32 qflanes<>+%d(SB), Z27", lanes)
		f.i("VMOVDQU32 qflanes<>+%d(SB), Z26", lanes+64)
	}
	if k.mx {
		f.i("MOVL $0x00400000, R14 // E8M0 0: 2^-127")
		f.i("VPBROADCASTD R14, Z25")
	}
	if k.e4m3 {
		f.i("MOVL $0x87f00000, R14 // E4M3: the sign and 7 value bits, shifted left by 20")
		f.i("VPBROADCASTD R14, Z23")
		f.i("MOVL $0x7b800000, R14 // 2^120")
		f.i("VPBROADCASTD R14, Z24")
	}
	f.i("VMOVSS alpha+%d(FP), X13", aOff)
	f.i("VMOVSS beta+%d(FP), X12", aOff+4)
	qfRowStart(f, k, p, "Z22", "VPXORQ", "Z", func() { f.i("VPBROADCASTD R14, Z22") })
	if k.block() {
		qfBlockStart(f, k, sOff, bOff, ses)
		qfScale(f, k)
	}
	if k.nib {
		f.c("an odd first value alone, so that the passes start on a byte")
		f.i("BTQ $0, R12")
		f.i("JCC %spass", p)
		qfOne(f, k, p+"peel", ses, bOff, true)
		f.i("INCQ R12")
	}
	if k.block() {
		f.label(p + "pass")
		f.c("blocks under 32 values: steps of 16 only")
		f.i("CMPQ b+%d(FP), $32", bOff)
		f.i("JLT %sby16", p)
		f.c("K5, K6: the lanes of a pass from value R10 mod 32 on (with b a multiple")
		f.c("of 32, those past the block end of every pass that crosses one)")
		f.i("MOVL R10, R14")
		f.i("ANDL $31, R14")
		qfPassMasks(f, "R14")
		f.c("b = 32 and R10 < 32: every pass crosses a block end at the same lane")
		f.i("CMPQ b+%d(FP), $32", bOff)
		f.i("JNE %sby32", p)
		f.i("TESTL R14, R14")
		f.i("JNZ %sby32x", p)
	}
	qfPassHead(f, k, p, p+"by32")
	if !k.block() {
		qfStepCode(f, sk, k, qfSteps[0], 0, p+"a", ses, bOff)
		qfStepCode(f, sk, k, qfSteps[1], 16, p+"b", ses, bOff)
	} else {
		qfPassCode(f, k, p, false, ses)
	}
	f.i("MOVQ CX, R12")
	f.i("JMP %sby32", p)
	if k.block() {
		f.c("passes across a block end when b = 32 (R10 stays the block's values left)")
		qfPassHead(f, k, p, p+"by32x")
		qfPassCode(f, k, p, true, ses)
		f.i("MOVQ CX, R12")
		f.i("JMP %sby32x", p)
	}
	f.label(p + "by16")
	f.i("LEAQ 16(R12), CX")
	f.i("CMPQ CX, R13")
	f.i("JA %stail", p)
	qfLines(f, sk.check(2, p+"tail"))
	qfPrefetch(f, k, 2)
	qfStepCode(f, sk, k, qfSteps[0], 0, p+"c", ses, bOff)
	f.i("MOVQ CX, R12")
	f.i("JMP %sby16", p)
	qfTail(f, k, p, ses, bOff)
	qfSum(f, k, p, true, func() {
		qfLines(f, sk.scale("X2"))
		qfLines(f, sk.storeY(p+"nobeta", "\tINCQ AX", fmt.Sprintf("\tJMP %srow", p)))
	})
	if k.block() {
		qfPassSplit(f, k, p, ses, bOff)
	}
}

// qfRowStart opens the row loop of a fused kernel of kind k (labels
// prefixed p) at <p>row, AX the row from 0: for uint8 codes the row's
// zero point broadcast into register zp (bcast, from R14), the
// accumulators V0 and V1 (V is Z or Y) zeroed by instruction zero and X2
// by VXORPS, and the jump to <p>sum when the row is empty.
func qfRowStart(f *asmFile, k qfKind, p, zp, zero, v string, bcast func()) {
	f.i("XORQ AX, AX")
	qfRow(f, p, true)
	if k.u8 && k.col {
		f.c("R10: the zero points")
		f.i("MOVQ zero_base+144(FP), R10")
	}
	if k.u8 && k.row {
		f.c("%s: the row's zero point in every lane", zp)
		f.i("MOVQ rz_base+144(FP), R14")
		f.i("MOVBLZX (R14)(AX*1), R14")
		bcast()
	}
	f.i("%s %s0, %s0, %s0", zero, v, v, v)
	f.i("%s %s1, %s1, %s1", zero, v, v, v)
	f.i("VXORPS X2, X2, X2")
	f.i("CMPQ R12, R13")
	f.i("JAE %ssum", p)
}

// qfSum is a fused kernel's row end at <p>sum: the accumulators V0, V1
// (V is Z with z, else Y) and X2 summed into X2, times the row's scale for
// a kernel by row; store scales it by alpha, adds beta y and stores it and
// goes on to the next row; then the kernel's end at <p>done.
func qfSum(f *asmFile, k qfKind, p string, z bool, store func()) {
	v := "Y"
	if z {
		v = "Z"
	}
	f.label(p + "sum")
	f.i("VADDPS %s1, %s0, %s0", v, v, v)
	qfLines(f, spmvHsum(4, z))
	f.i("VADDSS X0, X2, X2")
	if k.row {
		f.i("VMULSS (BX)(AX*4), X2, X2")
	}
	store()
	f.label(p + "done")
	f.i("VZEROUPPER")
	f.i("RET")
}

// qfPassHead opens a 32-value pass loop at label l (kind k, labels of the
// kernel prefixed p): CX the pass's end, to <p>by16 when the row has no 32
// values left, to <p>tail on an index out of range, then the prefetches.
func qfPassHead(f *asmFile, k qfKind, p, l string) {
	f.label(l)
	f.i("LEAQ 32(R12), CX")
	f.i("CMPQ CX, R13")
	f.i("JA %sby16", p)
	f.i("VPCMPUQ $2, (R9)(R12*8), Z30, K1")
	f.i("VPCMPUQ $2, 64(R9)(R12*8), Z30, K2")
	f.i("VPCMPUQ $2, 128(R9)(R12*8), Z30, K3")
	f.i("VPCMPUQ $2, 192(R9)(R12*8), Z30, K4")
	f.i("KORB K1, K2, K1")
	f.i("KORB K3, K4, K3")
	f.i("KORTESTB K1, K3")
	f.i("JNZ %stail", p)
	qfPrefetch(f, k, 4)
}

// qfOne adds value R12 (skipped, to <l>skip, when its index is not below
// len(x)) into X2; with dec it first counts it off R10, the block's
// values left.
func qfOne(f *asmFile, k qfKind, l string, ses, bOff int, dec bool) {
	if dec && k.block() {
		f.i("DECQ R10")
	}
	qfScalarValue(f, k, l, qfScalarRegs{v: "X16", pow: "X24", zero: "X22", scale: "X31"}, func() {
		f.i("VMOVD R14, X16")
		f.i("VPERMPS Z29, Z16, Z16")
	})
}

// qfScalarRegs are the registers of a fused kernel's one-value step: the
// value v, 2^120 for E4M3 codes (pow), the row's (block's, as float32)
// zero point for uint8 codes and the block's broadcast scale.
type qfScalarRegs struct{ v, pow, zero, scale string }

// qfScalarValue adds value R12 of a fused kernel of kind k, the AVX-512
// and AVX2 kernels' shared one-value step (registers r), into X2, or skips
// it, to <l>skip, when its index is not below len(x); lookup turns a 4-bit
// code in R14's low bits (the bits above them not cleared) into r.v.
func qfScalarValue(f *asmFile, k qfKind, l string, r qfScalarRegs, lookup func()) {
	f.i("MOVQ (R9)(R12*8), R8")
	f.i("CMPQ R8, x_len+32(FP)")
	f.i("JAE %sskip", l)
	switch {
	case k.nib:
		f.i("MOVQ R12, R14")
		f.i("SHRQ $1, R14")
		f.i("MOVBLZX (R11)(R14*1), R14")
		f.i("MOVL R12, CX")
		f.i("ANDL $1, CX")
		f.i("SHLL $2, CX")
		f.i("SHRL CX, R14")
		lookup()
	case k.e4m3:
		f.i("MOVBLSX (R11)(R12*1), R14")
		f.i("SHLL $20, R14")
		f.i("ANDL $0x87f00000, R14")
		f.i("VMOVD R14, %s", r.v)
		f.i("VMULSS %s, %s, %s", r.pow, r.v, r.v)
	case k.col:
		if k.u8 {
			f.i("MOVBLZX (R11)(R12*1), R14")
			f.i("VCVTSI2SSL R14, %s, %s", r.v, r.v)
			f.i("VSUBSS (R10)(R8*4), %s, %s", r.v, r.v)
		} else {
			f.i("MOVBLSX (R11)(R12*1), R14")
			f.i("VCVTSI2SSL R14, %s, %s", r.v, r.v)
		}
	case k.u8 && k.block():
		f.i("MOVBLZX (R11)(R12*1), R14")
		f.i("VCVTSI2SSL R14, %s, %s", r.v, r.v)
		f.i("VSUBSS %s, %s, %s", r.zero, r.v, r.v)
	case k.u8:
		f.i("MOVBLZX (R11)(R12*1), R14")
		f.i("VMOVD %s, R15", r.zero)
		f.i("SUBL R15, R14")
		f.i("VCVTSI2SSL R14, %s, %s", r.v, r.v)
	default:
		f.i("MOVBLSX (R11)(R12*1), R14")
		f.i("VCVTSI2SSL R14, %s, %s", r.v, r.v)
	}
	switch {
	case k.col:
		f.i("VMULSS (BX)(R8*4), %s, %s", r.v, r.v)
	case k.block():
		f.i("VMULSS %s, %s, %s", r.scale, r.v, r.v)
	}
	f.i("VFMADD231SS (SI)(R8*4), %s, X2", r.v)
	f.label(l + "skip")
}

// qfPFD is the AVX-512 fused kernels' prefetch distance in bytes of idx
// (the codes of the same entries are prefetched too), and qfPFI its
// prefetch instruction. The streams (idx 8 bytes a value, codes 1 or 1/2)
// are prefetched into L2 (PREFETCHT1 on Zen 4), about twice as far ahead
// as the float32 kernel's distance: the loop moves fewer bytes a value and
// so takes values faster from a streamed matrix. Each line is prefetched
// once: a second prefetch of the idx lines from L2 into L1 nearer ahead
// (PREFETCHT0) makes the loop slower, its misses in L1 beside those of
// the x loads, which the index loads' own L2 hits do not.
var (
	qfPFD = 7168
	qfPFI = "PREFETCHT1"
)

// qfPrefetch prefetches the idx lines of a pass of 16*lines entries, and
// their codes, qfPFD bytes of idx ahead of R12.
func qfPrefetch(f *asmFile, k qfKind, lines int) {
	for i := range lines {
		f.i("%s %d(R9)(R12*8)", qfPFI, qfPFD+64*i)
	}
	qfCodesPrefetch(f, k, qfPFD)
	if k.block() {
		qfScalesPrefetch(f, k)
	}
}

// qfScalesPrefetch prefetches the block scales qfScalesAhead bytes past the
// current block's (BX): a stream of one line per 16 blocks (float32) or 64
// (E8M0), which the loop otherwise loads on demand, the multiplies waiting
// on the load at each new line.
func qfScalesPrefetch(f *asmFile, k qfKind) {
	ahead := qfScalesAhead
	if k.mx {
		ahead /= 4
	}
	f.i("%s %d(BX)", qfPFI, ahead)
}

// qfScalesAhead is the scales' prefetch distance in bytes of float32
// scales (a quarter of it for E8M0 exponents): 64 blocks, 2048 values and
// more with blocks of 32 values or more.
const qfScalesAhead = 256

// qfCodesPrefetch prefetches the codes of the entries pfd bytes of idx
// ahead of R12.
func qfCodesPrefetch(f *asmFile, k qfKind, pfd int) {
	if k.nib {
		f.i("MOVQ R12, R14")
		f.i("SHRQ $1, R14")
		f.i("%s %d(R11)(R14*1)", qfPFI, pfd/16)
		return
	}
	f.i("%s %d(R11)(R12*1)", qfPFI, pfd/8)
}

// qfStepCode is one 16-value step of kind k at entry R12+off into st's
// accumulator (labels prefixed l): the values' scales (the block's, the
// next block's blended into the lanes past a block end), the decoded
// codes times them, x's vector and the FMA.
func qfStepCode(f *asmFile, sk *spmvKernel, k qfKind, st qfStep, off int, l string, ses, bOff int) {
	if k.block() {
		qfStepScales(f, k, st.scales, "$16", l, ses, bOff)
	}
	v := st.vals
	if k.nib {
		f.i("MOVQ R12, R14")
		f.i("SHRQ $1, R14")
		qfDecode(f, k, v, fmt.Sprintf("%d(R11)(R14*1)", off/2))
	} else {
		qfDecode(f, k, v, fmt.Sprintf("%d(R11)(R12*1)", off))
	}
	if k.block() {
		if k.u8 {
			f.i("VSUBPS Z23, %s, %s", v, v)
		}
		f.i("VMULPS %s, %s, %s", st.scales, v, v)
	}
	if k.col {
		lane := func(l int) int { return off + l }
		if k.u8 {
			f.c("less the zero points of the columns")
			f.i("VSUBPS %s, %s, %s", qfLoadX(f, lane, st.xa, st.xb, "R10"), v, v)
		}
		f.c("times the scales of the columns")
		f.i("VMULPS %s, %s, %s", qfLoadX(f, lane, st.xa, st.xb, "BX"), v, v)
	}
	for _, blk := range [][]string{sk.block(off, st.xa, st.acc), sk.block(off+8, st.xb, st.acc)} {
		qfLines(f, blk[:len(blk)-1]) // all but its FMA
	}
	za, yb := strings.Replace(st.xa[0], "X", "Z", 1), strings.Replace(st.xb[0], "X", "Y", 1)
	f.i("VINSERTF64X4 $1, %s, %s, %s", yb, za, za)
	f.i("VFMADD231PS %s, %s, %s", v, za, st.acc)
}

// qfStepScales sets scales (a Z register) to the scales of a step's n
// values (n an operand, at most 16): the block's, Z31, and when R10, the
// block's values left, is under n, the next block's in the lanes from R10
// on (which then becomes Z31); it counts the n values off R10. The next
// block's scale is read only when a value of it is in the step. It
// clobbers K5, R14 and R15.
func qfStepScales(f *asmFile, k qfKind, scales, n, l string, ses, bOff int) {
	f.c("%s: the values' scales", scales)
	f.i("VMOVAPS Z31, %s", scales)
	if k.u8 {
		f.c("Z23: their zero points")
		f.i("VMOVAPS Z29, Z23")
	}
	f.i("CMPQ R10, %s", n)
	f.i("JLT %ssplit", l)
	f.i("SUBQ %s, R10", n)
	f.i("JMP %sdecode", l)
	f.label(l + "split")
	f.c("lanes from m = R10 on are in the next block")
	f.i("MOVL $0xffff, R14")
	f.i("BZHIL R10, R14, R14")
	f.i("KMOVW R14, K5")
	f.i("KNOTW K5, K5")
	f.i("ADDQ $%d, BX", ses)
	qfScale(f, k)
	f.i("VMOVAPS Z31, K5, %s", scales)
	if k.u8 {
		f.i("VMOVAPS Z29, K5, Z23")
	}
	f.i("ADDQ b+%d(FP), R10", bOff)
	f.i("SUBQ %s, R10", n)
	f.label(l + "decode")
}

// qfTail is an AVX-512 fused kernel's masked step at <p>tail, which runs
// until the row's end: n = min(16, values left) values, K1 their lanes; idx
// and the codes read under masks (for 4-bit codes the (n+1)/2 bytes that
// hold them, the row's values starting on a byte), x gathered for the
// lanes whose index is below len(x) (K7), and the FMA into Z0 under K7, so
// that an index out of range adds nothing. The passes and steps go to it on
// an index out of range too.
func qfTail(f *asmFile, k qfKind, p string, ses, bOff int) {
	qfTailCount(f, p, "CX", 16)
	f.c("K1: the n = CX lanes; K7: those whose index is below len(x)")
	f.i("MOVL $0xffff, R14")
	f.i("BZHIL CX, R14, R14")
	f.i("KMOVW R14, K1")
	f.i("KSHIFTRW $8, K1, K2")
	f.i("VMOVDQU64.Z (R9)(R12*8), K1, Z20")
	f.i("VMOVDQU64.Z 64(R9)(R12*8), K2, Z21")
	f.i("VPCMPUQ $1, Z30, Z20, K1, K3")
	f.i("VPCMPUQ $1, Z30, Z21, K2, K4")
	f.i("KUNPCKBW K3, K4, K7")
	if k.col {
		qfGatherCol(f, "BX", "Z17", "Z18")
		if k.u8 {
			qfGatherCol(f, "R10", "Z19", "Z18")
		}
	}
	f.c("Z15: x[idx[k+i]] in the lanes of K7")
	f.i("VXORPS Y15, Y15, Y15")
	f.i("VXORPS Y14, Y14, Y14")
	f.i("VGATHERQPS (SI)(Z20*4), K3, Y15")
	f.i("VGATHERQPS (SI)(Z21*4), K4, Y14")
	f.i("VINSERTF64X4 $1, Y14, Z15, Z15")
	if k.block() {
		qfStepScales(f, k, "Z17", "CX", p+"t", ses, bOff)
	}
	if k.nib {
		f.c("X16: the (n+1)/2 code bytes from k/2")
		f.i("LEAL 1(CX), R14")
		f.i("SHRL $1, R14")
		f.i("MOVL $0xffff, R15")
		f.i("BZHIL R14, R15, R15")
		f.i("KMOVW R15, K2")
		f.i("MOVQ R12, R14")
		f.i("SHRQ $1, R14")
		f.i("VMOVDQU8.Z (R11)(R14*1), K2, X16")
	} else {
		f.c("X16: the n codes")
		f.i("VMOVDQU8.Z (R11)(R12*1), K1, X16")
	}
	qfDecode(f, k, "Z16", "X16")
	switch {
	case k.col && k.u8:
		f.i("VSUBPS Z19, Z16, Z16")
	case k.u8 && k.block():
		f.i("VSUBPS Z23, Z16, Z16")
	}
	if !k.row {
		f.i("VMULPS Z17, Z16, Z16")
	}
	f.i("VFMADD231PS Z16, Z15, K7, Z0")
	f.i("ADDQ CX, R12")
	f.i("JMP %stail", p)
}

// qfGatherCol gathers base[idx[k+i]] (float32) into dst, a Z register, in
// the lanes of the tail's K3 and K4 (the indices in Z20 and Z21), 0
// elsewhere, through tmp; K3 and K4 are kept (the gathers take copies).
func qfGatherCol(f *asmFile, base, dst, tmp string) {
	f.c("%s: %s[idx[k+i]] in the lanes of K7", dst, base)
	f.i("KMOVW K3, K5")
	f.i("KMOVW K4, K6")
	f.i("VPXORD %s, %s, %s", dst, dst, dst)
	f.i("VPXORD %s, %s, %s", tmp, tmp, tmp)
	yd, yt := strings.Replace(dst, "Z", "Y", 1), strings.Replace(tmp, "Z", "Y", 1)
	f.i("VGATHERQPS (%s)(Z20*4), K5, %s", base, yd)
	f.i("VGATHERQPS (%s)(Z21*4), K6, %s", base, yt)
	f.i("VINSERTF64X4 $1, %s, %s, %s", yt, dst, dst)
}

// qfTailCount opens a masked tail at <p>tail: r = min(lanes, values left
// in the row), or to <p>sum when none is left. It clobbers R14.
func qfTailCount(f *asmFile, p, r string, lanes int) {
	f.label(p + "tail")
	f.i("MOVQ R13, %s", r)
	f.i("SUBQ R12, %s", r)
	f.i("JLE %ssum", p)
	f.i("MOVL $%d, R14", lanes)
	f.i("CMPQ %s, R14", r)
	f.i("CMOVQGT R14, %s", r)
}

// qfDecode decodes 16 codes of kind k from src (memory or an X register:
// 16 bytes, or for 4-bit codes the 8 bytes that hold them, nibble k+i in
// lane i) into v, a Z register, as float32 (4-bit codes looked up in Z29;
// u8 codes less the row's zero point, Z22). It clobbers X20. Its 8-bit
// cases are the deliberate twins of qfCodes8AVX2's.
func qfDecode(f *asmFile, k qfKind, v, src string) {
	x := strings.Replace(v, "Z", "X", 1)
	switch {
	case k.nib:
		f.c("%s: table[nibble k+i], from the code bytes k/2 .. k/2+7 (k even)", v)
		f.i("VPMOVZXBW %s, %s", src, x)
		f.i("VPSLLW $4, %s, %s", x, "X20")
		f.i("VPORD X20, %s, %s // word: low nibble, high nibble in its bytes' low bits", x, x)
		f.i("VPMOVZXBD %s, %s", x, v)
		f.i("VPERMPS Z29, %s, %s // the table's low 4 bits of each lane", v, v)
	case k.e4m3:
		f.c("%s: the 16 codes' values: E4M3 bits as float32 bits, times 2^120", v)
		f.i("VPMOVSXBD %s, %s", src, v)
		f.i("VPSLLD $20, %s, %s", v, v)
		f.i("VPANDD Z23, %s, %s", v, v)
		f.i("VMULPS Z24, %s, %s", v, v)
	case k.u8 && !k.row:
		f.c("%s: the 16 codes as float32", v)
		f.i("VPMOVZXBD %s, %s", src, v)
		f.i("VCVTDQ2PS %s, %s", v, v)
	case k.u8:
		f.c("%s: the 16 codes less the zero point as float32", v)
		f.i("VPMOVZXBD %s, %s", src, v)
		f.i("VPSUBD Z22, %s, %s", v, v)
		f.i("VCVTDQ2PS %s, %s", v, v)
	default:
		f.c("%s: the 16 codes as float32", v)
		f.i("VPMOVSXBD %s, %s", src, v)
		f.i("VCVTDQ2PS %s, %s", v, v)
	}
}

// qfLines writes lines of the SpMV generator's form (instructions after a
// tab, labels ending in a colon, empty lines) into f.
func qfLines(f *asmFile, lines []string) {
	for _, ln := range lines {
		switch t := strings.TrimSpace(ln); {
		case t == "":
		case strings.HasSuffix(t, ":"):
			f.label(strings.TrimSuffix(t, ":"))
		default:
			f.i("%s", t)
		}
	}
}

// qfKindsAVX2 are the AVX2 kernels by name.
var qfKindsAVX2 = []struct {
	name string
	k    qfKind
}{
	{"QSpMVI8RowAVX2", qfKind{row: true}},
	{"QSpMVU8RowAVX2", qfKind{row: true, u8: true}},
	{"QSpMVI8BlockAVX2", qfKind{}},
	{"QSpMV8MXAVX2", qfKind{mx: true, e4m3: true}},
	{"QSpMV4BlockAVX2", qfKind{nib: true}},
	{"QSpMV4MXAVX2", qfKind{nib: true, mx: true}},
	{"QSpMVU8BlockAVX2", qfKind{u8: true}},
	{"QSpMVI8ColAVX2", qfKind{col: true}},
	{"QSpMVU8ColAVX2", qfKind{col: true, u8: true}},
}

// qfZeroAVX2 is the register of the zero point of an AVX2 kernel of kind
// k's scalar step: the row's (an integer) in X7, the block's (float32) in
// X12.
func qfZeroAVX2(k qfKind) string {
	if k.block() {
		return "X12"
	}
	return "X7"
}

// qfScaleAVX2 loads the scale of the block at BX (float32, or with mx an
// E8M0 exponent) broadcast into dst (a Y register), and for uint8 codes
// its zero point as float32 into Y12. It clobbers R14 and R15.
func qfScaleAVX2(f *asmFile, k qfKind, dst string) {
	if k.u8 {
		qfBlockZero(f)
		f.i("VMOVD R14, X12")
		f.i("VPBROADCASTD X12, Y12")
		f.i("VCVTDQ2PS Y12, Y12")
	}
	if !k.mx {
		f.i("VBROADCASTSS (BX), %s", dst)
		return
	}
	x := strings.Replace(dst, "Y", "X", 1)
	e8m0Bits(f, "R14", "R15")
	f.i("VMOVD R14, %s", x)
	f.i("VPBROADCASTD %s, %s", x, dst)
}

// nib8Data writes name<>, the AVX2 kernels' nibble steering: for each
// phase p (0, 1) of a step's first value, at 64p, the 16 bytes (p+i)/2
// (VPSHUFB's control: lane i's byte among the step's code bytes), then 8
// dwords 4*((p+i)&1) (lane i's shift, the same for lanes i and i+8).
func nib8Data(f *asmFile, name string) {
	for p := range 2 {
		for i := range 16 {
			f.line("DATA %s<>+%d(SB)/1, $%d", name, 64*p+i, (p+i)>>1)
		}
		for i := range 8 {
			f.line("DATA %s<>+%d(SB)/4, $%d", name, 64*p+16+4*i, 4*((p+i)&1))
		}
	}
	f.line("GLOBL %s<>(SB), RODATA|NOPTR, $128", name)
}

// splitData writes name<>: 16 zero dwords, then 16 of all ones. The 8
// dwords at 4*(16-m) are all ones in lanes m and up: the lanes of a step
// past a block end m lanes in.
func splitData(f *asmFile, name string) {
	for i := range 32 {
		v := "$0"
		if i >= 16 {
			v = "$0xffffffff"
		}
		f.line("DATA %s<>+%d(SB)/4, %s", name, 4*i, v)
	}
	f.line("GLOBL %s<>(SB), RODATA|NOPTR, $128", name)
}

// nibLookupAVX2 sets the 8 lanes of v (a Y register holding nibbles in
// their low 4 bits, higher bits ignored) to table[nibble]: Y12 holds
// table[0:8], Y13 table[8:16]; VPERMPS looks the low 3 bits up in both,
// bit 3 (moved to the sign) picks one. It clobbers t0 and t1.
func nibLookupAVX2(f *asmFile, v, t0, t1 string) {
	f.i("VPERMPS Y12, %s, %s", v, t0)
	f.i("VPERMPS Y13, %s, %s", v, t1)
	f.i("VPSLLD $28, %s, %s", v, v)
	f.i("VBLENDVPS %s, %s, %s, %s // table[nibble]", v, t1, t0, v)
}

// qfAVX2 writes an AVX2 fused SpMV kernel of kind k: 16 values a step (one
// range check of their indices, x by scalar loads as qfAVX2LoadX, which
// VGATHERQPS does not outrun, the codes decoded in two 8-lane halves, by
// block each half times its scales: the block's broadcast scale with the
// next block's blended into the lanes past a block end), then one at a
// time, skipping entries whose index is not below len(x).
func qfAVX2(f *asmFile, name string, k qfKind) {
	ses := 4 // the size of a block's scale
	if k.mx {
		ses = 1
	}
	sOff, bOff, aOff := k.args()
	p := strings.ToLower(name)
	f.text(name, 0, "AVX, AVX2, FMA3", "")
	f.i("MOVQ y_base+0(FP), DI")
	f.i("MOVQ x_base+24(FP), SI")
	f.i("MOVQ ptr_base+48(FP), DX")
	f.i("MOVQ idx_base+72(FP), R9")
	f.i("MOVQ codes_base+96(FP), R11")
	switch {
	case k.nib:
		f.i("MOVQ table_base+120(FP), R14")
		f.i("VMOVUPS (R14), Y12")
		f.i("VMOVUPS 32(R14), Y13")
	case k.e4m3:
		f.i("MOVL $0x87f00000, R14 // E4M3: the sign and 7 value bits, shifted left by 20")
		f.i("VMOVD R14, X12")
		f.i("VPBROADCASTD X12, Y12")
		f.i("MOVL $0x7b800000, R14 // 2^120")
		f.i("VMOVD R14, X13")
		f.i("VPBROADCASTD X13, Y13")
	case k.row, k.col:
		f.i("MOVQ %s_base+%d(FP), BX", k.scaleName(), sOff)
	}
	f.i("MOVQ $0x8000000000000000, R14")
	f.i("MOVQ R14, X14")
	f.i("VPBROADCASTQ X14, Y14")
	f.i("XORQ x_len+32(FP), R14")
	f.i("MOVQ R14, X15")
	f.i("VPBROADCASTQ X15, Y15")
	qfRowStart(f, k, p, "Y7", "VXORPS", "Y", func() {
		f.i("VMOVD R14, X7")
		f.i("VPBROADCASTD X7, Y7")
	})
	if k.block() {
		qfBlockStart(f, k, sOff, bOff, ses)
		qfScaleAVX2(f, k, "Y7")
	}
	if k.nib {
		f.c("CX: the nibble steering of the row's phase")
		f.i("MOVQ R12, CX")
		f.i("ANDQ $1, CX")
		f.i("SHLQ $6, CX")
		f.i("LEAQ qfnib8<>(SB), R14")
		f.i("ADDQ R14, CX")
	}
	f.label(p + "by16")
	f.i("LEAQ 16(R12), R8")
	f.i("CMPQ R8, R13")
	f.i("JA %stail", p)
	qfLines(f, (&spmvKernel{isa: "avx2"}).check(2, p+"tail"))
	f.i("PREFETCHT0 2048(R9)(R12*8)")
	f.i("PREFETCHT0 2112(R9)(R12*8)")
	qfDecodeAVX2(f, k)
	if k.block() {
		qfSplitAVX2(f, k, "$16", p, ses, bOff, []string{"Y10", "Y11"})
	}
	for h := range 2 {
		if !k.col {
			break
		}
		if k.u8 {
			v, c := qfAVX2LoadX(f, h, "R10")
			f.i("VSUBPS %s, %s, %s // less the zero points of the columns", v, c, c)
		}
		v, c := qfAVX2LoadX(f, h, "BX")
		f.i("VMULPS %s, %s, %s // times the scales of the columns", v, c, c)
	}
	for h, acc := range []string{"Y0", "Y1"} {
		v, c := qfAVX2LoadX(f, h, "SI")
		f.i("VFMADD231PS %s, %s, %s", c, v, acc)
	}
	f.i("ADDQ $16, R12")
	f.i("JMP %sby16", p)
	qfTailAVX2(f, k, p, ses, bOff)
	qfScalarValue(f, k, p, qfScalarRegs{v: "X10", pow: "X13", zero: qfZeroAVX2(k), scale: "X7"}, func() {
		f.i("ANDL $15, R14")
		f.i("MOVQ table_base+120(FP), R15")
		f.i("VMOVSS (R15)(R14*4), X10")
	})
	f.i("INCQ R12")
	f.i("JMP %sone", p)
	qfSum(f, k, p, false, func() {
		f.i("VMULSS alpha+%d(FP), X2, X0", aOff)
		f.i("CMPL beta+%d(FP), $0", aOff+4)
		f.i("JEQ %snobeta", p)
		f.i("VMOVSS beta+%d(FP), X3", aOff+4)
		f.i("VFMADD231SS (DI)(AX*4), X3, X0")
		f.label(p + "nobeta")
		f.i("VMOVSS X0, (DI)(AX*4)")
		f.i("INCQ AX")
		f.i("JMP %srow", p)
	})
}

// qfDecodeAVX2 decodes the 16 codes of an AVX2 step at R12 (kind k) into
// Y10 and Y11 as float32, unscaled, and prefetches the codes ahead. It
// clobbers R14, R15, Y3, Y5 and Y6.
func qfDecodeAVX2(f *asmFile, k qfKind) {
	if k.nib {
		f.c("Y10, Y11: table[nibble k+i], from code bytes k/2 .. (k+15)/2")
		f.i("MOVQ R12, R14")
		f.i("SHRQ $1, R14")
		f.i("LEAQ 15(R12), R15")
		f.i("SHRQ $1, R15")
		f.i("VMOVQ (R11)(R14*1), X3")
		f.i("VPINSRB $8, (R11)(R15*1), X3, X3")
		f.i("PREFETCHT0 128(R11)(R14*1)")
		f.i("VPSHUFB (CX), X3, X3 // byte i: code byte (k+i)/2")
		f.i("VPMOVZXBD X3, Y10")
		f.i("VPSRLDQ $8, X3, X3")
		f.i("VPMOVZXBD X3, Y11")
		f.i("VPSRLVD 16(CX), Y10, Y10")
		f.i("VPSRLVD 16(CX), Y11, Y11")
		nibLookupAVX2(f, "Y10", "Y5", "Y6")
		nibLookupAVX2(f, "Y11", "Y5", "Y6")
		return
	}
	f.i("PREFETCHT0 256(R11)(R12*1)")
	for h, v := range []string{"Y10", "Y11"} {
		qfCodes8AVX2(f, k, v, fmt.Sprintf("%d(R11)(R12*1)", 8*h), fmt.Sprintf("codes k+%d..", 8*h))
	}
}

// qfCodes8AVX2 decodes 8 8-bit codes of an AVX2 kernel of kind k (not
// 4-bit) from src, memory or an X register, into v as float32, unscaled;
// what names them in the comment.
// Its cases are the deliberate twins of qfDecode's 8-bit ones, which
// differ in registers and comments.
func qfCodes8AVX2(f *asmFile, k qfKind, v, src, what string) {
	switch {
	case k.e4m3:
		f.c("%s: %s as E4M3 bits in float32 bits, times 2^120", v, what)
		f.i("VPMOVSXBD %s, %s", src, v)
		f.i("VPSLLD $20, %s, %s", v, v)
		f.i("VPAND Y12, %s, %s", v, v)
		f.i("VMULPS Y13, %s, %s", v, v)
	case k.u8 && !k.row:
		f.c("%s: %s as float32", v, what)
		f.i("VPMOVZXBD %s, %s", src, v)
		f.i("VCVTDQ2PS %s, %s", v, v)
	case k.u8:
		f.c("%s: %s less the zero point as float32", v, what)
		f.i("VPMOVZXBD %s, %s", src, v)
		f.i("VPSUBD Y7, %s, %s", v, v)
		f.i("VCVTDQ2PS %s, %s", v, v)
	default:
		f.c("%s: %s as float32", v, what)
		f.i("VPMOVSXBD %s, %s", src, v)
		f.i("VCVTDQ2PS %s, %s", v, v)
	}
}

// qfTailAVX2 is an AVX2 fused kernel's masked step at <p>tail (kind k),
// which runs until the row's end: n = min(8, values left) values (R8);
// their code bytes by the 8 that end with the step's (shifted down to the
// step's first), when those do not start before the row's first byte,
// else the values one at a time at <p>one; idx read under the lanes' mask
// (VPMASKMOVQ), x gathered for the lanes whose index is below len(x), and
// the values outside those lanes zeroed before the FMA into Y0. The steps
// of 16 go to it on an index out of range too.
func qfTailAVX2(f *asmFile, k qfKind, p string, ses, bOff int) {
	qfTailCount(f, p, "R8", 8)
	f.c("R15: the first of the 8 code bytes that end with the step's; not before the row's first")
	if k.nib {
		f.i("LEAQ 1(R12)(R8*1), R15")
		f.i("SHRQ $1, R15")
	} else {
		f.i("LEAQ (R12)(R8*1), R15")
	}
	f.i("SUBQ $8, R15")
	f.i("MOVQ (DX)(AX*8), R14")
	if k.nib {
		f.i("SHRQ $1, R14")
	}
	f.i("CMPQ R15, R14")
	f.i("JLT %sone", p)
	f.c("X3: the code bytes from the step's first on")
	f.i("VMOVQ (R11)(R15*1), X3")
	f.i("MOVQ R12, R14")
	if k.nib {
		f.i("SHRQ $1, R14")
	}
	f.i("SUBQ R15, R14")
	f.i("SHLQ $3, R14")
	f.i("VMOVQ R14, X4")
	f.i("VPSRLQ X4, X3, X3")
	if k.nib {
		f.c("Y10: table[nibble k+i]")
		f.i("VPSHUFB (CX), X3, X3 // byte i: code byte (k+i)/2")
		f.i("VPMOVZXBD X3, Y10")
		f.i("VPSRLVD 16(CX), Y10, Y10")
		nibLookupAVX2(f, "Y10", "Y5", "Y6")
	} else {
		qfCodes8AVX2(f, k, "Y10", "X3", "the codes")
	}
	if k.block() {
		qfSplitAVX2(f, k, "R8", p+"t", ses, bOff, []string{"Y10"})
	}
	f.c("Y3, Y4: the n indices; Y5, Y6 (then X5, X6 and Y11 as dwords): the lanes in range")
	f.i("LEAQ qfhead<>+64(SB), R15")
	f.i("MOVQ R8, R14")
	f.i("NEGQ R14")
	f.i("VMOVDQU (R15)(R14*8), Y8 // lanes 0..3 below n")
	f.i("VMOVDQU 32(R15)(R14*8), Y9 // lanes 4..7 below n")
	f.i("VPMASKMOVQ (R9)(R12*8), Y8, Y3")
	f.i("VPMASKMOVQ 32(R9)(R12*8), Y9, Y4")
	for _, r := range [][4]string{{"Y3", "Y5", "Y8", "X8"}, {"Y4", "Y6", "Y9", "X9"}} {
		m, xm := r[1], strings.Replace(r[1], "Y", "X", 1)
		f.i("VPXOR Y14, %s, %s", r[0], m)
		f.i("VPCMPGTQ %s, Y15, %s", m, m)
		f.i("VPAND %s, %s, %s", r[2], m, m)
		f.i("VEXTRACTI128 $1, %s, %s", m, r[3])
		f.i("VSHUFPS $0x88, %s, %s, %s", r[3], xm, xm)
	}
	f.i("VINSERTI128 $1, X6, Y5, Y11")
	if k.col && k.u8 {
		qfGatherColAVX2(f, "R10", "VSUBPS")
	}
	if k.col {
		qfGatherColAVX2(f, "BX", "VMULPS")
	}
	f.c("Y8: x[idx[k+i]] in the lanes in range, 0 elsewhere")
	f.i("VXORPS X8, X8, X8")
	f.i("VGATHERQPS X5, (SI)(Y3*4), X8")
	f.i("VXORPS X9, X9, X9")
	f.i("VGATHERQPS X6, (SI)(Y4*4), X9")
	f.i("VINSERTF128 $1, X9, Y8, Y8")
	f.i("VANDPS Y11, Y10, Y10")
	f.i("VFMADD231PS Y10, Y8, Y0")
	f.i("ADDQ R8, R12")
	f.i("JMP %stail", p)
	f.label(p + "one")
	f.i("CMPQ R12, R13")
	f.i("JAE %ssum", p)
	if k.block() {
		f.i("TESTQ R10, R10")
		f.i("JNZ %sdec", p)
		f.i("ADDQ $%d, BX", ses)
		qfScaleAVX2(f, k, "Y7")
		f.i("MOVQ b+%d(FP), R10", bOff)
		f.label(p + "dec")
		f.i("DECQ R10")
	}
}

// qfGatherColAVX2 gathers base[idx[k+i]] (float32) into Y7 in the lanes
// of the AVX2 tail's masks X5 and X6 (the indices in Y3 and Y4), 0
// elsewhere, and applies it to the step's values by op (Y10 = Y10 op Y7).
// It clobbers X12 and X13, and keeps X5 and X6.
func qfGatherColAVX2(f *asmFile, base, op string) {
	f.c("Y7: %s[idx[k+i]] in the lanes in range", base)
	f.i("VMOVDQA X5, X12")
	f.i("VXORPS X7, X7, X7")
	f.i("VGATHERQPS X12, (%s)(Y3*4), X7", base)
	f.i("VMOVDQA X6, X12")
	f.i("VXORPS X13, X13, X13")
	f.i("VGATHERQPS X12, (%s)(Y4*4), X13", base)
	f.i("VINSERTF128 $1, X13, Y7, Y7")
	f.i("%s Y7, Y10, Y10", op)
}

// qfSplitAVX2 multiplies the step's values in vs (8 lanes each, n values
// in all, n an operand, at most 16) by their scales: Y7, the block's, and
// when R10, the block's values left, is under n, the next block's in the
// lanes from R10 on (which then becomes Y7), uint8 codes less their zero
// points first likewise (Y12); it counts the n values off R10 (labels
// prefixed l). It clobbers R14, R15, Y3, Y5, Y6 and Y13.
func qfSplitAVX2(f *asmFile, k qfKind, n, l string, ses, bOff int, vs []string) {
	f.c("times their scales")
	f.i("CMPQ R10, %s", n)
	f.i("JLT %ssplit", l)
	f.i("SUBQ %s, R10", n)
	for _, v := range vs {
		if k.u8 {
			f.i("VSUBPS Y12, %s, %s", v, v)
		}
		f.i("VMULPS Y7, %s, %s", v, v)
	}
	f.i("JMP %sx", l)
	f.label(l + "split")
	f.c("lanes from m = R10 on are in the next block")
	f.i("VMOVAPS Y7, Y6")
	if k.u8 {
		f.i("VMOVAPS Y12, Y13")
	}
	f.i("ADDQ $%d, BX", ses)
	qfScaleAVX2(f, k, "Y7")
	f.i("MOVQ R10, R14")
	f.i("NEGQ R14")
	f.i("LEAQ qfsplit<>+64(SB), R15")
	for h, v := range vs {
		f.i("VMOVDQU %d(R15)(R14*4), Y3 // lanes %d..%d from m on", 32*h, 8*h, 8*h+7)
		if k.u8 {
			f.i("VBLENDVPS Y3, Y12, Y13, Y5")
			f.i("VSUBPS Y5, %s, %s", v, v)
		}
		f.i("VBLENDVPS Y3, Y7, Y6, Y5")
		f.i("VMULPS Y5, %s, %s", v, v)
	}
	f.i("ADDQ b+%d(FP), R10", bOff)
	f.i("SUBQ %s, R10", n)
	f.label(l + "x")
}

// qfAVX2LoadX loads base[idx[k]] (x, or a column's scale or zero point)
// for the 8 entries of half h (0 or 1) of a 16-entry AVX2 step at R12, by
// scalar loads and inserts (4 into the low and 4 into the high 128 bits),
// into v; it returns v and the register c
// that holds the half's decoded values. It clobbers R8, R14, R15 and the
// other two X registers of the half.
func qfAVX2LoadX(f *asmFile, h int, base string) (v, c string) {
	lo, hi, v := "X8", "X9", "Y8"
	c = "Y10"
	if h == 1 {
		lo, hi, v, c = "X4", "X5", "Y4", "Y11"
	}
	o := 64 * h
	f.i("MOVQ %d(R9)(R12*8), R8", o)
	f.i("MOVQ %d(R9)(R12*8), R14", o+8)
	f.i("MOVQ %d(R9)(R12*8), R15", o+16)
	f.i("VMOVSS (%s)(R8*4), %s", base, lo)
	f.i("MOVQ %d(R9)(R12*8), R8", o+24)
	f.i("VINSERTPS $0x10, (%s)(R14*4), %s, %s", base, lo, lo)
	f.i("MOVQ %d(R9)(R12*8), R14", o+32)
	f.i("VINSERTPS $0x20, (%s)(R15*4), %s, %s", base, lo, lo)
	f.i("MOVQ %d(R9)(R12*8), R15", o+40)
	f.i("VINSERTPS $0x30, (%s)(R8*4), %s, %s", base, lo, lo)
	f.i("MOVQ %d(R9)(R12*8), R8", o+48)
	f.i("VMOVSS (%s)(R14*4), %s", base, hi)
	f.i("MOVQ %d(R9)(R12*8), R14", o+56)
	f.i("VINSERTPS $0x10, (%s)(R15*4), %s, %s", base, hi, hi)
	f.i("VINSERTPS $0x20, (%s)(R8*4), %s, %s", base, hi, hi)
	f.i("VINSERTPS $0x30, (%s)(R14*4), %s, %s", base, hi, hi)
	f.i("VINSERTF128 $1, %s, %s, %s", hi, v, v)
	return v, c
}

// qfPassData writes the AVX-512 kernels' constants of a 32-value pass by
// block: qfshift<>, qword j's shift 4j, which leaves nibble j of a step's
// 8 code bytes in the low 4 bits of dword 2j and nibble j+8 in those of
// dword 2j+1; and qflanes<>, the value (0..31) of each lane of the pass's
// two steps, at 0 in order (int8 codes) and at 128 in that interleaved
// order (4-bit codes), 16 dwords a step.
func qfPassData(f *asmFile) {
	f.doc(`qfshift: qword j's shift 4j (nibble j to the low 4 bits of dword 2j,
nibble j+8 to those of dword 2j+1).`)
	for j := range 8 {
		f.line("DATA qfshift<>+%d(SB)/8, $%d", 8*j, 4*j)
	}
	f.line("GLOBL qfshift<>(SB), RODATA|NOPTR, $64")
	f.blank()
	f.doc(`qflanes: the value of each lane of a 32-value pass, steps a and b: at 0
in order, at 128 interleaved (lane 2j value j, lane 2j+1 value j+8).`)
	for o, order := range []func(int) int{qfInOrder, qfInterleaved} {
		for st := range 2 {
			for l := range 16 {
				f.line("DATA qflanes<>+%d(SB)/4, $%d", 128*o+64*st+4*l, 16*st+order(l))
			}
		}
	}
	f.line("GLOBL qflanes<>(SB), RODATA|NOPTR, $256")
}

// qfInOrder and qfInterleaved map a lane of a 16-value step to its value:
// int8 codes decode in order, 4-bit ones (qfshift) interleaved.
func qfInOrder(l int) int     { return l }
func qfInterleaved(l int) int { return l/2 + 8*(l%2) }

// qfPassCode is the body of a 32-value pass of a kernel by block (kind k,
// labels prefixed p) after its range check and prefetch (which leaves
// R12/2 in R14 for 4-bit codes): both steps' codes decoded into Z16 and
// Z18 (4-bit codes in qfInterleaved's lane order), times their scales (a
// pass within one block multiplies by Z31; one that crosses a block end
// goes to <p>split and comes back at <p>scaled; with cross, every pass
// crosses one at the lanes of K5 and K6, qfPassBlend's, ses bytes a
// scale), then x's vectors in the same lane order and the FMAs into Z0 and
// Z1.
func qfPassCode(f *asmFile, k qfKind, p string, cross bool, ses int) {
	order := qfInOrder
	if k.nib {
		order = qfInterleaved
		f.c("Z16, Z18: table[nibble], nibbles j and j+8 of code bytes k/2.. in lanes 2j and 2j+1")
		f.i("VPBROADCASTQ (R11)(R14*1), Z16")
		f.i("VPBROADCASTQ 8(R11)(R14*1), Z18")
		f.i("VPSRLVQ Z28, Z16, Z16")
		f.i("VPSRLVQ Z28, Z18, Z18")
		f.i("VPERMPS Z29, Z16, Z16 // the table's low 4 bits of each lane")
		f.i("VPERMPS Z29, Z18, Z18")
	} else if k.e4m3 {
		f.c("Z16, Z18: the 32 codes' values: E4M3 bits as float32 bits, times 2^120")
		for i, v := range []string{"Z16", "Z18"} {
			f.i("VPMOVSXBD %d(R11)(R12*1), %s", 16*i, v)
			f.i("VPSLLD $20, %s, %s", v, v)
			f.i("VPANDD Z23, %s, %s", v, v)
			f.i("VMULPS Z24, %s, %s", v, v)
		}
	} else {
		ext := "VPMOVSXBD"
		if k.u8 {
			ext = "VPMOVZXBD"
		}
		f.c("Z16, Z18: the 32 codes as float32")
		f.i("%s (R11)(R12*1), Z16", ext)
		f.i("%s 16(R11)(R12*1), Z18", ext)
		f.i("VCVTDQ2PS Z16, Z16")
		f.i("VCVTDQ2PS Z18, Z18")
	}
	if cross {
		f.c("times their scales: the next block's in the lanes of K5 and K6")
		qfPassBlend(f, k, ses)
	} else {
		f.c("times their scales: the block's when R10, its values left, covers the pass")
		f.i("CMPQ R10, $32")
		f.i("JLT %ssplit", p)
		f.i("SUBQ $32, R10")
		if k.u8 {
			f.i("VSUBPS Z29, Z16, Z16")
			f.i("VSUBPS Z29, Z18, Z18")
		}
		f.i("VMULPS Z31, Z16, Z16")
		f.i("VMULPS Z31, Z18, Z18")
		f.label(p + "scaled")
	}
	for st, r := range []struct {
		vals, acc string
		xa, xb    []string
	}{
		{"Z16", "Z0", []string{"X8", "X9"}, []string{"X4", "X5"}},
		{"Z18", "Z1", []string{"X10", "X11"}, []string{"X6", "X7"}},
	} {
		z := qfLoadX(f, func(l int) int { return 16*st + order(l) }, r.xa, r.xb, "SI")
		f.i("VFMADD231PS %s, %s, %s", r.vals, z, r.acc)
	}
}

// qfPassMasks sets K5 and K6 to the lanes of a pass's steps a and b whose
// value (qflanes, Z27 and Z26) is m or more, m in register r.
func qfPassMasks(f *asmFile, r string) {
	f.i("VPBROADCASTD %s, Z20", r)
	f.i("VPCMPUD $5, Z20, Z27, K5")
	f.i("VPCMPUD $5, Z20, Z26, K6")
}

// qfPassSplit is the pass's scales across a block end, at <p>split: the
// lanes of K5 and K6 (from value m = R10 on; the row's masks serve when b
// is a multiple of 32) take the next block's scale, which becomes Z31;
// then back to <p>scaled. The kernel runs passes only when b >= 32, so a
// pass spans two blocks at most.
func qfPassSplit(f *asmFile, k qfKind, p string, ses, bOff int) {
	f.label(p + "split")
	f.i("TESTQ $31, b+%d(FP)", bOff)
	f.i("JZ %smasked", p)
	qfPassMasks(f, "R10")
	f.label(p + "masked")
	qfPassBlend(f, k, ses)
	f.i("ADDQ b+%d(FP), R10", bOff)
	f.i("SUBQ $32, R10")
	f.i("JMP %sscaled", p)
}

// qfPassBlend multiplies a pass's values (Z16, Z18) by their scales: Z31,
// the block's, and in the lanes of K5 and K6 the next block's, which it
// loads (BX advanced to it) and leaves in Z31 (uint8 codes: the zero
// points first, likewise, Z29).
func qfPassBlend(f *asmFile, k qfKind, ses int) {
	f.i("ADDQ $%d, BX", ses)
	if k.u8 {
		f.c("less the zero points: Z29, the block's, and the next block's (Z25) in the lanes of K5 and K6")
		qfBlockZero(f)
		f.i("VPBROADCASTD R14, Z25")
		f.i("VCVTDQ2PS Z25, Z25")
		f.i("VBLENDMPS Z25, Z29, K5, Z20")
		f.i("VBLENDMPS Z25, Z29, K6, Z21")
		f.i("VSUBPS Z20, Z16, Z16")
		f.i("VSUBPS Z21, Z18, Z18")
		f.i("VMOVAPS Z25, Z29")
	}
	if k.mx {
		f.c("Z22: E8M0(exps[g]), the exponent's bits, 2^-127 (Z25) for exponent 0")
		f.i("MOVBLZX (BX), R14")
		f.i("VPBROADCASTD R14, Z22")
		f.i("VPSLLD $23, Z22, Z22")
		f.i("VPMAXUD Z25, Z22, Z22")
	} else {
		f.i("VBROADCASTSS (BX), Z22")
	}
	f.i("VBLENDMPS Z22, Z31, K5, Z17")
	f.i("VBLENDMPS Z22, Z31, K6, Z19")
	f.i("VMULPS Z17, Z16, Z16")
	f.i("VMULPS Z19, Z18, Z18")
	f.i("VMOVAPS Z22, Z31")
}

// qfLoadX loads base[idx[R12+val(l)]] (x, or a column's scale or zero
// point) into lane l of a Z register, lanes 0..7 into the X registers xa
// (4 each, then joined), 8..15 into xb, by scalar loads with the index
// loads two ahead of their use, and returns the Z register (xa[0]'s). It clobbers R8, R14 and R15.
func qfLoadX(f *asmFile, val func(l int) int, xa, xb []string, base string) string {
	gp := []string{"R8", "R14", "R15"}
	for h, xr := range [][]string{xa, xb} {
		var loads, ins []string
		for j := range 8 {
			g := gp[j%3]
			loads = append(loads, fmt.Sprintf("MOVQ %d(R9)(R12*8), %s", 8*val(8*h+j), g))
			a := xr[j/4]
			if j%4 == 0 {
				ins = append(ins, fmt.Sprintf("VMOVSS (%s)(%s*4), %s", base, g, a))
			} else {
				ins = append(ins, fmt.Sprintf("VINSERTPS $%#x, (%s)(%s*4), %s, %s", (j%4)<<4, base, g, a, a))
			}
		}
		f.i("%s", loads[0])
		f.i("%s", loads[1])
		for j := range 8 {
			if j+2 < 8 {
				f.i("%s", loads[j+2])
			}
			f.i("%s", ins[j])
		}
		f.i("VINSERTF128 $1, %s, %s, %s", xr[1], yreg(xr[0], "Y"), yreg(xr[0], "Y"))
	}
	z := yreg(xa[0], "Z")
	f.i("VINSERTF64X4 $1, %s, %s, %s", yreg(xb[0], "Y"), z, z)
	return z
}
