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

// GatherHadamardUnchecked is GatherHadamard without its passes over the
// index arrays, for callers that pass the levels of a validated tensor and
// operands whose sizes they have checked against its shape. Every path
// still checks each segment and index when it reads it (they may have
// changed since validation) and panics with gatherHadamardBadIndex on one
// out of range, and checks the lengths it relies on (gatherBounds).
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
// elements in, row u of y ycrd[c]*sU (each stride is 0 or r, and sO and
// cO are not both r).
type gatherHadamardFunc[T Float] func(out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int)

var (
	gatherHadamardF32 = newFamily[gatherHadamardFunc[float32]]("gatherhadamard.f32", gatherHadamardRef[float32], gatherHadamardGeneric[float32])
	gatherHadamardF64 = newFamily[gatherHadamardFunc[float64]]("gatherhadamard.f64", gatherHadamardRef[float64], gatherHadamardGeneric[float64])
)

// gatherHadamardBadIndex is the panic of every GatherHadamard path when a
// segment of ptr (ptr[c] <= ptr[c+1] <= len(idx), len(vals)) or an index
// (idx below x's rows, ocrd and ycrd below out's and y's where their
// stride is r) is out of range when the kernel reads it: the checked entry
// points find that before the first write, so only an index array changed
// after validation (or an output that overlaps one) reaches it.
const gatherHadamardBadIndex = "kernels: GatherHadamard: index out of range (an index array changed after validation?)"

// noBound is the bound of an index whose stride is 0: any value passes.
const noBound = ^uint64(0)

// rowBound is the bound of an index into the rows of a dense operand of n
// elements (rows of r) at stride s: its row count when s is r, noBound
// when the stride is 0.
func rowBound(n, r, s int) uint64 {
	if s == 0 {
		return noBound
	}
	return uint64(n / r)
}

// gatherBounds checks the lengths every GatherHadamard path relies on
// (r >= 1, ocrd and ycrd with an entry per node, out and y holding the
// rows the kernel reads without an index: row 0 of a stride-0 operand, row
// c of out with cO) and returns the bounds of the indices: x's rows for
// idx, then ocrd's and ycrd's (rowBound).
func gatherBounds(name string, out, y, x, nocrd, nycrd, nc, r, sO, cO, sU int) (xrows, ob, yb uint64) {
	if r < 1 || nocrd < nc || nycrd < nc || (sO == 0 && cO == 0 && out < r) || (cO != 0 && nc > out/r) || (sU == 0 && y < r) {
		panic("kernels: " + name + ": out, y, ocrd or ycrd too short for the nodes")
	}
	return uint64(x / r), rowBound(out, r, sO), rowBound(y, r, sU)
}

func gatherHadamardRef[T Float](out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
	gatherHadamardCols(out, y, ocrd, ycrd, ptr, vals, idx, x, r, sO, cO, sU, 0)
}

// gatherHadamardCols is gatherHadamardRef on columns k0..r-1 (the NEON
// glue's tail), checking each segment and index as it reads it.
func gatherHadamardCols[T Float](out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU, k0 int) {
	xrows, ob, yb := gatherBounds("GatherHadamard", len(out), len(y), len(x), len(ocrd), len(ycrd), len(ptr)-1, r, sO, cO, sU)
	n := uint64(min(len(vals), len(idx)))
	for c := 0; c+1 < len(ptr); c++ {
		lo, hi, oc, yc := ptr[c], ptr[c+1], ocrd[c], ycrd[c] // read once: out may overlap them
		if lo > hi || hi > n || oc >= ob || yc >= yb {
			panic(gatherHadamardBadIndex)
		}
		o := int(oc)*sO + c*cO
		u := int(yc) * sU
		for k := k0; k < r; k++ {
			var t T
			for j := lo; j < hi; j++ {
				if idx[j] >= xrows {
					panic(gatherHadamardBadIndex)
				}
				t += vals[j] * x[int(idx[j])*r+k]
			}
			out[o+k] += y[u+k] * t
		}
	}
}

// gatherHadamardGeneric works on column blocks of up to 64 so that the partial sums
// stay on the stack; the order of every sum is ref's.
func gatherHadamardGeneric[T Float](out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int) {
	xrows, ob, yb := gatherBounds("GatherHadamard", len(out), len(y), len(x), len(ocrd), len(ycrd), len(ptr)-1, r, sO, cO, sU)
	n := uint64(min(len(vals), len(idx)))
	var t [64]T
	for c := 0; c+1 < len(ptr); c++ {
		lo, hi, oc, yc := ptr[c], ptr[c+1], ocrd[c], ycrd[c]
		if lo > hi || hi > n || oc >= ob || yc >= yb {
			panic(gatherHadamardBadIndex)
		}
		o := int(oc)*sO + c*cO
		u := int(yc) * sU
		for k0 := 0; k0 < r; k0 += 64 {
			w := min(64, r-k0)
			tb := t[:w]
			clear(tb)
			for j := lo; j < hi; j++ {
				v, xi := vals[j], idx[j]
				if xi >= xrows {
					panic(gatherHadamardBadIndex)
				}
				xr := x[int(xi)*r+k0:][:w]
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

// raceGatherHadamard records what a GatherHadamard assembly call on nodes
// lo..end-1 read and wrote, for asmPieces: the nodes' ptr, ocrd and ycrd
// entries, their leaves and the rows of x they name, the rows of y the
// nodes read and the rows of out they add to (indices within their bounds).
func raceGatherHadamard[T Float](out, y []T, ocrd, ycrd, ptr []uint64, vals []T, idx []uint64, x []T, r, sO, cO, sU int, xrows, ob, yb uint64, lo, end int) {
	raceRead(ptr[lo : end+1])
	raceRead(ocrd[lo:end])
	raceRead(ycrd[lo:end])
	for c := lo; c < end; c++ {
		raceLeaves(ptr, idx, vals, x, xrows, r, c, false)
		raceRow(y, ycrd[c], yb, r, sU, false)
		raceRow(out[c*cO:], ocrd[c], ob, r, sO, true)
	}
}
