package engine

// PushMode says where PushHadamard2 puts each child's product.
type PushMode uint8

const (
	// PushLeaves scatters every leaf, times its value and the product down
	// to its child, into the out row the leaf names: MTTKRP's output mode
	// at the leaves.
	PushLeaves PushMode = iota
	// PushChildren gathers every child's leaves into one sum and adds it,
	// times the node's product, into the out row the child names: MTTKRP's
	// output mode one level above the leaves.
	PushChildren
)

// PushHadamard2 implements kernels.PushHadamard2.
func PushHadamard2[T Float](mode PushMode, out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r int) {
	if r < 1 || len(ptr) == 0 || len(above) < r {
		panic("kernels: PushHadamard2: r < 1, empty ptr or above shorter than r")
	}
	if mode > PushChildren {
		panic("kernels: PushHadamard2: unknown mode")
	}
	nc := len(ptr) - 1
	e0, e1 := ptr[0], ptr[nc]
	if NonDecreasing(ptr) >= 0 || e1 >= uint64(len(lptr)) || e1 > uint64(len(crd)) || len(ycrd) < nc {
		panic("kernels: PushHadamard2: ptr decreases or exceeds lptr/crd/ycrd")
	}
	if nc == 0 {
		return
	}
	lp := lptr[e0 : e1+1]
	lo, hi := lp[0], lp[len(lp)-1]
	if NonDecreasing(lp) >= 0 || hi > uint64(len(vals)) || hi > uint64(len(idx)) {
		panic("kernels: PushHadamard2: lptr decreases or exceeds vals/idx")
	}
	if Max(ycrd[:nc]) >= uint64(len(y)/r) {
		panic("kernels: PushHadamard2: ycrd out of range of y")
	}
	crdRows, idxRows := uint64(len(f)/r), uint64(len(out)/r)
	if mode == PushChildren {
		crdRows, idxRows = idxRows, crdRows
	}
	if e1 > e0 && Max(crd[e0:e1]) >= crdRows {
		panic("kernels: PushHadamard2: crd out of range")
	}
	if hi > lo && Max(idx[lo:hi]) >= idxRows {
		panic("kernels: PushHadamard2: idx out of range")
	}
	mustNotAlias("PushHadamard2", out, ycrd, ptr, crd, lptr, idx)
	PushHadamard2Unchecked(mode, out, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r)
}

// PushHadamard2Unchecked is PushHadamard2 without its passes over the
// index arrays, for callers that pass the levels of a validated tensor and
// operands whose sizes they have checked against its shape. Every path
// still checks each segment and index when it reads it and panics with
// pushHadamard2BadIndex on one out of range, and checks the lengths it
// relies on (push2Bounds).
func PushHadamard2Unchecked[T Float](mode PushMode, out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r int) {
	if mode > PushChildren {
		panic("kernels: PushHadamard2: unknown mode")
	}
	if len(ptr) <= 1 {
		return
	}
	if is32[T]() {
		pushHadamard2F32.fn(f32s(out), f32s(above), f32s(y), ycrd, ptr, crd, lptr, f32s(vals), idx, f32s(f), r, int(mode), 0)
	} else {
		pushHadamard2F64.fn(f64s(out), f64s(above), f64s(y), ycrd, ptr, crd, lptr, f64s(vals), idx, f64s(f), r, int(mode), 0)
	}
}

// pushHadamard2Func is the kernel signature (mode a PushMode).
type pushHadamard2Func[T Float] func(out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode int, lbase uint64)

var (
	pushHadamard2F32 = newFamily[pushHadamard2Func[float32]]("pushhadamard2.f32", pushHadamard2Ref[float32], pushHadamard2Generic[float32])
	pushHadamard2F64 = newFamily[pushHadamard2Func[float64]]("pushhadamard2.f64", pushHadamard2Ref[float64], pushHadamard2Generic[float64])
)

// pushHadamard2BadIndex is the panic of every PushHadamard2 path when a
// segment (ptr[c] <= ptr[c+1] <= the children, lptr[e] <= lptr[e+1] <=
// len(idx), len(vals)) or an index (ycrd below y's rows; crd below f's
// rows and idx below out's in PushLeaves, the other way round in
// PushChildren) is out of range when the kernel reads it (see
// gatherHadamardBadIndex).
const pushHadamard2BadIndex = "kernels: PushHadamard2: index out of range (an index array changed after validation?)"

// push2Bounds checks the lengths every PushHadamard2 path relies on (r >=
// 1, above holding r values, ycrd an entry per node) and returns the
// bounds of ycrd (y's rows), crd and idx (f's rows and out's, or out's and
// f's in PushChildren).
func push2Bounds(out, above, y, f, nycrd, nc, r, mode int) (yrows, crows, irows uint64) {
	if r < 1 || above < r || nycrd < nc {
		panic("kernels: PushHadamard2: above or ycrd too short for the nodes")
	}
	crows, irows = uint64(f/r), uint64(out/r)
	if PushMode(mode&1) == PushChildren {
		crows, irows = irows, crows
	}
	return uint64(y / r), crows, irows
}

func pushHadamard2Ref[T Float](out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode int, lbase uint64) {
	pushHadamard2Cols(out, above, y, ycrd, ptr, crd, lptr, vals, idx, f, r, mode, lbase, 0)
}

// pushHadamard2Cols is pushHadamard2Ref on columns k0..r-1 (the NEON
// glue's tail), checking each segment and index as it reads it.
func pushHadamard2Cols[T Float](out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode int, lbase uint64, k0 int) {
	yrows, crows, irows := push2Bounds(len(out), len(above), len(y), len(f), len(ycrd), len(ptr)-1, r, mode)
	nch, n := uint64(children(crd, lptr)), uint64(min(len(vals), len(idx)))
	for c := 0; c+1 < len(ptr); c++ {
		e0, e1, yc := ptr[c], ptr[c+1], ycrd[c] // read once: out may overlap them
		if e0 > e1 || e1 > nch || yc >= yrows {
			panic(pushHadamard2BadIndex)
		}
		u := int(yc) * r
		for k := k0; k < r; k++ {
			p := above[k] * y[u+k]
			for e := e0; e < e1; e++ {
				lo, hi, ce := lptr[e]-lbase, lptr[e+1]-lbase, crd[e]
				if lo > hi || hi > n || ce >= crows {
					panic(pushHadamard2BadIndex)
				}
				if PushMode(mode) == PushLeaves {
					q := p * f[int(ce)*r+k]
					for j := lo; j < hi; j++ {
						if idx[j] >= irows {
							panic(pushHadamard2BadIndex)
						}
						out[int(idx[j])*r+k] += vals[j] * q
					}
				} else {
					var t T
					for j := lo; j < hi; j++ {
						if idx[j] >= irows {
							panic(pushHadamard2BadIndex)
						}
						t += vals[j] * f[int(idx[j])*r+k]
					}
					out[int(ce)*r+k] += p * t
				}
			}
		}
	}
}

// pushHadamard2Generic works on column blocks of up to 64, the node's product and
// the child's on the stack; the order of every sum is ref's.
func pushHadamard2Generic[T Float](out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode int, lbase uint64) {
	yrows, crows, irows := push2Bounds(len(out), len(above), len(y), len(f), len(ycrd), len(ptr)-1, r, mode)
	nch, n := uint64(children(crd, lptr)), uint64(min(len(vals), len(idx)))
	var p, q [64]T
	for c := 0; c+1 < len(ptr); c++ {
		e0, e1, yc := ptr[c], ptr[c+1], ycrd[c]
		if e0 > e1 || e1 > nch || yc >= yrows {
			panic(pushHadamard2BadIndex)
		}
		u := int(yc) * r
		for k0 := 0; k0 < r; k0 += 64 {
			w := min(64, r-k0)
			pb, qb := p[:w], q[:w]
			ab, yr := above[k0:][:w], y[u+k0:][:w]
			for k := range pb {
				pb[k] = ab[k] * yr[k]
			}
			for e := e0; e < e1; e++ {
				lo, hi, ce := lptr[e]-lbase, lptr[e+1]-lbase, crd[e]
				if lo > hi || hi > n || ce >= crows {
					panic(pushHadamard2BadIndex)
				}
				if PushMode(mode) == PushLeaves {
					fr := f[int(ce)*r+k0:][:w]
					for k := range qb {
						qb[k] = pb[k] * fr[k]
					}
					for j := lo; j < hi; j++ {
						v, oi := vals[j], idx[j]
						if oi >= irows {
							panic(pushHadamard2BadIndex)
						}
						or := out[int(oi)*r+k0:][:w]
						for k := range qb {
							or[k] += v * qb[k]
						}
					}
					continue
				}
				clear(qb)
				for j := lo; j < hi; j++ {
					v, fi := vals[j], idx[j]
					if fi >= irows {
						panic(pushHadamard2BadIndex)
					}
					fr := f[int(fi)*r+k0:][:w]
					for k := range qb {
						qb[k] += v * fr[k]
					}
				}
				or := out[int(ce)*r+k0:][:w]
				for k := range qb {
					or[k] += pb[k] * qb[k]
				}
			}
		}
	}
}

// racePushHadamard2 records what a PushHadamard2 assembly call on nodes
// lo..end-1 read and wrote, for asmPieces: above, the nodes' ptr and ycrd
// entries and the rows of y they name, and their children
// (raceChildren): in PushLeaves the rows of f the children name are read
// and the rows of out the leaves name written, in PushChildren the rows of
// f the leaves name read and the rows of out the children name written.
// mode may carry the prefetch flags above its low bit.
func racePushHadamard2[T Float](out, above, y []T, ycrd, ptr, crd, lptr []uint64, vals []T, idx []uint64, f []T, r, mode int, lbase, yrows, crows, irows uint64, lo, end int) {
	raceRead(above[:r])
	raceRead(ptr[lo : end+1])
	raceRead(ycrd[lo:end])
	leaves := PushMode(mode&1) == PushLeaves
	cv, lv := f, out
	if !leaves {
		cv, lv = out, f
	}
	for c := lo; c < end; c++ {
		raceRow(y, ycrd[c], yrows, r, r, false)
		raceChildren(ptr, crd, lptr, lbase, vals, idx, cv, lv, crows, irows, r, c, !leaves, leaves)
	}
}
