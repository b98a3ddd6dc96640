package kernels

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
// Families axpy.f32 and axpy.f64. Paths: ref, generic, avx2, avx512, neon.
func ScatterHadamard[T Float](out, base, y []T, crd, ptr []uint64, vals []T, idx []uint64, r int) {
	if r < 1 || len(ptr) == 0 || len(base) < r {
		panic("kernels: ScatterHadamard: r < 1, empty ptr or base shorter than r")
	}
	nc := len(ptr) - 1
	lo, hi := ptr[0], ptr[nc]
	if NonDecreasing(ptr) >= 0 || hi > uint64(len(vals)) || hi > uint64(len(idx)) || len(crd) < nc {
		panic("kernels: ScatterHadamard: ptr decreases or exceeds vals/idx/crd")
	}
	if lo == hi {
		return
	}
	if Max(idx[lo:hi]) >= uint64(len(out)/r) || nc > 0 && Max(crd[:nc]) >= uint64(len(y)/r) {
		panic("kernels: ScatterHadamard: idx or crd out of range")
	}
	mustNotAlias("ScatterHadamard", out, crd, ptr, idx)
	scatterCall(out, base, y, crd, crd, ptr, vals, idx, r, 0)
}

func scatterCall[T Float](out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB int) {
	if is32[T]() {
		axpyF32.fn(f32s(out), f32s(base), f32s(y), bcrd, crd, ptr, f32s(vals), idx, r, sB)
	} else {
		axpyF64.fn(f64s(out), f64s(base), f64s(y), bcrd, crd, ptr, f64s(vals), idx, r, sB)
	}
}

// ScatterHadamardIndexed is ScatterHadamard with a base row per node: p =
// base[brow[c]*r:] ∘ y[crd[c]*r:]. With brow the parent of every node, one
// call covers two tree levels. It panics as ScatterHadamard does, and unless
// brow names rows within base.
func ScatterHadamardIndexed[T Float](out, base []T, brow []uint64, y []T, crd, ptr []uint64, vals []T, idx []uint64, r int) {
	if r < 1 || len(ptr) == 0 {
		panic("kernels: ScatterHadamardIndexed: r < 1 or empty ptr")
	}
	nc := len(ptr) - 1
	lo, hi := ptr[0], ptr[nc]
	if NonDecreasing(ptr) >= 0 || hi > uint64(len(vals)) || hi > uint64(len(idx)) || len(crd) < nc || len(brow) < nc {
		panic("kernels: ScatterHadamardIndexed: ptr decreases or exceeds vals/idx/crd/brow")
	}
	if lo == hi {
		return
	}
	if Max(idx[lo:hi]) >= uint64(len(out)/r) || Max(crd[:nc]) >= uint64(len(y)/r) || Max(brow[:nc]) >= uint64(len(base)/r) {
		panic("kernels: ScatterHadamardIndexed: idx, crd or brow out of range")
	}
	mustNotAlias("ScatterHadamardIndexed", out, brow, crd, ptr, idx)
	scatterCall(out, base, y, brow, crd, ptr, vals, idx, r, r)
}

// axpyFunc is the kernel signature: the base row of node c is bcrd[c]*sB
// elements in (sB is 0 or r).
type axpyFunc[T Float] func(out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB int)

var (
	axpyF32 = newFamily[axpyFunc[float32]]("axpy.f32", axpyRef[float32], axpyGeneric[float32])
	axpyF64 = newFamily[axpyFunc[float64]]("axpy.f64", axpyRef[float64], axpyGeneric[float64])
)

func axpyRef[T Float](out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB int) {
	for c := 0; c+1 < len(ptr); c++ {
		for k := 0; k < r; k++ {
			for j := ptr[c]; j < ptr[c+1]; j++ {
				p := base[int(bcrd[c])*sB+k] * y[int(crd[c])*r+k]
				out[int(idx[j])*r+k] += vals[j] * p
			}
		}
	}
}

func axpyGeneric[T Float](out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB int) {
	var p [64]T
	for c := 0; c+1 < len(ptr); c++ {
		lo, hi := ptr[c], ptr[c+1]
		if lo == hi {
			continue
		}
		yr := y[int(crd[c])*r:][:r]
		base := base[int(bcrd[c])*sB:][:r]
		for k0 := 0; k0 < r; k0 += 64 {
			w := min(64, r-k0)
			pb := p[:w]
			for k := range pb {
				pb[k] = base[k0+k] * yr[k0+k]
			}
			for j := lo; j < hi; j++ {
				v := vals[j]
				or := out[int(idx[j])*r+k0:][:w]
				for k := range pb {
					or[k] += v * pb[k]
				}
			}
		}
	}
}
