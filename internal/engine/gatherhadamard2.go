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

// GatherHadamard2Unchecked is GatherHadamard2 without its passes over the
// index arrays, for callers that pass the levels of a validated tensor and
// operands whose sizes they have checked against its shape. Every path
// still checks each segment and index when it reads it and panics with
// gatherHadamard2BadIndex on one out of range, and checks the lengths it
// relies on (gather2Bounds).
func GatherHadamard2Unchecked[T Float](mode GatherMode, out, y []T, ncrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r int) {
	if len(ptr) <= 1 {
		return
	}
	sO, cO, sU := gatherStrides(mode, r)
	if mode == GatherRows {
		ncrd = ptr // any slice of >= nc entries: its values are multiplied by 0
	}
	if is32[T]() {
		gatherHadamard2F32.fn(f32s(out), f32s(y), ncrd, ncrd, ptr, crd, f32s(z), lptr, f32s(vals), idx, f32s(x), r, sO, cO, sU, 0)
	} else {
		gatherHadamard2F64.fn(f64s(out), f64s(y), ncrd, ncrd, ptr, crd, f64s(z), lptr, f64s(vals), idx, f64s(x), r, sO, cO, sU, 0)
	}
}

// gatherHadamard2Func is the two-level kernel signature: row o of out is
// ocrd[c]*sO + c*cO elements in, row u of y ycrd[c]*sU (each stride 0 or r,
// and sO and cO not both r).
type gatherHadamard2Func[T Float] func(out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int, lbase uint64)

var (
	gatherHadamard2F32 = newFamily[gatherHadamard2Func[float32]]("gatherhadamard2.f32", gatherHadamard2Ref[float32], gatherHadamard2Generic[float32])
	gatherHadamard2F64 = newFamily[gatherHadamard2Func[float64]]("gatherhadamard2.f64", gatherHadamard2Ref[float64], gatherHadamard2Generic[float64])
)

// gatherHadamard2BadIndex is the panic of every GatherHadamard2 path when
// a segment (ptr[c] <= ptr[c+1] <= the children, lptr[e] <= lptr[e+1] <=
// len(idx), len(vals)) or an index (idx below x's rows, crd below z's,
// ocrd and ycrd as GatherHadamard's) is out of range when the kernel reads
// it (see gatherHadamardBadIndex).
const gatherHadamard2BadIndex = "kernels: GatherHadamard2: index out of range (an index array changed after validation?)"

// children is the number of children a two-level kernel may name: crd and
// lptr (one more entry than children) both hold them.
func children(crd, lptr []uint64) int {
	return min(len(crd), max(len(lptr)-1, 0))
}

// gather2Bounds is gatherBounds for GatherHadamard2: the bounds of idx (x's
// rows), crd (z's rows), ocrd and ycrd.
func gather2Bounds(out, y, x, z, nocrd, nycrd, nc, r, sO, cO, sU int) (xrows, zrows, ob, yb uint64) {
	xrows, ob, yb = gatherBounds("GatherHadamard2", out, y, x, nocrd, nycrd, nc, r, sO, cO, sU)
	return xrows, uint64(z / r), ob, yb
}

func gatherHadamard2Ref[T Float](out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int, lbase uint64) {
	gatherHadamard2Cols(out, y, ocrd, ycrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU, lbase, 0)
}

// gatherHadamard2Cols is gatherHadamard2Ref on columns k0..r-1 (the NEON
// glue's tail), checking each segment and index as it reads it.
func gatherHadamard2Cols[T Float](out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int, lbase uint64, k0 int) {
	xrows, zrows, ob, yb := gather2Bounds(len(out), len(y), len(x), len(z), len(ocrd), len(ycrd), len(ptr)-1, r, sO, cO, sU)
	nch, n := uint64(children(crd, lptr)), uint64(min(len(vals), len(idx)))
	for c := 0; c+1 < len(ptr); c++ {
		e0, e1, oc, yc := ptr[c], ptr[c+1], ocrd[c], ycrd[c] // read once: out may overlap them
		if e0 > e1 || e1 > nch || oc >= ob || yc >= yb {
			panic(gatherHadamard2BadIndex)
		}
		o := int(oc)*sO + c*cO
		u := int(yc) * sU
		for k := k0; k < r; k++ {
			var s T
			for e := e0; e < e1; e++ {
				lo, hi, ze := lptr[e]-lbase, lptr[e+1]-lbase, crd[e]
				if lo > hi || hi > n || ze >= zrows {
					panic(gatherHadamard2BadIndex)
				}
				var t T
				for j := lo; j < hi; j++ {
					if idx[j] >= xrows {
						panic(gatherHadamard2BadIndex)
					}
					t += vals[j] * x[int(idx[j])*r+k]
				}
				s += z[int(ze)*r+k] * t
			}
			out[o+k] += y[u+k] * s
		}
	}
}

// gatherHadamard2Generic works on column blocks of up to 64, the partial sums on
// the stack; the order of every sum is ref's.
func gatherHadamard2Generic[T Float](out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int, lbase uint64) {
	xrows, zrows, ob, yb := gather2Bounds(len(out), len(y), len(x), len(z), len(ocrd), len(ycrd), len(ptr)-1, r, sO, cO, sU)
	nch, n := uint64(children(crd, lptr)), uint64(min(len(vals), len(idx)))
	var t, s [64]T
	for c := 0; c+1 < len(ptr); c++ {
		e0, e1, oc, yc := ptr[c], ptr[c+1], ocrd[c], ycrd[c]
		if e0 > e1 || e1 > nch || oc >= ob || yc >= yb {
			panic(gatherHadamard2BadIndex)
		}
		o := int(oc)*sO + c*cO
		u := int(yc) * sU
		for k0 := 0; k0 < r; k0 += 64 {
			w := min(64, r-k0)
			sb, tb := s[:w], t[:w]
			clear(sb)
			for e := e0; e < e1; e++ {
				lo, hi, ze := lptr[e]-lbase, lptr[e+1]-lbase, crd[e]
				if lo > hi || hi > n || ze >= zrows {
					panic(gatherHadamard2BadIndex)
				}
				clear(tb)
				for j := lo; j < hi; j++ {
					v, xi := vals[j], idx[j]
					if xi >= xrows {
						panic(gatherHadamard2BadIndex)
					}
					xr := x[int(xi)*r+k0:][:w]
					for k := range tb {
						tb[k] += v * xr[k]
					}
				}
				zr := z[int(ze)*r+k0:][:w]
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

// twoLevelRun returns the end c1 of the run of nodes from c0 that one
// two-level assembly call takes: the nodes whose children and leaves both
// stay under productChunk, at most productChunk nodes, at least one (c0 <
// len(ptr)-1). It reads lptr only inside its length, whatever ptr holds
// (an entry past it counts as its last: the kernel reports the entry).
//
// It finds the end by a binary search: on valid levels whether node c's
// first child and leaf reach a bound is monotone in c, so a run costs a
// few probes instead of a load of ptr and lptr per node (the MTTKRP
// pushes call it on every node of a level). On levels that are not
// non-decreasing the end is still within c0+1..c0+productChunk, and the
// kernel reports the decrease when it reads it.
func twoLevelRun(ptr, lptr []uint64, c0 int) int {
	nc := len(ptr) - 1
	leaf := func(e uint64) uint64 {
		if len(lptr) == 0 {
			return 0
		}
		return lptr[min(e, uint64(len(lptr)-1))]
	}
	e0 := ptr[c0]
	l0 := leaf(e0)
	reaches := func(c int) bool {
		e := ptr[c]
		return e-e0 >= productChunk || leaf(e)-l0 >= productChunk
	}
	if nc-c0 <= productChunk && !reaches(nc) {
		return nc
	}
	// The first c in c0+1..hi-1 whose start reaches a bound, or hi.
	lo, hi := c0+1, min(nc, c0+productChunk)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if reaches(m) {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return lo
}

// raceGatherHadamard2 is raceGatherHadamard for the two-level kernel: per
// node also its children's crd and lptr entries and the rows of z they
// name, and the leaves of every child.
func raceGatherHadamard2[T Float](out, y []T, ocrd, ycrd, ptr, crd []uint64, z []T, lptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int, lbase, xrows, zrows, ob, yb uint64, lo, end int) {
	raceRead(ptr[lo : end+1])
	raceRead(ocrd[lo:end])
	raceRead(ycrd[lo:end])
	for c := lo; c < end; c++ {
		raceRow(y, ycrd[c], yb, r, sU, false)
		raceRow(out[c*cO:], ocrd[c], ob, r, sO, true)
		raceChildren(ptr, crd, lptr, lbase, vals, idx, z, x, zrows, xrows, r, c, false, false)
	}
}

// raceChildren records what a two-level kernel reads and writes of the
// children of node c (ptr's entries clamped to len(crd), which the glue
// has cut to the children lptr holds): their crd and lptr entries, the row
// of cv each child names (below cbound, written when cwrite is set) and
// each child's leaves with the rows of lv they name (below lbound, written
// when lwrite is set).
func raceChildren[T Float](ptr, crd, lptr []uint64, lbase uint64, vals []T, idx []uint64, cv, lv []T, cbound, lbound uint64, r, c int, cwrite, lwrite bool) {
	a, b := clampRange(ptr, c, len(crd))
	if a == b {
		return
	}
	raceRead(crd[a:b])
	raceRead(lptr[a : b+1])
	for e := a; e < b; e++ {
		raceRow(cv, crd[e], cbound, r, r, cwrite)
		span := [2]uint64{lptr[e] - lbase, lptr[e+1] - lbase}
		raceLeaves(span[:], idx, vals, lv, lbound, r, 0, lwrite)
	}
}
