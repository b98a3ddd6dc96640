//go:build !purego && !noasm && gc

package kernels

import "github.com/hurray-format/hurray-go/kernels/amd64"

var _ = registerGatherAMD64()

func registerGatherAMD64() bool {
	if amd64.HasAVX2 {
		gatherF32.set(tierAVX2, gatherChunked(amd64.GatherHadamardF32AVX2))
		gatherF64.set(tierAVX2, gatherChunked(amd64.GatherHadamardF64AVX2))
		gather2F32.set(tierAVX2, gather2Chunked(amd64.GatherHadamard2F32AVX2))
		gather2F64.set(tierAVX2, gather2Chunked(amd64.GatherHadamard2F64AVX2))
	}
	if amd64.HasAVX512 {
		gatherF32.set(tierAVX512, gatherChunked(amd64.GatherHadamardF32AVX512))
		gatherF64.set(tierAVX512, gatherChunked(amd64.GatherHadamardF64AVX512))
		gather2F32.set(tierAVX512, gather2Chunked(amd64.GatherHadamard2F32AVX512))
		gather2F64.set(tierAVX512, gather2Chunked(amd64.GatherHadamard2F64AVX512))
	}
	return true
}

// gatherChunked calls the kernel on runs of nodes holding about productChunk
// leaves (at least one node each), so that a long level never pins the
// goroutine. GatherHadamard has checked every bound.
func gatherChunked[T Float](asm gatherFunc[T]) gatherFunc[T] {
	return func(out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
		nc := len(ptr) - 1
		for c0 := 0; c0 < nc; {
			c1 := productRun(ptr, c0)
			asm(out[c0*cO:], y, ocrd[c0:c1], ycrd[c0:c1], ptr[c0:c1+1], vals, idx, x, r, sO, cO, sU)
			c0 = c1
		}
	}
}

// gather2Chunked calls the two-level kernel on runs of nodes (productRun2).
// GatherHadamard2 has checked every bound.
func gather2Chunked[T Float](asm gather2Func[T]) gather2Func[T] {
	return func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
		forRuns2(ptr, lptr, func(c0, c1 int) {
			asm(out[c0*cO:], y, ocrd[c0:c1], ycrd[c0:c1], ptr[c0:c1+1], crd, z, lptr, vals, idx, x, r, sO, cO, sU)
		})
	}
}
