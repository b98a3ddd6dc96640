//go:build !amd64 || purego || noasm || !gc

package amd64

// The SpMM kernels are not built here; package kernels never calls them
// because HasAVX2 and HasAVX512 are false.

// SpMMF64AVX2 is a stub that panics: the assembly is not built.
func SpMMF64AVX2(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha, beta float64) {
	panic("amd64: no assembly in this build")
}

// SpMMF64AVX512 is a stub that panics: the assembly is not built.
func SpMMF64AVX512(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha, beta float64) {
	panic("amd64: no assembly in this build")
}

// SpMMF32AVX2 is a stub that panics: the assembly is not built.
func SpMMF32AVX2(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha, beta float32) {
	panic("amd64: no assembly in this build")
}

// SpMMF32AVX512 is a stub that panics: the assembly is not built.
func SpMMF32AVX512(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha, beta float32) {
	panic("amd64: no assembly in this build")
}

// SpMMTileF64AVX2 is a stub that panics: the assembly is not built.
func SpMMTileF64AVX2(y []float64, ldy int, x []float64, ldx, w int, seg, idx []uint64, vals []float64, alpha, beta float64, limit uint64) {
	panic("amd64: not built")
}

// SpMMTileF64AVX512 is a stub that panics: the assembly is not built.
func SpMMTileF64AVX512(y []float64, ldy int, x []float64, ldx, w int, seg, idx []uint64, vals []float64, alpha, beta float64, limit uint64) {
	panic("amd64: not built")
}

// SpMMTileF32AVX2 is a stub that panics: the assembly is not built.
func SpMMTileF32AVX2(y []float32, ldy int, x []float32, ldx, w int, seg, idx []uint64, vals []float32, alpha, beta float32, limit uint64) {
	panic("amd64: not built")
}

// SpMMTileF32AVX512 is a stub that panics: the assembly is not built.
func SpMMTileF32AVX512(y []float32, ldy int, x []float32, ldx, w int, seg, idx []uint64, vals []float32, alpha, beta float32, limit uint64) {
	panic("amd64: not built")
}

// SpMMScatterF64AVX2 is a stub that panics: the assembly is not built.
func SpMMScatterF64AVX2(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha float64) {
	panic("amd64: no assembly in this build")
}

// SpMMScatterF64AVX512 is a stub that panics: the assembly is not built.
func SpMMScatterF64AVX512(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha float64) {
	panic("amd64: no assembly in this build")
}

// SpMMScatterF32AVX2 is a stub that panics: the assembly is not built.
func SpMMScatterF32AVX2(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha float32) {
	panic("amd64: no assembly in this build")
}

// SpMMScatterF32AVX512 is a stub that panics: the assembly is not built.
func SpMMScatterF32AVX512(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha float32) {
	panic("amd64: no assembly in this build")
}

// SpMMScatterTileF64AVX2 is a stub that panics: the assembly is not built.
func SpMMScatterTileF64AVX2(y []float64, ldy int, x []float64, ldx, w int, seg, idx []uint64, vals []float64, alpha float64, limit uint64) {
	panic("amd64: not built")
}

// SpMMScatterTileF64AVX512 is a stub that panics: the assembly is not built.
func SpMMScatterTileF64AVX512(y []float64, ldy int, x []float64, ldx, w int, seg, idx []uint64, vals []float64, alpha float64, limit uint64) {
	panic("amd64: not built")
}

// SpMMScatterTileF32AVX2 is a stub that panics: the assembly is not built.
func SpMMScatterTileF32AVX2(y []float32, ldy int, x []float32, ldx, w int, seg, idx []uint64, vals []float32, alpha float32, limit uint64) {
	panic("amd64: not built")
}

// SpMMScatterTileF32AVX512 is a stub that panics: the assembly is not built.
func SpMMScatterTileF32AVX512(y []float32, ldy int, x []float32, ldx, w int, seg, idx []uint64, vals []float32, alpha float32, limit uint64) {
	panic("amd64: not built")
}
