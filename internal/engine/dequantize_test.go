package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hurray-format/hurray-go/quant"
)

// qSchemes are the schemes the quantized tests run: every kind, every
// granularity, block sizes below, at and above the vector widths, odd ones.
var qSchemes = []string{
	"int8:tensor", "int8:channel:axis=0", "int8:channel:axis=1", "int8:block=64", "int8:block=5", "int8:block=17",
	"uint8:tensor", "uint8:channel:axis=0", "uint8:channel:axis=1", "uint8:block=32", "uint8:block=3", "uint8:block=24",
	"int4:block=32", "int4:block=7", "int4:block=16",
	"nf4:block=64", "nf4:block=9", "nf4:block=8",
	"mxfp4", "mxfp8",
}

// randQValues returns n stored values of scheme s with random codes and
// parameters, every code of the kind cycling through the values (a random
// start), channels groups for a channel scheme. Scales span subnormals to
// large magnitudes; E8M0 scales include 0 (2^-127) and 254.
func randQValues(rng *rand.Rand, s quant.Scheme, n, channels int) quant.Values {
	v := quant.Values{Scheme: s, N: n, Codes: make([]byte, s.CodeBytes(n))}
	groups := 1
	switch s.Granularity() {
	case quant.PerChannel:
		groups = channels
	case quant.PerBlock:
		groups = (n + s.BlockSize() - 1) / s.BlockSize()
	}
	codes := 256
	if s.CodeBits() == 4 {
		codes = 16
	}
	start := rng.IntN(codes)
	for i := range n {
		c := byte((start + i*7) % codes)
		if rng.IntN(4) == 0 {
			c = byte(rng.IntN(codes))
		}
		if s.Kind() == quant.MXFP8 && quant.E4M3NaN(c) {
			c &^= 1
		}
		if s.CodeBits() == 4 {
			v.Codes[i/2] |= c << (4 * (i & 1))
		} else {
			v.Codes[i] = c
		}
	}
	scale := func() float32 {
		switch rng.IntN(8) {
		case 0:
			return math.Float32frombits(uint32(1 + rng.IntN(1<<23))) // subnormal
		case 1:
			return float32(math.Ldexp(1+rng.Float64(), 60+rng.IntN(50)))
		}
		return float32(math.Ldexp(0.5+rng.Float64(), -rng.IntN(20)))
	}
	switch s.Kind() {
	case quant.MXFP4, quant.MXFP8:
		v.Exp = make([]uint8, groups)
		for g := range v.Exp {
			switch rng.IntN(6) {
			case 0:
				v.Exp[g] = 0
			case 1:
				v.Exp[g] = 254
			default:
				v.Exp[g] = uint8(100 + rng.IntN(60))
			}
		}
	default:
		v.Scale = make([]float32, groups)
		for g := range v.Scale {
			v.Scale[g] = scale()
		}
		if s.Kind() == quant.NF4 && groups > 0 {
			v.Scale[rng.IntN(groups)] = 0
		}
		if s.Kind() == quant.Uint8 {
			v.Zero = make([]uint8, groups)
			for g := range v.Zero {
				v.Zero[g] = uint8(rng.IntN(256))
			}
		}
	}
	return v
}

// qShape returns a rank-2 shape for channel tests: the channel axis has
// channels entries.
func qShape(s quant.Scheme, n, channels int) []uint64 {
	shape := []uint64{uint64(max(n, 1)), uint64(max(n, 1))}
	if a := s.Axis(); a >= 0 {
		shape[a] = uint64(channels)
	}
	return shape
}

// randRuns returns run pointers over n values (some runs empty), for
// per-run channels.
func randRuns(rng *rand.Rand, n, maxRun int) []uint64 {
	ptr := []uint64{0}
	for ptr[len(ptr)-1] < uint64(n) {
		step := uint64(rng.IntN(maxRun + 1))
		if rng.IntN(5) == 0 {
			step = 0
		}
		ptr = append(ptr, min(uint64(n), ptr[len(ptr)-1]+step))
	}
	return ptr
}

// qChannels returns engine and quant channel descriptions for n values of
// a channel scheme (per run for axis 0, per value with a stride of 2 for
// axis 1: COO-like coordinates), and the channel count.
func qChannels(rng *rand.Rand, s quant.Scheme, n int) (Channels, quant.Channels, int) {
	switch s.Axis() {
	case 0:
		ptr := randRuns(rng, n, 1+rng.IntN(70))
		runs := len(ptr) - 1
		if rng.IntN(2) == 0 {
			id := make([]uint64, runs)
			for r := range id {
				id[r] = uint64(rng.IntN(5))
			}
			return PerRun(ptr, id), quant.PerRun(ptr, id), 5
		}
		return PerRun(ptr, nil), quant.PerRun(ptr, nil), max(runs, 1)
	case 1:
		chn := 1 + rng.IntN(40)
		coords := make([]uint64, 2*n)
		for i := range n {
			coords[2*i] = uint64(rng.IntN(1000))
			coords[2*i+1] = uint64(rng.IntN(chn))
		}
		return PerValue(coords[1:], 2), quant.PerValue(coords[1:], 2), chn
	}
	return Channels{}, quant.Channels{}, 1
}

// TestDequantizeEveryCode decodes every code of every kind at every
// supported parameter on every path and compares with quant's At, bit for
// bit.
func TestDequantizeEveryCode(t *testing.T) {
	forEachTier(t, dequantize, func(t *testing.T, impl, _ dequantizeFunc) {
		for _, spelling := range qSchemes {
			s := quant.MustParse(spelling)
			if s.Granularity() == quant.PerChannel {
				continue // TestDequantize covers them
			}
			rng := rand.New(rand.NewPCG(1, 2))
			n := 512 + 3
			v := randQValues(rng, s, n, 1)
			// Every code once in the first 256 (or 16) values.
			for i := range min(n, 256) {
				c := byte(i)
				if s.Kind() == quant.MXFP8 && quant.E4M3NaN(c) {
					c = 0
				}
				if s.CodeBits() == 4 {
					v.Codes[i/2] = v.Codes[i/2]&^(15<<(4*(i&1))) | (c&15)<<(4*(i&1))
				} else {
					v.Codes[i] = c
				}
			}
			if n%2 == 1 && s.CodeBits() == 4 {
				v.Codes[len(v.Codes)-1] &= 15
			}
			if err := v.Validate(qShape(s, n, 1), quant.Loc{}); err != nil {
				t.Fatalf("%s: %v", spelling, err)
			}
			checkDecode(t, impl, &v, Channels{}, 0, n, spelling)
		}
	})
}

// checkDecode runs impl on values i0..i0+n-1 of v and compares the result,
// and the sentinels around it, with At.
func checkDecode(t *testing.T, impl dequantizeFunc, v *quant.Values, ch Channels, i0, n int, what string) {
	t.Helper()
	buf := make([]float32, n+8)
	for i := range buf {
		buf[i] = -7.25
	}
	dst := buf[3 : 3+n]
	s := getQScratch(v, ch)
	for lo := 0; lo < n; lo += qTile {
		hi := min(n, lo+qTile)
		s.hint = impl(dst[lo:hi], s, i0+lo, s.hint)
	}
	putQScratch(s)
	for i, g := range dst {
		want := v.At(i0+i, ch.channel(i0+i))
		if math.Float32bits(g) != math.Float32bits(want) {
			t.Fatalf("%s: i0=%d n=%d: value %d (code %#x): got %v (%#x), want %v (%#x)", what, i0, n, i0+i, qCode(v, i0+i), g, math.Float32bits(g), want, math.Float32bits(want))
		}
	}
	for i, g := range buf {
		if (i < 3 || i >= 3+n) && g != -7.25 {
			t.Fatalf("%s: i0=%d n=%d: wrote outside dst at %d", what, i0, n, i-3)
		}
	}
}

func qCode(v *quant.Values, i int) byte {
	if v.Scheme.CodeBits() == 4 {
		return v.Codes[i/2] >> (4 * (i & 1)) & 15
	}
	return v.Codes[i]
}

// TestDequantize runs every scheme at every start offset (odd nibbles
// included) and length up to four 16-lane vectors plus three, then longer
// runs crossing tiles, with per-run and per-value channels, on every path.
func TestDequantize(t *testing.T) {
	forEachTier(t, dequantize, func(t *testing.T, impl, _ dequantizeFunc) {
		for _, spelling := range qSchemes {
			s := quant.MustParse(spelling)
			rng := rand.New(rand.NewPCG(3, uint64(len(spelling))))
			n := 3*qTile + 77
			ch, _, chn := qChannels(rng, s, n)
			v := randQValues(rng, s, n, chn)
			if err := v.Validate(qShape(s, n, chn), quant.Loc{}); err != nil {
				t.Fatalf("%s: %v", spelling, err)
			}
			for i0 := range 5 {
				for m := 0; m <= 4*16+3; m++ {
					checkDecode(t, impl, &v, ch, i0, m, spelling)
				}
			}
			for range 20 {
				i0 := rng.IntN(n)
				checkDecode(t, impl, &v, ch, i0, rng.IntN(n-i0+1), spelling)
			}
			checkDecode(t, impl, &v, ch, 0, n, spelling)
		}
	})
}

// TestDequantizeEntry checks the exported entry point against quant's
// Dequantize and its panics.
func TestDequantizeEntry(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, spelling := range qSchemes {
		s := quant.MustParse(spelling)
		n := 1000
		ch, qch, chn := qChannels(rng, s, n)
		v := randQValues(rng, s, n, chn)
		want := make([]float32, n)
		v.Dequantize(want, qch)
		got := make([]float32, n)
		Dequantize(got, &v, 0, ch)
		for i := range got {
			if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
				t.Fatalf("%s: value %d: got %v, want %v", spelling, i, got[i], want[i])
			}
		}
		if s.Granularity() == quant.PerChannel {
			bad := ch
			if bad.Ptr != nil {
				bad.Ptr = bad.Ptr[:len(bad.Ptr)-1]
			} else {
				bad.Idx = bad.Idx[:len(bad.Idx)-2]
			}
			mustPanicQ(t, spelling+" short channels", func() { Dequantize(got, &v, 0, bad) })
		}
	}
	v := randQValues(rng, quant.MustParse("int8:block=4"), 10, 1)
	mustPanicQ(t, "past N", func() { Dequantize(make([]float32, 4), &v, 7, Channels{}) })
	mustPanicQ(t, "negative", func() { Dequantize(make([]float32, 4), &v, -1, Channels{}) })
	short := v
	short.Scale = short.Scale[:2]
	mustPanicQ(t, "short scales", func() { Dequantize(make([]float32, 4), &short, 0, Channels{}) })
	mustPanicQ(t, "no scheme", func() { Dequantize(nil, &quant.Values{}, 0, Channels{}) })
	cv := randQValues(rng, quant.MustParse("int8:channel:axis=1"), 4, 3)
	idx := []uint64{0, 1, 3, 2}
	mustPanicQ(t, "channel out of range", func() { Dequantize(make([]float32, 4), &cv, 0, PerValue(idx, 1)) })
}

func mustPanicQ(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s: no panic", what)
		}
	}()
	f()
}

func ExampleDequantize() {
	v := quant.Values{Scheme: quant.MustParse("int4:block=2"), N: 3, Codes: []byte{0x71, 0x08}, Scale: []float32{0.5, 2}}
	dst := make([]float32, 3)
	Dequantize(dst, &v, 0, Channels{})
	fmt.Println(dst)
	// Output: [0.5 3.5 -16]
}
