//go:build !arm64 || purego || noasm || !gc

package arm64

// ScatterF64NEON is not built here; HasNEON is false, so it is never called.
func ScatterF64NEON(y, x []float64, ptr, idx []uint64, vals []float64, alpha float64) {
	panic(noasm)
}

// ScatterF32NEON is not built here; HasNEON is false, so it is never called.
func ScatterF32NEON(y, x []float32, ptr, idx []uint64, vals []float32, alpha float32) {
	panic(noasm)
}
