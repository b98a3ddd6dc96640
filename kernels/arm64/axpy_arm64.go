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
