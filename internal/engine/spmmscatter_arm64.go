package engine

// spmmScatterNEON wraps a NEON SpMMScatter kernel, with what spmmNEON
// relies on, the roles of x and y exchanged.
func spmmScatterNEON[T Float](k func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T)) spmmScatterFunc[T] {
	return func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
		if w == 0 {
			return
		}
		rows := len(ptr) - 1
		raceRead(ptr)
		raceRead(idx)
		raceRead(vals)
		if raceEnabled {
			for i := range rows {
				raceRead(x[i*ldx:][:w])
			}
			for k := ptr[0]; k < ptr[rows]; k++ {
				raceWrite(y[int(idx[k])*ldy:][:w])
			}
		}
		for lo := 0; lo < rows; {
			hi := spmmRows(ptr, lo, w)
			k(y, ldy, x[lo*ldx:], ldx, w, ptr[lo:hi+1], idx, vals, alpha)
			lo = hi
		}
	}
}
