package csf

import (
	"unsafe"

	"github.com/hurray-format/hurray-go/internal/fiber"
	"github.com/hurray-format/hurray-go/kernels"
)

// The fused fiber kernels without per-call index scans: every caller passes
// levels of a validated tensor and factor matrices whose sizes it checked
// against the shape, so every row the kernels touch exists.

func f32s[T Float](s []T) []float32 {
	return unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

func f64s[T Float](s []T) []float64 {
	return unsafe.Slice((*float64)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

// gather: see kernels.GatherHadamard.
func gather[T Float](mode kernels.GatherMode, out, y []T, crd, ptr []uint64, vals []T, idx []uint64, x []T, r int) {
	if len(ptr) <= 1 {
		return
	}
	var sO, cO, sU int
	switch mode {
	case kernels.GatherPull:
		sU = r
	case kernels.GatherScatter:
		sO = r
	default:
		cO = r
		crd = ptr
	}
	gatherIdx(out, y, crd, crd, ptr, vals, idx, x, r, sO, cO, sU)
}

// gatherIdx: out row ocrd[c]*sO + c*cO, y row ycrd[c]*sU.
func gatherIdx[T Float](out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
	if len(ptr) <= 1 {
		return
	}
	if is32[T]() {
		fiber.Gather32(f32s(out), f32s(y), ocrd, ycrd, ptr, f32s(vals), idx, f32s(x), r, sO, cO, sU)
	} else {
		fiber.Gather64(f64s(out), f64s(y), ocrd, ycrd, ptr, f64s(vals), idx, f64s(x), r, sO, cO, sU)
	}
}

// gather2: see kernels.GatherHadamard2 (modes GatherPull and GatherScatter).
func gather2[T Float](mode kernels.GatherMode, out, y []T, ncrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r int) {
	if len(ptr) <= 1 {
		return
	}
	sO, sU := 0, r
	if mode == kernels.GatherScatter {
		sO, sU = r, 0
	}
	if is32[T]() {
		fiber.Gather2F32(f32s(out), f32s(y), ncrd, ncrd, ptr, crd, f32s(z), lptr, f32s(vals), idx, f32s(x), r, sO, 0, sU)
	} else {
		fiber.Gather2F64(f64s(out), f64s(y), ncrd, ncrd, ptr, crd, f64s(z), lptr, f64s(vals), idx, f64s(x), r, sO, 0, sU)
	}
}

// scatter: see kernels.ScatterHadamard.
func scatter[T Float](out, base, y []T, crd, ptr []uint64, vals []T, idx []uint64, r int) {
	scatterIdx(out, base, y, crd, crd, ptr, vals, idx, r, 0)
}

// scatterIdx: base row bcrd[c]*sB, y row crd[c].
func scatterIdx[T Float](out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB int) {
	if len(ptr) <= 1 {
		return
	}
	if is32[T]() {
		fiber.Scatter32(f32s(out), f32s(base), f32s(y), bcrd, crd, ptr, f32s(vals), idx, r, sB)
	} else {
		fiber.Scatter64(f64s(out), f64s(base), f64s(y), bcrd, crd, ptr, f64s(vals), idx, r, sB)
	}
}

// dotRows: see kernels.DotRows.
func dotRows[T Float](dst, q, k []T, idx []uint64, scale T) {
	if len(dst) == 0 {
		return
	}
	if is32[T]() {
		fiber.Dot32(f32s(dst), f32s(q), f32s(k), idx, float32(scale))
	} else {
		fiber.Dot64(f64s(dst), f64s(q), f64s(k), idx, float64(scale))
	}
}
