//go:build !arm64 || purego || noasm || !gc

package arm64

// SpMMF64NEON is not built here; HasNEON is false, so it is never called.
func SpMMF64NEON(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha, beta float64) {
	panic(noasm)
}

// SpMMF32NEON is not built here; HasNEON is false, so it is never called.
func SpMMF32NEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha, beta float32) {
	panic(noasm)
}

// SpMMScatterF64NEON is not built here; HasNEON is false, so it is never
// called.
func SpMMScatterF64NEON(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha float64) {
	panic(noasm)
}

// SpMMScatterF32NEON is not built here; HasNEON is false, so it is never
// called.
func SpMMScatterF32NEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha float32) {
	panic(noasm)
}
