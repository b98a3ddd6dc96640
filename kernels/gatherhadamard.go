package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

// GatherMode says where GatherHadamard puts the product of fiber c and which
// row of y multiplies it.
type GatherMode = engine.GatherMode

const (
	// GatherPull adds every fiber into out[0:r] times row crd[c] of y:
	// the pull-up step of MTTKRP below the output mode.
	GatherPull = engine.GatherPull
	// GatherScatter adds fiber c into row crd[c] of out times y[0:r]: the
	// MTTKRP step when the output mode is the level above the leaves.
	GatherScatter = engine.GatherScatter
	// GatherRows adds fiber c into row c of out times y[0:r]: TTM along the
	// leaf level and the leaf SpMM (y all ones).
	GatherRows = engine.GatherRows
)

// GatherHadamard is the fiber loop of MTTKRP, TTM and the leaf SpMM: for every
// node c of a level (len(ptr)-1 of them) it gathers the rows of x named by
// the node's leaves, weighted by their values, and adds their Hadamard
// product with a row of y into a row of out. All rows have r elements:
//
//	for c := 0; c+1 < len(ptr); c++ {
//		o, u := row of out, row of y  // by mode: (0, crd[c]), (crd[c], 0) or (c, 0)
//		for k := 0; k < r; k++ {
//			var t T
//			for j := ptr[c]; j < ptr[c+1]; j++ {
//				t += vals[j] * x[idx[j]*r+k]
//			}
//			out[o*r+k] += y[u*r+k] * t
//		}
//	}
//
// It panics unless r >= 1, ptr is non-empty and non-decreasing with
// ptr[len(ptr)-1] <= len(vals), len(idx), crd holds a coordinate per node
// (modes GatherPull and GatherScatter), and every row named by idx, crd or c
// lies within x, y and out (len/r rows each). Assembly paths use fused
// multiply-add, so results may differ from ref in the last bits.
//
// Indices out of range: the panics above come before any write, from a
// pass over the index arrays. Every path also checks each segment and index
// again when it reads it (a compare and a branch that valid data never
// takes), which the format packages rely on when they skip that pass on a
// validated structure whose index arrays may have changed since: on one out
// of range the kernel stops and panics with "kernels: GatherHadamard: index out of
// range (an index array changed after validation?)", leaving what it wrote
// before, and it never reads or writes outside its slices.
//
// Families gatherhadamard.f32 and gatherhadamard.f64. Paths: ref, generic, avx2, avx512, neon.
func GatherHadamard[T Float](mode GatherMode, out, y []T, crd, ptr []uint64, vals []T, idx []uint64, x []T, r int) {
	engine.GatherHadamard(mode, out, y, crd, ptr, vals, idx, x, r)
}

// GatherHadamardIndexed is GatherHadamard with both rows named by arrays:
// fiber c goes into row orow[c] of out, times row yrow[c] of y.
//
//	for c := 0; c+1 < len(ptr); c++ {
//		for k := 0; k < r; k++ {
//			var t T
//			for j := ptr[c]; j < ptr[c+1]; j++ {
//				t += vals[j] * x[idx[j]*r+k]
//			}
//			out[orow[c]*r+k] += y[yrow[c]*r+k] * t
//		}
//	}
//
// With orow the parent of every node, one call sums each parent's children
// (GatherHadamard2 does two levels without the parent array). It panics as
// GatherHadamard does, and unless orow and yrow name rows within out and y.
func GatherHadamardIndexed[T Float](out []T, orow []uint64, y []T, yrow, ptr []uint64, vals []T, idx []uint64, x []T, r int) {
	engine.GatherHadamardIndexed(out, orow, y, yrow, ptr, vals, idx, x, r)
}
