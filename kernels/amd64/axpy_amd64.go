//go:build !purego && !noasm && gc

package amd64

// ScatterHadamardF32AVX2 and the other ScatterHadamard kernels compute, for
// every node c (len(ptr)-1 of them), in column chunks:
//
//	p := base[k] * y[crd[c]*r+k]
//	out[idx[j]*r+k] += vals[j] * p   for j in ptr[c]..ptr[c+1]-1
//
// They assume r >= 1, len(base) >= r, ptr non-decreasing within vals and
// idx, and every row in range: kernels checks.
//
//go:noescape
func ScatterHadamardF32AVX2(out, base, y []float32, crd, ptr []uint64, vals []float32, idx []uint64, r int)

//go:noescape
func ScatterHadamardF32AVX512(out, base, y []float32, crd, ptr []uint64, vals []float32, idx []uint64, r int)

//go:noescape
func ScatterHadamardF64AVX2(out, base, y []float64, crd, ptr []uint64, vals []float64, idx []uint64, r int)

//go:noescape
func ScatterHadamardF64AVX512(out, base, y []float64, crd, ptr []uint64, vals []float64, idx []uint64, r int)
