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
// computed by the qspmv family, whose row loops decode the codes where the
// float32 kernels read values (see qfused.go). ptr holds len(y)+1 absolute
// offsets into idx and v's values (a sub-slice of a matrix's row pointers:
// rows lo..hi-1 of a product split into parts), idx one index per stored
// value (len(idx) == v.N). ch gives a channel scheme's channels, by
// absolute value index (a CSR matrix's whole row_ptr for axis 0, its
// col_idx for axis 1).
//
// It checks the lengths, that ptr's ends lie within the values and v's
// buffers hold their codes and parameters, and panics otherwise; it does
// not read every channel: a caller passes a validated structure and
// values (quant's Validate), whose channels are below the channel count.
// Whatever ptr and idx hold, no element outside the slices is read or
// written: each row's segment is clamped to the values, and an index not
// below len(x) is skipped as SpMV skips it (for channels by index, also an
// index not below the channel count).
func QSpMV(y, x []float32, ptr, idx []uint64, v *quant.Values, ch Channels, alpha, beta float32) {
	QSpMVRows(ShortRows(ptr), y, x, ptr, idx, v, ch, alpha, beta)
}

// QSpMVRows is QSpMV with SpMVRows' signature: short is ignored, since the
// fused loops sum every row the same way whatever the split of a product
// into parts (a row's scale and blocks come from absolute value indices).
func QSpMVRows(short bool, y, x []float32, ptr, idx []uint64, v *quant.Values, ch Channels, alpha, beta float32) {
	_ = short
	if len(ptr) != len(y)+1 {
		panic("kernels: QSpMV: len(ptr) != len(y)+1")
	}
	qCheckRows("QSpMV", ptr, idx, v, &ch)
	qspmvWith(qspmv.fn, y, x, ptr, idx, v, ch, alpha, beta)
}

// qspmvWith runs the fused SpMV f on checked operands: it builds the
// operand and, for channels by index, cuts x to the channel count.
func qspmvWith(f qspmvFunc, y, x []float32, ptr, idx []uint64, v *quant.Values, ch Channels, alpha, beta float32) {
	q := newQOperand(v, ch, ptr, idx)
	if q.mode == qCol {
		x = x[:min(len(x), q.nx)]
	}
	f(y, x, ptr, idx, q, alpha, beta)
	putQOperand(q)
}

// qspmvFunc is a fused SpMV on the rows of ptr (a qRow operand's rs and rz
// hold one entry per row of ptr).
type qspmvFunc = func(y, x []float32, ptr, idx []uint64, q *qOperand, alpha, beta float32)

var qspmv = newFamily[qspmvFunc]("qspmv", qspmvRef, qspmvGeneric)

// qspmvRef is "dequantize, then the float32 reference": each row's values
// decoded by quant's At, then spmvRef on the row.
func qspmvRef(y, x []float32, ptr, idx []uint64, q *qOperand, alpha, beta float32) {
	var buf []float32
	for i := range y {
		lo, hi := clampRange(ptr, i, len(idx))
		buf = qRefRow(q, idx, lo, hi, uint64(len(x)), buf)
		spmvRef(y[i:i+1], x, []uint64{0, uint64(hi - lo)}, idx[lo:hi], buf, alpha, beta)
	}
}

// qRefRow returns the values lo..hi-1 dequantized by quant's At (those
// whose index is not below bound, which the products skip, as 0), in buf
// grown when short.
func qRefRow(q *qOperand, idx []uint64, lo, hi int, bound uint64, buf []float32) []float32 {
	if cap(buf) < hi-lo {
		buf = make([]float32, hi-lo)
	}
	buf = buf[:hi-lo]
	for k := lo; k < hi; k++ {
		buf[k-lo] = 0
		if idx[k] < bound {
			buf[k-lo] = q.v.At(k, q.ch.channel(k))
		}
	}
	return buf
}

func qspmvGeneric(y, x []float32, ptr, idx []uint64, q *qOperand, alpha, beta float32) {
	switch q.mode {
	case qRow:
		qspmvRowGo(y, x, ptr, idx, q.v.Codes, q.tab8, q.rs, q.zeros(), alpha, beta)
	case qBlock:
		if q.table != nil {
			qspmvBlock4Go(y, x, ptr, idx, q, alpha, beta)
		} else {
			qspmvBlock8Go(y, x, ptr, idx, q, alpha, beta)
		}
	default:
		qspmvValueGo(y, x, ptr, idx, q, alpha, beta)
	}
}

// qspmvRowGo is the qRow loop (8-bit codes: int8, uint8): four partial
// sums of decoded code times x, their sum times the row's scale. It is a
// deliberate twin of spmvGeneric's row loop: each decodes its values in
// the loop, where a shared loop would take a decoder call per entry.
func qspmvRowGo(y, x []float32, ptr, idx []uint64, codes []byte, tab *[256]float32, rs []float32, rz []uint8, alpha, beta float32) {
	n := len(idx)
	codes = codes[:n]
	nx := uint64(len(x))
	rs = rs[:len(y)]
	for i := range y {
		lo, hi := clampRange(ptr, i, n)
		var z float32
		if rz != nil {
			z = float32(rz[i])
		}
		ix, cs := idx[lo:hi], codes[lo:hi]
		cs = cs[:len(ix)]
		var s0, s1, s2, s3 float32
		k := 0
		for ; k+4 <= len(ix); k += 4 {
			j0, j1, j2, j3 := ix[k], ix[k+1], ix[k+2], ix[k+3]
			if j0 < nx && j1 < nx && j2 < nx && j3 < nx {
				s0 += (tab[cs[k]] - z) * x[j0]
				s1 += (tab[cs[k+1]] - z) * x[j1]
				s2 += (tab[cs[k+2]] - z) * x[j2]
				s3 += (tab[cs[k+3]] - z) * x[j3]
				continue
			}
			for p := k; p < k+4; p++ {
				if j := ix[p]; j < nx {
					s0 += (tab[cs[p]] - z) * x[j]
				}
			}
		}
		for ; k < len(ix); k++ {
			if j := ix[k]; j < nx {
				s0 += (tab[cs[k]] - z) * x[j]
			}
		}
		storeScaled(y, i, ((s0+s1)+(s2+s3))*rs[i], alpha, beta)
	}
}

// qspmvBlock8Go is the qBlock loop on 8-bit codes: each value decoded and
// scaled as quant does, summed in two partial sums. qspmvBlock4Go is its
// twin on 4-bit codes.
func qspmvBlock8Go(y, x []float32, ptr, idx []uint64, q *qOperand, alpha, beta float32) {
	n := len(idx)
	codes := q.v.Codes[:n]
	tab := q.tab8
	nx := uint64(len(x))
	b := q.b
	for i := range y {
		lo, hi := clampRange(ptr, i, n)
		var s0, s1 float32
		for k, g := lo, lo/b; k < hi; g++ {
			e := min(hi, (g+1)*b)
			sc, z := q.blockScale(g), q.blockZero(g)
			ix, cs := idx[k:e], codes[k:e]
			cs = cs[:len(ix)]
			p := 0
			for ; p+2 <= len(ix); p += 2 {
				if j := ix[p]; j < nx {
					s0 += ((tab[cs[p]] - z) * sc) * x[j]
				}
				if j := ix[p+1]; j < nx {
					s1 += ((tab[cs[p+1]] - z) * sc) * x[j]
				}
			}
			if p < len(ix) {
				if j := ix[p]; j < nx {
					s0 += ((tab[cs[p]] - z) * sc) * x[j]
				}
			}
			k = e
		}
		storeScaled(y, i, s0+s1, alpha, beta)
	}
}

// qspmvBlock4Go is qspmvBlock8Go on 4-bit codes, its deliberate twin: the
// nibble decode stays in the loop (no decoder call per entry).
func qspmvBlock4Go(y, x []float32, ptr, idx []uint64, q *qOperand, alpha, beta float32) {
	n := len(idx)
	codes := q.v.Codes[:(n+1)/2]
	tab := q.table
	nx := uint64(len(x))
	b := q.b
	for i := range y {
		lo, hi := clampRange(ptr, i, n)
		var s0, s1 float32
		for k, g := lo, lo/b; k < hi; g++ {
			e := min(hi, (g+1)*b)
			sc := q.blockScale(g)
			for ; k+2 <= e; k += 2 {
				if j := idx[k]; j < nx {
					s0 += (tab[codes[k>>1]>>(4*(k&1))&15] * sc) * x[j]
				}
				if j := idx[k+1]; j < nx {
					s1 += (tab[codes[(k+1)>>1]>>(4*((k+1)&1))&15] * sc) * x[j]
				}
			}
			if k < e {
				if j := idx[k]; j < nx {
					s0 += (tab[codes[k>>1]>>(4*(k&1))&15] * sc) * x[j]
				}
				k++
			}
		}
		storeScaled(y, i, s0+s1, alpha, beta)
	}
}

// channelOf returns the channel of value k, whose index is j: j under qCol,
// the caller's channel under qValue (channelAt, with its hint).
func (q *qOperand) channelOf(k int, j uint64, hint int) (uint64, int) {
	if q.mode == qValue {
		j, hint = q.ch.channelAt(k, hint)
	}
	return j, hint
}

// qspmvValueGo is the loop of qCol and qValue: each value with the
// parameters of its channel (qCol: its index, below len(x), which the
// front end has cut to the channel count; qValue: the caller's channels).
func qspmvValueGo(y, x []float32, ptr, idx []uint64, q *qOperand, alpha, beta float32) {
	n := len(idx)
	nx := uint64(len(x))
	hint := -1
	for i := range y {
		lo, hi := clampRange(ptr, i, n)
		var s float32
		for k := lo; k < hi; k++ {
			j := idx[k]
			if j >= nx {
				continue
			}
			var c uint64
			c, hint = q.channelOf(k, j, hint)
			s += q.valueIn(k, c) * x[j]
		}
		storeScaled(y, i, s, alpha, beta)
	}
}

// channelAt returns the channel of value k and the run cursor for the
// next call (values in increasing order walk the runs once).
func (c *Channels) channelAt(k, hint int) (uint64, int) {
	if c.Ptr == nil {
		return c.Idx[k*c.Stride], hint
	}
	r := c.run(k, hint)
	if c.ID != nil {
		return c.ID[r], r
	}
	return uint64(r), r
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
// computed by the qscatter family, whose loops decode the codes where
// ScatterAdd reads values (see qscatter.go), in ScatterAdd's order: the
// same bits as ScatterAdd on the same path on the dequantized values.
// ptr holds len(x)+1 absolute offsets; the rest is as QSpMV (for channels
// by index, y is cut to the channel count).
func QScatterAdd(y, x []float32, ptr, idx []uint64, v *quant.Values, ch Channels, alpha float32) {
	if len(ptr) != len(x)+1 {
		panic("kernels: QScatterAdd: len(ptr) != len(x)+1")
	}
	qCheckRows("QScatterAdd", ptr, idx, v, &ch)
	q := newQOperand(v, ch, ptr, idx)
	if q.mode == qCol {
		y = y[:min(len(y), q.nx)]
	}
	qscatter.fn(y, x, ptr, idx, q, alpha)
	putQOperand(q)
}
