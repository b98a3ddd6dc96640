package engine

// NEON glue for GatherHadamard and GatherHadamard2: the assembly does the
// columns up to the largest multiple of the lane count (4 float32, 2 float64)
// on bounded runs of nodes (assembly is not preemptible); gatherHadamardColsNEON and
// gatherHadamard2ColsNEON do the rest.

// gatherHadamardNEON runs asm on columns 0..w-1, w = r rounded down to a multiple of
// lanes, in runs of nodes holding about productChunk leaves (at least one
// node each), then the remaining columns in Go. Below one vector of columns
// the generic path runs. GatherHadamard has checked every bound.
func gatherHadamardNEON[T Float](asm func(out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU, w int), lanes int) gatherHadamardFunc[T] {
	return func(out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
		w := r &^ (lanes - 1)
		if w == 0 {
			gatherHadamardGeneric(out, y, ocrd, ycrd, ptr, vals, idx, x, r, sO, cO, sU)
			return
		}
		nc := len(ptr) - 1
		for c0 := 0; c0 < nc; {
			c1 := productRun(ptr, c0)
			asm(out[c0*cO:], y, ocrd[c0:c1], ycrd[c0:c1], ptr[c0:c1+1], vals, idx, x, r, sO, cO, sU, w)
			c0 = c1
		}
		if w < r {
			gatherHadamardColsNEON(out, y, ocrd, ycrd, ptr, vals, idx, x, r, sO, cO, sU, w)
		}
	}
}

// gatherHadamardColsNEON is gatherHadamardRef restricted to columns k0..r-1.
func gatherHadamardColsNEON[T Float](out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU, k0 int) {
	for c := 0; c+1 < len(ptr); c++ {
		o := int(ocrd[c])*sO + c*cO
		u := int(ycrd[c]) * sU
		for k := k0; k < r; k++ {
			var t T
			for j := ptr[c]; j < ptr[c+1]; j++ {
				t += vals[j] * x[int(idx[j])*r+k]
			}
			out[o+k] += y[u+k] * t
		}
	}
}
