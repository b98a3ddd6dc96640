package engine

// ScatterHadamard implements kernels.ScatterHadamard.
func ScatterHadamard[T Float](out, base, y []T, crd, ptr []uint64, vals []T, idx []uint64, r int) {
	if r < 1 || len(ptr) == 0 || len(base) < r {
		panic("kernels: ScatterHadamard: r < 1, empty ptr or base shorter than r")
	}
	nc := len(ptr) - 1
	lo, hi := ptr[0], ptr[nc]
	if NonDecreasing(ptr) >= 0 || hi > uint64(len(vals)) || hi > uint64(len(idx)) || len(crd) < nc {
		panic("kernels: ScatterHadamard: ptr decreases or exceeds vals/idx/crd")
	}
	if lo == hi {
		return
	}
	if Max(idx[lo:hi]) >= uint64(len(out)/r) || nc > 0 && Max(crd[:nc]) >= uint64(len(y)/r) {
		panic("kernels: ScatterHadamard: idx or crd out of range")
	}
	mustNotAlias("ScatterHadamard", out, crd, ptr, idx)
	scatterHadamardCall(out, base, y, crd, crd, ptr, vals, idx, r, 0)
}

// ScatterHadamardUnchecked is ScatterHadamard without its passes over the
// index arrays, for callers that pass the levels of a validated tensor and
// operands whose sizes they have checked against its shape. Every path
// still checks each segment and index when it reads it and panics with
// scatterHadamardBadIndex on one out of range, and checks the lengths it
// relies on (scatterBounds).
func ScatterHadamardUnchecked[T Float](out, base, y []T, crd, ptr []uint64, vals []T, idx []uint64, r int) {
	if len(ptr) <= 1 {
		return
	}
	scatterHadamardCall(out, base, y, crd, crd, ptr, vals, idx, r, 0)
}

func scatterHadamardCall[T Float](out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB int) {
	if is32[T]() {
		scatterHadamardF32.fn(f32s(out), f32s(base), f32s(y), bcrd, crd, ptr, f32s(vals), idx, r, sB)
	} else {
		scatterHadamardF64.fn(f64s(out), f64s(base), f64s(y), bcrd, crd, ptr, f64s(vals), idx, r, sB)
	}
}

// ScatterHadamardIndexed implements kernels.ScatterHadamardIndexed.
func ScatterHadamardIndexed[T Float](out, base []T, brow []uint64, y []T, crd, ptr []uint64, vals []T, idx []uint64, r int) {
	if r < 1 || len(ptr) == 0 {
		panic("kernels: ScatterHadamardIndexed: r < 1 or empty ptr")
	}
	nc := len(ptr) - 1
	lo, hi := ptr[0], ptr[nc]
	if NonDecreasing(ptr) >= 0 || hi > uint64(len(vals)) || hi > uint64(len(idx)) || len(crd) < nc || len(brow) < nc {
		panic("kernels: ScatterHadamardIndexed: ptr decreases or exceeds vals/idx/crd/brow")
	}
	if lo == hi {
		return
	}
	if Max(idx[lo:hi]) >= uint64(len(out)/r) || Max(crd[:nc]) >= uint64(len(y)/r) || Max(brow[:nc]) >= uint64(len(base)/r) {
		panic("kernels: ScatterHadamardIndexed: idx, crd or brow out of range")
	}
	mustNotAlias("ScatterHadamardIndexed", out, brow, crd, ptr, idx)
	scatterHadamardCall(out, base, y, brow, crd, ptr, vals, idx, r, r)
}

// scatterHadamardFunc is the kernel signature: the base row of node c is bcrd[c]*sB
// elements in (sB is 0 or r).
type scatterHadamardFunc[T Float] func(out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB int)

var (
	scatterHadamardF32 = newFamily[scatterHadamardFunc[float32]]("scatterhadamard.f32", scatterHadamardRef[float32], scatterHadamardGeneric[float32])
	scatterHadamardF64 = newFamily[scatterHadamardFunc[float64]]("scatterhadamard.f64", scatterHadamardRef[float64], scatterHadamardGeneric[float64])
)

// scatterHadamardBadIndex is the panic of every ScatterHadamard path when
// a segment of ptr (ptr[c] <= ptr[c+1] <= len(idx), len(vals)) or an index
// (idx below out's rows; for a node with leaves, crd below y's and bcrd
// below base's where sB is r) is out of range when the kernel reads it (see
// gatherHadamardBadIndex).
const scatterHadamardBadIndex = "kernels: ScatterHadamard: index out of range (an index array changed after validation?)"

// scatterBounds checks the lengths every ScatterHadamard path relies on
// (r >= 1, bcrd and crd with an entry per node, base holding row 0 when
// sB is 0) and returns the bounds of idx (out's rows), crd (y's) and bcrd
// (rowBound).
func scatterBounds(out, base, y, nbcrd, ncrd, nc, r, sB int) (orows, yrows, bb uint64) {
	if r < 1 || nbcrd < nc || ncrd < nc || (sB == 0 && base < r) {
		panic("kernels: ScatterHadamard: base, bcrd or crd too short for the nodes")
	}
	return uint64(out / r), uint64(y / r), rowBound(base, r, sB)
}

// scatterHadamardRef is ScatterHadamard's loop, checking each segment and
// index as it reads it; nodes without leaves read neither crd nor bcrd.
func scatterHadamardRef[T Float](out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB int) {
	scatterHadamardCols(out, base, y, bcrd, crd, ptr, vals, idx, r, sB, 0)
}

// scatterNode returns node c's leaves lo..hi and its rows bc of base and yc
// of y, each read once (out may overlap ptr, bcrd and crd), and ok false
// for a node without leaves, whose rows are not read. It panics with
// scatterHadamardBadIndex on a bound out of range.
func scatterNode(ptr, bcrd, crd []uint64, c int, n, bb, yrows uint64) (lo, hi, bc, yc uint64, ok bool) {
	lo, hi = segment(ptr, c, n, scatterHadamardBadIndex)
	if lo == hi {
		return lo, hi, 0, 0, false
	}
	bc, yc = bcrd[c], crd[c]
	if bc >= bb || yc >= yrows {
		panic(scatterHadamardBadIndex)
	}
	return lo, hi, bc, yc, true
}

// scatterHadamardCols is scatterHadamardRef on columns k0..r-1 (the NEON
// glue's tail).
func scatterHadamardCols[T Float](out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB, k0 int) {
	orows, yrows, bb := scatterBounds(len(out), len(base), len(y), len(bcrd), len(crd), len(ptr)-1, r, sB)
	n := uint64(min(len(vals), len(idx)))
	for c := 0; c+1 < len(ptr); c++ {
		lo, hi, bc, yc, ok := scatterNode(ptr, bcrd, crd, c, n, bb, yrows)
		if !ok {
			continue
		}
		for k := k0; k < r; k++ {
			for j := lo; j < hi; j++ {
				if idx[j] >= orows {
					panic(scatterHadamardBadIndex)
				}
				p := base[int(bc)*sB+k] * y[int(yc)*r+k]
				out[int(idx[j])*r+k] += vals[j] * p
			}
		}
	}
}

// scatterHadamardGeneric is the portable fast path: the reference's checks
// and sums (scatterNode) with the products of base and y formed once a
// node, in blocks of 64 columns.
func scatterHadamardGeneric[T Float](out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB int) {
	orows, yrows, bb := scatterBounds(len(out), len(base), len(y), len(bcrd), len(crd), len(ptr)-1, r, sB)
	n := uint64(min(len(vals), len(idx)))
	var p [64]T
	for c := 0; c+1 < len(ptr); c++ {
		lo, hi, bc, yc, ok := scatterNode(ptr, bcrd, crd, c, n, bb, yrows)
		if !ok {
			continue
		}
		yr := y[int(yc)*r:][:r]
		base := base[int(bc)*sB:][:r]
		for k0 := 0; k0 < r; k0 += 64 {
			w := min(64, r-k0)
			pb := p[:w]
			for k := range pb {
				pb[k] = base[k0+k] * yr[k0+k]
			}
			for j := lo; j < hi; j++ {
				v, oi := vals[j], idx[j]
				if oi >= orows {
					panic(scatterHadamardBadIndex)
				}
				or := out[int(oi)*r+k0:][:w]
				for k := range pb {
					or[k] += v * pb[k]
				}
			}
		}
	}
}

// raceScatterHadamard records what a ScatterHadamard assembly call on
// nodes lo..end-1 read and wrote, for asmPieces: the nodes' ptr entries,
// and for each node with leaves its bcrd and crd entries, the rows of base
// and y they name, its leaves and the rows of out they add to (indices
// within their bounds).
func raceScatterHadamard[T Float](out, base, y []T, bcrd, crd, ptr []uint64, vals []T, idx []uint64, r, sB int, orows, yrows, bb uint64, lo, end int) {
	raceRead(ptr[lo : end+1])
	for c := lo; c < end; c++ {
		if a, b := clampRange(ptr, c, len(idx)); a == b {
			continue
		}
		raceRead(bcrd[c : c+1])
		raceRead(crd[c : c+1])
		raceRow(base, bcrd[c], bb, r, sB, false)
		raceRow(y, crd[c], yrows, r, r, false)
		raceLeaves(ptr, idx, vals, out, orows, r, c, true)
	}
}
