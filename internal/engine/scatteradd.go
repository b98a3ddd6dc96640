package engine

// ScatterAdd implements kernels.ScatterAdd.
func ScatterAdd[T Float](y, x []T, ptr, idx []uint64, vals []T, alpha T) {
	if len(ptr) != len(x)+1 {
		panic("kernels: ScatterAdd: len(ptr) != len(x)+1")
	}
	if len(idx) != len(vals) {
		panic("kernels: ScatterAdd: len(idx) != len(vals)")
	}
	if is32[T]() {
		scatterAddF32.fn(f32s(y), f32s(x), ptr, idx, f32s(vals), float32(alpha))
		return
	}
	scatterAddF64.fn(f64s(y), f64s(x), ptr, idx, f64s(vals), float64(alpha))
}

type scatterAddFunc[T Float] = func(y, x []T, ptr, idx []uint64, vals []T, alpha T)

var (
	scatterAddF32 = newFamily[scatterAddFunc[float32]]("scatteradd.f32", scatterAddRef[float32], scatterAddGeneric[float32])
	scatterAddF64 = newFamily[scatterAddFunc[float64]]("scatteradd.f64", scatterAddRef[float64], scatterAddGeneric[float64])
)

// scatterAddAsm is the glue of a ScatterAdd kernel k: it checks what the
// assembly assumes (len(ptr) == len(x)+1, len(vals) == len(idx)) and feeds
// it spmvRowsPerCall rows a call.
//
//go:noinline
func scatterAddAsm[T Float](k scatterAddFunc[T]) scatterAddFunc[T] {
	return func(y, x []T, ptr, idx []uint64, vals []T, alpha T) {
		if len(ptr) != len(x)+1 || len(vals) != len(idx) {
			panic("kernels: ScatterAdd: internal error: lengths")
		}
		asmPieces(len(x), spmvRowsPerCall, func(lo, hi int) (int, bool) {
			k(y, x[lo:hi], ptr[lo:hi+1], idx, vals, alpha)
			return hi, true
		}, func(lo, end int) {
			raceRead(x[lo:end])
			raceRows(ptr, idx, vals, y, lo, end, true)
		})
	}
}

func scatterAddRef[T Float](y, x []T, ptr, idx []uint64, vals []T, alpha T) {
	for i := range x {
		a := alpha * x[i]
		lo, hi := clampRange(ptr, i, len(idx))
		for k := lo; k < hi; k++ {
			if idx[k] < uint64(len(y)) {
				y[idx[k]] += a * vals[k]
			}
		}
	}
}

func scatterAddGeneric[T Float](y, x []T, ptr, idx []uint64, vals []T, alpha T) {
	vals = vals[:len(idx)]
	ny := uint64(len(y))
	for i, xi := range x {
		a := alpha * xi
		lo, hi := clampRange(ptr, i, len(idx))
		ix, vs := idx[lo:hi], vals[lo:hi]
		vs = vs[:len(ix)]
		k := 0
		for ; k+2 <= len(ix); k += 2 {
			j0, j1 := ix[k], ix[k+1]
			if j0 < ny && j1 < ny {
				y[j0] += a * vs[k]
				y[j1] += a * vs[k+1]
				continue
			}
			if j0 < ny {
				y[j0] += a * vs[k]
			}
			if j1 < ny {
				y[j1] += a * vs[k+1]
			}
		}
		if k < len(ix) {
			if j := ix[k]; j < ny {
				y[j] += a * vs[k]
			}
		}
	}
}
