package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

// PushMode says where PushHadamard2 puts each child's product.
type PushMode = engine.PushMode

const (
	// PushLeaves scatters every leaf, times its value and the product down
	// to its child, into the out row the leaf names: MTTKRP's output mode
	// at the leaves.
	PushLeaves = engine.PushLeaves
	// PushChildren gathers every child's leaves into one sum and adds it,
	// times the node's product, into the out row the child names: MTTKRP's
	// output mode one level above the leaves.
	PushChildren = engine.PushChildren
)

// PushHadamard2 is MTTKRP's push-down through two tree levels in one pass:
// node c of the upper level forms p = above ∘ y[ycrd[c]], its children are
// ptr[c]..ptr[c+1]-1 and child e's leaves lptr[e]..lptr[e+1]-1. All rows have
// r elements:
//
//	for c := 0; c+1 < len(ptr); c++ {
//		for k := 0; k < r; k++ {
//			p := above[k] * y[ycrd[c]*r+k]
//			for e := ptr[c]; e < ptr[c+1]; e++ {
//				switch mode {
//				case PushLeaves:
//					q := p * f[crd[e]*r+k]
//					for j := lptr[e]; j < lptr[e+1]; j++ {
//						out[idx[j]*r+k] += vals[j] * q
//					}
//				case PushChildren:
//					var t T
//					for j := lptr[e]; j < lptr[e+1]; j++ {
//						t += vals[j] * f[idx[j]*r+k]
//					}
//					out[crd[e]*r+k] += p * t
//				}
//			}
//		}
//	}
//
// It panics unless r >= 1, len(above) >= r, ptr is non-empty and
// non-decreasing with ptr[len(ptr)-1] < len(lptr) and <= len(crd),
// lptr[ptr[0]:ptr[len(ptr)-1]+1] is non-decreasing with its last entry <=
// len(vals) and len(idx), len(ycrd) >= len(ptr)-1, and every row named by
// ycrd, crd and idx lies within y, f (PushLeaves: crd; PushChildren: idx) and
// out (PushLeaves: idx; PushChildren: crd). Assembly paths use fused
// multiply-add, so results may differ from ref in the last bits.
//
// Indices out of range: the panics above come before any write, from a
// pass over the index arrays. Every path also checks each segment and index
// again when it reads it (a compare and a branch that valid data never
// takes), which the format packages rely on when they skip that pass on a
// validated structure whose index arrays may have changed since: on one out
// of range the kernel stops and panics with "kernels: PushHadamard2: index out of
// range (an index array changed after validation?)", leaving what it wrote
// before, and it never reads or writes outside its slices.
//
// Families pushhadamard2.f32 and pushhadamard2.f64. Paths: ref, generic, avx2, avx512, neon.
func PushHadamard2[T Float](mode PushMode, out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r int) {
	engine.PushHadamard2(mode, out, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r)
}
