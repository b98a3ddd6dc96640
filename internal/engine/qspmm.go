package engine

import (
	"github.com/hurray-format/hurray-go/quant"
)

// QSpMM is SpMM on quantized values: for every row i of ptr and column c <
// w,
//
//	var s float32
//	for k := ptr[i]; k < ptr[i+1]; k++ {
//		s += v.At(k, channel of k) * x[idx[k]*ldx+c]
//	}
//	y[i*ldy+c] = alpha*s + beta*y[i*ldy+c] // y not read when beta == 0
//
// computed by decoding tiles of the values and running the SpMM row kernel
// on them (see qtile.go). The row kernel runs untiled whatever the size of
// X: a tile of decoded values covers a few rows, too few for the column
// tiles of SpMM to reuse X from L2. ptr holds absolute offsets (rows
// lo..hi-1 of a product split into parts), idx one index per stored value;
// the caller has checked y and x against a validated structure whose
// indices are below x's rows (as SpMMPartUnchecked). ch is as QSpMV's.
func QSpMM(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, v *quant.Values, ch Channels, alpha, beta float32) {
	checkSpMM("QSpMM", len(y), ldy, len(x), ldx, w, ptr, idx, v.N, false)
	qCheckRows("QSpMM", ptr, idx, v, &ch)
	if w == 0 {
		return
	}
	s := getQScratch(v, ch)
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

// QSpMMScatter is SpMMScatter on quantized values, the transposed SpMM:
// for every row i of ptr, entry k and column c < w,
//
//	y[idx[k]*ldy+c] += v.At(k, channel of k) * (alpha * x[i*ldx+c])
//
// in SpMMScatter's order. The rest is as QSpMM.
func QSpMMScatter(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, v *quant.Values, ch Channels, alpha float32) {
	checkSpMM("QSpMMScatter", len(x), ldx, len(y), ldy, w, ptr, idx, v.N, false)
	qCheckRows("QSpMMScatter", ptr, idx, v, &ch)
	if w == 0 {
		return
	}
	s := getQScratch(v, ch)
	s.rows("QSpMMScatter", ptr, func(i, j int, t0, t1 uint64, rp []uint64, tile []float32, _ bool) {
		SpMMScatterUnchecked(y, ldy, x[i*ldx:], ldx, w, rp, idx[t0:t1], tile, alpha)
	})
	putQScratch(s)
}
