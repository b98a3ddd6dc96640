package kernels

import (
	"fmt"
	"math"
	"sync"

	"github.com/hurray-format/hurray-go/internal/unchecked"
)

// SpMM runs the row loop of a sparse times dense product Y = alpha*A*X +
// beta*Y on a panel of w columns: for every row i of the compressed matrix
// (ptr, idx, vals), each entry scales a w-wide row of X into Y's row,
//
//	for i := 0; i+1 < len(ptr); i++ {
//		var acc [w]T
//		for k := ptr[i]; k < ptr[i+1]; k++ {
//			for c := range w {
//				acc[c] += vals[k] * x[idx[k]*ldx+c]
//			}
//		}
//		for c := range w {
//			y[i*ldy+c] = alpha*acc[c] + beta*y[i*ldy+c] // y not read when beta == 0
//		}
//	}
//
// Row r of X is x[r*ldx : r*ldx+w] and row i of Y is y[i*ldy : i*ldy+w]
// (ldx, ldy >= w: the panel may be a column block of wider matrices). It
// checks everything the loop relies on and panics on a violation: ptr
// non-decreasing with ptr[len(ptr)-1] <= len(idx) == len(vals), every index
// in the segments below the number of rows X holds, and x, y long enough.
// The index checks cost one pass over the indices, small beside the w
// multiply-adds each entry does. Results agree with ref to rounding (the
// assembly fuses the multiply-add).
//
// When X's panel is several times L2 and the rows are long (a pruned weight
// matrix times 64 activations), the amd64 paths walk A in column tiles: for
// blocks of 128 rows, each tile of X rows (L2/8) in turn serves every row of
// the block, so those X rows are read from L2 rather than L3; each Y row is
// then the sum of its tiles' contributions. On M4 with k = 64 this is 1.3-1.5x
// faster. The other paths do not tile.
//
// Paths: ref, generic, neon, avx2, avx512. Families "spmm.f32" and "spmm.f64".
func SpMM[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
	checkSpMM("SpMM", len(y), ldy, len(x), ldx, w, ptr, idx, len(vals), true)
	mustNotAlias("SpMM", y, ptr, idx)
	if isF32[T]() {
		spmmF32.fn(f32s(y), ldy, f32s(x), ldx, w, ptr, idx, f32s(vals), float32(alpha), float32(beta))
		return
	}
	spmmF64.fn(f64s(y), ldy, f64s(x), ldx, w, ptr, idx, f64s(vals), float64(alpha), float64(beta))
}

// SpMMPart is SpMM on one part of a larger product: ptr holds some of the
// rows of a matrix of allRows rows and allNNZ entries. Paths that choose a
// kernel by the shape of the matrix (the amd64 column tiles) choose from
// the whole matrix, so that every part of a split product groups each row's
// additions as one call over all rows would, and the product does not
// depend on the split (tiled and untiled kernels round differently). It
// checks what SpMM checks.
func SpMMPart[T Float](allRows, allNNZ int, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
	spmmPart(true, allRows, allNNZ, y, ldy, x, ldx, w, ptr, idx, vals, alpha, beta)
}

// The format packages' entry points without the index pass (see package
// internal/unchecked).
func init() {
	unchecked.SpMMPartF32 = spmmPartUnchecked[float32]
	unchecked.SpMMPartF64 = spmmPartUnchecked[float64]
	unchecked.SpMMScatterF32 = spmmScatterUnchecked[float32]
	unchecked.SpMMScatterF64 = spmmScatterUnchecked[float64]
}

func spmmPartUnchecked[T Float](allRows, allNNZ int, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
	spmmPart(false, allRows, allNNZ, y, ldy, x, ldx, w, ptr, idx, vals, alpha, beta)
}

func spmmScatterUnchecked[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
	spmmScatter(false, y, ldy, x, ldx, w, ptr, idx, vals, alpha)
}

// spmmPart is SpMMPart, with the pass over every index and the check of y
// against the index arrays when indexCheck is set (the format packages make
// that one themselves).
func spmmPart[T Float](indexCheck bool, allRows, allNNZ int, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
	checkSpMM("SpMM", len(y), ldy, len(x), ldx, w, ptr, idx, len(vals), indexCheck)
	if indexCheck {
		mustNotAlias("SpMM", y, ptr, idx)
	}
	if isF32[T]() {
		if p := spmmPartF32[spmmF32.active]; p != nil {
			p(allRows, allNNZ, f32s(y), ldy, f32s(x), ldx, w, ptr, idx, f32s(vals), float32(alpha), float32(beta))
			return
		}
		spmmF32.fn(f32s(y), ldy, f32s(x), ldx, w, ptr, idx, f32s(vals), float32(alpha), float32(beta))
		return
	}
	if p := spmmPartF64[spmmF64.active]; p != nil {
		p(allRows, allNNZ, f64s(y), ldy, f64s(x), ldx, w, ptr, idx, f64s(vals), float64(alpha), float64(beta))
		return
	}
	spmmF64.fn(f64s(y), ldy, f64s(x), ldx, w, ptr, idx, f64s(vals), float64(alpha), float64(beta))
}

// SpMMScatter runs the row loop of a transposed sparse times dense product,
// Y += alpha * Aᵀ X for the CSR matrix (ptr, idx, vals) (or A X for the same
// arrays read as CSC), on a panel of w columns:
//
//	for i := 0; i+1 < len(ptr); i++ {
//		for k := ptr[i]; k < ptr[i+1]; k++ {
//			for c := range w {
//				y[idx[k]*ldy+c] += vals[k] * (alpha * x[i*ldx+c])
//			}
//		}
//	}
//
// Y is accumulated into, never cleared. It checks what SpMM checks, with the
// roles of x and y exchanged (indices below the rows of Y, len(ptr)-1 rows of
// X), and panics on a violation. Indices may repeat. The amd64 paths tile
// Y's rows as SpMM tiles X's (on M4 with k = 64, 1.3-1.5x faster).
//
// Paths: ref, generic, neon, avx2, avx512. Families "spmmscatter.f32" and
// "spmmscatter.f64".
func SpMMScatter[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
	spmmScatter(true, y, ldy, x, ldx, w, ptr, idx, vals, alpha)
}

// spmmScatter is SpMMScatter, with the pass over every index and the check
// of y against the index arrays when indexCheck is set.
func spmmScatter[T Float](indexCheck bool, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
	checkSpMM("SpMMScatter", len(x), ldx, len(y), ldy, w, ptr, idx, len(vals), indexCheck)
	if indexCheck {
		mustNotAlias("SpMMScatter", y, ptr, idx)
	}
	if isF32[T]() {
		spmmScatterF32.fn(f32s(y), ldy, f32s(x), ldx, w, ptr, idx, f32s(vals), float32(alpha))
		return
	}
	spmmScatterF64.fn(f64s(y), ldy, f64s(x), ldx, w, ptr, idx, f64s(vals), float64(alpha))
}

// checkSpMM checks a product whose compressed side (len(ptr)-1 rows, leading
// dimension ldm, length nm) is dense operand "m" and whose indexed side
// (ldn, nn) is operand "n". indexCheck false skips the pass over every
// index (internal/unchecked: the caller's validated structure guarantees it).
func checkSpMM(name string, nm, ldm, nn, ldn, w int, ptr, idx []uint64, nvals int, indexCheck bool) {
	if w < 0 || ldm < w || ldn < w || len(ptr) == 0 {
		panic(fmt.Sprintf("kernels: %s: bad panel: w=%d ldx/ldy=%d/%d len(ptr)=%d", name, w, ldm, ldn, len(ptr)))
	}
	if len(idx) != nvals {
		panic("kernels: " + name + ": len(idx) != len(vals)")
	}
	rows := len(ptr) - 1
	// rows-1 rows of ldm then w elements, by division: (rows-1)*ldm can
	// wrap to a negative int and pass (ldm >= w >= 1 here).
	if rows > 0 && w > 0 && (nm < w || rows-1 > (nm-w)/ldm) {
		panic(fmt.Sprintf("kernels: %s: dense operand of length %d too short for %d rows", name, nm, rows))
	}
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

type spmmFunc[T Float] = func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T)

// spmmPartFunc is an SpMM path whose kernel choice depends on the matrix's
// shape, deciding from a whole matrix of allRows rows and allNNZ entries
// (SpMMPart).
type spmmPartFunc[T Float] = func(allRows, allNNZ int, y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T)

// spmmPartF32 and spmmPartF64 hold, per tier, the SpMM paths that choose by
// shape (nil: the family's implementation does not).
var (
	spmmPartF32 [numTiers]spmmPartFunc[float32]
	spmmPartF64 [numTiers]spmmPartFunc[float64]
)

type spmmScatterFunc[T Float] = func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T)

var (
	spmmF32        = newFamily[spmmFunc[float32]]("spmm.f32", spmmRef[float32], spmmGeneric[float32])
	spmmF64        = newFamily[spmmFunc[float64]]("spmm.f64", spmmRef[float64], spmmGeneric[float64])
	spmmScatterF32 = newFamily[spmmScatterFunc[float32]]("spmmscatter.f32", spmmScatterRef[float32], spmmScatterGeneric[float32])
	spmmScatterF64 = newFamily[spmmScatterFunc[float64]]("spmmscatter.f64", spmmScatterRef[float64], spmmScatterGeneric[float64])
)

// spmmTileFunc (the amd64 SpMMTile kernels) is an SpMM on one column tile
// of A: row i covers the entries from seg[2i] to seg[2i+1], stopping at the
// first entry whose index is >= limit, and seg[2i] is set to where it
// stopped. Each entry is taken by exactly one tile of a pass over
// increasing limits, whatever the order of the indices within a row (sorted
// rows make each tile a column range of A, which is what keeps its X rows
// in cache).
type spmmTileFunc[T Float] = func(y []T, ldy int, x []T, ldx, w int, seg, idx []uint64, vals []T, alpha, beta T, limit uint64)

// spmmScatterTileFunc (the amd64 SpMMScatterTile kernels) is SpMMScatter on
// one tile of Y's rows, with the segments and limit of spmmTileFunc.
type spmmScatterTileFunc[T Float] = func(y []T, ldy int, x []T, ldx, w int, seg, idx []uint64, vals []T, alpha T, limit uint64)

// spmmTuning is the tuning of the tiled SpMM, measured on M4 (4096 x 11008,
// 10% dense) with k = 16, 64 and 256. Sizes are in bytes.
type spmmTuning struct {
	// minX: X panels up to this size are not tiled. At k = 16 (0.7 and
	// 1.4 MiB) tiling was 20-40% slower on a Zen 5 with 1 MiB of L2; at
	// k = 64 (2.8 and 5.6 MiB) 1.3-1.5x faster.
	minX int
	// minXWide replaces minX for rows of at least spmmTileWideRow bytes,
	// whose entries each read four or more lines of X. On an Intel Xeon
	// with 2 MiB of L2 (and an L3 slower to reach than AMD's), tiling such
	// rows was 1.6-1.8x faster with X at 1.4 to 5.6 times L2 (M4 k = 64
	// float32, 2.8 MiB: 1.5x).
	minXWide int
	// minRow: rows narrower than this are never tiled. At 64 bytes an
	// entry reads one line of X, and on that Xeon tiling was 0-19% slower
	// with X at 1.4 to 5.6 times L2, at every tile size from L2/8 to L2/2:
	// a tile's short pieces of idx and vals cost more than the line of X
	// it saves.
	minRow int
	// tileBytes is the size of one tile of X (tw rows of w columns) that
	// the rows of a block reuse from L2: L2/8 was 0-15% faster than L2/4
	// at k = 64 and 30-50% faster than L2/2.
	tileBytes int
	// minEntries is the fewest entries a row must have on average in a
	// tile (tiles grow to reach it): each (row, tile) pair also reads and
	// writes Y's row. At k = 256 float64, 6 entries a tile ran at 15-17
	// GFLOP/s, 13 and 26 at 24.
	minEntries int
	// maxBytes: a tile grown beyond it is not worth having.
	maxBytes int
}

// spmmTuningFor returns the tuning for a CPU with l2 bytes of L2 a core.
func spmmTuningFor(l2 int) spmmTuning {
	return spmmTuning{minX: 2 * l2, minXWide: l2, minRow: 128, tileBytes: l2 / 8, minEntries: 16, maxBytes: l2 / 2}
}

// spmmTune is this CPU's tuning (a variable for the tests).
var spmmTune = spmmTuningFor(Caches().L2)

// spmmTileWideRow is the row size, in bytes, from which minXWide applies:
// four lines.
const spmmTileWideRow = 256

// spmmTileBlock is how many rows of A one pass over the tiles covers. Their
// entries stay in cache from one tile to the next (the line a tile ends in
// starts the next); 64-128 rows measured 20% faster than 512-4096 on M4.
const spmmTileBlock = 128

// spmmSegPool holds the segment pairs of the tiled SpMM (the kernels are
// called through func values, so a stack array would escape).
var spmmSegPool = sync.Pool{New: func() any { return new([2 * spmmTileBlock]uint64) }}

// spmmTileRows returns the rows of the indexed operand (X for SpMM, Y for
// SpMMScatter) in one tile when tiling pays for a product of rows x xrows
// (nnz entries) on a w-column panel of elements of size bytes, and 0 when
// it does not (see spmmTuning).
func spmmTileRows(rows, xrows, nnz, w, size int) int {
	c := &spmmTune
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
func spmmTileWalk(ptr []uint64, indexed, w, tw int, fn func(r0 int, seg []uint64, first bool, limit uint64)) {
	sp := spmmSegPool.Get().(*[2 * spmmTileBlock]uint64)
	defer spmmSegPool.Put(sp)
	rows := len(ptr) - 1
	sub := max(1, spmmWorkPerCall/(w*tw))
	for lo := 0; lo < rows; lo += spmmTileBlock {
		hi := min(rows, lo+spmmTileBlock)
		s := sp[:2*(hi-lo)]
		for i := range hi - lo {
			s[2*i], s[2*i+1] = ptr[lo+i], ptr[lo+i+1]
		}
		for c0 := 0; c0 < indexed; c0 += tw {
			for r0 := lo; r0 < hi; r0 += sub {
				r1 := min(hi, r0+sub)
				fn(r0, s[2*(r0-lo):2*(r1-lo)], c0 == 0, uint64(c0+tw))
			}
		}
	}
}

func spmmRef[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
	for i := 0; i+1 < len(ptr); i++ {
		for c := range w {
			var s T
			for k := ptr[i]; k < ptr[i+1]; k++ {
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
// stack array, two entries per pass.
func spmmGeneric[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
	var buf [64]T
	for i := 0; i+1 < len(ptr); i++ {
		lo, hi := int(ptr[i]), int(ptr[i+1])
		for c0 := 0; c0 < w; c0 += len(buf) {
			acc := buf[:min(len(buf), w-c0)]
			clear(acc)
			k := lo
			for ; k+2 <= hi; k += 2 {
				v0, v1 := vals[k], vals[k+1]
				x0 := x[int(idx[k])*ldx+c0:][:len(acc)]
				x1 := x[int(idx[k+1])*ldx+c0:][:len(acc)]
				for c := range acc {
					acc[c] += v0*x0[c] + v1*x1[c]
				}
			}
			if k < hi {
				v0 := vals[k]
				x0 := x[int(idx[k])*ldx+c0:][:len(acc)]
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

func spmmScatterRef[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
	for i := 0; i+1 < len(ptr); i++ {
		for k := ptr[i]; k < ptr[i+1]; k++ {
			for c := range w {
				y[int(idx[k])*ldy+c] += vals[k] * (alpha * x[i*ldx+c])
			}
		}
	}
}

func spmmScatterGeneric[T Float](y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
	if w == 0 {
		return // the wrapper checked nothing more: x and y may be empty
	}
	// vals[k] * (alpha*x), in ref's order (and the assembly's, which
	// scale x's row once): (vals[k]*alpha)*x overflows or underflows on
	// other inputs. alpha*x is exact for alpha == 1.
	for i := 0; i+1 < len(ptr); i++ {
		xr := x[i*ldx : i*ldx+w]
		for k := ptr[i]; k < ptr[i+1]; k++ {
			v := vals[k]
			yr := y[int(idx[k])*ldy:][:len(xr)]
			if alpha == 1 {
				for c, xv := range xr {
					yr[c] += v * xv
				}
				continue
			}
			for c, xv := range xr {
				yr[c] += v * (alpha * xv)
			}
		}
	}
}
