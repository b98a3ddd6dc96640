//go:build !purego && !noasm && gc

package engine

// scatterHadamardChunked calls the kernel through asmPieces
// (raceScatterHadamard) on runs of nodes holding about productChunk leaves
// (productRun), after checking the lengths (scatterBounds), and
// panics with scatterHadamardBadIndex when the kernel reports a segment or
// an index out of range. Its twin is scatterHadamardNEON
// (scatterhadamard_arm64.go), which says why.
func scatterHadamardChunked[T Float](asm func(out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB int, orows, yrows, bbound uint64) int) scatterHadamardFunc[T] {
	return func(out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB int) {
		nc := len(ptr) - 1
		orows, yrows, bb := scatterBounds(len(out), len(base), len(y), len(bcrd), len(crd), nc, r, sB)
		n := min(len(vals), len(idx))
		vals, idx = vals[:n], idx[:n]
		asmPieces(nc, nc, func(c0, _ int) (int, bool) {
			c1 := productRun(ptr, c0)
			if asm(out, base, y, bcrd[c0:c1], crd[c0:c1], ptr[c0:c1+1], vals, idx, r, sB, orows, yrows, bb) != 0 {
				panic(scatterHadamardBadIndex)
			}
			return c1, true
		}, func(c0, c1 int) {
			raceScatterHadamard(out, base, y, bcrd, crd, ptr, vals, idx, r, sB, orows, yrows, bb, c0, c1)
		})
	}
}
