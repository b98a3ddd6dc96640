//go:build !arm64 || purego || noasm || !gc

package arm64

// ScatterHadamardF32NEON is not built here; HasNEON is false, so it is never
// called.
func ScatterHadamardF32NEON(out, base, y []float32, bcrd, crd, ptr []uint64, vals []float32, idx []uint64, r, sB, w int) {
	panic(noasm)
}

// ScatterHadamardF64NEON is not built here.
func ScatterHadamardF64NEON(out, base, y []float64, bcrd, crd, ptr []uint64, vals []float64, idx []uint64, r, sB, w int) {
	panic(noasm)
}

// PushHadamard2F32NEON is not built here.
func PushHadamard2F32NEON(out, above, y []float32, ycrd, ptr, crd, lptr []uint64, vals []float32, idx []uint64, f []float32, r, mode, w int) {
	panic(noasm)
}

// PushHadamard2F64NEON is not built here.
func PushHadamard2F64NEON(out, above, y []float64, ycrd, ptr, crd, lptr []uint64, vals []float64, idx []uint64, f []float64, r, mode, w int) {
	panic(noasm)
}
