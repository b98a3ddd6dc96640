//go:build !amd64 || purego || noasm || !gc

package amd64

// The SpMV kernels are not built here; package kernels never calls them
// because HasAVX2 and HasAVX512 are false.

// SpMVF64AVX512 is a stub that panics: the assembly is not built.
func SpMVF64AVX512(y, x []float64, ptr, idx []uint64, vals []float64, alpha, beta float64) {
	panic("amd64: no assembly in this build")
}

// SpMVF32AVX512 is a stub that panics: the assembly is not built.
func SpMVF32AVX512(y, x []float32, ptr, idx []uint64, vals []float32, alpha, beta float32) {
	panic("amd64: no assembly in this build")
}

// SpMVF64AVX2 is a stub that panics: the assembly is not built.
func SpMVF64AVX2(y, x []float64, ptr, idx []uint64, vals []float64, alpha, beta float64) {
	panic("amd64: no assembly in this build")
}

// SpMVF32AVX2 is a stub that panics: the assembly is not built.
func SpMVF32AVX2(y, x []float32, ptr, idx []uint64, vals []float32, alpha, beta float32) {
	panic("amd64: no assembly in this build")
}

// SpMV1F64AVX512 is a stub that panics: the assembly is not built.
func SpMV1F64AVX512(y, x []float64, ptr, idx []uint64, vals []float64, alpha, beta float64) {
	panic("amd64: no assembly in this build")
}

// SpMV1F32AVX512 is a stub that panics: the assembly is not built.
func SpMV1F32AVX512(y, x []float32, ptr, idx []uint64, vals []float32, alpha, beta float32) {
	panic("amd64: no assembly in this build")
}

// SpMV1F64AVX2 is a stub that panics: the assembly is not built.
func SpMV1F64AVX2(y, x []float64, ptr, idx []uint64, vals []float64, alpha, beta float64) {
	panic("amd64: no assembly in this build")
}

// SpMV1F32AVX2 is a stub that panics: the assembly is not built.
func SpMV1F32AVX2(y, x []float32, ptr, idx []uint64, vals []float32, alpha, beta float32) {
	panic("amd64: no assembly in this build")
}
