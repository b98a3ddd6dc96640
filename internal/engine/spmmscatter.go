package engine

// SpMMScatter implements kernels.SpMMScatter.
func SpMMScatter[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
	spmmScatter(&spmmTune, true, y, ldy, x, ldx, w, ptr, idx, vals, alpha)
}

// SpMMScatterUnchecked is SpMMScatter without the pass over every index and
// without the check of y against the index arrays, for a caller whose
// validated matrix guarantees the indices and that has checked y itself.
func SpMMScatterUnchecked[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
	spmmScatter(&spmmTune, false, y, ldy, x, ldx, w, ptr, idx, vals, alpha)
}

// spmmScatter is SpMMScatter, with the pass over every index and the check
// of y against the index arrays when indexCheck is set, choosing tiles
// with the tuning c.
func spmmScatter[T Float](c *spmmTuning, indexCheck bool, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
	checkSpMM("SpMMScatter", len(x), ldx, len(y), ldy, w, ptr, idx, len(vals), indexCheck)
	if indexCheck {
		mustNotAlias("SpMMScatter", y, ptr, idx)
	}
	if is32[T]() {
		spmmScatterF32.fn(c, f32s(y), ldy, f32s(x), ldx, w, ptr, idx, f32s(vals), float32(alpha))
		return
	}
	spmmScatterF64.fn(c, f64s(y), ldy, f64s(x), ldx, w, ptr, idx, f64s(vals), float64(alpha))
}

// spmmScatterFunc is an SpMMScatter implementation; a path that tiles Y
// (the amd64 tile kernels) decides with the tuning c, the others ignore
// it.
type spmmScatterFunc[T Float] = func(c *spmmTuning, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T)

// spmmScatterRowsFunc is an SpMMScatter kernel without a tuning.
type spmmScatterRowsFunc[T Float] = func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T)

// scatterUntiled makes an SpMMScatter implementation that does not tile
// (the twin of anyShape for SpMM).
func scatterUntiled[T Float](f spmmScatterRowsFunc[T]) spmmScatterFunc[T] {
	return func(_ *spmmTuning, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
		f(y, ldy, x, ldx, w, ptr, idx, vals, alpha)
	}
}

var (
	spmmScatterF32 = newFamily[spmmScatterFunc[float32]]("spmmscatter.f32", scatterUntiled(spmmScatterRef[float32]), scatterUntiled(spmmScatterGeneric[float32]))
	spmmScatterF64 = newFamily[spmmScatterFunc[float64]]("spmmscatter.f64", scatterUntiled(spmmScatterRef[float64]), scatterUntiled(spmmScatterGeneric[float64]))
)

// spmmScatterTileFunc (the amd64 SpMMScatterTile kernels) is SpMMScatter on
// one tile of Y's rows, with the segments and limit of spmmTileFunc.
type spmmScatterTileFunc[T Float, I indexWord] = func(y []T, ldy int, x []T, ldx, w int, seg []uint64, idx []I, vals []T, alpha T, limit uint64)

// spmmScatterBadIndex is SpMMScatter's panic when a segment of ptr or an
// index lies out of range when a kernel reads it (see spmmBadIndex).
const spmmScatterBadIndex = "kernels: SpMMScatter: index out of range (an index array changed after validation?)"

func spmmScatterRef[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
	if w == 0 {
		return
	}
	yrows, n := denseRows(len(y), ldy, w), uint64(min(len(idx), len(vals)))
	for i := 0; i+1 < len(ptr); i++ {
		lo, hi := segment(ptr, i, n, spmmScatterBadIndex)
		for k := lo; k < hi; k++ {
			for c := range w {
				if idx[k] >= yrows {
					panic(spmmScatterBadIndex)
				}
				y[int(idx[k])*ldy+c] += vals[k] * (alpha * x[i*ldx+c])
			}
		}
	}
}

func spmmScatterGeneric[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
	if w == 0 {
		return // the wrapper checked nothing more: x and y may be empty
	}
	yrows, n := denseRows(len(y), ldy, w), uint64(min(len(idx), len(vals)))
	// vals[k] * (alpha*x), in ref's order (and the assembly's, which
	// scale x's row once): (vals[k]*alpha)*x overflows or underflows on
	// other inputs. alpha*x is exact for alpha == 1.
	for i := 0; i+1 < len(ptr); i++ {
		xr := x[i*ldx : i*ldx+w]
		lo, hi := segment(ptr, i, n, spmmScatterBadIndex)
		for k := lo; k < hi; k++ {
			j := idx[k]
			if j >= yrows {
				panic(spmmScatterBadIndex)
			}
			scatterRow(y[int(j)*ldy:][:len(xr)], xr, vals[k], alpha)
		}
	}
}

// scatterRow adds v * (alpha*xr[c]) to yr[c] for every c < len(xr)
// (len(yr) >= len(xr)).
func scatterRow[T Float](yr, xr []T, v, alpha T) {
	yr = yr[:len(xr)]
	if alpha == 1 {
		for c, xv := range xr {
			yr[c] += v * xv
		}
		return
	}
	for c, xv := range xr {
		yr[c] += v * (alpha * xv)
	}
}
