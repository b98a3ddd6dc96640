package engine

// GatherMode says where GatherHadamard puts the product of fiber c and which
// row of y multiplies it.
type GatherMode uint8

const (
	// GatherPull adds every fiber into out[0:r] times row crd[c] of y:
	// the pull-up step of MTTKRP below the output mode.
	GatherPull GatherMode = iota
	// GatherScatter adds fiber c into row crd[c] of out times y[0:r]: the
	// MTTKRP step when the output mode is the level above the leaves.
	GatherScatter
	// GatherRows adds fiber c into row c of out times y[0:r]: TTM along the
	// leaf level and the leaf SpMM (y all ones).
	GatherRows
)

// GatherHadamard implements kernels.GatherHadamard.
func GatherHadamard[T Float](mode GatherMode, out, y []T, crd, ptr []uint64, vals []T, idx []uint64, x []T, r int) {
	if r < 1 || len(ptr) == 0 {
		panic("kernels: GatherHadamard: r < 1 or empty ptr")
	}
	nc := len(ptr) - 1
	lo, hi := ptr[0], ptr[nc]
	if NonDecreasing(ptr) >= 0 || hi > uint64(len(vals)) || hi > uint64(len(idx)) {
		panic("kernels: GatherHadamard: ptr decreases or exceeds vals/idx")
	}
	if nc == 0 {
		return
	}
	if hi > lo && Max(idx[lo:hi]) >= uint64(len(x)/r) {
		panic("kernels: GatherHadamard: idx out of range of x")
	}
	orows, yrows := uint64(len(out)/r), uint64(len(y)/r)
	switch mode {
	case GatherPull:
		if len(crd) < nc || Max(crd[:nc]) >= yrows || orows < 1 {
			panic("kernels: GatherHadamard: crd out of range of y, or out shorter than r")
		}
	case GatherScatter:
		if len(crd) < nc || Max(crd[:nc]) >= orows || yrows < 1 {
			panic("kernels: GatherHadamard: crd out of range of out, or y shorter than r")
		}
	case GatherRows:
		if uint64(nc) > orows || yrows < 1 {
			panic("kernels: GatherHadamard: out has fewer rows than nodes, or y shorter than r")
		}
	default:
		panic("kernels: GatherHadamard: unknown mode")
	}
	mustNotAlias("GatherHadamard", out, crd, ptr, idx)
	GatherHadamardUnchecked(mode, out, y, crd, ptr, vals, idx, x, r)
}

// GatherHadamardUnchecked is GatherHadamard without its checks, for callers
// that pass the levels of a validated tensor and operands whose sizes they
// have checked against its shape (every row the kernel touches exists).
func GatherHadamardUnchecked[T Float](mode GatherMode, out, y []T, crd, ptr []uint64, vals []T, idx []uint64, x []T, r int) {
	if len(ptr) <= 1 {
		return
	}
	sO, cO, sU := gatherStrides(mode, r)
	if mode == GatherRows {
		crd = ptr // any slice of >= nc entries: its values are multiplied by 0
	}
	gatherHadamardCall(out, y, crd, crd, ptr, vals, idx, x, r, sO, cO, sU)
}

// gatherStrides returns the strides of the kernels' rows for a mode: row o
// of out is ocrd[c]*sO + c*cO elements in, row u of y ycrd[c]*sU.
func gatherStrides(mode GatherMode, r int) (sO, cO, sU int) {
	switch mode {
	case GatherPull:
		return 0, 0, r
	case GatherScatter:
		return r, 0, 0
	}
	return 0, r, 0
}

func gatherHadamardCall[T Float](out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
	if is32[T]() {
		gatherHadamardF32.fn(f32s(out), f32s(y), ocrd, ycrd, ptr, f32s(vals), idx, f32s(x), r, sO, cO, sU)
	} else {
		gatherHadamardF64.fn(f64s(out), f64s(y), ocrd, ycrd, ptr, f64s(vals), idx, f64s(x), r, sO, cO, sU)
	}
}

// GatherHadamardIndexed implements kernels.GatherHadamardIndexed.
func GatherHadamardIndexed[T Float](out []T, orow []uint64, y []T, yrow, ptr []uint64, vals []T, idx []uint64, x []T, r int) {
	if r < 1 || len(ptr) == 0 {
		panic("kernels: GatherHadamardIndexed: r < 1 or empty ptr")
	}
	nc := len(ptr) - 1
	lo, hi := ptr[0], ptr[nc]
	if NonDecreasing(ptr) >= 0 || hi > uint64(len(vals)) || hi > uint64(len(idx)) {
		panic("kernels: GatherHadamardIndexed: ptr decreases or exceeds vals/idx")
	}
	if nc == 0 {
		return
	}
	if hi > lo && Max(idx[lo:hi]) >= uint64(len(x)/r) {
		panic("kernels: GatherHadamardIndexed: idx out of range of x")
	}
	if len(orow) < nc || len(yrow) < nc || Max(orow[:nc]) >= uint64(len(out)/r) || Max(yrow[:nc]) >= uint64(len(y)/r) {
		panic("kernels: GatherHadamardIndexed: orow or yrow out of range")
	}
	mustNotAlias("GatherHadamardIndexed", out, orow, yrow, ptr, idx)
	gatherHadamardCall(out, y, orow, yrow, ptr, vals, idx, x, r, r, 0, r)
}

// gatherHadamardFunc is the kernel signature: row o of out is ocrd[c]*sO + c*cO
// elements in, row u of y ycrd[c]*sU (each stride is 0 or r).
type gatherHadamardFunc[T Float] func(out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int)

var (
	gatherHadamardF32 = newFamily[gatherHadamardFunc[float32]]("gatherhadamard.f32", gatherHadamardRef[float32], gatherHadamardGeneric[float32])
	gatherHadamardF64 = newFamily[gatherHadamardFunc[float64]]("gatherhadamard.f64", gatherHadamardRef[float64], gatherHadamardGeneric[float64])
)

func gatherHadamardRef[T Float](out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
	for c := 0; c+1 < len(ptr); c++ {
		o := int(ocrd[c])*sO + c*cO
		u := int(ycrd[c]) * sU
		for k := 0; k < r; k++ {
			var t T
			for j := ptr[c]; j < ptr[c+1]; j++ {
				t += vals[j] * x[int(idx[j])*r+k]
			}
			out[o+k] += y[u+k] * t
		}
	}
}

// gatherHadamardGeneric works on column blocks of up to 64 so that the partial sums
// stay on the stack; the order of every sum is ref's.
func gatherHadamardGeneric[T Float](out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
	var t [64]T
	for c := 0; c+1 < len(ptr); c++ {
		o := int(ocrd[c])*sO + c*cO
		u := int(ycrd[c]) * sU
		lo, hi := ptr[c], ptr[c+1]
		for k0 := 0; k0 < r; k0 += 64 {
			w := min(64, r-k0)
			tb := t[:w]
			clear(tb)
			for j := lo; j < hi; j++ {
				v := vals[j]
				xr := x[int(idx[j])*r+k0:][:w]
				for k := range tb {
					tb[k] += v * xr[k]
				}
			}
			or := out[o+k0:][:w]
			yr := y[u+k0:][:w]
			for k := range tb {
				or[k] += yr[k] * tb[k]
			}
		}
	}
}
