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
		if raceEnabled {
			// The rows of Y the entries name, where they are in range
			// (the kernel stops at the first that is not).
			raceRead(ptr)
			raceRead(idx)
			raceRead(vals)
			for i := range rows {
				raceRead(x[i*ldx:][:w])
			}
			for k := ptr[0]; k < min(ptr[rows], uint64(n)); k++ {
				if idx[k] < yrows {
					raceWrite(y[int(idx[k])*ldy:][:w])
				}
			}
		}
		for lo := 0; lo < rows; {
			hi := spmmRows(ptr, lo, w)
			if k(y, ldy, x[lo*ldx:], ldx, w, ptr[lo:hi+1], idx, vals, alpha, yrows) != 0 {
				panic(spmmScatterBadIndex)
			}
			lo = hi
		}
	}
}
