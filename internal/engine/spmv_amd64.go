//go:build !purego && !noasm && gc

package engine

// spmvAsm wraps an assembly kernel k: it establishes what the assembly
// assumes (len(ptr) == len(y)+1, len(vals) == len(idx), beta == +0 for "do
// not read y") and feeds it spmvRowsPerCall rows a call.
func spmvAsm[T Float](k func(y, x []T, ptr, idx []uint64, vals []T, alpha, beta T)) spmvFunc[T] {
	return func(y, x []T, ptr, idx []uint64, vals []T, alpha, beta T) {
		beta = spmvAsmBeta(y, ptr, idx, vals, beta)
		for lo := 0; lo < len(y); lo += spmvRowsPerCall {
			hi := min(lo+spmvRowsPerCall, len(y))
			k(y[lo:hi], x, ptr[lo:hi+1], idx, vals, alpha, beta)
		}
	}
}

// spmv1Asm wraps an SpMV1 kernel k1 as spmvAsm wraps k, in calls of at most
// spmv1RowsPerCall rows and, unless one row alone has more, twice as many
// entries.
func spmv1Asm[T Float](k1 func(y, x []T, ptr, idx []uint64, vals []T, alpha, beta T)) spmvFunc[T] {
	return func(y, x []T, ptr, idx []uint64, vals []T, alpha, beta T) {
		beta = spmvAsmBeta(y, ptr, idx, vals, beta)
		rows := len(y)
		for lo := 0; lo < rows; {
			hi := min(lo+spmv1RowsPerCall, rows)
			for hi > lo+1 && ptr[hi] > ptr[lo] && ptr[hi]-ptr[lo] > 2*spmv1RowsPerCall {
				hi = lo + (hi-lo)/2
			}
			k1(y[lo:hi], x, ptr[lo:hi+1], idx, vals, alpha, beta)
			lo = hi
		}
	}
}
