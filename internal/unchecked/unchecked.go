// Package unchecked holds entry points of package kernels without the pass
// over every index that kernels' exported functions make before their
// assembly runs, for the format packages: a validated structure guarantees
// what that pass establishes (every index below the dense operand's rows,
// which the product checks against the operand's shape). Nor do they check
// the output against the index arrays: the product has (csr's
// mustNotOverlap). Every other check of the exported function is kept. Package kernels sets the variables when
// it is initialised; it cannot import this package's users, and they cannot
// reach kernels' unexported names.
package unchecked

var (
	// SpMMPartF32 is kernels.SpMMPart for float32 without the index pass.
	SpMMPartF32 func(allRows, allNNZ int, y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha, beta float32)
	// SpMMPartF64 is kernels.SpMMPart for float64 without the index pass.
	SpMMPartF64 func(allRows, allNNZ int, y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha, beta float64)
	// SpMMScatterF32 is kernels.SpMMScatter for float32 without the index
	// pass.
	SpMMScatterF32 func(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha float32)
	// SpMMScatterF64 is kernels.SpMMScatter for float64 without the index
	// pass.
	SpMMScatterF64 func(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha float64)
)
