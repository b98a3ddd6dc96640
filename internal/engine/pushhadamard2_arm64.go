package engine

// pushHadamard2NEON is scatterHadamardNEON for the two-level push: runs of nodes from
// productRun2 (children and leaves bounded), columns 0..w-1 in assembly, the
// rest in Go. out has no per-node offset: every run gets it whole.
// PushHadamard2 has checked every bound.
func pushHadamard2NEON[T Float](asm func(out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode, w int), lanes int) pushHadamard2Func[T] {
	return func(out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode int) {
		w := r &^ (lanes - 1)
		if w == 0 {
			pushHadamard2Generic(out, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r, mode)
			return
		}
		forRuns2(ptr, lptr, func(c0, c1 int) {
			asm(out, above, y, ycrd[c0:c1], ptr[c0:c1+1], crd, lptr, vals, idx, f, r, mode, w)
		})
		if w < r {
			pushHadamard2Cols(out, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r, mode, w)
		}
	}
}
