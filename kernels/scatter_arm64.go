package kernels

import (
	"github.com/hurray-format/hurray-go/internal/race"
	"github.com/hurray-format/hurray-go/kernels/arm64"
)

// NEON glue for the ScatterAdd family.

var _ = registerScatterARM64()

func registerScatterARM64() bool {
	if arm64.HasNEON {
		scatterF32.set(tierNEON, scatterNEON(arm64.ScatterAddF32NEON))
		scatterF64.set(tierNEON, scatterNEON(arm64.ScatterAddF64NEON))
	}
	return true
}

// scatterNEON wraps a NEON ScatterAdd kernel: it establishes what the
// assembly assumes (len(ptr) == len(x)+1, len(vals) == len(idx)) and feeds
// it the rows in chunks so that each call stays short.
func scatterNEON[T Float](k func(y, x []T, ptr, idx []uint64, vals []T, alpha T)) scatterFunc[T] {
	return func(y, x []T, ptr, idx []uint64, vals []T, alpha T) {
		if len(ptr) != len(x)+1 || len(vals) != len(idx) {
			panic("kernels: ScatterAdd: internal error: lengths")
		}
		race.ReadSlice(x)
		race.ReadSlice(ptr)
		race.ReadSlice(idx)
		race.ReadSlice(vals)
		race.WriteSlice(y) // any element may be written
		for lo := 0; lo < len(x); lo += spmvRowsPerCall {
			hi := min(lo+spmvRowsPerCall, len(x))
			k(y, x[lo:hi], ptr[lo:hi+1], idx, vals, alpha)
		}
	}
}
