//go:build !purego && !noasm && gc

package arm64

// ScatterF64NEON and ScatterF32NEON compute, for every row i of a compressed
// matrix,
//
//	a := alpha * x[i]
//	for k := ptr[i]; k < ptr[i+1]; k++ {
//		if idx[k] < len(y) { y[idx[k]] += a * vals[k] }   // fused multiply-add
//	}
//
// with scalar loads and stores in the loop's order, so repeated indices in a
// segment accumulate as in the loop. Each segment is clamped to 0..len(idx)
// and out-of-range indices are skipped, so no index data can make them touch
// memory outside the slices. They assume len(ptr) == len(x)+1 and
// len(vals) == len(idx). They are not preemptible: callers pass a bounded
// number of rows.
//
//go:noescape
func ScatterF64NEON(y, x []float64, ptr, idx []uint64, vals []float64, alpha float64)

// ScatterF32NEON is ScatterF64NEON for float32 values.
//
//go:noescape
func ScatterF32NEON(y, x []float32, ptr, idx []uint64, vals []float32, alpha float32)
