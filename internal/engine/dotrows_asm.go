//go:build !purego && !noasm && gc && (amd64 || arm64)

package engine

// dotRowsChunked is the glue of every DotRows kernel (AVX2, AVX-512, NEON),
// whose assembly does whole rows, tails included. It calls the kernel
// through asmPieces (raceDotRows) on runs of rows of about productChunk
// elements (assembly is not preemptible), after checking the lengths
// (dotRowsBounds), and panics with dotRowsBadIndex when the kernel reports
// an index at or above k's rows.
func dotRowsChunked[T Float](asm func(dst, q, k []T, idx []uint64, scale T, krows uint64) int) dotRowsFunc[T] {
	return func(dst, q, k []T, idx []uint64, scale T) {
		krows := dotRowsBounds(len(dst), len(q), len(k), len(idx))
		asmPieces(len(dst), max(1, productChunk/len(q)), func(lo, hi int) (int, bool) {
			if asm(dst[lo:hi], q, k, idx[lo:hi], scale, krows) != 0 {
				panic(dotRowsBadIndex)
			}
			return hi, true
		}, func(lo, end int) {
			raceDotRows(dst, q, k, idx, krows, lo, end)
		})
	}
}
