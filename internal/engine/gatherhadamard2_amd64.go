//go:build !purego && !noasm && gc

package engine

import (
	"unsafe"
)

// gatherHadamard2PrefetchX is the bit of the two-level gathers' pf argument
// that turns on the x-row prefetch (the generator's gather2PrefetchX, in
// kernels/amd64/_gen/twolevel.go).
const gatherHadamard2PrefetchX = 1

// gatherHadamard2Prefetching calls the two-level kernel through
// gatherHadamard2Pieces. It asks for the x rows (one per leaf) to be prefetched 24 ahead
// when x exceeds L2: the rows a leaf names follow its coordinates, in no
// order a hardware prefetcher sees, and when x sits in L2 the prefetches
// only cost (hence the size test). The z rows, one per child, are
// prefetched always. The AVX2 and AVX-512 kernels take the same flag.
func gatherHadamard2Prefetching[T Float](asm gatherHadamard2AsmFunc[T]) gatherHadamard2Func[T] {
	return func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int, lbase uint64) {
		pf := 0
		if len(x)*int(unsafe.Sizeof(T(0))) > Caches().L2 {
			pf = gatherHadamard2PrefetchX
		}
		gatherHadamard2Pieces(asm, pf, out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU, lbase)
	}
}
