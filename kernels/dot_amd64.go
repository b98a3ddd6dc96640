//go:build !purego && !noasm && gc

package kernels

import "github.com/hurray-format/hurray-go/kernels/amd64"

var _ = registerDotAMD64()

func registerDotAMD64() bool {
	if amd64.HasAVX2 {
		dotF32.set(tierAVX2, dotChunked(amd64.DotRowsF32AVX2))
		dotF64.set(tierAVX2, dotChunked(amd64.DotRowsF64AVX2))
	}
	if amd64.HasAVX512 {
		dotF32.set(tierAVX512, dotChunked(amd64.DotRowsF32AVX512))
		dotF64.set(tierAVX512, dotChunked(amd64.DotRowsF64AVX512))
	}
	return true
}

// dotChunked calls the kernel on runs of rows of about productChunk
// elements. DotRows has checked every bound.
func dotChunked[T Float](asm dotFunc[T]) dotFunc[T] {
	return func(dst, q, k []T, idx []uint64, scale T) {
		step := max(1, productChunk/len(q))
		for j := 0; j < len(dst); j += step {
			e := min(len(dst), j+step)
			asm(dst[j:e], q, k, idx[j:e], scale)
		}
	}
}
