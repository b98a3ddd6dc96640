package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

// SpMV runs the CSR row loop of a sparse matrix-vector product: for every
// row i of a compressed matrix (ptr over rows, idx over columns),
//
//	for i := range y {
//		var s T
//		for k := ptr[i]; k < ptr[i+1]; k++ {
//			if idx[k] < uint64(len(x)) {
//				s += vals[k] * x[idx[k]]
//			}
//		}
//		if beta == 0 {
//			y[i] = alpha * s // y is not read: NaN in y does not propagate
//		} else {
//			y[i] = alpha*s + beta*y[i]
//		}
//	}
//
// ptr holds len(y)+1 absolute offsets into idx and vals; it panics unless
// len(ptr) == len(y)+1 and len(idx) == len(vals). Nothing else is assumed:
// each segment is clamped to 0..len(idx) (an inverted segment is empty) and an
// entry whose index is not below len(x) is skipped, on every path, so
// malformed index data gives an unspecified result but never an
// out-of-bounds access. A validated CSR matrix meets none of these cases.
// The order of the additions differs between paths (the vector paths keep
// several partial sums), so results agree to rounding, not bit for bit.
//
// Matrices whose rows average under two entries (ShortRows) run the
// short-row kernels (families "spmv1.f32" and "spmv1.f64"; on amd64 eight
// one-entry rows a step under AVX-512, four under AVX2), the others the
// long-row ones; the two differ in rounding on rows of several entries. A
// product split into parts calls SpMVRows with the whole matrix's choice,
// so that its result does not depend on the split.
//
// Paths: ref, generic, neon, avx2, avx512. Families "spmv.f32" and "spmv.f64"
// (long rows), "spmv1.f32" and "spmv1.f64" (short rows).
func SpMV[T Float](y, x []T, ptr, idx []uint64, vals []T, alpha, beta T) {
	engine.SpMV(y, x, ptr, idx, vals, alpha, beta)
}

// ShortRows reports whether the rows of ptr (offsets as SpMV takes them)
// average under two entries: SpMV's choice of the short-row kernels. An
// inverted or empty ptr is not short.
func ShortRows(ptr []uint64) bool {
	return engine.ShortRows(ptr)
}

// SpMVRows is SpMV with the kernels chosen by the caller: the short-row ones
// when short is set, else the long-row ones. A product computed in parts
// (rows split among goroutines) passes every part ShortRows of the whole
// matrix, so that each row is summed the same way whatever the split.
func SpMVRows[T Float](short bool, y, x []T, ptr, idx []uint64, vals []T, alpha, beta T) {
	engine.SpMVRows(short, y, x, ptr, idx, vals, alpha, beta)
}
