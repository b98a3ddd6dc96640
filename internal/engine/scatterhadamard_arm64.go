package engine

// NEON glue for ScatterHadamard and PushHadamard2: the assembly does the
// columns up to the largest multiple of the lane count (4 float32, 2 float64)
// on bounded runs of nodes (assembly is not preemptible); scatterHadamardColsNEON and
// pushHadamard2ColsNEON do the rest.

// scatterHadamardNEON runs asm on columns 0..w-1, w = r rounded down to a multiple of
// lanes, in runs of nodes holding about productChunk leaves (at least one
// node each), then the remaining columns in Go. Below one vector of columns
// the generic path runs. ScatterHadamard has checked every bound.
func scatterHadamardNEON[T Float](asm func(out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB, w int), lanes int) scatterHadamardFunc[T] {
	return func(out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB int) {
		w := r &^ (lanes - 1)
		if w == 0 {
			scatterHadamardGeneric(out, base, y, bcrd, crd, ptr, vals, idx, r, sB)
			return
		}
		nc := len(ptr) - 1
		for c0 := 0; c0 < nc; {
			c1 := productRun(ptr, c0)
			asm(out, base, y, bcrd[c0:c1], crd[c0:c1], ptr[c0:c1+1], vals, idx, r, sB, w)
			c0 = c1
		}
		if w < r {
			scatterHadamardColsNEON(out, base, y, bcrd, crd, ptr, vals, idx, r, sB, w)
		}
	}
}

// scatterHadamardColsNEON is scatterHadamardRef restricted to columns k0..r-1; nodes without
// leaves read nothing.
func scatterHadamardColsNEON[T Float](out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB, k0 int) {
	for c := 0; c+1 < len(ptr); c++ {
		lo, hi := ptr[c], ptr[c+1]
		if lo == hi {
			continue
		}
		b := base[int(bcrd[c])*sB:][:r]
		yr := y[int(crd[c])*r:][:r]
		for k := k0; k < r; k++ {
			p := b[k] * yr[k]
			for j := lo; j < hi; j++ {
				out[int(idx[j])*r+k] += vals[j] * p
			}
		}
	}
}
