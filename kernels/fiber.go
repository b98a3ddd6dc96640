package kernels

import "github.com/hurray-format/hurray-go/internal/fiber"

// The product kernels without the exported wrappers' index scans, for the
// format packages (see internal/fiber). They call whatever path is selected.
func init() {
	fiber.Gather32 = func(out, y []float32, ocrd, ycrd, ptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU int) {
		gatherF32.fn(out, y, ocrd, ycrd, ptr, vals, idx, x, r, sO, cO, sU)
	}
	fiber.Gather64 = func(out, y []float64, ocrd, ycrd, ptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU int) {
		gatherF64.fn(out, y, ocrd, ycrd, ptr, vals, idx, x, r, sO, cO, sU)
	}
	fiber.Gather2F32 = func(out, y []float32, ocrd, ycrd, ptr, crd []uint64, z []float32, lptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU int) {
		gather2F32.fn(out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU)
	}
	fiber.Gather2F64 = func(out, y []float64, ocrd, ycrd, ptr, crd []uint64, z []float64, lptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU int) {
		gather2F64.fn(out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU)
	}
	fiber.Push2F32 = func(out, above, y []float32, ycrd, ptr, crd, lptr []uint64, vals []float32, idx []uint64, f []float32, r, mode int) {
		push2F32.fn(out, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r, mode)
	}
	fiber.Push2F64 = func(out, above, y []float64, ycrd, ptr, crd, lptr []uint64, vals []float64, idx []uint64, f []float64, r, mode int) {
		push2F64.fn(out, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r, mode)
	}
	fiber.Scatter32 = func(out, base, y []float32, bcrd, crd, ptr []uint64, vals []float32, idx []uint64, r, sB int) {
		axpyF32.fn(out, base, y, bcrd, crd, ptr, vals, idx, r, sB)
	}
	fiber.Scatter64 = func(out, base, y []float64, bcrd, crd, ptr []uint64, vals []float64, idx []uint64, r, sB int) {
		axpyF64.fn(out, base, y, bcrd, crd, ptr, vals, idx, r, sB)
	}
	fiber.Dot32 = func(dst, q, k []float32, idx []uint64, scale float32) { dotF32.fn(dst, q, k, idx, scale) }
	fiber.Dot64 = func(dst, q, k []float64, idx []uint64, scale float64) { dotF64.fn(dst, q, k, idx, scale) }
}
