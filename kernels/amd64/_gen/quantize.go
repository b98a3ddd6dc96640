package main

// quantize_amd64.s: the largest magnitude and the span of groups of float32
// values and the encoders of the integer schemes (int8, uint8 and int4)
// from float32 values, on AVX-512.

func init() { decls = append(decls, quantizeDecls...) }

var quantizeDecls = []decl{
	{"quantize", "AbsMax32AVX512", "(dst []uint64, vals []float32, b int) int", `AbsMax32AVX512 writes, for each group of b values, the largest of the
values' bits without the sign bit, which is the bits of the largest
magnitude when every value is finite (NaN and infinities lie above every
finite value's bits), and returns how many groups it did:

	g := 0
	for ; g < len(dst) && (g+1)*b <= len(vals); g++ {
		m := uint64(0)
		for _, v := range vals[g*b : (g+1)*b] {
			m = max(m, uint64(math.Float32bits(v)&(1<<31-1)))
		}
		dst[g] = m
	}
	return g

It assumes b is a positive multiple of 16.`},
	{"quantize", "Span32AVX512", "(dst []uint64, vals []float32, b int) int", `Span32AVX512 is AbsMax32AVX512 for the span of groups: it writes the
largest of the values' bits as int32 (those of the largest positive value
when every value is finite) in the high half of dst[g], and as uint32
(those of the negative value of largest magnitude, when there is one) in
the low half:

	smax, umax := int32(0), uint32(0)
	for _, v := range vals[g*b : (g+1)*b] {
		smax, umax = max(smax, int32(math.Float32bits(v))), max(umax, math.Float32bits(v))
	}
	dst[g] = uint64(uint32(smax))<<32 | uint64(umax)`},
	{"quantize", "QuantizeIntsAVX512", "(codes []byte, vals []float32, gpar []float64, rem, b int, par []float64) int", `QuantizeIntsAVX512 encodes float32 values as integer codes, 16 at a
time, in groups of values with parameters gpar[3g:3g+3] = inv, s, zp (the
first group's rem values, then groups of b), with par[0:3] = qlo, qhi,
nearHalf, and returns how many it encoded:

	for j, v := range vals[:n] {
		g := 0 for j < rem, 1 + (j-rem)/b after
		inv, s, zp := gpar[3*g], gpar[3*g+1], gpar[3*g+2]
		x := float64(v)
		t := x * inv
		r := roundEven(t)
		q := min(max(r+zp, qlo), qhi)
		codes[j] = byte(int(q))
		d := x - float64(float32((q-zp)*s))
		par[3] += d * d
		par[4] = max(par[4], d*d)
	}

n is len(vals) rounded down to a multiple of 16, except that the kernel
stops before the first 16 values that hold a t with (t-r)^2 >= nearHalf
(a quotient within rounding of a half, which the caller settles exactly)
and returns their start. The codes and the largest d*d are bit for bit
those of quant's Go encoder, which computes each step in the same float64
operations; the sum of squares adds the same terms in another order. It
assumes rem and b are positive multiples of 16, len(codes) >= len(vals),
len(par) >= 5 and parameters for every group of the values encoded; it
reads a group's parameters only when it encodes a value of the group.`},
	{"quantize", "QuantizeInts4AVX512", "(codes []byte, vals []float32, gpar []float64, rem, b int, par []float64) int", `QuantizeInts4AVX512 is QuantizeIntsAVX512 for int4 codes packed two a
byte, value j's code in the low nibble of codes[j/2] when j is even, the
high nibble when odd. It assumes len(codes) >= len(vals)/2.`},
}

func quantizeFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(`Encoders of the quantization schemes on AVX-512.

AbsMax32AVX512 takes 16 values an iteration: their bits, the sign cleared
with VPANDD, go into an unsigned maximum (VPMAXUD), folded to one lane at
the end of each group. Span32AVX512 keeps a signed maximum of the bits
(VPMAXSD) beside the unsigned one, the sign kept.

QuantizeIntsAVX512 and QuantizeInts4AVX512 encode 16 float32 values an
iteration in two halves of eight float64 lanes (VCVTPS2PD is exact), in
the operations of quant's Go encoder: t = x*inv; r = t rounded to the
nearest integer, ties to even (VRNDSCALEPD $0); a lane with (t-r)^2 >=
nearHalf ends the call before the 16 values (the caller settles such a
quotient exactly); q = r+zp clamped to qlo..qhi; the codes are q's low
bytes (VCVTPD2DQ, VPMOVDB), for int4 two nibbles a byte (the words of
byte pairs b0 | b1<<8, masked to nibbles, ORed with themselves shifted
right by 4, keep b0 | b1<<4 in their low bytes: VPMOVWB). The error d = x
- float64(float32((q-zp)*s)) goes into a sum of squares (FMA) and a
maximum of d*d, one pair of accumulators for each half. A group's
parameters are broadcast when its first value is encoded.

Registers: DI codes, SI vals, R9 the group's parameters in gpar, R8 values
left in the group, R10 b, DX par, CX values to encode (a multiple of 16),
AX values encoded; Z16..Z18 inv, s, zp, Z19..Z21 qlo, qhi, nearHalf
broadcast; Z22/Z24 sums of squares, Z23/Z25 maxima of d*d; Z26 the nibble
mask (int4); K1, K2 near-half lanes.`)

	groupMax(f, "AbsMax32AVX512", false)
	groupMax(f, "Span32AVX512", true)
	quantizeInts(f, "QuantizeIntsAVX512", false)
	quantizeInts(f, "QuantizeInts4AVX512", true)
	return f.String()
}

// groupMax writes AbsMax32AVX512, or (span) Span32AVX512: Z0 is the
// unsigned maximum of the bits (without the sign for AbsMax32), Z2 the
// signed one (Span32).
func groupMax(f *asmFile, name string, span bool) {
	f.text(name, 0, "AVX512F", "")
	f.i("MOVQ %s, DI // DI = &dst[0]", arg(name, "dst"))
	f.i("MOVQ %s, R11 // R11 = len(dst)", argLen(name, "dst"))
	f.i("MOVQ %s, SI // SI = &vals[0]", arg(name, "vals"))
	f.i("MOVQ %s, CX // CX = len(vals)", argLen(name, "vals"))
	f.i("MOVQ %s, R10 // R10 = b", arg(name, "b"))
	if !span {
		f.i("MOVL $0x7fffffff, BX")
		f.i("VPBROADCASTD BX, Z8 // Z8 = MAG, the bits without the sign")
	}
	f.i("XORQ DX, DX // DX = groups done")
	f.i("XORQ AX, AX // AX = values read")
	f.label("group")
	f.i("CMPQ DX, R11")
	f.i("JAE done")
	f.i("LEAQ (AX)(R10*1), BX // BX = the group's end")
	f.i("CMPQ BX, CX")
	f.i("JA done")
	f.i("VPXORD Z0, Z0, Z0 // umax = 0")
	if span {
		f.i("VPXORD Z2, Z2, Z2 // smax = 0")
	}
	f.label("loop")
	if span {
		f.i("VMOVDQU32 (SI)(AX*4), Z1")
		f.i("VPMAXSD Z1, Z2, Z2")
	} else {
		f.i("VPANDD (SI)(AX*4), Z8, Z1")
	}
	f.i("VPMAXUD Z1, Z0, Z0")
	f.i("ADDQ $16, AX")
	f.i("CMPQ AX, BX")
	f.i("JB loop")
	f.c("fold 16 -> 8 -> 4 -> 2 -> 1 lanes")
	regs := []int{0}
	ops := []string{"VPMAXUD"}
	if span {
		regs, ops = []int{0, 2}, []string{"VPMAXUD", "VPMAXSD"}
	}
	for i, r := range regs {
		f.i("VEXTRACTI64X4 $1, Z%d, Y%d", r, r+1)
		f.i("%s Y%d, Y%d, Y%d", ops[i], r+1, r, r)
		f.i("VEXTRACTI128 $1, Y%d, X%d", r, r+1)
		f.i("%s X%d, X%d, X%d", ops[i], r+1, r, r)
		f.i("VPSHUFD $0x4e, X%d, X%d", r, r+1)
		f.i("%s X%d, X%d, X%d", ops[i], r+1, r, r)
		f.i("VPSHUFD $0xb1, X%d, X%d", r, r+1)
		f.i("%s X%d, X%d, X%d", ops[i], r+1, r, r)
	}
	if span {
		f.c("dst[g] = smax<<32 | umax")
		f.i("VPUNPCKLDQ X2, X0, X0")
		f.i("VMOVQ X0, BX")
	} else {
		f.c("dst[g] = the lane")
		f.i("VMOVD X0, BX")
	}
	f.i("MOVQ BX, (DI)(DX*8)")
	f.i("INCQ DX")
	f.i("JMP group")
	f.label("done")
	f.i("MOVQ DX, %s", retArg(name))
	vzeroRet(f)
}

// quantizeInts writes the integer encoder name, with codes of a byte or
// (nib) packed nibbles.
func quantizeInts(f *asmFile, name string, nib bool) {
	f.text(name, 0, "AVX512F, AVX512VL, AVX512DQ, AVX512BW", "")
	f.i("MOVQ %s, DI // DI = &codes[0]", arg(name, "codes"))
	f.i("MOVQ %s, SI // SI = &vals[0]", arg(name, "vals"))
	f.i("MOVQ %s, CX", argLen(name, "vals"))
	f.i("ANDQ $-16, CX // CX = len(vals) rounded down to a multiple of 16")
	f.i("MOVQ %s, R9 // R9 = &gpar[0]", arg(name, "gpar"))
	f.i("MOVQ %s, R8 // R8 = rem", arg(name, "rem"))
	f.i("MOVQ %s, R10 // R10 = b", arg(name, "b"))
	f.i("MOVQ %s, DX // DX = &par[0]", arg(name, "par"))
	for k, p := range []string{"qlo", "qhi", "nearHalf"} {
		f.i("VBROADCASTSD %s(DX), Z%d // %s", disp(8*k), 19+k, p)
	}
	if nib {
		f.i("MOVL $0x0f0f0f0f, BX")
		f.i("VPBROADCASTD BX, Z26 // Z26 = the nibble mask")
	}
	for _, z := range []int{22, 23, 24, 25} {
		f.i("VPXORQ Z%d, Z%d, Z%d", z, z, z)
	}
	f.i("XORQ AX, AX // AX = values encoded")
	f.i("JMP qParams")
	f.label("qLoop")
	f.i("CMPQ AX, CX")
	f.i("JAE qDone")
	f.i("TESTQ R8, R8")
	f.i("JNZ qBody")
	f.c("the next group: b values, its parameters")
	f.i("ADDQ $24, R9")
	f.i("MOVQ R10, R8")
	f.label("qParams")
	f.i("CMPQ AX, CX")
	f.i("JAE qDone")
	for k, p := range []string{"inv", "s", "zp"} {
		f.i("VBROADCASTSD %s(R9), Z%d // %s", disp(8*k), 16+k, p)
	}
	f.label("qBody")
	f.c("x = float64(vals[j]), two halves of 8 lanes")
	f.i("VCVTPS2PD (SI)(AX*4), Z0")
	f.i("VCVTPS2PD 32(SI)(AX*4), Z1")
	f.c("t = x*inv; r = roundEven(t)")
	f.i("VMULPD Z16, Z0, Z2")
	f.i("VMULPD Z16, Z1, Z3")
	f.i("VRNDSCALEPD $0, Z2, Z4")
	f.i("VRNDSCALEPD $0, Z3, Z5")
	f.c("a lane with (t-r)^2 >= nearHalf: stop before these 16 values")
	f.i("VSUBPD Z4, Z2, Z2")
	f.i("VSUBPD Z5, Z3, Z3")
	f.i("VMULPD Z2, Z2, Z2")
	f.i("VMULPD Z3, Z3, Z3")
	f.i("VCMPPD $0x1d, Z21, Z2, K1 // K1 = (t-r)^2 >= nearHalf")
	f.i("VCMPPD $0x1d, Z21, Z3, K2")
	f.i("KORTESTB K1, K2")
	f.i("JNZ qDone")
	f.c("q = min(max(r+zp, qlo), qhi)")
	f.i("VADDPD Z18, Z4, Z4")
	f.i("VADDPD Z18, Z5, Z5")
	f.i("VMAXPD Z19, Z4, Z4")
	f.i("VMAXPD Z19, Z5, Z5")
	f.i("VMINPD Z20, Z4, Z4")
	f.i("VMINPD Z20, Z5, Z5")
	f.i("VCVTPD2DQ Z4, Y6")
	f.i("VCVTPD2DQ Z5, Y7")
	f.i("VINSERTI64X4 $1, Y7, Z6, Z6")
	f.i("VPMOVDB Z6, X6 // the codes' bytes, byte(int(q))")
	if nib {
		f.c("codes[j/2] = b[j]&15 | b[j+1]<<4")
		f.i("VPANDD X26, X6, X6")
		f.i("VPSRLW $4, X6, X7")
		f.i("VPORD X7, X6, X6")
		f.i("VPMOVWB X6, X6")
		f.i("MOVQ AX, BX")
		f.i("SHRQ $1, BX")
		f.i("VMOVQ X6, (DI)(BX*1)")
	} else {
		f.i("VMOVDQU X6, (DI)(AX*1)")
	}
	f.c("d = x - float64(float32((q-zp)*s))")
	f.i("VSUBPD Z18, Z4, Z4")
	f.i("VSUBPD Z18, Z5, Z5")
	f.i("VMULPD Z17, Z4, Z4")
	f.i("VMULPD Z17, Z5, Z5")
	f.i("VCVTPD2PS Z4, Y4")
	f.i("VCVTPD2PS Z5, Y5")
	f.i("VCVTPS2PD Y4, Z4")
	f.i("VCVTPS2PD Y5, Z5")
	f.i("VSUBPD Z4, Z0, Z0")
	f.i("VSUBPD Z5, Z1, Z1")
	f.c("sum of squares and largest d*d")
	f.i("VFMADD231PD Z0, Z0, Z22")
	f.i("VFMADD231PD Z1, Z1, Z24")
	f.i("VMULPD Z0, Z0, Z0")
	f.i("VMULPD Z1, Z1, Z1")
	f.i("VMAXPD Z0, Z23, Z23")
	f.i("VMAXPD Z1, Z25, Z25")
	f.i("SUBQ $16, R8")
	f.i("ADDQ $16, AX")
	f.i("JMP qLoop")
	f.label("qDone")
	f.c("par[3] += the sums' lanes; par[4] = max(par[4], the maxima's lanes)")
	f.i("VADDPD Z24, Z22, Z0 // Z0 = sums")
	f.i("VMAXPD Z25, Z23, Z1 // Z1 = maxima")
	f.i("VEXTRACTF64X4 $1, Z0, Y2")
	f.i("VADDPD Y2, Y0, Y0")
	f.i("VEXTRACTF64X4 $1, Z1, Y3")
	f.i("VMAXPD Y3, Y1, Y1")
	f.i("VEXTRACTF128 $1, Y0, X2")
	f.i("VADDPD X2, X0, X0")
	f.i("VEXTRACTF128 $1, Y1, X3")
	f.i("VMAXPD X3, X1, X1")
	f.i("VPERMILPD $1, X0, X2")
	f.i("VADDSD X2, X0, X0")
	f.i("VPERMILPD $1, X1, X3")
	f.i("VMAXSD X3, X1, X1")
	f.i("VADDSD 24(DX), X0, X0")
	f.i("VMAXSD 32(DX), X1, X1")
	f.i("VMOVSD X0, 24(DX)")
	f.i("VMOVSD X1, 32(DX)")
	f.i("MOVQ AX, %s", retArg(name))
	vzeroRet(f)
}
