//go:build !purego && !noasm && gc

package engine

// dotRowsChunked calls the kernel on runs of rows of about productChunk
// elements, after checking the lengths (dotRowsBounds), and panics with
// dotRowsBadIndex when the kernel reports an index at or above k's rows.
func dotRowsChunked[T Float](asm func(dst, q, k []T, idx []uint64, scale T, krows uint64) int) dotRowsFunc[T] {
	return func(dst, q, k []T, idx []uint64, scale T) {
		krows := dotRowsBounds(len(dst), len(q), len(k), len(idx))
		step := max(1, productChunk/len(q))
		for j := 0; j < len(dst); j += step {
			e := min(len(dst), j+step)
			if asm(dst[j:e], q, k, idx[j:e], scale, krows) != 0 {
				panic(dotRowsBadIndex)
			}
		}
	}
}
