//go:build !purego && !noasm && gc

package amd64

// ScatterHadamardF32AVX2 and the other ScatterHadamard kernels compute, for
// every node c (len(ptr)-1 of them), in column chunks:
//
//	p := base[bcrd[c]*sB+k] * y[crd[c]*r+k]
//	out[idx[j]*r+k] += vals[j] * p   for j in ptr[c]..ptr[c+1]-1
//
// They assume r >= 1, ptr non-decreasing within vals and idx, bcrd and crd
// holding len(ptr)-1 entries, and every row in range: kernels checks.
//
//go:noescape
func ScatterHadamardF32AVX2(out, base, y []float32, bcrd, crd, ptr []uint64, vals []float32, idx []uint64, r, sB int)

//go:noescape
func ScatterHadamardF32AVX512(out, base, y []float32, bcrd, crd, ptr []uint64, vals []float32, idx []uint64, r, sB int)

//go:noescape
func ScatterHadamardF64AVX2(out, base, y []float64, bcrd, crd, ptr []uint64, vals []float64, idx []uint64, r, sB int)

//go:noescape
func ScatterHadamardF64AVX512(out, base, y []float64, bcrd, crd, ptr []uint64, vals []float64, idx []uint64, r, sB int)
