//go:build !purego && !noasm && gc

package engine

import (
	"unsafe"
)

// gatherHadamard2PrefetchX is the bit of the two-level gathers' pf argument
// that turns on the x-row prefetch (the generator's gather2PrefetchX, in
// kernels/amd64/_gen/twolevel.go).
const gatherHadamard2PrefetchX = 1

// gatherHadamard2Prefetching calls the two-level kernel through asmPieces
// (raceGatherHadamard2) on runs of nodes
// (twoLevelRun), after checking the lengths (gather2Bounds), and panics with
// gatherHadamard2BadIndex when the kernel reports a segment or an index out
// of range. It asks for the x rows (one per leaf) to be prefetched 24 ahead
// when x exceeds L2: the rows a leaf names follow its coordinates, in no
// order a hardware prefetcher sees, and when x sits in L2 the prefetches
// only cost (hence the size test). The z rows, one per child, are
// prefetched always. The AVX2 and AVX-512 kernels take the same flag.
func gatherHadamard2Prefetching[T Float](asm func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU, pf int, xrows, zrows, obound, ybound, lbase uint64) int) gatherHadamard2Func[T] {
	return func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int, lbase uint64) {
		xrows, zrows, ob, yb := gather2Bounds(len(out), len(y), len(x), len(z), len(ocrd), len(ycrd), len(ptr)-1, r, sO, cO, sU)
		crd = crd[:children(crd, lptr)]
		n := min(len(vals), len(idx))
		vals, idx = vals[:n], idx[:n]
		pf := 0
		if len(x)*int(unsafe.Sizeof(T(0))) > Caches().L2 {
			pf = gatherHadamard2PrefetchX
		}
		asmPieces(len(ptr)-1, len(ptr)-1, func(c0, _ int) (int, bool) {
			c1 := twoLevelRun(ptr, lptr, c0)
			if asm(out[c0*cO:], y, ocrd[c0:c1], ycrd[c0:c1], ptr[c0:c1+1], crd, z, lptr, vals, idx, x, r, sO, cO, sU, pf, xrows, zrows, ob, yb, lbase) != 0 {
				panic(gatherHadamard2BadIndex)
			}
			return c1, true
		}, func(c0, c1 int) {
			raceGatherHadamard2(out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU, lbase, xrows, zrows, ob, yb, c0, c1)
		})
	}
}
