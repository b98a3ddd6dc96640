package kernels

// ScatterAdd runs the row loop of a transposed sparse matrix-vector product:
// every entry of row i of a compressed matrix adds its contribution to the
// output element its index names,
//
//	for i := range x {
//		a := alpha * x[i]
//		for k := ptr[i]; k < ptr[i+1]; k++ {
//			if idx[k] < uint64(len(y)) {
//				y[idx[k]] += a * vals[k]
//			}
//		}
//	}
//
// so y += alpha * Aᵀx for the CSR matrix (ptr, idx, vals), or y += alpha * A x
// for the same arrays read as CSC. y is accumulated into, never cleared.
// It panics unless len(ptr) == len(x)+1 and len(idx) == len(vals). As in
// SpMV, segments are clamped to 0..len(idx) and out-of-range indices are
// skipped on every path. Within one segment the indices must be distinct
// for the result to match the loop above (a validated matrix has strictly
// increasing indices): the avx512 path gathers and scatters a vector of them
// at once. The assembly paths fuse the multiply-add, so results agree with ref
// to rounding.
//
// Paths: ref, generic, neon, avx2, avx512. Families "scatter.f32" and "scatter.f64".
func ScatterAdd[T Float](y, x []T, ptr, idx []uint64, vals []T, alpha T) {
	if len(ptr) != len(x)+1 {
		panic("kernels: ScatterAdd: len(ptr) != len(x)+1")
	}
	if len(idx) != len(vals) {
		panic("kernels: ScatterAdd: len(idx) != len(vals)")
	}
	if isF32[T]() {
		scatterF32.fn(f32s(y), f32s(x), ptr, idx, f32s(vals), float32(alpha))
		return
	}
	scatterF64.fn(f64s(y), f64s(x), ptr, idx, f64s(vals), float64(alpha))
}

type scatterFunc[T Float] = func(y, x []T, ptr, idx []uint64, vals []T, alpha T)

var (
	scatterF32 = newFamily[scatterFunc[float32]]("scatter.f32", scatterRef[float32], scatterGeneric[float32])
	scatterF64 = newFamily[scatterFunc[float64]]("scatter.f64", scatterRef[float64], scatterGeneric[float64])
)

func scatterRef[T Float](y, x []T, ptr, idx []uint64, vals []T, alpha T) {
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

func scatterGeneric[T Float](y, x []T, ptr, idx []uint64, vals []T, alpha T) {
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
