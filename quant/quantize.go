package quant

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"unsafe"

	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/kernels/amd64"
)

// The encoders in this file have a deliberate twin, OldQuantizeTo in
// oldquantize_test.go: a reference that shares no code with them, so that
// the bit-for-bit comparison catches a change to either.

// Float is the constraint on the values Quantize reads: float32 or float64.
type Float interface{ ~float32 | ~float64 }

// Report says how much a quantization changed the values: the error of each
// value against its dequantized value (At, converted to float64) and the
// bytes it costs.
type Report struct {
	N             int     // number of values quantized
	MaxAbsErr     float64 // the largest |v − dequantized v|
	RMSErr        float64 // √(mean of (v − dequantized v)²); 0 for no values
	BytesPerValue float64 // code and parameter bytes over N; 0 for no values
}

// String formats the report as "N values: max abs error E, RMS error R, B
// bytes a value".
func (r Report) String() string {
	return fmt.Sprintf("%d values: max abs error %.4g, RMS error %.4g, %.4g bytes a value", r.N, r.MaxAbsErr, r.RMSErr, r.BytesPerValue)
}

// Quantize quantizes values, the stored values of a structure of the given
// shape in storage order, with scheme s. Only channel schemes read shape
// (the channel count is shape[axis]) and ch (each value's channel); the
// others take nil and the zero Channels. It returns the values, which pass
// Validate, and the error report. It reads the values twice at most: once
// for the parameters and once for the codes (block schemes, and channel
// schemes given PerRun without ids, read each group's values twice while
// they are in cache).
//
// Every value must be finite and within the float32 range; otherwise the
// error names the first value that is not. A channel outside shape[axis],
// or channels that do not cover the values, are an error too. The rules
// are the package doc's (# Rounding).
func Quantize[T Float](s Scheme, shape []uint64, values []T, ch Channels) (Values, Report, error) {
	var v Values
	r, err := QuantizeTo(&v, s, shape, values, ch)
	if err != nil {
		return Values{}, Report{}, err
	}
	return v, r, nil
}

// QuantizeTo is Quantize into dst, whose slices it overwrites, reusing
// their arrays where they are large enough: quantizing again into the same
// Values allocates nothing, except that channel schemes whose channels are
// not PerRun with nil ids allocate per-channel statistics. dst must not view
// buffers that are to be kept (FromBuffers aliases them). On error dst holds
// no valid result.
func QuantizeTo[T Float](dst *Values, s Scheme, shape []uint64, values []T, ch Channels) (Report, error) {
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
		// form's statistics (lo, hi, intGroup).
		if !mem.Fits(uint64(groups), 4+1+16+uint64(unsafe.Sizeof(intGroup{}))) {
			return Report{}, fmt.Errorf("quant: %v: %d channels need more memory than the limit of %d bytes (the machine's memory, or GOMEMLIMIT)", s, groups, mem.Limit())
		}
		if err := ch.check(n, groups, false); err != nil {
			return Report{}, fmt.Errorf("quant: %v: %v", s, err)
		}
	}
	dst.Scheme, dst.N = s, n
	dst.Codes = resize(dst.Codes, s.CodeBytes(n))
	dst.Scale, dst.Zero, dst.Exp = dst.Scale[:0], dst.Zero[:0], dst.Exp[:0]
	switch s.kind {
	case Uint8:
		dst.Zero = resize(dst.Zero, groups)
		fallthrough
	case Int8, Int4, NF4:
		dst.Scale = resize(dst.Scale, groups)
	default:
		dst.Exp = resize(dst.Exp, groups)
	}

	var e errAcc
	bad := -1
	switch s.gran {
	case PerTensor:
		bad = quantizeSeg(dst, values, 0, 0, &e)
	case PerBlock:
		b := int(s.param)
		lo := 0
		if unsafe.Sizeof(T(0)) == 4 {
			lo, bad = quantizeBlocksAsm(dst, unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(values))), n), b, &e)
		}
		for g := lo / b; lo < n && bad < 0; g, lo = g+1, lo+b {
			if bad = quantizeSeg(dst, values[lo:min(lo+b, n)], lo, g, &e); bad >= 0 {
				bad += lo
			}
		}
	case PerChannel:
		if ch.ptr != nil && ch.id == nil {
			// One run per channel: each run is a group, read once.
			runs := len(ch.ptr) - 1
			for r := 0; r < runs && bad < 0; r++ {
				lo, hi := int(ch.ptr[r]), int(ch.ptr[r+1])
				if bad = quantizeSeg(dst, values[lo:hi], lo, r, &e); bad >= 0 {
					bad += lo
				}
			}
			for g := runs; g < groups; g++ {
				setEmpty(dst, g)
			}
		} else {
			var err error
			if bad, err = quantizeChannels(dst, values, ch, groups, &e); err != nil {
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

// resize returns s with length n, reusing its array when it is large
// enough.
func resize[E any](s []E, n int) []E {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]E, n)
}

// errAcc accumulates the error report: the largest absolute error and the
// sum of squared errors.
type errAcc struct{ max, sumsq float64 }

// span returns the smallest and largest of 0 and vals, and the index of the
// first value that is not finite or beyond the float32 range (-1 when all
// are fine).
func span[T Float](vals []T) (lo, hi float64, bad int) {
	var ok bool
	if unsafe.Sizeof(T(0)) == 4 {
		lo, hi, ok = span32(unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(vals))), len(vals)))
	} else {
		lo, hi, ok = span64(unsafe.Slice((*float64)(unsafe.Pointer(unsafe.SliceData(vals))), len(vals)))
	}
	if ok {
		return lo, hi, -1
	}
	for j, v := range vals {
		if !(math.Abs(float64(v)) <= math.MaxFloat32) {
			return 0, 0, j
		}
	}
	return lo, hi, -1
}

// span32 is span for float32 on the values' bits, two integer maxima a
// value: as int32 the largest bits are those of the largest positive value
// (NaN and +Inf above all), as uint32 those of the negative value of largest
// magnitude (-NaN and -Inf above all). ok is false when a value is not
// finite.
func span32(vals []float32) (lo, hi float64, ok bool) {
	var smax int32
	var umax uint32
	j := 0
	if amd64.HasAVX512 && len(vals) >= kernelStep {
		var m [1]uint64
		j = len(vals) &^ (kernelStep - 1)
		amd64.Span32AVX512(m[:], vals, j)
		smax, umax = int32(m[0]>>32), uint32(m[0])
	}
	smax, umax = bitMaxima(vals[j:], smax, umax)
	return spanOfBits(smax, umax)
}

// bitMaxima returns the largest of smax and the bits of vals as signed
// integers, and of umax and the bits as unsigned ones (S and U of the
// floats' size).
func bitMaxima[F float32 | float64, S int32 | int64, U uint32 | uint64](vals []F, smax S, umax U) (S, U) {
	// Two maxima of each kind halve the chains of dependent compares.
	smax1, umax1 := smax, umax
	j := 0
	for ; j+2 <= len(vals); j += 2 {
		b0, b1 := *(*U)(unsafe.Pointer(&vals[j])), *(*U)(unsafe.Pointer(&vals[j+1]))
		smax, smax1 = max(smax, S(b0)), max(smax1, S(b1))
		umax, umax1 = max(umax, b0), max(umax1, b1)
	}
	if j < len(vals) {
		b := *(*U)(unsafe.Pointer(&vals[j]))
		smax, umax = max(smax, S(b)), max(umax, b)
	}
	return max(smax, smax1), max(umax, umax1)
}

// spanOfBits returns span32's result from its two maxima of the values'
// bits: smax as int32, umax as uint32.
func spanOfBits(smax int32, umax uint32) (lo, hi float64, ok bool) {
	const sign, inf = 1 << 31, 0x7F800000
	if smax >= inf || umax >= sign && umax&^sign >= inf {
		return 0, 0, false
	}
	hi = float64(math.Float32frombits(uint32(smax)))
	if umax >= sign {
		lo = -float64(math.Float32frombits(umax &^ sign))
	}
	return lo, hi, true
}

// span64 is span32 for float64, whose values must also lie within the
// float32 range.
func span64(vals []float64) (lo, hi float64, ok bool) {
	const sign, lim = 1 << 63, 0x47EFFFFFE0000000 // the bits of math.MaxFloat32
	smax, umax := bitMaxima(vals, int64(0), uint64(0))
	if smax > lim || umax >= sign && umax&^sign > lim {
		return 0, 0, false
	}
	hi = math.Float64frombits(uint64(smax))
	if umax >= sign {
		lo = -math.Float64frombits(umax &^ sign)
	}
	return lo, hi, true
}

// quantizeSeg quantizes vals, the values start.. of group g: it sets the
// group's parameters from their span (uint8) or largest magnitude (the
// other kinds) and writes their codes. It returns the index within vals of
// the first value that cannot be quantized, or -1.
func quantizeSeg[T Float](v *Values, vals []T, start, g int, e *errAcc) int {
	k := v.Scheme.kind
	var lo, hi, absmax float64
	var bad int
	if k == Uint8 {
		lo, hi, bad = span(vals)
	} else {
		absmax, bad = absMax(vals)
		lo, hi = -absmax, absmax
	}
	if bad >= 0 {
		return bad
	}
	var p intGroup
	switch k {
	case Int8, Uint8:
		p = intParams(k, lo, hi)
		v.Scale[g] = p.s32
		if k == Uint8 {
			v.Zero[g] = uint8(p.zp)
		}
		encodeInts(vals, v.Codes[start:start+len(vals)], &p, e)
		return -1
	case MXFP8:
		v.Exp[g] = mxScale(absmax, 8)
		encodeE4M3(vals, v.Codes[start:start+len(vals)], v.Exp[g], e)
		return -1
	case Int4:
		p = intParams(k, lo, hi)
		v.Scale[g] = p.s32
	case NF4:
		v.Scale[g] = float32(absmax)
	case MXFP4:
		v.Exp[g] = mxScale(absmax, 2)
	}
	// 4-bit codes: a chunk at a time into bytes, then packed.
	var tmp [codeChunk]byte
	for len(vals) > 0 {
		n := min(len(vals), len(tmp))
		switch k {
		case Int4:
			encodeInts(vals[:n], tmp[:n], &p, e)
		case NF4:
			encodeNF4(vals[:n], tmp[:n], v.Scale[g], e)
		case MXFP4:
			encodeE2M1(vals[:n], tmp[:n], v.Exp[g], e)
		}
		pack4(v.Codes, start, tmp[:n])
		vals, start = vals[n:], start+n
	}
	return -1
}

// absMax returns the largest |v| of vals (0 for none), and the index of
// the first value that is not finite or beyond the float32 range (-1 when
// all are fine).
func absMax[T Float](vals []T) (a float64, bad int) {
	var ok bool
	if unsafe.Sizeof(T(0)) == 4 {
		a, ok = absMax32(unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(vals))), len(vals)))
	} else {
		a, ok = absMax64(unsafe.Slice((*float64)(unsafe.Pointer(unsafe.SliceData(vals))), len(vals)))
	}
	if ok {
		return a, -1
	}
	for j, v := range vals {
		if !(math.Abs(float64(v)) <= math.MaxFloat32) {
			return 0, j
		}
	}
	return a, -1
}

// absMax32 is absMax for float32 on the values' bits: without the sign
// bit, the largest bits are those of the largest magnitude (NaN and Inf
// above all). ok is false when a value is not finite.
func absMax32(vals []float32) (a float64, ok bool) {
	const mag, inf = 1<<31 - 1, 0x7F800000
	// Four maxima shorten the chains of dependent compares.
	var m0, m1, m2, m3 uint32
	j := 0
	if amd64.HasAVX512 && len(vals) >= kernelStep {
		var m [1]uint64
		j = len(vals) &^ (kernelStep - 1)
		amd64.AbsMax32AVX512(m[:], vals, j)
		m0 = uint32(m[0])
	}
	for ; j+4 <= len(vals); j += 4 {
		w := vals[j : j+4 : j+4]
		m0 = max(m0, math.Float32bits(w[0])&mag)
		m1 = max(m1, math.Float32bits(w[1])&mag)
		m2 = max(m2, math.Float32bits(w[2])&mag)
		m3 = max(m3, math.Float32bits(w[3])&mag)
	}
	for ; j < len(vals); j++ {
		m0 = max(m0, math.Float32bits(vals[j])&mag)
	}
	m := max(m0, m1, m2, m3)
	if m >= inf {
		return 0, false
	}
	return float64(math.Float32frombits(m)), true
}

// absMax64 is absMax32 for float64, whose values must also lie within the
// float32 range.
func absMax64(vals []float64) (a float64, ok bool) {
	const mag, lim = 1<<63 - 1, 0x47EFFFFFE0000000 // the bits of math.MaxFloat32
	var m0, m1 uint64
	j := 0
	for ; j+2 <= len(vals); j += 2 {
		m0 = max(m0, math.Float64bits(vals[j])&mag)
		m1 = max(m1, math.Float64bits(vals[j+1])&mag)
	}
	if j < len(vals) {
		m0 = max(m0, math.Float64bits(vals[j])&mag)
	}
	m := max(m0, m1)
	if m > lim {
		return 0, false
	}
	return math.Float64frombits(m), true
}

// pack4 writes the 4-bit codes c (one a byte, high nibble ignored) as codes
// start.. of dst, lower-indexed value in the low nibble. A byte's first
// write stores it whole (high nibble 0, which is also the padding after an
// odd count); an odd start ORs the high nibble into a byte written before.
// Eight codes at a time are packed in a uint64 into four bytes.
func pack4(dst []byte, start int, c []byte) {
	if start&1 == 1 && len(c) > 0 {
		dst[start>>1] |= c[0] << 4
		c, start = c[1:], start+1
	}
	d := dst[start>>1:]
	i := 0
	for ; i+8 <= len(c); i += 8 {
		x := binary.LittleEndian.Uint64(c[i:]) & 0x0F0F0F0F0F0F0F0F
		x = (x | x>>4) & 0x00FF00FF00FF00FF
		x = (x | x>>8) & 0x0000FFFF0000FFFF
		binary.LittleEndian.PutUint32(d[i>>1:], uint32(x|x>>16))
	}
	for ; i+1 < len(c); i += 2 {
		d[i>>1] = c[i]&15 | c[i+1]<<4
	}
	if i < len(c) {
		d[i>>1] = c[i] & 15
	}
}

// setEmpty gives group g, which holds no values, the parameters of an
// all-zero group.
func setEmpty(v *Values, g int) {
	v.Scale[g] = 1
	if v.Scheme.kind == Uint8 {
		v.Zero[g] = 0
	}
}

// quantizeChannels quantizes a channel scheme (int8 or uint8) in two passes:
// the span of every channel, then the codes. It returns the index of the
// first value that cannot be quantized (or -1), or an error for a channel
// out of range.
func quantizeChannels[T Float](v *Values, values []T, ch Channels, groups int, e *errAcc) (int, error) {
	lo := make([]float64, groups)
	hi := make([]float64, groups)
	if ch.ptr != nil {
		for r := range len(ch.ptr) - 1 {
			a, b := int(ch.ptr[r]), int(ch.ptr[r+1])
			l, h, bad := span(values[a:b])
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
	ps := make([]intGroup, groups)
	for g := range ps {
		ps[g] = intParams(k, lo[g], hi[g])
		v.Scale[g] = ps[g].s32
		if k == Uint8 {
			v.Zero[g] = uint8(ps[g].zp)
		}
	}
	if ch.ptr != nil {
		for r := range len(ch.ptr) - 1 {
			a, b := int(ch.ptr[r]), int(ch.ptr[r+1])
			encodeInts(values[a:b], v.Codes[a:b], &ps[ch.id[r]], e)
		}
		return -1, nil
	}
	codes := v.Codes[:len(values)]
	ss, me := e.sumsq, e.max
	for i, x := range values {
		p := &ps[ch.idx[i*ch.stride]]
		f := float64(x)
		q := min(max(int(roundQuot(f, p.s, p.inv, p.half))+p.zp, p.qlo), p.qhi)
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

// intGroup holds one group's parameters for the integer kinds: the scale,
// with its reciprocal and its half in float64, the zero point and the code
// range.
type intGroup struct {
	s32              float32
	s, inv, half, hh float64
	zp, qlo, qhi     int
}

// intParams returns the parameters of a group of kind k (int8, uint8 or
// int4) whose values span [lo, hi], lo ≤ 0 ≤ hi.
func intParams(k Kind, lo, hi float64) intGroup {
	if k != Uint8 {
		qhi := 127
		if k == Int4 {
			qhi = 7
		}
		return symGroup(symScale(max(-lo, hi), qhi), qhi)
	}
	p := intGroup{s32: 1, qlo: 0, qhi: 255}
	if r := hi - lo; r > 0 {
		p.s32 = scaleFor(r, 255)
		s := float64(p.s32)
		p.zp = int(max(0, min(255, roundQuot(-lo, s, 1/s, s/2))))
		p.s32 = fitScale(p.s32, max(p.zp, 255-p.zp))
	}
	p.s = float64(p.s32)
	p.inv, p.half = 1/p.s, p.s/2
	return p
}

// symScale is the scale intParams gives a group of an int8 (qhi 127) or
// int4 (qhi 7) scheme whose largest magnitude is a: a/qhi rounded to
// float32 when that is a normal float32 whose product with qhi stays
// finite, which is all scaleFor and fitScale then keep; else theirs.
func symScale(a float64, qhi int) float32 {
	if a == 0 {
		return 1
	}
	s := float32(a / float64(qhi))
	if s >= 0x1p-126 && s <= 0x1p120 {
		return s
	}
	return fitScale(scaleFor(a, float64(qhi)), qhi)
}

// symGroup is the intGroup of an int8 (qhi 127) or int4 (qhi 7) group of
// scale s.
func symGroup(s float32, qhi int) intGroup {
	p := intGroup{s32: s, s: float64(s), qlo: -qhi, qhi: qhi}
	p.inv, p.half = 1/p.s, p.s/2
	return p
}

// scaleFor returns the scale a/qmax (a > 0), computed in float64 and
// rounded to the nearest float32, except that a scale below the smallest
// normal float32 that rounds down is rounded up instead, so that a/scale ≤
// qmax still holds and no value is clamped.
func scaleFor(a, qmax float64) float32 {
	s := float32(a / qmax)
	if s < 0x1p-126 && float64(s)*qmax < a {
		s = math.Nextafter32(s, float32(math.Inf(1)))
	}
	return s
}

// fitScale returns s, or, when the value of the largest code, float32(m)·s,
// overflows float32, the largest float32 for which it does not.
func fitScale(s float32, m int) float32 {
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

// rne is 1.5·2^52: adding it to a float64 below 2^51 in magnitude and
// subtracting it again rounds to an integer, ties to even.
const rne = 0x1.8p52

// roundQuot returns x/s rounded to the nearest integer, ties to even, given
// inv = 1/s and h = s/2, for |x/s| ≤ 2^9. It rounds t = x·inv, which may
// differ from the quotient x/s by a few units in its last bit (below
// 2^-40 for such quotients), so only a t within 2^-40 of a half can land on
// the wrong side. There the remainder m = x − r·s, exact (r·s is exact, and
// so is the difference of two floats that close), settles it: |m| above h
// moves r one step toward x, and |m| equal to h (a tie) moves an odd r to
// its even neighbour.
func roundQuot(x, s, inv, h float64) float64 {
	t := x * inv
	r := (t + rne) - rne
	if f := t - r; f*f >= nearHalf {
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

// nearHalf is (1/2 − 2^-40)²: t − round(t) squared at least this is within
// 2^-40 of a half.
const nearHalf = (0.5 - 0x1p-40) * (0.5 - 0x1p-40)

// errMag returns what the encoders take the maximum of for the error d of
// a value of type T: d² for float32 values, whose errors are differences of
// float32s (no smaller than 2^-149, so d² never underflows and √(d²) is
// exactly |d|), and |d| for float64 values, whose errors may be far
// smaller. A comparison of squares spares the sign mask in the loops.
func errMag[T Float](d float64) float64 {
	if unsafe.Sizeof(T(0)) == 4 {
		return d * d
	}
	return math.Abs(d)
}

// startMag returns errMag of e's largest error so far: an encoder's maxima
// start there, so that within a group a new maximum, a mispredicted
// branch, is as rare as over the whole pass. For float32 values √(d²) is
// |d| exactly, so e.max squared is the d² it came from.
func startMag[T Float](e *errAcc) float64 {
	if unsafe.Sizeof(T(0)) == 4 {
		return e.max * e.max
	}
	return e.max
}

// addErr adds an encoder's sum of squares ss and largest errMag m to e.
func addErr[T Float](e *errAcc, ss, m float64) {
	e.sumsq += ss
	if unsafe.Sizeof(T(0)) == 4 {
		// e.max squared is the d² it came from, so only a larger m needs
		// its root.
		if m > e.max*e.max {
			e.max = math.Sqrt(m)
		}
		return
	}
	e.max = max(e.max, m)
}

// encodeInts writes the codes of vals (zp + roundQuot(x), clamped to the
// code range; one byte each, as int8, uint8, or int4 in the low nibble) into
// codes and accumulates their errors. The error of a value is x −
// float32((q − zp)·s), the float32 product At computes: (q − zp)·s is exact
// in float64, so rounding it to float32 gives that product.
func encodeInts[T Float](vals []T, codes []byte, p *intGroup, e *errAcc) {
	codes = codes[:len(vals)]
	if unsafe.Sizeof(T(0)) == 4 {
		n := encodeIntsAsm(unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(vals))), len(vals)), codes, p, e)
		vals, codes = vals[n:], codes[n:]
	}
	encodeIntsGo(vals, codes, p, e)
}

// encodeIntsGo is encodeInts in Go, one value at a time.
func encodeIntsGo[T Float](vals []T, codes []byte, p *intGroup, e *errAcc) {
	codes = codes[:len(vals)]
	s, inv, h := p.s, p.inv, p.half
	zp, qlo, qhi := p.zp, p.qlo, p.qhi
	// Two sums and maxima halve the chains of dependent operations.
	var ss0, ss1 float64
	m0 := startMag[T](e)
	m1 := m0
	j := 0
	for ; j+2 <= len(vals); j += 2 {
		x0, x1 := float64(vals[j]), float64(vals[j+1])
		q0 := min(max(int(roundQuot(x0, s, inv, h))+zp, qlo), qhi)
		q1 := min(max(int(roundQuot(x1, s, inv, h))+zp, qlo), qhi)
		codes[j], codes[j+1] = byte(q0), byte(q1)
		d0 := x0 - float64(float32(float64(q0-zp)*s))
		d1 := x1 - float64(float32(float64(q1-zp)*s))
		ss0 += d0 * d0
		ss1 += d1 * d1
		if g := errMag[T](d0); g > m0 {
			m0 = g
		}
		if g := errMag[T](d1); g > m1 {
			m1 = g
		}
	}
	if j < len(vals) {
		x := float64(vals[j])
		q := min(max(int(roundQuot(x, s, inv, h))+zp, qlo), qhi)
		codes[j] = byte(q)
		d := x - float64(float32(float64(q-zp)*s))
		ss0 += d * d
		if g := errMag[T](d); g > m0 {
			m0 = g
		}
	}
	addErr[T](e, ss0+ss1, max(m0, m1))
}

// nf4Mid holds the midpoints between consecutive NF4 levels, exact in
// float64: a ratio above nf4Mid[k] is nearer level k+1.
var nf4Mid = func() (m [16]float64) {
	for k := range 15 {
		m[k] = (float64(nf4Levels[k]) + float64(nf4Levels[k+1])) / 2
	}
	m[15] = math.Inf(1)
	return m
}()

// nf4Bin returns the bin of the ratio t = x/absmax: int((t+1)·nf4Bins/2),
// clamped to 0..nf4Bins. It never decreases as t grows.
func nf4Bin(t float64) int {
	return max(0, min(int((t+1)*(nf4Bins/2)), nf4Bins))
}

// nf4Table maps a bin to the NF4 code of every ratio in it (low 4 bits),
// or, where the bin or a neighbour holds midpoint k (bit 4 set), to k: the
// code is then k, or k+1 for a value above nf4Mid[k]·absmax. Bins are far
// wider than the rounding of x·(1/absmax), so a ratio's computed bin is at
// most one away from its exact one, and far narrower than the gaps between
// levels, so at most one midpoint is near a bin.
//
// The table is indexed by int((t+1)·nf4Bins/2) masked to its length
// without a clamp: ratios within [-2, 2) (an absmax rounded down to a
// float32 subnormal leaves |t| below 2) land past nf4Bins for t > 1 and,
// through the mask, at the top of the table for t < -1, where the entries
// hold the codes of 1 and -1.
var nf4Table = func() (t [4 * nf4Bins]uint8) {
	var at [15]int
	for k := range at {
		at[k] = nf4Bin(nf4Mid[k])
	}
	for i := range t {
		code := 0
		switch {
		case i > 3*nf4Bins:
			code = 0
		case i > nf4Bins:
			code = 15
		default:
			for k := range at {
				if at[k] < i-1 {
					code = k + 1
				}
				if i-1 <= at[k] && at[k] <= i+1 {
					code = k | 16
					break
				}
			}
		}
		t[i] = uint8(code)
	}
	return t
}()

// encodeNF4 writes the NF4 codes of vals, in a group of the given absmax,
// into codes (one a byte): the level nearest to x/absmax, the lower one on a
// tie, and code 7 (level 0) for every value of an all-zero group.
func encodeNF4[T Float](vals []T, codes []byte, absmax float32, e *errAcc) {
	codes = codes[:len(vals)]
	var ss float64
	m := startMag[T](e)
	if absmax == 0 {
		for j, v := range vals {
			codes[j] = 7
			d := float64(v)
			ss += d * d
			if g := errMag[T](d); g > m {
				m = g
			}
		}
		addErr[T](e, ss, m)
		return
	}
	// The dequantized levels, float32 products as At computes them.
	var lev [16]float64
	for c, l := range nf4Levels {
		lev[c] = float64(l * absmax)
	}
	a := float64(absmax)
	inv := 1 / a
	for j, v := range vals {
		x := float64(v)
		c := nf4Table[int((x*inv+1)*(nf4Bins/2))&(len(nf4Table)-1)]
		if c&16 != 0 {
			c &= 15
			if x > nf4Mid[c]*a { // exact: a 25-bit midpoint times a float32
				c++
			}
		}
		codes[j] = c
		d := x - lev[c&15]
		ss += d * d
		if g := errMag[T](d); g > m {
			m = g
		}
	}
	addErr[T](e, ss, m)
}

// pow2 returns 2^k for -1022 ≤ k ≤ 1023.
func pow2(k int) float64 { return math.Float64frombits(uint64(k+1023) << 52) }

// mxScale returns the E8M0 scale of an MX block whose largest magnitude is
// absmax, for an element type whose largest normal has exponent emax: 127
// plus the shared exponent ⌊log2 absmax⌋ − emax, clamped to -127..127, and
// 127 (a shared exponent of 0) for an all-zero block.
func mxScale(absmax float64, emax int) uint8 {
	if absmax == 0 {
		return 127
	}
	x := int(math.Float64bits(absmax)>>52) - 1023 - emax
	return uint8(max(-127, min(x, 127)) + 127)
}

// roundFP rounds a ≥ 0 to the nearest value of a small float format with
// mbits mantissa bits and smallest normal exponent emin, ties to even,
// saturating at maxNormal (whose code is maxCode), and returns the code's
// magnitude bits. Codes of such formats grow with the value, subnormals
// included, so the code is (e−emin)<<mbits plus the rounded mantissa: a
// carry out of the mantissa moves to the next exponent by itself. It builds
// the tables of mxTable.
func roundFP(a float64, mbits, emin int, maxNormal float64, maxCode uint8) uint8 {
	if a >= maxNormal {
		return maxCode
	}
	d := int(math.Float64bits(a)>>52) - 1023 - emin
	e := emin + d&^(d>>63)
	m := (a*pow2(mbits-e) + rne) - rne
	return uint8((e-emin)<<mbits + int(m))
}

// mxTable rounds an MX element a = |x|·2^-X ≥ 0 (below 2^(emax+1)) to its
// code's magnitude bits by a lookup on a's float64 bits: its exponent and
// its top mbits+1 mantissa bits (the kept bits and the round bit) form a
// key, and a sticky bit says whether any bit below them is set. Every
// point where the rounding changes (a value of the format, a midpoint
// between two, the saturation point) has a zero sticky bit, so all the a
// of one key and sticky bit round alike; the entry holds roundFP of one of
// them. Keys below that of the smallest midpoint (half the smallest
// subnormal) all round to 0 and share entry 0.
type mxTable struct {
	shift  uint   // 52 − (mbits+1): the key is bits >> shift
	base   int    // the key of exponent low with a zero mantissa, whose a round to 0
	sticky uint64 // the bits below the key
	codes  []uint8
	sign   uint          // the bit of the element's sign in its code
	values *[256]float64 // the element's value of each code
}

// newMXTable builds the mxTable of a format with mbits mantissa bits,
// smallest normal exponent emin, largest normal maxNormal (code maxCode),
// largest exponent emax, its sign in bit sign of a code and its values
// (the codes beyond them 0); low is an exponent below which every a
// rounds to 0.
func newMXTable[V float32 | float64](mbits, emin, emax, low int, maxNormal float64, maxCode uint8, sign uint, values []V) mxTable {
	t := mxTable{shift: uint(52 - (mbits + 1)), sign: sign, values: new([256]float64)}
	for c, v := range values {
		t.values[c] = float64(v)
	}
	t.sticky = 1<<t.shift - 1
	t.base = (1023 + low) << (mbits + 1)
	top := (1023+emax+1)<<(mbits+1) - t.base
	n := 1
	for n < 2*top {
		n *= 2
	}
	t.codes = make([]uint8, n)
	for k := range top {
		bits := uint64(k+t.base) << t.shift
		t.codes[2*k] = roundFP(math.Float64frombits(bits), mbits, emin, maxNormal, maxCode)
		t.codes[2*k+1] = roundFP(math.Float64frombits(bits|1), mbits, emin, maxNormal, maxCode)
	}
	return t
}

var (
	// e2m1Table rounds E2M1 elements, a < 8; a below 2^-2 rounds to 0.
	e2m1Table = newMXTable(1, 0, 2, -3, 6, 7, 3, e2m1Values[:])
	// e4m3Table rounds E4M3 elements, a < 2^9; a below 2^-10 rounds to 0.
	e4m3Table = newMXTable(3, -6, 8, -11, 448, 0x7E, 7, e4m3Values[:])
)

// mxCode returns the magnitude bits of the code of a, given as the bits b
// of a float64 ≥ 0 below the range limit of the mxTable whose fields follow
// (the encoders hold them in locals so that their loops do not reload
// them). The keys below base clamp to 0 without a branch: in MX blocks of
// a wide spread such keys come and go unpredictably.
func mxCode(b uint64, shift uint, base int, sticky uint64, codes []uint8) uint8 {
	k := int(b>>(shift&63)) - base
	k &^= k >> 63
	st := 0
	if b&sticky != 0 {
		st = 1
	}
	return codes[(2*k+st)&(len(codes)-1)]
}

// encodeE2M1 writes the FP4 E2M1 codes of vals, an MX block of E8M0 scale
// s, into codes (one a byte): |x|·2^(127−s), exact, rounded to the nearest
// E2M1 value, ties to even, saturated at 6, with x's sign. A value's
// dequantized value, the float32 product E2M1·E8M0(s) of At, is exact, so
// it is the float64 product.
func encodeE2M1[T Float](vals []T, codes []byte, s uint8, e *errAcc) {
	encodeMX(vals, codes, s, &e2m1Table, e)
}

// encodeE4M3 writes the FP8 E4M3 codes of vals, an MX block of E8M0 scale s,
// into codes: |x|·2^(127−s), exact, rounded to the nearest E4M3 value, ties
// to even, saturated at 448 (never NaN), with x's sign. As for E2M1, the
// dequantized value is the exact float64 product.
func encodeE4M3[T Float](vals []T, codes []byte, s uint8, e *errAcc) {
	encodeMX(vals, codes, s, &e4m3Table, e)
}

// encodeMX writes the codes of vals in the element format of t, an MX
// block of E8M0 scale s, into codes (one a byte) and accumulates their
// errors.
func encodeMX[T Float](vals []T, codes []byte, s uint8, t *mxTable, e *errAcc) {
	codes = codes[:len(vals)]
	scale, px := pow2(127-int(s)), float64(E8M0(s))
	shift, base, sticky, tab := t.shift, t.base, t.sticky, t.codes
	sign, dec := t.sign&63, t.values
	var ss float64
	m := startMag[T](e)
	for j, v := range vals {
		x := float64(v)
		b := math.Float64bits(x * scale)
		c := mxCode(b&^(1<<63), shift, base, sticky, tab) | uint8(b>>63)<<sign
		codes[j] = c
		d := x - dec[c]*px
		ss += d * d
		if g := errMag[T](d); g > m {
			m = g
		}
	}
	addErr[T](e, ss, m)
}
