package engine

// scatterHadamardChunked calls the kernel on runs of nodes holding about
// productChunk leaves. ScatterHadamard has checked every bound.
func scatterHadamardChunked[T Float](asm scatterHadamardFunc[T]) scatterHadamardFunc[T] {
	return func(out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB int) {
		nc := len(ptr) - 1
		for c0 := 0; c0 < nc; {
			c1 := productRun(ptr, c0)
			asm(out, base, y, bcrd[c0:c1], crd[c0:c1], ptr[c0:c1+1], vals, idx, r, sB)
			c0 = c1
		}
	}
}
