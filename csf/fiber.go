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
	if is32[T]() {
		fiber.Gather32(f32s(out), f32s(y), crd, crd, ptr, f32s(vals), idx, f32s(x), r, sO, cO, sU)
	} else {
		fiber.Gather64(f64s(out), f64s(y), crd, crd, ptr, f64s(vals), idx, f64s(x), r, sO, cO, sU)
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

// push2: see kernels.PushHadamard2.
func push2[T Float](mode kernels.PushMode, out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r int) {
	if len(ptr) <= 1 {
		return
	}
	if is32[T]() {
		fiber.Push2F32(f32s(out), f32s(above), f32s(y), ycrd, ptr, crd, lptr, f32s(vals), idx, f32s(f), r, int(mode))
	} else {
		fiber.Push2F64(f64s(out), f64s(above), f64s(y), ycrd, ptr, crd, lptr, f64s(vals), idx, f64s(f), r, int(mode))
	}
}

// scatter: see kernels.ScatterHadamard.
func scatter[T Float](out, base, y []T, crd, ptr []uint64, vals []T, idx []uint64, r int) {
	if len(ptr) <= 1 {
		return
	}
	if is32[T]() {
		fiber.Scatter32(f32s(out), f32s(base), f32s(y), crd, crd, ptr, f32s(vals), idx, r, 0)
	} else {
		fiber.Scatter64(f64s(out), f64s(base), f64s(y), crd, crd, ptr, f64s(vals), idx, r, 0)
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
