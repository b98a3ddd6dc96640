package kernels

import "github.com/hurray-format/hurray-go/kernels/arm64"

// NEON glue for DotRows: the assembly does whole rows, tails included; the
// code here bounds the work of one call (assembly is not preemptible).

var _ = registerDotARM64()

func registerDotARM64() bool {
	if arm64.HasNEON {
		dotF32.set(tierNEON, dotNEON(arm64.DotRowsF32NEON))
		dotF64.set(tierNEON, dotNEON(arm64.DotRowsF64NEON))
	}
	return true
}

// dotNEON calls the kernel on runs of rows of about productChunk
// elements. DotRows has checked every bound.
func dotNEON[T Float](asm dotFunc[T]) dotFunc[T] {
	return func(dst, q, k []T, idx []uint64, scale T) {
		step := max(1, productChunk/len(q))
		for j := 0; j < len(dst); j += step {
			e := min(len(dst), j+step)
			asm(dst[j:e], q, k, idx[j:e], scale)
		}
	}
}
