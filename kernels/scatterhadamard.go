package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

// ScatterHadamard is the leaf-mode fiber loop of MTTKRP: for every node c of
// the level above the leaves it forms p = base ∘ y[crd[c]] and adds p, scaled
// by each leaf value, into the out rows the leaves name. Rows have r elements:
//
//	for c := 0; c+1 < len(ptr); c++ {
//		for k := 0; k < r; k++ {
//			for j := ptr[c]; j < ptr[c+1]; j++ {
//				p := base[k] * y[crd[c]*r+k]
//				out[idx[j]*r+k] += vals[j] * p
//			}
//		}
//	}
//
// It panics unless r >= 1, len(base) >= r, ptr is non-empty and
// non-decreasing with ptr[len(ptr)-1] <= len(vals), len(idx), len(crd) >=
// len(ptr)-1, and the rows named by crd and idx lie within y and out: the
// crd of every node, a node without leaves too (whose row is never read).
// Assembly paths use fused multiply-add.
//
// Indices out of range: the panics above come before any write, from a
// pass over the index arrays. Every path also checks each segment and index
// again when it reads it (a compare and a branch that valid data never
// takes), which the format packages rely on when they skip that pass on a
// validated structure whose index arrays may have changed since: on one out
// of range the kernel stops and panics with "kernels: ScatterHadamard: index out of
// range (an index array changed after validation?)", leaving what it wrote
// before, and it never reads or writes outside its slices. A node without leaves
// reads neither its crd entry nor its base row.
//
// Families scatterhadamard.f32 and scatterhadamard.f64. Paths: ref, generic, avx2, avx512, neon.
func ScatterHadamard[T Float](out, base, y []T, crd, ptr []uint64, vals []T, idx []uint64, r int) {
	engine.ScatterHadamard(out, base, y, crd, ptr, vals, idx, r)
}

// ScatterHadamardIndexed is ScatterHadamard with a base row per node: p =
// base[brow[c]*r:] ∘ y[crd[c]*r:]. With brow the parent of every node, one
// call covers two tree levels. It panics as ScatterHadamard does, and unless
// brow names rows within base.
func ScatterHadamardIndexed[T Float](out, base []T, brow []uint64, y []T, crd, ptr []uint64, vals []T, idx []uint64, r int) {
	engine.ScatterHadamardIndexed(out, base, brow, y, crd, ptr, vals, idx, r)
}
