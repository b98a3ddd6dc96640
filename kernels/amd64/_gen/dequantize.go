package main

// dequantize_amd64.s: the decode kernels of the quantized values, one per
// code kind and tier (I8, U8, E4M3, 4-bit table) x (AVX2, AVX-512).

// dqKind is one code kind's kernel.
type dqKind struct {
	name string // I8, U8, E4M3, 4
	u8   bool   // zero points
	nib  bool   // 4-bit codes through a table
	e4m3 bool
}

var dqKinds = []dqKind{{name: "I8"}, {name: "U8", u8: true}, {name: "E4M3", e4m3: true}, {name: "4", nib: true}}

// dqSig is the Go signature of kind k's kernels.
func dqSig(k dqKind) string {
	switch {
	case k.u8:
		return "(dst []float32, codes []byte, scale []float32, zero []byte, rem, b int) int"
	case k.nib:
		return "(dst []float32, codes []byte, odd int, table, scale []float32, rem, b int) int"
	}
	return "(dst []float32, codes []byte, scale []float32, rem, b int) int"
}

// dqDecls are the family's declarations (decls.go appends them).
func dqDecls() []decl {
	var d []decl
	for _, tier := range []string{"AVX2", "AVX512"} {
		for _, k := range dqKinds {
			name := "Dequantize" + k.name + tier
			var doc string
			switch {
			case tier == "AVX2" && k.name == "I8":
				doc = `DequantizeI8AVX2 decodes int8 codes into float32, one scale per group of
values, and returns how many values it decoded:

	for i := range dst[:n] { // n: see below
		g := 0 for i < rem, 1 + (i-rem)/b after (b == 0: g = i)
		dst[i] = float32(int8(codes[i])) * scale[g]
	}
	return n

Each value is one float32 product, rounded once: bit for bit what
quant.Values.At computes. The AVX2 kernels decode whole vectors of 8,
n = len(dst) rounded down to a multiple of 8 (the 4-bit kernel also
stops where a vector would read past codes); the caller decodes the rest.
They assume rem >= 1, b == 0 or b >= 8, len(codes) >= len(dst) and a
scale (and zero point) for every group of the values decoded; they read a
group's parameter only when a value of it is decoded. A group boundary
inside a vector blends the two groups' broadcast scales with a mask of the
lanes before it.`
			case tier == "AVX2" && k.name == "U8":
				doc = `DequantizeU8AVX2 is DequantizeI8AVX2 for uint8 codes with zero points:

	dst[i] = float32(int32(codes[i]) - int32(zero[g])) * scale[g]

(the subtraction in 32-bit integers, as the zero-extended codes are).`
			case tier == "AVX2" && k.e4m3:
				doc = `DequantizeE4M3AVX2 is DequantizeI8AVX2 for FP8 E4M3 codes (OCP MX v1.0),
which it decodes without a table: the code sign-extended and shifted left by
20, masked to the sign and the seven exponent and mantissa bits, is a float32
2^-120 times the code's value (normal or subnormal), so

	dst[i] = (bits(codes[i]) * 2^120) * scale[g]

the first product exact. The NaN codes (0x7F, 0xFF) decode to 480 and -480:
validated values hold none.`
			case tier == "AVX2" && k.nib:
				doc = `Dequantize4AVX2 is DequantizeI8AVX2 for 4-bit codes, two a byte (value
odd+i is the low nibble of codes[(odd+i)/2] when odd+i is even, the high one
otherwise), decoded through a 16-entry table (int4, NF4 or E2M1 values):

	dst[i] = table[nibble odd+i] * scale[g]

It assumes odd == 0 and len(table) == 16; the two VPERMPS of the table's
halves are blended on bit 3 of the nibble. It reads 4 code bytes a vector
and decodes no vector whose bytes would lie past len(codes).`
			case k.name == "I8":
				doc = "DequantizeI8AVX512 is DequantizeI8AVX2 with 16 lanes and masked loads and\nstores for the last partial vector: it decodes every value (n = len(dst)),\nwith b == 0 or b >= 16."
			case k.name == "U8":
				doc = "DequantizeU8AVX512 is DequantizeU8AVX2 with 16 lanes and masked tails (n =\nlen(dst)), b == 0 or b >= 16."
			case k.e4m3:
				doc = "DequantizeE4M3AVX512 is DequantizeE4M3AVX2 with 16 lanes and masked tails\n(n = len(dst)), b >= 16."
			default:
				doc = `Dequantize4AVX512 is Dequantize4AVX2 with 16 lanes and masked tails (n =
len(dst)), b >= 16, and either phase: odd is 0 or 1, and a VPERMD by a
per-phase index vector puts byte (odd+i)/2 in lane i, shifted right by 4 in
the lanes of high nibbles.`
			}
			d = append(d, decl{"dequantize", name, dqSig(k), doc})
		}
	}
	return d
}

func dequantizeFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(`The decode kernels of quantized values: codes into float32, one float32
product per value (bit for bit quant.Values.At), the scale of each value by
its group. Groups come as a walk: the first rem values in group 0, then b
values a group (b == 0: a scale and zero point per value). Each vector's
scale is the current group's broadcast scale; where a group ends inside the
vector, the next group's scale is blended into the lanes after it (b is at
least a vector, so a vector spans at most two groups).

Registers: DI dst, SI codes, CX values left, R8 the current group's scale
(or the next value's), R9 its zero point, R10 values left in the group, R11
b; DX the lanes of this vector; Y15/Z31 the broadcast scale, Y14/Z30 the
broadcast zero point, Y1/Z1 this vector's scales, Y2/Z2 its zero points.`)
	f.blank()
	f.doc("dqmask: 8 lanes of -1 then 8 of 0; 8 lanes from dqmask+32-4m are -1 in\nthe lanes before m (AVX2's blend mask for a group boundary at lane m).")
	for k := range 16 {
		v := "0xffffffff"
		if k >= 8 {
			v = "0x00000000"
		}
		f.line("DATA dqmask<>+%d(SB)/4, $%s", 4*k, v)
	}
	f.line("GLOBL dqmask<>(SB), RODATA|NOPTR, $64")
	f.blank()
	f.doc("dqnib: the nibble lanes' byte index (AVX2: 8 lanes, phase 0) and shift,\nthen AVX-512's for phases 0 and 1 (16 lanes each).")
	var tab []int
	for k := range 8 {
		tab = append(tab, k>>1)
	}
	for k := range 8 {
		tab = append(tab, (k&1)*4)
	}
	for odd := range 2 {
		for k := range 16 {
			tab = append(tab, (odd+k)>>1)
		}
		for k := range 16 {
			tab = append(tab, ((odd+k)&1)*4)
		}
	}
	for i, v := range tab {
		f.line("DATA dqnib<>+%d(SB)/4, $%d", 4*i, v)
	}
	f.line("GLOBL dqnib<>(SB), RODATA|NOPTR, $%d", 4*len(tab))
	for _, k := range dqKinds {
		dqAVX2(f, k)
	}
	for _, k := range dqKinds {
		dqAVX512(f, k)
	}
	return f.String()
}

// dqArgs loads the arguments shared by every kernel.
func dqArgs(f *asmFile, k dqKind) {
	f.i("MOVQ dst_base+0(FP), DI")
	f.i("MOVQ dst_len+8(FP), CX")
	f.i("MOVQ codes_base+24(FP), SI")
	scaleOff := 48
	if k.nib {
		scaleOff = 80
	}
	f.i("MOVQ scale_base+%d(FP), R8", scaleOff)
	next := scaleOff + 24
	if k.u8 {
		f.i("MOVQ zero_base+72(FP), R9")
		next = 96
	}
	f.i("MOVQ rem+%d(FP), R10", next)
	f.i("MOVQ b+%d(FP), R11", next+8)
}

// dqRet is the offset of the result.
func dqRet(k dqKind) int {
	switch {
	case k.u8:
		return 112
	case k.nib:
		return 120
	}
	return 88
}

// dqAVX2 writes kind k's AVX2 kernel.
func dqAVX2(f *asmFile, k dqKind) {
	name := "Dequantize" + k.name + "AVX2"
	f.text(name, 0, "AVX, AVX2", "")
	dqArgs(f, k)
	f.c("n = len(dst) &^ 7 (4-bit: and no vector past codes); CX counts vectors")
	f.i("SHRQ $3, CX")
	if k.nib {
		f.i("MOVQ codes_len+32(FP), AX")
		f.i("SHRQ $2, AX // whole 4-byte groups of codes")
		f.i("CMPQ AX, CX")
		f.i("CMOVQLT AX, CX")
	}
	f.i("MOVQ CX, BX")
	f.i("SHLQ $3, BX")
	f.i("MOVQ BX, ret+%d(FP)", dqRet(k))
	f.i("TESTQ CX, CX")
	f.i("JZ done")
	switch {
	case k.e4m3:
		f.c("Y10 = the sign and 7 value bits, Y9 = 2^120")
		f.i("MOVL $0x87f00000, AX")
		f.i("VMOVD AX, X10")
		f.i("VPBROADCASTD X10, Y10")
		f.i("MOVL $0x7b800000, AX")
		f.i("VMOVD AX, X9")
		f.i("VPBROADCASTD X9, Y9")
	case k.nib:
		f.c("Y10, Y9 = table[0:8], table[8:16]; Y8 = byte index, Y7 = shift of each lane")
		f.i("MOVQ table_base+56(FP), AX")
		f.i("VMOVUPS (AX), Y10")
		f.i("VMOVUPS 32(AX), Y9")
		f.i("VMOVDQU dqnib<>+0(SB), Y8")
		f.i("VMOVDQU dqnib<>+32(SB), Y7")
	}
	f.i("TESTQ R11, R11")
	f.i("JZ pervalue")
	f.c("Y15 = broadcast scale[0] (Y14 = zero[0])")
	f.i("VBROADCASTSS (R8), Y15")
	if k.u8 {
		f.i("MOVBLZX (R9), AX")
		f.i("VMOVD AX, X14")
		f.i("VPBROADCASTD X14, Y14")
	}
	f.label("loop")
	f.i("CMPQ R10, $8")
	f.i("JLT split")
	f.c("the whole vector in the current group")
	f.i("VMOVAPS Y15, Y1")
	if k.u8 {
		f.i("VMOVDQA Y14, Y2")
	}
	f.i("SUBQ $8, R10")
	f.i("JMP decode")
	f.label("split")
	f.c("lanes < m = R10 in the current group, the rest in the next: blend")
	f.i("LEAQ dqmask<>+32(SB), AX")
	f.i("MOVQ R10, BX")
	f.i("SHLQ $2, BX")
	f.i("SUBQ BX, AX")
	f.i("VMOVDQU (AX), Y12 // -1 in lanes < m")
	f.i("ADDQ $4, R8")
	f.i("VBROADCASTSS (R8), Y13")
	f.i("VBLENDVPS Y12, Y15, Y13, Y1")
	f.i("VMOVAPS Y13, Y15")
	if k.u8 {
		f.i("INCQ R9")
		f.i("MOVBLZX (R9), AX")
		f.i("VMOVD AX, X11")
		f.i("VPBROADCASTD X11, Y11")
		f.i("VPBLENDVB Y12, Y14, Y11, Y2")
		f.i("VMOVDQA Y11, Y14")
	}
	f.i("ADDQ R11, R10")
	f.i("SUBQ $8, R10")
	f.label("decode")
	dqDecodeAVX2(f, k)
	f.i("DECQ CX")
	f.i("JNZ loop")
	f.i("JMP done")

	f.label("pervalue")
	f.c("b == 0: a scale (and zero point) per value")
	dqPerValue(f, k, func() {
		f.i("VMOVUPS (R8), Y1")
		f.i("ADDQ $32, R8")
		if k.u8 {
			f.i("VPMOVZXBD (R9), Y2")
			f.i("ADDQ $8, R9")
		}
		dqDecodeAVX2(f, k)
		f.i("DECQ CX")
		f.i("JNZ pvloop")
	})
}

// dqPerValue writes the rest of a kernel's b == 0 path: for the block-only
// schemes (4-bit, E4M3) a jump to done that is never taken, else the loop
// pvloop (body, which loops), then the return.
func dqPerValue(f *asmFile, k dqKind, body func()) {
	if k.nib || k.e4m3 {
		f.i("JMP done // never: block schemes only")
	} else {
		f.label("pvloop")
		body()
	}
	vzeroDone(f, "done")
}

// dqDecodeAVX2 decodes one vector of 8 from SI into DI with scales Y1 (and
// zero points Y2), and advances SI and DI.
func dqDecodeAVX2(f *asmFile, k dqKind) {
	switch {
	case k.nib:
		f.c("lane i: table[nibble i of codes[0:4]]")
		f.i("MOVL (SI), AX")
		f.i("VMOVD AX, X0")
		f.i("VPMOVZXBD X0, Y0")
		f.i("VPERMD Y0, Y8, Y0 // byte i/2 in lane i")
		f.i("VPSRLVD Y7, Y0, Y0 // high nibble in the odd lanes")
		f.i("VPERMPS Y10, Y0, Y3")
		f.i("VPERMPS Y9, Y0, Y4")
		f.i("VPSLLD $28, Y0, Y5 // bit 3 of the nibble to the sign")
		f.i("VBLENDVPS Y5, Y4, Y3, Y0")
		f.i("VMULPS Y1, Y0, Y0")
		f.i("ADDQ $4, SI")
	case k.e4m3:
		f.i("VPMOVSXBD (SI), Y0")
		f.i("VPSLLD $20, Y0, Y0")
		f.i("VPAND Y10, Y0, Y0 // E4M3 bits as a float32 2^-120 times the value")
		f.i("VMULPS Y9, Y0, Y0")
		f.i("VMULPS Y1, Y0, Y0")
		f.i("ADDQ $8, SI")
	case k.u8:
		f.i("VPMOVZXBD (SI), Y0")
		f.i("VPSUBD Y2, Y0, Y0")
		f.i("VCVTDQ2PS Y0, Y0")
		f.i("VMULPS Y1, Y0, Y0")
		f.i("ADDQ $8, SI")
	default:
		f.i("VPMOVSXBD (SI), Y0")
		f.i("VCVTDQ2PS Y0, Y0")
		f.i("VMULPS Y1, Y0, Y0")
		f.i("ADDQ $8, SI")
	}
	f.i("VMOVUPS Y0, (DI)")
	f.i("ADDQ $32, DI")
}

// dqAVX512 writes kind k's AVX-512 kernel: vectors of DX = min(CX, 16)
// lanes under mask K2 (K3: the code bytes of a 4-bit vector).
func dqAVX512(f *asmFile, k dqKind) {
	name := "Dequantize" + k.name + "AVX512"
	f.text(name, 0, "AVX512F, AVX512BW, AVX512VL, BMI2", "")
	dqArgs(f, k)
	f.i("MOVQ CX, ret+%d(FP) // every value", dqRet(k))
	f.i("TESTQ CX, CX")
	f.i("JZ done")
	switch {
	case k.e4m3:
		f.i("MOVL $0x87f00000, AX")
		f.i("VPBROADCASTD AX, Z28 // the sign and 7 value bits")
		f.i("MOVL $0x7b800000, AX")
		f.i("VPBROADCASTD AX, Z29 // 2^120")
	case k.nib:
		f.i("MOVQ table_base+56(FP), AX")
		f.i("VMOVUPS (AX), Z29 // the table")
		f.i("MOVQ odd+48(FP), BX")
		f.i("SHLQ $7, BX")
		f.i("LEAQ dqnib<>+64(SB), AX")
		f.i("VMOVDQU32 (AX)(BX*1), Z28 // byte index of each lane for this phase")
		f.i("VMOVDQU32 64(AX)(BX*1), Z27 // and its shift")
		f.i("MOVQ odd+48(FP), R12")
	}
	f.i("TESTQ R11, R11")
	f.i("JZ pervalue")
	f.i("VBROADCASTSS (R8), Z31")
	if k.u8 {
		f.i("MOVBLZX (R9), AX")
		f.i("VPBROADCASTD AX, Z30")
	}
	f.label("loop")
	dqLanes(f, k)
	f.i("VMOVAPS Z31, Z1")
	if k.u8 {
		f.i("VMOVDQA32 Z30, Z2")
	}
	f.i("CMPQ R10, DX")
	f.i("JGE whole")
	f.c("a group ends at lane m = R10: the next group's parameters in lanes >= m")
	f.i("MOVL $0xffff, AX")
	f.i("SHLXL R10, AX, AX")
	f.i("KMOVW AX, K1")
	f.i("ADDQ $4, R8")
	f.i("VBROADCASTSS (R8), Z31")
	f.i("VMOVAPS Z31, K1, Z1")
	if k.u8 {
		f.i("INCQ R9")
		f.i("MOVBLZX (R9), AX")
		f.i("VPBROADCASTD AX, Z30")
		f.i("VMOVDQA32 Z30, K1, Z2")
	}
	f.i("ADDQ R11, R10")
	f.label("whole")
	f.i("SUBQ DX, R10")
	dqDecodeAVX512(f, k)
	f.i("JNZ loop")
	f.i("JMP done")

	f.label("pervalue")
	dqPerValue(f, k, func() {
		dqLanes(f, k)
		f.i("VMOVUPS.Z (R8), K2, Z1")
		f.i("LEAQ (R8)(DX*4), R8")
		if k.u8 {
			f.i("VMOVDQU8.Z (R9), K2, X2")
			f.i("VPMOVZXBD X2, Z2")
			f.i("ADDQ DX, R9")
		}
		dqDecodeAVX512(f, k)
		f.i("JNZ pvloop")
	})
}

// dqLanes sets DX = min(CX, 16) and K2 to its lanes (K3: the code bytes of
// a 4-bit vector, (odd + DX + 1)/2).
func dqLanes(f *asmFile, k dqKind) {
	f.i("MOVQ $16, DX")
	f.i("CMPQ CX, DX")
	f.i("CMOVQLT CX, DX // DX = lanes of this vector")
	f.i("MOVL $0xffff, AX")
	f.i("BZHIL DX, AX, AX")
	f.i("KMOVW AX, K2")
	if k.nib {
		f.i("LEAQ 1(R12)(DX*1), BX")
		f.i("SHRQ $1, BX")
		f.i("BZHIL BX, AX, AX")
		f.i("KMOVW AX, K3")
	}
}

// dqDecodeAVX512 decodes DX lanes from SI into DI with scales Z1 (zero
// points Z2), advances SI, DI and CX (leaving the flags of CX).
func dqDecodeAVX512(f *asmFile, k dqKind) {
	switch {
	case k.nib:
		f.i("VMOVDQU8.Z (SI), K3, X0")
		f.i("VPMOVZXBD X0, Z0")
		f.i("VPERMD Z0, Z28, Z0 // byte (odd+i)/2 in lane i")
		f.i("VPSRLVD Z27, Z0, Z0 // high nibbles down")
		f.i("VPERMPS Z29, Z0, Z0 // table[nibble], bits 3..0 of each index")
		f.i("VMULPS Z1, Z0, Z0")
		f.i("ADDQ $8, SI")
	case k.e4m3:
		f.i("VMOVDQU8.Z (SI), K2, X0")
		f.i("VPMOVSXBD X0, Z0")
		f.i("VPSLLD $20, Z0, Z0")
		f.i("VPANDD Z28, Z0, Z0")
		f.i("VMULPS Z29, Z0, Z0")
		f.i("VMULPS Z1, Z0, Z0")
		f.i("ADDQ DX, SI")
	case k.u8:
		f.i("VMOVDQU8.Z (SI), K2, X0")
		f.i("VPMOVZXBD X0, Z0")
		f.i("VPSUBD Z2, Z0, Z0")
		f.i("VCVTDQ2PS Z0, Z0")
		f.i("VMULPS Z1, Z0, Z0")
		f.i("ADDQ DX, SI")
	default:
		f.i("VMOVDQU8.Z (SI), K2, X0")
		f.i("VPMOVSXBD X0, Z0")
		f.i("VCVTDQ2PS Z0, Z0")
		f.i("VMULPS Z1, Z0, Z0")
		f.i("ADDQ DX, SI")
	}
	f.i("VMOVUPS Z0, K2, (DI)")
	f.i("LEAQ (DI)(DX*4), DI")
	f.i("SUBQ DX, CX")
}
