//go:build !purego && !noasm && gc

package engine

// NEON glue for GatherHadamard and GatherHadamard2: the assembly does the
// columns up to the largest multiple of the lane count (4 float32, 2 float64)
// on bounded runs of nodes (assembly is not preemptible); gatherHadamardCols and
// gatherHadamard2Cols do the rest.

// gatherHadamardNEON runs asm on columns 0..w-1, w = r rounded down to a multiple of
// lanes, through asmPieces (raceGatherHadamard, whole rows) in runs of
// nodes holding about productChunk leaves (productRun, at least one node
// each), then the remaining columns in Go. Below one vector of columns
// the generic path runs. It checks the lengths (gatherBounds); the kernel
// checks every segment and index it reads, and the glue panics with
// gatherHadamardBadIndex when it reports one out of range. It is a
// deliberate twin of gatherHadamardChunked (gatherhadamard_amd64.go): the
// AVX kernels do every column, the NEON ones stop at a multiple of the
// lanes and leave the tail to Go.
func gatherHadamardNEON[T Float](asm func(out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU, w int, xrows, obound, ybound uint64) int, lanes int) gatherHadamardFunc[T] {
	return func(out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
		w := r &^ (lanes - 1)
		if w == 0 {
			gatherHadamardGeneric(out, y, ocrd, ycrd, ptr, vals, idx, x, r, sO, cO, sU)
			return
		}
		nc := len(ptr) - 1
		xrows, ob, yb := gatherBounds("GatherHadamard", len(out), len(y), len(x), len(ocrd), len(ycrd), nc, r, sO, cO, sU)
		n := min(len(vals), len(idx))
		vals, idx = vals[:n], idx[:n]
		asmPieces(nc, nc, func(c0, _ int) (int, bool) {
			c1 := productRun(ptr, c0)
			if asm(out[c0*cO:], y, ocrd[c0:c1], ycrd[c0:c1], ptr[c0:c1+1], vals, idx, x, r, sO, cO, sU, w, xrows, ob, yb) != 0 {
				panic(gatherHadamardBadIndex)
			}
			return c1, true
		}, func(c0, c1 int) {
			raceGatherHadamard(out, y, ocrd, ycrd, ptr, vals, idx, x, r, sO, cO, sU, xrows, ob, yb, c0, c1)
		})
		if w < r {
			gatherHadamardCols(out, y, ocrd, ycrd, ptr, vals, idx, x, r, sO, cO, sU, w)
		}
	}
}
