//go:build !purego && !noasm && gc

package arm64

// GatherHadamardF32NEON computes, for every node c (len(ptr)-1 of them) and
// every column k < w:
//
//	t := Σ_{j=ptr[c]}^{ptr[c+1]-1} vals[j] * x[idx[j]*r+k]
//	out[ocrd[c]*sO+c*cO+k] += y[ycrd[c]*sU+k] * t
//
// with fused multiply-adds. Columns w..r-1 are the caller's. It assumes r >=
// 1, w a multiple of 4 with 4 <= w <= r, sO, cO and sU each 0 or r,
// len(ptr) >= 1, ptr non-decreasing within vals and idx, ocrd and ycrd
// holding len(ptr)-1 entries, and every row named by idx, ocrd, ycrd and c
// within x, out and y: package kernels checks. It is not preemptible:
// callers bound the nodes and leaves of one call.
//
//go:noescape
func GatherHadamardF32NEON(out, y []float32, ocrd, ycrd, ptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU, w int)

// GatherHadamardF64NEON is GatherHadamardF32NEON for float64, with w a
// multiple of 2 (2 <= w <= r).
//
//go:noescape
func GatherHadamardF64NEON(out, y []float64, ocrd, ycrd, ptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU, w int)

// GatherHadamard2F32NEON is the two-level gather: for every node c
// (len(ptr)-1 of them) and every column k < w:
//
//	s := Σ_{e=ptr[c]}^{ptr[c+1]-1} z[crd[e]*r+k] * Σ_{j=lptr[e]}^{lptr[e+1]-1} vals[j] * x[idx[j]*r+k]
//	out[ocrd[c]*sO+c*cO+k] += y[ycrd[c]*sU+k] * s
//
// with fused multiply-adds. Columns w..r-1 are the caller's. It assumes r >=
// 1, w a multiple of 4 with 4 <= w <= r, sO, cO and sU each 0 or r,
// len(ptr) >= 1, ptr non-decreasing within lptr and crd, lptr
// non-decreasing over those children within vals and idx, ocrd and ycrd
// holding len(ptr)-1 entries, and every row named by idx, crd, ocrd, ycrd
// and c within x, z, out and y: package kernels checks. It is not
// preemptible: callers bound the nodes, children and leaves of one call.
//
//go:noescape
func GatherHadamard2F32NEON(out, y []float32, ocrd, ycrd, ptr, crd []uint64, z []float32, lptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU, w int)

// GatherHadamard2F64NEON is GatherHadamard2F32NEON for float64, with w a
// multiple of 2 (2 <= w <= r).
//
//go:noescape
func GatherHadamard2F64NEON(out, y []float64, ocrd, ycrd, ptr, crd []uint64, z []float64, lptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU, w int)
