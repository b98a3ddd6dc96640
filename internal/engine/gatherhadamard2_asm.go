//go:build !purego && !noasm && gc && (amd64 || arm64)

package engine

// gatherHadamard2AsmFunc is a two-level GatherHadamard assembly kernel: it
// checks every segment and index it reads and returns 0, or 1 when it
// stopped at one out of range. arg is the AVX kernels' prefetch flags
// (gatherHadamard2PrefetchX) and the NEON kernels' column count.
type gatherHadamard2AsmFunc[T Float] = func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU, arg int, xrows, zrows, obound, ybound, lbase uint64) int

// gatherHadamard2Pieces checks the lengths (gather2Bounds) and calls asm,
// with arg, through asmPieces (raceGatherHadamard2) on runs of nodes
// (twoLevelRun), and panics with gatherHadamard2BadIndex when the kernel
// reports a segment or an index out of range: the glue of every tier.
func gatherHadamard2Pieces[T Float](asm gatherHadamard2AsmFunc[T], arg int, out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int, lbase uint64) {
	xrows, zrows, ob, yb := gather2Bounds(len(out), len(y), len(x), len(z), len(ocrd), len(ycrd), len(ptr)-1, r, sO, cO, sU)
	crd = crd[:children(crd, lptr)]
	n := min(len(vals), len(idx))
	vals, idx = vals[:n], idx[:n]
	asmPieces(len(ptr)-1, len(ptr)-1, func(c0, _ int) (int, bool) {
		c1 := twoLevelRun(ptr, lptr, c0)
		if asm(out[c0*cO:], y, ocrd[c0:c1], ycrd[c0:c1], ptr[c0:c1+1], crd, z, lptr, vals, idx, x, r, sO, cO, sU, arg, xrows, zrows, ob, yb, lbase) != 0 {
			panic(gatherHadamard2BadIndex)
		}
		return c1, true
	}, func(c0, c1 int) {
		raceGatherHadamard2(out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU, lbase, xrows, zrows, ob, yb, c0, c1)
	})
}
