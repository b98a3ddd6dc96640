package quant_test

import (
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// This file checks Quantize against a reference written from the rules of
// the package doc with exact rational arithmetic: every code and parameter
// must equal the reference's, every dequantized value must lie within the
// scheme's bound, and the report must match the errors recomputed through
// At.

// refRound is v/s rounded to the nearest integer, ties to even, computed
// exactly.
func refRound(v float64, s float32) int {
	q := new(big.Rat).Quo(new(big.Rat).SetFloat64(v), new(big.Rat).SetFloat64(float64(s)))
	fl := new(big.Int).Div(q.Num(), q.Denom()) // floor: Euclidean division by a positive denominator
	frac := new(big.Rat).Sub(q, new(big.Rat).SetInt(fl))
	n := int(fl.Int64())
	switch frac.Cmp(big.NewRat(1, 2)) {
	case 1:
		n++
	case 0:
		if n%2 != 0 {
			n++
		}
	}
	return n
}

// refNF4 is the index of the NF4 level nearest to v/absmax, exactly, the
// lower one on a tie; 7 for absmax 0.
func refNF4(v float64, absmax float32) uint8 {
	if absmax == 0 {
		return 7
	}
	x := new(big.Rat).Quo(new(big.Rat).SetFloat64(v), new(big.Rat).SetFloat64(float64(absmax)))
	best, bestD := 0, (*big.Rat)(nil)
	for k, l := range qloraNF4 {
		d := new(big.Rat).Sub(x, new(big.Rat).SetFloat64(l))
		d.Abs(d)
		if bestD == nil || d.Cmp(bestD) < 0 {
			best, bestD = k, d
		}
	}
	return uint8(best)
}

// refMXExp is the OCP MX shared exponent of a block: ⌊log2 absmax⌋ − emax,
// clamped to -127..127, and 0 for an all-zero block.
func refMXExp(absmax float64, emax int) int {
	if absmax == 0 {
		return 0
	}
	_, e := math.Frexp(absmax) // absmax = f·2^e, f in [0.5, 1)
	return max(-127, min(e-1-emax, 127))
}

// refMX is the MX element code of v in a block of shared exponent x: of the
// codes with v's sign, the one whose value times 2^x is nearest to v,
// exactly, the even code on a tie (which is round-to-nearest-even, and
// saturates above the largest normal).
func refMX(v float64, x int, fp8 bool) uint8 {
	n, sign := 16, uint8(8)
	dec := func(c uint8) float64 { return refE2M1(c) }
	if fp8 {
		n, sign = 256, 0x80
		dec = refE4M3
	}
	rv := new(big.Rat).SetFloat64(v)
	best, bestD := uint8(0), (*big.Rat)(nil)
	for c := range n {
		c := uint8(c)
		if (c&sign != 0) != math.Signbit(v) || math.IsNaN(dec(c)) {
			continue
		}
		d := new(big.Rat).Sub(rv, new(big.Rat).SetFloat64(math.Ldexp(dec(c), x)))
		d.Abs(d)
		if bestD == nil || d.Cmp(bestD) < 0 || d.Cmp(bestD) == 0 && c&1 == 0 {
			best, bestD = c, d
		}
	}
	return best
}

// refScale is a/qmax rounded to float32, rounded up instead where that is
// a subnormal below a/qmax.
func refScale(a, qmax float64) float32 {
	s := float32(a / qmax)
	if s < 0x1p-126 && float64(s)*qmax < a {
		s = math.Nextafter32(s, 1)
	}
	return s
}

// refFit is the largest float32 up to s whose product with m is finite in
// float32.
func refFit(s float32, m int) float32 {
	for math.IsInf(float64(float32(m)*s), 0) {
		s = math.Nextafter32(s, 0)
	}
	return s
}

// code returns code i of v.
func code(v *quant.Values, i int) uint8 {
	if v.Scheme.CodeBits() == 4 {
		return v.Codes[i/2] >> (4 * (i % 2)) & 15
	}
	return v.Codes[i]
}

// elemULP is the spacing of the MX element values around a ≥ 0 (below the
// largest normal).
func elemULP(a float64, fp8 bool) float64 {
	mbits, emin := 1, 0
	if fp8 {
		mbits, emin = 3, -6
	}
	e := emin
	if a > 0 {
		_, fe := math.Frexp(a)
		e = max(fe-1, emin)
	}
	return math.Ldexp(1, e-mbits)
}

// checkQuantize quantizes values with s and checks the result against the
// reference. channel gives value i's channel for channel schemes.
func checkQuantize[T quant.Float](t *testing.T, name string, s quant.Scheme, shape []uint64, values []T, ch quant.Channels, channel func(i int) int) *quant.Values {
	t.Helper()
	v0, rep, err := quant.Quantize(s, shape, values, ch)
	if err != nil {
		t.Fatalf("%s: %v: %v", name, s, err)
	}
	v := &v0
	at := quant.Loc{Layout: layout.TagCOO, First: 2}
	if err := v.Validate(shape, at); err != nil {
		t.Fatalf("%s: %v: the result does not validate: %v", name, s, err)
	}
	n := len(values)
	groups, _ := s.Groups(shape, n)
	group := func(i int) int {
		switch s.Granularity() {
		case quant.PerChannel:
			return channel(i)
		case quant.PerBlock:
			return i / s.BlockSize()
		}
		return 0
	}
	// The reference parameters of each group.
	lo, hi := make([]float64, groups), make([]float64, groups)
	for i, x := range values {
		g := group(i)
		lo[g], hi[g] = min(lo[g], float64(x)), max(hi[g], float64(x))
	}
	scale := make([]float32, groups)
	zp := make([]int, groups)
	exp := make([]int, groups)
	lowered := make([]bool, groups) // a uint8 scale lowered to keep its codes finite
	for g := range groups {
		a := max(-lo[g], hi[g])
		switch s.Kind() {
		case quant.Int8, quant.Int4:
			qmax := 127.0
			if s.Kind() == quant.Int4 {
				qmax = 7
			}
			scale[g] = 1
			if a > 0 {
				scale[g] = refFit(refScale(a, qmax), int(qmax))
			}
		case quant.Uint8:
			scale[g] = 1
			if r := hi[g] - lo[g]; r > 0 {
				scale[g] = refScale(r, 255)
				zp[g] = min(max(refRound(-lo[g], scale[g]), 0), 255)
				fit := refFit(scale[g], max(zp[g], 255-zp[g]))
				lowered[g] = fit != scale[g]
				scale[g] = fit
			}
		case quant.NF4:
			scale[g] = float32(a)
		case quant.MXFP4:
			exp[g] = refMXExp(a, 2)
		case quant.MXFP8:
			exp[g] = refMXExp(a, 8)
		}
		switch s.Kind() {
		case quant.MXFP4, quant.MXFP8:
			if int(v.Exp[g]) != exp[g]+127 {
				t.Errorf("%s: %v group %d: E8M0 %d, want %d", name, s, g, v.Exp[g], exp[g]+127)
			}
		default:
			if math.Float32bits(v.Scale[g]) != math.Float32bits(scale[g]) {
				t.Errorf("%s: %v group %d: scale %v, want %v", name, s, g, v.Scale[g], scale[g])
			}
		}
		if s.Kind() == quant.Uint8 && int(v.Zero[g]) != zp[g] {
			t.Errorf("%s: %v group %d: zero point %d, want %d", name, s, g, v.Zero[g], zp[g])
		}
	}
	// Codes, errors and the report.
	var maxErr, sumsq float64
	deq := make([]float32, n)
	v.Dequantize(deq, ch)
	fails := 0
	for i, x := range values {
		f := float64(x)
		g := group(i)
		var want uint8
		var bound float64
		switch s.Kind() {
		case quant.Int8:
			want = uint8(int8(min(max(refRound(f, scale[g]), -127), 127)))
			bound = float64(scale[g]) / 2
		case quant.Int4:
			want = uint8(min(max(refRound(f, scale[g]), -7), 7)) & 15
			bound = float64(scale[g]) / 2
		case quant.Uint8:
			want = uint8(min(max(zp[g]+refRound(f, scale[g]), 0), 255))
			bound = float64(scale[g]) / 2
			if lowered[g] && (want == 0 || want == 255) {
				// The group spans nearly twice the largest float32, more
				// than 255 steps of a finite scale reach: its extremes
				// are clamped, within a step.
				bound = float64(scale[g])
			}
		case quant.NF4:
			want = refNF4(f, scale[g])
			bound = float64(scale[g]) * (qloraNF4[1] - qloraNF4[0]) / 2
		case quant.MXFP4, quant.MXFP8:
			fp8 := s.Kind() == quant.MXFP8
			want = refMX(f, exp[g], fp8)
			a, top := math.Ldexp(math.Abs(f), -exp[g]), 6.0
			if fp8 {
				top = 448
			}
			if a > top {
				bound = math.Ldexp(a-top, exp[g])
			} else {
				bound = math.Ldexp(elemULP(a, fp8)/2, exp[g])
			}
		}
		got := code(v, i)
		y := v.At(i, uint64(g))
		d := math.Abs(f - float64(y))
		// The float32 product rounds once more: half an ulp of the result.
		if lim := bound + math.Abs(float64(y))*0x1p-24 + 0x1p-149; got != want || d > lim {
			if fails++; fails <= 5 {
				t.Errorf("%s: %v value %d = %v (group %d): code %#x, want %#x; dequantized %v, error %g, bound %g", name, s, i, f, g, got, want, y, d, lim)
			}
		}
		if math.Float32bits(deq[i]) != math.Float32bits(y) {
			t.Errorf("%s: %v value %d: Dequantize %v, At %v", name, s, i, deq[i], y)
		}
		maxErr = max(maxErr, d)
		sumsq += d * d
	}
	if s.CodeBits() == 4 && n%2 == 1 && v.Codes[n/2]>>4 != 0 {
		t.Errorf("%s: %v: padding nibble %#x", name, s, v.Codes[n/2]>>4)
	}
	if rep.N != n || rep.MaxAbsErr != maxErr {
		t.Errorf("%s: %v: report %+v, want N %d and max error %g", name, s, rep, n, maxErr)
	}
	if n > 0 {
		rms := math.Sqrt(sumsq / float64(n))
		if math.Abs(rep.RMSErr-rms) > 1e-12*rms {
			t.Errorf("%s: %v: RMS error %g, want %g", name, s, rep.RMSErr, rms)
		}
		bytes := len(v.Codes)
		for _, b := range v.ParamBuffers() {
			bytes += len(b)
		}
		if want := float64(bytes) / float64(n); rep.BytesPerValue != want {
			t.Errorf("%s: %v: %g bytes a value, want %g", name, s, rep.BytesPerValue, want)
		}
	}
	return v
}

// allSchemes are the spellings round trips run on, every kind and
// granularity without channels.
var allSchemes = []string{
	"int8:tensor", "int8:block=1", "int8:block=7", "int8:block=64",
	"uint8:tensor", "uint8:block=1", "uint8:block=5", "uint8:block=64",
	"int4:block=1", "int4:block=3", "int4:block=32",
	"nf4", "nf4:block=1", "nf4:block=5",
	"mxfp4", "mxfp8",
}

// normals returns n seeded normally distributed values times sigma.
func normals(n int, seed uint64, sigma float64) []float32 {
	rng := rand.New(rand.NewPCG(seed, 3))
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(sigma * rng.NormFloat64())
	}
	return v
}

func TestQuantizeRoundTrip(t *testing.T) {
	data := map[string][]float32{
		"normal":        normals(301, 1, 0.02),
		"one value":     {-3.25},
		"empty":         {},
		"all zero":      make([]float32, 70),
		"negative only": {-1, -0.5, -0.001, -7, -3.5},
		"positive only": {1, 0.5, 0.001, 7, 3.5, 2},
		"with zeros":    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, -2, 0, float32(math.Copysign(0, -1))},
		"±absmax":       {5, -5, 2.5, -5, 5, 1},
		"wide range":    {1e30, 1e-30, -3e20, 7, 1e-45, -1e38, 3e38, -3.4e38},
		"tiny":          {1e-44, -3e-45, 1e-45, 0, 2e-39, -1.1e-38},
	}
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range data {
			if !yield(k) {
				return
			}
		}
	})
	for _, name := range names {
		for _, sp := range allSchemes {
			checkQuantize(t, name, quant.MustParse(sp), nil, data[name], quant.Channels{}, nil)
		}
	}
}

func TestQuantizeFloat64(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	vals := make([]float64, 257)
	for i := range vals {
		vals[i] = rng.NormFloat64() * math.Exp(4*rng.NormFloat64())
	}
	vals[3] = 1e-300 // far below float32: quantizes to 0
	vals[4] = math.MaxFloat32
	vals[5] = -math.MaxFloat32
	for _, sp := range allSchemes {
		checkQuantize(t, "float64", quant.MustParse(sp), nil, vals, quant.Channels{}, nil)
	}
	type named float64 // any type with float64's underlying type
	nv := []named{1, -2, 0.5}
	checkQuantize(t, "named float64", quant.MustParse("int8:tensor"), nil, nv, quant.Channels{}, nil)
}

func TestQuantizeBlocks(t *testing.T) {
	vals := normals(100, 9, 1)
	for _, sp := range []string{"int8:block=1", "int8:block=99", "int8:block=100", "int8:block=101", "int8:block=1000", "uint8:block=33", "int4:block=1", "int4:block=7", "int4:block=100", "int4:block=1000", "nf4:block=3", "nf4:block=99", "nf4:block=1000"} {
		s := quant.MustParse(sp)
		for _, n := range []int{1, 2, 31, 32, 33, 63, 64, 65, 99, 100} {
			v := checkQuantize(t, "blocks", s, nil, vals[:n], quant.Channels{}, nil)
			if g, _ := s.Groups(nil, n); len(v.Scale) != g {
				t.Errorf("%v n %d: %d scales, want %d", s, n, len(v.Scale), g)
			}
		}
	}
	for _, n := range []int{1, 31, 32, 33, 64, 95, 100} {
		checkQuantize(t, "mx blocks", quant.MustParse("mxfp4"), nil, vals[:n], quant.Channels{}, nil)
		checkQuantize(t, "mx blocks", quant.MustParse("mxfp8"), nil, vals[:n], quant.Channels{}, nil)
	}
}

func TestQuantizeNibbleOrder(t *testing.T) {
	// int4, scale 1: codes 1, 2, 3 (the last padded) and -1, -8 is never
	// written (-7 is the least).
	v, _, err := quant.Quantize(quant.MustParse("int4:block=16"), nil, []float32{1, 2, 3, -1, 7}, quant.Channels{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []byte{0x21, 0xF3, 0x07}; string(v.Codes) != string(want) {
		t.Errorf("codes % x, want % x", v.Codes, want)
	}
	v, _, _ = quant.Quantize(quant.MustParse("int4:block=16"), nil, []float32{-7, 0, 7}, quant.Channels{})
	if want := []byte{0x09, 0x07}; string(v.Codes) != string(want) {
		t.Errorf("codes % x, want % x", v.Codes, want)
	}
}

func TestQuantizeTies(t *testing.T) {
	// Scale 1 (absmax 127): halves go to the even neighbour.
	in := []float32{127, 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 126.5, -126.5}
	v, _, _ := quant.Quantize(quant.MustParse("int8:tensor"), nil, in, quant.Channels{})
	for i, want := range []int8{127, 0, 2, 2, 0, -2, -2, 126, -126} {
		if got := int8(v.Codes[i]); got != want {
			t.Errorf("int8 %v: code %d, want %d", in[i], got, want)
		}
	}
	// Ties at scales whose reciprocal is inexact, float32 and float64: v =
	// (k + 1/2)·s exactly, with 127·s in the group so that the scale is s.
	rng := rand.New(rand.NewPCG(11, 12))
	for range 2000 {
		s := float32(math.Ldexp(float64(1+rng.IntN(1<<12))/(1<<12), rng.IntN(60)-30)) // 13 bits
		k := rng.IntN(254) - 127
		tie := (float64(k) + 0.5) * float64(s)
		want := k
		if k%2 != 0 {
			want = k + 1
		}
		want = min(want, 127)
		in32 := []float32{127 * s, float32(tie)}
		v32, _, err := quant.Quantize(quant.MustParse("int8:tensor"), nil, in32, quant.Channels{})
		if err != nil || v32.Scale[0] != s || int(int8(v32.Codes[1])) != want {
			t.Fatalf("float32 tie %v at scale %v: scale %v code %d, want %d (%v)", tie, s, v32.Scale[0], int8(v32.Codes[1]), want, err)
		}
		s64 := float32(rng.Float64() + 0.5) // 24 bits: the tie needs float64
		tie = (float64(k) + 0.5) * float64(s64)
		v64, _, err := quant.Quantize(quant.MustParse("int8:tensor"), nil, []float64{127 * float64(s64), tie}, quant.Channels{})
		if err != nil || v64.Scale[0] != s64 || int(int8(v64.Codes[1])) != want {
			t.Fatalf("float64 tie %v at scale %v: scale %v code %d, want %d (%v)", tie, s64, v64.Scale[0], int8(v64.Codes[1]), want, err)
		}
		// And a hair off the tie.
		for _, d := range []float64{-1, 1} {
			off := math.Nextafter(tie, tie+d)
			v64, _, _ = quant.Quantize(quant.MustParse("int8:tensor"), nil, []float64{127 * float64(s64), off}, quant.Channels{})
			if w := min(refRound(off, s64), 127); int(int8(v64.Codes[1])) != w {
				t.Fatalf("float64 %v next to the tie at scale %v: code %d, want %d", off, s64, int8(v64.Codes[1]), w)
			}
		}
	}
	// E2M1 with X = 0 (absmax in [4, 8)): the midpoints go to the even
	// code, above 6 saturates.
	e2 := []float32{6, 0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5, 7, 7.99, 5.5, -0.25, -5}
	v, _, _ = quant.Quantize(quant.MustParse("mxfp4"), nil, e2, quant.Channels{})
	if v.Exp[0] != 127 {
		t.Fatalf("mxfp4 scale %d, want 127", v.Exp[0])
	}
	for i, want := range []float32{6, 0, 1, 1, 2, 2, 4, 4, 6, 6, 6, float32(math.Copysign(0, -1)), -4} {
		if got := v.At(i, 0); got != want || math.Signbit(float64(got)) != math.Signbit(float64(want)) {
			t.Errorf("mxfp4 %v: %v, want %v", e2[i], got, want)
		}
	}
	// E4M3 with X = 0 (absmax in [256, 512)): ties in the normal and the
	// subnormal range, and saturation at 448 (never the NaN code).
	e4 := []float32{300, 17, 19, 464, 500, 0x1p-10, 3 * 0x1p-10, 0x1p-6 + 0x1p-10, 241}
	v, _, _ = quant.Quantize(quant.MustParse("mxfp8"), nil, e4, quant.Channels{})
	if v.Exp[0] != 127 {
		t.Fatalf("mxfp8 scale %d, want 127", v.Exp[0])
	}
	for i, want := range []float32{288, 16, 20, 448, 448, 0, 0x1p-8, 0x1p-6, 240} {
		if got := v.At(i, 0); got != want {
			t.Errorf("mxfp8 %v: %v, want %v", e4[i], got, want)
		}
	}
	// NF4: the midpoint between levels 14 and 15 goes to the lower.
	mid := (float64(float32(qloraNF4[14])) + 1) / 2
	v, _, _ = quant.Quantize(quant.MustParse("nf4"), nil, []float64{1, mid, math.Nextafter(mid, 2)}, quant.Channels{})
	if code(&v, 1) != 14 || code(&v, 2) != 15 {
		t.Errorf("nf4 midpoint: codes %d %d, want 14 15", code(&v, 1), code(&v, 2))
	}
}

func TestQuantizeMXSaturation(t *testing.T) {
	// absmax just below 2^(e+1) has ⌊log2⌋ = e: elements reach 8·(1−ε)
	// (E2M1) and 512·(1−ε) (E4M3), above the largest normal.
	in := []float32{7.99, -7.5, 6.5, 3, 1e-30}
	for _, sp := range []string{"mxfp4", "mxfp8"} {
		v := checkQuantize(t, "saturation", quant.MustParse(sp), nil, in, quant.Channels{}, nil)
		top := float32(6)
		if sp == "mxfp8" {
			top = 448 * 0x1p-6 // X = 2 − 8
		}
		if v.At(0, 0) != top || v.At(1, 0) != -top {
			t.Errorf("%s: %v %v, want ±%v", sp, v.At(0, 0), v.At(1, 0), top)
		}
	}
	// The largest float32: X = 125 (E2M1) and 119 (E4M3), no overflow.
	checkQuantize(t, "max", quant.MustParse("mxfp4"), nil, []float32{math.MaxFloat32, -math.MaxFloat32, 1}, quant.Channels{}, nil)
	checkQuantize(t, "max", quant.MustParse("mxfp8"), nil, []float32{math.MaxFloat32, 1e30}, quant.Channels{}, nil)
	// A block of subnormals: X clamps to -127.
	v := checkQuantize(t, "subnormal", quant.MustParse("mxfp8"), nil, []float32{1e-45, 3e-40, -1e-39}, quant.Channels{}, nil)
	if v.Exp[0] != 0 {
		t.Errorf("subnormal block: E8M0 %d, want 0", v.Exp[0])
	}
}

func TestQuantizeScaleEdges(t *testing.T) {
	// A subnormal scale rounds up: every value stays within half a step.
	for _, a := range []float32{1e-45, 3e-45, 1e-40, 1.1e-36} {
		in := []float32{a, -a, a / 3, a / 2}
		for _, sp := range []string{"int8:tensor", "int4:block=8", "uint8:tensor"} {
			v, rep, err := quant.Quantize(quant.MustParse(sp), nil, in, quant.Channels{})
			if err != nil {
				t.Fatal(err)
			}
			if err := v.Validate(nil, quant.Loc{Layout: layout.TagCOO, First: 2}); err != nil {
				t.Fatalf("%s absmax %v: %v", sp, a, err)
			}
			if rep.MaxAbsErr > float64(v.Scale[0])/2 {
				t.Errorf("%s absmax %v: scale %v, max error %v", sp, a, v.Scale[0], rep.MaxAbsErr)
			}
		}
	}
	// The largest magnitudes: no scale overflows a code to infinity.
	for _, sp := range []string{"int8:tensor", "int4:block=8", "uint8:tensor", "nf4"} {
		in := []float32{math.MaxFloat32, -math.MaxFloat32, 1}
		v, rep, err := quant.Quantize(quant.MustParse(sp), nil, in, quant.Channels{})
		if err != nil {
			t.Fatal(err)
		}
		for i := range in {
			if y := v.At(i, 0); math.IsInf(float64(y), 0) {
				t.Errorf("%s: value %d dequantizes to %v", sp, i, y)
			}
		}
		if math.IsInf(rep.MaxAbsErr, 0) || math.IsNaN(rep.RMSErr) {
			t.Errorf("%s: report %+v", sp, rep)
		}
	}
}

// cooCoords returns n seeded random coordinates in shape, row-major.
func cooCoords(shape []uint64, n int, seed uint64) []uint64 {
	rng := rand.New(rand.NewPCG(seed, 4))
	c := make([]uint64, 0, n*len(shape))
	for range n {
		for _, d := range shape {
			c = append(c, rng.Uint64N(d))
		}
	}
	return c
}

func TestQuantizeChannels(t *testing.T) {
	for _, shape := range [][]uint64{{5, 7}, {3, 4, 6}} {
		rank := len(shape)
		const n = 90
		coords := cooCoords(shape, n, uint64(rank))
		vals := normals(n, 7, 3)
		// Channel 0 of every axis scaled up, so that groups differ.
		for i := range n {
			if coords[i*rank] == 0 {
				vals[i] *= 100
			}
		}
		for a := range rank {
			for _, k := range []string{"int8", "uint8"} {
				s := quant.MustParse(k + ":channel:axis=" + string(rune('0'+a)))
				ch := quant.PerValue(coords[a:], rank)
				v := checkQuantize(t, "per value", s, shape, vals, ch, func(i int) int { return int(coords[i*rank+a]) })
				if len(v.Scale) != int(shape[a]) {
					t.Errorf("%v: %d scales, want %d", s, len(v.Scale), shape[a])
				}
			}
		}
	}
	// Runs: CSR rows with empty rows (axis 0, ids nil), and a CSF-like
	// upper level whose channels repeat across runs (ids given).
	rowPtr := []uint64{0, 3, 3, 10, 11, 11, 20}
	vals := normals(20, 8, 1)
	vals[5] = 40
	rowOf := func(i int) int {
		r := 0
		for uint64(i) >= rowPtr[r+1] {
			r++
		}
		return r
	}
	for _, k := range []string{"int8", "uint8"} {
		s := quant.MustParse(k + ":channel:axis=0")
		checkQuantize(t, "runs", s, []uint64{6, 9}, vals, quant.PerRun(rowPtr, nil), rowOf)
		// More channels than runs: the last ones are empty groups.
		v := checkQuantize(t, "runs", s, []uint64{8, 9}, vals, quant.PerRun(rowPtr, nil), rowOf)
		if v.Scale[7] != 1 {
			t.Errorf("%v: empty channel scale %v", s, v.Scale[7])
		}
		ids := []uint64{2, 0, 2, 1, 0, 2}
		s1 := quant.MustParse(k + ":channel:axis=1")
		checkQuantize(t, "runs with ids", s1, []uint64{2, 3, 4}, vals, quant.PerRun(rowPtr, ids), func(i int) int { return int(ids[rowOf(i)]) })
	}
}

func TestQuantizeErrors(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	for _, c := range []struct {
		name   string
		s      string
		shape  []uint64
		vals   []float64
		ch     quant.Channels
		reason string
	}{
		{"NaN", "int8:tensor", nil, []float64{1, 2, float64(nan)}, quant.Channels{}, "value 2 is NaN"},
		{"Inf in a block", "nf4:block=2", nil, []float64{1, 2, 3, 4, float64(inf)}, quant.Channels{}, "value 4 is +Inf"},
		{"-Inf mx", "mxfp8", nil, []float64{1, math.Inf(-1)}, quant.Channels{}, "value 1 is -Inf"},
		{"beyond float32", "uint8:block=3", nil, []float64{1, 2, 3, 1e39}, quant.Channels{}, "value 3 = 1e+39 is beyond the float32 range"},
		{"beyond float32 negative", "int4:block=3", nil, []float64{-1e300}, quant.Channels{}, "value 0 = -1e+300"},
		{"axis", "int8:channel:axis=1", []uint64{4}, []float64{1}, quant.PerValue([]uint64{0}, 1), "axis 1 is not below the rank 1"},
		{"no channels", "int8:channel:axis=0", []uint64{4}, []float64{1}, quant.Channels{}, "no channels given for 1 values"},
		{"short channels", "int8:channel:axis=1", []uint64{4, 4}, []float64{1, 2}, quant.PerValue([]uint64{0, 1}, 2), "2 channel indices at stride 2 cover fewer than 2 values"},
		{"zero stride", "int8:channel:axis=0", []uint64{4}, []float64{1, 2}, quant.PerValue([]uint64{0, 1}, 0), "stride 0"},
		{"channel out of range", "uint8:channel:axis=0", []uint64{4, 2}, []float64{1, 2, 3}, quant.PerValue([]uint64{0, 0, 1, 0, 4, 0}, 2), "value 2: channel 4 is not below the channel count 4"},
		{"NaN per value", "int8:channel:axis=0", []uint64{4}, []float64{1, math.NaN()}, quant.PerValue([]uint64{0, 1}, 1), "value 1 is NaN"},
		{"runs short", "int8:channel:axis=0", []uint64{4}, []float64{1, 2}, quant.PerRun([]uint64{0, 1}, nil), "ptr must start at 0 and end at 2"},
		{"runs empty", "int8:channel:axis=0", []uint64{4}, []float64{1}, quant.PerRun([]uint64{}, nil), "ptr must start at 0"},
		{"runs decrease", "int8:channel:axis=0", []uint64{4}, []float64{1, 2}, quant.PerRun([]uint64{0, 2, 1, 2}, nil), "ptr[2] = 1 is below ptr[1] = 2"},
		{"too many runs", "int8:channel:axis=0", []uint64{2}, []float64{1, 2}, quant.PerRun([]uint64{0, 1, 1, 2}, nil), "3 runs, more than the channel count 2"},
		{"run ids count", "int8:channel:axis=0", []uint64{2}, []float64{1, 2}, quant.PerRun([]uint64{0, 1, 2}, []uint64{0}), "1 ids for 2 runs"},
		{"run id out of range", "int8:channel:axis=0", []uint64{2}, []float64{1, 2}, quant.PerRun([]uint64{0, 1, 2}, []uint64{0, 2}), "run 1: channel 2 is not below"},
		{"NaN in runs", "uint8:channel:axis=0", []uint64{2}, []float64{1, 2, math.NaN()}, quant.PerRun([]uint64{0, 1, 3}, []uint64{1, 1}), "value 2 is NaN"},
		{"NaN in runs without ids", "uint8:channel:axis=0", []uint64{2}, []float64{1, 2, math.NaN()}, quant.PerRun([]uint64{0, 1, 3}, nil), "value 2 is NaN"},
		{"channels too many", "int8:channel:axis=0", []uint64{1 << 62}, []float64{1}, quant.PerValue([]uint64{0}, 1), "channels need more memory than the limit"},
	} {
		s := quant.MustParse(c.s)
		_, _, err := quant.Quantize(s, c.shape, c.vals, c.ch)
		if err == nil || !strings.Contains(err.Error(), c.reason) || !strings.Contains(err.Error(), s.String()) {
			t.Errorf("%s: %v, want an error naming %v and saying %q", c.name, err, s, c.reason)
		}
		// float32 input fails alike where it can hold the values.
		if c.name == "NaN" || c.name == "Inf in a block" {
			f := make([]float32, len(c.vals))
			for i, x := range c.vals {
				f[i] = float32(x)
			}
			if _, _, err := quant.Quantize(s, c.shape, f, c.ch); err == nil || !strings.Contains(err.Error(), c.reason) {
				t.Errorf("%s float32: %v", c.name, err)
			}
		}
	}
	if _, _, err := quant.Quantize(quant.Scheme{}, nil, []float32{1}, quant.Channels{}); err == nil {
		t.Error("no scheme: no error")
	}
}

func TestQuantizeToReuses(t *testing.T) {
	vals := normals(1000, 2, 1)
	for _, sp := range allSchemes {
		s := quant.MustParse(sp)
		var v quant.Values
		if _, err := quant.QuantizeTo(&v, s, nil, vals, quant.Channels{}); err != nil {
			t.Fatal(err)
		}
		first := slices.Clone(v.Codes)
		allocs := testing.AllocsPerRun(5, func() {
			if _, err := quant.QuantizeTo(&v, s, nil, vals, quant.Channels{}); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Errorf("%v: %v allocations quantizing again", s, allocs)
		}
		if string(first) != string(v.Codes) {
			t.Errorf("%v: quantizing again changed the codes", s)
		}
	}
	// From a larger scheme to a smaller and back: the result is the same
	// as into a fresh Values.
	var v quant.Values
	quant.QuantizeTo(&v, quant.MustParse("uint8:block=1"), nil, vals, quant.Channels{})
	quant.QuantizeTo(&v, quant.MustParse("int4:block=3"), nil, vals[:11], quant.Channels{})
	fresh, _, _ := quant.Quantize(quant.MustParse("int4:block=3"), nil, vals[:11], quant.Channels{})
	if string(v.Codes) != string(fresh.Codes) || !slices.Equal(v.Scale, fresh.Scale) || len(v.Zero) != 0 || len(v.Exp) != 0 {
		t.Errorf("reused: %+v, fresh: %+v", v, fresh)
	}
	if err := v.Validate(nil, quant.Loc{Layout: layout.TagCOO, First: 2}); err != nil {
		t.Error(err)
	}
}

func TestDequantizePanics(t *testing.T) {
	v, _, _ := quant.Quantize(quant.MustParse("int8:channel:axis=0"), []uint64{2, 2}, []float32{1, 2}, quant.PerValue([]uint64{0, 1}, 1))
	for name, f := range map[string]func(){
		"short dst":        func() { v.Dequantize(make([]float32, 1), quant.PerValue([]uint64{0, 1}, 1)) },
		"no channels":      func() { v.Dequantize(make([]float32, 2), quant.Channels{}) },
		"channel too big":  func() { v.Dequantize(make([]float32, 2), quant.PerValue([]uint64{0, 2}, 1)) },
		"At out of range":  func() { v.At(2, 0) },
		"At negative":      func() { v.At(-1, 0) },
		"At of no scheme":  func() { (&quant.Values{N: 1}).At(0, 0) },
		"bad run pointers": func() { v.Dequantize(make([]float32, 2), quant.PerRun([]uint64{0, 3}, nil)) },
	} {
		func() {
			defer func() {
				r := recover()
				if r == nil {
					t.Errorf("%s: no panic", name)
				} else if msg, ok := r.(string); !ok || !strings.HasPrefix(msg, "quant: ") {
					t.Errorf("%s: panic %v, want a message starting quant: ", name, r)
				}
			}()
			f()
		}()
	}
}

func TestReportString(t *testing.T) {
	r := quant.Report{N: 3, MaxAbsErr: 0.5, RMSErr: 0.25, BytesPerValue: 1.5}
	if got, want := r.String(), "3 values: max abs error 0.5, RMS error 0.25, 1.5 bytes a value"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
