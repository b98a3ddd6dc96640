package kernels

// DotRows computes a batch of scaled dot products of one row q against rows
// of k: the SDDMM loop over one fiber. With d = len(q):
//
//	for j := range dst {
//		var s T
//		for t := 0; t < d; t++ {
//			s += q[t] * k[idx[j]*d+t]
//		}
//		dst[j] = scale * s
//	}
//
// It panics unless len(q) >= 1, len(idx) >= len(dst) and every idx[j] names
// a row within k (len(k)/d rows). Assembly paths use fused multiply-add and
// several partial sums, so results may differ from ref in the last bits.
//
// Families dot.f32 and dot.f64. Paths: ref, generic, avx2, avx512, neon.
func DotRows[T Float](dst, q, k []T, idx []uint64, scale T) {
	d := len(q)
	if d < 1 || len(idx) < len(dst) {
		panic("kernels: DotRows: empty q or idx shorter than dst")
	}
	if len(dst) == 0 {
		return
	}
	if Max(idx[:len(dst)]) >= uint64(len(k)/d) {
		panic("kernels: DotRows: idx out of range of k")
	}
	mustNotAlias("DotRows", dst, idx)
	if is32[T]() {
		dotF32.fn(f32s(dst), f32s(q), f32s(k), idx, float32(scale))
	} else {
		dotF64.fn(f64s(dst), f64s(q), f64s(k), idx, float64(scale))
	}
}

type dotFunc[T Float] func(dst, q, k []T, idx []uint64, scale T)

var (
	dotF32 = newFamily[dotFunc[float32]]("dot.f32", dotRef[float32], dotGeneric[float32])
	dotF64 = newFamily[dotFunc[float64]]("dot.f64", dotRef[float64], dotGeneric[float64])
)

func dotRef[T Float](dst, q, k []T, idx []uint64, scale T) {
	d := len(q)
	for j := range dst {
		var s T
		for t := 0; t < d; t++ {
			s += q[t] * k[int(idx[j])*d+t]
		}
		dst[j] = scale * s
	}
}

// dotGeneric keeps four partial sums.
func dotGeneric[T Float](dst, q, k []T, idx []uint64, scale T) {
	d := len(q)
	for j := range dst {
		kr := k[int(idx[j])*d:][:d]
		var s0, s1, s2, s3 T
		t := 0
		for ; t+4 <= d; t += 4 {
			s0 += q[t] * kr[t]
			s1 += q[t+1] * kr[t+1]
			s2 += q[t+2] * kr[t+2]
			s3 += q[t+3] * kr[t+3]
		}
		for ; t < d; t++ {
			s0 += q[t] * kr[t]
		}
		dst[j] = scale * ((s0 + s1) + (s2 + s3))
	}
}
