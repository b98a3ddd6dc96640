package quant

// OldQuantizeTo and its helpers quantize one value at a time in float64:
// the reference that QuantizeTo matches bit for bit (codes and parameters)
// in TestQuantizeMatchesOld, and the "old" side of BenchmarkQuantize.
//
// This file is a deliberate twin of the Go encoders of quantize.go (its
// helpers carry their names with an "old" prefix): it shares no code with
// them, so that a change to the encoders, the batching or the kernels that
// alters a code, a parameter or an error is caught by the comparison, not
// carried into the reference with it.

import (
	"errors"
	"fmt"
	"math"
	"unsafe"

	"github.com/hurray-format/hurray-go/internal/mem"
)

// OldQuantizeTo is the reference QuantizeTo: Quantize into dst, whose
// slices it overwrites, reusing their arrays where they are large enough: quantizing again into the same
// Values allocates nothing, except that channel schemes whose channels are
// not PerRun with nil ids allocate per-channel statistics. dst must not view
// buffers that are to be kept (FromBuffers aliases them). On error dst holds
// no valid result.
func OldQuantizeTo[T Float](dst *Values, s Scheme, shape []uint64, values []T, ch Channels) (Report, error) {
	if s.IsZero() {
		return Report{}, errors.New("quant: Quantize: no scheme")
	}
	n := len(values)
	groups, err := s.Groups(shape, n)
	if err != nil {
		return Report{}, err
	}
	if s.gran == PerChannel {
		// A channel's parameters (scale, zero point) and the two-pass
		// form's statistics (lo, hi, oldIntGroup).
		if !mem.Fits(uint64(groups), 4+1+16+uint64(unsafe.Sizeof(oldIntGroup{}))) {
			return Report{}, fmt.Errorf("quant: %v: %d channels need more memory than the limit of %d bytes (the machine's memory, or GOMEMLIMIT)", s, groups, mem.Limit())
		}
		if err := ch.check(n, groups, false); err != nil {
			return Report{}, fmt.Errorf("quant: %v: %v", s, err)
		}
	}
	dst.Scheme, dst.N = s, n
	dst.Codes = oldResize(dst.Codes, s.CodeBytes(n))
	dst.Scale, dst.Zero, dst.Exp = dst.Scale[:0], dst.Zero[:0], dst.Exp[:0]
	switch s.kind {
	case Uint8:
		dst.Zero = oldResize(dst.Zero, groups)
		fallthrough
	case Int8, Int4, NF4:
		dst.Scale = oldResize(dst.Scale, groups)
	default:
		dst.Exp = oldResize(dst.Exp, groups)
	}

	var e oldErrAcc
	bad := -1
	switch s.gran {
	case PerTensor:
		bad = oldQuantizeSeg(dst, values, 0, 0, &e)
	case PerBlock:
		b := int(s.param)
		for g, lo := 0, 0; lo < n && bad < 0; g, lo = g+1, lo+b {
			if bad = oldQuantizeSeg(dst, values[lo:min(lo+b, n)], lo, g, &e); bad >= 0 {
				bad += lo
			}
		}
	case PerChannel:
		if ch.ptr != nil && ch.id == nil {
			// One run per channel: each run is a group, read once.
			runs := len(ch.ptr) - 1
			for r := 0; r < runs && bad < 0; r++ {
				lo, hi := int(ch.ptr[r]), int(ch.ptr[r+1])
				if bad = oldQuantizeSeg(dst, values[lo:hi], lo, r, &e); bad >= 0 {
					bad += lo
				}
			}
			for g := runs; g < groups; g++ {
				oldSetEmpty(dst, g)
			}
		} else {
			var err error
			if bad, err = oldQuantizeChannels(dst, values, ch, groups, &e); err != nil {
				return Report{}, fmt.Errorf("quant: %v: %v", s, err)
			}
		}
	}
	if bad >= 0 {
		x := float64(values[bad])
		if x-x != 0 {
			return Report{}, fmt.Errorf("quant: %v: value %d is %v: only finite values can be quantized", s, bad, x)
		}
		return Report{}, fmt.Errorf("quant: %v: value %d = %g is beyond the float32 range", s, bad, x)
	}
	r := Report{N: n, MaxAbsErr: e.max}
	if n > 0 {
		r.RMSErr = math.Sqrt(e.sumsq / float64(n))
		r.BytesPerValue = float64(len(dst.Codes)+4*len(dst.Scale)+len(dst.Zero)+len(dst.Exp)) / float64(n)
	}
	return r, nil
}

// oldResize returns s with length n, reusing its array when it is large
// enough.
func oldResize[E any](s []E, n int) []E {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]E, n)
}

// oldErrAcc accumulates the error report: the largest absolute error and the
// sum of squared errors.
type oldErrAcc struct{ max, sumsq float64 }

// oldSpan returns the smallest and largest of 0 and vals, and the index of the
// first value that is not finite or beyond the float32 range (-1 when all
// are fine), one value at a time in float64 (quantize.go's span reads the
// values' bits instead).
func oldSpan[T Float](vals []T) (lo, hi float64, bad int) {
	for j, v := range vals {
		f := float64(v)
		if !(math.Abs(f) <= math.MaxFloat32) {
			return 0, 0, j
		}
		lo, hi = min(lo, f), max(hi, f)
	}
	return lo, hi, -1
}

// oldQuantizeSeg quantizes vals, the values start.. of group g: it sets the
// group's parameters from their oldSpan and writes their codes. It returns
// the index within vals of the first value that cannot be quantized, or -1.
func oldQuantizeSeg[T Float](v *Values, vals []T, start, g int, e *oldErrAcc) int {
	lo, hi, bad := oldSpan(vals)
	if bad >= 0 {
		return bad
	}
	absmax := max(-lo, hi)
	var p oldIntGroup
	switch k := v.Scheme.kind; k {
	case Int8, Uint8:
		p = oldIntParams(k, lo, hi)
		v.Scale[g] = p.s32
		if k == Uint8 {
			v.Zero[g] = uint8(p.zp)
		}
		oldEncodeInts(vals, v.Codes[start:start+len(vals)], &p, e)
		return -1
	case MXFP8:
		v.Exp[g] = oldMxScale(absmax, 8)
		oldEncodeE4M3(vals, v.Codes[start:start+len(vals)], v.Exp[g], e)
		return -1
	case Int4:
		p = oldIntParams(k, lo, hi)
		v.Scale[g] = p.s32
	case NF4:
		v.Scale[g] = float32(absmax)
	case MXFP4:
		v.Exp[g] = oldMxScale(absmax, 2)
	}
	// 4-bit codes: a chunk at a time into bytes, then packed.
	var tmp [256]byte
	for len(vals) > 0 {
		n := min(len(vals), len(tmp))
		switch v.Scheme.kind {
		case Int4:
			oldEncodeInts(vals[:n], tmp[:n], &p, e)
		case NF4:
			oldEncodeNF4(vals[:n], tmp[:n], v.Scale[g], e)
		case MXFP4:
			oldEncodeE2M1(vals[:n], tmp[:n], v.Exp[g], e)
		}
		oldPack4(v.Codes, start, tmp[:n])
		vals, start = vals[n:], start+n
	}
	return -1
}

// oldPack4 writes the 4-bit codes c (one a byte, high nibble ignored) as codes
// start.. of dst, lower-indexed value in the low nibble. A byte's first
// write stores it whole (high nibble 0, which is also the padding after an
// odd count); an odd start ORs the high nibble into a byte written before.
func oldPack4(dst []byte, start int, c []byte) {
	if start&1 == 1 && len(c) > 0 {
		dst[start>>1] |= c[0] << 4
		c, start = c[1:], start+1
	}
	d := dst[start>>1:]
	i := 0
	for ; i+1 < len(c); i += 2 {
		d[i>>1] = c[i]&15 | c[i+1]<<4
	}
	if i < len(c) {
		d[i>>1] = c[i] & 15
	}
}

// oldSetEmpty gives group g, which holds no values, the parameters of an
// all-zero group.
func oldSetEmpty(v *Values, g int) {
	v.Scale[g] = 1
	if v.Scheme.kind == Uint8 {
		v.Zero[g] = 0
	}
}

// oldQuantizeChannels quantizes a channel scheme (int8 or uint8) in two passes:
// the oldSpan of every channel, then the codes. It returns the index of the
// first value that cannot be quantized (or -1), or an error for a channel
// out of range.
func oldQuantizeChannels[T Float](v *Values, values []T, ch Channels, groups int, e *oldErrAcc) (int, error) {
	lo := make([]float64, groups)
	hi := make([]float64, groups)
	if ch.ptr != nil {
		for r := range len(ch.ptr) - 1 {
			a, b := int(ch.ptr[r]), int(ch.ptr[r+1])
			l, h, bad := oldSpan(values[a:b])
			if bad >= 0 {
				return a + bad, nil
			}
			g := ch.id[r] // check verified it is below groups
			lo[g], hi[g] = min(lo[g], l), max(hi[g], h)
		}
	} else {
		for i, x := range values {
			g := ch.idx[i*ch.stride]
			if g >= uint64(groups) {
				return -1, fmt.Errorf("value %d: channel %d is not below the channel count %d", i, g, groups)
			}
			f := float64(x)
			if !(math.Abs(f) <= math.MaxFloat32) {
				return i, nil
			}
			lo[g], hi[g] = min(lo[g], f), max(hi[g], f)
		}
	}
	k := v.Scheme.kind
	ps := make([]oldIntGroup, groups)
	for g := range ps {
		ps[g] = oldIntParams(k, lo[g], hi[g])
		v.Scale[g] = ps[g].s32
		if k == Uint8 {
			v.Zero[g] = uint8(ps[g].zp)
		}
	}
	if ch.ptr != nil {
		for r := range len(ch.ptr) - 1 {
			a, b := int(ch.ptr[r]), int(ch.ptr[r+1])
			oldEncodeInts(values[a:b], v.Codes[a:b], &ps[ch.id[r]], e)
		}
		return -1, nil
	}
	codes := v.Codes[:len(values)]
	ss, me := e.sumsq, e.max
	for i, x := range values {
		p := &ps[ch.idx[i*ch.stride]]
		f := float64(x)
		q := min(max(int(oldRoundQuot(f, p.s, p.inv, p.half))+p.zp, p.qlo), p.qhi)
		codes[i] = byte(q)
		d := math.Abs(f - float64(float32(float64(q-p.zp)*p.s)))
		ss += d * d
		if d > me {
			me = d
		}
	}
	e.sumsq, e.max = ss, me
	return -1, nil
}

// oldIntGroup holds one group's parameters for the integer kinds: the scale,
// with its reciprocal and its half in float64, the zero point and the code
// range.
type oldIntGroup struct {
	s32              float32
	s, inv, half, hh float64
	zp, qlo, qhi     int
}

// oldIntParams returns the parameters of a group of kind k (int8, uint8 or
// int4) whose values oldSpan [lo, hi], lo ≤ 0 ≤ hi.
func oldIntParams(k Kind, lo, hi float64) oldIntGroup {
	p := oldIntGroup{s32: 1, qlo: 0, qhi: 255}
	if k == Uint8 {
		if r := hi - lo; r > 0 {
			p.s32 = oldScaleFor(r, 255)
			s := float64(p.s32)
			p.zp = int(max(0, min(255, oldRoundQuot(-lo, s, 1/s, s/2))))
			p.s32 = oldFitScale(p.s32, max(p.zp, 255-p.zp))
		}
	} else {
		p.qhi = 127
		if k == Int4 {
			p.qhi = 7
		}
		p.qlo = -p.qhi
		if a := max(-lo, hi); a > 0 {
			p.s32 = oldFitScale(oldScaleFor(a, float64(p.qhi)), p.qhi)
		}
	}
	p.s = float64(p.s32)
	p.inv, p.half = 1/p.s, p.s/2
	return p
}

// oldScaleFor returns the scale a/qmax (a > 0), computed in float64 and
// rounded to the nearest float32, except that a scale below the smallest
// normal float32 that rounds down is rounded up instead, so that a/scale ≤
// qmax still holds and no value is clamped.
func oldScaleFor(a, qmax float64) float32 {
	s := float32(a / qmax)
	if s < 0x1p-126 && float64(s)*qmax < a {
		s = math.Nextafter32(s, float32(math.Inf(1)))
	}
	return s
}

// oldFitScale returns s, or, when the value of the largest code, float32(m)·s,
// overflows float32, the largest float32 for which it does not.
func oldFitScale(s float32, m int) float32 {
	f := float32(m)
	over := func(s float32) bool { return math.IsInf(float64(f*s), 0) }
	if !over(s) {
		return s
	}
	t := float32(math.MaxFloat32 / float64(m))
	for over(t) {
		t = math.Nextafter32(t, 0)
	}
	for u := math.Nextafter32(t, s); u < s && !over(u); u = math.Nextafter32(t, s) {
		t = u
	}
	return t
}

// oldRne is 1.5·2^52: adding it to a float64 below 2^51 in magnitude and
// subtracting it again rounds to an integer, ties to even.
const oldRne = 0x1.8p52

// oldRoundQuot returns x/s rounded to the nearest integer, ties to even, given
// inv = 1/s and h = s/2, for |x/s| ≤ 2^9. It rounds t = x·inv, which may
// differ from the quotient x/s by a few units in its last bit (below
// 2^-40 for such quotients), so only a t within 2^-40 of a half can land on
// the wrong side. There the remainder m = x − r·s, exact (r·s is exact, and
// so is the difference of two floats that close), settles it: |m| above h
// moves r one step toward x, and |m| equal to h (a tie) moves an odd r to
// its even neighbour.
func oldRoundQuot(x, s, inv, h float64) float64 {
	t := x * inv
	r := (t + oldRne) - oldRne
	if f := t - r; f*f >= oldNearHalf {
		if m := x - r*s; m > h || m < -h || (m == h || m == -h) && int64(r)&1 != 0 {
			if m > 0 {
				r++
			} else {
				r--
			}
		}
	}
	return r
}

// oldNearHalf is (1/2 − 2^-40)²: t − round(t) squared at least this is within
// 2^-40 of a half.
const oldNearHalf = (0.5 - 0x1p-40) * (0.5 - 0x1p-40)

// oldEncodeInts writes the codes of vals (zp + oldRoundQuot(x), clamped to the
// code range; one byte each, as int8, uint8, or int4 in the low nibble) into
// codes and accumulates their errors. The error of a value is x −
// float32((q − zp)·s), the float32 product At computes: (q − zp)·s is exact
// in float64, so rounding it to float32 gives that product.
func oldEncodeInts[T Float](vals []T, codes []byte, p *oldIntGroup, e *oldErrAcc) {
	codes = codes[:len(vals)]
	s, inv, h := p.s, p.inv, p.half
	zp, qlo, qhi := p.zp, p.qlo, p.qhi
	// Two sums of squares halve the chain of dependent additions.
	ss0, ss1, me := e.sumsq, 0.0, e.max
	j := 0
	for ; j+2 <= len(vals); j += 2 {
		x0, x1 := float64(vals[j]), float64(vals[j+1])
		q0 := min(max(int(oldRoundQuot(x0, s, inv, h))+zp, qlo), qhi)
		q1 := min(max(int(oldRoundQuot(x1, s, inv, h))+zp, qlo), qhi)
		codes[j], codes[j+1] = byte(q0), byte(q1)
		d0 := math.Abs(x0 - float64(float32(float64(q0-zp)*s)))
		d1 := math.Abs(x1 - float64(float32(float64(q1-zp)*s)))
		ss0 += d0 * d0
		ss1 += d1 * d1
		if d0 > me {
			me = d0
		}
		if d1 > me {
			me = d1
		}
	}
	if j < len(vals) {
		x := float64(vals[j])
		q := min(max(int(oldRoundQuot(x, s, inv, h))+zp, qlo), qhi)
		codes[j] = byte(q)
		d := math.Abs(x - float64(float32(float64(q-zp)*s)))
		ss0 += d * d
		if d > me {
			me = d
		}
	}
	e.sumsq, e.max = ss0+ss1, me
}

// oldNf4Bins is the number of equal bins over [-1, 1] of oldNf4Table.
const oldNf4Bins = 4096

// oldNf4Mid holds the midpoints between consecutive NF4 levels, exact in
// float64: a ratio above oldNf4Mid[k] is nearer level k+1.
var oldNf4Mid = func() (m [16]float64) {
	for k := range 15 {
		m[k] = (float64(nf4Levels[k]) + float64(nf4Levels[k+1])) / 2
	}
	m[15] = math.Inf(1)
	return m
}()

// oldNf4Bin returns the bin of the ratio t = x/absmax: int((t+1)·oldNf4Bins/2),
// clamped to 0..oldNf4Bins. It never decreases as t grows.
func oldNf4Bin(t float64) int {
	return max(0, min(int((t+1)*(oldNf4Bins/2)), oldNf4Bins))
}

// oldNf4Table maps a bin to the NF4 code of every ratio in it (low 4 bits),
// or, where the bin or a neighbour holds midpoint k (bit 4 set), to k: the
// code is then k, or k+1 for a value above oldNf4Mid[k]·absmax. Bins are far
// wider than the rounding of x·(1/absmax), so a ratio's computed bin is at
// most one away from its exact one, and far narrower than the gaps between
// levels, so at most one midpoint is near a bin.
var oldNf4Table = func() (t [oldNf4Bins + 1]uint8) {
	var at [15]int
	for k := range at {
		at[k] = oldNf4Bin(oldNf4Mid[k])
	}
	for i := range t {
		code := 0
		for k := range at {
			if at[k] < i-1 {
				code = k + 1
			}
			if i-1 <= at[k] && at[k] <= i+1 {
				code = k | 16
				break
			}
		}
		t[i] = uint8(code)
	}
	return t
}()

// oldEncodeNF4 writes the NF4 codes of vals, in a group of the given absmax,
// into codes (one a byte): the level nearest to x/absmax, the lower one on a
// tie, and code 7 (level 0) for every value of an all-zero group.
func oldEncodeNF4[T Float](vals []T, codes []byte, absmax float32, e *oldErrAcc) {
	codes = codes[:len(vals)]
	ss, me := e.sumsq, e.max
	if absmax == 0 {
		for j, v := range vals {
			codes[j] = 7
			d := math.Abs(float64(v))
			ss += d * d
			if d > me {
				me = d
			}
		}
		e.sumsq, e.max = ss, me
		return
	}
	a := float64(absmax)
	inv := 1 / a
	for j, v := range vals {
		x := float64(v)
		c := oldNf4Table[oldNf4Bin(x*inv)]
		if c&16 != 0 {
			c &= 15
			if x > oldNf4Mid[c]*a { // exact: a 25-bit midpoint times a float32
				c++
			}
		}
		codes[j] = c
		d := math.Abs(x - float64(nf4Levels[c&15]*absmax))
		ss += d * d
		if d > me {
			me = d
		}
	}
	e.sumsq, e.max = ss, me
}

// oldPow2 returns 2^k for -1022 ≤ k ≤ 1023.
func oldPow2(k int) float64 { return math.Float64frombits(uint64(k+1023) << 52) }

// oldMxScale returns the E8M0 scale of an MX block whose largest magnitude is
// absmax, for an element type whose largest normal has exponent emax: 127
// plus the shared exponent ⌊log2 absmax⌋ − emax, clamped to -127..127, and
// 127 (a shared exponent of 0) for an all-zero block.
func oldMxScale(absmax float64, emax int) uint8 {
	if absmax == 0 {
		return 127
	}
	x := int(math.Float64bits(absmax)>>52) - 1023 - emax
	return uint8(max(-127, min(x, 127)) + 127)
}

// oldRoundFP rounds a ≥ 0 to the nearest value of a small float format with
// mbits mantissa bits and smallest normal exponent emin, ties to even,
// saturating at maxNormal (whose code is maxCode), and returns the code's
// magnitude bits. Codes of such formats grow with the value, subnormals
// included, so the code is (e−emin)<<mbits plus the rounded mantissa: a
// carry out of the mantissa moves to the next exponent by itself.
func oldRoundFP(a float64, mbits, emin int, maxNormal float64, maxCode uint8) uint8 {
	if a >= maxNormal {
		return maxCode
	}
	// e = max(exponent of a, emin), without a branch: many of E2M1's
	// elements are subnormal, in no predictable order.
	d := int(math.Float64bits(a)>>52) - 1023 - emin
	e := emin + d&^(d>>63)
	m := (a*oldPow2(mbits-e) + oldRne) - oldRne
	return uint8((e-emin)<<mbits + int(m))
}

// oldEncodeE2M1 writes the FP4 E2M1 codes of vals, an MX block of E8M0 scale
// s, into codes (one a byte): |x|·2^(127−s), exact, rounded to the nearest
// E2M1 value, ties to even, saturated at 6, with x's sign.
func oldEncodeE2M1[T Float](vals []T, codes []byte, s uint8, e *oldErrAcc) {
	codes = codes[:len(vals)]
	scale, s32 := oldPow2(127-int(s)), E8M0(s)
	ss, me := e.sumsq, e.max
	for j, v := range vals {
		x := float64(v)
		c := oldRoundFP(math.Abs(x)*scale, 1, 0, 6, 7) | uint8(math.Float64bits(x)>>63)<<3
		codes[j] = c
		d := math.Abs(x - float64(e2m1Values[c&15]*s32))
		ss += d * d
		if d > me {
			me = d
		}
	}
	e.sumsq, e.max = ss, me
}

// oldEncodeE4M3 writes the FP8 E4M3 codes of vals, an MX block of E8M0 scale s,
// into codes: |x|·2^(127−s), exact, rounded to the nearest E4M3 value, ties
// to even, saturated at 448 (never NaN), with x's sign.
func oldEncodeE4M3[T Float](vals []T, codes []byte, s uint8, e *oldErrAcc) {
	codes = codes[:len(vals)]
	scale, s32 := oldPow2(127-int(s)), E8M0(s)
	ss, me := e.sumsq, e.max
	for j, v := range vals {
		x := float64(v)
		c := oldRoundFP(math.Abs(x)*scale, 3, -6, 448, 0x7E) | uint8(math.Float64bits(x)>>63)<<7
		codes[j] = c
		d := math.Abs(x - float64(e4m3Values[c]*s32))
		ss += d * d
		if d > me {
			me = d
		}
	}
	e.sumsq, e.max = ss, me
}
