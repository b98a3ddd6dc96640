package engine

import (
	"fmt"

	"github.com/hurray-format/hurray-go/quant"
)

// QCOOMul is the product of a rank-2 COO tensor with quantized values,
// entries lo..hi-1 of it: each entry scatters into Y (package coo's loop):
//
//	for e := lo; e < hi; e++ {
//		o, in := coords[2*e+oi], coords[2*e+ii]
//		for c := range k {
//			y[o*k+c] += alpha * v.At(e, channel of e) * x[in*k+c]
//		}
//	}
//
// oi and ii (0 and 1, or 1 and 0 for the transpose) pick the coordinate of
// the output row and of the input row. With runs set (k == 1 and the
// entries of an output row adjacent: a row-major sorted tensor, not
// transposed) it sums each run of one output row in two partial sums and
// adds alpha times their sum, as coo's MulVec does. It is computed by the
// qcoomul family, whose loops decode the codes where COOScatter reads
// values (see qscatter.go), in COOScatter's order: the same bits as
// COOScatter on the dequantized values of entries lo..hi-1.
// coords holds v.N tuples of 2 coordinates, validated: every coordinate of
// the output side below len(y)/k and of the input side below len(x)/k,
// which it does not check. ch is as QSpMV's (for COO, per value:
// coords[axis:] with stride 2).
func QCOOMul(runs bool, y, x []float32, k int, coords []uint64, lo, hi int, v *quant.Values, ch Channels, oi, ii int, alpha float32) {
	if len(coords) != 2*v.N || lo < 0 || hi < lo || hi > v.N || k < 1 || oi|ii > 1 || oi == ii || runs && k != 1 {
		panic(fmt.Sprintf("kernels: QCOOMul: %d coordinates for %d values, entries %d..%d, k=%d, oi=%d, ii=%d", len(coords), v.N, lo, hi, k, oi, ii))
	}
	checkQuant("QCOOMul", v, lo, hi-lo, &ch, false)
	q := newQOperand(v, ch, []uint64{uint64(lo), uint64(hi)}, nil)
	qcoo.fn(runs, y, x, k, coords, lo, hi, q, oi, ii, alpha)
	putQOperand(q)
}
