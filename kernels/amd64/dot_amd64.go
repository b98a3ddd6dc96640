//go:build !purego && !noasm && gc

package amd64

// DotRowsF32AVX2 and the other DotRows kernels compute, with d = len(q):
//
//	dst[j] = scale * Σ_{t<d} q[t] * k[idx[j]*d+t]   for every j < len(dst)
//
// They assume len(q) >= 1, len(idx) >= len(dst) and every row in range:
// kernels checks.
//
//go:noescape
func DotRowsF32AVX2(dst, q, k []float32, idx []uint64, scale float32)

// DotRowsF32AVX512 is the float32 AVX-512 form of DotRows: see DotRowsF32AVX2.
//
//go:noescape
func DotRowsF32AVX512(dst, q, k []float32, idx []uint64, scale float32)

// DotRowsF64AVX2 is the float64 AVX2 form of DotRows: see DotRowsF32AVX2.
//
//go:noescape
func DotRowsF64AVX2(dst, q, k []float64, idx []uint64, scale float64)

// DotRowsF64AVX512 is the float64 AVX-512 form of DotRows: see DotRowsF32AVX2.
//
//go:noescape
func DotRowsF64AVX512(dst, q, k []float64, idx []uint64, scale float64)
