//go:build !purego && !noasm && gc

package engine

import (
	"math"

	"github.com/hurray-format/hurray-go/kernels/amd64"
)

// The amd64 assembly paths of every family: one block per tier, the
// families in the order of package kernels' list, each wrapped in its glue
// (the kernel, its block width and what else the glue needs). They are
// registered while the package variables are initialised, before init
// selects the paths. The AVX2 and AVX-512 blocks, and registerARM64's
// NEON block, are deliberate twins: each names its own tier's kernels and
// widths, so that any tier can be forced and tested alone.
var _ = registerAMD64()

func registerAMD64() bool {
	if amd64.HasAVX2 {
		lowerBound.set(tierAVX2, lowerBoundAVX2)
		descendLevel.set(tierAVX2, descendLevelAsm(amd64.DescendLevelAVX2, 4))
		nonDecreasing.set(tierAVX2, nonDecreasingAsm(amd64.NonDecreasingAVX2, 8, 0))
		strictlyIncreasing.set(tierAVX2, strictlyIncreasingAVX2)
		firstNotBelow.set(tierAVX2, firstNotBelowAsm(amd64.FirstNotBelowAVX2, 8, firstNotBelowCyclicAVX2, 0))
		maxU64.set(tierAVX2, maxAsm(amd64.MaxAVX2, 16))
		expandPos.set(tierAVX2, expandPosFill(amd64.ExpandRunsAVX2, minRunAVX2))
		expandRuns.set(tierAVX2, expandRunsFill(amd64.ExpandRunsAVX2, minRunAVX2))
		exclusiveScan.set(tierAVX2, exclusiveScanAsm(amd64.ExclusiveScanAVX2, 8))
		countStarts.set(tierAVX2, countStartsAsm(amd64.CountStartsAVX2, 16))
		compressStarts.set(tierAVX2, compressStartsAsm(amd64.CompressStartsAVX2, 4, countStartsAsm(amd64.CountStartsAVX2, 16)))
		spmvF32.set(tierAVX2, spmvAsm(amd64.SpMVF32AVX2))
		spmvF64.set(tierAVX2, spmvAsm(amd64.SpMVF64AVX2))
		spmv1F32.set(tierAVX2, spmv1Asm(amd64.SpMV1F32AVX2))
		spmv1F64.set(tierAVX2, spmv1Asm(amd64.SpMV1F64AVX2))
		scatterAddF32.set(tierAVX2, scatterAddAsm(amd64.ScatterAddF32AVX2))
		scatterAddF64.set(tierAVX2, scatterAddAsm(amd64.ScatterAddF64AVX2))
		scatterAddNarrowF32U16.set(tierAVX2, scatterAddNarrowAsm(amd64.ScatterAddNarrowF32U16AVX2))
		scatterAddNarrowF32U32.set(tierAVX2, scatterAddNarrowAsm(amd64.ScatterAddNarrowF32U32AVX2))
		scatterAddNarrowF64U16.set(tierAVX2, scatterAddNarrowAsm(amd64.ScatterAddNarrowF64U16AVX2))
		scatterAddNarrowF64U32.set(tierAVX2, scatterAddNarrowAsm(amd64.ScatterAddNarrowF64U32AVX2))
		spmmF32.set(tierAVX2, spmmAsm(amd64.SpMMF32AVX2, amd64.SpMMTileF32AVX2))
		spmmF64.set(tierAVX2, spmmAsm(amd64.SpMMF64AVX2, amd64.SpMMTileF64AVX2))
		spmmScatterF32.set(tierAVX2, spmmScatterAsm(amd64.SpMMScatterF32AVX2, amd64.SpMMScatterTileF32AVX2))
		spmmScatterF64.set(tierAVX2, spmmScatterAsm(amd64.SpMMScatterF64AVX2, amd64.SpMMScatterTileF64AVX2))
		gatherHadamardF32.set(tierAVX2, gatherHadamardChunked(amd64.GatherHadamardF32AVX2))
		gatherHadamardF64.set(tierAVX2, gatherHadamardChunked(amd64.GatherHadamardF64AVX2))
		gatherHadamard2F32.set(tierAVX2, gatherHadamard2Prefetching(amd64.GatherHadamard2F32AVX2))
		gatherHadamard2F64.set(tierAVX2, gatherHadamard2Prefetching(amd64.GatherHadamard2F64AVX2))
		pushHadamard2F32.set(tierAVX2, pushHadamard2Prefetching(pushHadamard2Chunked(amd64.PushHadamard2F32AVX2)))
		pushHadamard2F64.set(tierAVX2, pushHadamard2Prefetching(pushHadamard2Chunked(amd64.PushHadamard2F64AVX2)))
		scatterHadamardF32.set(tierAVX2, scatterHadamardChunked(amd64.ScatterHadamardF32AVX2))
		scatterHadamardF64.set(tierAVX2, scatterHadamardChunked(amd64.ScatterHadamardF64AVX2))
		dotRowsF32.set(tierAVX2, dotRowsChunked(amd64.DotRowsF32AVX2))
		dotRowsF64.set(tierAVX2, dotRowsChunked(amd64.DotRowsF64AVX2))
		dequantize.set(tierAVX2, dequantizeAVX2)
		dequantizeI8Blocks.set(tierAVX2, dequantizeI8BlocksBy(dqAVX2.i8))
		spmvNarrowF32U16.set(tierAVX2, spmvNarrowAsm(amd64.SpMVNarrowF32U16AVX2))
		spmvNarrowF32U32.set(tierAVX2, spmvNarrowAsm(amd64.SpMVNarrowF32U32AVX2))
		spmvNarrowF64U16.set(tierAVX2, spmvNarrowAsm(amd64.SpMVNarrowF64U16AVX2))
		spmvNarrowF64U32.set(tierAVX2, spmvNarrowAsm(amd64.SpMVNarrowF64U32AVX2))
		unpack12.set(tierAVX2, unpack12Asm(amd64.Unpack12AVX2, 16, 8))
		spmvShortF32U16.set(tierAVX2, spmvShortAsm(amd64.SpMVShortF32U16AVX2, amd64.SpMVShort2F32U16AVX2, amd64.SpMVShort4F32U16AVX2))
		spmvShortF32U32.set(tierAVX2, spmvShortAsm(amd64.SpMVShortF32U32AVX2, amd64.SpMVShort2F32U32AVX2, amd64.SpMVShort4F32U32AVX2))
		spmvShortF64U16.set(tierAVX2, spmvShortAsm(amd64.SpMVShortF64U16AVX2, amd64.SpMVShort2F64U16AVX2, amd64.SpMVShort4F64U16AVX2))
		spmvShortF64U32.set(tierAVX2, spmvShortAsm(amd64.SpMVShortF64U32AVX2, amd64.SpMVShort2F64U32AVX2, amd64.SpMVShort4F64U32AVX2))
		qspmvNarrowU16.set(tierAVX2, qspmvNarrowAsm(amd64.QSpMVNarrowI8U16AVX2))
		qspmvNarrowU32.set(tierAVX2, qspmvNarrowAsm(amd64.QSpMVNarrowI8U32AVX2))
		qspmvNarrowBlockU16.set(tierAVX2, qspmvNarrowBlockAsm(amd64.QSpMVNarrowI8BlockU16AVX2,
			amd64.QSpMVNarrow4BlockU16AVX2, amd64.QSpMVNarrow4MXU16AVX2))
		qspmvNarrowBlockU32.set(tierAVX2, qspmvNarrowBlockAsm(amd64.QSpMVNarrowI8BlockU32AVX2,
			amd64.QSpMVNarrow4BlockU32AVX2, amd64.QSpMVNarrow4MXU32AVX2))
		spmmNarrowF32U16.set(tierAVX2, spmmNarrowAsm(amd64.SpMMNarrowF32U16AVX2, amd64.SpMMTileNarrowF32U16AVX2))
		spmmNarrowF32U32.set(tierAVX2, spmmNarrowAsm(amd64.SpMMNarrowF32U32AVX2, amd64.SpMMTileNarrowF32U32AVX2))
		spmmNarrowF64U16.set(tierAVX2, spmmNarrowAsm(amd64.SpMMNarrowF64U16AVX2, amd64.SpMMTileNarrowF64U16AVX2))
		spmmNarrowF64U32.set(tierAVX2, spmmNarrowAsm(amd64.SpMMNarrowF64U32AVX2, amd64.SpMMTileNarrowF64U32AVX2))
		spmmScatterNarrowF32U16.set(tierAVX2, spmmScatterNarrowAsm(amd64.SpMMScatterNarrowF32U16AVX2, amd64.SpMMScatterTileNarrowF32U16AVX2))
		spmmScatterNarrowF32U32.set(tierAVX2, spmmScatterNarrowAsm(amd64.SpMMScatterNarrowF32U32AVX2, amd64.SpMMScatterTileNarrowF32U32AVX2))
		spmmScatterNarrowF64U16.set(tierAVX2, spmmScatterNarrowAsm(amd64.SpMMScatterNarrowF64U16AVX2, amd64.SpMMScatterTileNarrowF64U16AVX2))
		spmmScatterNarrowF64U32.set(tierAVX2, spmmScatterNarrowAsm(amd64.SpMMScatterNarrowF64U32AVX2, amd64.SpMMScatterTileNarrowF64U32AVX2))
		// The fused SpMV kernel where one is written for the operand (int8
		// and uint8 codes with one scale per row, per column or by block;
		// 4-bit and MX codes by block), tiles of decoded values (qfused_tiled.go)
		// elsewhere.
		qspmv.set(tierAVX2, qspmvFusedAsm(qspmvKernels{
			i8Row:   amd64.QSpMVI8RowAVX2,
			u8Row:   amd64.QSpMVU8RowAVX2,
			i8Block: amd64.QSpMVI8BlockAVX2,
			block4:  amd64.QSpMV4BlockAVX2,
			mx4:     amd64.QSpMV4MXAVX2,
			mx8:     amd64.QSpMV8MXAVX2,
			u8Block: amd64.QSpMVU8BlockAVX2,
			i8Col:   amd64.QSpMVI8ColAVX2,
			u8Col:   amd64.QSpMVU8ColAVX2,
		}))
		// The fused SpMM kernels of qspmmKernelsOf where they take the
		// operand and the panel, decoded blocks (qspmmTiled) elsewhere.
		qspmm.set(tierAVX2, qspmmFusedAsm(qspmmKernelsOf(tierAVX2), &spmmTune))
		// The fused scatter kernels where one is written for the operand,
		// tiles of decoded values (qscatter_tiled.go) elsewhere.
		qscatter.set(tierAVX2, qscatterFusedAsm(qscatterKernels{
			i8Row:   amd64.QScatterI8RowAVX2,
			i8Block: amd64.QScatterI8BlockAVX2,
			block4:  amd64.QScatter4BlockAVX2,
			mx4:     amd64.QScatter4MXAVX2,
			mx8:     amd64.QScatter8MXAVX2,
			u8Row:   amd64.QScatterU8RowAVX2,
			i8Col:   amd64.QScatterI8ColAVX2,
			u8Col:   amd64.QScatterU8ColAVX2,
			u8Block: amd64.QScatterU8BlockAVX2,
		}))
		// The fused SpMMScatter kernels where one is written for the
		// operand, decoded tiles elsewhere.
		qspmmScatter.set(tierAVX2, qspmmScatterFusedAsm(qspmmScatterKernelsOf(tierAVX2), &spmmTune))
	}
	if amd64.HasAVX512 {
		lowerBound.set(tierAVX512, lowerBoundAVX512)
		descendLevel.set(tierAVX512, descendLevelAsm(amd64.DescendLevelAVX512, 8))
		nonDecreasing.set(tierAVX512, nonDecreasingAsm(amd64.NonDecreasingAVX512, 16, 0))
		strictlyIncreasing.set(tierAVX512, strictlyIncreasingAVX512)
		firstNotBelow.set(tierAVX512, firstNotBelowAsm(amd64.FirstNotBelowAVX512, 32, firstNotBelowCyclicAVX512, 0))
		maxU64.set(tierAVX512, maxAsm(amd64.MaxAVX512, 32))
		expandPos.set(tierAVX512, expandPosFill(amd64.ExpandRunsAVX512, minRunAVX512))
		expandRuns.set(tierAVX512, expandRunsFill(amd64.ExpandRunsAVX512, minRunAVX512))
		exclusiveScan.set(tierAVX512, exclusiveScanAsm(amd64.ExclusiveScanAVX512, 16))
		countStarts.set(tierAVX512, countStartsAsm(amd64.CountStartsAVX512, 32))
		compressStarts.set(tierAVX512, compressStartsAsm(amd64.CompressStartsAVX512, 8, countStartsAsm(amd64.CountStartsAVX512, 32)))
		// SpMV on AVX-512 is held by loads, as on AVX2, and runs as fast
		// on large matrices and no slower on cache-resident rows. Both
		// sum short rows in batches (products first, then the per-row
		// sums; see _gen/spmv.py).
		spmvF32.set(tierAVX512, spmvAsm(amd64.SpMVF32AVX512))
		spmvF64.set(tierAVX512, spmvAsm(amd64.SpMVF64AVX512))
		// Matrices whose rows average under two entries (a leaf TTV on
		// fibers of one leaf) take SpMV1 instead, eight one-entry rows a
		// step (four under AVX2), where the batches pay a per-row sum for
		// every row.
		spmv1F32.set(tierAVX512, spmv1Asm(amd64.SpMV1F32AVX512))
		spmv1F64.set(tierAVX512, spmv1Asm(amd64.SpMV1F64AVX512))
		// ScatterAdd's gather and scatter of y are slower than the scalar
		// AVX2 loop at the row lengths of sparse matrices: kept for
		// forcing and tests, not chosen by auto.
		scatterAddF32.set(tierAVX512, scatterAddAsm(amd64.ScatterAddF32AVX512))
		scatterAddF64.set(tierAVX512, scatterAddAsm(amd64.ScatterAddF64AVX512))
		scatterAddF32.skipAuto(tierAVX512)
		scatterAddF64.skipAuto(tierAVX512)
		// ScatterAddNarrow's likewise: kept for forcing and tests.
		scatterAddNarrowF32U16.set(tierAVX512, scatterAddNarrowAsm(amd64.ScatterAddNarrowF32U16AVX512))
		scatterAddNarrowF32U32.set(tierAVX512, scatterAddNarrowAsm(amd64.ScatterAddNarrowF32U32AVX512))
		scatterAddNarrowF64U16.set(tierAVX512, scatterAddNarrowAsm(amd64.ScatterAddNarrowF64U16AVX512))
		scatterAddNarrowF64U32.set(tierAVX512, scatterAddNarrowAsm(amd64.ScatterAddNarrowF64U32AVX512))
		scatterAddNarrowF32U16.skipAuto(tierAVX512)
		scatterAddNarrowF32U32.skipAuto(tierAVX512)
		scatterAddNarrowF64U16.skipAuto(tierAVX512)
		scatterAddNarrowF64U32.skipAuto(tierAVX512)
		spmmF32.set(tierAVX512, spmmAsm(amd64.SpMMF32AVX512, amd64.SpMMTileF32AVX512))
		spmmF64.set(tierAVX512, spmmAsm(amd64.SpMMF64AVX512, amd64.SpMMTileF64AVX512))
		spmmScatterF32.set(tierAVX512, spmmScatterAsm(amd64.SpMMScatterF32AVX512, amd64.SpMMScatterTileF32AVX512))
		spmmScatterF64.set(tierAVX512, spmmScatterAsm(amd64.SpMMScatterF64AVX512, amd64.SpMMScatterTileF64AVX512))
		gatherHadamardF32.set(tierAVX512, gatherHadamardChunked(amd64.GatherHadamardF32AVX512))
		gatherHadamardF64.set(tierAVX512, gatherHadamardChunked(amd64.GatherHadamardF64AVX512))
		gatherHadamard2F32.set(tierAVX512, gatherHadamard2Prefetching(amd64.GatherHadamard2F32AVX512))
		gatherHadamard2F64.set(tierAVX512, gatherHadamard2Prefetching(amd64.GatherHadamard2F64AVX512))
		pushHadamard2F32.set(tierAVX512, pushHadamard2Prefetching(pushHadamard2Chunked(amd64.PushHadamard2F32AVX512)))
		pushHadamard2F64.set(tierAVX512, pushHadamard2Prefetching(pushHadamard2Chunked(amd64.PushHadamard2F64AVX512)))
		scatterHadamardF32.set(tierAVX512, scatterHadamardChunked(amd64.ScatterHadamardF32AVX512))
		scatterHadamardF64.set(tierAVX512, scatterHadamardChunked(amd64.ScatterHadamardF64AVX512))
		dotRowsF32.set(tierAVX512, dotRowsChunked(amd64.DotRowsF32AVX512))
		dotRowsF64.set(tierAVX512, dotRowsChunked(amd64.DotRowsF64AVX512))
		dequantize.set(tierAVX512, dequantizeAVX512)
		dequantizeI8Blocks.set(tierAVX512, raceDQBlocks(amd64.DequantizeI8BlocksAVX512))
		unpack12.set(tierAVX512, unpack12Asm(amd64.Unpack12AVX512, 32, 0))
		spmvNarrowF32U16.set(tierAVX512, spmvNarrowAsm(amd64.SpMVNarrowF32U16AVX512))
		spmvNarrowF32U32.set(tierAVX512, spmvNarrowAsm(amd64.SpMVNarrowF32U32AVX512))
		spmvNarrowF64U16.set(tierAVX512, spmvNarrowAsm(amd64.SpMVNarrowF64U16AVX512))
		spmvNarrowF64U32.set(tierAVX512, spmvNarrowAsm(amd64.SpMVNarrowF64U32AVX512))
		qspmvNarrowU16.set(tierAVX512, qspmvNarrowAsm(amd64.QSpMVNarrowI8U16AVX512))
		qspmvNarrowU32.set(tierAVX512, qspmvNarrowAsm(amd64.QSpMVNarrowI8U32AVX512))
		qspmvNarrowBlockU16.set(tierAVX512, qspmvNarrowBlockAsm(amd64.QSpMVNarrowI8BlockU16AVX512,
			amd64.QSpMVNarrow4BlockU16AVX512, amd64.QSpMVNarrow4MXU16AVX512))
		qspmvNarrowBlockU32.set(tierAVX512, qspmvNarrowBlockAsm(amd64.QSpMVNarrowI8BlockU32AVX512,
			amd64.QSpMVNarrow4BlockU32AVX512, amd64.QSpMVNarrow4MXU32AVX512))
		spmmNarrowF32U16.set(tierAVX512, spmmNarrowAsm(amd64.SpMMNarrowF32U16AVX512, amd64.SpMMTileNarrowF32U16AVX512))
		spmmNarrowF32U32.set(tierAVX512, spmmNarrowAsm(amd64.SpMMNarrowF32U32AVX512, amd64.SpMMTileNarrowF32U32AVX512))
		spmmNarrowF64U16.set(tierAVX512, spmmNarrowAsm(amd64.SpMMNarrowF64U16AVX512, amd64.SpMMTileNarrowF64U16AVX512))
		spmmNarrowF64U32.set(tierAVX512, spmmNarrowAsm(amd64.SpMMNarrowF64U32AVX512, amd64.SpMMTileNarrowF64U32AVX512))
		spmmScatterNarrowF32U16.set(tierAVX512, spmmScatterNarrowAsm(amd64.SpMMScatterNarrowF32U16AVX512, amd64.SpMMScatterTileNarrowF32U16AVX512))
		spmmScatterNarrowF32U32.set(tierAVX512, spmmScatterNarrowAsm(amd64.SpMMScatterNarrowF32U32AVX512, amd64.SpMMScatterTileNarrowF32U32AVX512))
		spmmScatterNarrowF64U16.set(tierAVX512, spmmScatterNarrowAsm(amd64.SpMMScatterNarrowF64U16AVX512, amd64.SpMMScatterTileNarrowF64U16AVX512))
		spmmScatterNarrowF64U32.set(tierAVX512, spmmScatterNarrowAsm(amd64.SpMMScatterNarrowF64U32AVX512, amd64.SpMMScatterTileNarrowF64U32AVX512))
		// The fused SpMV kernels stream idx and the codes faster than the
		// float32 SpMV streams idx and the values, and prefetch them
		// further ahead, into L2 (see _gen/qfused.go).
		qspmv.set(tierAVX512, qspmvFusedAsm(qspmvKernels{
			i8Row:   amd64.QSpMVI8RowAVX512,
			u8Row:   amd64.QSpMVU8RowAVX512,
			i8Block: amd64.QSpMVI8BlockAVX512,
			block4:  amd64.QSpMV4BlockAVX512,
			mx4:     amd64.QSpMV4MXAVX512,
			mx8:     amd64.QSpMV8MXAVX512,
			u8Block: amd64.QSpMVU8BlockAVX512,
			// No i8Col: int8 by column runs faster as x scaled by its
			// channels' scales, then int8 codes by row (qspmvTiled's
			// qspmvCols), than with a scale gathered per value.
			u8Col: amd64.QSpMVU8ColAVX512,
		}))
		// The fused SpMM kernels of qspmmKernelsOf where they take the
		// operand and the panel, decoded blocks (qspmmTiled) elsewhere.
		qspmm.set(tierAVX512, qspmmFusedAsm(qspmmKernelsOf(tierAVX512), &spmmTune))
		// The scatter products have no AVX-512 kernels: qscatter and
		// qspmmscatter are partial and the avx512 path runs their fused
		// AVX2 kernels (the float AVX-512 scatter is slower than the AVX2
		// one here, see ScatterAdd, and the fused AVX2 SpMMScatter kernels
		// are faster than this path's float kernel on decoded tiles).
		// COO's scatter has no assembly, so its fused Go loop serves every
		// path.
	}
	return true
}

// qspmmKernelsOf returns tier t's fused SpMM kernels, none for a tier
// without them: registration wraps them in their glue, and the tests build
// the glue again from them to run them at every width (qspmmTuned).
func qspmmKernelsOf(t tier) qspmmKernels {
	switch t {
	case tierAVX2:
		// Slower than decoded blocks (qspmmTiled) at every width on this
		// tier: a 32-column chunk takes two passes over a 64-column row,
		// each decoding every value again. Only the tests run them.
		return qspmmKernels{
			minW: math.MaxInt,
			maxW: math.MaxInt,
			k: [qspmmKinds]qspmmAsmKernel{amd64.QSpMM8RowAVX2, amd64.QSpMM8BlockAVX2, amd64.QSpMM8MXAVX2,
				amd64.QSpMM4BlockAVX2, amd64.QSpMM4MXAVX2},
			kt: [qspmmKinds]qspmmTileKernel{amd64.QSpMMTile8RowAVX2, amd64.QSpMMTile8BlockAVX2, amd64.QSpMMTile8MXAVX2,
				amd64.QSpMMTile4BlockAVX2, amd64.QSpMMTile4MXAVX2},
		}
	case tierAVX512:
		// From 1 column to 63, where they run faster than decoded blocks
		// (qspmmTiled): a decoded block's values, written and read again,
		// cost more than decoding each value where the row loop reads it.
		// From 64 columns on the float32 SpMM runs in narrow column tiles
		// of A, whose row pieces of a few dozen entries each pay the fused
		// kernels' setup (the block lookup, the partial group of 16), and
		// decoded blocks, their cost spread over every column of X, run
		// faster. They decode 16 values at a time, each block that starts
		// among them blended in: from blocks of 2 values on they run
		// faster than decoded blocks (whose dequantizing kernels take
		// blocks of 16 or more), blocks of one value, 16 blends a group,
		// no faster at 16 columns.
		return qspmmKernels{
			minW: 1,
			maxW: 64,
			minB: 2,
			k: [qspmmKinds]qspmmAsmKernel{amd64.QSpMM8RowAVX512, amd64.QSpMM8BlockAVX512, amd64.QSpMM8MXAVX512,
				amd64.QSpMM4BlockAVX512, amd64.QSpMM4MXAVX512, amd64.QSpMMU8RowAVX512, amd64.QSpMMU8BlockAVX512},
			kt: [qspmmKinds]qspmmTileKernel{amd64.QSpMMTile8RowAVX512, amd64.QSpMMTile8BlockAVX512, amd64.QSpMMTile8MXAVX512,
				amd64.QSpMMTile4BlockAVX512, amd64.QSpMMTile4MXAVX512, amd64.QSpMMTileU8RowAVX512, amd64.QSpMMTileU8BlockAVX512},
		}
	}
	return qspmmKernels{}
}

// qspmmScatterKernelsOf returns tier t's fused QSpMMScatter kernels, none
// for a tier without them: registration wraps them in their glue, and the
// tests build the glue with tunings of their own. The avx512 path runs
// the AVX2 ones (the family is partial).
func qspmmScatterKernelsOf(t tier) qspmmScatterKernels {
	if t != tierAVX2 {
		return qspmmScatterKernels{}
	}
	return qspmmScatterKernels{
		k: [qsKinds]qspmmScatterKernel{
			qsI8Row:   amd64.QSpMMScatterI8RowAVX2,
			qsI8Block: amd64.QSpMMScatterI8BlockAVX2,
			qsMX8:     amd64.QSpMMScatter8MXAVX2,
			qsMX4:     amd64.QSpMMScatter4MXAVX2,
			qsBlock4:  amd64.QSpMMScatter4BlockAVX2,
			qsU8Row:   amd64.QSpMMScatterU8RowAVX2,
			qsI8Col:   amd64.QSpMMScatterI8ColAVX2,
			qsU8Col:   amd64.QSpMMScatterU8ColAVX2,
			qsU8Block: amd64.QSpMMScatterU8BlockAVX2,
		},
		kt: [qsKinds]qspmmScatterTileKernel{
			qsI8Row:   amd64.QSpMMScatterTileI8RowAVX2,
			qsI8Block: amd64.QSpMMScatterTileI8BlockAVX2,
			qsMX8:     amd64.QSpMMScatterTile8MXAVX2,
			qsMX4:     amd64.QSpMMScatterTile4MXAVX2,
			qsBlock4:  amd64.QSpMMScatterTile4BlockAVX2,
			qsU8Row:   amd64.QSpMMScatterTileU8RowAVX2,
			qsI8Col:   amd64.QSpMMScatterTileI8ColAVX2,
			qsU8Col:   amd64.QSpMMScatterTileU8ColAVX2,
			qsU8Block: amd64.QSpMMScatterTileU8BlockAVX2,
		},
	}
}
