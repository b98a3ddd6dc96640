package engine

import "unsafe"

// Narrow is the element type of the column indices of the narrow-index
// products (a prepared matrix's compute form): uint16 or uint32, or a type
// defined on one of them.
type Narrow interface{ ~uint16 | ~uint32 }

// is16 reports whether I is uint16 (or a type defined on it).
func is16[I Narrow]() bool { return unsafe.Sizeof(I(0)) == 2 }

func u16s[I Narrow](s []I) []uint16 {
	return unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

func u32s[I Narrow](s []I) []uint32 {
	return unsafe.Slice((*uint32)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

// SpMVNarrow is SpMV on a compressed matrix with 32-bit row pointers and
// narrow column indices:
//
//	for i := range y {
//		var s T
//		for k := ptr[i]; k < ptr[i+1]; k++ {
//			if int(col[k]) < len(x) {
//				s += vals[k] * x[col[k]]
//			}
//		}
//		y[i] = alpha*s + beta*y[i] // y not read when beta == 0
//	}
//
// It panics unless len(ptr) == len(y)+1 and len(col) == len(vals). As in
// SpMV, every segment is clamped to 0..len(col) (an inverted one is empty)
// and an index not below len(x) is skipped, on every path, so it makes no
// pass over the indices before it runs. A column panel of a matrix passes x
// resliced at the panel's first column.
func SpMVNarrow[T Float, I Narrow](y, x []T, ptr []uint32, col []I, vals []T, alpha, beta T) {
	if len(ptr) != len(y)+1 {
		panic("kernels: SpMVNarrow: len(ptr) != len(y)+1")
	}
	if len(col) != len(vals) {
		panic("kernels: SpMVNarrow: len(col) != len(vals)")
	}
	switch {
	case is32[T]() && is16[I]():
		spmvNarrowF32U16.fn(f32s(y), f32s(x), ptr, u16s(col), f32s(vals), float32(alpha), float32(beta))
	case is32[T]():
		spmvNarrowF32U32.fn(f32s(y), f32s(x), ptr, u32s(col), f32s(vals), float32(alpha), float32(beta))
	case is16[I]():
		spmvNarrowF64U16.fn(f64s(y), f64s(x), ptr, u16s(col), f64s(vals), float64(alpha), float64(beta))
	default:
		spmvNarrowF64U32.fn(f64s(y), f64s(x), ptr, u32s(col), f64s(vals), float64(alpha), float64(beta))
	}
}

// The type and the four families below are deliberate twins of
// scatterAddNarrow's (scatteraddnarrow.go): one family a value and index
// type.
type spmvNarrowFunc[T Float, I Narrow] = func(y, x []T, ptr []uint32, col []I, vals []T, alpha, beta T)

var (
	spmvNarrowF32U16 = newPartialFamily[spmvNarrowFunc[float32, uint16]]("spmvnarrow.f32.u16", spmvNarrowRef[float32, uint16], spmvNarrowGeneric[float32, uint16])
	spmvNarrowF32U32 = newPartialFamily[spmvNarrowFunc[float32, uint32]]("spmvnarrow.f32.u32", spmvNarrowRef[float32, uint32], spmvNarrowGeneric[float32, uint32])
	spmvNarrowF64U16 = newPartialFamily[spmvNarrowFunc[float64, uint16]]("spmvnarrow.f64.u16", spmvNarrowRef[float64, uint16], spmvNarrowGeneric[float64, uint16])
	spmvNarrowF64U32 = newPartialFamily[spmvNarrowFunc[float64, uint32]]("spmvnarrow.f64.u32", spmvNarrowRef[float64, uint32], spmvNarrowGeneric[float64, uint32])
)

// spmvNarrowAsm is the glue of a narrow SpMV kernel k: it checks what the
// assembly assumes (len(ptr) == len(y)+1, len(vals) == len(col), len(x) >
// 0: with x empty every entry is skipped and the generic loop runs), turns
// beta -0 into +0 (the kernels' "do not read y") and feeds it
// spmvRowsPerCall rows a call.
//
//go:noinline
func spmvNarrowAsm[T Float, I Narrow](k spmvNarrowFunc[T, I]) spmvNarrowFunc[T, I] {
	return func(y, x []T, ptr []uint32, col []I, vals []T, alpha, beta T) {
		if len(ptr) != len(y)+1 || len(vals) != len(col) {
			panic("kernels: SpMVNarrow: internal error: lengths")
		}
		if len(x) == 0 {
			spmvNarrowGeneric(y, x, ptr, col, vals, alpha, beta)
			return
		}
		if beta == 0 {
			beta = 0
		}
		narrowRowsAsm(y, x, ptr, col, vals, func(lo, hi int) {
			k(y[lo:hi], x, ptr[lo:hi+1], col, vals, alpha, beta)
		})
	}
}

// narrowRowsAsm runs call(lo, hi) on the rows of a narrow SpMV in pieces of
// spmvRowsPerCall rows, recording for the race detector what each piece
// read and wrote.
func narrowRowsAsm[T Float, I Narrow, V narrowValue](y, x []T, ptr []uint32, col []I, vals []V, call func(lo, hi int)) {
	asmPieces(len(y), spmvRowsPerCall, func(lo, hi int) (int, bool) {
		call(lo, hi)
		return hi, true
	}, func(lo, end int) {
		raceRows(ptr, col, vals, x, lo, end, false)
		raceWrite(y[lo:end])
	})
}

func spmvNarrowRef[T Float, I Narrow](y, x []T, ptr []uint32, col []I, vals []T, alpha, beta T) {
	spmvNarrowRefRows(y, x, ptr, col, vals, nil, alpha, beta)
}

func spmvNarrowGeneric[T Float, I Narrow](y, x []T, ptr []uint32, col []I, vals []T, alpha, beta T) {
	spmvNarrowRows(y, x, ptr, col, vals, nil, alpha, beta)
}

// narrowValue is the type of the stored values of a narrow-index SpMV:
// floating point, or int8 codes with a scale per row.
type narrowValue interface{ ~float32 | ~float64 | ~int8 }

// spmvNarrowRefRows is the reference row loop of SpMVNarrow and, with a
// scale per row (scale != nil), of QSpMVNarrowInt8: each row's sum of
// T(vals[k]) * x[col[k]], times scale[i] when there is one.
func spmvNarrowRefRows[T Float, I Narrow, V narrowValue](y, x []T, ptr []uint32, col []I, vals []V, scale []T, alpha, beta T) {
	for i := range y {
		lo, hi := clampRange(ptr, i, len(col))
		var s T
		for k := lo; k < hi; k++ {
			if int(col[k]) < len(x) {
				s += T(vals[k]) * x[col[k]]
			}
		}
		if scale != nil {
			s *= scale[i]
		}
		storeScaled(y, i, s, alpha, beta)
	}
}

// spmvNarrowRows is the portable row loop of spmvNarrowRefRows. It keeps
// four partial sums per row, eight entries a step, so that the loads of
// consecutive entries overlap; a step whose indices are all below len(x)
// (every step of a valid matrix) runs without a check per entry.
func spmvNarrowRows[T Float, I Narrow, V narrowValue](y, x []T, ptr []uint32, col []I, vals []V, scale []T, alpha, beta T) {
	vals = vals[:len(col)]
	ptr = ptr[:len(y)+1]
	if scale != nil {
		scale = scale[:len(y)]
	}
	nx := uint(len(x))
	for i := range y {
		lo, hi := clampRange(ptr, i, len(col))
		cs, vs := col[lo:hi], vals[lo:hi]
		vs = vs[:len(cs)]
		var s0, s1, s2, s3 T
		for len(cs) >= 8 && len(vs) >= 8 {
			c, v := cs[:8:8], vs[:8:8]
			cs, vs = cs[8:], vs[8:]
			j0, j1, j2, j3 := uint(c[0]), uint(c[1]), uint(c[2]), uint(c[3])
			j4, j5, j6, j7 := uint(c[4]), uint(c[5]), uint(c[6]), uint(c[7])
			if max(j0, j1, j2, j3, j4, j5, j6, j7) < nx {
				s0 += T(v[0])*x[j0] + T(v[4])*x[j4]
				s1 += T(v[1])*x[j1] + T(v[5])*x[j5]
				s2 += T(v[2])*x[j2] + T(v[6])*x[j6]
				s3 += T(v[3])*x[j3] + T(v[7])*x[j7]
				continue
			}
			for q, j := range c {
				if uint(j) < nx {
					s0 += T(v[q]) * x[j]
				}
			}
		}
		for k, j := range cs {
			if uint(j) < nx {
				s0 += T(vs[k]) * x[j]
			}
		}
		s := (s0 + s1) + (s2 + s3)
		if scale != nil {
			s *= scale[i]
		}
		storeScaled(y, i, s, alpha, beta)
	}
}
