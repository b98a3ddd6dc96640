//go:build !purego && !noasm && gc

package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

// The arm64 assembly paths of every family, registered while the package
// variables are initialised (before init selects the paths).
var _ = registerARM64()

func registerARM64() bool {
	// axpy
	if arm64.HasNEON {
		scatterHadamardF32.set(tierNEON, scatterHadamardNEON(arm64.ScatterHadamardF32NEON, 4))
		scatterHadamardF64.set(tierNEON, scatterHadamardNEON(arm64.ScatterHadamardF64NEON, 2))
		pushHadamard2F32.set(tierNEON, pushHadamard2NEON(arm64.PushHadamard2F32NEON, 4))
		pushHadamard2F64.set(tierNEON, pushHadamard2NEON(arm64.PushHadamard2F64NEON, 2))
	}
	// dot
	if arm64.HasNEON {
		dotRowsF32.set(tierNEON, dotRowsNEON(arm64.DotRowsF32NEON))
		dotRowsF64.set(tierNEON, dotRowsNEON(arm64.DotRowsF64NEON))
	}
	// expand
	if arm64.HasNEON {
		expandPos.set(tierNEON, expandPosNEON)
		expandRuns.set(tierNEON, expandRunsNEON)
		exclusiveScan.set(tierNEON, exclusiveScanNEON)
	}
	// hadamard
	if arm64.HasNEON {
		gatherHadamardF32.set(tierNEON, gatherHadamardNEON(arm64.GatherHadamardF32NEON, 4))
		gatherHadamardF64.set(tierNEON, gatherHadamardNEON(arm64.GatherHadamardF64NEON, 2))
		gatherHadamard2F32.set(tierNEON, gatherHadamard2NEON(arm64.GatherHadamard2F32NEON, 4))
		gatherHadamard2F64.set(tierNEON, gatherHadamard2NEON(arm64.GatherHadamard2F64NEON, 2))
	}
	// scan
	if arm64.HasNEON {
		maxU64.set(tierNEON, maxNEON)
		firstNotBelow.set(tierNEON, firstNotBelowNEON)
		nonDecreasing.set(tierNEON, nonDecreasingNEON)
		strictlyIncreasing.set(tierNEON, strictlyIncreasingNEON)
	}
	// scatter
	if arm64.HasNEON {
		scatterAddF32.set(tierNEON, scatterAddNEON(arm64.ScatterAddF32NEON))
		scatterAddF64.set(tierNEON, scatterAddNEON(arm64.ScatterAddF64NEON))
	}
	// search
	if arm64.HasNEON {
		lowerBound.set(tierNEON, lowerBoundNEON)
		descendLevel.set(tierNEON, descendLevelNEON)
	}
	// spmm
	if arm64.HasNEON {
		spmmF32.set(tierNEON, spmmNEON(arm64.SpMMF32NEON))
		spmmF64.set(tierNEON, spmmNEON(arm64.SpMMF64NEON))
		spmmScatterF32.set(tierNEON, spmmScatterNEON(arm64.SpMMScatterF32NEON))
		spmmScatterF64.set(tierNEON, spmmScatterNEON(arm64.SpMMScatterF64NEON))
	}
	// spmv
	if arm64.HasNEON {
		spmvF32.set(tierNEON, spmvNEON(arm64.SpMVF32NEON))
		spmvF64.set(tierNEON, spmvNEON(arm64.SpMVF64NEON))
		// No short-row kernel of its own: the same loop for both families.
		spmv1F32.set(tierNEON, spmvNEON(arm64.SpMVF32NEON))
		spmv1F64.set(tierNEON, spmvNEON(arm64.SpMVF64NEON))
	}
	// starts
	if arm64.HasNEON {
		countStarts.set(tierNEON, countStartsNEON)
		compressStarts.set(tierNEON, compressStartsNEON)
	}
	return true
}

// The dequantize family's NEON path.
var _ = registerDequantizeARM64()

func registerDequantizeARM64() bool {
	if arm64.HasNEON {
		dequantize.set(tierNEON, dequantizeNEON)
	}
	return true
}
