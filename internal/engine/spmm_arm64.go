//go:build !purego && !noasm && gc

package engine

// NEON glue for the SpMM and SpMMScatter families.

// spmmNEON wraps a NEON SpMM kernel. The exported SpMM has checked the
// lengths (checkSpMM); the kernel checks every segment and index it reads
// and the wrapper panics with spmmBadIndex when it reports one out of
// range. It turns -0 beta into +0 and feeds the rows in chunks.
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
		if raceEnabled {
			// X as a whole (the rows the entries name, whatever they
			// hold), and Y's rows: y may be a panel of a matrix other
			// goroutines write elsewhere.
			raceRead(ptr)
			raceRead(idx)
			raceRead(vals)
			raceRead(x)
			for i := range rows {
				raceWrite(y[i*ldy:][:w])
			}
		}
		for lo := 0; lo < rows; {
			hi := spmmRows(ptr, lo, w)
			if k(y[lo*ldy:], ldy, x, ldx, w, ptr[lo:hi+1], idx, vals, alpha, beta, xrows) != 0 {
				panic(spmmBadIndex)
			}
			lo = hi
		}
	}
}
