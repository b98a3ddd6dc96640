package engine

// SpMV implements kernels.SpMV.
func SpMV[T Float](y, x []T, ptr, idx []uint64, vals []T, alpha, beta T) {
	SpMVRows(ShortRows(ptr), y, x, ptr, idx, vals, alpha, beta)
}

// ShortRows implements kernels.ShortRows.
func ShortRows(ptr []uint64) bool {
	rows := len(ptr) - 1
	return rows > 0 && ptr[rows] >= ptr[0] && ptr[rows]-ptr[0] < 2*uint64(rows)
}

// SpMVRows implements kernels.SpMVRows.
func SpMVRows[T Float](short bool, y, x []T, ptr, idx []uint64, vals []T, alpha, beta T) {
	if len(ptr) != len(y)+1 {
		panic("kernels: SpMV: len(ptr) != len(y)+1")
	}
	if len(idx) != len(vals) {
		panic("kernels: SpMV: len(idx) != len(vals)")
	}
	if is32[T]() {
		f := spmvF32
		if short {
			f = spmv1F32
		}
		f.fn(f32s(y), f32s(x), ptr, idx, f32s(vals), float32(alpha), float32(beta))
		return
	}
	f := spmvF64
	if short {
		f = spmv1F64
	}
	f.fn(f64s(y), f64s(x), ptr, idx, f64s(vals), float64(alpha), float64(beta))
}

type spmvFunc[T Float] = func(y, x []T, ptr, idx []uint64, vals []T, alpha, beta T)

var (
	spmvF32 = newFamily[spmvFunc[float32]]("spmv.f32", spmvRef[float32], spmvGeneric[float32])
	spmvF64 = newFamily[spmvFunc[float64]]("spmv.f64", spmvRef[float64], spmvGeneric[float64])
	// The short-row kernels: the same ref and generic loops.
	spmv1F32 = newFamily[spmvFunc[float32]]("spmv1.f32", spmvRef[float32], spmvGeneric[float32])
	spmv1F64 = newFamily[spmvFunc[float64]]("spmv1.f64", spmvRef[float64], spmvGeneric[float64])
)

// storeScaled sets y[i] = alpha*s (+ beta*y[i] unless beta is 0): the
// end of a row of every SpMV loop in Go, of any element type.
func storeScaled[T Float](y []T, i int, s, alpha, beta T) {
	if beta == 0 {
		y[i] = alpha * s
	} else {
		y[i] = alpha*s + beta*y[i]
	}
}

// spmvAsmBeta checks what the SpMV assembly kernels assume of their
// operands (len(ptr) == len(y)+1, len(vals) == len(idx)) and returns beta
// with -0 turned into +0, the kernels' "do not read y".
func spmvAsmBeta[T Float](y []T, ptr, idx []uint64, vals []T, beta T) T {
	if len(ptr) != len(y)+1 || len(vals) != len(idx) {
		panic("kernels: SpMV: internal error: lengths")
	}
	if beta == 0 {
		return 0
	}
	return beta
}

// spmvAsm is the glue of an SpMV kernel k: it establishes what the
// assembly assumes (spmvAsmBeta) and feeds it spmvRowsPerCall rows a call.
//
//go:noinline
func spmvAsm[T Float](k spmvFunc[T]) spmvFunc[T] {
	return func(y, x []T, ptr, idx []uint64, vals []T, alpha, beta T) {
		beta = spmvAsmBeta(y, ptr, idx, vals, beta)
		asmPieces(len(y), spmvRowsPerCall, func(lo, hi int) (int, bool) {
			k(y[lo:hi], x, ptr[lo:hi+1], idx, vals, alpha, beta)
			return hi, true
		}, func(lo, end int) {
			raceRows(ptr, idx, vals, x, lo, end, false)
			raceWrite(y[lo:end])
		})
	}
}

// spmv1Asm is spmvAsm for an SpMV1 kernel k1, whose rows are short: calls
// of at most spmv1RowsPerCall rows and, unless one row alone has more,
// twice as many entries.
//
//go:noinline
func spmv1Asm[T Float](k1 spmvFunc[T]) spmvFunc[T] {
	return func(y, x []T, ptr, idx []uint64, vals []T, alpha, beta T) {
		beta = spmvAsmBeta(y, ptr, idx, vals, beta)
		asmPieces(len(y), spmv1RowsPerCall, func(lo, hi int) (int, bool) {
			for hi > lo+1 && ptr[hi] > ptr[lo] && ptr[hi]-ptr[lo] > 2*spmv1RowsPerCall {
				hi = lo + (hi-lo)/2
			}
			k1(y[lo:hi], x, ptr[lo:hi+1], idx, vals, alpha, beta)
			return hi, true
		}, func(lo, end int) {
			raceRows(ptr, idx, vals, x, lo, end, false)
			raceWrite(y[lo:end])
		})
	}
}

func spmvRef[T Float](y, x []T, ptr, idx []uint64, vals []T, alpha, beta T) {
	for i := range y {
		lo, hi := clampRange(ptr, i, len(idx))
		var s T
		for k := lo; k < hi; k++ {
			if idx[k] < uint64(len(x)) {
				s += vals[k] * x[idx[k]]
			}
		}
		if beta == 0 {
			y[i] = alpha * s
		} else {
			y[i] = alpha*s + beta*y[i]
		}
	}
}

// spmvGeneric keeps four partial sums per row so that the loads of
// consecutive entries overlap. qspmvRowGo is its deliberate twin on codes.
func spmvGeneric[T Float](y, x []T, ptr, idx []uint64, vals []T, alpha, beta T) {
	vals = vals[:len(idx)]
	nx := uint64(len(x))
	ptr = ptr[:len(y)+1]
	for i := range y {
		if a := ptr[i]; ptr[i+1] == a+1 && a < uint64(len(idx)) {
			// One entry (a leaf TTV's fibers, mostly): no clamping and
			// no unrolled set-up. The sum starts from +0 as ref's does,
			// so that a -0 product gives +0.
			var s T
			if j := idx[a]; j < nx {
				s += vals[a] * x[j]
			}
			storeScaled(y, i, s, alpha, beta)
			continue
		}
		lo, hi := clampRange(ptr, i, len(idx))
		ix, vs := idx[lo:hi], vals[lo:hi]
		vs = vs[:len(ix)]
		var s0, s1, s2, s3 T
		k := 0
		for ; k+4 <= len(ix); k += 4 {
			j0, j1, j2, j3 := ix[k], ix[k+1], ix[k+2], ix[k+3]
			if j0 < nx && j1 < nx && j2 < nx && j3 < nx {
				s0 += vs[k] * x[j0]
				s1 += vs[k+1] * x[j1]
				s2 += vs[k+2] * x[j2]
				s3 += vs[k+3] * x[j3]
				continue
			}
			for q := k; q < k+4; q++ {
				if j := ix[q]; j < nx {
					s0 += vs[q] * x[j]
				}
			}
		}
		for ; k < len(ix); k++ {
			if j := ix[k]; j < nx {
				s0 += vs[k] * x[j]
			}
		}
		storeScaled(y, i, (s0+s1)+(s2+s3), alpha, beta)
	}
}
