//go:build !purego && !noasm && gc

package amd64

// SpMVF64AVX512 and the other SpMV kernels compute, for every row i of a
// compressed matrix,
//
//	s := sum of vals[k]*x[idx[k]] over k in ptr[i]..ptr[i+1] with idx[k] < len(x)
//	y[i] = alpha*s (+ beta*y[i] unless beta is +0)
//
// Each segment is clamped to 0..len(idx) (an inverted one is empty) and an
// index not below len(x) is masked out of its gather, so no index data can
// make them read outside the slices. They assume len(ptr) == len(y)+1,
// len(vals) == len(idx), and beta == +0 for "do not read y" (the caller turns
// -0 into +0). The AVX-512 kernels gather 8 lanes (VGATHERQPD/VGATHERQPS
// with qword indices) into four partial sums and finish a row with a masked
// gather.

//go:noescape
func SpMVF64AVX512(y, x []float64, ptr, idx []uint64, vals []float64, alpha, beta float64)

//go:noescape
func SpMVF32AVX512(y, x []float32, ptr, idx []uint64, vals []float32, alpha, beta float32)

// SpMVF64Scalar and SpMVF32Scalar compute what the SpMV kernels above do,
// without gathers: eight scalar FMA chains per row (AVX encoding and FMA3,
// so they belong to the AVX2 path). Same assumptions.
//
//go:noescape
func SpMVF64Scalar(y, x []float64, ptr, idx []uint64, vals []float64, alpha, beta float64)

//go:noescape
func SpMVF32Scalar(y, x []float32, ptr, idx []uint64, vals []float32, alpha, beta float32)
