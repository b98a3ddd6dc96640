//go:build !purego && !noasm && gc

package engine

// pushHadamard2NEON is scatterHadamardNEON for the two-level push: runs of nodes from
// twoLevelRun (children and leaves bounded), columns 0..w-1 in assembly, the
// rest in Go. out has no per-node offset: every run gets it whole. It
// checks the lengths (push2Bounds); the kernel checks every segment and
// index it reads, and the glue panics with pushHadamard2BadIndex when it
// reports one out of range. It is a deliberate twin of
// pushHadamard2Chunked (pushhadamard2_amd64.go), for the column tail the
// NEON kernels leave to Go.
func pushHadamard2NEON[T Float](asm func(out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode, w int, yrows, crows, irows, lbase uint64) int, lanes int) pushHadamard2Func[T] {
	return func(out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode int, lbase uint64) {
		w := r &^ (lanes - 1)
		if w == 0 {
			pushHadamard2Generic(out, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r, mode, lbase)
			return
		}
		yrows, crows, irows := push2Bounds(len(out), len(above), len(y), len(f), len(ycrd), len(ptr)-1, r, mode)
		crd = crd[:children(crd, lptr)]
		n := min(len(vals), len(idx))
		vals, idx = vals[:n], idx[:n]
		asmPieces(len(ptr)-1, len(ptr)-1, func(c0, _ int) (int, bool) {
			c1 := twoLevelRun(ptr, lptr, c0)
			if asm(out, above, y, ycrd[c0:c1], ptr[c0:c1+1], crd, lptr, vals, idx, f, r, mode, w, yrows, crows, irows, lbase) != 0 {
				panic(pushHadamard2BadIndex)
			}
			return c1, true
		}, func(c0, c1 int) {
			racePushHadamard2(out, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r, mode, lbase, yrows, crows, irows, c0, c1)
		})
		if w < r {
			pushHadamard2Cols(out, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r, mode, lbase, w)
		}
	}
}
