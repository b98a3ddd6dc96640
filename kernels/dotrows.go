package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

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
// Indices out of range: the panics above come before any write, from a
// pass over the index arrays. Every path also checks each segment and index
// again when it reads it (a compare and a branch that valid data never
// takes), which the format packages rely on when they skip that pass on a
// validated structure whose index arrays may have changed since: on one out
// of range the kernel stops and panics with "kernels: DotRows: index out of
// range (an index array changed after validation?)", leaving what it wrote
// before, and it never reads or writes outside its slices.
//
// Families dotrows.f32 and dotrows.f64. Paths: ref, generic, avx2, avx512, neon.
func DotRows[T Float](dst, q, k []T, idx []uint64, scale T) {
	engine.DotRows(dst, q, k, idx, scale)
}
