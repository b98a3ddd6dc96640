//go:build !purego && !noasm && gc

package engine

// NEON glue for the SpMM and SpMMScatter families.

// spmmNEON wraps a NEON SpMM kernel. The exported SpMM has checked the
// lengths (checkSpMM); the kernel checks every segment and index it reads
// and the wrapper panics with spmmBadIndex when it reports one out of
// range. It turns -0 beta into +0 and feeds the rows in chunks through
// asmPieces (spmmRows, raceSpMM).
func spmmNEON[T Float](k func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T, xrows uint64) int) spmmFunc[T] {
	return func(_, _ int, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
		if w == 0 {
			return
		}
		if beta == 0 {
			beta = 0
		}
		n := min(len(idx), len(vals))
		idx, vals = idx[:n], vals[:n]
		rows := len(ptr) - 1
		xrows := denseRows(len(x), ldx, w)
		asmPieces(rows, rows, func(lo, _ int) (int, bool) {
			hi := spmmRows(ptr, lo, w)
			if k(y[lo*ldy:], ldy, x, ldx, w, ptr[lo:hi+1], idx, vals, alpha, beta, xrows) != 0 {
				panic(spmmBadIndex)
			}
			return hi, true
		}, func(lo, end int) {
			raceSpMM(y, ldy, x, ldx, w, ptr, idx, vals, xrows, lo, end, false)
		})
	}
}
