//go:build !purego && !noasm && gc

package engine

// gatherHadamard2NEON is gatherHadamardNEON for the two-level kernel:
// columns 0..w-1 in assembly (gatherHadamard2Pieces), the rest in Go.
func gatherHadamard2NEON[T Float](asm gatherHadamard2AsmFunc[T], lanes int) gatherHadamard2Func[T] {
	return func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int, lbase uint64) {
		w := r &^ (lanes - 1)
		if w == 0 {
			gatherHadamard2Generic(out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU, lbase)
			return
		}
		gatherHadamard2Pieces(asm, w, out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU, lbase)
		if w < r {
			gatherHadamard2Cols(out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU, lbase, w)
		}
	}
}
