//go:build !purego && !noasm && gc

package engine

import "github.com/hurray-format/hurray-go/kernels/amd64"

// The amd64 assembly paths of every family, registered while the package
// variables are initialised (before init selects the paths).
var _ = registerAMD64()

func registerAMD64() bool {
	// axpy
	if amd64.HasAVX2 {
		scatterHadamardF32.set(tierAVX2, scatterHadamardChunked(amd64.ScatterHadamardF32AVX2))
		scatterHadamardF64.set(tierAVX2, scatterHadamardChunked(amd64.ScatterHadamardF64AVX2))
		pushHadamard2F32.set(tierAVX2, pushHadamard2Prefetching(pushHadamard2Chunked(amd64.PushHadamard2F32AVX2)))
		pushHadamard2F64.set(tierAVX2, pushHadamard2Prefetching(pushHadamard2Chunked(amd64.PushHadamard2F64AVX2)))
	}
	if amd64.HasAVX512 {
		scatterHadamardF32.set(tierAVX512, scatterHadamardChunked(amd64.ScatterHadamardF32AVX512))
		scatterHadamardF64.set(tierAVX512, scatterHadamardChunked(amd64.ScatterHadamardF64AVX512))
		pushHadamard2F32.set(tierAVX512, pushHadamard2Prefetching(pushHadamard2Chunked(amd64.PushHadamard2F32AVX512)))
		pushHadamard2F64.set(tierAVX512, pushHadamard2Prefetching(pushHadamard2Chunked(amd64.PushHadamard2F64AVX512)))
	}
	// dot
	if amd64.HasAVX2 {
		dotRowsF32.set(tierAVX2, dotRowsChunked(amd64.DotRowsF32AVX2))
		dotRowsF64.set(tierAVX2, dotRowsChunked(amd64.DotRowsF64AVX2))
	}
	if amd64.HasAVX512 {
		dotRowsF32.set(tierAVX512, dotRowsChunked(amd64.DotRowsF32AVX512))
		dotRowsF64.set(tierAVX512, dotRowsChunked(amd64.DotRowsF64AVX512))
	}
	// expand
	if amd64.HasAVX2 {
		exclusiveScan.set(tierAVX2, exclusiveScanAVX2)
		expandPos.set(tierAVX2, expandPosAVX2)
		expandRuns.set(tierAVX2, expandRunsAVX2)
	}
	if amd64.HasAVX512 {
		exclusiveScan.set(tierAVX512, exclusiveScanAVX512)
		expandPos.set(tierAVX512, expandPosAVX512)
		expandRuns.set(tierAVX512, expandRunsAVX512)
	}
	// hadamard
	if amd64.HasAVX2 {
		gatherHadamardF32.set(tierAVX2, gatherHadamardChunked(amd64.GatherHadamardF32AVX2))
		gatherHadamardF64.set(tierAVX2, gatherHadamardChunked(amd64.GatherHadamardF64AVX2))
		gatherHadamard2F32.set(tierAVX2, gatherHadamard2Prefetching(amd64.GatherHadamard2F32AVX2))
		gatherHadamard2F64.set(tierAVX2, gatherHadamard2Prefetching(amd64.GatherHadamard2F64AVX2))
	}
	if amd64.HasAVX512 {
		gatherHadamardF32.set(tierAVX512, gatherHadamardChunked(amd64.GatherHadamardF32AVX512))
		gatherHadamardF64.set(tierAVX512, gatherHadamardChunked(amd64.GatherHadamardF64AVX512))
		gatherHadamard2F32.set(tierAVX512, gatherHadamard2Prefetching(amd64.GatherHadamard2F32AVX512))
		gatherHadamard2F64.set(tierAVX512, gatherHadamard2Prefetching(amd64.GatherHadamard2F64AVX512))
	}
	// scan
	if amd64.HasAVX2 {
		maxU64.set(tierAVX2, maxAVX2)
		nonDecreasing.set(tierAVX2, nonDecreasingAVX2)
		firstNotBelow.set(tierAVX2, firstNotBelowAVX2)
		strictlyIncreasing.set(tierAVX2, strictlyIncreasingAVX2)
	}
	if amd64.HasAVX512 {
		maxU64.set(tierAVX512, maxAVX512)
		nonDecreasing.set(tierAVX512, nonDecreasingAVX512)
		firstNotBelow.set(tierAVX512, firstNotBelowAVX512)
		strictlyIncreasing.set(tierAVX512, strictlyIncreasingAVX512)
	}
	// scatter
	if amd64.HasAVX2 {
		scatterAddF32.set(tierAVX2, scatterAddAsm(amd64.ScatterAddF32AVX2))
		scatterAddF64.set(tierAVX2, scatterAddAsm(amd64.ScatterAddF64AVX2))
	}
	if amd64.HasAVX512 {
		scatterAddF32.set(tierAVX512, scatterAddAsm(amd64.ScatterAddF32AVX512))
		scatterAddF64.set(tierAVX512, scatterAddAsm(amd64.ScatterAddF64AVX512))
		// Measured (kernels BenchmarkSpMVFamily, thread CPU time): gather
		// plus scatter is 1.5-3x slower than the scalar AVX2 loop on the
		// Zen 5 test machine at 4 to 64 entries per row.
		scatterAddF32.skipAuto(tierAVX512)
		scatterAddF64.skipAuto(tierAVX512)
	}
	// search
	if amd64.HasAVX2 {
		lowerBound.set(tierAVX2, lowerBoundAVX2)
		descendLevel.set(tierAVX2, descendLevelAVX2)
	}
	if amd64.HasAVX512 {
		lowerBound.set(tierAVX512, lowerBoundAVX512)
		descendLevel.set(tierAVX512, descendLevelAVX512)
	}
	// spmm
	if amd64.HasAVX2 {
		spmmF32.set(tierAVX2, spmmAsm(amd64.SpMMF32AVX2, amd64.SpMMTileF32AVX2))
		spmmF64.set(tierAVX2, spmmAsm(amd64.SpMMF64AVX2, amd64.SpMMTileF64AVX2))
		spmmScatterF32.set(tierAVX2, spmmScatterAsm(amd64.SpMMScatterF32AVX2, amd64.SpMMScatterTileF32AVX2))
		spmmScatterF64.set(tierAVX2, spmmScatterAsm(amd64.SpMMScatterF64AVX2, amd64.SpMMScatterTileF64AVX2))
	}
	if amd64.HasAVX512 {
		spmmF32.set(tierAVX512, spmmAsm(amd64.SpMMF32AVX512, amd64.SpMMTileF32AVX512))
		spmmF64.set(tierAVX512, spmmAsm(amd64.SpMMF64AVX512, amd64.SpMMTileF64AVX512))
		spmmScatterF32.set(tierAVX512, spmmScatterAsm(amd64.SpMMScatterF32AVX512, amd64.SpMMScatterTileF32AVX512))
		spmmScatterF64.set(tierAVX512, spmmScatterAsm(amd64.SpMMScatterF64AVX512, amd64.SpMMScatterTileF64AVX512))
	}
	// spmv
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
	// starts
	if amd64.HasAVX2 {
		countStarts.set(tierAVX2, countStartsAVX2)
		compressStarts.set(tierAVX2, compressStartsAVX2)
	}
	if amd64.HasAVX512 {
		countStarts.set(tierAVX512, countStartsAVX512)
		compressStarts.set(tierAVX512, compressStartsAVX512)
	}
	return true
}

// The dequantize family's amd64 paths.
var _ = registerDequantizeAMD64()

func registerDequantizeAMD64() bool {
	if amd64.HasAVX2 {
		dequantize.set(tierAVX2, dequantizeAVX2)
	}
	if amd64.HasAVX512 {
		dequantize.set(tierAVX512, dequantizeAVX512)
	}
	return true
}
