package engine

// ScatterAddNarrow is ScatterAdd on a compressed matrix with 32-bit row
// pointers and narrow column indices, the transpose product's scatter:
//
//	for i := range x {
//		a := alpha * x[i]
//		for k := ptr[i]; k < ptr[i+1]; k++ {
//			if int(col[k]) < len(y) {
//				y[col[k]] += a * vals[k]
//			}
//		}
//	}
//
// It panics unless len(ptr) == len(x)+1 and len(col) == len(vals). As in
// ScatterAdd, segments are clamped to 0..len(col) and an index not below
// len(y) is skipped on every path.
func ScatterAddNarrow[T Float, I Narrow](y, x []T, ptr []uint32, col []I, vals []T, alpha T) {
	if len(ptr) != len(x)+1 {
		panic("kernels: ScatterAddNarrow: len(ptr) != len(x)+1")
	}
	if len(col) != len(vals) {
		panic("kernels: ScatterAddNarrow: len(col) != len(vals)")
	}
	switch {
	case is32[T]() && is16[I]():
		scatterAddNarrowF32U16.fn(f32s(y), f32s(x), ptr, u16s(col), f32s(vals), float32(alpha))
	case is32[T]():
		scatterAddNarrowF32U32.fn(f32s(y), f32s(x), ptr, u32s(col), f32s(vals), float32(alpha))
	case is16[I]():
		scatterAddNarrowF64U16.fn(f64s(y), f64s(x), ptr, u16s(col), f64s(vals), float64(alpha))
	default:
		scatterAddNarrowF64U32.fn(f64s(y), f64s(x), ptr, u32s(col), f64s(vals), float64(alpha))
	}
}

// The type and the four families below are deliberate twins of
// spmvNarrow's (spmvnarrow.go): one family a value and index type.
type scatterAddNarrowFunc[T Float, I Narrow] = func(y, x []T, ptr []uint32, col []I, vals []T, alpha T)

var (
	scatterAddNarrowF32U16 = newFamily[scatterAddNarrowFunc[float32, uint16]]("scatteraddnarrow.f32.u16", scatterAddNarrowRef[float32, uint16], scatterAddNarrowGeneric[float32, uint16])
	scatterAddNarrowF32U32 = newFamily[scatterAddNarrowFunc[float32, uint32]]("scatteraddnarrow.f32.u32", scatterAddNarrowRef[float32, uint32], scatterAddNarrowGeneric[float32, uint32])
	scatterAddNarrowF64U16 = newFamily[scatterAddNarrowFunc[float64, uint16]]("scatteraddnarrow.f64.u16", scatterAddNarrowRef[float64, uint16], scatterAddNarrowGeneric[float64, uint16])
	scatterAddNarrowF64U32 = newFamily[scatterAddNarrowFunc[float64, uint32]]("scatteraddnarrow.f64.u32", scatterAddNarrowRef[float64, uint32], scatterAddNarrowGeneric[float64, uint32])
)

// scatterAddNarrowAsm is the glue of a ScatterAddNarrow kernel k, the
// twin of scatterAddAsm (scatteradd.go) on 32-bit pointers and narrow
// indices: it checks what the assembly assumes (len(ptr) == len(x)+1,
// len(vals) == len(col)) and feeds it spmvRowsPerCall rows a call.
//
//go:noinline
func scatterAddNarrowAsm[T Float, I Narrow](k scatterAddNarrowFunc[T, I]) scatterAddNarrowFunc[T, I] {
	return func(y, x []T, ptr []uint32, col []I, vals []T, alpha T) {
		if len(ptr) != len(x)+1 || len(vals) != len(col) {
			panic("kernels: ScatterAddNarrow: internal error: lengths")
		}
		asmPieces(len(x), spmvRowsPerCall, func(lo, hi int) (int, bool) {
			k(y, x[lo:hi], ptr[lo:hi+1], col, vals, alpha)
			return hi, true
		}, func(lo, end int) {
			raceRead(x[lo:end])
			raceRows(ptr, col, vals, y, lo, end, true)
		})
	}
}

func scatterAddNarrowRef[T Float, I Narrow](y, x []T, ptr []uint32, col []I, vals []T, alpha T) {
	for i := range x {
		a := alpha * x[i]
		lo, hi := clampRange(ptr, i, len(col))
		for k := lo; k < hi; k++ {
			if int(col[k]) < len(y) {
				y[col[k]] += a * vals[k]
			}
		}
	}
}

// scatterAddNarrowGeneric takes four entries a step, without a check per
// entry when all four indices are below len(y).
func scatterAddNarrowGeneric[T Float, I Narrow](y, x []T, ptr []uint32, col []I, vals []T, alpha T) {
	vals = vals[:len(col)]
	ptr = ptr[:len(x)+1]
	ny := uint(len(y))
	for i, xi := range x {
		a := alpha * xi
		lo, hi := clampRange(ptr, i, len(col))
		cs, vs := col[lo:hi], vals[lo:hi]
		vs = vs[:len(cs)]
		for len(cs) >= 4 && len(vs) >= 4 {
			c, v := cs[:4:4], vs[:4:4]
			cs, vs = cs[4:], vs[4:]
			j0, j1, j2, j3 := uint(c[0]), uint(c[1]), uint(c[2]), uint(c[3])
			if max(j0, j1, j2, j3) < ny {
				y[j0] += a * v[0]
				y[j1] += a * v[1]
				y[j2] += a * v[2]
				y[j3] += a * v[3]
				continue
			}
			for q, j := range c {
				if uint(j) < ny {
					y[j] += a * v[q]
				}
			}
		}
		for k, j := range cs {
			if uint(j) < ny {
				y[j] += a * vs[k]
			}
		}
	}
}
