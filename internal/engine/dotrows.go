package engine

// DotRows implements kernels.DotRows.
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
	DotRowsUnchecked(dst, q, k, idx, scale)
}

// DotRowsUnchecked is DotRows without its pass over idx, for callers whose
// indices come from a validated tensor and that have checked k against
// its shape. Every path still checks each index when it reads it and
// panics with dotRowsBadIndex on one out of range, and checks the lengths
// it relies on (dotRowsBounds).
func DotRowsUnchecked[T Float](dst, q, k []T, idx []uint64, scale T) {
	if len(dst) == 0 {
		return
	}
	if is32[T]() {
		dotRowsF32.fn(f32s(dst), f32s(q), f32s(k), idx, float32(scale))
	} else {
		dotRowsF64.fn(f64s(dst), f64s(q), f64s(k), idx, float64(scale))
	}
}

type dotRowsFunc[T Float] func(dst, q, k []T, idx []uint64, scale T)

var (
	dotRowsF32 = newFamily[dotRowsFunc[float32]]("dotrows.f32", dotRowsRef[float32], dotRowsGeneric[float32])
	dotRowsF64 = newFamily[dotRowsFunc[float64]]("dotrows.f64", dotRowsRef[float64], dotRowsGeneric[float64])
)

// dotRowsBadIndex is the panic of every DotRows path when an index is at
// or above k's rows when the kernel reads it (see gatherHadamardBadIndex).
const dotRowsBadIndex = "kernels: DotRows: index out of range (an index array changed after validation?)"

// dotRowsBounds checks the lengths every DotRows path relies on (q not
// empty, idx holding an entry per dst element) and returns k's rows.
func dotRowsBounds(dst, q, k, idx int) uint64 {
	if q < 1 || idx < dst {
		panic("kernels: DotRows: empty q or idx shorter than dst")
	}
	return uint64(k / q)
}

func dotRowsRef[T Float](dst, q, k []T, idx []uint64, scale T) {
	krows := dotRowsBounds(len(dst), len(q), len(k), len(idx))
	d := len(q)
	for j := range dst {
		kj := idx[j] // read once: dst may overlap idx
		if kj >= krows {
			panic(dotRowsBadIndex)
		}
		var s T
		for t := 0; t < d; t++ {
			s += q[t] * k[int(kj)*d+t]
		}
		dst[j] = scale * s
	}
}

// dotRowsGeneric keeps four partial sums.
func dotRowsGeneric[T Float](dst, q, k []T, idx []uint64, scale T) {
	krows := dotRowsBounds(len(dst), len(q), len(k), len(idx))
	d := len(q)
	for j := range dst {
		kj := idx[j]
		if kj >= krows {
			panic(dotRowsBadIndex)
		}
		kr := k[int(kj)*d:][:d]
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

// raceDotRows records what a DotRows assembly call on rows lo..end-1 read
// and wrote, for asmPieces: q, the rows' indices, the rows of k they name
// (those below krows) and the rows' results.
func raceDotRows[T Float](dst, q, k []T, idx []uint64, krows uint64, lo, end int) {
	raceRead(q)
	raceRead(idx[lo:end])
	for _, j := range idx[lo:end] {
		if j < krows {
			raceRead(k[int(j)*len(q):][:len(q)])
		}
	}
	raceWrite(dst[lo:end])
}
