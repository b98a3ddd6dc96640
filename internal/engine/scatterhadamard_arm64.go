//go:build !purego && !noasm && gc

package engine

// NEON glue for ScatterHadamard and PushHadamard2: the assembly does the
// columns up to the largest multiple of the lane count (4 float32, 2 float64)
// on bounded runs of nodes (assembly is not preemptible); scatterHadamardCols and
// pushHadamard2Cols do the rest.

// scatterHadamardNEON runs asm on columns 0..w-1, w = r rounded down to a multiple of
// lanes, through asmPieces (raceScatterHadamard, whole rows) in runs
// of nodes holding about productChunk leaves (productRun, at least one node
// each), then the remaining columns in Go. Below one vector of columns
// the generic path runs. It checks the lengths (scatterBounds); the kernel
// checks every segment and index it reads, and the glue panics with
// scatterHadamardBadIndex when it reports one out of range. It is a
// deliberate twin of scatterHadamardChunked (scatterhadamard_amd64.go),
// for the column tail the NEON kernels leave to Go.
func scatterHadamardNEON[T Float](asm func(out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB, w int, orows, yrows, bbound uint64) int, lanes int) scatterHadamardFunc[T] {
	return func(out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB int) {
		w := r &^ (lanes - 1)
		if w == 0 {
			scatterHadamardGeneric(out, base, y, bcrd, crd, ptr, vals, idx, r, sB)
			return
		}
		nc := len(ptr) - 1
		orows, yrows, bb := scatterBounds(len(out), len(base), len(y), len(bcrd), len(crd), nc, r, sB)
		n := min(len(vals), len(idx))
		vals, idx = vals[:n], idx[:n]
		asmPieces(nc, nc, func(c0, _ int) (int, bool) {
			c1 := productRun(ptr, c0)
			if asm(out, base, y, bcrd[c0:c1], crd[c0:c1], ptr[c0:c1+1], vals, idx, r, sB, w, orows, yrows, bb) != 0 {
				panic(scatterHadamardBadIndex)
			}
			return c1, true
		}, func(c0, c1 int) {
			raceScatterHadamard(out, base, y, bcrd, crd, ptr, vals, idx, r, sB, orows, yrows, bb, c0, c1)
		})
		if w < r {
			scatterHadamardCols(out, base, y, bcrd, crd, ptr, vals, idx, r, sB, w)
		}
	}
}
