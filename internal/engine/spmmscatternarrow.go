package engine

// SpMMScatterNarrow is SpMMScatter on a compressed matrix with 32-bit row
// pointers and narrow column indices, the transpose product's scatter: for
// every row i < len(ptr)-1, entry k of it and column j < w,
//
//	y[col[k]*ldy+j] += vals[k] * (alpha * x[i*ldx+j])
//
// It checks what SpMMScatter checks (the panel, len(col) == len(vals), ptr
// non-decreasing and within col, every index below the rows y holds, y not
// over the index arrays) and panics otherwise.
func SpMMScatterNarrow[T Float, I Narrow](y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha T) {
	checkSpMMNarrow("SpMMScatterNarrow", len(x), ldx, len(y), ldy, w, ptr, col, len(vals), true)
	mustNotAliasNarrow("SpMMScatterNarrow", y, ptr, col)
	spmmScatterNarrowCall(y, ldy, x, ldx, w, ptr, col, vals, alpha)
}

// SpMMScatterNarrowUnchecked is SpMMScatterNarrow without the pass over
// every index and without the check of y against the index arrays (see
// SpMMNarrowUnchecked).
func SpMMScatterNarrowUnchecked[T Float, I Narrow](y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha T) {
	checkSpMMNarrow("SpMMScatterNarrow", len(x), ldx, len(y), ldy, w, ptr, col, len(vals), false)
	spmmScatterNarrowCall(y, ldy, x, ldx, w, ptr, col, vals, alpha)
}

func spmmScatterNarrowCall[T Float, I Narrow](y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha T) {
	switch {
	case is32[T]() && is16[I]():
		spmmScatterNarrowF32U16.fn(&spmmTune, f32s(y), ldy, f32s(x), ldx, w, ptr, u16s(col), f32s(vals), float32(alpha))
	case is32[T]():
		spmmScatterNarrowF32U32.fn(&spmmTune, f32s(y), ldy, f32s(x), ldx, w, ptr, u32s(col), f32s(vals), float32(alpha))
	case is16[I]():
		spmmScatterNarrowF64U16.fn(&spmmTune, f64s(y), ldy, f64s(x), ldx, w, ptr, u16s(col), f64s(vals), float64(alpha))
	default:
		spmmScatterNarrowF64U32.fn(&spmmTune, f64s(y), ldy, f64s(x), ldx, w, ptr, u32s(col), f64s(vals), float64(alpha))
	}
}

// spmmScatterNarrowFunc is an SpMMScatterNarrow implementation; a path
// that tiles Y decides with the tuning c, the others ignore it.
type spmmScatterNarrowFunc[T Float, I Narrow] = func(c *spmmTuning, y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha T)

// spmmScatterNarrowRowsFunc is an SpMMScatterNarrow kernel without a
// tuning.
type spmmScatterNarrowRowsFunc[T Float, I Narrow] = func(y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha T)

// scatterNarrowUntiled makes an SpMMScatterNarrow implementation that does
// not tile (the twin of scatterUntiled).
func scatterNarrowUntiled[T Float, I Narrow](f spmmScatterNarrowRowsFunc[T, I]) spmmScatterNarrowFunc[T, I] {
	return func(_ *spmmTuning, y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha T) {
		f(y, ldy, x, ldx, w, ptr, col, vals, alpha)
	}
}

var (
	spmmScatterNarrowF32U16 = newPartialFamily[spmmScatterNarrowFunc[float32, uint16]]("spmmscatternarrow.f32.u16", scatterNarrowUntiled(spmmScatterNarrowRef[float32, uint16]), scatterNarrowUntiled(spmmScatterNarrowGeneric[float32, uint16]))
	spmmScatterNarrowF32U32 = newPartialFamily[spmmScatterNarrowFunc[float32, uint32]]("spmmscatternarrow.f32.u32", scatterNarrowUntiled(spmmScatterNarrowRef[float32, uint32]), scatterNarrowUntiled(spmmScatterNarrowGeneric[float32, uint32]))
	spmmScatterNarrowF64U16 = newPartialFamily[spmmScatterNarrowFunc[float64, uint16]]("spmmscatternarrow.f64.u16", scatterNarrowUntiled(spmmScatterNarrowRef[float64, uint16]), scatterNarrowUntiled(spmmScatterNarrowGeneric[float64, uint16]))
	spmmScatterNarrowF64U32 = newPartialFamily[spmmScatterNarrowFunc[float64, uint32]]("spmmscatternarrow.f64.u32", scatterNarrowUntiled(spmmScatterNarrowRef[float64, uint32]), scatterNarrowUntiled(spmmScatterNarrowGeneric[float64, uint32]))
)

// spmmScatterNarrowBadIndex is SpMMScatterNarrow's panic on a segment or
// index out of range when a kernel reads it (see spmmBadIndex).
const spmmScatterNarrowBadIndex = "kernels: SpMMScatterNarrow: index out of range (an index array changed after validation?)"

func spmmScatterNarrowRef[T Float, I Narrow](y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha T) {
	if w == 0 {
		return
	}
	yrows := denseRows(len(y), ldy, w)
	for i := 0; i+1 < len(ptr); i++ {
		lo, hi := narrowSegment(ptr, i, min(len(col), len(vals)), spmmScatterNarrowBadIndex)
		for k := lo; k < hi; k++ {
			for c := range w {
				if uint64(col[k]) >= yrows {
					panic(spmmScatterNarrowBadIndex)
				}
				y[int(col[k])*ldy+c] += vals[k] * (alpha * x[i*ldx+c])
			}
		}
	}
}

// spmmScatterNarrowGeneric scatters each entry's row of x, scaled as ref
// scales it: vals[k] * (alpha*x), exact in x for alpha == 1.
func spmmScatterNarrowGeneric[T Float, I Narrow](y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha T) {
	if w == 0 {
		return
	}
	yrows := denseRows(len(y), ldy, w)
	for i := 0; i+1 < len(ptr); i++ {
		xr := x[i*ldx : i*ldx+w]
		lo, hi := narrowSegment(ptr, i, min(len(col), len(vals)), spmmScatterNarrowBadIndex)
		for k := lo; k < hi; k++ {
			j := uint64(col[k])
			if j >= yrows {
				panic(spmmScatterNarrowBadIndex)
			}
			scatterRow(y[int(j)*ldy:][:len(xr)], xr, vals[k], alpha)
		}
	}
}
