package engine

import (
	"fmt"
	"slices"

	"github.com/hurray-format/hurray-go/internal/dense"
)

// SpMMNarrow is SpMM on a compressed matrix with 32-bit row pointers and
// narrow column indices: for every row i < len(ptr)-1 and column j < w,
//
//	y[i*ldy+j] = alpha * sum_k vals[k] * x[col[k]*ldx+j] (+ beta*y[i*ldy+j])
//
// over k in [ptr[i], ptr[i+1]), y not read when beta == 0. It checks what
// SpMM checks (the panel, len(col) == len(vals), ptr non-decreasing and
// within col, every index below the rows x holds, y not over the index
// arrays) and panics otherwise. A column panel of a matrix passes x
// resliced at the panel's first row of X.
func SpMMNarrow[T Float, I Narrow](y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha, beta T) {
	checkSpMMNarrow("SpMMNarrow", len(y), ldy, len(x), ldx, w, ptr, col, len(vals), true)
	mustNotAliasNarrow("SpMMNarrow", y, ptr, col)
	spmmNarrowCall(y, ldy, x, ldx, w, ptr, col, vals, alpha, beta)
}

// SpMMNarrowUnchecked is SpMMNarrow without the pass over every index and
// without the check of y against the index arrays, for a caller whose
// validated form guarantees the indices and that has checked y itself.
// Every path still checks each segment and index when it reads it and
// panics on one out of range.
func SpMMNarrowUnchecked[T Float, I Narrow](y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha, beta T) {
	checkSpMMNarrow("SpMMNarrow", len(y), ldy, len(x), ldx, w, ptr, col, len(vals), false)
	spmmNarrowCall(y, ldy, x, ldx, w, ptr, col, vals, alpha, beta)
}

func spmmNarrowCall[T Float, I Narrow](y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha, beta T) {
	switch {
	case is32[T]() && is16[I]():
		spmmNarrowF32U16.fn(&spmmNarrowTune, f32s(y), ldy, f32s(x), ldx, w, ptr, u16s(col), f32s(vals), float32(alpha), float32(beta))
	case is32[T]():
		spmmNarrowF32U32.fn(&spmmNarrowTune, f32s(y), ldy, f32s(x), ldx, w, ptr, u32s(col), f32s(vals), float32(alpha), float32(beta))
	case is16[I]():
		spmmNarrowF64U16.fn(&spmmNarrowTune, f64s(y), ldy, f64s(x), ldx, w, ptr, u16s(col), f64s(vals), float64(alpha), float64(beta))
	default:
		spmmNarrowF64U32.fn(&spmmNarrowTune, f64s(y), ldy, f64s(x), ldx, w, ptr, u32s(col), f64s(vals), float64(alpha), float64(beta))
	}
}

// checkSpMMNarrow is checkSpMM for 32-bit row pointers and narrow indices.
func checkSpMMNarrow[I Narrow](name string, nm, ldm, nn, ldn, w int, ptr []uint32, col []I, nvals int, indexCheck bool) {
	checkSpMMShape(name, nm, ldm, ldn, w, len(ptr), len(col), nvals)
	rows := len(ptr) - 1
	if !slices.IsSorted(ptr) || int(ptr[rows]) > len(col) {
		panic("kernels: " + name + ": ptr not non-decreasing or beyond len(col)")
	}
	if ptr[0] == ptr[rows] || w == 0 || !indexCheck {
		return
	}
	n := denseRows(nn, ldn, w)
	if m := slices.Max(col[ptr[0]:ptr[rows]]); uint64(m) >= n {
		panic(fmt.Sprintf("kernels: %s: index %d out of range for %d dense rows", name, m, n))
	}
}

// mustNotAliasNarrow is mustNotAlias for 32-bit row pointers and narrow
// indices.
func mustNotAliasNarrow[T Float, I Narrow](name string, out []T, ptr []uint32, col []I) {
	if dense.Overlap(out, ptr) || dense.Overlap(out, col) {
		panic("kernels: " + name + ": the output overlaps an index array")
	}
}

// spmmNarrowFunc is an SpMMNarrow implementation; a path that tiles X
// decides with the tuning c, the others ignore it.
type spmmNarrowFunc[T Float, I Narrow] = func(c *spmmTuning, y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha, beta T)

// spmmNarrowRowsFunc is an SpMMNarrow kernel without a tuning.
type spmmNarrowRowsFunc[T Float, I Narrow] = func(y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha, beta T)

// narrowUntiled makes an SpMMNarrow implementation that does not tile (the
// twin of anyShape for SpMM).
func narrowUntiled[T Float, I Narrow](f spmmNarrowRowsFunc[T, I]) spmmNarrowFunc[T, I] {
	return func(_ *spmmTuning, y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha, beta T) {
		f(y, ldy, x, ldx, w, ptr, col, vals, alpha, beta)
	}
}

var (
	spmmNarrowF32U16 = newPartialFamily[spmmNarrowFunc[float32, uint16]]("spmmnarrow.f32.u16", narrowUntiled(spmmNarrowRef[float32, uint16]), narrowUntiled(spmmNarrowGeneric[float32, uint16]))
	spmmNarrowF32U32 = newPartialFamily[spmmNarrowFunc[float32, uint32]]("spmmnarrow.f32.u32", narrowUntiled(spmmNarrowRef[float32, uint32]), narrowUntiled(spmmNarrowGeneric[float32, uint32]))
	spmmNarrowF64U16 = newPartialFamily[spmmNarrowFunc[float64, uint16]]("spmmnarrow.f64.u16", narrowUntiled(spmmNarrowRef[float64, uint16]), narrowUntiled(spmmNarrowGeneric[float64, uint16]))
	spmmNarrowF64U32 = newPartialFamily[spmmNarrowFunc[float64, uint32]]("spmmnarrow.f64.u32", narrowUntiled(spmmNarrowRef[float64, uint32]), narrowUntiled(spmmNarrowGeneric[float64, uint32]))
)

// spmmNarrowBadIndex is the panic of every SpMMNarrow path on a segment or
// index out of range when the kernel reads it (see spmmBadIndex).
const spmmNarrowBadIndex = "kernels: SpMMNarrow: index out of range (an index array changed after validation?)"

// narrowSegment returns the segment ptr[i], ptr[i+1] and panics with bad
// unless 0 <= lo <= hi <= n.
func narrowSegment(ptr []uint32, i, n int, bad string) (lo, hi int) {
	lo, hi = int(ptr[i]), int(ptr[i+1]) // read once: y may overlap ptr
	if lo > hi || hi > n {
		panic(bad)
	}
	return lo, hi
}

func spmmNarrowRef[T Float, I Narrow](y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha, beta T) {
	if w == 0 {
		return
	}
	xrows := denseRows(len(x), ldx, w)
	for i := 0; i+1 < len(ptr); i++ {
		lo, hi := narrowSegment(ptr, i, min(len(col), len(vals)), spmmNarrowBadIndex)
		for c := range w {
			var s T
			for k := lo; k < hi; k++ {
				if uint64(col[k]) >= xrows {
					panic(spmmNarrowBadIndex)
				}
				s += vals[k] * x[int(col[k])*ldx+c]
			}
			if beta == 0 {
				y[i*ldy+c] = alpha * s
			} else {
				y[i*ldy+c] = alpha*s + beta*y[i*ldy+c]
			}
		}
	}
}

// spmmNarrowGeneric accumulates blocks of up to 64 columns of a row of Y in
// a stack array, four entries a pass. Every index is checked each time it
// is read (a block re-reads the row's indices after the previous block's
// store, which may have changed them when y overlaps col).
func spmmNarrowGeneric[T Float, I Narrow](y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha, beta T) {
	if w == 0 {
		return
	}
	xrows := denseRows(len(x), ldx, w)
	var buf [64]T
	for i := 0; i+1 < len(ptr); i++ {
		lo, hi := narrowSegment(ptr, i, min(len(col), len(vals)), spmmNarrowBadIndex)
		for c0 := 0; c0 < w; c0 += len(buf) {
			acc := buf[:min(len(buf), w-c0)]
			clear(acc)
			cs, vs := col[lo:hi], vals[lo:hi]
			vs = vs[:len(cs)]
			for len(cs) >= 4 && len(vs) >= 4 {
				c, v := cs[:4:4], vs[:4:4]
				cs, vs = cs[4:], vs[4:]
				j0, j1, j2, j3 := uint64(c[0]), uint64(c[1]), uint64(c[2]), uint64(c[3])
				if max(j0, j1, j2, j3) >= xrows {
					panic(spmmNarrowBadIndex)
				}
				x0 := x[int(j0)*ldx+c0:][:len(acc)]
				x1 := x[int(j1)*ldx+c0:][:len(acc)]
				x2 := x[int(j2)*ldx+c0:][:len(acc)]
				x3 := x[int(j3)*ldx+c0:][:len(acc)]
				v0, v1, v2, v3 := v[0], v[1], v[2], v[3]
				for q := range acc {
					acc[q] += (v0*x0[q] + v1*x1[q]) + (v2*x2[q] + v3*x3[q])
				}
			}
			for k, j := range cs {
				if uint64(j) >= xrows {
					panic(spmmNarrowBadIndex)
				}
				v0 := vs[k]
				x0 := x[int(j)*ldx+c0:][:len(acc)]
				for q := range acc {
					acc[q] += v0 * x0[q]
				}
			}
			yr := y[i*ldy+c0:][:len(acc)]
			if beta == 0 {
				for q := range acc {
					yr[q] = alpha * acc[q]
				}
			} else {
				for q := range acc {
					yr[q] = alpha*acc[q] + beta*yr[q]
				}
			}
		}
	}
}
