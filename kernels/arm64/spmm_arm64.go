//go:build !purego && !noasm && gc

package arm64

// SpMMF64NEON and SpMMF32NEON compute Y = alpha*A*X + beta*Y on a w-column
// panel, row by row of the compressed matrix (ptr, idx, vals): Y's row is
// built in blocks of four vectors, one vector and single columns, two
// entries per pass into two accumulator sets. Row r of X is
// x[r*ldx : r*ldx+w], row i of Y is y[i*ldy : i*ldy+w].
//
// They check nothing: the caller guarantees len(ptr) >= 1, ptr
// non-decreasing with its last entry <= len(idx) == len(vals), every idx[k]
// in the segments below the rows X holds, len(y) >= (len(ptr)-2)*ldy + w,
// ldx, ldy >= w >= 0, and beta == +0 for "do not read y". They are not
// preemptible: callers bound the work of one call.
//
//go:noescape
func SpMMF64NEON(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha, beta float64)

// SpMMF32NEON is SpMMF64NEON for float32 values.
//
//go:noescape
func SpMMF32NEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha, beta float32)

// SpMMScatterF64NEON and SpMMScatterF32NEON compute Y += alpha * Aᵀ X on a
// w-column panel for the compressed matrix (ptr, idx, vals): per row i and
// column block, ax := alpha*X[i, block] stays in registers while each entry
// adds vals[k]*ax into Y's row idx[k], one entry at a time, so repeated
// indices accumulate as in the loop. They check nothing: the caller
// guarantees what SpMMF64NEON assumes with the roles of x and y exchanged
// (indices below the rows Y holds, len(ptr)-1 rows of X).
//
//go:noescape
func SpMMScatterF64NEON(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha float64)

// SpMMScatterF32NEON is SpMMScatterF64NEON for float32 values.
//
//go:noescape
func SpMMScatterF32NEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha float32)
