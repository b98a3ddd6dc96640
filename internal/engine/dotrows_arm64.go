//go:build !purego && !noasm && gc

package engine

// NEON glue for DotRows: the assembly does whole rows, tails included; the
// code here bounds the work of one call (assembly is not preemptible).

// dotRowsNEON calls the kernel on runs of rows of about productChunk
// elements, after checking the lengths (dotRowsBounds), and panics with
// dotRowsBadIndex when the kernel reports an index at or above k's rows.
func dotRowsNEON[T Float](asm func(dst, q, k []T, idx []uint64, scale T, krows uint64) int) dotRowsFunc[T] {
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
