//go:build !purego && !noasm && gc

package engine

// spmmScatterNEON wraps a NEON SpMMScatter kernel, with what spmmNEON
// relies on, the roles of x and y exchanged.
func spmmScatterNEON[T Float](k func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T, yrows uint64) int) spmmScatterFunc[T] {
	return func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
		if w == 0 {
			return
		}
		n := min(len(idx), len(vals))
		idx, vals = idx[:n], vals[:n]
		rows := len(ptr) - 1
		yrows := denseRows(len(y), ldy, w)
		asmPieces(rows, rows, func(lo, _ int) (int, bool) {
			hi := spmmRows(ptr, lo, w)
			if k(y, ldy, x[lo*ldx:], ldx, w, ptr[lo:hi+1], idx, vals, alpha, yrows) != 0 {
				panic(spmmScatterBadIndex)
			}
			return hi, true
		}, func(lo, end int) {
			raceSpMM(x, ldx, y, ldy, w, ptr, idx, vals, yrows, lo, end, true)
		})
	}
}
