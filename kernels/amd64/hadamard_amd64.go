//go:build !purego && !noasm && gc

package amd64

// GatherHadamardF32AVX2 and the other GatherHadamard kernels compute, for
// every node c (len(ptr)-1 of them), in column chunks:
//
//	t := Σ_{j=ptr[c]}^{ptr[c+1]-1} vals[j] * x[idx[j]*r+k]
//	out[ocrd[c]*sO+c*cO+k] += y[ycrd[c]*sU+k] * t
//
// They assume r >= 1, len(ptr) >= 1, ptr non-decreasing within vals and idx,
// ocrd and ycrd holding len(ptr)-1 entries, and every row in range: kernels
// checks.
//
//go:noescape
func GatherHadamardF32AVX2(out, y []float32, ocrd, ycrd, ptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU int)

// GatherHadamardF32AVX512 is the float32 AVX-512 form of GatherHadamard: see GatherHadamardF32AVX2.
//
//go:noescape
func GatherHadamardF32AVX512(out, y []float32, ocrd, ycrd, ptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU int)

// GatherHadamardF64AVX2 is the float64 AVX2 form of GatherHadamard: see GatherHadamardF32AVX2.
//
//go:noescape
func GatherHadamardF64AVX2(out, y []float64, ocrd, ycrd, ptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU int)

// GatherHadamardF64AVX512 is the float64 AVX-512 form of GatherHadamard: see GatherHadamardF32AVX2.
//
//go:noescape
func GatherHadamardF64AVX512(out, y []float64, ocrd, ycrd, ptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU int)

// GatherHadamard2F32AVX2 and the other GatherHadamard2 kernels compute, for
// every node c (len(ptr)-1 of them), in column chunks:
//
//	s := Σ_{e=ptr[c]}^{ptr[c+1]-1} z[crd[e]*r+k] * Σ_{j=lptr[e]}^{lptr[e+1]-1} vals[j] * x[idx[j]*r+k]
//	out[ocrd[c]*sO+c*cO+k] += y[ycrd[c]*sU+k] * s
//
// They assume r >= 1, len(ptr) >= 1, ptr non-decreasing within crd and
// lptr, lptr non-decreasing over the children within vals and idx, ocrd and
// ycrd holding len(ptr)-1 entries, and every row in range: kernels checks.
// The last argument, pf, asks for prefetches: with pf&1 set each leaf
// prefetches the x row of the leaf 24 ahead (package kernels sets it by x's
// size; the values do not change).
//
//go:noescape
func GatherHadamard2F32AVX2(out, y []float32, ocrd, ycrd, ptr, crd []uint64, z []float32, lptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU, pf int)

// GatherHadamard2F32AVX512 is the float32 AVX-512 form of GatherHadamard2: see GatherHadamard2F32AVX2.
//
//go:noescape
func GatherHadamard2F32AVX512(out, y []float32, ocrd, ycrd, ptr, crd []uint64, z []float32, lptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU, pf int)

// GatherHadamard2F64AVX2 is the float64 AVX2 form of GatherHadamard2: see GatherHadamard2F32AVX2.
//
//go:noescape
func GatherHadamard2F64AVX2(out, y []float64, ocrd, ycrd, ptr, crd []uint64, z []float64, lptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU, pf int)

// GatherHadamard2F64AVX512 is the float64 AVX-512 form of GatherHadamard2: see GatherHadamard2F32AVX2.
//
//go:noescape
func GatherHadamard2F64AVX512(out, y []float64, ocrd, ycrd, ptr, crd []uint64, z []float64, lptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU, pf int)
