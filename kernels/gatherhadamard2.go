package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

// GatherHadamard2 is GatherHadamard over two levels of a tree: node c of the
// upper level has the children ptr[c]..ptr[c+1]-1, child e has the leaves
// lptr[e]..lptr[e+1]-1, and the Hadamard product with row crd[e] of z is
// taken at the child before the children of c are summed:
//
//	for c := 0; c+1 < len(ptr); c++ {
//		o, u := row of out, row of y  // by mode, as GatherHadamard: (0, ncrd[c]), (ncrd[c], 0) or (c, 0)
//		for k := 0; k < r; k++ {
//			var s T
//			for e := ptr[c]; e < ptr[c+1]; e++ {
//				var t T
//				for j := lptr[e]; j < lptr[e+1]; j++ {
//					t += vals[j] * x[idx[j]*r+k]
//				}
//				s += z[crd[e]*r+k] * t
//			}
//			out[o*r+k] += y[u*r+k] * s
//		}
//	}
//
// It is MTTKRP's step from level N-3 down when the output mode is stored at
// level N-3 or above: one pass over three levels, with no intermediate rows
// in memory. It panics unless r >= 1, ptr is non-empty and
// non-decreasing with ptr[len(ptr)-1] < len(lptr) and <= len(crd),
// lptr[ptr[0]:ptr[len(ptr)-1]+1] is non-decreasing with its last entry <=
// len(vals) and len(idx), ncrd holds a coordinate per node (modes GatherPull
// and GatherScatter), and every row named by idx, crd, ncrd or c lies within
// x, z, y and out. Assembly paths use fused multiply-add, so results may
// differ from ref in the last bits.
//
// Indices out of range: the panics above come before any write, from a
// pass over the index arrays. Every path also checks each segment and index
// again when it reads it (a compare and a branch that valid data never
// takes), which the format packages rely on when they skip that pass on a
// validated structure whose index arrays may have changed since: on one out
// of range the kernel stops and panics with "kernels: GatherHadamard2: index out of
// range (an index array changed after validation?)", leaving what it wrote
// before, and it never reads or writes outside its slices.
//
// Families gatherhadamard2.f32 and gatherhadamard2.f64. Paths: ref, generic, avx2, avx512, neon.
func GatherHadamard2[T Float](mode GatherMode, out, y []T, ncrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r int) {
	engine.GatherHadamard2(mode, out, y, ncrd, ptr, crd, z, lptr, vals, idx, x, r)
}
