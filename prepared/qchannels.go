package prepared

import (
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/quant"
)

// byIndex reports whether scheme s, on a matrix compressed along its rows
// (CSR) or, with csc, its columns, has its channels along the indexed
// dimension: a scale (and zero point) for each index of the stored
// entries, as axis 1 of CSR and axis 0 of CSC. Channels along the
// compressed dimension (axis 0 of CSR, axis 1 of CSC) are one a form row.
func byIndex(s quant.Scheme, csc bool) bool {
	return s.Granularity() == quant.PerChannel && (s.Axis() == 1) != csc
}

// byIndex reports whether m's channels run along the indexed dimension.
func (m *Quantized) byIndex() bool { return byIndex(m.scheme, m.f.csc) }

// IsCSC reports whether the source was column-compressed (the form then
// runs over columns, and A x scatters).
func (m *Quantized) IsCSC() bool { return m.f.csc }

// decodeByIndex writes into vals the values of entries e0..e1-1 of block
// b, of a scheme by channel along the indexed dimension: each entry's
// channel is its index, the block's panel origin plus its offset (int8
// and uint8 codes only take channels, one byte each). Each value is
// computed as quant's Values.At computes it (one float32 product, rounded
// once).
func (m *Quantized) decodeByIndex(t *tile, b *block, vals []float32, e0, e1 int) {
	f := &m.f
	codes, scale := m.v.Codes[e0:e1], m.v.Scale[b.c0:]
	var zero []uint8 // int8: none
	if m.scheme.Kind() == quant.Uint8 {
		zero = m.v.Zero[b.c0:]
	}
	if f.kind == Cols32 {
		decodeAt(vals, codes, f.c32[e0:e1], scale, zero)
	} else {
		decodeAt(vals, codes, f.idx16(t.col[:], e0, e1), scale, zero)
	}
}

// decodeAt writes value k, of code codes[k] and channel col[k], into
// vals[k]: int8 codes times scale[col[k]], or with zero points (non-nil)
// uint8 codes less zero[col[k]] times the scale.
func decodeAt[I engine.Narrow](vals []float32, codes []byte, col []I, scale []float32, zero []uint8) {
	vals, codes = vals[:len(col)], codes[:len(col)]
	if zero == nil {
		for k, c := range col {
			vals[k] = float32(int8(codes[k])) * scale[c]
		}
		return
	}
	for k, c := range col {
		vals[k] = float32(int32(codes[k])-int32(zero[c])) * scale[c]
	}
}
