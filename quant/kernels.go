package quant

import (
	"math"

	"github.com/hurray-format/hurray-go/kernels/amd64"
)

// Quantizing float32 values runs the AVX-512 kernels of package
// kernels/amd64 where the CPU and build have them (amd64.HasAVX512; never
// under the purego and noasm tags or on other architectures): the largest
// magnitude or the span of a group (absMax32, span32), the integer encoder
// of a group (encodeInts: int8, uint8, int4), and whole blocks of the int8,
// uint8, int4, NF4 and MX schemes a batch at a time (quantizeBlocksAsm),
// int8, int4, NF4 and MX block parameters included. They compute each
// code in float32 where that rounds as the Go encoders' float64 operations
// do, or look it up in the Go encoders' tables (and
// in those operations elsewhere), and each error in the float64 operations
// of the Go encoders, so the codes, the parameters and the largest error
// are bit for bit the Go encoders', and the sum of squared errors differs
// only in the order of its additions (tested against the Go encoders and
// the one value at a time reference OldQuantizeTo). Quantizing is
// not a product, so it is not a family of package kernels: forcing a path
// there does not change it.

// encKernel names an encoder kernel of package amd64.
type encKernel uint8

const (
	encInts  encKernel = iota // QuantizeIntsAVX512
	encInts4                  // QuantizeInts4AVX512
	encNF4                    // QuantizeNF4AVX512
	encE2M1                   // QuantizeE2M1AVX512
	encE4M3                   // QuantizeE4M3AVX512
)

// call runs kernel k. (A switch, not a func value: the kernels' arguments
// do not escape, which a call through a func value could not tell.)
func (k encKernel) call(codes []byte, vals []float32, gpar []float64, rem, b int, par []float64) int {
	switch k {
	case encInts:
		return amd64.QuantizeIntsAVX512(codes, vals, gpar, rem, b, par)
	case encInts4:
		return amd64.QuantizeInts4AVX512(codes, vals, gpar, rem, b, par)
	case encNF4:
		return amd64.QuantizeNF4AVX512(codes, vals, gpar, rem, b, par)
	case encE2M1:
		return amd64.QuantizeE2M1AVX512(codes, vals, gpar, rem, b, par)
	default:
		return amd64.QuantizeE4M3AVX512(codes, vals, gpar, rem, b, par)
	}
}

// encPar is an encoder kernel's par: the sum of squared errors and the
// largest squared error, then the kind's constants.
type encPar [67]float64

// intsPar returns the par of the integer encoders for codes qlo..qhi.
func intsPar(qlo, qhi int) encPar {
	return encPar{2: float64(qlo), 3: float64(qhi), 4: nearHalf}
}

// nf4Par is the par of the NF4 encoder: the midpoints between the levels
// (+Inf last), the levels, nf4BinScale and nf4BinCodes.
var nf4Par = func() (p encPar) {
	copy(p[2:18], nf4Mid[:])
	for c, l := range nf4Levels {
		p[18+c] = float64(l)
	}
	p[34] = nf4BinScale
	for i, c := range nf4BinCodes {
		p[35+i] = float64(c)
	}
	return p
}()

// nf4BinScale is K of the NF4 kernel's bins: a value x of a group of
// largest magnitude a lies in bin ⌊(x/a + 1)·K⌋ of 32 (2K < 32), as the
// kernel computes it within 2^-17. A bin is narrower than the gaps between
// the midpoints, nf4Mid (1/K below 0.08), so that x's bin leaves two codes
// to choose from.
const nf4BinScale = 15.75

// nf4BinMargin bounds, with room to spare, how far the kernel's bin
// scale (x·float32(K/a) + K in float32) lies from (x/a + 1)·K.
const nf4BinMargin = 0x1p-10

// nf4BinCodes holds, for each bin of the NF4 kernel, the number of
// midpoints m with (m+1)·K below the bin's start less nf4BinMargin: every
// value whose computed bin it is lies above those midpoints, and, since
// the next midpoint lies more than a bin and two margins above, below all
// but that one (TestNF4BinCodes checks the gaps).
var nf4BinCodes = func() (t [32]uint8) {
	for i := range t {
		for _, m := range nf4Mid[:15] {
			if (m+1)*nf4BinScale < float64(i)-nf4BinMargin {
				t[i]++
			}
		}
	}
	return t
}()

// e4m3Par is the par of the E4M3 encoder: maxNormal, maxCode, emin, mbits
// and 2^mbits of the element format.
var e4m3Par = encPar{2: 448, 3: 0x7E, 4: -6, 5: 3, 6: 8}

// e2m1Par is the par of the E2M1 encoder: from par[8], for each key of
// e2m1Table, the code of its a with a bit below the key set plus 16 times
// the code of its least a; from par[40], the values of the codes.
var e2m1Par = func() (p encPar) {
	for k := range 32 {
		p[8+k] = float64(e2m1Table.codes[2*k+1] | e2m1Table.codes[2*k]<<4)
	}
	for c, v := range e2m1Values {
		p[40+c] = float64(v)
	}
	return p
}()

// encodeIntsAsm encodes the leading values of vals, a multiple of
// kernelStep, with the AVX-512 integer encoder and group p's parameters,
// adds their errors to e and returns how many it encoded: none without
// the kernel.
func encodeIntsAsm(vals []float32, codes []byte, p *intGroup, e *errAcc) int {
	if !amd64.HasAVX512 || len(vals) < kernelStep {
		return 0
	}
	gpar := [3]float64{p.inv, p.s, float64(p.zp)}
	par := [5]float64{2: float64(p.qlo), 3: float64(p.qhi), 4: nearHalf}
	whole := len(vals) &^ (kernelStep - 1)
	encodeRuns(codes[:len(vals)], vals[:whole], gpar[:], whole, whole, false, encInts, par[:],
		func(_, j int) { encodeIntsGo(vals[j:j+kernelStep], codes[j:j+kernelStep], p, e) })
	addErr[float32](e, par[0], par[1])
	return whole
}

// encodeRuns encodes vals (a multiple of kernelStep) into codes (bytes, or
// nibbles from codes[0]'s low one when nib) with kernel kern, in groups
// with parameters gpar (three a group): the first group's rem values, then
// groups of b, rem and b multiples of kernelStep. Where a kernel stops (an
// integer kernel before kernelStep values with a quotient within rounding
// of a half, the NF4 kernel before the values of a group too small for its
// bins), settle(g, j) encodes values j..j+kernelStep-1 of group g in Go,
// and the kernel goes on after them. The kernel's errors are summed in par
// (par[0], par[1]; its constants follow, as many as kern reads).
func encodeRuns(codes []byte, vals []float32, gpar []float64, rem, b int, nib bool, kern encKernel, par []float64, settle func(g, j int)) {
	g, done := 0, 0
	for {
		var n int
		if nib {
			n = kern.call(codes[done/2:], vals[done:], gpar[3*g:], rem, b, par)
		} else {
			n = kern.call(codes[done:], vals[done:], gpar[3*g:], rem, b, par)
		}
		// The group of the value where the kernel stopped, and the values
		// of it left.
		if n >= rem {
			g += 1 + (n-rem)/b
			rem = b - (n-rem)%b
		} else {
			rem -= n
		}
		done += n
		if done == len(vals) {
			return
		}
		settle(g, done)
		done, rem = done+kernelStep, rem-kernelStep
		if rem == 0 && done < len(vals) {
			g, rem = g+1, b
		}
	}
}

// quantizeBlocksAsm quantizes the whole blocks of b values at the start of
// vals into v (an int8, uint8, int4, NF4 or MX scheme by block) with the
// AVX-512 kernels, a batch of blocks at a time: their largest magnitudes
// (spans for uint8), their parameters as quantizeSeg sets them (by kernels
// eight blocks at a time for int8, int4, NF4 and MX, in Go for uint8 and
// the blocks those kernels leave), then their codes. It returns the
// values it quantized (a multiple of b; none without the
// kernels, for another kind, or for b not a multiple of kernelStep) and
// the index of the first value that cannot be quantized, or -1.
func quantizeBlocksAsm(v *Values, vals []float32, b int, e *errAcc) (int, int) {
	k := v.Scheme.kind
	if !amd64.HasAVX512 || b%kernelStep != 0 || b > len(vals) {
		return 0, -1
	}
	var (
		kern encKernel
		par  encPar
		nib  = true
		qhi  = 7
	)
	switch k {
	case Int8:
		kern, par, nib, qhi = encInts, intsPar(-127, 127), false, 127
	case Uint8:
		kern, par, nib = encInts, intsPar(0, 255), false
	case Int4:
		kern, par = encInts4, intsPar(-7, 7)
	case NF4:
		kern, par = encNF4, nf4Par
	case MXFP4:
		kern, par = encE2M1, e2m1Par
	case MXFP8:
		kern, par, nib = encE4M3, e4m3Par, false
	default:
		return 0, -1
	}
	var (
		maxBits [blockBatch]uint64
		gpar    [3 * blockBatch]float64
		tmp     [kernelStep]byte
	)
	emax := 2
	if k == MXFP8 {
		emax = 8
	}
	lo := 0
	for len(vals)-lo >= b {
		g0 := lo / b
		nb := min(blockBatch, (len(vals)-lo)/b)
		batch := vals[lo : lo+nb*b]
		if k == Uint8 {
			amd64.Span32AVX512(maxBits[:nb], batch, b)
		} else {
			amd64.AbsMax32AVX512(maxBits[:nb], batch, b)
		}
		// Int8, int4, NF4 and MX parameters: a kernel sets eight groups
		// at a time; the up to eight groups it stops before (int8 and
		// int4: a zero, tiny, huge or non-finite largest magnitude; NF4
		// and MX: a non-finite one) are set one at a time below, then the
		// kernel goes on.
		next := 0
		for i := 0; i < nb; i++ {
			if i == next {
				switch k {
				case Int8, Int4:
					i += amd64.SymScalesAVX512(v.Scale[g0+i:g0+nb], gpar[3*i:3*nb], maxBits[i:nb], float64(qhi))
				case NF4:
					i += amd64.NF4ScalesAVX512(v.Scale[g0+i:g0+nb], gpar[3*i:3*nb], maxBits[i:nb])
				case MXFP4, MXFP8:
					i += amd64.MXScalesAVX512(v.Exp[g0+i:g0+nb], gpar[3*i:3*nb], maxBits[i:nb], emax)
				}
				if i == nb {
					break
				}
				next = i + 8
			}
			m := maxBits[i]
			var lo32, hi32 float64
			ok := m < 0x7F800000
			if k == Uint8 {
				lo32, hi32, ok = spanOfBits(int32(m>>32), uint32(m))
			}
			if !ok {
				for j, x := range batch[i*b : (i+1)*b] {
					if !(math.Abs(float64(x)) <= math.MaxFloat32) {
						return lo, lo + i*b + j
					}
				}
			}
			a := math.Float32frombits(uint32(m))
			gp := gpar[3*i : 3*i+3]
			switch k {
			case Int8, Int4:
				s := symScale(float64(a), qhi)
				v.Scale[g0+i] = s
				gp[0], gp[1], gp[2] = 1/float64(s), float64(s), 0
			case Uint8:
				s, zp, inv := uint8Params(lo32, hi32)
				v.Scale[g0+i], v.Zero[g0+i] = s, uint8(zp)
				gp[0], gp[1], gp[2] = inv, float64(s), float64(zp)
			case NF4:
				v.Scale[g0+i] = a
				gp[0] = float64(a)
				if a == 0 {
					// Every value is ±0 and takes code 7, level 0, which
					// the kernel finds for any positive a.
					gp[0] = 1
				}
			case MXFP4, MXFP8:
				x := mxScale(float64(a), emax)
				v.Exp[g0+i] = x
				gp[0], gp[1] = pow2(127-int(x)), float64(E8M0(x))
			}
		}
		var codes []byte
		if nib {
			codes = v.Codes[lo/2:]
		} else {
			codes = v.Codes[lo:]
		}
		// The integer kernels stop short for Go to settle a value within
		// rounding of a half, the NF4 kernel before a group too small for
		// its bins.
		settle := func(g, j int) {
			if k == NF4 {
				encodeNF4(batch[j:j+kernelStep], tmp[:], v.Scale[g0+g], e)
				pack4(codes, j, tmp[:])
				return
			}
			var p intGroup
			if k == Uint8 {
				p = uint8Group(v.Scale[g0+g], int(v.Zero[g0+g]))
			} else {
				p = symGroup(v.Scale[g0+g], qhi)
			}
			if nib {
				encodeIntsGo(batch[j:j+kernelStep], tmp[:], &p, e)
				pack4(codes, j, tmp[:])
			} else {
				encodeIntsGo(batch[j:j+kernelStep], codes[j:j+kernelStep], &p, e)
			}
		}
		encodeRuns(codes, batch, gpar[:3*nb], b, b, nib, kern, par[:], settle)
		addErr[float32](e, par[0], par[1])
		par[0], par[1] = 0, 0
		lo += nb * b
	}
	return lo, -1
}

// uint8Params returns the scale, zero point and float64 reciprocal of the
// scale that intParams gives a uint8 group spanning [lo, hi], lo ≤ 0 ≤ hi.
// A range whose scale is a normal float32 no larger than 2^120 needs
// neither scaleFor's nor fitScale's adjustments (255 times it stays
// finite), so the common case takes two divisions; the others are
// intParams'.
func uint8Params(lo, hi float64) (float32, int, float64) {
	r := hi - lo
	if r <= 0 {
		return 1, 0, 1
	}
	s32 := float32(r / 255)
	if s32 < 0x1p-126 || s32 > 0x1p120 {
		p := intParams(Uint8, lo, hi)
		return p.s32, p.zp, p.inv
	}
	s := float64(s32)
	inv := 1 / s
	return s32, int(max(0, min(255, roundQuot(-lo, s, inv, s/2)))), inv
}

// uint8Group is the intGroup of a uint8 group of scale s and zero point
// zp.
func uint8Group(s float32, zp int) intGroup {
	p := intGroup{s32: s, s: float64(s), zp: zp, qlo: 0, qhi: 255}
	p.inv, p.half = 1/p.s, p.s/2
	return p
}
