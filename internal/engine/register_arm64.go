//go:build !purego && !noasm && gc

package engine

import (
	"math"

	"github.com/hurray-format/hurray-go/kernels/arm64"
)

// The arm64 assembly paths of every family, in the order of package
// kernels' list, each wrapped in its glue (the kernel, its block width and
// what else the glue needs). They are registered while the package
// variables are initialised, before init selects the paths. The NEON block
// is a deliberate twin of registerAMD64's tier blocks (register_amd64.go).
var _ = registerARM64()

func registerARM64() bool {
	if arm64.HasNEON {
		lowerBound.set(tierNEON, lowerBoundNEON)
		descendLevel.set(tierNEON, descendLevelAsm(descendLevelNEON, 1))
		nonDecreasing.set(tierNEON, nonDecreasingAsm(nonDecreasingNEON, 4, minScanNEON))
		strictlyIncreasing.set(tierNEON, strictlyIncreasingNEON)
		firstNotBelow.set(tierNEON, firstNotBelowAsm(arm64.FirstNotBelowNEON, 4, firstNotBelowCyclicNEON, minScanNEON))
		maxU64.set(tierNEON, maxAsm(arm64.MaxNEON, 4))
		expandPos.set(tierNEON, expandPosNEON)
		expandRuns.set(tierNEON, expandRunsNEON)
		exclusiveScan.set(tierNEON, exclusiveScanAsm(arm64.ExclusiveScanNEON, 4))
		countStarts.set(tierNEON, countStartsAsm(arm64.CountStartsNEON, 4))
		compressStarts.set(tierNEON, compressStartsAsm(arm64.CompressStartsNEON, 4, countStartsAsm(arm64.CountStartsNEON, 4)))
		spmvF32.set(tierNEON, spmvAsm(arm64.SpMVF32NEON))
		spmvF64.set(tierNEON, spmvAsm(arm64.SpMVF64NEON))
		// No short-row kernel of its own: the row loop serves both.
		spmv1F32.set(tierNEON, spmvAsm(arm64.SpMVF32NEON))
		spmv1F64.set(tierNEON, spmvAsm(arm64.SpMVF64NEON))
		scatterAddNarrowF32U16.set(tierNEON, scatterAddNarrowAsm(arm64.ScatterAddNarrowF32U16NEON))
		scatterAddNarrowF32U32.set(tierNEON, scatterAddNarrowAsm(arm64.ScatterAddNarrowF32U32NEON))
		scatterAddNarrowF64U16.set(tierNEON, scatterAddNarrowAsm(arm64.ScatterAddNarrowF64U16NEON))
		scatterAddNarrowF64U32.set(tierNEON, scatterAddNarrowAsm(arm64.ScatterAddNarrowF64U32NEON))
		spmvNarrowF32U16.set(tierNEON, spmvNarrowAsm(arm64.SpMVNarrowF32U16NEON))
		spmvNarrowF32U32.set(tierNEON, spmvNarrowAsm(arm64.SpMVNarrowF32U32NEON))
		spmvNarrowF64U16.set(tierNEON, spmvNarrowAsm(arm64.SpMVNarrowF64U16NEON))
		spmvNarrowF64U32.set(tierNEON, spmvNarrowAsm(arm64.SpMVNarrowF64U32NEON))
		qspmvNarrowU16.set(tierNEON, qspmvNarrowAsm(arm64.QSpMVNarrowI8U16NEON))
		qspmvNarrowU32.set(tierNEON, qspmvNarrowAsm(arm64.QSpMVNarrowI8U32NEON))
		unpack12.set(tierNEON, unpack12Asm(arm64.Unpack12NEON, 8, 4))
		spmvShortF32U16.set(tierNEON, spmvShortAsm(arm64.SpMVShortF32U16NEON, arm64.SpMVShort2F32U16NEON, arm64.SpMVShort4F32U16NEON))
		spmvShortF32U32.set(tierNEON, spmvShortAsm(arm64.SpMVShortF32U32NEON, arm64.SpMVShort2F32U32NEON, arm64.SpMVShort4F32U32NEON))
		spmvShortF64U16.set(tierNEON, spmvShortAsm(arm64.SpMVShortF64U16NEON, arm64.SpMVShort2F64U16NEON, arm64.SpMVShort4F64U16NEON))
		spmvShortF64U32.set(tierNEON, spmvShortAsm(arm64.SpMVShortF64U32NEON, arm64.SpMVShort2F64U32NEON, arm64.SpMVShort4F64U32NEON))
		scatterAddF32.set(tierNEON, scatterAddAsm(arm64.ScatterAddF32NEON))
		scatterAddF64.set(tierNEON, scatterAddAsm(arm64.ScatterAddF64NEON))
		spmmF32.set(tierNEON, spmmAsm(arm64.SpMMF32NEON, nil))
		spmmF64.set(tierNEON, spmmAsm(arm64.SpMMF64NEON, nil))
		spmmScatterF32.set(tierNEON, spmmScatterAsm(arm64.SpMMScatterF32NEON, nil))
		spmmScatterF64.set(tierNEON, spmmScatterAsm(arm64.SpMMScatterF64NEON, nil))
		qspmvNarrowBlockU16.set(tierNEON, qspmvNarrowBlockAsm(arm64.QSpMVNarrowI8BlockU16NEON,
			arm64.QSpMVNarrow4BlockU16NEON, arm64.QSpMVNarrow4MXU16NEON))
		qspmvNarrowBlockU32.set(tierNEON, qspmvNarrowBlockAsm(arm64.QSpMVNarrowI8BlockU32NEON,
			arm64.QSpMVNarrow4BlockU32NEON, arm64.QSpMVNarrow4MXU32NEON))
		spmmNarrowF32U16.set(tierNEON, spmmNarrowAsm(arm64.SpMMNarrowF32U16NEON, nil))
		spmmNarrowF32U32.set(tierNEON, spmmNarrowAsm(arm64.SpMMNarrowF32U32NEON, nil))
		spmmNarrowF64U16.set(tierNEON, spmmNarrowAsm(arm64.SpMMNarrowF64U16NEON, nil))
		spmmNarrowF64U32.set(tierNEON, spmmNarrowAsm(arm64.SpMMNarrowF64U32NEON, nil))
		spmmScatterNarrowF32U16.set(tierNEON, spmmScatterNarrowAsm(arm64.SpMMScatterNarrowF32U16NEON, nil))
		spmmScatterNarrowF32U32.set(tierNEON, spmmScatterNarrowAsm(arm64.SpMMScatterNarrowF32U32NEON, nil))
		spmmScatterNarrowF64U16.set(tierNEON, spmmScatterNarrowAsm(arm64.SpMMScatterNarrowF64U16NEON, nil))
		spmmScatterNarrowF64U32.set(tierNEON, spmmScatterNarrowAsm(arm64.SpMMScatterNarrowF64U32NEON, nil))
		gatherHadamardF32.set(tierNEON, gatherHadamardNEON(arm64.GatherHadamardF32NEON, 4))
		gatherHadamardF64.set(tierNEON, gatherHadamardNEON(arm64.GatherHadamardF64NEON, 2))
		gatherHadamard2F32.set(tierNEON, gatherHadamard2NEON(arm64.GatherHadamard2F32NEON, 4))
		gatherHadamard2F64.set(tierNEON, gatherHadamard2NEON(arm64.GatherHadamard2F64NEON, 2))
		pushHadamard2F32.set(tierNEON, pushHadamard2NEON(arm64.PushHadamard2F32NEON, 4))
		pushHadamard2F64.set(tierNEON, pushHadamard2NEON(arm64.PushHadamard2F64NEON, 2))
		scatterHadamardF32.set(tierNEON, scatterHadamardNEON(arm64.ScatterHadamardF32NEON, 4))
		scatterHadamardF64.set(tierNEON, scatterHadamardNEON(arm64.ScatterHadamardF64NEON, 2))
		dotRowsF32.set(tierNEON, dotRowsChunked(arm64.DotRowsF32NEON))
		dotRowsF64.set(tierNEON, dotRowsChunked(arm64.DotRowsF64NEON))
		dequantize.set(tierNEON, dequantizeNEON)
		dequantizeI8Blocks.set(tierNEON, dequantizeI8BlocksBy(dqNEON.i8))
		// The fused SpMV kernels where one is written for the operand (int8
		// and uint8 codes with one scale per row or per column; int8, uint8,
		// 4-bit and MX codes with one scale per block), tiles of decoded
		// values (qfused_tiled.go) elsewhere.
		qspmv.set(tierNEON, qspmvFusedAsm(qspmvKernels{
			i8Row:   arm64.QSpMVI8RowNEON,
			u8Row:   arm64.QSpMVU8RowNEON,
			i8Block: arm64.QSpMVI8BlockNEON,
			block4:  arm64.QSpMV4BlockNEON,
			mx4:     arm64.QSpMV4MXNEON,
			mx8:     arm64.QSpMV8MXNEON,
			u8Block: arm64.QSpMVU8BlockNEON,
			i8Col:   arm64.QSpMVI8ColNEON,
			u8Col:   arm64.QSpMVU8ColNEON,
		}))
		// The fused SpMM kernels of qspmmKernelsOf where they take the
		// operand and the panel, decoded blocks (qspmmTiled) elsewhere.
		qspmm.set(tierNEON, qspmmFusedAsm(qspmmKernelsOf(tierNEON), &spmmTune))
		// The fused scatter kernels where one is written for the operand,
		// tiles of decoded values (qscatter_tiled.go) elsewhere; COO's
		// scatter has no assembly, so its fused Go loop serves every path.
		qscatter.set(tierNEON, qscatterFusedAsm(qscatterKernels{
			i8Row:   arm64.QScatterI8RowNEON,
			i8Block: arm64.QScatterI8BlockNEON,
			block4:  arm64.QScatter4BlockNEON,
			mx4:     arm64.QScatter4MXNEON,
			mx8:     arm64.QScatter8MXNEON,
			u8Row:   arm64.QScatterU8RowNEON,
			i8Col:   arm64.QScatterI8ColNEON,
			u8Col:   arm64.QScatterU8ColNEON,
			u8Block: arm64.QScatterU8BlockNEON,
		}))
		// The fused SpMMScatter kernels where one is written for the
		// operand (no tile kernels: SpMMScatter's NEON kernel does not
		// tile either), decoded tiles elsewhere.
		qspmmScatter.set(tierNEON, qspmmScatterFusedAsm(qspmmScatterKernelsOf(tierNEON), &spmmTune))
	}
	return true
}

// qspmmKernelsOf returns tier t's fused SpMM kernels (8-bit codes by row,
// by block and MX, 4-bit codes by block and MX; operands they do not take
// run on decoded blocks, qspmmTiled), none for a tier without them:
// registration wraps them in their glue, and the tests build the glue
// again from them to run them at every width (qspmmTuned).
func qspmmKernelsOf(t tier) qspmmKernels {
	if t != tierNEON {
		return qspmmKernels{}
	}
	// Only the tests run them, until a width from which they beat decoded
	// blocks is measured on NEON hardware.
	return qspmmKernels{
		minW: math.MaxInt,
		maxW: math.MaxInt,
		k: [qspmmKinds]qspmmAsmKernel{arm64.QSpMM8RowNEON, arm64.QSpMM8BlockNEON, arm64.QSpMM8MXNEON,
			arm64.QSpMM4BlockNEON, arm64.QSpMM4MXNEON},
	}
}

// qspmmScatterKernelsOf returns tier t's fused QSpMMScatter kernels, none
// for a tier without them: registration wraps them in their glue, and the
// tests build the glue with tunings of their own.
func qspmmScatterKernelsOf(t tier) qspmmScatterKernels {
	if t != tierNEON {
		return qspmmScatterKernels{}
	}
	return qspmmScatterKernels{
		k: [qsKinds]qspmmScatterKernel{
			qsI8Row:   arm64.QSpMMScatterI8RowNEON,
			qsI8Block: arm64.QSpMMScatterI8BlockNEON,
			qsMX8:     arm64.QSpMMScatter8MXNEON,
			qsMX4:     arm64.QSpMMScatter4MXNEON,
			qsBlock4:  arm64.QSpMMScatter4BlockNEON,
			qsU8Row:   arm64.QSpMMScatterU8RowNEON,
			qsI8Col:   arm64.QSpMMScatterI8ColNEON,
			qsU8Col:   arm64.QSpMMScatterU8ColNEON,
			qsU8Block: arm64.QSpMMScatterU8BlockNEON,
		},
	}
}
