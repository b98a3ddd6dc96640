package engine

// NEON glue for the SpMV family.

// spmvNEON wraps a NEON SpMV kernel: it establishes what the assembly
// assumes (len(ptr) == len(y)+1, len(vals) == len(idx), beta == +0 for "do
// not read y") and feeds it the rows in chunks.
func spmvNEON[T Float](k func(y, x []T, ptr, idx []uint64, vals []T, alpha, beta T)) spmvFunc[T] {
	return func(y, x []T, ptr, idx []uint64, vals []T, alpha, beta T) {
		beta = spmvAsmBeta(y, ptr, idx, vals, beta)
		raceRead(x)
		raceRead(ptr)
		raceRead(idx)
		raceRead(vals)
		raceWrite(y)
		for lo := 0; lo < len(y); lo += spmvRowsPerCall {
			hi := min(lo+spmvRowsPerCall, len(y))
			k(y[lo:hi], x, ptr[lo:hi+1], idx, vals, alpha, beta)
		}
	}
}
