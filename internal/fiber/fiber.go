// Package fiber hands the product kernels of package kernels to the format
// packages without the per-call index checks of the exported wrappers. The
// callers (csf) only use it on validated structures whose every coordinate is
// below the shape, with operands whose lengths they have checked against that
// shape: exactly the preconditions the exported wrappers re-establish by
// scanning. Package kernels sets the functions during initialisation; they
// follow kernels.Use.
package fiber

// Gather32 and Gather64 are kernels.GatherHadamard's implementation: out row
// ocrd[c]*sO + c*cO (elements), y row ycrd[c]*sU.
var (
	Gather32 func(out, y []float32, ocrd, ycrd, ptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU int)
	Gather64 func(out, y []float64, ocrd, ycrd, ptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU int)
)

// Gather2F32 and Gather2F64 are kernels.GatherHadamard2's implementation:
// out row ocrd[c]*sO + c*cO (elements), y row ycrd[c]*sU.
var (
	Gather2F32 func(out, y []float32, ocrd, ycrd, ptr, crd []uint64, z []float32, lptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU int)
	Gather2F64 func(out, y []float64, ocrd, ycrd, ptr, crd []uint64, z []float64, lptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU int)
)

// Push2F32 and Push2F64 are kernels.PushHadamard2's implementation (mode a
// kernels.PushMode).
var (
	Push2F32 func(out, above, y []float32, ycrd, ptr, crd, lptr []uint64, vals []float32, idx []uint64, f []float32, r, mode int)
	Push2F64 func(out, above, y []float64, ycrd, ptr, crd, lptr []uint64, vals []float64, idx []uint64, f []float64, r, mode int)
)

// Scatter32 and Scatter64 are kernels.ScatterHadamard's implementation: base
// row bcrd[c]*sB (elements), y row crd[c].
var (
	Scatter32 func(out, base, y []float32, bcrd, crd, ptr []uint64, vals []float32, idx []uint64, r, sB int)
	Scatter64 func(out, base, y []float64, bcrd, crd, ptr []uint64, vals []float64, idx []uint64, r, sB int)
)

// Dot32 and Dot64 are kernels.DotRows's implementation.
var (
	Dot32 func(dst, q, k []float32, idx []uint64, scale float32)
	Dot64 func(dst, q, k []float64, idx []uint64, scale float64)
)
