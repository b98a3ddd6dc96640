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
// channel is its index, the block's panel origin plus its offset, handed
// to engine.Dequantize per value (int8 and uint8 codes only take
// channels, one byte each).
func (m *Quantized) decodeByIndex(t *tile, b *block, vals []float32, e0, e1 int) {
	f := &m.f
	ch, c0 := t.chans[:e1-e0], uint64(b.c0)
	if f.kind == Cols32 {
		for k, c := range f.c32[e0:e1] {
			ch[k] = c0 + uint64(c)
		}
	} else {
		for k, c := range f.idx16(t.col[:], e0, e1) {
			ch[k] = c0 + uint64(c)
		}
	}
	v := quant.Values{Scheme: m.scheme, N: e1 - e0, Codes: m.v.Codes[e0:e1], Scale: m.v.Scale, Zero: m.v.Zero}
	engine.Dequantize(vals, &v, 0, engine.PerValue(ch, 1))
}
