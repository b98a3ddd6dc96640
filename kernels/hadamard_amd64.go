//go:build !purego && !noasm && gc

package kernels

import (
	"unsafe"

	"github.com/hurray-format/hurray-go/kernels/amd64"
)

var _ = registerGatherAMD64()

func registerGatherAMD64() bool {
	if amd64.HasAVX2 {
		gatherF32.set(tierAVX2, gatherChunked(amd64.GatherHadamardF32AVX2))
		gatherF64.set(tierAVX2, gatherChunked(amd64.GatherHadamardF64AVX2))
		gather2F32.set(tierAVX2, gather2Prefetching(amd64.GatherHadamard2F32AVX2))
		gather2F64.set(tierAVX2, gather2Prefetching(amd64.GatherHadamard2F64AVX2))
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
	return gather2Prefetching(func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU, _ int) {
		asm(out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU)
	})
}

// The bits of the AVX2 two-level gather's pf argument (the generator's
// gather2PrefetchZ and gather2PrefetchX, in _genproducts/twolevel.go).
const (
	gather2PrefetchZ = 1
	gather2PrefetchX = 2
)

// gather2Prefetching is gather2Chunked for a kernel that takes pf: it asks
// for the z rows (one per child) to be prefetched 24 ahead when z exceeds
// L1, and the x rows (one per leaf) when x exceeds L2. The rows a child or
// leaf names follow the coordinates, in no order a hardware prefetcher
// sees. The z test keeps what the kernels did before it, prefetching z
// always, on every benchmark tensor (T4p's mode 0 at R = 32, whose z rows
// sit in L2, read 98 -> 115 ms without it, p = 0.06); the x test is
// measured in the README's session 16 part (T3u, whose fibers hold about one
// leaf each, float64 R = 32 on one thread: 410-470 -> 170-300 ms a mode; T3p,
// whose x is in L2, took 5-18% longer with the x prefetch always on).
func gather2Prefetching[T Float](asm func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU, pf int)) gather2Func[T] {
	return func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
		pf, c, size := 0, Caches(), int(unsafe.Sizeof(T(0)))
		if len(z)*size > c.L1D {
			pf |= gather2PrefetchZ
		}
		if len(x)*size > c.L2 {
			pf |= gather2PrefetchX
		}
		forRuns2(ptr, lptr, func(c0, c1 int) {
			asm(out[c0*cO:], y, ocrd[c0:c1], ycrd[c0:c1], ptr[c0:c1+1], crd, z, lptr, vals, idx, x, r, sO, cO, sU, pf)
		})
	}
}
