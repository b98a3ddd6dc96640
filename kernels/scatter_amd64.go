//go:build !purego && !noasm && gc

package kernels

import "github.com/hurray-format/hurray-go/kernels/amd64"

var _ = registerScatterAMD64()

func registerScatterAMD64() bool {
	if amd64.HasAVX2 {
		scatterF32.set(tierAVX2, scatterAsm(amd64.ScatterAddF32AVX2))
		scatterF64.set(tierAVX2, scatterAsm(amd64.ScatterAddF64AVX2))
	}
	if amd64.HasAVX512 {
		scatterF32.set(tierAVX512, scatterAsm(amd64.ScatterAddF32AVX512))
		scatterF64.set(tierAVX512, scatterAsm(amd64.ScatterAddF64AVX512))
		// Measured (kernels BenchmarkSpMVFamily, thread CPU time): gather
		// plus scatter is 1.5-3x slower than the scalar AVX2 loop on the
		// Zen 5 test machine at 4 to 64 entries per row.
		scatterF32.skipAuto(tierAVX512)
		scatterF64.skipAuto(tierAVX512)
	}
	return true
}

// scatterAsm wraps a ScatterAdd assembly kernel: it establishes what the
// assembly assumes (len(ptr) == len(x)+1, len(vals) == len(idx)) and feeds
// it the rows in chunks so that each call stays short.
func scatterAsm[T Float](k func(y, x []T, ptr, idx []uint64, vals []T, alpha T)) scatterFunc[T] {
	return func(y, x []T, ptr, idx []uint64, vals []T, alpha T) {
		if len(ptr) != len(x)+1 || len(vals) != len(idx) {
			panic("kernels: ScatterAdd: internal error: lengths")
		}
		for lo := 0; lo < len(x); lo += spmvRowsPerCall {
			hi := min(lo+spmvRowsPerCall, len(x))
			k(y, x[lo:hi], ptr[lo:hi+1], idx, vals, alpha)
		}
	}
}
