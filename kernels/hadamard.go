package kernels

import "unsafe"

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

// GatherHadamard is the fiber loop of MTTKRP, TTM and the leaf SpMM: for every
// node c of a level (len(ptr)-1 of them) it gathers the rows of x named by
// the node's leaves, weighted by their values, and adds their Hadamard
// product with a row of y into a row of out. All rows have r elements:
//
//	for c := 0; c+1 < len(ptr); c++ {
//		o, u := row of out, row of y  // by mode: (0, crd[c]), (crd[c], 0) or (c, 0)
//		for k := 0; k < r; k++ {
//			var t T
//			for j := ptr[c]; j < ptr[c+1]; j++ {
//				t += vals[j] * x[idx[j]*r+k]
//			}
//			out[o*r+k] += y[u*r+k] * t
//		}
//	}
//
// It panics unless r >= 1, ptr is non-empty and non-decreasing with
// ptr[len(ptr)-1] <= len(vals), len(idx), crd holds a coordinate per node
// (modes GatherPull and GatherScatter), and every row named by idx, crd or c
// lies within x, y and out (len/r rows each). Assembly paths use fused
// multiply-add, so results may differ from ref in the last bits.
//
// Families hadamard.f32 and hadamard.f64. Paths: ref, generic, avx2, avx512, neon.
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
	var sO, cO, sU int
	switch mode {
	case GatherPull:
		if len(crd) < nc || Max(crd[:nc]) >= yrows || orows < 1 {
			panic("kernels: GatherHadamard: crd out of range of y, or out shorter than r")
		}
		sU = r
	case GatherScatter:
		if len(crd) < nc || Max(crd[:nc]) >= orows || yrows < 1 {
			panic("kernels: GatherHadamard: crd out of range of out, or y shorter than r")
		}
		sO = r
	case GatherRows:
		if uint64(nc) > orows || yrows < 1 {
			panic("kernels: GatherHadamard: out has fewer rows than nodes, or y shorter than r")
		}
		cO = r
		crd = ptr // any slice of >= nc entries: its values are multiplied by 0
	default:
		panic("kernels: GatherHadamard: unknown mode")
	}
	mustNotAlias("GatherHadamard", out, crd, ptr, idx)
	gatherCall(out, y, crd, crd, ptr, vals, idx, x, r, sO, cO, sU)
}

func gatherCall[T Float](out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
	if is32[T]() {
		gatherF32.fn(f32s(out), f32s(y), ocrd, ycrd, ptr, f32s(vals), idx, f32s(x), r, sO, cO, sU)
	} else {
		gatherF64.fn(f64s(out), f64s(y), ocrd, ycrd, ptr, f64s(vals), idx, f64s(x), r, sO, cO, sU)
	}
}

// GatherHadamardIndexed is GatherHadamard with both rows named by arrays:
// fiber c goes into row orow[c] of out, times row yrow[c] of y.
//
//	for c := 0; c+1 < len(ptr); c++ {
//		for k := 0; k < r; k++ {
//			var t T
//			for j := ptr[c]; j < ptr[c+1]; j++ {
//				t += vals[j] * x[idx[j]*r+k]
//			}
//			out[orow[c]*r+k] += y[yrow[c]*r+k] * t
//		}
//	}
//
// With orow the parent of every node, one call sums each parent's children
// (GatherHadamard2 does two levels without the parent array). It panics as
// GatherHadamard does, and unless orow and yrow name rows within out and y.
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
	gatherCall(out, y, orow, yrow, ptr, vals, idx, x, r, r, 0, r)
}

// gatherFunc is the kernel signature: row o of out is ocrd[c]*sO + c*cO
// elements in, row u of y ycrd[c]*sU (each stride is 0 or r).
type gatherFunc[T Float] func(out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int)

var (
	gatherF32 = newFamily[gatherFunc[float32]]("hadamard.f32", gatherRef[float32], gatherGeneric[float32])
	gatherF64 = newFamily[gatherFunc[float64]]("hadamard.f64", gatherRef[float64], gatherGeneric[float64])
)

func gatherRef[T Float](out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
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

// gatherGeneric works on column blocks of up to 64 so that the partial sums
// stay on the stack; the order of every sum is ref's.
func gatherGeneric[T Float](out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
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

// GatherHadamard2 is GatherHadamard over two levels of a tree: node c of the
// upper level has the children ptr[c]..ptr[c+1]-1, child e has the leaves
// lptr[e]..lptr[e+1]-1, and the Hadamard product with row crd[e] of z is
// taken at the child before the children of c are summed:
//
//	for c := 0; c+1 < len(ptr); c++ {
//		o, u := row of out, row of y  // by mode, as GatherHadamard: (0, ncrd[c]), (ncrd[c], 0) or (c, 0)
//		for k := 0; k < r; k++ {
//			var s T
//			for e := ptr[c]; e < ptr[c+1]; e++ {
//				var t T
//				for j := lptr[e]; j < lptr[e+1]; j++ {
//					t += vals[j] * x[idx[j]*r+k]
//				}
//				s += z[crd[e]*r+k] * t
//			}
//			out[o*r+k] += y[u*r+k] * s
//		}
//	}
//
// It is MTTKRP's step from level N-3 down when the output mode is stored at
// level N-3 or above: one pass over three levels, with no intermediate rows
// in memory. It panics unless r >= 1, ptr is non-empty and
// non-decreasing with ptr[len(ptr)-1] < len(lptr) and <= len(crd),
// lptr[ptr[0]:ptr[len(ptr)-1]+1] is non-decreasing with its last entry <=
// len(vals) and len(idx), ncrd holds a coordinate per node (modes GatherPull
// and GatherScatter), and every row named by idx, crd, ncrd or c lies within
// x, z, y and out. Assembly paths use fused multiply-add, so results may
// differ from ref in the last bits.
//
// Families hadamard2.f32 and hadamard2.f64. Paths: ref, generic, avx2, avx512, neon.
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
	var sO, cO, sU int
	switch mode {
	case GatherPull:
		if len(ncrd) < nc || Max(ncrd[:nc]) >= yrows || orows < 1 {
			panic("kernels: GatherHadamard2: ncrd out of range of y, or out shorter than r")
		}
		sU = r
	case GatherScatter:
		if len(ncrd) < nc || Max(ncrd[:nc]) >= orows || yrows < 1 {
			panic("kernels: GatherHadamard2: ncrd out of range of out, or y shorter than r")
		}
		sO = r
	case GatherRows:
		if uint64(nc) > orows || yrows < 1 {
			panic("kernels: GatherHadamard2: out has fewer rows than nodes, or y shorter than r")
		}
		cO = r
		ncrd = ptr // any slice of >= nc entries: its values are multiplied by 0
	default:
		panic("kernels: GatherHadamard2: unknown mode")
	}
	mustNotAlias("GatherHadamard2", out, ncrd, ptr, crd, lptr, idx)
	if is32[T]() {
		gather2F32.fn(f32s(out), f32s(y), ncrd, ncrd, ptr, crd, f32s(z), lptr, f32s(vals), idx, f32s(x), r, sO, cO, sU)
	} else {
		gather2F64.fn(f64s(out), f64s(y), ncrd, ncrd, ptr, crd, f64s(z), lptr, f64s(vals), idx, f64s(x), r, sO, cO, sU)
	}
}

// gather2Func is the two-level kernel signature: row o of out is
// ocrd[c]*sO + c*cO elements in, row u of y ycrd[c]*sU (each stride 0 or r).
type gather2Func[T Float] func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int)

var (
	gather2F32 = newFamily[gather2Func[float32]]("hadamard2.f32", gather2Ref[float32], gather2Generic[float32])
	gather2F64 = newFamily[gather2Func[float64]]("hadamard2.f64", gather2Ref[float64], gather2Generic[float64])
)

func gather2Ref[T Float](out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
	gather2Cols(out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU, 0)
}

// gather2Cols is gather2Ref on columns k0..r-1 (the NEON glue's tail).
func gather2Cols[T Float](out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU, k0 int) {
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

// gather2Generic works on column blocks of up to 64, the partial sums on
// the stack; the order of every sum is ref's.
func gather2Generic[T Float](out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
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

func is32[T Float]() bool { return unsafe.Sizeof(T(0)) == 4 }

func f32s[T Float](s []T) []float32 {
	return unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}

func f64s[T Float](s []T) []float64 {
	return unsafe.Slice((*float64)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}
