//go:build !purego && !noasm && gc

package arm64

// SpMVF64NEON and SpMVF32NEON compute, for every row i of a compressed
// matrix,
//
//	s := sum of vals[k]*x[idx[k]] over k in ptr[i]..ptr[i+1] with idx[k] < len(x)
//	y[i] = alpha*s (+ beta*y[i] unless beta is +0)
//
// with four scalar FMADD chains per row. Each segment is clamped to
// 0..len(idx) (an inverted one is empty) and an entry whose index is not
// below len(x) is skipped, so no index data can make them read or write
// outside the slices. They assume len(ptr) == len(y)+1, len(vals) ==
// len(idx), and beta == +0 for "do not read y" (the caller turns -0 into
// +0). They are not preemptible: callers pass a bounded number of rows.
//
//go:noescape
func SpMVF64NEON(y, x []float64, ptr, idx []uint64, vals []float64, alpha, beta float64)

// SpMVF32NEON is SpMVF64NEON for float32 values.
//
//go:noescape
func SpMVF32NEON(y, x []float32, ptr, idx []uint64, vals []float32, alpha, beta float32)
