package kernels

import "fmt"

// SpMM runs the row loop of a sparse times dense product Y = alpha*A*X +
// beta*Y on a panel of w columns: for every row i of the compressed matrix
// (ptr, idx, vals), each entry scales a w-wide row of X into Y's row,
//
//	for i := 0; i+1 < len(ptr); i++ {
//		var acc [w]T
//		for k := ptr[i]; k < ptr[i+1]; k++ {
//			for c := range w {
//				acc[c] += vals[k] * x[idx[k]*ldx+c]
//			}
//		}
//		for c := range w {
//			y[i*ldy+c] = alpha*acc[c] + beta*y[i*ldy+c] // y not read when beta == 0
//		}
//	}
//
// Row r of X is x[r*ldx : r*ldx+w] and row i of Y is y[i*ldy : i*ldy+w]
// (ldx, ldy >= w: the panel may be a column block of wider matrices). It
// checks everything the loop relies on and panics on a violation: ptr
// non-decreasing with ptr[len(ptr)-1] <= len(idx) == len(vals), every index
// in the segments below the number of rows X holds, and x, y long enough.
// The index checks cost one pass over the indices, small beside the w
// multiply-adds each entry does. Results agree with ref to rounding (the
// assembly fuses the multiply-add).
//
// Paths: ref, generic, neon, avx2, avx512. Families "spmm.f32" and "spmm.f64".
func SpMM[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
	checkSpMM("SpMM", len(y), ldy, len(x), ldx, w, ptr, idx, len(vals), false)
	if isF32[T]() {
		spmmF32.fn(f32s(y), ldy, f32s(x), ldx, w, ptr, idx, f32s(vals), float32(alpha), float32(beta))
		return
	}
	spmmF64.fn(f64s(y), ldy, f64s(x), ldx, w, ptr, idx, f64s(vals), float64(alpha), float64(beta))
}

// SpMMScatter runs the row loop of a transposed sparse times dense product,
// Y += alpha * Aᵀ X for the CSR matrix (ptr, idx, vals) (or A X for the same
// arrays read as CSC), on a panel of w columns:
//
//	for i := 0; i+1 < len(ptr); i++ {
//		for k := ptr[i]; k < ptr[i+1]; k++ {
//			for c := range w {
//				y[idx[k]*ldy+c] += vals[k] * (alpha * x[i*ldx+c])
//			}
//		}
//	}
//
// Y is accumulated into, never cleared. It checks what SpMM checks, with the
// roles of x and y exchanged (indices below the rows of Y, len(ptr)-1 rows of
// X), and panics on a violation. Indices may repeat.
//
// Paths: ref, generic, neon, avx2, avx512. Families "spmmscatter.f32" and
// "spmmscatter.f64".
func SpMMScatter[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
	checkSpMM("SpMMScatter", len(x), ldx, len(y), ldy, w, ptr, idx, len(vals), true)
	if isF32[T]() {
		spmmScatterF32.fn(f32s(y), ldy, f32s(x), ldx, w, ptr, idx, f32s(vals), float32(alpha))
		return
	}
	spmmScatterF64.fn(f64s(y), ldy, f64s(x), ldx, w, ptr, idx, f64s(vals), float64(alpha))
}

// checkSpMM checks a product whose compressed side (len(ptr)-1 rows, leading
// dimension ldm, length nm) is dense operand "m" and whose indexed side
// (ldn, nn) is operand "n".
func checkSpMM(name string, nm, ldm, nn, ldn, w int, ptr, idx []uint64, nvals int, scatter bool) {
	if w < 0 || ldm < w || ldn < w || len(ptr) == 0 {
		panic(fmt.Sprintf("kernels: %s: bad panel: w=%d ldx/ldy=%d/%d len(ptr)=%d", name, w, ldm, ldn, len(ptr)))
	}
	if len(idx) != nvals {
		panic("kernels: " + name + ": len(idx) != len(vals)")
	}
	rows := len(ptr) - 1
	if rows > 0 && (w > 0 && (rows-1)*ldm+w > nm) {
		panic(fmt.Sprintf("kernels: %s: dense operand of length %d too short for %d rows", name, nm, rows))
	}
	if NonDecreasing(ptr) >= 0 || ptr[rows] > uint64(len(idx)) {
		panic("kernels: " + name + ": ptr not non-decreasing or beyond len(idx)")
	}
	if ptr[0] == ptr[rows] || w == 0 {
		return
	}
	var n uint64 // rows the indexed operand holds
	if nn >= w {
		n = uint64((nn-w)/ldn + 1)
	}
	if m := Max(idx[ptr[0]:ptr[rows]]); m >= n {
		panic(fmt.Sprintf("kernels: %s: index %d out of range for %d dense rows", name, m, n))
	}
}

type spmmFunc[T Float] = func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T)
type spmmScatterFunc[T Float] = func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T)

var (
	spmmF32        = newFamily[spmmFunc[float32]]("spmm.f32", spmmRef[float32], spmmGeneric[float32])
	spmmF64        = newFamily[spmmFunc[float64]]("spmm.f64", spmmRef[float64], spmmGeneric[float64])
	spmmScatterF32 = newFamily[spmmScatterFunc[float32]]("spmmscatter.f32", spmmScatterRef[float32], spmmScatterGeneric[float32])
	spmmScatterF64 = newFamily[spmmScatterFunc[float64]]("spmmscatter.f64", spmmScatterRef[float64], spmmScatterGeneric[float64])
)

func spmmRef[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
	for i := 0; i+1 < len(ptr); i++ {
		for c := range w {
			var s T
			for k := ptr[i]; k < ptr[i+1]; k++ {
				s += vals[k] * x[int(idx[k])*ldx+c]
			}
			if beta == 0 {
				y[i*ldy+c] = alpha * s
			} else {
				y[i*ldy+c] = alpha*s + beta*y[i*ldy+c]
			}
		}
	}
}

// spmmGeneric accumulates blocks of up to 64 columns of a row of Y in a
// stack array, two entries per pass.
func spmmGeneric[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
	var buf [64]T
	for i := 0; i+1 < len(ptr); i++ {
		lo, hi := int(ptr[i]), int(ptr[i+1])
		for c0 := 0; c0 < w; c0 += len(buf) {
			acc := buf[:min(len(buf), w-c0)]
			clear(acc)
			k := lo
			for ; k+2 <= hi; k += 2 {
				v0, v1 := vals[k], vals[k+1]
				x0 := x[int(idx[k])*ldx+c0:][:len(acc)]
				x1 := x[int(idx[k+1])*ldx+c0:][:len(acc)]
				for c := range acc {
					acc[c] += v0*x0[c] + v1*x1[c]
				}
			}
			if k < hi {
				v0 := vals[k]
				x0 := x[int(idx[k])*ldx+c0:][:len(acc)]
				for c := range acc {
					acc[c] += v0 * x0[c]
				}
			}
			yr := y[i*ldy+c0:][:len(acc)]
			if beta == 0 {
				for c := range acc {
					yr[c] = alpha * acc[c]
				}
			} else {
				for c := range acc {
					yr[c] = alpha*acc[c] + beta*yr[c]
				}
			}
		}
	}
}

func spmmScatterRef[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
	for i := 0; i+1 < len(ptr); i++ {
		for k := ptr[i]; k < ptr[i+1]; k++ {
			for c := range w {
				y[int(idx[k])*ldy+c] += vals[k] * (alpha * x[i*ldx+c])
			}
		}
	}
}

func spmmScatterGeneric[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
	for i := 0; i+1 < len(ptr); i++ {
		xr := x[i*ldx : i*ldx+w]
		for k := ptr[i]; k < ptr[i+1]; k++ {
			a := vals[k] * alpha
			yr := y[int(idx[k])*ldy:][:len(xr)]
			for c, xv := range xr {
				yr[c] += a * xv
			}
		}
	}
}
