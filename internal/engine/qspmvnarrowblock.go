package engine

import (
	"fmt"

	"github.com/hurray-format/hurray-go/quant"
)

// QSpMVNarrowBlock is SpMVNarrow on quantized values by block (int8, int4,
// NF4 or MXFP4 by block, any block size): the value of entry k is value
// first+k of v, with the scale of its block, as v.At gives it:
//
//	for i := range y {
//		var s float32
//		for k := ptr[i]; k < ptr[i+1]; k++ {
//			if int(col[k]) < len(x) {
//				s += v.At(first+k, 0) * x[col[k]]
//			}
//		}
//		y[i] = alpha*s + beta*y[i] // y not read when beta == 0
//	}
//
// v must have passed Validate. It panics unless len(ptr) == len(y)+1, v's
// scheme is one of those, and v holds values first..first+len(col)-1
// with their codes and scales; segments are clamped and out-of-range
// indices skipped as in SpMVNarrow. The AVX-512 and AVX2 paths decode the
// codes in their row loops (blocks of at least 16 values; smaller ones run
// the generic loop).
func QSpMVNarrowBlock[I Narrow](y, x []float32, ptr []uint32, col []I, v *quant.Values, first int, alpha, beta float32) {
	qspmvNarrowBlockCall("QSpMVNarrowBlock", y, x, ptr, col, v, first, nil, alpha, beta)
}

// QSpMVNarrowBlockAt is QSpMVNarrowBlock on codes kept in another order
// than their scales (a prepared form's strips): entry k of row i has code
// first+k of v and the scale that value spos[i]+k-lo of v has, lo the
// row's start clamped to len(col). So a row's entries take the scales of a
// contiguous run of values from spos[i] on, whatever block their codes are
// in:
//
//	value(k) = code value of first+k * scale of block (spos[i]+k-lo)/B
//
// one float32 product as v.At computes it. It panics as QSpMVNarrowBlock
// does, and unless len(spos) == len(y) and every non-empty row's run
// spos[i]..spos[i]+hi-lo-1 lies within v's values.
func QSpMVNarrowBlockAt[I Narrow](y, x []float32, ptr []uint32, col []I, v *quant.Values, first int, spos []uint32, alpha, beta float32) {
	if len(spos) != len(y) {
		panic("kernels: QSpMVNarrowBlockAt: len(spos) != len(y)")
	}
	if len(ptr) == len(y)+1 {
		for i, sp := range spos {
			if lo, hi := clampRange(ptr, i, len(col)); hi > lo && uint64(sp)+uint64(hi-lo) > uint64(v.N) {
				panic(fmt.Sprintf("kernels: QSpMVNarrowBlockAt: row %d: scale positions %d..%d+%d out of range of %d", i, sp, sp, hi-lo, v.N))
			}
		}
	}
	qspmvNarrowBlockCall("QSpMVNarrowBlockAt", y, x, ptr, col, v, first, spos, alpha, beta)
}

func qspmvNarrowBlockCall[I Narrow](name string, y, x []float32, ptr []uint32, col []I, v *quant.Values, first int, spos []uint32, alpha, beta float32) {
	if len(ptr) != len(y)+1 {
		panic("kernels: " + name + ": len(ptr) != len(y)+1")
	}
	if !NarrowBlockScheme(v.Scheme) {
		panic(fmt.Sprintf("kernels: %s: scheme %v is not int8, int4, NF4 or MXFP4 by block", name, v.Scheme))
	}
	var ch Channels
	checkQuant(name, v, first, len(col), &ch, false)
	if is16[I]() {
		qspmvNarrowBlockU16.fn(y, x, ptr, u16s(col), v, first, spos, alpha, beta)
		return
	}
	qspmvNarrowBlockU32.fn(y, x, ptr, u32s(col), v, first, spos, alpha, beta)
}

// NarrowBlockScheme reports whether QSpMVNarrowBlock takes values of
// scheme s.
func NarrowBlockScheme(s quant.Scheme) bool {
	switch s.Kind() {
	case quant.Int8:
		return s.Granularity() == quant.PerBlock
	case quant.Int4, quant.NF4, quant.MXFP4:
		return true
	}
	return false
}

// qspmvNarrowBlockFunc is a path of QSpMVNarrowBlockAt; spos nil is
// QSpMVNarrowBlock (scale positions first+k).
type qspmvNarrowBlockFunc[I Narrow] = func(y, x []float32, ptr []uint32, col []I, v *quant.Values, first int, spos []uint32, alpha, beta float32)

var (
	qspmvNarrowBlockU16 = newPartialFamily[qspmvNarrowBlockFunc[uint16]]("qspmvnarrowblock.u16", qspmvNarrowBlockRef[uint16], qspmvNarrowBlockGeneric[uint16])
	qspmvNarrowBlockU32 = newPartialFamily[qspmvNarrowBlockFunc[uint32]]("qspmvnarrowblock.u32", qspmvNarrowBlockRef[uint32], qspmvNarrowBlockGeneric[uint32])
)

func qspmvNarrowBlockRef[I Narrow](y, x []float32, ptr []uint32, col []I, v *quant.Values, first int, spos []uint32, alpha, beta float32) {
	d := newBlockDecoder(v)
	for i := range y {
		lo, hi := clampRange(ptr, i, len(col))
		var s float32
		for k := lo; k < hi; k++ {
			if int(col[k]) < len(x) {
				if spos == nil {
					s += v.At(first+k, 0) * x[col[k]]
				} else {
					s += d.code(first+k) * d.scale((int(spos[i])+k-lo)/d.b) * x[col[k]]
				}
			}
		}
		storeScaled(y, i, s, alpha, beta)
	}
}

// blockDecoder decodes the values of a scheme NarrowBlockScheme takes:
// code k's value without its scale, and block g's scale.
type blockDecoder struct {
	v     *quant.Values
	table *[16]float32 // 4-bit kinds; nil for int8
	mx    bool
	b     int
}

func newBlockDecoder(v *quant.Values) blockDecoder {
	d := blockDecoder{v: v, b: v.Scheme.BlockSize()}
	switch v.Scheme.Kind() {
	case quant.Int4:
		d.table = &int4Table
	case quant.NF4:
		d.table = &nf4Table
	case quant.MXFP4:
		d.table, d.mx = &e2m1Table, true
	}
	return d
}

func (d *blockDecoder) code(k int) float32 {
	if d.table != nil {
		return d.table[d.v.Codes[k>>1]>>(4*(k&1))&15]
	}
	return float32(int8(d.v.Codes[k]))
}

func (d *blockDecoder) scale(g int) float32 {
	if d.mx {
		return e8m0Table[d.v.Exp[g]]
	}
	return d.v.Scale[g]
}

// qspmvNarrowBlockGeneric walks each row's values block by block (of
// their scale positions), the block's scale read once, two partial sums.
func qspmvNarrowBlockGeneric[I Narrow](y, x []float32, ptr []uint32, col []I, v *quant.Values, first int, spos []uint32, alpha, beta float32) {
	d := newBlockDecoder(v)
	nx := uint(len(x))
	b := d.b
	for i := range y {
		lo, hi := clampRange(ptr, i, len(col))
		delta := first // scale position - entry
		if spos != nil {
			delta = int(spos[i]) - lo
		}
		var s0, s1 float32
		for k := lo; k < hi; {
			p := delta + k
			g := p / b
			e := min(hi, k+(g+1)*b-p) // the block's end among the entries
			sc := d.scale(g)
			for ; k+2 <= e; k += 2 {
				if j := uint(col[k]); j < nx {
					s0 += (d.code(first+k) * sc) * x[j]
				}
				if j := uint(col[k+1]); j < nx {
					s1 += (d.code(first+k+1) * sc) * x[j]
				}
			}
			if k < e {
				if j := uint(col[k]); j < nx {
					s0 += (d.code(first+k) * sc) * x[j]
				}
				k++
			}
		}
		storeScaled(y, i, s0+s1, alpha, beta)
	}
}
