package engine

// scatterAddAsm wraps a ScatterAdd assembly kernel: it establishes what the
// assembly assumes (len(ptr) == len(x)+1, len(vals) == len(idx)) and feeds
// it the rows in chunks so that each call stays short.
func scatterAddAsm[T Float](k func(y, x []T, ptr, idx []uint64, vals []T, alpha T)) scatterAddFunc[T] {
	return func(y, x []T, ptr, idx []uint64, vals []T, alpha T) {
		if len(ptr) != len(x)+1 || len(vals) != len(idx) {
			panic("kernels: ScatterAdd: internal error: lengths")
		}
		for lo := 0; lo < len(x); lo += spmvRowsPerCall {
			hi := min(lo+spmvRowsPerCall, len(x))
			k(y, x[lo:hi], ptr[lo:hi+1], idx, vals, alpha)
		}
	}
}
