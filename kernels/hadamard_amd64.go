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
		gather2F32.set(tierAVX512, gather2Prefetching(amd64.GatherHadamard2F32AVX512))
		gather2F64.set(tierAVX512, gather2Prefetching(amd64.GatherHadamard2F64AVX512))
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

// gather2PrefetchX is the bit of the two-level gathers' pf argument
// that turns on the x-row prefetch (the generator's gather2PrefetchX, in
// _genproducts/twolevel.go).
const gather2PrefetchX = 1

// gather2Prefetching calls the two-level kernel on runs of nodes
// (productRun2; GatherHadamard2 has checked every bound) and asks for the x
// rows (one per leaf) to be prefetched 24 ahead when x exceeds
// L2. The rows a leaf names follow its coordinates, in no order a hardware
// prefetcher sees. Float64 on one thread, three alternating runs on the Zen
// 3 VM: T3u, whose fibers hold about one leaf each, R = 32 410-470 ->
// 170-300 ms a mode; T3p, whose x is in L2, took 5-18% longer with the x
// prefetch always on. (The z rows, one per child, are prefetched always.)
// The AVX-512 kernels take pf too: T3u's root at R = 32 on the Zen 4 VM 179
// -> 159 ms (four alternating runs, with the z prefetch they gained at the
// same time).
func gather2Prefetching[T Float](asm func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU, pf int)) gather2Func[T] {
	return func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
		pf := 0
		if len(x)*int(unsafe.Sizeof(T(0))) > Caches().L2 {
			pf = gather2PrefetchX
		}
		forRuns2(ptr, lptr, func(c0, c1 int) {
			asm(out[c0*cO:], y, ocrd[c0:c1], ycrd[c0:c1], ptr[c0:c1+1], crd, z, lptr, vals, idx, x, r, sO, cO, sU, pf)
		})
	}
}
