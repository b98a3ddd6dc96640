package quant

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/kernels/amd64"
)

// matchSchemes are the schemes QuantizeTo is compared with OldQuantizeTo
// on: every kind and granularity, block sizes that split bytes and runs
// unevenly.
var matchSchemes = []string{
	"int8:tensor", "int8:block=1", "int8:block=7", "int8:block=16", "int8:block=32", "int8:block=64", "int8:block=1000",
	"uint8:tensor", "uint8:block=1", "uint8:block=5", "uint8:block=16", "uint8:block=64",
	"int4:block=1", "int4:block=3", "int4:block=16", "int4:block=32", "int4:block=64",
	"nf4", "nf4:block=1", "nf4:block=5", "nf4:block=33", "nf4:block=256",
	"mxfp4", "mxfp8",
	"int8:channel:axis=0", "int8:channel:axis=1", "uint8:channel:axis=0", "uint8:channel:axis=1",
}

// edgeValues are float32 values where rounding and classification change:
// zeros of both signs, the subnormal and normal limits, the largest float32
// and their neighbours.
var edgeValues = []float64{
	0, math.Copysign(0, -1), 0x1p-149, -0x1p-149, 0x1p-126, -0x1p-126, 0x1.fffffcp-127,
	math.MaxFloat32, -math.MaxFloat32, 0x1.fffffcp127, 1, -1, 0.5, -0.5, 1.5, 2.5, -2.5,
	6, 448, 5, 3.5, 0.25, 0.75, 1.25, 1.75, 127, 127.5, -127.5, 7.5, 255,
}

// tieValues returns n float32 values that land often on exact halves of a
// scale: multiples of 2^-j (ties for every power-of-two scale), and k+½
// multiples of a scale with few mantissa bits, beside a group maximum that
// makes that scale.
func tieValues(rng *rand.Rand, n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		switch rng.IntN(4) {
		case 0:
			v[i] = float64(rng.IntN(4096)-2048) * math.Ldexp(1, -rng.IntN(12))
		case 1:
			s := float64(1+rng.IntN(15)) * math.Ldexp(1, rng.IntN(20)-10)
			v[i] = (float64(rng.IntN(255)-127) + 0.5) * s
		case 2:
			v[i] = edgeValues[rng.IntN(len(edgeValues))]
		default:
			v[i] = rng.NormFloat64() * math.Ldexp(1, rng.IntN(40)-20)
		}
		v[i] = float64(float32(v[i]))
	}
	return v
}

// nearTies returns n float32 values whose quotients by a scale s lie
// within 2^-12 of a half but (mostly) not on it, beside the group maxima
// 127·s and 7·s that make s the scale of int8 and int4 groups: where a
// quotient computed in float32 cannot tell the side of the half, and one
// in float64 can.
func nearTies(rng *rand.Rand, n int) []float64 {
	s := float64(1+rng.IntN(255)) * math.Ldexp(1, rng.IntN(40)-20)
	qhi := 127.0
	if rng.IntN(2) == 0 {
		qhi = 7
	}
	v := make([]float64, n)
	for i := range v {
		if i%7 == 0 {
			v[i] = qhi * s
			continue
		}
		k := float64(rng.IntN(2*int(qhi))) - qhi + 0.5
		d := math.Ldexp(1, -12-rng.IntN(30))
		if rng.IntN(2) == 0 {
			d = -d
		}
		v[i] = float64(float32((k + d) * s))
	}
	return v
}

// nf4Ties returns float64 values at and next to NF4 midpoints times an
// absmax, and the absmax itself, so that every group of them has it.
func nf4Ties(rng *rand.Rand, n int) []float64 {
	a := float64(float32(rng.Float64()*10 + 0.1))
	v := make([]float64, n)
	for i := range v {
		if i%5 == 0 {
			v[i] = a
			continue
		}
		m := nf4Mid[rng.IntN(15)] * a
		switch rng.IntN(3) {
		case 1:
			m = math.Nextafter(m, 2)
		case 2:
			m = math.Nextafter(m, -2)
		}
		v[i] = m
	}
	return v
}

// quantizeBoth quantizes vals with s by QuantizeTo and OldQuantizeTo, each
// into a Values that already holds other codes, and fails on any difference
// in the codes, the parameters, the report or the error.
func quantizeBoth[T Float](t *testing.T, name string, s Scheme, shape []uint64, vals []T, ch Channels) {
	t.Helper()
	junk := make([]T, len(vals)+17)
	for i := range junk {
		junk[i] = T(float32(i%13) - 6)
	}
	var got, want Values
	_, _ = QuantizeTo(&got, MustParse("int8:block=3"), nil, junk, Channels{})
	_, _ = OldQuantizeTo(&want, MustParse("int8:block=3"), nil, junk, Channels{})
	rg, eg := QuantizeTo(&got, s, shape, vals, ch)
	rw, ew := OldQuantizeTo(&want, s, shape, vals, ch)
	if fmt.Sprint(eg) != fmt.Sprint(ew) {
		t.Fatalf("%s %v: error %v, want %v", name, s, eg, ew)
	}
	if ew != nil {
		return
	}
	if rg.N != rw.N || rg.BytesPerValue != rw.BytesPerValue || rg.MaxAbsErr != rw.MaxAbsErr ||
		math.Abs(rg.RMSErr-rw.RMSErr) > 1e-12*rw.RMSErr {
		t.Fatalf("%s %v: report %+v, want %+v", name, s, rg, rw)
	}
	if got.Scheme != want.Scheme || got.N != want.N {
		t.Fatalf("%s %v: scheme %v n %d, want %v %d", name, s, got.Scheme, got.N, want.Scheme, want.N)
	}
	if i := firstDiff(got.Codes, want.Codes); i >= 0 {
		t.Fatalf("%s %v: %d code bytes, byte %d = %#x, want %d bytes, %#x", name, s, len(got.Codes), i, at(got.Codes, i), len(want.Codes), at(want.Codes, i))
	}
	bits := func(f []float32) []uint32 {
		b := make([]uint32, len(f))
		for i, x := range f {
			b[i] = math.Float32bits(x)
		}
		return b
	}
	if i := firstDiff(bits(got.Scale), bits(want.Scale)); i >= 0 {
		t.Fatalf("%s %v: scale %d = %v, want %v", name, s, i, at(got.Scale, i), at(want.Scale, i))
	}
	if i := firstDiff(got.Zero, want.Zero); i >= 0 {
		t.Fatalf("%s %v: zero point %d = %v, want %v", name, s, i, at(got.Zero, i), at(want.Zero, i))
	}
	if i := firstDiff(got.Exp, want.Exp); i >= 0 {
		t.Fatalf("%s %v: exponent %d = %v, want %v", name, s, i, at(got.Exp, i), at(want.Exp, i))
	}
}

// firstDiff returns the first index where a and b differ, counting a
// length difference, or -1.
func firstDiff[E comparable](a, b []E) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

// at returns s[i], or the zero value past its end.
func at[E any](s []E, i int) E {
	var z E
	if i < len(s) {
		return s[i]
	}
	return z
}

// quantizeBothShapes runs quantizeBoth on vals laid out as a rows × cols
// CSR-like matrix of len(vals) stored values: channel schemes get the rows
// as runs (axis 0) or per-value column ids (axis 1).
func quantizeBothShapes[T Float](t *testing.T, name string, rng *rand.Rand, vals []T) {
	t.Helper()
	n := len(vals)
	rows := 1 + rng.IntN(9)
	cols := uint64(1 + n)
	rowPtr := make([]uint64, rows+1)
	for r := 1; r < rows; r++ {
		rowPtr[r] = uint64(rng.IntN(n + 1))
	}
	rowPtr[rows] = uint64(n)
	slices.Sort(rowPtr)
	colIdx := make([]uint64, n)
	for i := range colIdx {
		colIdx[i] = uint64(rng.IntN(int(cols)))
	}
	shape := []uint64{uint64(rows), cols}
	for _, sp := range matchSchemes {
		s := MustParse(sp)
		var ch Channels
		if s.Granularity() == PerChannel {
			if s.Axis() == 0 {
				ch = PerRun(rowPtr, nil)
			} else {
				ch = PerValue(colIdx, 1)
			}
		}
		quantizeBoth(t, name, s, shape, vals, ch)
		if s.Granularity() == PerChannel && s.Axis() == 0 {
			// The same rows as per-value ids, and as runs with ids.
			ids := make([]uint64, n)
			for r := range rows {
				for i := rowPtr[r]; i < rowPtr[r+1]; i++ {
					ids[i] = uint64(r)
				}
			}
			quantizeBoth(t, name+" per value", s, shape, vals, PerValue(ids, 1))
			rid := make([]uint64, rows)
			for r := range rid {
				rid[r] = uint64(rows - 1 - r)
			}
			quantizeBoth(t, name+" runs with ids", s, shape, vals, PerRun(rowPtr, rid))
		}
	}
}

func TestQuantizeMatchesOld(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 7))
	lengths := []int{0, 1, 2, 3, 5, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 255, 256, 257, 1000, 4099}
	iters := 12
	if testing.Short() {
		iters = 3
	}
	for it := range iters {
		for _, n := range lengths {
			var gens = map[string]func() []float64{
				"normal": func() []float64 {
					v := make([]float64, n)
					sigma := math.Ldexp(1, rng.IntN(60)-30)
					for i := range v {
						v[i] = float64(float32(sigma * rng.NormFloat64()))
					}
					return v
				},
				"ties":      func() []float64 { return tieValues(rng, n) },
				"nf4 ties":  func() []float64 { return nf4Ties(rng, n) },
				"positive":  func() []float64 { v := tieValues(rng, n); abs(v); return v },
				"edges":     func() []float64 { return edgeMix(rng, n) },
				"zeros":     func() []float64 { return make([]float64, n) },
				"bad value": func() []float64 { return badMix(rng, n) },
				"near ties": func() []float64 { return nearTies(rng, n) },
				"subnormal": func() []float64 {
					// Groups whose scales are float32 subnormals or
					// near them, and MX blocks of the smallest exponent.
					v := make([]float64, n)
					e := -118 - rng.IntN(32)
					for i := range v {
						v[i] = float64(float32((rng.Float64()*2 - 1) * math.Ldexp(1, e-rng.IntN(8))))
					}
					return v
				},
				"tiny": func() []float64 {
					// Below and among the float32 subnormals, as float64.
					v := make([]float64, n)
					for i := range v {
						v[i] = (rng.Float64()*2 - 1) * math.Ldexp(1, -140-rng.IntN(20))
					}
					return v
				},
			}
			for _, g := range []string{"normal", "ties", "near ties", "nf4 ties", "positive", "edges", "zeros", "bad value", "subnormal", "tiny"} {
				v64 := gens[g]()
				name := fmt.Sprintf("%s n=%d it=%d", g, n, it)
				if g != "tiny" {
					v32 := make([]float32, n)
					for i, x := range v64 {
						v32[i] = float32(x)
					}
					quantizeBothShapes(t, name+" float32", rng, v32)
				}
				quantizeBothShapes(t, name+" float64", rng, v64)
			}
		}
	}
}

// abs makes every value of v non-negative.
func abs(v []float64) {
	for i := range v {
		v[i] = math.Abs(v[i])
	}
}

// edgeMix returns n values drawn from edgeValues and their float32
// neighbours, with sign flips.
func edgeMix(rng *rand.Rand, n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		x := float32(edgeValues[rng.IntN(len(edgeValues))])
		switch rng.IntN(4) {
		case 1:
			x = math.Nextafter32(x, float32(math.Inf(1)))
		case 2:
			x = math.Nextafter32(x, float32(math.Inf(-1)))
		case 3:
			x = -x
		}
		if math.IsInf(float64(x), 0) {
			x = math.MaxFloat32
		}
		v[i] = float64(x)
	}
	return v
}

// badMix returns n normal values of which one or two are NaN, ±Inf, or,
// as float64, beyond the float32 range.
func badMix(rng *rand.Rand, n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = float64(float32(rng.NormFloat64()))
	}
	if n == 0 {
		return v
	}
	bad := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e39, -1e300, 0x1.fffffe1p127}
	for range 1 + rng.IntN(2) {
		v[rng.IntN(n)] = bad[rng.IntN(len(bad))]
	}
	return v
}

// QuantizeMatchesOld is quantizeBoth for the external tests: the fuzz
// targets check QuantizeTo against OldQuantizeTo bit for bit with it.
func QuantizeMatchesOld[T Float](t *testing.T, name string, s Scheme, shape []uint64, vals []T, ch Channels) {
	t.Helper()
	quantizeBoth(t, name, s, shape, vals, ch)
}

// TestUint8Params checks uint8Params against intParams on spans of every
// scale: float32 subnormal, normal and near the top of the range, with
// ties of the zero point.
func TestUint8Params(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 8))
	f32 := func(x float64) float64 { return float64(float32(x)) }
	for i := range 200000 {
		e := rng.IntN(280) - 150
		lo := -f32(rng.Float64() * math.Ldexp(1, e))
		hi := f32(rng.Float64() * math.Ldexp(1, e+rng.IntN(5)-2))
		switch i % 5 {
		case 1:
			lo = 0
		case 2:
			hi = 0
		case 3:
			// lo an exact half of a scale: a zero point tie.
			s := float64(float32((hi + 255*rng.Float64()*hi) / 255))
			lo = -f32((float64(rng.IntN(255)) + 0.5) * s)
		}
		lo, hi = max(lo, -math.MaxFloat32), min(hi, math.MaxFloat32)
		s, zp, inv := uint8Params(lo, hi)
		p := intParams(Uint8, lo, hi)
		if math.Float32bits(s) != math.Float32bits(p.s32) || zp != p.zp || inv != p.inv {
			t.Fatalf("span [%v, %v]: %v %d %v, want %v %d %v", lo, hi, s, zp, inv, p.s32, p.zp, p.inv)
		}
	}
}

// magnitudeBits returns the float32 bits of n largest magnitudes for the
// scale kernels' tests of iteration it, specials among them: with r drawn
// from 0..39 a value, zero for r == 0 on even iterations, +Inf for r == 1
// and NaN for r == 2 on every fifth one, else other(r).
func magnitudeBits(rng *rand.Rand, it, n int, other func(r int) float32) []uint64 {
	bits := make([]uint64, n)
	for i := range bits {
		var a float32
		switch r := rng.IntN(40); {
		case r == 0 && it%2 == 0:
			a = 0
		case r == 1 && it%5 == 0:
			a = float32(math.Inf(1))
		case r == 2 && it%5 == 0:
			a = float32(math.NaN())
		default:
			a = other(r)
		}
		bits[i] = uint64(math.Float32bits(a))
	}
	return bits
}

// TestSymScalesKernel checks SymScalesAVX512 against symScale on the
// bits of largest magnitudes of every size, zero and non-finite ones among
// them: each group it sets has symScale's scale, 1/s and s, and it stops
// exactly before the first eight groups that hold one symScale must
// adjust (or one not finite), or fewer than eight. TestMXScalesKernel and
// TestNF4ScalesKernel are its deliberate twins for the MX and NF4 scales
// kernels.
func TestSymScalesKernel(t *testing.T) {
	if !amd64.HasAVX512 {
		t.Skip("no AVX-512 kernels")
	}
	rng := rand.New(rand.NewPCG(39, 9))
	for it := range 3000 {
		n := rng.IntN(70)
		bits := magnitudeBits(rng, it, n, func(r int) float32 {
			switch {
			case r == 3 && it%3 == 0:
				return float32(math.Ldexp(1+rng.Float64(), -rng.IntN(30)-110))
			case r == 4 && it%3 == 0:
				return float32(math.Ldexp(1+rng.Float64(), 120+rng.IntN(8)))
			}
			return float32(math.Ldexp(1+rng.Float64(), rng.IntN(200)-100))
		})
		for _, qhi := range []int{127, 7} {
			scale := make([]float32, n)
			gpar := make([]float64, 3*n)
			got := amd64.SymScalesAVX512(scale, gpar, bits, float64(qhi))
			want := 0
			for ; want+8 <= n; want += 8 {
				ok := true
				for _, m := range bits[want : want+8] {
					a := float64(math.Float32frombits(uint32(m)))
					s := float32(a / float64(qhi))
					if !(a <= math.MaxFloat32) || s != symScale(a, qhi) || !(s >= 0x1p-126 && s <= 0x1p120) {
						ok = false
					}
				}
				if !ok {
					break
				}
			}
			if got != want {
				t.Fatalf("it %d qhi %d: set %d groups, want %d", it, qhi, got, want)
			}
			for i := range got {
				a := float64(math.Float32frombits(uint32(bits[i])))
				s := symScale(a, qhi)
				if math.Float32bits(scale[i]) != math.Float32bits(s) || gpar[3*i] != 1/float64(s) || gpar[3*i+1] != float64(s) || gpar[3*i+2] != 0 {
					t.Fatalf("it %d qhi %d group %d (a %v): %v %v, want %v %v", it, qhi, i, a, scale[i], gpar[3*i:3*i+3], s, []float64{1 / float64(s), float64(s), 0})
				}
			}
		}
	}
}

// TestMXScalesKernel checks MXScalesAVX512 against mxScale for both
// element types on the bits of largest magnitudes of every size: zero,
// subnormal, the exponent clamps and non-finite ones among them: the
// deliberate twin of TestSymScalesKernel.
func TestMXScalesKernel(t *testing.T) {
	if !amd64.HasAVX512 {
		t.Skip("no AVX-512 kernels")
	}
	rng := rand.New(rand.NewPCG(39, 10))
	for it := range 3000 {
		n := rng.IntN(70)
		bits := magnitudeBits(rng, it, n, func(r int) float32 {
			if r == 3 && it%2 == 0 {
				return math.Float32frombits(uint32(1 + rng.IntN(1<<23-1))) // subnormal
			}
			return math.Float32frombits(uint32(rng.IntN(0x7F800000)))
		})
		for _, emax := range []int{2, 8} {
			exp := make([]uint8, n)
			gpar := make([]float64, 3*n)
			got := amd64.MXScalesAVX512(exp, gpar, bits, emax)
			want := 0
			for ; want+8 <= n; want += 8 {
				if slices.ContainsFunc(bits[want:want+8], func(m uint64) bool { return m >= 0x7F800000 }) {
					break
				}
			}
			if got != want {
				t.Fatalf("it %d emax %d: set %d groups, want %d", it, emax, got, want)
			}
			for i := range got {
				a := float64(math.Float32frombits(uint32(bits[i])))
				x := mxScale(a, emax)
				if exp[i] != x || gpar[3*i] != pow2(127-int(x)) || gpar[3*i+1] != float64(E8M0(x)) || gpar[3*i+2] != 0 {
					t.Fatalf("it %d emax %d group %d (a %v): %d %v, want %d", it, emax, i, a, exp[i], gpar[3*i:3*i+3], x)
				}
			}
		}
	}
}

// TestEncoderErrorsExact runs the encoder kernels on groups of 16 copies
// of one value, so that the largest squared error they report is that
// value's, and compares it bit for bit with the Go encoders' error of the
// value: the kernels take d = x − v in float32, exact only because v lies
// within a factor of 2 of x (or is 0). The values and groups span every
// scale, ties and near ties of the rounding, the clamped and saturated
// ends and the float32 subnormals.
func TestEncoderErrorsExact(t *testing.T) {
	if !amd64.HasAVX512 {
		t.Skip("no AVX-512 kernels")
	}
	rng := rand.New(rand.NewPCG(39, 11))
	f32 := func(x float64) float64 { return float64(float32(x)) }
	// value returns a float32 value in [lo, hi]: an end, a near tie of
	// step, or uniform.
	value := func(lo, hi, step float64) float64 {
		switch rng.IntN(6) {
		case 0:
			return lo
		case 1:
			return hi
		case 2:
			k := math.Round((lo + rng.Float64()*(hi-lo)) / step)
			x := f32((k + 0.5) * step)
			for range rng.IntN(3) {
				x = float64(math.Nextafter32(float32(x), float32(math.Inf(2*rng.IntN(2)-1))))
			}
			return min(max(x, lo), hi)
		default:
			return f32(lo + rng.Float64()*(hi-lo))
		}
	}
	vals := make([]float32, kernelStep)
	codes := make([]byte, kernelStep)
	check := func(what string, x float64, kern encKernel, gpar []float64, par encPar, goEnc func(e *errAcc)) {
		t.Helper()
		for i := range vals {
			vals[i] = float32(x)
		}
		var e errAcc
		goEnc(&e)
		if n := kern.call(codes, vals, gpar, kernelStep, kernelStep, par[:]); n == 0 {
			return // a quotient near a half: Go settles it
		}
		if par[1] != e.max*e.max {
			t.Fatalf("%s x %v: largest d*d %v, want %v", what, x, par[1], e.max*e.max)
		}
	}
	scale := func() float64 { return math.Ldexp(1+rng.Float64(), rng.IntN(280)-150) }
	for range 20000 {
		// Integers: a uint8 span or a symmetric int8 or int4 group.
		lo, hi := -f32(min(scale(), math.MaxFloat32)), f32(min(scale(), math.MaxFloat32))
		switch rng.IntN(3) {
		case 0:
			p := intParams(Uint8, lo, hi)
			x := value(lo, hi, p.s)
			check("uint8", x, encInts, []float64{p.inv, p.s, float64(p.zp)}, intsPar(0, 255), func(e *errAcc) {
				encodeIntsGo(vals, codes, &p, e)
			})
		default:
			qhi := 127
			if rng.IntN(2) == 0 {
				qhi = 7
			}
			p := symGroup(symScale(hi, qhi), qhi)
			x := value(-hi, hi, p.s)
			check("int", x, encInts, []float64{p.inv, p.s, 0}, intsPar(-qhi, qhi), func(e *errAcc) {
				encodeIntsGo(vals, codes, &p, e)
			})
		}
		// NF4: a group of largest magnitude a, values at and near the
		// midpoints times a.
		a := float32(hi)
		x := value(-hi, hi, hi/8)
		if rng.IntN(2) == 0 {
			m := nf4Mid[rng.IntN(15)] * hi
			x = float64(math.Nextafter32(float32(m), float32(math.Inf(2*rng.IntN(2)-1))))
			x = min(max(x, -hi), hi)
		}
		check("nf4", x, encNF4, []float64{hi, 0, 0}, nf4Par, func(e *errAcc) {
			encodeNF4(vals, codes, a, e)
		})
		// MX: a block of largest magnitude hi, both element types.
		for _, fp8 := range []bool{false, true} {
			emax, tab, par, kern := 2, &e2m1Table, e2m1Par, encE2M1
			if fp8 {
				emax, tab, par, kern = 8, &e4m3Table, e4m3Par, encE4M3
			}
			xs := mxScale(hi, emax)
			step := math.Ldexp(1, int(xs)-127-3)
			x := value(-hi, hi, step)
			check("mx", x, kern, []float64{pow2(127 - int(xs)), float64(E8M0(xs)), 0}, par, func(e *errAcc) {
				encodeMX(vals, codes, xs, tab, e)
			})
		}
	}
}

// TestNF4BinCodes checks what the NF4 kernel's bins rest on: every bin
// lies within 0..31, and the midpoint after the ones its entry counts lies
// more than the bin and its margins above the bin's start, so that a value
// of the bin lies below it.
func TestNF4BinCodes(t *testing.T) {
	if 2*nf4BinScale >= float64(len(nf4BinCodes)) {
		t.Fatalf("2K = %v reaches past the %d bins", 2*nf4BinScale, len(nf4BinCodes))
	}
	for i, c := range nf4BinCodes {
		for k, m := range nf4Mid[:15] {
			u := (m + 1) * nf4BinScale
			if k < int(c) && u >= float64(i)-nf4BinMargin {
				t.Errorf("bin %d counts midpoint %d at %v", i, k, u)
			}
			if k == int(c)+1 && u < float64(i+1)+nf4BinMargin {
				t.Errorf("bin %d: midpoint %d at %v, within the bin", i, k, u)
			}
		}
	}
}

// TestNF4BinEdges quantizes blocks whose values lie at and next to the
// edges of the NF4 kernel's bins, and at the midpoints, for many largest
// magnitudes, and compares the codes with OldQuantizeTo's.
func TestNF4BinEdges(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 13))
	const b = 64
	vals := make([]float32, 64*b)
	for it := range 20 {
		for g := 0; g < len(vals); g += b {
			a := float32(math.Ldexp(1+rng.Float64(), rng.IntN(250)-122))
			blk := vals[g : g+b]
			blk[0] = a
			if rng.IntN(2) == 0 {
				blk[0] = -a
			}
			for j := 1; j < b; j++ {
				var r float64
				if rng.IntN(2) == 0 {
					r = float64(rng.IntN(33))/nf4BinScale - 1
				} else {
					r = nf4Mid[rng.IntN(15)]
				}
				x := float32(r * float64(a))
				for range rng.IntN(3) {
					x = math.Nextafter32(x, float32(math.Inf(2*rng.IntN(2)-1)))
				}
				blk[j] = min(max(x, -a), a)
			}
		}
		quantizeBoth(t, fmt.Sprintf("nf4 bin edges it=%d", it), MustParse("nf4:block=64"), nil, vals, Channels{})
	}
}

// TestAbsMax32Kernel compares AbsMax32AVX512 with its definition on random
// bits (NaN and infinities among them), for group sizes and counts that
// take its walk of 16 groups at a time, the single groups after it, and
// the stops at the end of dst or of the values.
func TestAbsMax32Kernel(t *testing.T) {
	if !amd64.HasAVX512 {
		t.Skip("no AVX-512 kernels")
	}
	rng := rand.New(rand.NewPCG(39, 17))
	for it := range 300 {
		b := 16 * (1 + rng.IntN(5))
		vals := make([]float32, rng.IntN(40*b+1))
		for i := range vals {
			vals[i] = math.Float32frombits(rng.Uint32())
			if rng.IntN(2) == 0 {
				vals[i] = float32(rng.NormFloat64())
			}
		}
		dst := make([]uint64, rng.IntN(41))
		n := amd64.AbsMax32AVX512(dst, vals, b)
		want := min(len(dst), len(vals)/b)
		if n != want {
			t.Fatalf("it %d b %d: %d groups, want %d", it, b, n, want)
		}
		for g := range n {
			m := uint64(0)
			for _, v := range vals[g*b : (g+1)*b] {
				m = max(m, uint64(math.Float32bits(v)&(1<<31-1)))
			}
			if dst[g] != m {
				t.Fatalf("it %d b %d group %d: %#x, want %#x", it, b, g, dst[g], m)
			}
		}
	}
}

// TestNF4ScalesKernel checks NF4ScalesAVX512 on the bits of largest
// magnitudes of every size, zero and non-finite ones among them: each
// group it sets has its largest magnitude as scale and as gpar (1 for 0),
// and it stops exactly before the first eight groups that hold a
// non-finite one, or fewer than eight: a deliberate twin of
// TestSymScalesKernel.
func TestNF4ScalesKernel(t *testing.T) {
	if !amd64.HasAVX512 {
		t.Skip("no AVX-512 kernels")
	}
	rng := rand.New(rand.NewPCG(39, 15))
	for it := range 3000 {
		n := rng.IntN(70)
		bits := magnitudeBits(rng, it, n, func(int) float32 { return math.Float32frombits(uint32(rng.IntN(0x7F800000))) })
		scale := make([]float32, n)
		gpar := make([]float64, 3*n)
		got := amd64.NF4ScalesAVX512(scale, gpar, bits)
		want := 0
		for want+8 <= n && !slices.ContainsFunc(bits[want:want+8], func(m uint64) bool { return m >= 0x7F800000 }) {
			want += 8
		}
		if got != want {
			t.Fatalf("it %d: set %d groups, want %d", it, got, want)
		}
		for i := range got {
			a := math.Float32frombits(uint32(bits[i]))
			g := float64(a)
			if a == 0 {
				g = 1
			}
			if math.Float32bits(scale[i]) != uint32(bits[i]) || gpar[3*i] != g || gpar[3*i+1] != 0 || gpar[3*i+2] != 0 {
				t.Fatalf("it %d group %d (a %v): %v %v", it, i, a, scale[i], gpar[3*i:3*i+3])
			}
		}
	}
}
