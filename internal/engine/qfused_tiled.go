package engine

// qspmvTiled and qspmmTiled serve the assembly tiers of the fused families
// where no fused kernel of the tier handles the operand: they decode tiles
// of the values (qtile.go, the tier's dequantize kernels) and run the
// tier's float32 kernels on them, which on these tiers is faster than the
// fused Go loops, most of all for SpMM, whose row kernels reuse each
// decoded value across a whole row of X. They take the tiles only for the
// modes whose channels the tile decode reads from validated structures
// (qRow, qBlock) and only when the pointers are non-decreasing and, for
// SpMM, every index of the rows is below x's rows (the float32 SpMM
// kernels skip none); any other operand runs the fused Go loop, which
// clamps and skips.

// qTileable reports whether the rows of ptr may take the tiled path.
func qTileable(q *qOperand, ptr []uint64) bool {
	return (q.mode == qRow || q.mode == qBlock) && NonDecreasing(ptr) < 0
}

func qspmvTiled(y, x []float32, ptr, idx []uint64, q *qOperand, alpha, beta float32) {
	if !qTileable(q, ptr) || ptr[len(ptr)-1] > uint64(len(idx)) {
		qspmvGeneric(y, x, ptr, idx, q, alpha, beta)
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

func qspmmTiled(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, q *qOperand, alpha, beta float32) {
	e0, e1 := ptr[0], ptr[len(ptr)-1]
	if !qTileable(q, ptr) || e1 > uint64(len(idx)) ||
		e1 > e0 && Max(idx[e0:e1]) >= qXRows(x, ldx, w) {
		qspmmGeneric(y, ldy, x, ldx, w, ptr, idx, q, alpha, beta)
		return
	}
	s := getQScratch(q.v, q.ch)
	s.rows("QSpMM", ptr, func(i, j int, t0, t1 uint64, rp []uint64, tile []float32, first bool) {
		b := beta
		if !first {
			b = 1
		}
		// allNNZ 0: no column tiles (spmmTileRows).
		SpMMPartUnchecked(j-i, 0, y[i*ldy:], ldy, x, ldx, w, rp, idx[t0:t1], tile, alpha, b)
	})
	putQScratch(s)
}
