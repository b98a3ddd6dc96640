package quant_test

import (
	"math"
	"testing"

	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// qloraNF4 is the NF4 code book as QLoRA's reference implementation
// (bitsandbytes) prints it, written out here independently of the package.
var qloraNF4 = [16]float64{
	-1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453,
	-0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0,
	0.07958029955625534, 0.16093020141124725, 0.24611230194568634, 0.33791524171829224,
	0.44070982933044434, 0.5626170039176941, 0.7229568362236023, 1.0,
}

// refE2M1 decodes an FP4 E2M1 code from its fields: sign bit 3, exponent
// bits 2..1 with bias 1, mantissa bit 0; exponent 0 is subnormal
// (m·2^-1·2^(1−1)).
func refE2M1(c uint8) float64 {
	s, e, m := c>>3&1, int(c>>1&3), float64(c&1)
	var v float64
	if e == 0 {
		v = m / 2 * math.Ldexp(1, 1-1)
	} else {
		v = (1 + m/2) * math.Ldexp(1, e-1)
	}
	if s == 1 {
		v = -v
	}
	return v
}

// refE4M3 decodes an FP8 E4M3 code from its fields: sign bit 7, exponent
// bits 6..3 with bias 7, mantissa bits 2..0; exponent 0 is subnormal
// (m/8·2^-6); S.1111.111 is NaN; there is no infinity.
func refE4M3(c uint8) float64 {
	s, e, m := c>>7, int(c>>3&15), float64(c&7)
	var v float64
	switch {
	case e == 15 && m == 7:
		return math.NaN()
	case e == 0:
		v = m / 8 * math.Ldexp(1, 1-7)
	default:
		v = (1 + m/8) * math.Ldexp(1, e-7)
	}
	if s == 1 {
		v = -v
	}
	return v
}

// same reports whether a float32 equals a float64 reference exactly, sign
// of zero included, with NaN equal to NaN.
func same(got float32, want float64) bool {
	if math.IsNaN(want) {
		return math.IsNaN(float64(got))
	}
	return float64(got) == want && math.Signbit(float64(got)) == math.Signbit(want)
}

func TestNF4Levels(t *testing.T) {
	levels := quant.NF4Levels()
	for q, want := range qloraNF4 {
		if got := levels[q]; got != float32(want) {
			t.Errorf("NF4 code %d: %v, want %v", q, got, float32(want))
		}
		// The printed constants are float32 values: no rounding hides here.
		if float64(float32(want)) != want {
			t.Errorf("NF4 constant %d, %v, is not a float32", q, want)
		}
	}
	// And At decodes each of the 16 codes as level·absmax.
	absmax := float32(0.75)
	for q := range 16 {
		v := quant.Values{Scheme: quant.MustParse("nf4:block=2"), N: 2, Codes: []byte{byte(q) | 7<<4}, Scale: []float32{absmax}}
		if err := v.Validate(nil, quant.Loc{Layout: layout.TagCOO, First: 2}); err != nil {
			t.Fatal(err)
		}
		if got, want := v.At(0, 0), float32(qloraNF4[q])*absmax; got != want {
			t.Errorf("nf4 At code %d: %v, want %v", q, got, want)
		}
		if got := v.At(1, 0); got != 0 {
			t.Errorf("nf4 At code 7: %v, want 0", got)
		}
	}
}

func TestE2M1Values(t *testing.T) {
	vals := quant.E2M1Values()
	for c := range 16 {
		if want := refE2M1(uint8(c)); !same(vals[c], want) {
			t.Errorf("E2M1 code %#x: %v, want %v", c, vals[c], want)
		}
	}
	// The eight magnitudes of OCP MX v1.0's table.
	for c, want := range []float64{0, 0.5, 1, 1.5, 2, 3, 4, 6} {
		if float64(vals[c]) != want || float64(vals[c|8]) != -want {
			t.Errorf("E2M1 code %d: %v and %v, want ±%v", c, vals[c], vals[c|8], want)
		}
	}
	if !math.Signbit(float64(vals[8])) {
		t.Error("E2M1 code 8 is not -0")
	}
}

func TestE4M3Values(t *testing.T) {
	vals := quant.E4M3Values()
	nans := 0
	for c := range 256 {
		want := refE4M3(uint8(c))
		if !same(vals[c], want) {
			t.Errorf("E4M3 code %#02x: %v, want %v", c, vals[c], want)
		}
		if quant.E4M3NaN(uint8(c)) != math.IsNaN(want) {
			t.Errorf("E4M3NaN(%#02x) = %v", c, quant.E4M3NaN(uint8(c)))
		}
		if math.IsNaN(want) {
			nans++
		}
		if math.IsInf(float64(vals[c]), 0) {
			t.Errorf("E4M3 code %#02x is infinite", c)
		}
	}
	if nans != 2 {
		t.Errorf("%d NaN codes, want 2 (0x7f, 0xff)", nans)
	}
	for _, c := range []struct {
		code uint8
		want float64
	}{
		{0x00, 0}, {0x80, math.Copysign(0, -1)}, {0x01, 0x1p-9}, {0x07, 7 * 0x1p-9}, {0x08, 0x1p-6},
		{0x38, 1}, {0x7E, 448}, {0xFE, -448}, {0x77, 240}, {0x78, 256},
	} {
		if !same(vals[c.code], c.want) {
			t.Errorf("E4M3 code %#02x: %v, want %v", c.code, vals[c.code], c.want)
		}
	}
}

func TestE8M0(t *testing.T) {
	for s := range 255 {
		want := math.Ldexp(1, s-127)
		if got := quant.E8M0(uint8(s)); float64(got) != want {
			t.Errorf("E8M0(%d) = %v, want 2^%d", s, got, s-127)
		}
	}
	if got := quant.E8M0(0); math.Float32bits(got) != 0x00400000 {
		t.Errorf("E8M0(0) bits %#x, want 0x00400000 (2^-127, subnormal)", math.Float32bits(got))
	}
	if quant.E8M0(127) != 1 || quant.E8M0(254) != 0x1p127 {
		t.Errorf("E8M0(127) = %v, E8M0(254) = %v", quant.E8M0(127), quant.E8M0(254))
	}
	if !math.IsNaN(float64(quant.E8M0(255))) {
		t.Errorf("E8M0(255) = %v, want NaN", quant.E8M0(255))
	}
}

// refDecode is the stored value of code q with parameters scale, zp (uint8)
// and exp (MX), from the reference decoders and the formula of each kind,
// computed in float64 and rounded once to float32.
func refDecode(k quant.Kind, q uint8, scale float32, zp, exp uint8) float32 {
	x := math.Ldexp(1, int(exp)-127)
	switch k {
	case quant.Int8:
		return float32(float64(int8(q)) * float64(scale))
	case quant.Uint8:
		return float32(float64(int(q)-int(zp)) * float64(scale))
	case quant.Int4:
		n := int(q & 15)
		if n >= 8 {
			n -= 16
		}
		return float32(float64(n) * float64(scale))
	case quant.NF4:
		return float32(float64(float32(qloraNF4[q])) * float64(scale))
	case quant.MXFP4:
		return float32(refE2M1(q) * x)
	case quant.MXFP8:
		return float32(refE4M3(q) * x)
	}
	panic("kind")
}

// TestAtEveryCode decodes every code of every kind through At and
// Dequantize, against refDecode, with parameters that make products round
// (and, for MX, the extreme scales).
func TestAtEveryCode(t *testing.T) {
	loc := quant.Loc{Layout: layout.TagCSR, First: 3}
	for _, c := range []struct {
		spelling string
		params   [][3]float64 // scale, zero point, E8M0
	}{
		{"int8:tensor", [][3]float64{{0.1}, {3e-39}, {1.7e38}}},
		{"uint8:tensor", [][3]float64{{0.1, 0}, {0.1, 255}, {0.37, 128}}},
		{"int4:block=16", [][3]float64{{0.1}, {1e-40}}},
		{"nf4:block=16", [][3]float64{{0.3}, {0}, {3e38}}},
		{"mxfp4", [][3]float64{{0, 0, 127}, {0, 0, 0}, {0, 0, 254}, {0, 0, 1}}},
		{"mxfp8", [][3]float64{{0, 0, 127}, {0, 0, 0}, {0, 0, 254}, {0, 0, 120}}},
	} {
		s := quant.MustParse(c.spelling)
		ncodes := 256
		if s.CodeBits() == 4 {
			ncodes = 16
		}
		for _, p := range c.params {
			for q := range ncodes {
				if s.Kind() == quant.MXFP8 && quant.E4M3NaN(uint8(q)) {
					continue
				}
				v := quant.Values{Scheme: s, N: 1, Codes: []byte{byte(q)}}
				switch s.Kind() {
				case quant.MXFP4, quant.MXFP8:
					v.Exp = []uint8{uint8(p[2])}
				case quant.Uint8:
					v.Scale, v.Zero = []float32{float32(p[0])}, []uint8{uint8(p[1])}
				default:
					v.Scale = []float32{float32(p[0])}
				}
				if err := v.Validate([]uint64{1, 1}, loc); err != nil {
					t.Fatalf("%v code %d %v: %v", s, q, p, err)
				}
				want := refDecode(s.Kind(), uint8(q), float32(p[0]), uint8(p[1]), uint8(p[2]))
				got := v.At(0, 0)
				if math.Float32bits(got) != math.Float32bits(want) {
					t.Errorf("%v code %#x params %v: At = %v, want %v", s, q, p, got, want)
				}
				dst := []float32{-1}
				v.Dequantize(dst, quant.Channels{})
				if math.Float32bits(dst[0]) != math.Float32bits(want) {
					t.Errorf("%v code %#x params %v: Dequantize = %v, want %v", s, q, p, dst[0], want)
				}
			}
		}
	}
}

func TestInt4MinusEight(t *testing.T) {
	// Codes 8 (-8) and 7, then 15 (-1) and a zero padding nibble.
	v := quant.Values{Scheme: quant.MustParse("int4:block=4"), N: 3, Codes: []byte{0x78, 0x0F}, Scale: []float32{0.5}}
	if err := v.Validate(nil, quant.Loc{Layout: layout.TagCOO, First: 2}); err != nil {
		t.Fatal(err)
	}
	for i, want := range []float32{-4, 3.5, -0.5} {
		if got := v.At(i, 0); got != want {
			t.Errorf("At(%d) = %v, want %v", i, got, want)
		}
	}
}

func TestInt8MinusOneTwentyEight(t *testing.T) {
	v := quant.Values{Scheme: quant.MustParse("int8:tensor"), N: 2, Codes: []byte{0x80, 0x7F}, Scale: []float32{2}}
	if err := v.Validate(nil, quant.Loc{Layout: layout.TagCOO, First: 2}); err != nil {
		t.Fatal(err)
	}
	if v.At(0, 0) != -256 || v.At(1, 0) != 254 {
		t.Errorf("At: %v %v, want -256 254", v.At(0, 0), v.At(1, 0))
	}
}

func TestUint8ZeroPoints(t *testing.T) {
	s := quant.MustParse("uint8:block=3")
	v := quant.Values{Scheme: s, N: 6, Codes: []byte{0, 128, 255, 0, 128, 255}, Scale: []float32{0.5, 0.25}, Zero: []uint8{0, 255}}
	if err := v.Validate(nil, quant.Loc{Layout: layout.TagCOO, First: 2}); err != nil {
		t.Fatal(err)
	}
	for i, want := range []float32{0, 64, 127.5, -63.75, -31.75, 0} {
		if got := v.At(i, 0); got != want {
			t.Errorf("At(%d) = %v, want %v", i, got, want)
		}
	}
}
