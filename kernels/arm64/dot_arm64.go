//go:build !purego && !noasm && gc

package arm64

// DotRowsF32NEON computes, with d = len(q),
//
//	dst[j] = scale * Σ_{t<d} q[t] * k[idx[j]*d+t]   for every j < len(dst)
//
// with four vector partial sums and fused multiply-adds, so the result may
// differ from the sequential sum in the last bits. It assumes len(q) >= 1,
// len(idx) >= len(dst) and every idx[j] < len(k)/len(q): package kernels
// checks. It is not preemptible: callers bound len(dst)*len(q).
//
//go:noescape
func DotRowsF32NEON(dst, q, k []float32, idx []uint64, scale float32)

// DotRowsF64NEON is DotRowsF32NEON for float64.
//
//go:noescape
func DotRowsF64NEON(dst, q, k []float64, idx []uint64, scale float64)
