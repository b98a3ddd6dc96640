//go:build !purego && !noasm && gc

package amd64

// ScatterAddF64AVX2 and the other ScatterAdd kernels compute, for every row i
// of a compressed matrix,
//
//	a := alpha * x[i]
//	for k := ptr[i]; k < ptr[i+1]; k++ {
//		if idx[k] < len(y) { y[idx[k]] += a * vals[k] }   // multiply, then add: not fused
//	}
//
// Each segment is clamped to 0..len(idx) and out-of-range indices are
// skipped (masked out), so no index data can make them touch memory outside
// the slices. They assume len(ptr) == len(x)+1 and len(vals) == len(idx).
// The AVX2 kernels run a scalar loop; the AVX-512 kernels gather 8 y values,
// add and scatter them back, which matches the loop only when the indices
// of a segment are distinct (a validated matrix's are strictly increasing).
//
//go:noescape
func ScatterAddF64AVX2(y, x []float64, ptr, idx []uint64, vals []float64, alpha float64)

// ScatterAddF32AVX2 is the float32 AVX2 form of ScatterAdd: see ScatterAddF64AVX2.
//
//go:noescape
func ScatterAddF32AVX2(y, x []float32, ptr, idx []uint64, vals []float32, alpha float32)

// ScatterAddF64AVX512 is the float64 AVX-512 form of ScatterAdd: see ScatterAddF64AVX2.
//
//go:noescape
func ScatterAddF64AVX512(y, x []float64, ptr, idx []uint64, vals []float64, alpha float64)

// ScatterAddF32AVX512 is the float32 AVX-512 form of ScatterAdd: see ScatterAddF64AVX2.
//
//go:noescape
func ScatterAddF32AVX512(y, x []float32, ptr, idx []uint64, vals []float32, alpha float32)
