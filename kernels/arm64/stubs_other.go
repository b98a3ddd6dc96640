//go:build !arm64 || purego || noasm || !gc

package arm64

// The assembly is not built here: every kernel is a stub that panics.
// Package kernels never calls one, since HasNEON is false wherever these
// stubs are built.

// noasm is the panic text of every stub.
const noasm = "kernels/arm64: NEON kernel called without NEON assembly (HasNEON is false)"

// Family lowerbound: lowerbound_arm64.s.

// LowerBoundNEON is not built here; it panics.
func LowerBoundNEON(s []uint64, key uint64) int { panic(noasm) }

// Family descendlevel: descendlevel_arm64.s.

// DescendLevelNEON is not built here; it panics.
func DescendLevelNEON(node []int, pos, crd, coords []uint64, stride, off int) { panic(noasm) }

// Family nondecreasing: nondecreasing_arm64.s.

// NonDecreasingNEON is not built here; it panics.
func NonDecreasingNEON(s []uint64) int { panic(noasm) }

// Family strictlyincreasing: strictlyincreasing_arm64.s.

// StrictlyIncreasingNEON is not built here; it panics.
func StrictlyIncreasingNEON(pos, crd []uint64, j, p int) (bad, next, np int) { panic(noasm) }

// Family firstnotbelow: firstnotbelow_arm64.s.

// FirstNotBelowNEON is not built here; it panics.
func FirstNotBelowNEON(s []uint64, bound uint64) int { panic(noasm) }

// FirstNotBelowCyclicNEON is not built here; it panics.
func FirstNotBelowCyclicNEON(s, pat []uint64) int { panic(noasm) }

// Family max: max_arm64.s.

// MaxNEON is not built here; it panics.
func MaxNEON(s []uint64) uint64 { panic(noasm) }

// Family expandpos: expandpos_arm64.s.

// ExpandPosNEON is not built here; it panics.
func ExpandPosNEON(dst []uint64, pos []uint64, first uint64) { panic(noasm) }

// Family expandruns: expandruns_arm64.s.

// ExpandRunsNEON is not built here; it panics.
func ExpandRunsNEON(dst []uint64, rows, stride, off int, ptr, vals []uint64) { panic(noasm) }

// Family exclusivescan: exclusivescan_arm64.s.

// ExclusiveScanNEON is not built here; it panics.
func ExclusiveScanNEON(dst, src []uint64, sum uint64) uint64 { panic(noasm) }

// Family countstarts: countstarts_arm64.s.

// CountStartsNEON is not built here; it panics.
func CountStartsNEON(keys []uint64, limit uint64) int { panic(noasm) }

// Family compressstarts: compressstarts_arm64.s.

// CompressStartsNEON is not built here; it panics.
func CompressStartsNEON(crd, pos, keys []uint64, limit, limit1 uint64, shift uint, mask, c uint64) (n int, next uint64, done int) {
	panic(noasm)
}

// Family spmv: spmv_arm64.s.

// SpMVF64NEON is not built here; it panics.
func SpMVF64NEON(y, x []float64, ptr, idx []uint64, vals []float64, alpha, beta float64) {
	panic(noasm)
}

// SpMVF32NEON is not built here; it panics.
func SpMVF32NEON(y, x []float32, ptr, idx []uint64, vals []float32, alpha, beta float32) {
	panic(noasm)
}

// Family spmvnarrow: spmvnarrow_arm64.s.

// SpMVNarrowF64U16NEON is not built here; it panics.
func SpMVNarrowF64U16NEON(y, x []float64, ptr []uint32, col []uint16, vals []float64, alpha, beta float64) {
	panic(noasm)
}

// SpMVNarrowF64U32NEON is not built here; it panics.
func SpMVNarrowF64U32NEON(y, x []float64, ptr []uint32, col []uint32, vals []float64, alpha, beta float64) {
	panic(noasm)
}

// SpMVNarrowF32U16NEON is not built here; it panics.
func SpMVNarrowF32U16NEON(y, x []float32, ptr []uint32, col []uint16, vals []float32, alpha, beta float32) {
	panic(noasm)
}

// SpMVNarrowF32U32NEON is not built here; it panics.
func SpMVNarrowF32U32NEON(y, x []float32, ptr []uint32, col []uint32, vals []float32, alpha, beta float32) {
	panic(noasm)
}

// Family qspmvnarrow: qspmvnarrow_arm64.s.

// QSpMVNarrowI8U16NEON is not built here; it panics.
func QSpMVNarrowI8U16NEON(y, x []float32, ptr []uint32, col []uint16, codes []int8, scale []float32, alpha, beta float32) {
	panic(noasm)
}

// QSpMVNarrowI8U32NEON is not built here; it panics.
func QSpMVNarrowI8U32NEON(y, x []float32, ptr []uint32, col []uint32, codes []int8, scale []float32, alpha, beta float32) {
	panic(noasm)
}

// Family qspmv: qfused_arm64.s.

// QSpMVI8RowNEON is not built here; it panics.
func QSpMVI8RowNEON(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, alpha, beta float32) {
	panic(noasm)
}

// QSpMV4BlockNEON is not built here; it panics.
func QSpMV4BlockNEON(y, x []float32, ptr, idx []uint64, codes []byte, table, scale []float32, b int, alpha, beta float32) {
	panic(noasm)
}

// QSpMVI8BlockNEON is not built here; it panics.
func QSpMVI8BlockNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, b int, alpha, beta float32) {
	panic(noasm)
}

// QSpMV4MXNEON is not built here; it panics.
func QSpMV4MXNEON(y, x []float32, ptr, idx []uint64, codes []byte, table []float32, exps []byte, b int, alpha, beta float32) {
	panic(noasm)
}

// Family qspmm: qspmm_arm64.s.

// QSpMM8BlockNEON is not built here; it panics.
func QSpMM8BlockNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64) {
	panic(noasm)
}

// QSpMM8RowNEON is not built here; it panics.
func QSpMM8RowNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64) {
	panic(noasm)
}

// QSpMM8MXNEON is not built here; it panics.
func QSpMM8MXNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64) {
	panic(noasm)
}

// QSpMM4BlockNEON is not built here; it panics.
func QSpMM4BlockNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64) {
	panic(noasm)
}

// QSpMM4MXNEON is not built here; it panics.
func QSpMM4MXNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64) {
	panic(noasm)
}

// Family spmvshort: spmvshort_arm64.s.

// SpMVShortF64U16NEON is not built here; it panics.
func SpMVShortF64U16NEON(y, x []float64, ptr []uint32, col []uint16, vals []float64, k int) int {
	panic(noasm)
}

// SpMVShort2F64U16NEON is not built here; it panics.
func SpMVShort2F64U16NEON(y, x []float64, ptr []uint32, col []uint16, vals []float64, k int) int {
	panic(noasm)
}

// SpMVShort4F64U16NEON is not built here; it panics.
func SpMVShort4F64U16NEON(y, x []float64, ptr []uint32, col []uint16, vals []float64, k int) int {
	panic(noasm)
}

// SpMVShortF64U32NEON is not built here; it panics.
func SpMVShortF64U32NEON(y, x []float64, ptr []uint32, col []uint32, vals []float64, k int) int {
	panic(noasm)
}

// SpMVShort2F64U32NEON is not built here; it panics.
func SpMVShort2F64U32NEON(y, x []float64, ptr []uint32, col []uint32, vals []float64, k int) int {
	panic(noasm)
}

// SpMVShort4F64U32NEON is not built here; it panics.
func SpMVShort4F64U32NEON(y, x []float64, ptr []uint32, col []uint32, vals []float64, k int) int {
	panic(noasm)
}

// SpMVShortF32U16NEON is not built here; it panics.
func SpMVShortF32U16NEON(y, x []float32, ptr []uint32, col []uint16, vals []float32, k int) int {
	panic(noasm)
}

// SpMVShort2F32U16NEON is not built here; it panics.
func SpMVShort2F32U16NEON(y, x []float32, ptr []uint32, col []uint16, vals []float32, k int) int {
	panic(noasm)
}

// SpMVShort4F32U16NEON is not built here; it panics.
func SpMVShort4F32U16NEON(y, x []float32, ptr []uint32, col []uint16, vals []float32, k int) int {
	panic(noasm)
}

// SpMVShortF32U32NEON is not built here; it panics.
func SpMVShortF32U32NEON(y, x []float32, ptr []uint32, col []uint32, vals []float32, k int) int {
	panic(noasm)
}

// SpMVShort2F32U32NEON is not built here; it panics.
func SpMVShort2F32U32NEON(y, x []float32, ptr []uint32, col []uint32, vals []float32, k int) int {
	panic(noasm)
}

// SpMVShort4F32U32NEON is not built here; it panics.
func SpMVShort4F32U32NEON(y, x []float32, ptr []uint32, col []uint32, vals []float32, k int) int {
	panic(noasm)
}

// Family qspmvnarrowblock: qspmvnarrowblock_arm64.s.

// QSpMVNarrowI8BlockU16NEON is not built here; it panics.
func QSpMVNarrowI8BlockU16NEON(y, x []float32, ptr []uint32, col []uint16, codes []byte, first int, scale []float32, b int, alpha, beta float32) {
	panic(noasm)
}

// QSpMVNarrowI8BlockU32NEON is not built here; it panics.
func QSpMVNarrowI8BlockU32NEON(y, x []float32, ptr []uint32, col []uint32, codes []byte, first int, scale []float32, b int, alpha, beta float32) {
	panic(noasm)
}

// QSpMVNarrow4BlockU16NEON is not built here; it panics.
func QSpMVNarrow4BlockU16NEON(y, x []float32, ptr []uint32, col []uint16, codes []byte, first int, table, scale []float32, b int, alpha, beta float32) {
	panic(noasm)
}

// QSpMVNarrow4BlockU32NEON is not built here; it panics.
func QSpMVNarrow4BlockU32NEON(y, x []float32, ptr []uint32, col []uint32, codes []byte, first int, table, scale []float32, b int, alpha, beta float32) {
	panic(noasm)
}

// QSpMVNarrow4MXU16NEON is not built here; it panics.
func QSpMVNarrow4MXU16NEON(y, x []float32, ptr []uint32, col []uint16, codes []byte, first int, table []float32, exps []byte, b int, alpha, beta float32) {
	panic(noasm)
}

// QSpMVNarrow4MXU32NEON is not built here; it panics.
func QSpMVNarrow4MXU32NEON(y, x []float32, ptr []uint32, col []uint32, codes []byte, first int, table []float32, exps []byte, b int, alpha, beta float32) {
	panic(noasm)
}

// Family spmm: spmm_arm64.s.

// SpMMF64NEON is not built here; it panics.
func SpMMF64NEON(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha, beta float64, xrows uint64) int {
	panic(noasm)
}

// SpMMF32NEON is not built here; it panics.
func SpMMF32NEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha, beta float32, xrows uint64) int {
	panic(noasm)
}

// Family spmmscatter: spmmscatter_arm64.s.

// SpMMScatterF64NEON is not built here; it panics.
func SpMMScatterF64NEON(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha float64, yrows uint64) int {
	panic(noasm)
}

// SpMMScatterF32NEON is not built here; it panics.
func SpMMScatterF32NEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha float32, yrows uint64) int {
	panic(noasm)
}

// Family spmmnarrow: spmmnarrow_arm64.s.

// SpMMNarrowF64U16NEON is not built here; it panics.
func SpMMNarrowF64U16NEON(y []float64, ldy int, x []float64, ldx, w int, ptr []uint32, idx []uint16, vals []float64, alpha, beta float64, xrows uint64) int {
	panic(noasm)
}

// SpMMNarrowF64U32NEON is not built here; it panics.
func SpMMNarrowF64U32NEON(y []float64, ldy int, x []float64, ldx, w int, ptr []uint32, idx []uint32, vals []float64, alpha, beta float64, xrows uint64) int {
	panic(noasm)
}

// SpMMNarrowF32U16NEON is not built here; it panics.
func SpMMNarrowF32U16NEON(y []float32, ldy int, x []float32, ldx, w int, ptr []uint32, idx []uint16, vals []float32, alpha, beta float32, xrows uint64) int {
	panic(noasm)
}

// SpMMNarrowF32U32NEON is not built here; it panics.
func SpMMNarrowF32U32NEON(y []float32, ldy int, x []float32, ldx, w int, ptr []uint32, idx []uint32, vals []float32, alpha, beta float32, xrows uint64) int {
	panic(noasm)
}

// Family spmmscatternarrow: spmmscatternarrow_arm64.s.

// SpMMScatterNarrowF64U16NEON is not built here; it panics.
func SpMMScatterNarrowF64U16NEON(y []float64, ldy int, x []float64, ldx, w int, ptr []uint32, idx []uint16, vals []float64, alpha float64, yrows uint64) int {
	panic(noasm)
}

// SpMMScatterNarrowF64U32NEON is not built here; it panics.
func SpMMScatterNarrowF64U32NEON(y []float64, ldy int, x []float64, ldx, w int, ptr []uint32, idx []uint32, vals []float64, alpha float64, yrows uint64) int {
	panic(noasm)
}

// SpMMScatterNarrowF32U16NEON is not built here; it panics.
func SpMMScatterNarrowF32U16NEON(y []float32, ldy int, x []float32, ldx, w int, ptr []uint32, idx []uint16, vals []float32, alpha float32, yrows uint64) int {
	panic(noasm)
}

// SpMMScatterNarrowF32U32NEON is not built here; it panics.
func SpMMScatterNarrowF32U32NEON(y []float32, ldy int, x []float32, ldx, w int, ptr []uint32, idx []uint32, vals []float32, alpha float32, yrows uint64) int {
	panic(noasm)
}

// Family scatteraddnarrow: scatteraddnarrow_arm64.s.

// ScatterAddNarrowF64U16NEON is not built here; it panics.
func ScatterAddNarrowF64U16NEON(y, x []float64, ptr []uint32, idx []uint16, vals []float64, alpha float64) {
	panic(noasm)
}

// ScatterAddNarrowF64U32NEON is not built here; it panics.
func ScatterAddNarrowF64U32NEON(y, x []float64, ptr []uint32, idx []uint32, vals []float64, alpha float64) {
	panic(noasm)
}

// ScatterAddNarrowF32U16NEON is not built here; it panics.
func ScatterAddNarrowF32U16NEON(y, x []float32, ptr []uint32, idx []uint16, vals []float32, alpha float32) {
	panic(noasm)
}

// ScatterAddNarrowF32U32NEON is not built here; it panics.
func ScatterAddNarrowF32U32NEON(y, x []float32, ptr []uint32, idx []uint32, vals []float32, alpha float32) {
	panic(noasm)
}

// Family scatteradd: scatteradd_arm64.s.

// ScatterAddF64NEON is not built here; it panics.
func ScatterAddF64NEON(y, x []float64, ptr, idx []uint64, vals []float64, alpha float64) {
	panic(noasm)
}

// ScatterAddF32NEON is not built here; it panics.
func ScatterAddF32NEON(y, x []float32, ptr, idx []uint64, vals []float32, alpha float32) {
	panic(noasm)
}

// Family gatherhadamard: gatherhadamard_arm64.s.

// GatherHadamardF32NEON is not built here; it panics.
func GatherHadamardF32NEON(out, y []float32, ocrd, ycrd, ptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU, w int, xrows, obound, ybound uint64) int {
	panic(noasm)
}

// GatherHadamardF64NEON is not built here; it panics.
func GatherHadamardF64NEON(out, y []float64, ocrd, ycrd, ptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU, w int, xrows, obound, ybound uint64) int {
	panic(noasm)
}

// Family gatherhadamard2: gatherhadamard2_arm64.s.

// GatherHadamard2F32NEON is not built here; it panics.
func GatherHadamard2F32NEON(out, y []float32, ocrd, ycrd, ptr, crd []uint64, z []float32, lptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU, w int, xrows, zrows, obound, ybound, lbase uint64) int {
	panic(noasm)
}

// GatherHadamard2F64NEON is not built here; it panics.
func GatherHadamard2F64NEON(out, y []float64, ocrd, ycrd, ptr, crd []uint64, z []float64, lptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU, w int, xrows, zrows, obound, ybound, lbase uint64) int {
	panic(noasm)
}

// Family scatterhadamard: scatterhadamard_arm64.s.

// ScatterHadamardF32NEON is not built here; it panics.
func ScatterHadamardF32NEON(out, base, y []float32, bcrd, crd, ptr []uint64, vals []float32, idx []uint64, r, sB, w int, orows, yrows, bbound uint64) int {
	panic(noasm)
}

// ScatterHadamardF64NEON is not built here; it panics.
func ScatterHadamardF64NEON(out, base, y []float64, bcrd, crd, ptr []uint64, vals []float64, idx []uint64, r, sB, w int, orows, yrows, bbound uint64) int {
	panic(noasm)
}

// Family pushhadamard2: pushhadamard2_arm64.s.

// PushHadamard2F32NEON is not built here; it panics.
func PushHadamard2F32NEON(out, above, y []float32, ycrd, ptr, crd, lptr []uint64, vals []float32, idx []uint64, f []float32, r, mode, w int, yrows, crows, irows, lbase uint64) int {
	panic(noasm)
}

// PushHadamard2F64NEON is not built here; it panics.
func PushHadamard2F64NEON(out, above, y []float64, ycrd, ptr, crd, lptr []uint64, vals []float64, idx []uint64, f []float64, r, mode, w int, yrows, crows, irows, lbase uint64) int {
	panic(noasm)
}

// Family dotrows: dotrows_arm64.s.

// DotRowsF32NEON is not built here; it panics.
func DotRowsF32NEON(dst, q, k []float32, idx []uint64, scale float32, krows uint64) int { panic(noasm) }

// DotRowsF64NEON is not built here; it panics.
func DotRowsF64NEON(dst, q, k []float64, idx []uint64, scale float64, krows uint64) int { panic(noasm) }

// Family dequantize: dequantize_arm64.s.

// DequantizeI8NEON is not built here; it panics.
func DequantizeI8NEON(dst []float32, codes []byte, scale []float32, rem, b int) int { panic(noasm) }

// DequantizeU8NEON is not built here; it panics.
func DequantizeU8NEON(dst []float32, codes []byte, scale []float32, zero []byte, rem, b int) int {
	panic(noasm)
}

// DequantizeE4M3NEON is not built here; it panics.
func DequantizeE4M3NEON(dst []float32, codes []byte, scale []float32, rem, b int) int { panic(noasm) }

// Dequantize4NEON is not built here; it panics.
func Dequantize4NEON(dst []float32, codes []byte, planes []byte, scale []float32, rem, b int) int {
	panic(noasm)
}

// Family qscatter: qscatter_arm64.s.

// QScatterI8RowNEON is not built here; it panics.
func QScatterI8RowNEON(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, alpha float32) {
	panic(noasm)
}

// QScatterI8BlockNEON is not built here; it panics.
func QScatterI8BlockNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, b int, alpha float32) {
	panic(noasm)
}

// QScatter4BlockNEON is not built here; it panics.
func QScatter4BlockNEON(y, x []float32, ptr, idx []uint64, codes []byte, table, scale []float32, b int, alpha float32) {
	panic(noasm)
}

// QScatter4MXNEON is not built here; it panics.
func QScatter4MXNEON(y, x []float32, ptr, idx []uint64, codes []byte, table []float32, exps []byte, b int, alpha float32) {
	panic(noasm)
}

// QScatter8MXNEON is not built here; it panics.
func QScatter8MXNEON(y, x []float32, ptr, idx []uint64, codes []byte, table []float32, exps []byte, b int, alpha float32) {
	panic(noasm)
}

// QScatterU8RowNEON is not built here; it panics.
func QScatterU8RowNEON(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, rz []uint8, alpha float32) {
	panic(noasm)
}

// QScatterI8ColNEON is not built here; it panics.
func QScatterI8ColNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, alpha float32) {
	panic(noasm)
}

// QScatterU8ColNEON is not built here; it panics.
func QScatterU8ColNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, zero []uint8, alpha float32) {
	panic(noasm)
}

// QSpMMScatterI8RowNEON is not built here; it panics.
func QSpMMScatterI8RowNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int {
	panic(noasm)
}

// QSpMMScatterI8BlockNEON is not built here; it panics.
func QSpMMScatterI8BlockNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int {
	panic(noasm)
}

// QSpMMScatter4BlockNEON is not built here; it panics.
func QSpMMScatter4BlockNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int {
	panic(noasm)
}

// QSpMMScatter4MXNEON is not built here; it panics.
func QSpMMScatter4MXNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int {
	panic(noasm)
}

// QSpMMScatter8MXNEON is not built here; it panics.
func QSpMMScatter8MXNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int {
	panic(noasm)
}

// QSpMMScatterU8RowNEON is not built here; it panics.
func QSpMMScatterU8RowNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int {
	panic(noasm)
}

// QSpMMScatterI8ColNEON is not built here; it panics.
func QSpMMScatterI8ColNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int {
	panic(noasm)
}

// QSpMMScatterU8ColNEON is not built here; it panics.
func QSpMMScatterU8ColNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int {
	panic(noasm)
}

// QScatterU8BlockNEON is not built here; it panics.
func QScatterU8BlockNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, zero []uint8, b int, alpha float32) {
	panic(noasm)
}

// QSpMMScatterU8BlockNEON is not built here; it panics.
func QSpMMScatterU8BlockNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int {
	panic(noasm)
}

// QSpMVU8RowNEON is not built here; it panics.
func QSpMVU8RowNEON(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, rz []uint8, alpha, beta float32) {
	panic(noasm)
}

// QSpMV8MXNEON is not built here; it panics.
func QSpMV8MXNEON(y, x []float32, ptr, idx []uint64, codes []byte, exps []byte, b int, alpha, beta float32) {
	panic(noasm)
}

// QSpMVU8BlockNEON is not built here; it panics.
func QSpMVU8BlockNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, zero []byte, b int, alpha, beta float32) {
	panic(noasm)
}

// QSpMVI8ColNEON is not built here; it panics.
func QSpMVI8ColNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, alpha, beta float32) {
	panic(noasm)
}

// QSpMVU8ColNEON is not built here; it panics.
func QSpMVU8ColNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale, zero []float32, alpha, beta float32) {
	panic(noasm)
}

// Unpack12NEON is not built here; it panics.
func Unpack12NEON(dst []uint16, src []byte) {
	panic(noasm)
}
