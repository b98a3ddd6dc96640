package engine

import (
	"github.com/hurray-format/hurray-go/quant"
)

// QSpMV is SpMV on quantized values, the CSR row loop of y = alpha A x +
// beta y (CSC: y = alpha Aᵀ x + beta y):
//
//	for i := range y {
//		var s float32
//		for k := ptr[i]; k < ptr[i+1]; k++ {
//			s += v.At(k, channel of k) * x[idx[k]]
//		}
//		y[i] = alpha*s + beta*y[i] // y not read when beta == 0
//	}
//
// computed by decoding tiles of the values and running SpMVRows on them
// (see qtile.go), with the kernels ShortRows(ptr) chooses. ptr holds
// len(y)+1 absolute offsets into idx and v's values (a sub-slice of a
// matrix's row pointers: rows lo..hi-1 of a product split into parts), idx
// one index per stored value (len(idx) == v.N). ch gives a channel
// scheme's channels, by absolute value index (a CSR matrix's whole row_ptr
// for axis 0, its col_idx for axis 1).
//
// It checks the lengths, that ptr's ends lie within the values and v's
// buffers hold their codes and parameters, and panics otherwise; it does
// not read every channel: a caller passes a validated structure and
// values (quant's Validate), whose channels are below the channel count.
// Indices not below len(x) are skipped as SpMV skips them.
func QSpMV(y, x []float32, ptr, idx []uint64, v *quant.Values, ch Channels, alpha, beta float32) {
	QSpMVRows(ShortRows(ptr), y, x, ptr, idx, v, ch, alpha, beta)
}

// QSpMVRows is QSpMV with SpMVRows' kernel choice made by the caller: a
// product split into parts passes every part ShortRows of the whole
// matrix, so that each row is summed the same way whatever the split.
func QSpMVRows(short bool, y, x []float32, ptr, idx []uint64, v *quant.Values, ch Channels, alpha, beta float32) {
	if len(ptr) != len(y)+1 {
		panic("kernels: QSpMV: len(ptr) != len(y)+1")
	}
	qCheckRows("QSpMV", ptr, idx, v, &ch)
	s := getQScratch(v, ch)
	s.rows("QSpMV", ptr, func(i, j int, t0, t1 uint64, rp []uint64, tile []float32, first bool) {
		b := beta
		if !first {
			b = 1 // the row's later pieces add to its first
		}
		SpMVRows(short, y[i:j], x, rp, idx[t0:t1], tile, alpha, b)
	})
	putQScratch(s)
}

// QScatterAdd is ScatterAdd on quantized values: the transposed product's
// scatter, y += alpha Aᵀ x for CSR (y += alpha A x for CSC):
//
//	for i := range x {
//		for k := ptr[i]; k < ptr[i+1]; k++ {
//			y[idx[k]] += alpha * x[i] * v.At(k, channel of k)
//		}
//	}
//
// in ScatterAdd's order (the same bits as ScatterAdd on the dequantized
// values, whatever the tiling). ptr holds len(x)+1 absolute offsets; the
// rest is as QSpMV.
func QScatterAdd(y, x []float32, ptr, idx []uint64, v *quant.Values, ch Channels, alpha float32) {
	if len(ptr) != len(x)+1 {
		panic("kernels: QScatterAdd: len(ptr) != len(x)+1")
	}
	qCheckRows("QScatterAdd", ptr, idx, v, &ch)
	s := getQScratch(v, ch)
	s.rows("QScatterAdd", ptr, func(i, j int, t0, t1 uint64, rp []uint64, tile []float32, _ bool) {
		ScatterAdd(y, x[i:j], rp, idx[t0:t1], tile, alpha)
	})
	putQScratch(s)
}
