package kernels

// PushMode says where PushHadamard2 puts each child's product.
type PushMode uint8

const (
	// PushLeaves scatters every leaf, times its value and the product down
	// to its child, into the out row the leaf names: MTTKRP's output mode
	// at the leaves.
	PushLeaves PushMode = iota
	// PushChildren gathers every child's leaves into one sum and adds it,
	// times the node's product, into the out row the child names: MTTKRP's
	// output mode one level above the leaves.
	PushChildren
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
// Families push2.f32 and push2.f64. Paths: ref, generic, avx2, avx512, neon.
func PushHadamard2[T Float](mode PushMode, out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r int) {
	if r < 1 || len(ptr) == 0 || len(above) < r {
		panic("kernels: PushHadamard2: r < 1, empty ptr or above shorter than r")
	}
	if mode > PushChildren {
		panic("kernels: PushHadamard2: unknown mode")
	}
	nc := len(ptr) - 1
	e0, e1 := ptr[0], ptr[nc]
	if NonDecreasing(ptr) >= 0 || e1 >= uint64(len(lptr)) || e1 > uint64(len(crd)) || len(ycrd) < nc {
		panic("kernels: PushHadamard2: ptr decreases or exceeds lptr/crd/ycrd")
	}
	if nc == 0 {
		return
	}
	lp := lptr[e0 : e1+1]
	lo, hi := lp[0], lp[len(lp)-1]
	if NonDecreasing(lp) >= 0 || hi > uint64(len(vals)) || hi > uint64(len(idx)) {
		panic("kernels: PushHadamard2: lptr decreases or exceeds vals/idx")
	}
	if Max(ycrd[:nc]) >= uint64(len(y)/r) {
		panic("kernels: PushHadamard2: ycrd out of range of y")
	}
	crdRows, idxRows := uint64(len(f)/r), uint64(len(out)/r)
	if mode == PushChildren {
		crdRows, idxRows = idxRows, crdRows
	}
	if e1 > e0 && Max(crd[e0:e1]) >= crdRows {
		panic("kernels: PushHadamard2: crd out of range")
	}
	if hi > lo && Max(idx[lo:hi]) >= idxRows {
		panic("kernels: PushHadamard2: idx out of range")
	}
	mustNotAlias("PushHadamard2", out, ycrd, ptr, crd, lptr, idx)
	if is32[T]() {
		push2F32.fn(f32s(out), f32s(above), f32s(y), ycrd, ptr, crd, lptr, f32s(vals), idx, f32s(f), r, int(mode))
	} else {
		push2F64.fn(f64s(out), f64s(above), f64s(y), ycrd, ptr, crd, lptr, f64s(vals), idx, f64s(f), r, int(mode))
	}
}

// push2Func is the kernel signature (mode a PushMode).
type push2Func[T Float] func(out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode int)

var (
	push2F32 = newFamily[push2Func[float32]]("push2.f32", push2Ref[float32], push2Generic[float32])
	push2F64 = newFamily[push2Func[float64]]("push2.f64", push2Ref[float64], push2Generic[float64])
)

func push2Ref[T Float](out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode int) {
	push2Cols(out, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r, mode, 0)
}

// push2Cols is push2Ref on columns k0..r-1 (the NEON glue's tail).
func push2Cols[T Float](out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode, k0 int) {
	for c := 0; c+1 < len(ptr); c++ {
		u := int(ycrd[c]) * r
		for k := k0; k < r; k++ {
			p := above[k] * y[u+k]
			for e := ptr[c]; e < ptr[c+1]; e++ {
				if PushMode(mode) == PushLeaves {
					q := p * f[int(crd[e])*r+k]
					for j := lptr[e]; j < lptr[e+1]; j++ {
						out[int(idx[j])*r+k] += vals[j] * q
					}
				} else {
					var t T
					for j := lptr[e]; j < lptr[e+1]; j++ {
						t += vals[j] * f[int(idx[j])*r+k]
					}
					out[int(crd[e])*r+k] += p * t
				}
			}
		}
	}
}

// push2Generic works on column blocks of up to 64, the node's product and
// the child's on the stack; the order of every sum is ref's.
func push2Generic[T Float](out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode int) {
	var p, q [64]T
	for c := 0; c+1 < len(ptr); c++ {
		u := int(ycrd[c]) * r
		for k0 := 0; k0 < r; k0 += 64 {
			w := min(64, r-k0)
			pb, qb := p[:w], q[:w]
			ab, yr := above[k0:][:w], y[u+k0:][:w]
			for k := range pb {
				pb[k] = ab[k] * yr[k]
			}
			for e := ptr[c]; e < ptr[c+1]; e++ {
				if PushMode(mode) == PushLeaves {
					fr := f[int(crd[e])*r+k0:][:w]
					for k := range qb {
						qb[k] = pb[k] * fr[k]
					}
					for j := lptr[e]; j < lptr[e+1]; j++ {
						v := vals[j]
						or := out[int(idx[j])*r+k0:][:w]
						for k := range qb {
							or[k] += v * qb[k]
						}
					}
					continue
				}
				clear(qb)
				for j := lptr[e]; j < lptr[e+1]; j++ {
					v := vals[j]
					fr := f[int(idx[j])*r+k0:][:w]
					for k := range qb {
						qb[k] += v * fr[k]
					}
				}
				or := out[int(crd[e])*r+k0:][:w]
				for k := range qb {
					or[k] += pb[k] * qb[k]
				}
			}
		}
	}
}
