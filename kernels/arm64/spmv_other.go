//go:build !arm64 || purego || noasm || !gc

package arm64

// SpMVF64NEON is not built here; HasNEON is false, so it is never called.
func SpMVF64NEON(y, x []float64, ptr, idx []uint64, vals []float64, alpha, beta float64) {
	panic(noasm)
}

// SpMVF32NEON is not built here; HasNEON is false, so it is never called.
func SpMVF32NEON(y, x []float32, ptr, idx []uint64, vals []float32, alpha, beta float32) {
	panic(noasm)
}
