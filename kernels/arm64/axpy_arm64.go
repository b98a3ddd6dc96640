//go:build !purego && !noasm && gc

package arm64

// ScatterHadamardF32NEON computes, for every node c (len(ptr)-1 of them) with
// ptr[c] < ptr[c+1], and every column k < w:
//
//	p := base[bcrd[c]*sB+k] * y[crd[c]*r+k]
//	out[idx[j]*r+k] += vals[j] * p   for j := ptr[c]; j < ptr[c+1]; j++
//
// with fused multiply-adds. Columns w..r-1 are the caller's. It assumes r >=
// 1, w a multiple of 4 with 4 <= w <= r, sB 0 or r, len(ptr) >= 1, ptr
// non-decreasing within vals and idx, bcrd and crd holding len(ptr)-1
// entries, and the rows named by bcrd, crd and idx (for nodes with leaves)
// within base, y and out: package kernels checks. It is not preemptible:
// callers bound the leaves of one call.
//
//go:noescape
func ScatterHadamardF32NEON(out, base, y []float32, bcrd, crd, ptr []uint64, vals []float32, idx []uint64, r, sB, w int)

// ScatterHadamardF64NEON is ScatterHadamardF32NEON for float64, with w a
// multiple of 2 (2 <= w <= r).
//
//go:noescape
func ScatterHadamardF64NEON(out, base, y []float64, bcrd, crd, ptr []uint64, vals []float64, idx []uint64, r, sB, w int)

// PushHadamard2F32NEON is the two-level push: for every node c (len(ptr)-1
// of them), every child e in ptr[c]..ptr[c+1]-1 and every column k < w, with
// p := above[k] * y[ycrd[c]*r+k],
//
//	mode 0: out[idx[j]*r+k] += vals[j] * (p * f[crd[e]*r+k])   for j := lptr[e]; j < lptr[e+1]; j++
//	mode 1: out[crd[e]*r+k] += p * Σ_{j=lptr[e]}^{lptr[e+1]-1} vals[j] * f[idx[j]*r+k]
//
// with fused multiply-adds. Columns w..r-1 are the caller's. It assumes r >=
// 1, w a multiple of 4 with 4 <= w <= r, len(above) >= w, mode 0 or 1,
// len(ptr) >= 1, ptr non-decreasing within lptr and crd, lptr non-decreasing
// over those children within vals and idx, ycrd holding len(ptr)-1 entries,
// and every row named by ycrd, crd and idx within y, f and out (mode 0: crd
// rows of f, idx rows of out; mode 1 the other way round): package kernels
// checks. It is not preemptible: callers bound the nodes, children and
// leaves of one call.
//
//go:noescape
func PushHadamard2F32NEON(out, above, y []float32, ycrd, ptr, crd, lptr []uint64, vals []float32, idx []uint64, f []float32, r, mode, w int)

// PushHadamard2F64NEON is PushHadamard2F32NEON for float64, with w a
// multiple of 2 (2 <= w <= r).
//
//go:noescape
func PushHadamard2F64NEON(out, above, y []float64, ycrd, ptr, crd, lptr []uint64, vals []float64, idx []uint64, f []float64, r, mode, w int)
