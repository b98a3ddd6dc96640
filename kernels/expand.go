package kernels

// ExpandPos writes the parent of every child of a compressed level: for each
// parent p and each j in pos[p]..pos[p+1]-1, dst[j] = p. It is the inverse of
// building pos by counting, and the first step of CSF traversal.
//
//	for p := 0; p+1 < len(pos); p++ {
//		for j := pos[p]; j < pos[p+1]; j++ {
//			dst[j] = uint64(p)
//		}
//	}
//
// pos must be non-decreasing with pos[0] = 0 and pos[len(pos)-1] = len(dst);
// it panics when the first or last entry is wrong. On a pos that is not
// non-decreasing the result is unspecified but memory-safe.
//
// Paths: ref, generic, avx2, avx512, neon.
func ExpandPos(dst []uint64, pos []uint64) {
	if len(pos) == 0 || pos[0] != 0 || pos[len(pos)-1] != uint64(len(dst)) {
		panic("kernels: ExpandPos: pos must start at 0 and end at len(dst)")
	}
	expandPos.fn(dst, pos)
}

var expandPos = newFamily("expandpos", expandPosRef, expandPosGeneric)

func expandPosRef(dst []uint64, pos []uint64) {
	for p := 0; p+1 < len(pos); p++ {
		lo, hi := clampRange(pos, p, len(dst))
		for j := lo; j < hi; j++ {
			dst[j] = uint64(p)
		}
	}
}

// expandPosGeneric stores every parent into the first two children's slots
// whatever its run length (spillRows), so that runs of 0, 1 and 2 children,
// the usual ones of a CSF leaf level, take no branch on the length: on 16M
// children in runs of 0-2, 50 -> 15 ms (BenchmarkExpandPos), runs of 1-31
// within noise.
func expandPosGeneric(dst []uint64, pos []uint64) {
	n := uint64(len(dst))
	for p := 0; p+1 < len(pos); p++ {
		spillRows(dst, 1, 0, n, n, pos[p], pos[p+1], uint64(p))
	}
}

// spillRows writes v into rows a..b-1 of dst (row j at j*stride+off) below
// rows, and also into rows a and a+1 whatever b is, if they are below
// limit. With limit = min(rows, the last run's end), a row written past its
// run's end is written again by a later run (the run bounds that follow
// must rise above it to reach limit, and the first run to cross it covers
// it), so the result is the reference loop's even on bounds out of order,
// and a run of 0, 1 or 2 rows costs two stores and no branch on its
// length. rows must be at most len(dst)/stride and limit at most rows.
func spillRows(dst []uint64, stride, off int, rows, limit, a, b, v uint64) {
	j := a
	if a < limit {
		dst[int(a)*stride+off] = v
		j++
		if j < limit {
			dst[int(j)*stride+off] = v
			j++
		}
	}
	for ; j < min(b, rows); j++ {
		dst[int(j)*stride+off] = v
	}
}

// ExpandRuns writes vals[i] into every row of a run: for each i and each j in
// ptr[i]..ptr[i+1]-1, dst[j*stride+off] = vals[i]. It fills one coordinate
// column of a row-major COO tuple array from one CSF level (ptr then maps the
// level's nodes to leaf ranges).
//
//	for i, v := range vals {
//		for j := ptr[i]; j < ptr[i+1]; j++ {
//			dst[j*stride+off] = v
//		}
//	}
//
// It panics unless len(ptr) == len(vals)+1, stride > 0, 0 <= off < stride
// and ptr[len(ptr)-1] <= len(dst)/stride. Each run is clamped to the rows dst
// holds, so a ptr that is not non-decreasing gives an unspecified but
// memory-safe result.
//
// Paths: ref, generic, avx2, avx512, neon.
func ExpandRuns(dst []uint64, stride, off int, ptr, vals []uint64) {
	if len(ptr) != len(vals)+1 {
		panic("kernels: ExpandRuns: len(ptr) != len(vals)+1")
	}
	if stride <= 0 || off < 0 || off >= stride {
		panic("kernels: ExpandRuns: bad stride or offset")
	}
	if ptr[len(ptr)-1] > uint64(len(dst)/stride) {
		panic("kernels: ExpandRuns: dst too short")
	}
	expandRuns.fn(dst, stride, off, ptr, vals)
}

var expandRuns = newFamily("expandruns", expandRunsRef, expandRunsGeneric)

func expandRunsRef(dst []uint64, stride, off int, ptr, vals []uint64) {
	rows := len(dst) / stride
	for i, v := range vals {
		lo, hi := clampRange(ptr, i, rows)
		for j := lo; j < hi; j++ {
			dst[j*stride+off] = v
		}
	}
}

// expandRunsGeneric is expandPosGeneric's loop (spillRows), spilling only
// into rows below ptr's last entry (the rows after it are not written).
func expandRunsGeneric(dst []uint64, stride, off int, ptr, vals []uint64) {
	rows := uint64(len(dst) / stride)
	limit := min(rows, ptr[len(vals)])
	if stride == 1 {
		for i, v := range vals {
			spillRows(dst, 1, 0, rows, limit, ptr[i], ptr[i+1], v)
		}
		return
	}
	for i, v := range vals {
		spillRows(dst, stride, off, rows, limit, ptr[i], ptr[i+1], v)
	}
}

// ExclusiveScan writes the exclusive prefix sums of src into dst and returns
// the total: dst[i] = src[0] + ... + src[i-1] (mod 2^64). dst may be src
// itself (the same slice), but must not otherwise overlap it. It panics when
// the lengths differ.
//
//	var sum uint64
//	for i, v := range src {
//		dst[i] = sum
//		sum += v
//	}
//	return sum
//
// Paths: ref, generic, avx2, avx512, neon.
func ExclusiveScan(dst, src []uint64) uint64 {
	if len(dst) != len(src) {
		panic("kernels: ExclusiveScan: length mismatch")
	}
	return exclusiveScan.fn(dst, src)
}

var exclusiveScan = newFamily("prefixsum", exclusiveScanRef, exclusiveScanGeneric)

func exclusiveScanRef(dst, src []uint64) uint64 {
	var sum uint64
	for i, v := range src {
		dst[i] = sum
		sum += v
	}
	return sum
}

func exclusiveScanGeneric(dst, src []uint64) uint64 {
	var sum uint64
	dst = dst[:len(src)]
	i := 0
	for ; i+4 <= len(src); i += 4 {
		a, b, c, d := src[i], src[i+1], src[i+2], src[i+3]
		dst[i] = sum
		dst[i+1] = sum + a
		dst[i+2] = sum + a + b
		dst[i+3] = sum + a + b + c
		sum += a + b + c + d
	}
	for ; i < len(src); i++ {
		v := src[i]
		dst[i] = sum
		sum += v
	}
	return sum
}
