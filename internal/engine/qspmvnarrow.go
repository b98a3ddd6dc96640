package engine

// QSpMVNarrowInt8 is SpMVNarrow on int8 codes with one float32 scale per
// row (an int8 scheme per tensor, its scale repeated, or per channel along
// the rows):
//
//	for i := range y {
//		var s float32
//		for k := ptr[i]; k < ptr[i+1]; k++ {
//			if int(col[k]) < len(x) {
//				s += float32(codes[k]) * x[col[k]]
//			}
//		}
//		y[i] = alpha*(s*scale[i]) + beta*y[i] // y not read when beta == 0
//	}
//
// It panics unless len(ptr) == len(y)+1, len(col) == len(codes) and
// len(scale) == len(y); segments are clamped and out-of-range indices
// skipped as in SpMVNarrow.
func QSpMVNarrowInt8[I Narrow](y, x []float32, ptr []uint32, col []I, codes []int8, scale []float32, alpha, beta float32) {
	if len(ptr) != len(y)+1 {
		panic("kernels: QSpMVNarrowInt8: len(ptr) != len(y)+1")
	}
	if len(col) != len(codes) {
		panic("kernels: QSpMVNarrowInt8: len(col) != len(codes)")
	}
	if len(scale) != len(y) {
		panic("kernels: QSpMVNarrowInt8: len(scale) != len(y)")
	}
	if is16[I]() {
		qspmvNarrowU16.fn(y, x, ptr, u16s(col), codes, scale, alpha, beta)
		return
	}
	qspmvNarrowU32.fn(y, x, ptr, u32s(col), codes, scale, alpha, beta)
}

type qspmvNarrowFunc[I Narrow] = func(y, x []float32, ptr []uint32, col []I, codes []int8, scale []float32, alpha, beta float32)

var (
	qspmvNarrowU16 = newPartialFamily[qspmvNarrowFunc[uint16]]("qspmvnarrow.i8.u16", spmvNarrowRefRows[float32, uint16, int8], spmvNarrowRows[float32, uint16, int8])
	qspmvNarrowU32 = newPartialFamily[qspmvNarrowFunc[uint32]]("qspmvnarrow.i8.u32", spmvNarrowRefRows[float32, uint32, int8], spmvNarrowRows[float32, uint32, int8])
)

// qspmvNarrowAsm is spmvNarrowAsm for an int8 kernel k, which needs
// len(scale) == len(y) as well.
//
//go:noinline
func qspmvNarrowAsm[I Narrow](k qspmvNarrowFunc[I]) qspmvNarrowFunc[I] {
	return func(y, x []float32, ptr []uint32, col []I, codes []int8, scale []float32, alpha, beta float32) {
		if len(ptr) != len(y)+1 || len(codes) != len(col) || len(scale) != len(y) {
			panic("kernels: QSpMVNarrowInt8: internal error: lengths")
		}
		if len(x) == 0 {
			spmvNarrowRows(y, x, ptr, col, codes, scale, alpha, beta)
			return
		}
		if beta == 0 {
			beta = 0
		}
		narrowRowsAsm(y, x, ptr, col, codes, func(lo, hi int) {
			raceRead(scale[lo:hi])
			k(y[lo:hi], x, ptr[lo:hi+1], col, codes, scale[lo:hi], alpha, beta)
		})
	}
}
