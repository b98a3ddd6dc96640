package quant

import (
	"math"

	"github.com/hurray-format/hurray-go/kernels/amd64"
)

// Quantizing float32 values runs the AVX-512 kernels of package
// kernels/amd64 where the CPU and build have them (amd64.HasAVX512; never
// under the purego and noasm tags or on other architectures): the largest
// magnitude of a group (absMax32, quantizeBlocksAsm) and the integer
// encoder (encodeInts for int8, uint8 and int4; quantizeBlocksAsm for whole
// int8 and int4 blocks). They compute each value in the float64 operations
// of the Go encoder, so the codes, the parameters and the largest error
// are bit for bit the Go encoder's, and the sum of squared errors differs
// only in the order of its additions (tested). Quantizing is not a product,
// so it is not a family of package kernels: forcing a path there does not
// change it.

// kernelStep is the number of values the encoder kernels take at a time.
const kernelStep = 16

// encodeIntsAsm encodes the leading values of vals, a multiple of
// kernelStep, with the AVX-512 integer encoder and group p's parameters,
// adds their errors to e and returns how many it encoded: none without
// the kernel.
func encodeIntsAsm(vals []float32, codes []byte, p *intGroup, e *errAcc) int {
	if !amd64.HasAVX512 || len(vals) < kernelStep {
		return 0
	}
	gpar := [3]float64{p.inv, p.s, float64(p.zp)}
	whole := len(vals) &^ (kernelStep - 1)
	return encodeRuns(codes[:len(vals)], vals[:whole], gpar[:], whole, whole, false, func(int) intGroup { return *p }, e)
}

// encodeRuns encodes vals (a multiple of kernelStep) into codes (bytes, or
// nibbles from codes[0]'s low one when nib) with the AVX-512 encoder, in
// groups with parameters group(g) and gpar (three a group, the kernel's form):
// the first group's rem values, then groups of b, rem and b multiples of
// kernelStep. The kernel stops before kernelStep values with a quotient
// within rounding of a half; the Go encoder settles those exactly, and the
// kernel goes on after them. It adds the errors to e and returns len(vals).
func encodeRuns(codes []byte, vals []float32, gpar []float64, rem, b int, nib bool, group func(g int) intGroup, e *errAcc) int {
	p0 := group(0)
	par := [5]float64{float64(p0.qlo), float64(p0.qhi), nearHalf}
	var tmp [kernelStep]byte
	g, done := 0, 0
	for done < len(vals) {
		var n int
		if nib {
			n = amd64.QuantizeInts4AVX512(codes[done/2:], vals[done:], gpar[3*g:], rem, b, par[:])
		} else {
			n = amd64.QuantizeIntsAVX512(codes[done:], vals[done:], gpar[3*g:], rem, b, par[:])
		}
		// The group of the value where the kernel stopped, and the values
		// of it left after the kernelStep values the Go encoder takes.
		if n >= rem {
			g += 1 + (n-rem)/b
			rem = b - (n-rem)%b
		} else {
			rem -= n
		}
		done += n
		if done == len(vals) {
			break
		}
		end := done + kernelStep
		p := group(g)
		if nib {
			encodeIntsGo(vals[done:end], tmp[:], &p, e)
			pack4(codes, done, tmp[:])
		} else {
			encodeIntsGo(vals[done:end], codes[done:end], &p, e)
		}
		done, rem = end, rem-kernelStep
		if rem == 0 && done < len(vals) {
			g, rem = g+1, b
		}
	}
	addErr[float32](e, par[3], par[4])
	return len(vals)
}

// blockBatch is the number of blocks quantizeBlocksAsm takes at a time.
const blockBatch = 64

// quantizeBlocksAsm quantizes the whole blocks of b values at the start of
// vals into v (an int8 or int4 scheme by block) with the AVX-512 kernels, a
// batch of blocks at a time: their largest magnitudes, their parameters in
// Go (intParams, as quantizeSeg sets them), then their codes. It returns
// the values it quantized (a multiple of b; none without the kernels, for
// another kind, or for b not a multiple of kernelStep) and the index of the
// first value that cannot be quantized, or -1.
func quantizeBlocksAsm(v *Values, vals []float32, b int, e *errAcc) (int, int) {
	k := v.Scheme.kind
	if !amd64.HasAVX512 || k != Int8 && k != Int4 || b%kernelStep != 0 || b > len(vals) {
		return 0, -1
	}
	nib := k == Int4
	var (
		maxBits [blockBatch]uint64
		gpar    [3 * blockBatch]float64
	)
	qhi := 127
	if nib {
		qhi = 7
	}
	lo := 0
	for len(vals)-lo >= b {
		g0 := lo / b
		nb := min(blockBatch, (len(vals)-lo)/b)
		batch := vals[lo : lo+nb*b]
		amd64.AbsMax32AVX512(maxBits[:nb], batch, b)
		for i, m := range maxBits[:nb] {
			if m >= 0x7F800000 {
				for j, x := range batch[i*b : (i+1)*b] {
					if !(math.Abs(float64(x)) <= math.MaxFloat32) {
						return lo, lo + i*b + j
					}
				}
			}
			s := symScale(float64(math.Float32frombits(uint32(m))), qhi)
			v.Scale[g0+i] = s
			gpar[3*i], gpar[3*i+1], gpar[3*i+2] = 1/float64(s), float64(s), 0
		}
		var codes []byte
		if nib {
			codes = v.Codes[lo/2:]
		} else {
			codes = v.Codes[lo:]
		}
		encodeRuns(codes, batch, gpar[:3*nb], b, b, nib, func(g int) intGroup { return symGroup(v.Scale[g0+g], qhi) }, e)
		lo += nb * b
	}
	return lo, -1
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

// symGroup is the intGroup of an int8 or int4 group of scale s.
func symGroup(s float32, qhi int) intGroup {
	p := intGroup{s32: s, s: float64(s), zp: 0, qlo: -qhi, qhi: qhi}
	p.inv, p.half = 1/p.s, p.s/2
	return p
}
