package kernels

import (
	"github.com/hurray-format/hurray-go/internal/race"
	"github.com/hurray-format/hurray-go/kernels/arm64"
)

// NEON glue for the SpMV family.

var _ = registerSpMVARM64()

func registerSpMVARM64() bool {
	if arm64.HasNEON {
		spmvF32.set(tierNEON, spmvNEON(arm64.SpMVF32NEON))
		spmvF64.set(tierNEON, spmvNEON(arm64.SpMVF64NEON))
		// No short-row kernel of its own: the same loop for both families.
		spmv1F32.set(tierNEON, spmvNEON(arm64.SpMVF32NEON))
		spmv1F64.set(tierNEON, spmvNEON(arm64.SpMVF64NEON))
	}
	return true
}

// spmvNEON wraps a NEON SpMV kernel: it establishes what the assembly
// assumes (len(ptr) == len(y)+1, len(vals) == len(idx), beta == +0 for "do
// not read y") and feeds it the rows in chunks.
func spmvNEON[T Float](k func(y, x []T, ptr, idx []uint64, vals []T, alpha, beta T)) spmvFunc[T] {
	return func(y, x []T, ptr, idx []uint64, vals []T, alpha, beta T) {
		beta = spmvAsmBeta(y, ptr, idx, vals, beta)
		race.ReadSlice(x)
		race.ReadSlice(ptr)
		race.ReadSlice(idx)
		race.ReadSlice(vals)
		race.WriteSlice(y)
		for lo := 0; lo < len(y); lo += spmvRowsPerCall {
			hi := min(lo+spmvRowsPerCall, len(y))
			k(y[lo:hi], x, ptr[lo:hi+1], idx, vals, alpha, beta)
		}
	}
}
