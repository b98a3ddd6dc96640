package engine

// gatherHadamardChunked calls the kernel on runs of nodes holding about productChunk
// leaves (at least one node each), so that a long level never pins the
// goroutine. GatherHadamard has checked every bound.
func gatherHadamardChunked[T Float](asm gatherHadamardFunc[T]) gatherHadamardFunc[T] {
	return func(out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
		nc := len(ptr) - 1
		for c0 := 0; c0 < nc; {
			c1 := productRun(ptr, c0)
			asm(out[c0*cO:], y, ocrd[c0:c1], ycrd[c0:c1], ptr[c0:c1+1], vals, idx, x, r, sO, cO, sU)
			c0 = c1
		}
	}
}
