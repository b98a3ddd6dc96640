package quant

import "math"

// nf4Levels are the 16 NormalFloat4 levels of QLoRA (Dettmers et al., 2023),
// as float32: the values bitsandbytes decodes NF4 codes to.
var nf4Levels = [16]float32{
	-1.0,
	-0.6961928009986877,
	-0.5250730514526367,
	-0.39491748809814453,
	-0.28444138169288635,
	-0.18477343022823334,
	-0.09105003625154495,
	0.0,
	0.07958029955625534,
	0.16093020141124725,
	0.24611230194568634,
	0.33791524171829224,
	0.44070982933044434,
	0.5626170039176941,
	0.7229568362236023,
	1.0,
}

// e2m1Values decodes FP4 E2M1 (OCP MX v1.0: sign bit 3, exponent bits 2..1
// with bias 1, mantissa bit 0, no infinities or NaN).
var e2m1Values = [16]float32{
	0, 0.5, 1, 1.5, 2, 3, 4, 6,
	float32(math.Copysign(0, -1)), -0.5, -1, -1.5, -2, -3, -4, -6,
}

// e4m3Values decodes FP8 E4M3 (OCP OFP8: sign bit 7, exponent bits 6..3 with
// bias 7, mantissa bits 2..0; S.1111.111 is NaN, there are no infinities),
// built from the bits of the float32 each code equals.
var e4m3Values = func() (t [256]float32) {
	for c := range 256 {
		e, m := uint32(c>>3&15), uint32(c&7)
		var bits uint32
		switch {
		case e == 15 && m == 7:
			bits = 0x7FC00000 // quiet NaN
		case e == 0:
			// m/8 · 2^-6 = m · 2^-9: a float32 with m's value scaled.
			bits = math.Float32bits(float32(m) * (1.0 / 512))
		default:
			bits = (e-7+127)<<23 | m<<20
		}
		t[c] = math.Float32frombits(bits | uint32(c>>7)<<31)
	}
	return t
}()

// NF4Levels returns the 16 NF4 levels in code order: code q decodes to
// NF4Levels()[q]·absmax. Level 7 is 0, level 0 is -1 and level 15 is 1.
func NF4Levels() [16]float32 { return nf4Levels }

// E2M1Values returns the value of every FP4 E2M1 code (OCP MX v1.0): codes
// 0..7 are 0, 0.5, 1, 1.5, 2, 3, 4, 6, and codes 8..15 their negatives (code
// 8 is -0). E2M1 has no infinity or NaN.
func E2M1Values() [16]float32 { return e2m1Values }

// E4M3Values returns the value of every FP8 E4M3 code (OCP OFP8, as OCP MX
// v1.0 uses it): bias 7, subnormals m·2^-9, largest magnitude 448 (0x7E), no
// infinities. The two NaN codes, 0x7F and 0xFF (S.1111.111), hold NaN;
// E4M3NaN reports them.
func E4M3Values() [256]float32 { return e4m3Values }

// E4M3NaN reports whether c is one of E4M3's NaN codes, 0x7F and 0xFF.
func E4M3NaN(c uint8) bool { return c&0x7F == 0x7F }

// E8M0 returns the value of an E8M0 shared scale, 2^(s−127) as float32
// (exact: 2^-127 for s = 0 is a float32 subnormal, 2^127 for s = 254), and
// NaN for s = 0xFF.
func E8M0(s uint8) float32 {
	switch s {
	case 0xFF:
		return float32(math.NaN())
	case 0:
		return math.Float32frombits(1 << 22) // 2^-127
	}
	return math.Float32frombits(uint32(s) << 23)
}
