//go:build !amd64 || purego || noasm || !gc

package amd64

// The ScatterAdd kernels are not built here; package kernels never calls
// them because HasAVX2 and HasAVX512 are false.

// ScatterAddF64AVX2 is a stub that panics: the assembly is not built.
func ScatterAddF64AVX2(y, x []float64, ptr, idx []uint64, vals []float64, alpha float64) {
	panic("amd64: no assembly in this build")
}

// ScatterAddF32AVX2 is a stub that panics: the assembly is not built.
func ScatterAddF32AVX2(y, x []float32, ptr, idx []uint64, vals []float32, alpha float32) {
	panic("amd64: no assembly in this build")
}

// ScatterAddF64AVX512 is a stub that panics: the assembly is not built.
func ScatterAddF64AVX512(y, x []float64, ptr, idx []uint64, vals []float64, alpha float64) {
	panic("amd64: no assembly in this build")
}

// ScatterAddF32AVX512 is a stub that panics: the assembly is not built.
func ScatterAddF32AVX512(y, x []float32, ptr, idx []uint64, vals []float32, alpha float32) {
	panic("amd64: no assembly in this build")
}
