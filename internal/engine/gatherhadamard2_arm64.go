//go:build !purego && !noasm && gc

package engine

// gatherHadamard2NEON is gatherHadamardNEON for the two-level kernel: runs of nodes from
// twoLevelRun (children and leaves bounded), columns 0..w-1 in assembly,
// the rest in Go. It checks the lengths (gather2Bounds); the kernel checks
// every segment and index it reads, and the glue panics with
// gatherHadamard2BadIndex when it reports one out of range. It is a
// deliberate twin of gatherHadamard2Prefetching (gatherhadamard2_amd64.go),
// for the column tail the NEON kernels leave to Go and the prefetch flag
// only the AVX kernels take.
func gatherHadamard2NEON[T Float](asm func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU, w int, xrows, zrows, obound, ybound, lbase uint64) int, lanes int) gatherHadamard2Func[T] {
	return func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int, lbase uint64) {
		w := r &^ (lanes - 1)
		if w == 0 {
			gatherHadamard2Generic(out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU, lbase)
			return
		}
		xrows, zrows, ob, yb := gather2Bounds(len(out), len(y), len(x), len(z), len(ocrd), len(ycrd), len(ptr)-1, r, sO, cO, sU)
		crd = crd[:children(crd, lptr)]
		n := min(len(vals), len(idx))
		vals, idx = vals[:n], idx[:n]
		asmPieces(len(ptr)-1, len(ptr)-1, func(c0, _ int) (int, bool) {
			c1 := twoLevelRun(ptr, lptr, c0)
			if asm(out[c0*cO:], y, ocrd[c0:c1], ycrd[c0:c1], ptr[c0:c1+1], crd, z, lptr, vals, idx, x, r, sO, cO, sU, w, xrows, zrows, ob, yb, lbase) != 0 {
				panic(gatherHadamard2BadIndex)
			}
			return c1, true
		}, func(c0, c1 int) {
			raceGatherHadamard2(out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU, lbase, xrows, zrows, ob, yb, c0, c1)
		})
		if w < r {
			gatherHadamard2Cols(out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU, lbase, w)
		}
	}
}
