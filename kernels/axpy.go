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
// (A node without leaves reads nothing: its crd need not name a row of y.)
//
// It panics unless r >= 1, len(base) >= r, ptr is non-empty and
// non-decreasing with ptr[len(ptr)-1] <= len(vals), len(idx), len(crd) >=
// len(ptr)-1, and the rows named by crd and idx lie within y and out.
// Assembly paths use fused multiply-add.
//
// Families axpy.f32 and axpy.f64. Paths: ref, generic, avx2, avx512.
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
	if is32[T]() {
		scatterF32.fn(f32s(out), f32s(base), f32s(y), crd, ptr, f32s(vals), idx, r)
	} else {
		scatterF64.fn(f64s(out), f64s(base), f64s(y), crd, ptr, f64s(vals), idx, r)
	}
}

type scatterFunc[T Float] func(out, base, y []T, crd, ptr []uint64, vals []T, idx []uint64, r int)

var (
	scatterF32 = newFamily[scatterFunc[float32]]("axpy.f32", scatterRef[float32], scatterGeneric[float32])
	scatterF64 = newFamily[scatterFunc[float64]]("axpy.f64", scatterRef[float64], scatterGeneric[float64])
)

func scatterRef[T Float](out, base, y []T, crd, ptr []uint64, vals []T, idx []uint64, r int) {
	for c := 0; c+1 < len(ptr); c++ {
		for k := 0; k < r; k++ {
			for j := ptr[c]; j < ptr[c+1]; j++ {
				p := base[k] * y[int(crd[c])*r+k]
				out[int(idx[j])*r+k] += vals[j] * p
			}
		}
	}
}

func scatterGeneric[T Float](out, base, y []T, crd, ptr []uint64, vals []T, idx []uint64, r int) {
	var p [64]T
	base = base[:r]
	for c := 0; c+1 < len(ptr); c++ {
		lo, hi := ptr[c], ptr[c+1]
		if lo == hi {
			continue
		}
		yr := y[int(crd[c])*r:][:r]
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
