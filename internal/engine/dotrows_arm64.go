package engine

// NEON glue for DotRows: the assembly does whole rows, tails included; the
// code here bounds the work of one call (assembly is not preemptible).

// dotRowsNEON calls the kernel on runs of rows of about productChunk
// elements. DotRows has checked every bound.
func dotRowsNEON[T Float](asm dotRowsFunc[T]) dotRowsFunc[T] {
	return func(dst, q, k []T, idx []uint64, scale T) {
		step := max(1, productChunk/len(q))
		for j := 0; j < len(dst); j += step {
			e := min(len(dst), j+step)
			asm(dst[j:e], q, k, idx[j:e], scale)
		}
	}
}
