//go:build !amd64 || purego || noasm || !gc

package amd64

// The product kernels are not built here; package kernels never calls these
// stubs because HasAVX2 and HasAVX512 are false.

// GatherHadamardF32AVX2 is a stub that panics: the assembly is not built.
func GatherHadamardF32AVX2(out, y []float32, ocrd, ycrd, ptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU int) {
	panic("amd64: not built")
}

// GatherHadamardF32AVX512 is a stub that panics: the assembly is not built.
func GatherHadamardF32AVX512(out, y []float32, ocrd, ycrd, ptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU int) {
	panic("amd64: not built")
}

// GatherHadamardF64AVX2 is a stub that panics: the assembly is not built.
func GatherHadamardF64AVX2(out, y []float64, ocrd, ycrd, ptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU int) {
	panic("amd64: not built")
}

// GatherHadamardF64AVX512 is a stub that panics: the assembly is not built.
func GatherHadamardF64AVX512(out, y []float64, ocrd, ycrd, ptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU int) {
	panic("amd64: not built")
}

// GatherHadamard2F32AVX2 is a stub that panics: the assembly is not built.
func GatherHadamard2F32AVX2(out, y []float32, ocrd, ycrd, ptr, crd []uint64, z []float32, lptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU, pf int) {
	panic("amd64: not built")
}

// GatherHadamard2F32AVX512 is a stub that panics: the assembly is not built.
func GatherHadamard2F32AVX512(out, y []float32, ocrd, ycrd, ptr, crd []uint64, z []float32, lptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU, pf int) {
	panic("amd64: not built")
}

// GatherHadamard2F64AVX2 is a stub that panics: the assembly is not built.
func GatherHadamard2F64AVX2(out, y []float64, ocrd, ycrd, ptr, crd []uint64, z []float64, lptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU, pf int) {
	panic("amd64: not built")
}

// GatherHadamard2F64AVX512 is a stub that panics: the assembly is not built.
func GatherHadamard2F64AVX512(out, y []float64, ocrd, ycrd, ptr, crd []uint64, z []float64, lptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU, pf int) {
	panic("amd64: not built")
}

// ScatterHadamardF32AVX2 is a stub that panics: the assembly is not built.
func ScatterHadamardF32AVX2(out, base, y []float32, ocrd, ycrd, ptr []uint64, vals []float32, idx []uint64, r int) {
	panic("amd64: not built")
}

// ScatterHadamardF32AVX512 is a stub that panics: the assembly is not built.
func ScatterHadamardF32AVX512(out, base, y []float32, ocrd, ycrd, ptr []uint64, vals []float32, idx []uint64, r int) {
	panic("amd64: not built")
}

// ScatterHadamardF64AVX2 is a stub that panics: the assembly is not built.
func ScatterHadamardF64AVX2(out, base, y []float64, ocrd, ycrd, ptr []uint64, vals []float64, idx []uint64, r int) {
	panic("amd64: not built")
}

// ScatterHadamardF64AVX512 is a stub that panics: the assembly is not built.
func ScatterHadamardF64AVX512(out, base, y []float64, ocrd, ycrd, ptr []uint64, vals []float64, idx []uint64, r int) {
	panic("amd64: not built")
}

// DotRowsF32AVX2 is a stub that panics: the assembly is not built.
func DotRowsF32AVX2(dst, q, k []float32, idx []uint64, scale float32) { panic("amd64: not built") }

// DotRowsF32AVX512 is a stub that panics: the assembly is not built.
func DotRowsF32AVX512(dst, q, k []float32, idx []uint64, scale float32) { panic("amd64: not built") }

// DotRowsF64AVX2 is a stub that panics: the assembly is not built.
func DotRowsF64AVX2(dst, q, k []float64, idx []uint64, scale float64) { panic("amd64: not built") }

// DotRowsF64AVX512 is a stub that panics: the assembly is not built.
func DotRowsF64AVX512(dst, q, k []float64, idx []uint64, scale float64) { panic("amd64: not built") }

// PushHadamard2F32AVX2 is a stub that panics: the assembly is not built.
func PushHadamard2F32AVX2(out, above, y []float32, ycrd, ptr, crd, lptr []uint64, vals []float32, idx []uint64, f []float32, r, mode int) {
	panic("amd64: not built")
}

// PushHadamard2F32AVX512 is a stub that panics: the assembly is not built.
func PushHadamard2F32AVX512(out, above, y []float32, ycrd, ptr, crd, lptr []uint64, vals []float32, idx []uint64, f []float32, r, mode int) {
	panic("amd64: not built")
}

// PushHadamard2F64AVX2 is a stub that panics: the assembly is not built.
func PushHadamard2F64AVX2(out, above, y []float64, ycrd, ptr, crd, lptr []uint64, vals []float64, idx []uint64, f []float64, r, mode int) {
	panic("amd64: not built")
}

// PushHadamard2F64AVX512 is a stub that panics: the assembly is not built.
func PushHadamard2F64AVX512(out, above, y []float64, ycrd, ptr, crd, lptr []uint64, vals []float64, idx []uint64, f []float64, r, mode int) {
	panic("amd64: not built")
}
