package engine

// GatherHadamard2 implements kernels.GatherHadamard2.
func GatherHadamard2[T Float](mode GatherMode, out, y []T, ncrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r int) {
	if r < 1 || len(ptr) == 0 {
		panic("kernels: GatherHadamard2: r < 1 or empty ptr")
	}
	nc := len(ptr) - 1
	e0, e1 := ptr[0], ptr[nc]
	if NonDecreasing(ptr) >= 0 || e1 >= uint64(len(lptr)) || e1 > uint64(len(crd)) {
		panic("kernels: GatherHadamard2: ptr decreases or exceeds lptr/crd")
	}
	if nc == 0 {
		return
	}
	lp := lptr[e0 : e1+1]
	lo, hi := lp[0], lp[len(lp)-1]
	if NonDecreasing(lp) >= 0 || hi > uint64(len(vals)) || hi > uint64(len(idx)) {
		panic("kernels: GatherHadamard2: lptr decreases or exceeds vals/idx")
	}
	if hi > lo && Max(idx[lo:hi]) >= uint64(len(x)/r) {
		panic("kernels: GatherHadamard2: idx out of range of x")
	}
	if e1 > e0 && Max(crd[e0:e1]) >= uint64(len(z)/r) {
		panic("kernels: GatherHadamard2: crd out of range of z")
	}
	orows, yrows := uint64(len(out)/r), uint64(len(y)/r)
	switch mode {
	case GatherPull:
		if len(ncrd) < nc || Max(ncrd[:nc]) >= yrows || orows < 1 {
			panic("kernels: GatherHadamard2: ncrd out of range of y, or out shorter than r")
		}
	case GatherScatter:
		if len(ncrd) < nc || Max(ncrd[:nc]) >= orows || yrows < 1 {
			panic("kernels: GatherHadamard2: ncrd out of range of out, or y shorter than r")
		}
	case GatherRows:
		if uint64(nc) > orows || yrows < 1 {
			panic("kernels: GatherHadamard2: out has fewer rows than nodes, or y shorter than r")
		}
	default:
		panic("kernels: GatherHadamard2: unknown mode")
	}
	mustNotAlias("GatherHadamard2", out, ncrd, ptr, crd, lptr, idx)
	GatherHadamard2Unchecked(mode, out, y, ncrd, ptr, crd, z, lptr, vals, idx, x, r)
}

// GatherHadamard2Unchecked is GatherHadamard2 without its checks, for
// callers that pass the levels of a validated tensor and operands whose
// sizes they have checked against its shape.
func GatherHadamard2Unchecked[T Float](mode GatherMode, out, y []T, ncrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r int) {
	if len(ptr) <= 1 {
		return
	}
	sO, cO, sU := gatherStrides(mode, r)
	if mode == GatherRows {
		ncrd = ptr // any slice of >= nc entries: its values are multiplied by 0
	}
	if is32[T]() {
		gatherHadamard2F32.fn(f32s(out), f32s(y), ncrd, ncrd, ptr, crd, f32s(z), lptr, f32s(vals), idx, f32s(x), r, sO, cO, sU)
	} else {
		gatherHadamard2F64.fn(f64s(out), f64s(y), ncrd, ncrd, ptr, crd, f64s(z), lptr, f64s(vals), idx, f64s(x), r, sO, cO, sU)
	}
}

// gatherHadamard2Func is the two-level kernel signature: row o of out is
// ocrd[c]*sO + c*cO elements in, row u of y ycrd[c]*sU (each stride 0 or r).
type gatherHadamard2Func[T Float] func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int)

var (
	gatherHadamard2F32 = newFamily[gatherHadamard2Func[float32]]("gatherhadamard2.f32", gatherHadamard2Ref[float32], gatherHadamard2Generic[float32])
	gatherHadamard2F64 = newFamily[gatherHadamard2Func[float64]]("gatherhadamard2.f64", gatherHadamard2Ref[float64], gatherHadamard2Generic[float64])
)

func gatherHadamard2Ref[T Float](out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
	gatherHadamard2Cols(out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU, 0)
}

// gatherHadamard2Cols is gatherHadamard2Ref on columns k0..r-1 (the NEON glue's tail).
func gatherHadamard2Cols[T Float](out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU, k0 int) {
	for c := 0; c+1 < len(ptr); c++ {
		o := int(ocrd[c])*sO + c*cO
		u := int(ycrd[c]) * sU
		for k := k0; k < r; k++ {
			var s T
			for e := ptr[c]; e < ptr[c+1]; e++ {
				var t T
				for j := lptr[e]; j < lptr[e+1]; j++ {
					t += vals[j] * x[int(idx[j])*r+k]
				}
				s += z[int(crd[e])*r+k] * t
			}
			out[o+k] += y[u+k] * s
		}
	}
}

// gatherHadamard2Generic works on column blocks of up to 64, the partial sums on
// the stack; the order of every sum is ref's.
func gatherHadamard2Generic[T Float](out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
	var t, s [64]T
	for c := 0; c+1 < len(ptr); c++ {
		o := int(ocrd[c])*sO + c*cO
		u := int(ycrd[c]) * sU
		for k0 := 0; k0 < r; k0 += 64 {
			w := min(64, r-k0)
			sb, tb := s[:w], t[:w]
			clear(sb)
			for e := ptr[c]; e < ptr[c+1]; e++ {
				clear(tb)
				for j := lptr[e]; j < lptr[e+1]; j++ {
					v := vals[j]
					xr := x[int(idx[j])*r+k0:][:w]
					for k := range tb {
						tb[k] += v * xr[k]
					}
				}
				zr := z[int(crd[e])*r+k0:][:w]
				for k := range sb {
					sb[k] += zr[k] * tb[k]
				}
			}
			or := out[o+k0:][:w]
			yr := y[u+k0:][:w]
			for k := range sb {
				or[k] += yr[k] * sb[k]
			}
		}
	}
}
