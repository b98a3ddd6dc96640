package main

import "fmt"

// quantize_amd64.s: the largest magnitude and the span of groups of float32
// values and the encoders of every scheme's codes (int8, uint8, int4, NF4,
// MX FP4 and FP8) from float32 values, on AVX-512.

func init() { decls = append(decls, quantizeDecls...) }

// encSig is the signature of the encoder kernels.
const encSig = "(codes []byte, vals []float32, gpar []float64, rem, b int, par []float64) int"

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
	{"quantize", "SymScalesAVX512", "(scale []float32, gpar []float64, bits []uint64, qhi float64) int", `SymScalesAVX512 sets the scales and encoder parameters of int8 (qhi
127) or int4 (qhi 7) groups from their largest magnitudes' bits (as
AbsMax32AVX512 writes them), eight groups at a time, and returns how many
it set:

	a := float64(math.Float32frombits(uint32(bits[i])))
	s := float32(a / qhi)
	scale[i] = s
	gpar[3*i], gpar[3*i+1], gpar[3*i+2] = 1/float64(s), float64(s), 0

It stops before the first eight groups of which one has an s below 2^-126
or above 2^120 (a zero or non-finite a among them), or when fewer than
eight are left; len(scale) and len(gpar)/3 must be at least len(bits).`},
	{"quantize", "NF4ScalesAVX512", "(scale []float32, gpar []float64, bits []uint64) int", `NF4ScalesAVX512 is SymScalesAVX512 for the scales of NF4 groups, their
largest magnitudes:

	a := math.Float32frombits(uint32(bits[i]))
	scale[i] = a
	gpar[3*i], gpar[3*i+1], gpar[3*i+2] = float64(a) (1 for a = 0), 0, 0

It stops before the first eight groups of which one has a non-finite a,
or when fewer than eight are left.`},
	{"quantize", "MXScalesAVX512", "(exp []uint8, gpar []float64, bits []uint64, emax int) int", `MXScalesAVX512 is SymScalesAVX512 for the E8M0 exponents of MX blocks
of an element type whose largest normal has exponent emax (2 for E2M1, 8
for E4M3):

	a := float64(math.Float32frombits(uint32(bits[i])))
	x := 127 for a = 0, else ⌊log2 a⌋ - emax + 127 clamped to 0..254
	exp[i] = x
	gpar[3*i], gpar[3*i+1], gpar[3*i+2] = 2^(127-x), 2^(x-127), 0

It stops before the first eight groups of which one has a non-finite a,
or when fewer than eight are left.`},
	{"quantize", "QuantizeIntsAVX512", encSig, `QuantizeIntsAVX512 encodes float32 values as integer codes, 16 at a
time, in groups of values with parameters gpar[3g:3g+3] = inv, s, zp (the
first group's rem values, then groups of b), with par[2:5] = qlo, qhi,
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
		par[0] += d * d
		par[1] = max(par[1], d*d)
	}

n is len(vals) rounded down to a multiple of 16, except that the kernel
stops before the first 16 values that hold a t with (t-r)^2 >= nearHalf
(a quotient within rounding of a half, which the caller settles exactly)
and returns their start. The codes and the largest d*d are bit for bit
those of quant's Go encoder (the kernel computes t in float32 where that
rounds alike, and every error term in its float64 operations); the sum of
squares adds the same terms in another order.

The encoders assume rem and b are positive multiples of 16, len(codes) >=
len(vals) (len(vals)/2 for codes packed two a byte), len(par) >= 34 (56 for
E2M1, 67 for NF4) and three parameters in gpar for every group of the
values encoded; they read a group's parameters only when they encode a
value of the group.`},
	{"quantize", "QuantizeInts4AVX512", encSig, `QuantizeInts4AVX512 is QuantizeIntsAVX512 for int4 codes packed two a
byte, value j's code in the low nibble of codes[j/2] when j is even, the
high nibble when odd.`},
	{"quantize", "QuantizeNF4AVX512", encSig, `QuantizeNF4AVX512 encodes float32 values as NF4 codes packed two a byte
(as QuantizeInts4AVX512), in groups of largest magnitude a = gpar[3g] > 0,
with par[2:18] the midpoints between the 16 levels (par[17] = +Inf),
par[18:34] the levels, par[34] = K and par[35:67] the bins' codes, and
returns len(vals) rounded down to a multiple of 16:

	c := the number of k with x > par[2+k]*a
	lev := float64(float32(par[18+c] * a))
	d := x - lev

with par[0], par[1] as QuantizeIntsAVX512 sums them. The level is the
nearest, the lower one on a tie, as quant's Go encoder finds it. The
kernel finds c from x's bin, int(x*float32(K/a) + K) in float32, 0..31,
and one compare: par[35+bin] must be the number of midpoints m (ratios
x/a, so that par[2+k] is the kth) with (m+1)*K below bin - 2^-10, and
no two midpoints may lie within 1 + 2^-9 of each other on that scale
(K = 15.75 does it). It stops before the first group for which
float32(K/a) is not finite (a below about 2^-124) and returns the values
before it: the caller encodes those.`},
	{"quantize", "QuantizeE2M1AVX512", encSig, `QuantizeE2M1AVX512 encodes float32 values as MX FP4 (E2M1) codes packed
two a byte, in groups of scale gpar[3g] = 2^(127-X) and gpar[3g+1] =
2^(X-127) (X the group's E8M0 exponent), and returns len(vals) rounded
down to a multiple of 16: a = |x|·2^(127-X) rounded to the nearest E2M1
magnitude, ties to even, saturated at 6, with x's sign in bit 3; d = x -
the code's value times 2^(X-127). The rounding is a lookup: par[8:40]
holds, for each key of a (a's float32 bits >> 21, its exponent and two
mantissa bits, less 496, those of 2^-3, and 0 below), the code of the
key's a above its least plus 16 times the code of its least, and
par[40:56] the values of the 16 codes. The codes are bit for bit those of
quant's Go encoder (whose tables hold the same rounding).`},
	{"quantize", "QuantizeE4M3AVX512", encSig, `QuantizeE4M3AVX512 is QuantizeE2M1AVX512 for MX FP8 (E4M3) codes, one a
byte, saturated at 448, with x's sign in bit 7: the kernel rounds with
par[2:7] = maxNormal (448), maxCode (0x7E), emin (-6), mbits (3) and
2^mbits instead of tables.`},
}

func quantizeFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(`Encoders of the quantization schemes on AVX-512.

AbsMax32AVX512 takes 16 values an iteration: their bits, the sign cleared
with VPANDD, go into an unsigned maximum (VPMAXUD). While 16 groups are
left it keeps one maximum for each of 16 groups (Z0..Z15) and folds them
together, four levels of shuffles of pairs of vectors and their maxima,
into one vector that holds each group's maximum in one lane, put in order
by VPERMD (maxperm); after that, each group's maximum is folded to one
lane at the end of the group. Span32AVX512 keeps a signed maximum of the
bits (VPMAXSD) beside the unsigned one, the sign kept.

The encoders take 16 float32 values an iteration, group by group: a
group's parameters are broadcast when its first value is encoded. The
codes and the dequantized values v are computed in 16 float32 lanes where
that is exact. Each value's error d = x - v is exact in float32: v is 0,
or of x's sign with |v|/2 <= |x| <= 2|v| (Sterbenz), as every kind rounds
x to a v within half a step of it, steps no wider than v's magnitude
(integers: x/s within 1/2 of q-zp, or clamped only by rounding of the
scale; MX: a relative step of at most 2^-mbits, and x beyond maxNormal
below 2^(emax+1); NF4: x between the midpoints around v's level, the
level 0 among them, and each level above a third of the next). d goes,
into a maximum of |d| in float32, and, in two halves of eight float64
lanes (VCVTPS2PD is exact), into a sum of squares (FMA), one accumulator
for each half, folded into par[0] and par[1] at the end.
Codes packed two a byte: the qwords c0 | c1<<32 of code pairs (int32
lanes below 16), ORed with themselves shifted right by 28, keep c0 | c1<<4
in their low bytes (VPMOVQB).

Integers (QuantizeIntsAVX512, QuantizeInts4AVX512): t = x*inv in float32
(inv rounded to float32) is within 2^-14 of the quotient x/s, so r = t
rounded to the nearest integer, ties to even (VRNDSCALEPS $0), is the
rounded quotient wherever |t-r| < 1/2 - 2^-13. 16 values with a lane
beyond that (or NaN, from an inv too large for float32) go through the
float64 operations of quant's Go encoder instead: t = x*inv, r =
roundEven(t), and a lane with (t-r)^2 >= nearHalf ends the call before the
16 values (the caller settles such a quotient exactly). q = r+zp clamped
to qlo..qhi; the codes are q's low bytes (VCVTPS2DQ, VPMOVDB); the value
float32((q-zp)*s) is the float32 product, rounded once as Go rounds the
exact float64 product.

NF4: the code is the number of midpoints between levels (times the
group's largest magnitude a) below x. For each midpoint the group keeps
the smallest float32 above its product with a (computed from the exact
float64 product), so x is above the product exactly when it is at least
that threshold. A bin of x narrows the count to two codes: u = x*c1 + K
in float32, c1 = K/a rounded to float32 (K = par[34], 15.75), lies within
2^-17 of (x/a + 1)*K, so u truncated is one of 32 bins, and the bin's
entry of par[35:67] (VPERMI2D) is the count of the midpoints below every
x of it; the midpoints are more than a bin and twice that rounding apart,
so at most the next one, threshold c0, can lie at or below x, which one
compare with it (a lookup, VPERMPS, of the 16 thresholds) settles. The
level, float32(level*a), by the same lookup. A group for which c1 is not
a finite float32 (a below about 2^-124) ends the call before its
values.

MX elements (E2M1, E4M3), in float32: a = |x|·2^(127-X) (exact unless a
is below 2^-126, where every such a rounds to 0). E4M3: e = max(emin,
exponent of a) (VGETEXPPS); m = a·2^(mbits-e) (VSCALEFPS) rounded to an
integer, ties to even; the code's magnitude is (e-emin)·2^mbits + m, a
carry of m moving to the next exponent by itself, or maxCode for a >=
maxNormal; the value m·2^(e-mbits) (or maxNormal) with x's sign, times
2^(X-127), is exact in float32. E2M1: every point where the rounding
changes (a value, a midpoint between two, the saturation point) is a
float32 of two mantissa bits, so a's exponent and top two mantissa bits
(a key, 24 of them from 2^-3 to 8) leave two codes: one for the key's
least a, one for the rest, both in a table entry (VPERMI2D), picked by
whether a bit below the key is set; the value is a lookup (VPERMPS) of
the code's, times 2^(X-127), exact.

Registers: DI codes, SI vals, R9 the group's parameters in gpar, R8 values
left in the group, R10 b, DX par, CX values to encode (a multiple of 16),
AX values encoded; Z22/Z24 sums of squares, Z23 the maxima of |d| in
float32 (VRANGEPS), Z25 those of the float64 encoder (VRANGEPD), squared
at the end (rounding a square keeps the order); Z4 the
dequantized values (float32). Integers: Z8..Z10 inv, s, zp in float32,
Z11..Z14 qlo, qhi, 1/2 - 2^-13 and ABS in float32; Z16..Z18 inv, s, zp
(broadcast by the float64 encoder), Z19..Z21 qlo, qhi, nearHalf in
float64; K1, K2 near-half lanes; Z26 the
nibble mask (int4), Z6 and X2 the packing of 4-bit codes. NF4: Z8, Z9 midpoints (float64); Z10 levels; Z28
thresholds, Z15 levels times a; Z16, Z17 the bins' codes; Z18 K; Z19 1;
Z20 c1; Y30, Y31 the thresholds' steps; Z5 the codes. MX: Z16..Z20
maxNormal, maxCode, emin, mbits, 2^mbits (E4M3); Z16, Z17 the table,
Z18 the key of 2^-3, Z19 the bits below a key, Z20 15, Z15 the values
(E2M1); Z21 ABS (float32); Z26, Z27 2^(127-X), 2^(X-127); K1 saturated
(E4M3) or least (E2M1) lanes.`)

	maxPermTable(f)
	groupMax(f, "AbsMax32AVX512", false)
	groupMax(f, "Span32AVX512", true)
	paramTables(f)
	symScales(f)
	nf4Scales(f)
	mxScales(f)
	for _, k := range encKinds {
		encoder(f, k)
	}
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
		f.i("VPBROADCASTD BX, Z31 // Z31 = MAG, the bits without the sign")
	}
	f.i("XORQ DX, DX // DX = groups done")
	f.i("XORQ AX, AX // AX = values read")
	if !span {
		absMax16(f)
	}
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
		f.i("VPANDD (SI)(AX*4), Z31, Z1")
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

// absMax16 writes AbsMax32AVX512's walk of 16 groups at a time, while 16
// are left: group g's unsigned maximum in Zg, then the 16 vectors folded
// into one whose lane k is group k's maximum (maxFold), stored as qwords.
// What is left goes to the single-group loop at group.
func absMax16(f *asmFile) {
	f.i("VMOVDQU32 maxperm<>(SB), Z30 // Z30 = the lanes of the folded groups")
	f.label("group16")
	f.i("LEAQ 16(DX), BX")
	f.i("CMPQ BX, R11")
	f.i("JA group")
	f.i("MOVQ R10, BX")
	f.i("SHLQ $4, BX")
	f.i("ADDQ AX, BX")
	f.i("CMPQ BX, CX")
	f.i("JA group // fewer than 16 groups' values left")
	for g := range 16 {
		f.i("VPXORD Z%d, Z%d, Z%d", g, g, g)
		f.i("LEAQ (AX)(R10*1), BX // BX = group %d's end", g)
		f.label(fmt.Sprintf("max16g%d", g))
		f.i("VPANDD (SI)(AX*4), Z31, Z16")
		f.i("VPMAXUD Z16, Z%d, Z%d", g, g)
		f.i("ADDQ $16, AX")
		f.i("CMPQ AX, BX")
		f.i("JB max16g%d", g)
	}
	maxFold(f, nil)
	f.i("VPERMD Z0, Z30, Z0 // lane k: group k's maximum")
	f.i("VPMOVZXDQ Y0, Z1")
	f.i("VMOVDQU64 Z1, (DI)(DX*8)")
	f.i("VEXTRACTI64X4 $1, Z0, Y0")
	f.i("VPMOVZXDQ Y0, Z1")
	f.i("VMOVDQU64 Z1, 64(DI)(DX*8)")
	f.i("ADDQ $16, DX")
	f.i("JMP group16")
}

// maxFold writes, or (lanes not nil) simulates on lanes, which hold the
// group of every lane of Z0..Z15, the fold of AbsMax32AVX512's 16 group
// maxima: four levels, each pairing the vectors left (Za, Zb) and taking
// the maximum of two shuffles of the pair, so that each lane of the result
// holds the maximum of two lanes of one group; the 256-bit halves, the
// 128-bit lanes, the qwords, then the dwords of each 128-bit lane. Z0 holds
// every group's maximum in some lane at the end, through Z16.
func maxFold(f *asmFile, lanes [][]int) {
	// blocks and within return the lanes of a shuffle of a and b: of
	// blocks of n lanes, the result's block k being block imm2[k] of a or
	// b (VSHUFI64X2, VSHUFI32X4), or of elements of n lanes within each
	// 128-bit lane, the result's kth being element e of a or b.
	blocks := func(n int, imm2 []int, fromB func(k int) bool) func([]int, []int) []int {
		return func(a, b []int) []int {
			out := make([]int, 16)
			for k := range 16 / n {
				src := a
				if fromB(k) {
					src = b
				}
				copy(out[k*n:(k+1)*n], src[imm2[k]*n:(imm2[k]+1)*n])
			}
			return out
		}
	}
	within := func(n int, pick func(k int) (fromB bool, e int)) func([]int, []int) []int {
		return func(a, b []int) []int {
			out := make([]int, 16)
			per := 4 / n
			for l := range 4 {
				for k := range per {
					fromB, e := pick(k)
					src := a
					if fromB {
						src = b
					}
					copy(out[4*l+k*n:4*l+(k+1)*n], src[4*l+e*n:4*l+(e+1)*n])
				}
			}
			return out
		}
	}
	high := func(k int) bool { return k >= 2 }
	steps := []struct {
		opLo, opHi string // the shuffles, up to their registers
		lo, hi     func([]int, []int) []int
		dist       int // between the registers of a pair
	}{
		{"VSHUFI64X2 $0x44,", "VSHUFI64X2 $0xee,", blocks(4, []int{0, 1, 0, 1}, high), blocks(4, []int{2, 3, 2, 3}, high), 1},
		{"VSHUFI32X4 $0x88,", "VSHUFI32X4 $0xdd,", blocks(4, []int{0, 2, 0, 2}, high), blocks(4, []int{1, 3, 1, 3}, high), 2},
		{"VPUNPCKLQDQ", "VPUNPCKHQDQ", within(2, func(k int) (bool, int) { return k == 1, 0 }), within(2, func(k int) (bool, int) { return k == 1, 1 }), 4},
		{"VSHUFPS $0x88,", "VSHUFPS $0xdd,", within(1, func(k int) (bool, int) { return high(k), 2 * (k % 2) }), within(1, func(k int) (bool, int) { return high(k), 2*(k%2) + 1 }), 8},
	}
	for _, st := range steps {
		for a := 0; a < 16; a += 2 * st.dist {
			b := a + st.dist
			if lanes != nil {
				lo, hi := st.lo(lanes[a], lanes[b]), st.hi(lanes[a], lanes[b])
				for k := range 16 {
					if lo[k] != hi[k] {
						panic(fmt.Sprintf("maxFold: lane %d pairs groups %d and %d", k, lo[k], hi[k]))
					}
				}
				lanes[a] = lo
				continue
			}
			f.i("%s Z%d, Z%d, Z16", st.opLo, b, a)
			f.i("%s Z%d, Z%d, Z%d", st.opHi, b, a, a)
			f.i("VPMAXUD Z16, Z%d, Z%d", a, a)
		}
	}
}

// maxPermTable writes maxperm<>, the index that puts group k's maximum,
// in the lane maxFold leaves it in, in lane k (VPERMD).
func maxPermTable(f *asmFile) {
	lanes := make([][]int, 16)
	for g := range lanes {
		lanes[g] = make([]int, 16)
		for k := range lanes[g] {
			lanes[g][k] = g
		}
	}
	maxFold(nil, lanes)
	var idx [16]int
	for k, g := range lanes[0] {
		idx[g] = k
	}
	f.blank()
	for g, k := range idx {
		f.line("DATA maxperm<>+%d(SB)/4, $%d", 4*g, k)
	}
	f.line("GLOBL maxperm<>(SB), RODATA|NOPTR, $64")
}

// encKind is one encoder kernel's code kind.
type encKind struct {
	name string
	ints bool // int8/uint8/int4: scale, zero point, near-half stop
	nf4  bool // NF4: the level by a bin and a compare with a midpoint
	mx   bool // MX elements: their group parameters
	e2m1 bool // MX FP4: the code by a table lookup of a's key
	nib  bool // codes packed two a byte
	sign int  // MX: the code's sign bit
}

var encKinds = []encKind{
	{name: "QuantizeIntsAVX512", ints: true},
	{name: "QuantizeInts4AVX512", ints: true, nib: true},
	{name: "QuantizeNF4AVX512", nf4: true, nib: true},
	{name: "QuantizeE2M1AVX512", mx: true, e2m1: true, nib: true, sign: 3},
	{name: "QuantizeE4M3AVX512", mx: true, sign: 7},
}

// encoder writes encoder kernel k: the group walk and the error sums are
// common, the codes and the dequantized values are the kind's.
func encoder(f *asmFile, k encKind) {
	name := k.name
	f.text(name, 0, "AVX512F, AVX512VL, AVX512DQ, AVX512BW", "")
	f.i("MOVQ %s, DI // DI = &codes[0]", arg(name, "codes"))
	f.i("MOVQ %s, SI // SI = &vals[0]", arg(name, "vals"))
	f.i("MOVQ %s, CX", argLen(name, "vals"))
	f.i("ANDQ $-16, CX // CX = len(vals) rounded down to a multiple of 16")
	f.i("MOVQ %s, R9 // R9 = &gpar[0]", arg(name, "gpar"))
	f.i("MOVQ %s, R8 // R8 = rem", arg(name, "rem"))
	f.i("MOVQ %s, R10 // R10 = b", arg(name, "b"))
	f.i("MOVQ %s, DX // DX = &par[0]", arg(name, "par"))
	switch {
	case k.ints:
		for i, p := range []string{"qlo", "qhi", "nearHalf"} {
			f.i("VBROADCASTSD %d(DX), Z%d // %s", 16+8*i, 19+i, p)
		}
		for i, p := range []string{"qlo", "qhi"} {
			broadcast32(f, fmt.Sprintf("%d(DX)", 16+8*i), 11+i, p+" as float32")
		}
		f.i("MOVL $%#x, BX", 0x3EFFF800)
		f.i("VPBROADCASTD BX, Z13 // Z13 = 1/2 - 2^-13, the float32 near-half bound")
		f.i("MOVL $0x7fffffff, BX")
		f.i("VPBROADCASTD BX, Z14 // Z14 = ABS, the float32 bits without the sign")
		if k.nib {
			f.i("MOVL $15, BX")
			f.i("VPBROADCASTD BX, Z26 // Z26 = 15, the nibble mask (dwords)")
		}
	case k.nf4:
		f.c("Z10 = the 16 levels as float32")
		f.i("VCVTPD2PS 144(DX), Y10")
		f.i("VCVTPD2PS 208(DX), Y11")
		f.i("VINSERTF32X8 $1, Y11, Z10, Z10")
		f.i("VMOVUPD 16(DX), Z8 // Z8, Z9 = the midpoints")
		f.i("VMOVUPD 80(DX), Z9")
		parDwords(f, 35, 16, "the code below each of the 32 bins")
		broadcast32(f, "272(DX)", 18, "K, the bins' scale (par[34])")
		f.i("MOVL $1, BX")
		f.i("VPBROADCASTD BX, Z19 // Z19 = 1 (dwords)")
		f.c("Y30, Y31 = the steps to the next float32 of the midpoints' thresholds:")
		f.c("down for 0..6 (negative), up for 7..14, none for 15 (+Inf)")
		f.i("MOVL $-1, BX")
		f.i("VPBROADCASTD BX, Y30")
		f.i("MOVL $1, BX")
		f.i("VPBROADCASTD BX, Y31")
		f.i("MOVL $0x80, BX")
		f.i("KMOVW BX, K3")
		f.i("VMOVDQA32 Y31, K3, Y30")
		f.i("VPXORD Y29, Y29, Y29")
		f.i("VMOVDQA32 Y29, K3, Y31")
	case k.e2m1:
		parDwords(f, 8, 16, "the codes of each key of a")
		f.c("Z15 = the 16 values as float32 (par[40:56])")
		f.i("VCVTPD2PS 320(DX), Y15")
		f.i("VCVTPD2PS 384(DX), Y11")
		f.i("VINSERTF32X8 $1, Y11, Z15, Z15")
		broadcastInts(f, false, []regConst{{"496", 18, "Z18 = the bits of 2^-3 >> 21"}, {"0x1fffff", 19, "Z19 = the bits below a key"},
			{"15", 20, "Z20 = 15"}, {"0x7fffffff", 21, "Z21 = ABS, the float32 bits without the sign"}})
	case k.mx:
		for i, p := range []string{"maxNormal", "maxCode", "emin", "mbits", "2^mbits"} {
			broadcast32(f, fmt.Sprintf("%d(DX)", 16+8*i), 16+i, p+" as float32")
		}
		f.i("MOVL $0x7fffffff, BX")
		f.i("VPBROADCASTD BX, Z21 // Z21 = ABS, the float32 bits without the sign")
	}
	for _, z := range []int{22, 23, 24, 25} {
		f.i("VPXORQ Z%d, Z%d, Z%d", z, z, z)
	}
	f.i("XORQ AX, AX // AX = values encoded")
	f.i("JMP params")
	f.label("loop")
	f.i("CMPQ AX, CX")
	f.i("JAE done")
	f.i("TESTQ R8, R8")
	f.i("JNZ body")
	f.c("the next group: b values, its parameters")
	f.i("ADDQ $24, R9")
	f.i("MOVQ R10, R8")
	f.label("params")
	f.i("CMPQ AX, CX")
	f.i("JAE done")
	switch {
	case k.ints:
		for i, p := range []string{"inv", "s", "zp"} {
			broadcast32(f, fmt.Sprintf("%s(R9)", disp(8*i)), 8+i, p+" as float32 (inv rounded, +Inf when too large)")
		}
	case k.nf4:
		nf4Params(f)
	case k.mx:
		broadcast32(f, "(R9)", 26, "2^(127-X), X the group's E8M0 exponent")
		broadcast32(f, "8(R9)", 27, "2^(X-127), a float32 subnormal for X = 0, exact")
	}
	f.label("body")
	f.c("x = vals[j..j+16] as float32; the line 16 KiB on, the next batch's, to the cache")
	f.i("VMOVUPS (SI)(AX*4), Z0")
	f.i("PREFETCHT0 16384(SI)(AX*4)")
	switch {
	case k.ints:
		ints32Body(f, k)
	case k.nf4:
		nf4Body(f)
	case k.e2m1:
		e2m1Body(f)
	case k.mx:
		mxBody(f, k)
	}
	f.c("d = x - the dequantized value (Z4), exact in float32: its largest |d|, and")
	f.c("d in float64, two halves of 8 lanes")
	f.i("VSUBPS Z4, Z0, Z4")
	f.i("VRANGEPS $0x0b, Z4, Z23, Z23 // the larger magnitude, sign cleared")
	f.i("VCVTPS2PD Y4, Z0")
	f.i("VEXTRACTF32X8 $1, Z4, Y1")
	f.i("VCVTPS2PD Y1, Z1")
	f.label("errs")
	f.c("sum of squares of d in Z0, Z1")
	f.i("VFMADD231PD Z0, Z0, Z22")
	f.i("VFMADD231PD Z1, Z1, Z24")
	f.i("SUBQ $16, R8")
	f.i("ADDQ $16, AX")
	f.i("JMP loop")
	if k.ints {
		f.label("slow")
		f.c("a float32 quotient near a half, or +Inf inv: the float64 encoder")
		for i, p := range []string{"inv", "s", "zp"} {
			f.i("VBROADCASTSD %s(R9), Z%d // %s", disp(8*i), 16+i, p)
		}
		f.i("VCVTPS2PD (SI)(AX*4), Z0")
		f.i("VCVTPS2PD 32(SI)(AX*4), Z1")
		intsBody(f, k)
		f.i("VRANGEPD $0x0b, Z0, Z25, Z25 // the larger magnitude, sign cleared")
		f.i("VRANGEPD $0x0b, Z1, Z25, Z25")
		f.i("JMP errs")
	}
	f.label("done")
	f.c("par[0] += the sums' lanes; par[1] = max(par[1], the largest |d| squared)")
	f.i("VADDPD Z24, Z22, Z0 // Z0 = sums")
	f.i("VCVTPS2PD Y23, Z1")
	f.i("VEXTRACTF32X8 $1, Z23, Y2")
	f.i("VCVTPS2PD Y2, Z2")
	f.i("VMAXPD Z2, Z1, Z1")
	f.i("VMAXPD Z25, Z1, Z1 // Z1 = maxima")
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
	f.i("VMULSD X1, X1, X1 // the largest d*d: squaring keeps the order")
	f.i("VADDSD (DX), X0, X0")
	f.i("VMAXSD 8(DX), X1, X1")
	f.i("VMOVSD X0, (DX)")
	f.i("VMOVSD X1, 8(DX)")
	f.i("MOVQ AX, %s", retArg(name))
	vzeroRet(f)
}

// parDwords sets the int32 lanes of Zz and Zz+1 to par[at:at+32]
// converted from float64, through Z11.
func parDwords(f *asmFile, at, z int, what string) {
	f.c("Z%d, Z%d = %s (par[%d:%d]), dwords", z, z+1, what, at, at+32)
	for h := range 4 {
		f.i("VMOVUPD %d(DX), Z11", 8*at+64*h)
		if h%2 == 0 {
			f.i("VCVTPD2DQ Z11, Y%d", z+h/2)
		} else {
			f.i("VCVTPD2DQ Z11, Y11")
			f.i("VINSERTI64X4 $1, Y11, Z%d, Z%d", z+h/2, z+h/2)
		}
	}
}

// regConst is an integer constant v for every lane of Zz.
type regConst struct {
	v    string
	z    int
	what string
}

// broadcastInts sets the constants cs, in dword lanes, or qword lanes when
// q, through BX.
func broadcastInts(f *asmFile, q bool, cs []regConst) {
	mov, bc := "MOVL", "VPBROADCASTD"
	if q {
		mov, bc = "MOVQ", "VPBROADCASTQ"
	}
	for _, c := range cs {
		f.i("%s $%s, BX", mov, c.v)
		f.i("%s BX, Z%d // %s", bc, c.z, c.what)
	}
}

// broadcast32 sets every float32 lane of Zz to the float64 at mem rounded
// to float32 (nearest, ties to even, as Go's conversion).
func broadcast32(f *asmFile, mem string, z int, what string) {
	f.i("VCVTSD2SS %s, X%d, X%d", mem, z, z)
	f.i("VBROADCASTSS X%d, Z%d // %s", z, z, what)
}

// ints32Body encodes x (Z0, float32) as integer codes in float32: t =
// x*inv; r = roundEven(t); a lane with |t-r| not below 1/2 - 2^-13 (or
// NaN, from an infinite inv) goes to the float64 encoder at slow. Else r
// is the quotient x/s rounded: t differs from x/s by less than 2^-14 for
// |x/s| <= 2^9 (inv and the product each round once to float32). q = r+zp
// clamped; the codes are stored and the dequantized value float32((q-zp)*s)
// (a float32 product of float32 operands, rounded once as Go's float32 of
// the exact float64 product) left in Z4. intsBody is its float64 twin,
// apart for its two vectors a step and float64 arithmetic.
func ints32Body(f *asmFile, k encKind) {
	f.i("VMULPS Z8, Z0, Z2 // t = x*inv")
	f.i("VRNDSCALEPS $0, Z2, Z4 // r = roundEven(t)")
	f.i("VSUBPS Z4, Z2, Z2")
	f.i("VANDPS Z14, Z2, Z2")
	f.i("VCMPPS $0x15, Z13, Z2, K1 // K1 = !(|t-r| < 1/2 - 2^-13)")
	f.i("KORTESTW K1, K1")
	f.i("JNZ slow")
	f.c("q = min(max(r+zp, qlo), qhi)")
	f.i("VADDPS Z10, Z4, Z4")
	f.i("VMAXPS Z11, Z4, Z4")
	f.i("VMINPS Z12, Z4, Z4")
	f.i("VCVTPS2DQ Z4, Z5")
	storeCodes(f, k, "Z5")
	f.i("VSUBPS Z10, Z4, Z4")
	f.i("VMULPS Z9, Z4, Z4 // float32((q-zp)*s)")
}

// nf4Params sets a group's NF4 tables from a = gpar[0]: Z28 the 16
// thresholds, float32, the smallest float32 above each midpoint times a
// (x > midpoint*a exactly when x >= its threshold); Z15 the levels times a
// rounded to float32, as At's product; Z20 c1 = float32(K/a) in every
// lane, or, when that is not finite, an end of the call (done).
func nf4Params(f *asmFile) {
	f.i("VBROADCASTSD (R9), Z7 // a, the group's largest magnitude")
	f.i("VMULPD Z8, Z7, Z12 // Z12, Z13 = the midpoints times a, exact")
	f.i("VMULPD Z9, Z7, Z13")
	for h := range 2 {
		f.i("VCVTPD2PS Z%d, Y%d", 12+h, 28+h)
		f.i("VCVTPS2PD Y%d, Z%d", 28+h, 4+h)
		f.i("VCMPPD $0x12, Z%d, Z%d, K%d // the rounded product <= the product", 12+h, 4+h, 1+h)
		f.i("VPADDD Y%d, Y%d, K%d, Y%d // there: the next float32 up", 30+h, 28+h, 1+h, 28+h)
	}
	f.i("VINSERTF32X8 $1, Y29, Z28, Z28")
	f.i("VCVTSD2SS X7, X7, X7")
	f.i("VBROADCASTSS X7, Z7")
	f.i("VMULPS Z10, Z7, Z15 // the levels times a, float32")
	f.c("c1 = float32(K/a); a group for which it is not finite ends the call")
	f.i("VMOVSD 272(DX), X11")
	f.i("VDIVSD (R9), X11, X11")
	f.i("VCVTSD2SS X11, X11, X11")
	f.i("VMOVD X11, BX")
	f.i("CMPL BX, $0x7f800000")
	f.i("JAE done")
	f.i("VBROADCASTSS X11, Z20")
}

// storeCodes stores the sixteen codes in the int32 lanes of zq (their low
// nibbles for a 4-bit kind) through X2.
func storeCodes(f *asmFile, k encKind, zq string) {
	if k.nib {
		f.i("VPANDD Z26, %s, %s // the low nibbles of int(q)", zq, zq)
		storeNibbles(f, zq)
		return
	}
	f.i("VPMOVDB %s, X2 // the codes' bytes, byte(int(q))", zq)
	storeBytes(f)
}

// storeBytes stores the 16 code bytes of X2 at codes[j].
func storeBytes(f *asmFile) {
	f.i("VMOVDQU X2, (DI)(AX*1)")
}

// storeNibbles stores the 16 codes in the int32 lanes of zq, each below 16,
// packed two a byte at codes[j/2], through Z6 and X2.
func storeNibbles(f *asmFile, zq string) {
	f.c("codes[j/2] = c[j] | c[j+1]<<4: each qword ORed with itself >> 28, its low byte")
	f.i("VPSRLQ $28, %s, Z6", zq)
	f.i("VPORQ Z6, %s, Z6", zq)
	f.i("VPMOVQB Z6, X2")
	f.i("MOVQ AX, BX")
	f.i("SHRQ $1, BX")
	f.i("VMOVQ X2, (DI)(BX*1)")
}

// intsBody encodes x (Z0, Z1) as integer codes and leaves the errors d in
// Z0, Z1. ints32Body is its float32 twin.
func intsBody(f *asmFile, k encKind) {
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
	f.i("JNZ done")
	f.c("q = min(max(r+zp, qlo), qhi)")
	f.i("VADDPD Z18, Z4, Z4")
	f.i("VADDPD Z18, Z5, Z5")
	f.i("VMAXPD Z19, Z4, Z4")
	f.i("VMAXPD Z19, Z5, Z5")
	f.i("VMINPD Z20, Z4, Z4")
	f.i("VMINPD Z20, Z5, Z5")
	f.i("VCVTPD2DQ Z4, Y2")
	f.i("VCVTPD2DQ Z5, Y3")
	f.i("VINSERTI64X4 $1, Y3, Z2, Z2")
	storeCodes(f, k, "Z2")
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
}

// nf4Body encodes x (Z0, float32) as NF4 codes: c = the number of
// thresholds at most x, c0 (the entry of x's bin) or c0+1 where x is at
// least threshold c0. The level c goes to Z4.
func nf4Body(f *asmFile) {
	f.i("VMULPS Z20, Z0, Z5")
	f.i("VADDPS Z18, Z5, Z5 // u = x*c1 + K")
	f.i("VCVTTPS2DQ Z5, Z5 // the bin, u truncated")
	f.i("VPERMI2D Z17, Z16, Z5 // c0, the code below the bin")
	f.i("VPERMPS Z28, Z5, Z6")
	f.i("VCMPPS $0x1d, Z6, Z0, K1 // x >= threshold c0")
	f.i("VPADDD Z19, Z5, K1, Z5 // the code")
	f.i("VPERMPS Z15, Z5, Z4 // the level")
	storeNibbles(f, "Z5")
}

// e2m1Body encodes x (Z0, float32) as MX FP4 (E2M1) codes: a =
// |x|·2^(127-X), exact unless below 2^-126; its key, (bits >> 21) - 496
// (saturated at 0: every a below 2^-3 rounds to 0), picks an entry of the
// table (VPERMI2D), whose low nibble is the code of the key's a above its
// least, and whose high nibble is that of the least, taken when no bit
// below the key is set; x's sign in bit 3. The code's value (a lookup of
// the 16 values) times 2^(X-127) goes to Z4.
func e2m1Body(f *asmFile) {
	f.i("VPANDND Z0, Z21, Z10 // the sign of x")
	f.i("VANDPS Z21, Z0, Z2")
	f.i("VMULPS Z26, Z2, Z2 // a = |x|*2^(127-X)")
	f.i("VPSRLD $21, Z2, Z5")
	f.i("VPSUBUSW Z18, Z5, Z5 // the key")
	f.i("VPERMI2D Z17, Z16, Z5 // its entry")
	f.i("VPTESTNMD Z19, Z2, K1 // a is the key's least")
	f.i("VPSRLD $4, Z5, K1, Z5")
	f.i("VPANDD Z20, Z5, Z5 // the code's magnitude")
	f.i("VPSRLD $28, Z10, Z6")
	f.i("VPORD Z6, Z5, Z5 // the code")
	f.i("VPERMPS Z15, Z5, Z4")
	f.i("VMULPS Z27, Z4, Z4 // its value times 2^(X-127)")
	storeNibbles(f, "Z5")
}

// mxBody encodes x (Z0, float32) as MX element codes of k's format in
// float32, exact for every a that does not round to 0: a =
// |x|·2^(127-X) (a float32 subnormal only below 2^-126, which rounds to 0
// in both formats); e = max(emin, exponent of a); m = a·2^(mbits-e)
// rounded to an integer, ties to even; the code's magnitude
// (e-emin)·2^mbits + m (a carry of m moves to the next exponent by
// itself), or maxCode for a >= maxNormal; the sign of x in bit k.sign. The
// value m·2^(e-mbits) (maxNormal when saturated) with x's sign, times
// 2^(X-127), exact in float32, goes to Z4.
func mxBody(f *asmFile, k encKind) {
	f.i("VPANDND Z0, Z21, Z10 // the sign of x")
	f.i("VANDPS Z21, Z0, Z2")
	f.i("VMULPS Z26, Z2, Z2 // a = |x|*2^(127-X)")
	f.i("VCMPPS $0x1d, Z16, Z2, K1 // a >= maxNormal")
	f.i("VGETEXPPS Z2, Z4")
	f.i("VMAXPS Z18, Z4, Z4 // e = max(emin, exponent of a)")
	f.i("VSUBPS Z4, Z19, Z6")
	f.i("VSCALEFPS Z6, Z2, Z6")
	f.i("VRNDSCALEPS $0, Z6, Z6 // m = roundEven(a*2^(mbits-e))")
	f.i("VSUBPS Z19, Z4, Z8")
	f.i("VSCALEFPS Z8, Z6, Z8 // the value's magnitude m*2^(e-mbits)")
	f.i("VSUBPS Z18, Z4, Z4")
	f.i("VMULPS Z20, Z4, Z4")
	f.i("VADDPS Z6, Z4, Z4 // the code's magnitude (e-emin)*2^mbits + m")
	f.i("VMOVAPS Z17, K1, Z4 // saturated: maxCode")
	f.i("VMOVAPS Z16, K1, Z8 // and maxNormal")
	f.i("VCVTPS2DQ Z4, Z4")
	f.i("VPSRLD $%d, Z10, Z5", 31-k.sign)
	f.i("VPORD Z5, Z4, Z4 // the code")
	f.i("VPMOVDB Z4, X2")
	storeBytes(f)
	f.i("VORPS Z10, Z8, Z8 // the value, x's sign")
	f.i("VMULPS Z27, Z8, Z4 // times 2^(X-127)")
}

// paramIdx lists the lanes of the three vectors that store eight groups'
// parameter triples t1, t2, 0: 0..7 pick t1[k], 8..15 t2[k-8], -1 a zero.
var paramIdx = [3][8]int{
	{0, 8, -1, 1, 9, -1, 2, 10},
	{-1, 3, 11, -1, 4, 12, -1, 5},
	{13, -1, 6, 14, -1, 7, 15, -1},
}

// paramTables writes paramidx<>, the permutes' indices of paramIdx.
func paramTables(f *asmFile) {
	f.blank()
	for v, lanes := range paramIdx {
		for l, x := range lanes {
			f.line("DATA paramidx<>+%d(SB)/8, $%d", 64*v+8*l, max(x, 0))
		}
	}
	f.line("GLOBL paramidx<>(SB), RODATA|NOPTR, $192")
}

// paramMasks sets K3..K5 to the zero lanes of paramIdx's vectors.
func paramMasks(f *asmFile) {
	for v, lanes := range paramIdx {
		mask := 0
		for l, x := range lanes {
			if x < 0 {
				mask |= 1 << l
			}
		}
		f.i("MOVL $%#x, BX", mask)
		f.i("KMOVB BX, K%d // the zero lanes of triple vector %d", 3+v, v)
	}
}

// storeTriples stores the triples t1 (Z4), t2 (Z3), 0 of eight groups at
// gpar[3*AX]: three two-table permutes (VPERMI2PD) with zeros (Z20)
// blended in. It clobbers BX and Z5..Z7.
func storeTriples(f *asmFile) {
	f.i("LEAQ (AX)(AX*2), BX")
	f.i("LEAQ (R9)(BX*8), BX // BX = &gpar[3*i]")
	for v := range paramIdx {
		f.i("VMOVDQU64 paramidx<>+%d(SB), Z%d", 64*v, 5+v)
		f.i("VPERMI2PD Z3, Z4, Z%d", 5+v)
		f.i("VMOVAPD Z20, K%d, Z%d", 3+v, 5+v)
		f.i("VMOVUPD Z%d, %s(BX)", 5+v, disp(64*v))
	}
}

// scalesLoop writes a scales kernel, name, after its TEXT line: DI, R9,
// SI and CX set to &out[0] (out the argument it writes), &gpar[0],
// &bits[0] and len(bits), consts's constants and Z20 = 0 and K3..K5 set,
// then eight groups an iteration while eight are left: body (with the
// triples' t1 in Z4 and t2 in Z3 at its end, or a jump to done) and
// storeTriples. The kernel returns the groups set.
func scalesLoop(f *asmFile, name, out string, consts, body func()) {
	f.i("MOVQ %s, DI // DI = &%s[0]", arg(name, out), out)
	f.i("MOVQ %s, R9 // R9 = &gpar[0]", arg(name, "gpar"))
	f.i("MOVQ %s, SI // SI = &bits[0]", arg(name, "bits"))
	f.i("MOVQ %s, CX // CX = len(bits)", argLen(name, "bits"))
	consts()
	f.i("VPXORQ Z20, Z20, Z20 // 0")
	paramMasks(f)
	f.i("XORQ AX, AX // AX = groups set")
	f.label("loop")
	f.i("LEAQ 8(AX), BX")
	f.i("CMPQ BX, CX")
	f.i("JA done")
	body()
	storeTriples(f)
	f.i("ADDQ $8, AX")
	f.i("JMP loop")
	f.label("done")
	f.i("MOVQ AX, %s", retArg(name))
	vzeroRet(f)
}

// symScales writes SymScalesAVX512: eight groups an iteration in float64
// lanes (VDIVPD rounds as Go's division).
func symScales(f *asmFile) {
	name := "SymScalesAVX512"
	f.text(name, 0, "AVX512F, AVX512VL", "")
	scalesLoop(f, name, "scale", func() {
		f.i("VBROADCASTSD %s, Z16 // qhi", arg(name, "qhi"))
		f.i("MOVQ $0x3810000000000000, BX")
		f.i("VPBROADCASTQ BX, Z17 // 2^-126")
		f.i("MOVQ $0x4770000000000000, BX")
		f.i("VPBROADCASTQ BX, Z18 // 2^120")
		f.i("MOVQ $0x3ff0000000000000, BX")
		f.i("VPBROADCASTQ BX, Z19 // 1")
	}, func() {
		f.i("VMOVDQU64 (SI)(AX*8), Z0")
		f.i("VPMOVQD Z0, Y0 // the bits' low halves")
		f.i("VCVTPS2PD Y0, Z0 // a")
		f.i("VDIVPD Z16, Z0, Z1")
		f.i("VCVTPD2PS Z1, Y2 // s = float32(a/qhi)")
		f.i("VCVTPS2PD Y2, Z3")
		f.i("VCMPPD $0x1d, Z17, Z3, K1 // s >= 2^-126")
		f.i("VCMPPD $0x12, Z18, Z3, K1, K2 // and s <= 2^120")
		f.i("KORTESTB K2, K2")
		f.i("JCC done // not all eight")
		f.i("VMOVUPS Y2, (DI)(AX*4)")
		f.i("VDIVPD Z3, Z19, Z4 // 1/s")
	})
}

// nf4Scales writes NF4ScalesAVX512: eight groups an iteration, the scales
// the bits' low halves, their float64 1 where zero.
func nf4Scales(f *asmFile) {
	name := "NF4ScalesAVX512"
	f.text(name, 0, "AVX512F, AVX512VL", "")
	scalesLoop(f, name, "scale", func() {
		broadcastInts(f, true, []regConst{{"0x7f800000", 17, "the bits of +Inf"}, {"0x3ff0000000000000", 19, "1"}})
	}, func() {
		f.i("VMOVDQU64 (SI)(AX*8), Z0")
		f.i("VPCMPUQ $1, Z17, Z0, K1 // finite: below the bits of +Inf")
		f.i("KORTESTB K1, K1")
		f.i("JCC done // not all eight")
		f.i("VPMOVQD Z0, Y2 // a")
		f.i("VMOVUPS Y2, (DI)(AX*4)")
		f.i("VCVTPS2PD Y2, Z4")
		f.i("VPTESTNMQ Z0, Z0, K2")
		f.i("VMOVAPD Z19, K2, Z4 // 1 for a zero maximum")
		f.i("VMOVAPD Z20, Z3")
	})
}

// mxScales writes MXScalesAVX512: eight groups an iteration in qword
// lanes, all in integers: X = max(0, E - emax) from the biased exponent E
// of the largest magnitude (E = 0, a subnormal, clamps to 0 as a shared
// exponent below -127 does), 127 for a zero maximum; the parameters are
// float64s built from their exponents.
func mxScales(f *asmFile) {
	name := "MXScalesAVX512"
	f.text(name, 0, "AVX512F, AVX512VL", "")
	scalesLoop(f, name, "exp", func() {
		f.i("VPBROADCASTQ %s, Z16 // emax", arg(name, "emax"))
		broadcastInts(f, true, []regConst{{"0x7f800000", 17, "the bits of +Inf"}, {"127", 18, "127"}, {"1150", 19, "1023 + 127"}, {"896", 21, "1023 - 127"}})
	}, func() {
		f.i("VMOVDQU64 (SI)(AX*8), Z0")
		f.i("VPCMPUQ $1, Z17, Z0, K1 // finite: below the bits of +Inf")
		f.i("KORTESTB K1, K1")
		f.i("JCC done // not all eight")
		f.i("VPSRLQ $23, Z0, Z1 // E")
		f.i("VPSUBQ Z16, Z1, Z1")
		f.i("VPMAXSQ Z20, Z1, Z1 // X = max(0, E - emax)")
		f.i("VPTESTNMQ Z0, Z0, K2")
		f.i("VMOVDQA64 Z18, K2, Z1 // 127 for a zero maximum")
		f.i("VPMOVQB Z1, X2")
		f.i("VMOVQ X2, (DI)(AX*1)")
		f.i("VPSUBQ Z1, Z19, Z4")
		f.i("VPSLLQ $52, Z4, Z4 // 2^(127-X)")
		f.i("VPADDQ Z21, Z1, Z3")
		f.i("VPSLLQ $52, Z3, Z3 // 2^(X-127)")
	})
}
