//go:build !arm64 || purego || noasm || !gc

package arm64

// GatherHadamardF32NEON is not built here; HasNEON is false, so it is never
// called.
func GatherHadamardF32NEON(out, y []float32, ocrd, ycrd, ptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU, w int) {
	panic(noasm)
}

// GatherHadamardF64NEON is not built here.
func GatherHadamardF64NEON(out, y []float64, ocrd, ycrd, ptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU, w int) {
	panic(noasm)
}

// GatherHadamard2F32NEON is not built here.
func GatherHadamard2F32NEON(out, y []float32, ocrd, ycrd, ptr, crd []uint64, z []float32, lptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU, w int) {
	panic(noasm)
}

// GatherHadamard2F64NEON is not built here.
func GatherHadamard2F64NEON(out, y []float64, ocrd, ycrd, ptr, crd []uint64, z []float64, lptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU, w int) {
	panic(noasm)
}
