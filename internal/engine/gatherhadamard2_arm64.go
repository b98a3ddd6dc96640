package engine

// gatherHadamard2NEON is gatherHadamardNEON for the two-level kernel: runs of nodes from
// productRun2 (children and leaves bounded), columns 0..w-1 in assembly,
// the rest in Go. GatherHadamard2 has checked every bound.
func gatherHadamard2NEON[T Float](asm func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU, w int), lanes int) gatherHadamard2Func[T] {
	return func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
		w := r &^ (lanes - 1)
		if w == 0 {
			gatherHadamard2Generic(out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU)
			return
		}
		forRuns2(ptr, lptr, func(c0, c1 int) {
			asm(out[c0*cO:], y, ocrd[c0:c1], ycrd[c0:c1], ptr[c0:c1+1], crd, z, lptr, vals, idx, x, r, sO, cO, sU, w)
		})
		if w < r {
			gatherHadamard2Cols(out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU, w)
		}
	}
}
