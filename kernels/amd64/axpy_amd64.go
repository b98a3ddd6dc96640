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

// ScatterHadamardF32AVX512 is the float32 AVX-512 form of ScatterHadamard: see ScatterHadamardF32AVX2.
//
//go:noescape
func ScatterHadamardF32AVX512(out, base, y []float32, bcrd, crd, ptr []uint64, vals []float32, idx []uint64, r, sB int)

// ScatterHadamardF64AVX2 is the float64 AVX2 form of ScatterHadamard: see ScatterHadamardF32AVX2.
//
//go:noescape
func ScatterHadamardF64AVX2(out, base, y []float64, bcrd, crd, ptr []uint64, vals []float64, idx []uint64, r, sB int)

// ScatterHadamardF64AVX512 is the float64 AVX-512 form of ScatterHadamard: see ScatterHadamardF32AVX2.
//
//go:noescape
func ScatterHadamardF64AVX512(out, base, y []float64, bcrd, crd, ptr []uint64, vals []float64, idx []uint64, r, sB int)

// PushHadamard2F32AVX2 and the other PushHadamard2 kernels compute, for every
// node c (len(ptr)-1 of them), in column chunks, p = above ∘ y[ycrd[c]*r:]
// and for each child e = ptr[c]..ptr[c+1]-1, in mode 0:
//
//	q := p ∘ f[crd[e]*r:];  out[idx[j]*r+k] += vals[j] * q[k]   (j = lptr[e]..lptr[e+1]-1)
//
// and in mode 1:
//
//	t := Σ_{j=lptr[e]}^{lptr[e+1]-1} vals[j] * f[idx[j]*r+k];  out[crd[e]*r+k] += p[k] * t
//
// They assume r >= 1, len(above) >= r, len(ptr) >= 1, ptr non-decreasing
// within crd and lptr, lptr non-decreasing over the children within vals and
// idx, ycrd holding len(ptr)-1 entries, and every row in range: kernels
// checks.
//
//go:noescape
func PushHadamard2F32AVX2(out, above, y []float32, ycrd, ptr, crd, lptr []uint64, vals []float32, idx []uint64, f []float32, r, mode int)

// PushHadamard2F32AVX512 is the float32 AVX-512 form of PushHadamard2: see PushHadamard2F32AVX2.
//
//go:noescape
func PushHadamard2F32AVX512(out, above, y []float32, ycrd, ptr, crd, lptr []uint64, vals []float32, idx []uint64, f []float32, r, mode int)

// PushHadamard2F64AVX2 is the float64 AVX2 form of PushHadamard2: see PushHadamard2F32AVX2.
//
//go:noescape
func PushHadamard2F64AVX2(out, above, y []float64, ycrd, ptr, crd, lptr []uint64, vals []float64, idx []uint64, f []float64, r, mode int)

// PushHadamard2F64AVX512 is the float64 AVX-512 form of PushHadamard2: see PushHadamard2F32AVX2.
//
//go:noescape
func PushHadamard2F64AVX512(out, above, y []float64, ycrd, ptr, crd, lptr []uint64, vals []float64, idx []uint64, f []float64, r, mode int)
