package engine

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

// ExpandRuns implements kernels.ExpandRuns.
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

// raceRuns records the writes of an expansion kernel to runs lo..end-1 of
// ptr (each clamped to 0..rows): rows j of dst at j*stride+off, one range
// when stride is 1 (off 0 then), element by element otherwise.
func raceRuns(dst []uint64, ptr []uint64, lo, end, rows, stride, off int) {
	for r := lo; r < end; r++ {
		a, b := clampRange(ptr, r, rows)
		if stride == 1 {
			raceWrite(dst[a:b])
			continue
		}
		for j := a; j < b; j++ {
			raceWrite(dst[j*stride+off:][:1])
		}
	}
}
