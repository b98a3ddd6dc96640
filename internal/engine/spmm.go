package engine

import (
	"fmt"
	"math"
	"sync"
)

// SpMM implements kernels.SpMM.
func SpMM[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
	checkSpMM("SpMM", len(y), ldy, len(x), ldx, w, ptr, idx, len(vals), true)
	mustNotAlias("SpMM", y, ptr, idx)
	rows := len(ptr) - 1
	spmmCall(&spmmTune, rows, int(ptr[rows]-ptr[0]), y, ldy, x, ldx, w, ptr, idx, vals, alpha, beta)
}

// SpMMPart implements kernels.SpMMPart.
func SpMMPart[T Float](allRows, allNNZ int, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
	checkSpMM("SpMM", len(y), ldy, len(x), ldx, w, ptr, idx, len(vals), true)
	mustNotAlias("SpMM", y, ptr, idx)
	spmmCall(&spmmTune, allRows, allNNZ, y, ldy, x, ldx, w, ptr, idx, vals, alpha, beta)
}

// SpMMPartUnchecked is SpMMPart without the pass over every index and
// without the check of y against the index arrays, for a caller whose
// validated matrix guarantees the indices and that has checked y itself.
func SpMMPartUnchecked[T Float](allRows, allNNZ int, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
	spmmPartUnchecked(&spmmTune, allRows, allNNZ, y, ldy, x, ldx, w, ptr, idx, vals, alpha, beta)
}

// spmmPartUnchecked is SpMMPartUnchecked with the tiling tuning c.
func spmmPartUnchecked[T Float](c *spmmTuning, allRows, allNNZ int, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
	checkSpMM("SpMM", len(y), ldy, len(x), ldx, w, ptr, idx, len(vals), false)
	spmmCall(c, allRows, allNNZ, y, ldy, x, ldx, w, ptr, idx, vals, alpha, beta)
}

// spmmCall runs the active SpMM path with the tiling tuning c.
func spmmCall[T Float](c *spmmTuning, allRows, allNNZ int, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
	if is32[T]() {
		spmmF32.fn(c, allRows, allNNZ, f32s(y), ldy, f32s(x), ldx, w, ptr, idx, f32s(vals), float32(alpha), float32(beta))
		return
	}
	spmmF64.fn(c, allRows, allNNZ, f64s(y), ldy, f64s(x), ldx, w, ptr, idx, f64s(vals), float64(alpha), float64(beta))
}

// checkSpMM checks a product whose compressed side (len(ptr)-1 rows, leading
// dimension ldm, length nm) is dense operand "m" and whose indexed side
// (ldn, nn) is operand "n". indexCheck false skips the pass over every
// index (SpMMPartUnchecked, SpMMScatterUnchecked: the caller's validated
// structure guarantees it).
func checkSpMM(name string, nm, ldm, nn, ldn, w int, ptr, idx []uint64, nvals int, indexCheck bool) {
	checkSpMMShape(name, nm, ldm, ldn, w, len(ptr), len(idx), nvals)
	rows := len(ptr) - 1
	if NonDecreasing(ptr) >= 0 || ptr[rows] > uint64(len(idx)) {
		panic("kernels: " + name + ": ptr not non-decreasing or beyond len(idx)")
	}
	if ptr[0] == ptr[rows] || w == 0 || !indexCheck {
		return
	}
	var n uint64 // rows the indexed operand holds
	if nn >= w {
		n = uint64((nn-w)/ldn + 1)
	}
	if m := Max(idx[ptr[0]:ptr[rows]]); m >= n {
		panic(fmt.Sprintf("kernels: %s: index %d out of range for %d dense rows", name, m, n))
	}
}

// checkSpMMShape checks the shape part of checkSpMM: the panel, that the
// matrix has its row pointers (nptr of them) and as many values (nvals) as
// indices (nidx), and that operand "m" holds its nptr-1 rows.
func checkSpMMShape(name string, nm, ldm, ldn, w, nptr, nidx, nvals int) {
	if w < 0 || ldm < w || ldn < w || nptr == 0 {
		panic(fmt.Sprintf("kernels: %s: bad panel: w=%d ldx/ldy=%d/%d len(ptr)=%d", name, w, ldm, ldn, nptr))
	}
	if nidx != nvals {
		panic("kernels: " + name + ": len(idx) != len(vals)")
	}
	rows := nptr - 1
	// rows-1 rows of ldm then w elements, by division: (rows-1)*ldm can
	// wrap to a negative int and pass (ldm >= w >= 1 here).
	if rows > 0 && w > 0 && (nm < w || rows-1 > (nm-w)/ldm) {
		panic(fmt.Sprintf("kernels: %s: dense operand of length %d too short for %d rows", name, nm, rows))
	}
}

// spmmFunc is an SpMM implementation on the rows of ptr, which are part of
// a matrix of allRows rows and allNNZ entries: a path that chooses its
// kernel by the matrix's shape (the amd64 column tiles) chooses from the
// whole matrix, with the tuning c, so that a product split into parts is
// summed as one call would sum it. The others ignore c, allRows and
// allNNZ.
type spmmFunc[T Float] = func(c *spmmTuning, allRows, allNNZ int, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T)

// spmmRows is an SpMM kernel on the rows of ptr alone.
type spmmRowsFunc[T Float] = func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T)

// anyShape makes an SpMM implementation that does not choose by shape.
func anyShape[T Float](f spmmRowsFunc[T]) spmmFunc[T] {
	return func(_ *spmmTuning, _, _ int, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
		f(y, ldy, x, ldx, w, ptr, idx, vals, alpha, beta)
	}
}

var (
	spmmF32 = newFamily[spmmFunc[float32]]("spmm.f32", anyShape(spmmRef[float32]), anyShape(spmmGeneric[float32]))
	spmmF64 = newFamily[spmmFunc[float64]]("spmm.f64", anyShape(spmmRef[float64]), anyShape(spmmGeneric[float64]))
)

// ptrWord is the element type of row pointers: 64-bit, or 32-bit in the
// narrow-index products.
type ptrWord interface{ ~uint32 | ~uint64 }

// indexWord is the element type of indices: 64-bit, or 16- and 32-bit in
// the narrow-index products.
type indexWord interface{ ~uint16 | ~uint32 | ~uint64 }

// spmmTileFunc (the amd64 SpMMTile kernels) is an SpMM on one column tile
// of A: row i covers the entries from seg[2i] to seg[2i+1], stopping at the
// first entry whose index is >= limit, and seg[2i] is set to where it
// stopped. Each entry is taken by exactly one tile of a pass over
// increasing limits, whatever the order of the indices within a row (sorted
// rows make each tile a column range of A, which is what keeps its X rows
// in cache).
type spmmTileFunc[T Float, I indexWord] = func(y []T, ldy int, x []T, ldx, w int, seg []uint64, idx []I, vals []T, alpha, beta T, limit uint64)

// spmmSegPool holds the segment pairs of the tiled SpMM (the kernels are
// called through func values, so a stack array would escape).
var spmmSegPool = sync.Pool{New: func() any { return new([2 * spmmTileBlock]uint64) }}

// tileRows returns the rows of the indexed operand (X for SpMM, Y for
// SpMMScatter) in one tile when tiling pays, with the tuning c, for a
// product of rows x xrows (nnz entries) on a w-column panel of elements of
// size bytes, and 0 when it does not (see spmmTuning).
func (c *spmmTuning) tileRows(rows, xrows, nnz, w, size int) int {
	rowBytes := w * size
	minX := c.minX
	if rowBytes >= spmmTileWideRow {
		minX = c.minXWide
	}
	if rows == 0 || nnz == 0 || rowBytes < c.minRow || xrows*rowBytes <= minX {
		return 0
	}
	// Rows of X a tile needs for minEntries entries a row (in floating
	// point: the product of the counts may not fit in 64 bits).
	need := math.Ceil(float64(c.minEntries) * float64(xrows) / (float64(nnz) / float64(rows)))
	if need*float64(rowBytes) > float64(c.maxBytes) {
		return 0
	}
	tw := max(1, c.tileBytes/rowBytes, int(need))
	if tw*rowBytes > c.maxBytes || 2*tw >= xrows {
		return 0
	}
	return tw
}

// spmmTileWalk walks a tiled SpMM over the rows of ptr with tiles of tw
// rows of the indexed operand (which holds indexed rows): for each block of
// spmmTileBlock rows, every tile in turn covers the block's rows, in calls
// fn(r0, seg, first, limit) of the rows from r0 whose segments are seg (the
// tile kernels' pairs), first on the block's first tile. A call covers at
// most spmmWorkPerCall multiply-adds even on a dense tile.
//
// The tile kernels check nothing but the limit, so the walk checks what
// they rely on and panics with bad on a violation: every segment of ptr
// within 0 <= lo <= hi <= n when it is copied into seg, and every entry
// taken by the end of the block's tiles. The last tile's limit is indexed,
// so an index at or above it stops its row in every tile and leaves the
// row unfinished.
func spmmTileWalk[P ptrWord](ptr []P, n uint64, indexed, w, tw int, bad string, fn func(r0 int, seg []uint64, first bool, limit uint64)) {
	sp := spmmSegPool.Get().(*[2 * spmmTileBlock]uint64)
	defer spmmSegPool.Put(sp)
	rows := len(ptr) - 1
	sub := max(1, spmmWorkPerCall/(w*tw))
	for lo := 0; lo < rows; lo += spmmTileBlock {
		hi := min(rows, lo+spmmTileBlock)
		s := sp[:2*(hi-lo)]
		for i := range hi - lo {
			a, b := uint64(ptr[lo+i]), uint64(ptr[lo+i+1])
			if a > b || b > n {
				panic(bad)
			}
			s[2*i], s[2*i+1] = a, b
		}
		for c0 := 0; c0 < indexed; c0 += tw {
			limit := uint64(min(c0+tw, indexed))
			for r0 := lo; r0 < hi; r0 += sub {
				r1 := min(hi, r0+sub)
				fn(r0, s[2*(r0-lo):2*(r1-lo)], c0 == 0, limit)
			}
		}
		for i := range hi - lo {
			if s[2*i] != s[2*i+1] {
				panic(bad)
			}
		}
	}
}

// spmmBadIndex is the panic of every SpMM path when a segment of ptr or an
// index lies out of range when the kernel reads it: the checked entry
// points find that before the first write, so only an index array changed
// after validation (or an output that overlaps one) reaches it.
const spmmBadIndex = "kernels: SpMM: index out of range (an index array changed after validation?)"

// denseRows is the number of rows a dense operand of n elements holds with
// leading dimension ld and rows of w elements (row r is [r*ld, r*ld+w)).
func denseRows(n, ld, w int) uint64 {
	if w <= 0 || ld < w || n < w {
		return 0
	}
	return uint64((n-w)/ld + 1)
}

func spmmRef[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
	if w == 0 {
		return
	}
	xrows, n := denseRows(len(x), ldx, w), uint64(min(len(idx), len(vals)))
	for i := 0; i+1 < len(ptr); i++ {
		lo, hi := segment(ptr, i, n, spmmBadIndex)
		for c := range w {
			var s T
			for k := lo; k < hi; k++ {
				if idx[k] >= xrows {
					panic(spmmBadIndex)
				}
				s += vals[k] * x[int(idx[k])*ldx+c]
			}
			if beta == 0 {
				y[i*ldy+c] = alpha * s
			} else {
				y[i*ldy+c] = alpha*s + beta*y[i*ldy+c]
			}
		}
	}
}

// spmmGeneric accumulates blocks of up to 64 columns of a row of Y in a
// stack array, two entries per pass. Every index is checked each time it is
// read (a block re-reads the row's indices after the previous block's
// store, which may have changed them when y overlaps idx).
func spmmGeneric[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
	if w == 0 {
		return
	}
	xrows, n := denseRows(len(x), ldx, w), uint64(min(len(idx), len(vals)))
	var buf [64]T
	for i := 0; i+1 < len(ptr); i++ {
		lo, hi := segment(ptr, i, n, spmmBadIndex)
		for c0 := 0; c0 < w; c0 += len(buf) {
			acc := buf[:min(len(buf), w-c0)]
			clear(acc)
			k := lo
			for ; k+2 <= hi; k += 2 {
				j0, j1 := idx[k], idx[k+1]
				if j0 >= xrows || j1 >= xrows {
					panic(spmmBadIndex)
				}
				v0, v1 := vals[k], vals[k+1]
				x0 := x[int(j0)*ldx+c0:][:len(acc)]
				x1 := x[int(j1)*ldx+c0:][:len(acc)]
				for c := range acc {
					acc[c] += v0*x0[c] + v1*x1[c]
				}
			}
			if k < hi {
				j0 := idx[k]
				if j0 >= xrows {
					panic(spmmBadIndex)
				}
				v0 := vals[k]
				x0 := x[int(j0)*ldx+c0:][:len(acc)]
				for c := range acc {
					acc[c] += v0 * x0[c]
				}
			}
			yr := y[i*ldy+c0:][:len(acc)]
			if beta == 0 {
				for c := range acc {
					yr[c] = alpha * acc[c]
				}
			} else {
				for c := range acc {
					yr[c] = alpha*acc[c] + beta*yr[c]
				}
			}
		}
	}
}

// raceSpMM records what an SpMM (or, scatter set, SpMMScatter) assembly
// call on rows lo..end-1 of ptr read and wrote, for asmPieces: the rows'
// ptr entries and entries (clamped to len(idx) as the kernels clamp them),
// and the rows of the indexed operand d (X for SpMM, Y for SpMMScatter)
// their indices name, where they are below drows (the kernels stop at the
// first that is not); s is the operand of the rows themselves (Y for SpMM,
// written; X for SpMMScatter, read). The indexed rows are recorded as
// written for the scatter. vals are the values read beside idx, of any
// element type (the quantized glue passes idx, standing for its codes).
func raceSpMM[T Float, P ptrWord, I indexWord, V any](s []T, lds int, d []T, ldd, w int, ptr []P, idx []I, vals []V, drows uint64, lo, end int, scatter bool) {
	raceRead(ptr[lo : end+1])
	for i := lo; i < end; i++ {
		if scatter {
			raceRead(s[i*lds:][:w])
		} else {
			raceWrite(s[i*lds:][:w])
		}
		a, b := clampRange(ptr, i, len(idx))
		raceRead(idx[a:b])
		raceRead(vals[a:b])
		for _, j := range idx[a:b] {
			if uint64(j) >= drows {
				continue
			}
			if scatter {
				raceWrite(d[int(j)*ldd:][:w])
			} else {
				raceRead(d[int(j)*ldd:][:w])
			}
		}
	}
}
