package engine

// NEON glue for the SpMM and SpMMScatter families.

// spmmNEON wraps a NEON SpMM kernel. The exported SpMM has checked the
// structure and every bound (checkSpMM); the family implementations are
// only reached through it or from tests with valid input. It turns -0 beta
// into +0 and feeds the rows in chunks.
func spmmNEON[T Float](k spmmRowsFunc[T]) spmmFunc[T] {
	return func(_, _ int, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
		if w == 0 {
			return
		}
		if beta == 0 {
			beta = 0
		}
		rows := len(ptr) - 1
		raceRead(ptr)
		raceRead(idx)
		raceRead(vals)
		if raceEnabled {
			// X's rows the entries name, and Y's rows: y may be a
			// panel of a matrix other goroutines write elsewhere.
			for k := ptr[0]; k < ptr[rows]; k++ {
				raceRead(x[int(idx[k])*ldx:][:w])
			}
			for i := range rows {
				raceWrite(y[i*ldy:][:w])
			}
		}
		for lo := 0; lo < rows; {
			hi := spmmRows(ptr, lo, w)
			k(y[lo*ldy:], ldy, x, ldx, w, ptr[lo:hi+1], idx, vals, alpha, beta)
			lo = hi
		}
	}
}
