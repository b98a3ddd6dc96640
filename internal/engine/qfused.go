package engine

import (
	"sync"
	"unsafe"

	"github.com/hurray-format/hurray-go/quant"
)

// The fused quantized products (families qspmv and qspmm) read the codes
// of buffer 0 directly in their row loops: each code is decoded where the
// float32 kernels read a value (no decoded tile, no dequantized copy), and
// scaled by its group's parameter in one of three ways, the operand's mode:
//
//   - qRow: one scale (and zero point) for a whole row of the product
//     (per-tensor schemes, and per-channel ones whose channels are the
//     rows: axis 0 of a CSR matrix, axis 1 of a CSC one). The row's sum of
//     decoded codes times x is multiplied by the row's scale once; a zero
//     point is subtracted from each code as an integer first.
//   - qBlock: the scale of block k/b for value k (per-block schemes, NF4,
//     MX). Blocks run through the stored values and straddle rows.
//   - qCol: the scale (and zero point) of the column idx[k] for value k
//     (per-channel schemes whose channels are the indices: axis 1 of a CSR
//     matrix, axis 0 of a CSC one).
//
// Any other channel layout (runs that do not coincide with the rows,
// channels per value from another array) is qValue, which the generic
// loop serves on every path.
//
// Codes decode as quant's tables say: int8 and uint8 by conversion (a
// zero point subtracted in integers), 4-bit codes through their 16-entry
// table (int4, NF4, E2M1), E4M3 through its 256 values, E8M0 scales to
// 2^(e-127). So qBlock computes every value as quant.Values.At does (one
// float32 product, rounded once) and differs from "dequantize, then the
// float32 product" only in the order of the sum; qRow and qCol round the
// products in another order (code times x, then times the scale; or the
// code times the scale gathered by column, or times x's row scaled by it,
// qspmmCols), within the same bound: a sum of n products agrees with the
// reference within a few n·2^-24 times the sum of the products'
// magnitudes. Factoring a row's scale out of its sum can overflow an
// intermediate (the sum of codes times x) where the reference's smaller
// products do not, only with |x| within a factor 127·n of float32's
// largest value.

// qMode is how a fused kernel finds the scale of a value (see above).
type qMode uint8

const (
	qRow qMode = iota
	qBlock
	qCol
	qValue
)

// qOperand is a quantized product's values as the fused kernels read
// them: the Values and Channels the caller gave (the reference's input),
// and what the kernels use instead.
type qOperand struct {
	v  *quant.Values
	ch Channels

	mode qMode
	kind quant.Kind
	// b is the block size (qBlock).
	b int
	// rs and rz are qRow's scale and zero point of each row of the call
	// (rz empty unless uint8; see zeros).
	rs []float32
	rz []uint8
	// table is the 16 values of a 4-bit kind, tab8 the 256 of an 8-bit
	// kind (int8, uint8 as unsigned, E4M3): the generic loop's decode.
	table *[16]float32
	tab8  *[256]float32
	// nx bounds the indices read for qCol: min(channels, zero points).
	nx int
	// zf is the column kernels' uint8 zero points as float32 (zerosF32).
	zf []float32
}

// The 256-entry decode tables of the generic loop's 8-bit kinds.
var (
	i8Table = func() (t [256]float32) {
		for c := range t {
			t[c] = float32(int8(c))
		}
		return t
	}()
	u8Table = func() (t [256]float32) {
		for c := range t {
			t[c] = float32(c)
		}
		return t
	}()
)

// e8m0Table holds E8M0(e) for every e (0xFF, NaN, is rejected by
// validation; its entry is never read on validated values).
var e8m0Table = func() (t [256]float32) {
	for e := range t {
		t[e] = quant.E8M0(uint8(e))
	}
	return t
}()

var qOperandPool = sync.Pool{New: func() any { return new(qOperand) }}

// newQOperand returns the operand of a product over the rows of ptr (absolute
// offsets into idx and v's values) with indices idx, from a pool: put it
// back with putQOperand. It sets the mode and, for qRow, the scale of
// every row.
func newQOperand(v *quant.Values, ch Channels, ptr, idx []uint64) *qOperand {
	q := qOperandPool.Get().(*qOperand)
	q.v, q.ch = v, ch
	s := v.Scheme
	q.kind = s.Kind()
	q.b, q.nx = 0, 0
	q.table, q.tab8 = nil, nil
	q.rs, q.rz = q.rs[:0], q.rz[:0]
	switch q.kind {
	case quant.Int8:
		q.tab8 = &i8Table
	case quant.Uint8:
		q.tab8 = &u8Table
	case quant.MXFP8:
		q.tab8 = &e4m3Table
	case quant.Int4:
		q.table = &int4Table
	case quant.NF4:
		q.table = &nf4Table
	case quant.MXFP4:
		q.table = &e2m1Table
	}
	u8 := q.kind == quant.Uint8
	rows := len(ptr) - 1
	switch s.Granularity() {
	case quant.PerBlock:
		q.mode, q.b = qBlock, s.BlockSize()
	case quant.PerTensor:
		q.mode = qRow
		q.rs = fillN(q.rs, rows, v.Scale[0])
		if u8 {
			q.rz = fillN(q.rz, rows, v.Zero[0])
		}
	default:
		switch {
		case ch.Ptr != nil && q.rowScales(ptr):
			q.mode = qRow
		case ch.Ptr == nil && ch.Stride == 1 && len(idx) > 0 && len(ch.Idx) >= len(idx) &&
			unsafe.SliceData(ch.Idx) == unsafe.SliceData(idx):
			q.mode = qCol
			q.nx = len(v.Scale)
			if u8 {
				q.nx = min(q.nx, len(v.Zero))
			}
		default:
			q.mode = qValue
		}
	}
	return q
}

// zerosF32 returns the first n zero points as float32 (exact: integers
// 0..255), which the uint8 column kernels gather as they gather the
// scales; n is at most q.nx.
func (q *qOperand) zerosF32(n int) []float32 {
	if cap(q.zf) < n {
		q.zf = make([]float32, n)
	}
	q.zf = q.zf[:n]
	for c, z := range q.v.Zero[:n] {
		q.zf[c] = float32(z)
	}
	return q.zf
}

// zeros returns qRow's zero points, nil unless uint8.
func (q *qOperand) zeros() []uint8 {
	if q.kind != quant.Uint8 {
		return nil
	}
	return q.rz
}

func putQOperand(q *qOperand) {
	q.v, q.ch = nil, Channels{}
	qOperandPool.Put(q)
}

// fillN returns s resized to n elements, each v.
func fillN[E any](s []E, n int, v E) []E {
	if cap(s) < n {
		s = make([]E, n)
	}
	s = s[:n]
	for i := range s {
		s[i] = v
	}
	return s
}

// rowScales sets rs (and rz) to the parameters of each row's channel when
// every non-empty row of ptr (clamped to the values) lies within one run
// of the channels, and reports whether it does. An empty row gets scale 1
// (its sum is 0).
func (q *qOperand) rowScales(ptr []uint64) bool {
	v, ch := q.v, &q.ch
	rows := len(ptr) - 1
	q.rs = fillN(q.rs, rows, 1)
	u8 := q.kind == quant.Uint8
	if u8 {
		q.rz = fillN(q.rz, rows, 0)
	}
	runs := len(ch.Ptr) - 1
	hint := -1
	for i := range rows {
		lo, hi := clampRange(ptr, i, v.N)
		if hi == lo {
			continue
		}
		a, b := uint64(lo), uint64(hi)
		if runs < 1 || a < ch.Ptr[0] || b > ch.Ptr[runs] {
			return false
		}
		r := ch.run(lo, hint)
		if r < 0 || r >= runs || ch.Ptr[r] > a || ch.Ptr[r+1] < b {
			return false
		}
		hint = r
		c := uint64(r)
		if ch.ID != nil {
			c = ch.ID[r]
		}
		if c >= uint64(len(v.Scale)) || u8 && c >= uint64(len(v.Zero)) {
			return false
		}
		q.rs[i] = v.Scale[c]
		if u8 {
			q.rz[i] = v.Zero[c]
		}
	}
	return true
}

// blockScale returns the scale of block g.
func (q *qOperand) blockScale(g int) float32 {
	if q.kind == quant.MXFP4 || q.kind == quant.MXFP8 {
		return e8m0Table[q.v.Exp[g]]
	}
	return q.v.Scale[g]
}

// blockZero returns the zero point of block g as a float32 (0 unless
// uint8).
func (q *qOperand) blockZero(g int) float32 {
	if q.kind == quant.Uint8 {
		return float32(q.v.Zero[g])
	}
	return 0
}

// code returns code k decoded without its scale (uint8: not less its zero
// point).
func (q *qOperand) code(k int) float32 {
	if q.table != nil {
		return q.table[q.v.Codes[k>>1]>>(4*(k&1))&15]
	}
	return q.tab8[q.v.Codes[k]]
}

// value returns value k with its scale from channel c (qCol, qValue), as
// quant's Values.At computes it.
func (q *qOperand) valueIn(k int, c uint64) float32 {
	v := q.v
	d := q.code(k)
	if q.kind == quant.Uint8 {
		d -= float32(v.Zero[c])
	}
	return d * v.Scale[c]
}

// qRefValues returns values lo..hi-1 dequantized as quant does (At with
// each value's channel), in buf (grown when short): the reference's
// decode.
func qRefValues(q *qOperand, lo, hi int, buf []float32) []float32 {
	if cap(buf) < hi-lo {
		buf = make([]float32, hi-lo)
	}
	buf = buf[:hi-lo]
	for k := lo; k < hi; k++ {
		buf[k-lo] = q.v.At(k, q.ch.channel(k))
	}
	return buf
}
