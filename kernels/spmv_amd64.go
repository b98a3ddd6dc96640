//go:build !purego && !noasm && gc

package kernels

import "github.com/hurray-format/hurray-go/kernels/amd64"

var _ = registerSpMVAMD64()

func registerSpMVAMD64() bool {
	if amd64.HasAVX2 {
		spmvF32.set(tierAVX2, spmvAsm(amd64.SpMVF32AVX2))
		spmvF64.set(tierAVX2, spmvAsm(amd64.SpMVF64AVX2))
		spmv1F32.set(tierAVX2, spmv1Asm(amd64.SpMV1F32AVX2))
		spmv1F64.set(tierAVX2, spmv1Asm(amd64.SpMV1F64AVX2))
	}
	if amd64.HasAVX512 {
		// Measured on the Zen 5 test machine (bench SpMV M2 and M4, one
		// thread, cpu-ns/op, same run; bench/spmv_results.md): 1.02-1.07x
		// avx2 on M4, 0.97-1.08x on M2 (within noise; both are held by
		// loads, not vector width), and ties or beats it on
		// cache-resident rows (kernels BenchmarkSpMVFamily). Both sum
		// short rows in batches (products first, then per-row sums; see
		// _gen/spmv.py): M3 1.4x faster than the direct loop, 1.07-1.18x
		// SciPy (bench/spmv_results.md, spmv3); AVX2 batches since session
		// 17, its M3-like rows 14-24% faster for it.
		//
		spmvF32.set(tierAVX512, spmvAsm(amd64.SpMVF32AVX512))
		spmvF64.set(tierAVX512, spmvAsm(amd64.SpMVF64AVX512))
		// Matrices whose rows average under two entries (a leaf TTV on
		// T3u's fibers of one leaf) take SpMV1 (family spmv1) instead,
		// eight one-entry rows a step (four under AVX2): T3u's leaf level
		// 1.7x faster than the batches, which pay a per-row sum for every
		// row.
		spmv1F32.set(tierAVX512, spmv1Asm(amd64.SpMV1F32AVX512))
		spmv1F64.set(tierAVX512, spmv1Asm(amd64.SpMV1F64AVX512))
	}
	return true
}

// spmv1RowsPerCall bounds the rows of one SpMV1 call (its rows are short: a
// call of 32K rows of about one entry takes some tens of microseconds).
const spmv1RowsPerCall = 1 << 15

// spmvAsm wraps an assembly kernel k: it establishes what the assembly
// assumes (len(ptr) == len(y)+1, len(vals) == len(idx), beta == +0 for "do
// not read y") and feeds it spmvRowsPerCall rows a call.
func spmvAsm[T Float](k func(y, x []T, ptr, idx []uint64, vals []T, alpha, beta T)) spmvFunc[T] {
	return func(y, x []T, ptr, idx []uint64, vals []T, alpha, beta T) {
		beta = spmvAsmBeta(y, ptr, idx, vals, beta)
		for lo := 0; lo < len(y); lo += spmvRowsPerCall {
			hi := min(lo+spmvRowsPerCall, len(y))
			k(y[lo:hi], x, ptr[lo:hi+1], idx, vals, alpha, beta)
		}
	}
}

// spmv1Asm wraps an SpMV1 kernel k1 as spmvAsm wraps k, in calls of at most
// spmv1RowsPerCall rows and, unless one row alone has more, twice as many
// entries.
func spmv1Asm[T Float](k1 func(y, x []T, ptr, idx []uint64, vals []T, alpha, beta T)) spmvFunc[T] {
	return func(y, x []T, ptr, idx []uint64, vals []T, alpha, beta T) {
		beta = spmvAsmBeta(y, ptr, idx, vals, beta)
		rows := len(y)
		for lo := 0; lo < rows; {
			hi := min(lo+spmv1RowsPerCall, rows)
			for hi > lo+1 && ptr[hi] > ptr[lo] && ptr[hi]-ptr[lo] > 2*spmv1RowsPerCall {
				hi = lo + (hi-lo)/2
			}
			k1(y[lo:hi], x, ptr[lo:hi+1], idx, vals, alpha, beta)
			lo = hi
		}
	}
}
