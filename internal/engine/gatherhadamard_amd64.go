//go:build !purego && !noasm && gc

package engine

// gatherHadamardAsmFunc is a GatherHadamard assembly kernel: it checks every
// segment of ptr against len(idx), every idx below xrows, ocrd below
// obound and ycrd below ybound when it reads them, and returns 0, or 1 when
// it stopped at one out of range.
type gatherHadamardAsmFunc[T Float] func(out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int, xrows, obound, ybound uint64) int

// gatherHadamardChunked calls the kernel through asmPieces
// (raceGatherHadamard) on runs of nodes holding about productChunk leaves
// (productRun, at least one node each). It checks the lengths (gatherBounds) and panics with
// gatherHadamardBadIndex when the kernel reports an index out of range.
// Its twin is gatherHadamardNEON (gatherhadamard_arm64.go), which says why.
func gatherHadamardChunked[T Float](asm gatherHadamardAsmFunc[T]) gatherHadamardFunc[T] {
	return func(out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
		nc := len(ptr) - 1
		xrows, ob, yb := gatherBounds("GatherHadamard", len(out), len(y), len(x), len(ocrd), len(ycrd), nc, r, sO, cO, sU)
		n := min(len(vals), len(idx))
		vals, idx = vals[:n], idx[:n]
		asmPieces(nc, nc, func(c0, _ int) (int, bool) {
			c1 := productRun(ptr, c0)
			if asm(out[c0*cO:], y, ocrd[c0:c1], ycrd[c0:c1], ptr[c0:c1+1], vals, idx, x, r, sO, cO, sU, xrows, ob, yb) != 0 {
				panic(gatherHadamardBadIndex)
			}
			return c1, true
		}, func(c0, c1 int) {
			raceGatherHadamard(out, y, ocrd, ycrd, ptr, vals, idx, x, r, sO, cO, sU, xrows, ob, yb, c0, c1)
		})
	}
}
