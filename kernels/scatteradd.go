package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

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
// Paths: ref, generic, neon, avx2, avx512. Families "scatteradd.f32" and "scatteradd.f64".
func ScatterAdd[T Float](y, x []T, ptr, idx []uint64, vals []T, alpha T) {
	engine.ScatterAdd(y, x, ptr, idx, vals, alpha)
}
