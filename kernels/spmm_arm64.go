package kernels

import (
	"github.com/hurray-format/hurray-go/internal/race"
	"github.com/hurray-format/hurray-go/kernels/arm64"
)

// NEON glue for the SpMM and SpMMScatter families.

var _ = registerSpMMARM64()

func registerSpMMARM64() bool {
	if arm64.HasNEON {
		spmmF32.set(tierNEON, spmmNEON(arm64.SpMMF32NEON))
		spmmF64.set(tierNEON, spmmNEON(arm64.SpMMF64NEON))
		spmmScatterF32.set(tierNEON, spmmScatterNEON(arm64.SpMMScatterF32NEON))
		spmmScatterF64.set(tierNEON, spmmScatterNEON(arm64.SpMMScatterF64NEON))
	}
	return true
}

// spmmNEON wraps a NEON SpMM kernel. The exported SpMM has checked the
// structure and every bound (checkSpMM); the family implementations are
// only reached through it or from tests with valid input. It turns -0 beta
// into +0 and feeds the rows in chunks.
func spmmNEON[T Float](k func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T)) spmmFunc[T] {
	return func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
		if w == 0 {
			return
		}
		if beta == 0 {
			beta = 0
		}
		rows := len(ptr) - 1
		race.ReadSlice(ptr)
		race.ReadSlice(idx)
		race.ReadSlice(vals)
		if raceEnabled {
			// X's rows the entries name, and Y's rows: y may be a
			// panel of a matrix other goroutines write elsewhere.
			for k := ptr[0]; k < ptr[rows]; k++ {
				race.ReadSlice(x[int(idx[k])*ldx:][:w])
			}
			for i := range rows {
				race.WriteSlice(y[i*ldy:][:w])
			}
		}
		for lo := 0; lo < rows; {
			hi := spmmRows(ptr, lo, w)
			k(y[lo*ldy:], ldy, x, ldx, w, ptr[lo:hi+1], idx, vals, alpha, beta)
			lo = hi
		}
	}
}

// spmmScatterNEON wraps a NEON SpMMScatter kernel, with what spmmNEON
// relies on, the roles of x and y exchanged.
func spmmScatterNEON[T Float](k func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T)) spmmScatterFunc[T] {
	return func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
		if w == 0 {
			return
		}
		rows := len(ptr) - 1
		race.ReadSlice(ptr)
		race.ReadSlice(idx)
		race.ReadSlice(vals)
		if raceEnabled {
			for i := range rows {
				race.ReadSlice(x[i*ldx:][:w])
			}
			for k := ptr[0]; k < ptr[rows]; k++ {
				race.WriteSlice(y[int(idx[k])*ldy:][:w])
			}
		}
		for lo := 0; lo < rows; {
			hi := spmmRows(ptr, lo, w)
			k(y, ldy, x[lo*ldx:], ldx, w, ptr[lo:hi+1], idx, vals, alpha)
			lo = hi
		}
	}
}
