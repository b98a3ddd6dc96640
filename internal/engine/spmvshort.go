package engine

import "slices"

// SpMVShort is SpMVNarrow with beta = 0 for matrices of short rows (a few
// entries each), where the cost is the work per row:
//
//	for i := range y {
//		var s T // in sums partial sums, see below
//		for k := ptr[i]; k < ptr[i+1]; k++ {
//			if int(col[k]) < len(x) {
//				s += vals[k] * x[col[k]]
//			}
//		}
//		y[i] = alpha * s // y not read
//	}
//
// sums is 1, 2 or 4: with more than one, entry k of each whole group of
// sums entries of a row goes to partial sum k mod sums, the rest to the
// first, and the partial sums are added in pairs at the end (their FMA
// chains overlap on rows of 8 entries and more). The kernels store each
// row's sum as it is and y is scaled by alpha in a second pass when alpha
// != 1, so the result is alpha*s, rounded as SpMVNarrow rounds it.
//
// It panics unless len(ptr) == len(y)+1, len(col) == len(vals) and sums is
// 1, 2 or 4. On a ptr that is not non-decreasing, or whose last value is
// beyond len(col), it runs SpMVNarrow's clamped loop instead, so every ptr
// gives SpMVNarrow's result; SpMVShortUnchecked skips that pass.
func SpMVShort[T Float, I Narrow](y, x []T, ptr []uint32, col []I, vals []T, sums int, alpha T) {
	checkSpMVShort(y, ptr, col, vals, sums)
	if !slices.IsSorted(ptr) || uint64(ptr[len(ptr)-1]) > uint64(len(col)) {
		spmvNarrowRows(y, x, ptr, col, vals, nil, alpha, 0)
		return
	}
	spmvShortCall(y, x, ptr, col, vals, sums, alpha)
}

// SpMVShortUnchecked is SpMVShort without the pass over ptr, for a caller
// whose validated form guarantees it. On a ptr that decreases or runs
// beyond len(col) every path still reads only inside the slices and skips
// the indices not below len(x); a row then starts where the one before it
// stopped (see spmvShortRef), which gives other sums than SpMVNarrow.
func SpMVShortUnchecked[T Float, I Narrow](y, x []T, ptr []uint32, col []I, vals []T, sums int, alpha T) {
	checkSpMVShort(y, ptr, col, vals, sums)
	spmvShortCall(y, x, ptr, col, vals, sums, alpha)
}

func checkSpMVShort[T Float, I Narrow](y []T, ptr []uint32, col []I, vals []T, sums int) {
	if len(ptr) != len(y)+1 {
		panic("kernels: SpMVShort: len(ptr) != len(y)+1")
	}
	if len(col) != len(vals) {
		panic("kernels: SpMVShort: len(col) != len(vals)")
	}
	if sums != 1 && sums != 2 && sums != 4 {
		panic("kernels: SpMVShort: sums not 1, 2 or 4")
	}
}

func spmvShortCall[T Float, I Narrow](y, x []T, ptr []uint32, col []I, vals []T, sums int, alpha T) {
	switch {
	case is32[T]() && is16[I]():
		spmvShortF32U16.fn(f32s(y), f32s(x), ptr, u16s(col), f32s(vals), sums)
	case is32[T]():
		spmvShortF32U32.fn(f32s(y), f32s(x), ptr, u32s(col), f32s(vals), sums)
	case is16[I]():
		spmvShortF64U16.fn(f64s(y), f64s(x), ptr, u16s(col), f64s(vals), sums)
	default:
		spmvShortF64U32.fn(f64s(y), f64s(x), ptr, u32s(col), f64s(vals), sums)
	}
	if alpha != 1 {
		for i := range y {
			y[i] *= alpha
		}
	}
}

// spmvShortFunc is a path of the family: y = A x with alpha 1, the rows
// rotated as spmvShortRef says, in sums partial sums.
type spmvShortFunc[T Float, I Narrow] = func(y, x []T, ptr []uint32, col []I, vals []T, sums int)

// spmvShortKernel is one assembly kernel of the family: rows of y from
// entry k on, returning where the next row starts.
type spmvShortKernel[T Float, I Narrow] = func(y, x []T, ptr []uint32, col []I, vals []T, k int) int

var (
	spmvShortF32U16 = newPartialFamily[spmvShortFunc[float32, uint16]]("spmvshort.f32.u16", spmvShortRef[float32, uint16], spmvShortGeneric[float32, uint16])
	spmvShortF32U32 = newPartialFamily[spmvShortFunc[float32, uint32]]("spmvshort.f32.u32", spmvShortRef[float32, uint32], spmvShortGeneric[float32, uint32])
	spmvShortF64U16 = newPartialFamily[spmvShortFunc[float64, uint16]]("spmvshort.f64.u16", spmvShortRef[float64, uint16], spmvShortGeneric[float64, uint16])
	spmvShortF64U32 = newPartialFamily[spmvShortFunc[float64, uint32]]("spmvshort.f64.u32", spmvShortRef[float64, uint32], spmvShortGeneric[float64, uint32])
)

// spmvShortAsm is the glue of the kernels k1, k2 and k4 (one, two and four
// partial sums): it checks what they assume (len(ptr) == len(y)+1,
// len(vals) == len(col)) and feeds them spmvRowsPerCall rows a call, each
// call starting at the entry where the one before it stopped.
//
//go:noinline
func spmvShortAsm[T Float, I Narrow](k1, k2, k4 spmvShortKernel[T, I]) spmvShortFunc[T, I] {
	return func(y, x []T, ptr []uint32, col []I, vals []T, sums int) {
		if len(ptr) != len(y)+1 || len(vals) != len(col) {
			panic("kernels: SpMVShort: internal error: lengths")
		}
		k := k1
		switch sums {
		case 2:
			k = k2
		case 4:
			k = k4
		}
		e := int(ptr[0])
		for lo := 0; lo < len(y); lo += spmvRowsPerCall {
			hi := min(lo+spmvRowsPerCall, len(y))
			e0 := e
			e = k(y[lo:hi], x, ptr[lo:hi+1], col, vals, e)
			if raceEnabled {
				raceShortRows(y[lo:hi], x, ptr[lo:hi+1], col, vals, e0)
			}
		}
	}
}

// raceShortRows records for the race detector what a short-row kernel
// read and wrote on rows y from entry k on.
func raceShortRows[T Float, I Narrow](y, x []T, ptr []uint32, col []I, vals []T, k int) {
	raceRead(ptr[1:])
	raceWrite(y)
	if len(y) == 0 {
		return
	}
	k = min(k, len(col))
	e := min(int(slices.Max(ptr[1:])), len(col)) // the furthest row end
	if e <= k {
		return
	}
	raceRead(col[k:e])
	raceRead(vals[k:e])
	for _, j := range col[k:e] {
		if int(j) < len(x) {
			raceRead(x[int(j) : int(j)+1])
		}
	}
}

// spmvShortRef is the reference of the family, one sum a row (the oracle
// of every sums): row i runs from where row i-1 stopped to ptr[i+1]
// clamped to len(col), so on a non-decreasing ptr within col it is
// SpMVNarrow's loop, and on any other it stays inside col.
func spmvShortRef[T Float, I Narrow](y, x []T, ptr []uint32, col []I, vals []T, _ int) {
	k := min(uint(ptr[0]), uint(len(col)))
	for i := range y {
		end := min(uint(ptr[i+1]), uint(len(col)))
		var s T
		for ; k < end; k++ {
			if uint(col[k]) < uint(len(x)) {
				s += vals[k] * x[col[k]]
			}
		}
		y[i] = s
	}
}

// spmvShortGeneric is the portable path: spmvShortRef's rows in sums
// partial sums, in the kernels' order.
func spmvShortGeneric[T Float, I Narrow](y, x []T, ptr []uint32, col []I, vals []T, sums int) {
	ptr = ptr[:len(y)+1]
	vals = vals[:len(col)]
	nx := uint(len(x))
	k := min(uint(ptr[0]), uint(len(col)))
	for i := range y {
		end := min(uint(ptr[i+1]), uint(len(col)))
		var s0, s1, s2, s3 T
		switch sums {
		case 2:
			for ; k+2 <= end; k += 2 {
				if j := uint(col[k]); j < nx {
					s0 += vals[k] * x[j]
				}
				if j := uint(col[k+1]); j < nx {
					s1 += vals[k+1] * x[j]
				}
			}
		case 4:
			for ; k+4 <= end; k += 4 {
				if j := uint(col[k]); j < nx {
					s0 += vals[k] * x[j]
				}
				if j := uint(col[k+1]); j < nx {
					s1 += vals[k+1] * x[j]
				}
				if j := uint(col[k+2]); j < nx {
					s2 += vals[k+2] * x[j]
				}
				if j := uint(col[k+3]); j < nx {
					s3 += vals[k+3] * x[j]
				}
			}
		}
		for ; k < end; k++ {
			if j := uint(col[k]); j < nx {
				s0 += vals[k] * x[j]
			}
		}
		switch sums {
		case 2:
			y[i] = s0 + s1
		case 4:
			y[i] = (s0 + s1) + (s2 + s3)
		default:
			y[i] = s0
		}
	}
}
