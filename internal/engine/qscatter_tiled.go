package engine

// qscatterTiled and qspmmScatterTiled serve the assembly tiers of the
// fused scatter families where no fused kernel of the tier handles the
// operand: they decode tiles of the values (qtile.go, the tier's
// dequantize kernels) and run the tier's float32 kernel on them. A
// scatter adds each value into y on its own, so splitting a row into
// tiles keeps the float32 kernel's order and bits.

func qscatterTiled(y, x []float32, ptr, idx []uint64, q *qOperand, alpha float32) {
	s := getQScratch(q.v, q.ch)
	s.rows("QScatterAdd", ptr, func(i, j int, t0, t1 uint64, rp []uint64, tile []float32, _ bool) {
		ScatterAdd(y, x[i:j], rp, idx[t0:t1], tile, alpha)
	})
	putQScratch(s)
}

func qspmmScatterTiled(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, q *qOperand, alpha float32) {
	s := getQScratch(q.v, q.ch)
	s.rows("QSpMMScatter", ptr, func(i, j int, t0, t1 uint64, rp []uint64, tile []float32, _ bool) {
		SpMMScatterUnchecked(y, ldy, x[i*ldx:], ldx, w, rp, idx[t0:t1], tile, alpha)
	})
	putQScratch(s)
}
