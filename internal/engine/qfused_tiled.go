package engine

import (
	"sync"

	"github.com/hurray-format/hurray-go/quant"
)

// qspmvTiled and qspmmTiled serve the assembly tiers of the fused families
// where no fused kernel of the tier handles the operand: they decode tiles
// of the values (qtile.go, the tier's dequantize kernels) and run the
// tier's float32 kernels on them, which on these tiers is faster than the
// fused Go loops, most of all for SpMM, whose row kernels reuse each
// decoded value across a whole row of X (SpMM decodes blocks of rows
// larger than a tile, see qspmmTiled). They take the tiles for the modes
// whose channels the tile decode reads from validated structures or from
// the indices (qRow, qBlock, qCol) and only when the pointers are
// non-decreasing; any other operand runs the fused Go loop, which clamps
// and skips. An index not below x's rows, which the float32 SpMM kernels
// refuse, is skipped as the fused loop skips it (qspmmRun); for qCol, x's
// rows are at most the channel count (the front ends cut them), and a
// value whose index has no channel decodes to a finite value (scale 0,
// dqSplit) that the product skips.

// qTileable reports whether the rows of ptr may take the tiled path.
func qTileable(q *qOperand, ptr []uint64) bool {
	return q.mode != qValue && NonDecreasing(ptr) < 0
}

func qspmvTiled(y, x []float32, ptr, idx []uint64, q *qOperand, alpha, beta float32) {
	if !qTileable(q, ptr) || ptr[len(ptr)-1] > uint64(len(idx)) {
		qspmvGeneric(y, x, ptr, idx, q, alpha, beta)
		return
	}
	if q.mode == qCol && qspmvCols(y, x, ptr, idx, q, alpha, beta) {
		return
	}
	short := ShortRows(ptr)
	s := getQScratch(q.v, q.ch)
	s.rows("QSpMV", ptr, func(i, j int, t0, t1 uint64, rp []uint64, tile []float32, first bool) {
		b := beta
		if !first {
			b = 1 // the row's later pieces add to its first
		}
		SpMVRows(short, y[i:j], x, rp, idx[t0:t1], tile, alpha, b)
	})
	putQScratch(s)
}

// qspmmBlockRows and qspmmBlockValues bound a block of qspmmTiled: as
// many rows as one pass of the tiled float32 SpMM covers (spmmTileBlock),
// and decoded values that stay in L2 beside a tile of X.
const (
	qspmmBlockRows   = spmmTileBlock
	qspmmBlockValues = 1 << 17
)

// qspmmBlock is qspmmTiled's scratch: one block's decoded values and
// rebased row pointers.
type qspmmBlock struct {
	vals [qspmmBlockValues]float32
	ptr  [qspmmBlockRows + 1]uint64
}

var qspmmBlockPool = sync.Pool{New: func() any { return new(qspmmBlock) }}

// qspmmTiled decodes the rows of ptr a block at a time (at most
// qspmmBlockRows rows and qspmmBlockValues values) into a pooled scratch
// and runs the tier's float32 SpMM on the block, choosing its column tiles
// of X for the whole call (allRows, allNNZ) with the tuning c, as the
// float32 product does.
// A row longer than a block goes in pieces, each piece a call on that row
// alone.
//
// The float32 kernels panic on an index not below x's rows, where this
// family skips it: with beta == 0 a block runs on the kernel and, when it
// panics so, runs again in Go (qspmmSkip), which overwrites every row the
// kernel wrote; with beta != 0 (and for the pieces of a long row) the
// block's indices are checked first and a block with one out of range
// runs in Go alone.
//
// Channels by column take qspmmCols first, where scaling X pays.
func qspmmTiled(c *spmmTuning, y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, q *qOperand, alpha, beta float32) {
	if !qTileable(q, ptr) || ptr[len(ptr)-1] > uint64(len(idx)) {
		qspmmGeneric(y, ldy, x, ldx, w, ptr, idx, q, alpha, beta)
		return
	}
	if q.mode == qCol && qspmmCols(c, y, ldy, x, ldx, w, ptr, idx, q, alpha, beta) {
		return
	}
	s := getQScratch(q.v, q.ch)
	qspmmBlocks(c, y, ldy, x, ldx, w, ptr, idx, alpha, beta, func(dst []float32, t0 uint64) {
		for t := 0; t < len(dst); t += qTile {
			s.hint = dequantizeTile(dst[t:min(len(dst), t+qTile)], s, int(t0)+t)
		}
	})
	putQScratch(s)
}

// qspmmBlocks is qspmmTiled's walk over the blocks of rows of ptr
// (non-decreasing, within idx), the values of each decoded by decode(dst,
// t0): values t0..t0+len(dst)-1 into dst.
func qspmmBlocks(c *spmmTuning, y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, alpha, beta float32, decode func(dst []float32, t0 uint64)) {
	rows := len(ptr) - 1
	xrows := qXRows(x, ldx, w)
	allNNZ := int(ptr[rows] - ptr[0])
	b := qspmmBlockPool.Get().(*qspmmBlock)
	for i := 0; i < rows; {
		p := ptr[i]
		j := i
		for j < rows && j-i < qspmmBlockRows && ptr[j+1]-p <= qspmmBlockValues {
			j++
		}
		if j == i {
			// Row i alone is longer than a block: its pieces add up.
			end := ptr[i+1]
			for t := p; t < end; t += qspmmBlockValues {
				t1 := min(end, t+qspmmBlockValues)
				vals := b.vals[:t1-t]
				decode(vals, t)
				rp := b.ptr[:2]
				rp[0], rp[1] = 0, t1-t
				bt := beta
				if t > p {
					bt = 1
				}
				qspmmRun(c, rows, allNNZ, y[i*ldy:], ldy, x, ldx, w, rp, idx[t:t1], vals, alpha, bt, xrows, false)
			}
			i++
			continue
		}
		t1 := ptr[j]
		vals := b.vals[:t1-p]
		decode(vals, p)
		rp := b.ptr[:j-i+1]
		for r := range rp {
			rp[r] = ptr[i+r] - p
		}
		qspmmRun(c, rows, allNNZ, y[i*ldy:], ldy, x, ldx, w, rp, idx[p:t1], vals, alpha, beta, xrows, beta == 0)
		i = j
	}
	qspmmBlockPool.Put(b)
}

// qspmmCols serves channels by column (int8, uint8) where the call has at
// least qspmmColsMin values for each element of X it would scale, and
// reports whether it did: it scales row j of X by channel j's scale into
// a pooled X' (the rows below the channel count), so that value k times
// x's row idx[k] is its code (less its zero point) times row idx[k] of X'.
// int8 codes then make a product by a scale of 1 for the whole tensor,
// which runs on the selected path of the family (the fused kernels by row
// where the tier has them); uint8 codes less the zero point of their
// index decode into qspmmBlocks. A product is code times (scale times x)
// where the reference rounds (code times scale) times x: the same bound,
// but scale times x can overflow where the reference's product does not
// (a code of 0, |x| within a factor of the scale of float32's largest
// value).
func qspmmCols(c *spmmTuning, y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, q *qOperand, alpha, beta float32) bool {
	xr := min(qXRows(x, ldx, w), uint64(q.nx))
	n := ptr[len(ptr)-1] - ptr[0]
	if q.kind != quant.Int8 && q.kind != quant.Uint8 || n < xr*uint64(w)*qspmmColsMin {
		return false
	}
	sc := qColsPool.Get().(*qColsScratch)
	xs := sc.scaled(x, ldx, w, int(xr), q.v.Scale)
	if q.kind == quant.Int8 {
		q1 := sc.unscaled(q, ptr, idx)
		qspmm.fn(y, ldy, xs, w, w, ptr, idx, q1, alpha, beta)
		sc.put(q1)
		return true
	}
	codes, zero := q.v.Codes, q.v.Zero[:q.nx]
	qspmmBlocks(c, y, ldy, xs, w, w, ptr, idx, alpha, beta, func(dst []float32, t0 uint64) {
		dqU8Cols(dst, codes[t0:], idx[t0:], zero)
	})
	qColsPool.Put(sc)
	return true
}

// qspmvCols is qspmmCols for SpMV on int8 codes (uint8 codes take the
// tiles): x scaled into x', the codes a product by a scale of 1 on the
// selected path of the family (the fused kernels by row where the tier
// has no kernel by column).
func qspmvCols(y, x []float32, ptr, idx []uint64, q *qOperand, alpha, beta float32) bool {
	xr := min(len(x), q.nx)
	if q.kind != quant.Int8 || ptr[len(ptr)-1]-ptr[0] < uint64(xr)*qspmmColsMin {
		return false
	}
	sc := qColsPool.Get().(*qColsScratch)
	xs := sc.scaled(x, 1, 1, xr, q.v.Scale)
	q1 := sc.unscaled(q, ptr, idx)
	qspmv.fn(y, xs, ptr, idx, q1, alpha, beta)
	sc.put(q1)
	return true
}

// qspmmColsMin is the fewest values per element of X' for which qspmmCols
// scales X: scaling an element costs about what gathering a value's
// scale costs.
const qspmmColsMin = 1

// int8Tensor is the scheme of qspmmCols' int8 codes on X'.
var int8Tensor = quant.MustParse("int8:tensor")

// qColsScratch is qspmmCols' working memory, pooled: X' and the values
// of a scale of 1.
type qColsScratch struct {
	xs  []float32
	v   quant.Values
	one [1]float32
}

var qColsPool = sync.Pool{New: func() any { return new(qColsScratch) }}

// scaled returns X' of rows rows and stride w: row j of x (stride ldx)
// times scale[j].
func (s *qColsScratch) scaled(x []float32, ldx, w, rows int, scale []float32) []float32 {
	if cap(s.xs) < rows*w {
		s.xs = make([]float32, rows*w)
	}
	xs := s.xs[:rows*w]
	for j, f := range scale[:rows] {
		dst, src := xs[j*w:][:w], x[j*ldx:][:w]
		for c, v := range src {
			dst[c] = f * v
		}
	}
	return xs
}

// unscaled returns the operand of q's int8 codes with a scale of 1 for
// the whole tensor, on the rows of ptr (put it back with putQOperand).
func (s *qColsScratch) unscaled(q *qOperand, ptr, idx []uint64) *qOperand {
	s.one[0] = 1
	s.v = quant.Values{Scheme: int8Tensor, N: q.v.N, Codes: q.v.Codes, Scale: s.one[:]}
	return newQOperand(&s.v, Channels{}, ptr, idx)
}

// put returns q1 (from unscaled) and s to their pools.
func (s *qColsScratch) put(q1 *qOperand) {
	putQOperand(q1)
	s.v = quant.Values{}
	qColsPool.Put(s)
}

// dqU8Cols decodes uint8 codes less the zero point of their index (exact
// in float32), an index without one (which the product skips) as the code
// alone.
func dqU8Cols(dst []float32, codes []byte, idx []uint64, zero []uint8) {
	codes, idx = codes[:len(dst)], idx[:len(dst)]
	for i, q := range codes {
		z := uint8(0)
		if j := idx[i]; j < uint64(len(zero)) {
			z = zero[j]
		}
		dst[i] = float32(int32(q) - int32(z))
	}
}

// qspmmRun runs one block (rows of ptr, rebased to idx and vals) on the
// float32 SpMM with the tuning c, or on qspmmSkip where an index is not
// below xrows: found
// by the kernel's panic when recovering is set (beta must be 0), else by a
// check of the indices first.
func qspmmRun(c *spmmTuning, allRows, allNNZ int, y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha, beta float32, xrows uint64, recovering bool) {
	if recovering {
		if !spmmRecovering(c, allRows, allNNZ, y, ldy, x, ldx, w, ptr, idx, vals, alpha) {
			qspmmSkip(y, ldy, x, ldx, w, ptr, idx, vals, alpha, 0, xrows)
		}
		return
	}
	if len(idx) > 0 && Max(idx) >= xrows {
		qspmmSkip(y, ldy, x, ldx, w, ptr, idx, vals, alpha, beta, xrows)
		return
	}
	spmmPartUnchecked(c, allRows, allNNZ, y, ldy, x, ldx, w, ptr, idx, vals, alpha, beta)
}

// spmmRecovering runs spmmPartUnchecked with beta 0 and reports false,
// having recovered its panic, when an index is out of range; any other
// panic goes on.
func spmmRecovering(c *spmmTuning, allRows, allNNZ int, y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha float32) (ok bool) {
	defer func() {
		if !ok {
			if r := recover(); r != spmmBadIndex {
				panic(r)
			}
		}
	}()
	spmmPartUnchecked(c, allRows, allNNZ, y, ldy, x, ldx, w, ptr, idx, vals, alpha, 0)
	return true
}

// qspmmSkip is SpMM on decoded values that skips every index not below
// xrows, as the family does.
func qspmmSkip(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha, beta float32, xrows uint64) {
	var acc0 [64]float32
	for i := 0; i+1 < len(ptr); i++ {
		lo, hi := ptr[i], ptr[i+1]
		for c0 := 0; c0 < w; c0 += len(acc0) {
			acc := acc0[:min(len(acc0), w-c0)]
			clear(acc)
			for k := lo; k < hi; k++ {
				j := idx[k]
				if j >= xrows {
					continue
				}
				v := vals[k]
				xr := x[int(j)*ldx+c0:][:len(acc)]
				for c := range acc {
					acc[c] += v * xr[c]
				}
			}
			yr := y[i*ldy+c0:][:len(acc)]
			for c, a := range acc {
				if beta == 0 {
					yr[c] = alpha * a
				} else {
					yr[c] = alpha*a + beta*yr[c]
				}
			}
		}
	}
}
