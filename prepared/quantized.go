package prepared

import (
	"encoding/binary"
	"fmt"
	"sync"
	"unsafe"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/quant"
)

// Quantized is the prepared form of a quantized CSR or CSC matrix,
// computing in float32. As for Matrix, the form's rows are the compressed
// dimension (rows of CSR, columns of CSC) and its indices the other. Its
// values are held in one of two ways:
//
//   - int8 per tensor or per channel along the compressed dimension
//     ("int8:tensor"; "int8:channel:axis=0" of CSR, "int8:channel:axis=1"
//     of CSC): int8 codes with one float32 scale a form row (the
//     per-tensor scale repeated), which the gather (y = A x of CSR, Aᵀ x
//     of CSC) reads in its row loop (fused kernels, the row's scale
//     applied to its sum once);
//   - any other scheme by tensor, by block (int8, uint8, int4, NF4, MX) or
//     by channel along either axis (uint8; int8 along the indexed
//     dimension, axis 1 of CSR and axis 0 of CSC, each value's channel
//     then being its index): the codes in the form's order
//     (4-bit codes packed two a byte, a run free to start at either
//     nibble) and the parameters as the source stores them. A form of one
//     panel (Cols16, Cols32) keeps the source's storage order; in one of
//     several (Strips16, Strips12, Panels16) a scheme by block also keeps,
//     for each row of each panel, the source position of its first value (4 bytes,
//     counted in Bytes): within a row a panel's entries are consecutive
//     values of the source, so their blocks' parameters follow from it.
//     The gather on int8, int4, NF4 and MXFP4 by block decodes each code in
//     its row loop (engine.QSpMVNarrowBlock, engine.QSpMVNarrowBlockAt
//     with those positions); the other products and schemes decode tiles
//     of a few thousand values into scratch that stays in L1
//     (engine.Dequantize, or for channels along the indexed dimension a
//     loop over the offsets, each value as quant's Values.At gives it)
//     and run the float32 kernels on them.
//
// The int8 row form's products other than the gather take the same tiles.
//
// It is read-only once built: any number of goroutines may run its products
// and methods at once, but not while PrepareQuantizedInto rebuilds it. The
// zero Quantized is an empty 0x0 matrix; build one with PrepareQuantized or
// PrepareQuantizedInto.
type Quantized struct {
	f      form
	scheme quant.Scheme
	// The int8 row form (see rows8): codes and one scale a row.
	codes []int8
	scale []float32
	// Any other scheme: its codes in the form's order (the source's
	// storage order when the form has one panel), its parameters in the
	// source's order.
	v quant.Values
	// pos, for a scheme by block whose form has more than one panel: the
	// source position of the first value of each row of each block,
	// indexed as the form's pointers (pos[b.p0+i-b.r0]), so that a run of
	// codes copied in strip order keeps its blocks' parameters. nil
	// otherwise.
	pos []uint32
}

// rows8 reports whether m holds the int8 row form: int8 by tensor or by
// channel along the compressed dimension (a form row).
func (m *Quantized) rows8() bool {
	return m.scheme.Kind() == quant.Int8 && !m.scheme.IsZero() && m.scheme.Granularity() != quant.PerBlock && !m.byIndex()
}

// PrepareQuantized builds the prepared form of q with the index form o
// chooses and returns it.
//
// q must have been validated (else an error matching
// layout.ErrUnvalidated); it may be CSR or CSC, of any scheme: by tensor,
// by block, or by channel along either axis. A form that cannot hold q
// (Cols16 forced on an indexed dimension over 65536, an unknown Index, a
// dimension beyond int) gives an error matching ErrForm.
//
// The form copies the codes, the parameters and the indices, and keeps no
// reference to q. q is only read; it must not change during the call.
func PrepareQuantized(q *csr.Quantized, o Options) (*Quantized, error) {
	m := new(Quantized)
	if err := PrepareQuantizedInto(m, q, o); err != nil {
		return nil, err
	}
	return m, nil
}

// PrepareQuantizedInto is PrepareQuantized building into dst, whose memory
// it reuses where large enough. It returns the errors of PrepareQuantized,
// and on error dst holds an empty 0x0 matrix. dst must not be in use by a
// product or by another PrepareQuantizedInto during the call.
func PrepareQuantizedInto(dst *Quantized, q *csr.Quantized, o Options) error {
	s, err := sourceOf(q.Tag(), q.Valid(), q.Rows(), q.Cols(), q.IsCSC(), q.Ptr(), q.Idx())
	v := q.Values()
	sc := v.Scheme
	perRow := sc.Granularity() == quant.PerChannel && !byIndex(sc, q.IsCSC())
	int8Rows := sc.Kind() == quant.Int8 && (perRow || sc.Granularity() == quant.PerTensor)
	if err == nil {
		switch {
		case int8Rows:
			err = dst.f.build(&s, o, 1, maxBlockEntries)
		default:
			err = dst.f.buildOrdered(&s, o, sc, maxBlockEntries)
		}
	}
	if err != nil {
		*dst = Quantized{codes: dst.codes[:0], scale: dst.scale[:0], pos: dst.pos[:0], v: quant.Values{Codes: dst.v.Codes[:0], Scale: dst.v.Scale[:0], Zero: dst.v.Zero[:0], Exp: dst.v.Exp[:0]}}
		return err
	}
	dst.scheme = sc
	if !int8Rows {
		dst.codes, dst.scale = dst.codes[:0], dst.scale[:0]
		dst.v = quant.Values{Scheme: sc, N: v.N,
			Codes: dst.v.Codes[:0],
			Scale: append(dst.v.Scale[:0], v.Scale...),
			Zero:  append(dst.v.Zero[:0], v.Zero...),
			Exp:   append(dst.v.Exp[:0], v.Exp...),
		}
		dst.pos = dst.pos[:0]
		if panelsOf(s.minor(), width(dst.f.kind, s.minor())) == 1 {
			// One panel: the form's order is the source's.
			fill[int8](&dst.f, &s, nil, nil)
			dst.v.Codes = append(dst.v.Codes, v.Codes[:sc.CodeBytes(v.N)]...)
			dst.pos = nil
			return nil
		}
		dst.fillOrdered(&s, &v)
		return nil
	}
	dst.pos = nil
	dst.v = quant.Values{Codes: dst.v.Codes[:0], Scale: dst.v.Scale[:0], Zero: dst.v.Zero[:0], Exp: dst.v.Exp[:0]}
	dst.codes = resize(dst.codes, len(s.idx))
	fill(&dst.f, &s, unsafe.Slice((*int8)(unsafe.Pointer(unsafe.SliceData(v.Codes))), len(s.idx)), dst.codes)
	dst.scale = resize(dst.scale, dst.f.nr)
	for i := range dst.scale {
		if sc.Granularity() == quant.PerTensor {
			dst.scale[i] = v.Scale[0]
		} else {
			dst.scale[i] = v.Scale[i]
		}
	}
	return nil
}

// fillOrdered fills m's form (planned for s, of several panels) and copies
// the codes of v into the form's order; for a scheme by block it records
// the source position of each row's first value in each block (m.pos).
func (m *Quantized) fillOrdered(s *source, v *quant.Values) {
	f := &m.f
	src := make([]uint32, len(s.idx))
	for i := range src {
		src[i] = uint32(i)
	}
	perm := make([]uint32, len(s.idx)) // form entry -> source position
	fill(f, s, src, perm)
	sc := v.Scheme
	n := len(perm)
	m.v.Codes = resize(m.v.Codes, sc.CodeBytes(n))
	if sc.CodeBits() == 4 {
		clear(m.v.Codes)
		for k, p := range perm {
			c := v.Codes[p>>1] >> (4 * (p & 1)) & 15
			m.v.Codes[k>>1] |= c << (4 * (k & 1))
		}
	} else {
		for k, p := range perm {
			m.v.Codes[k] = v.Codes[p]
		}
	}
	if sc.Granularity() != quant.PerBlock {
		m.pos = nil
		return
	}
	m.pos = resize(m.pos, len(f.ptr))
	for q := range f.blocks {
		b := &f.blocks[q]
		for i := b.r0; i <= b.r1; i++ {
			j := b.p0 + i - b.r0
			m.pos[j] = 0
			if e := b.e0 + int(f.ptr[j]); i < b.r1 && e < b.e1 && f.ptr[j+1] > f.ptr[j] {
				m.pos[j] = perm[e]
			}
		}
	}
}

// buildOrdered is build for the schemes other than the int8 row form:
// any index form; Auto takes Strips16 for the schemes y = A x decodes in
// its row loop (engine.NarrowBlockScheme) where the cost model's strips
// pay, else Cols16 when it holds s, else Cols32.
func (f *form) buildOrdered(s *source, o Options, sc quant.Scheme, maxEntries int) error {
	if o.Index != Auto {
		return f.build(s, o, 0, maxEntries)
	}
	k := Cols32
	switch {
	case engine.NarrowBlockScheme(sc) && useStrips(s, 1):
		k = Strips16
	case s.minor() <= panel16:
		k = Cols16
	}
	return f.build(s, Options{Index: k}, 0, maxEntries)
}

// Rows returns the number of rows.
func (m *Quantized) Rows() uint64 { return m.f.rows }

// Cols returns the number of columns.
func (m *Quantized) Cols() uint64 { return m.f.cols }

// NNZ returns the number of stored entries.
func (m *Quantized) NNZ() int { return m.f.nnz() }

// Index returns the index form chosen.
func (m *Quantized) Index() Index { return m.f.kind }

// Scheme returns the quantization scheme of the values.
func (m *Quantized) Scheme() quant.Scheme { return m.scheme }

// Bytes returns the size in bytes of the form's arrays: codes, parameters,
// indices and pointers (what a product streams).
func (m *Quantized) Bytes() int {
	v := &m.v
	return m.f.indexBytes() + len(m.codes) + 4*len(m.scale) + len(v.Codes) + 4*len(v.Scale) + len(v.Zero) + len(v.Exp) + 4*len(m.pos)
}

// BytesPerValue returns Bytes over the number of stored entries (0 for
// none).
func (m *Quantized) BytesPerValue() float64 { return perValue(m.Bytes(), m.f.nnz()) }

// String summarises the form, as in "prepared csr int8:channel:axis=0
// 4096x11008 nnz 4509696 cols16 3.00 B/value" ("prepared csc ..." for a
// CSC source); it allocates the string.
func (m *Quantized) String() string {
	return fmt.Sprintf("prepared %s %v %dx%d nnz %d %v %.2f B/value", tagName(m.f.csc), m.scheme, m.f.rows, m.f.cols, m.f.nnz(), m.f.kind, m.BytesPerValue())
}

// The product methods below are deliberate twins of the other formats'
// (coo, csr and prepared, float and quantized): one-line entry points
// that each type's public API names.

// MulVec computes y = A x; len(x) == Cols and len(y) == Rows. It panics
// ("prepared: dimension mismatch: ...") on other lengths and when y shares
// memory with x. It allocates nothing per call (tiles and a parallel
// scatter's accumulators come from pools), may split the work over
// goroutines (the package doc's "Products" says how) and may run
// concurrently with other products on m.
func (m *Quantized) MulVec(y, x []float32) { m.MulVecTo(y, 1, x, 0) }

// MulVecTrans computes y = Aᵀ x; len(x) == Rows and len(y) == Cols, with
// the panics, allocation and concurrency of MulVec.
func (m *Quantized) MulVecTrans(y, x []float32) { m.MulVecTransTo(y, 1, x, 0) }

// MulVecTo computes y = alpha A x + beta y, with the shapes, panics,
// allocation and concurrency of MulVec. With alpha = 0 it reads no x and
// only scales y by beta (beta = 0 zeroes y, NaNs included).
func (m *Quantized) MulVecTo(y []float32, alpha float32, x []float32, beta float32) {
	mulVec(&m.f, m, "MulVecTo", false, y, alpha, x, beta)
}

// MulVecTransTo computes y = alpha Aᵀ x + beta y, with the shapes of
// MulVecTrans and the panics, allocation and concurrency of MulVec.
func (m *Quantized) MulVecTransTo(y []float32, alpha float32, x []float32, beta float32) {
	mulVec(&m.f, m, "MulVecTransTo", true, y, alpha, x, beta)
}

// MulMat computes Y = A X with X cols x k and Y rows x k, row-major
// (len(x) == Cols·k, len(y) == Rows·k). It panics on other lengths and
// when y shares memory with x; k = 0 does nothing. Allocation and
// concurrency are those of MulVec.
func (m *Quantized) MulMat(y, x []float32, k int) { m.MulMatTo(y, 1, x, k, 0) }

// MulMatTrans computes Y = Aᵀ X with X rows x k and Y cols x k,
// row-major, with the panics, allocation and concurrency of MulMat.
func (m *Quantized) MulMatTrans(y, x []float32, k int) { m.MulMatTransTo(y, 1, x, k, 0) }

// MulMatTo computes Y = alpha A X + beta Y, with the shapes, panics,
// allocation and concurrency of MulMat.
func (m *Quantized) MulMatTo(y []float32, alpha float32, x []float32, k int, beta float32) {
	mulMat(&m.f, m, "MulMatTo", false, y, alpha, x, k, beta)
}

// MulMatTransTo computes Y = alpha Aᵀ X + beta Y, with the shapes of
// MulMatTrans and the panics, allocation and concurrency of MulMat.
func (m *Quantized) MulMatTransTo(y []float32, alpha float32, x []float32, k int, beta float32) {
	mulMat(&m.f, m, "MulMatTransTo", true, y, alpha, x, k, beta)
}

func (m *Quantized) gather(f *form, b *block, lo, hi int, y, x []float32, alpha, beta float32) {
	xs := x[b.c0 : b.c0+b.cw]
	fused := m.rows8() || engine.NarrowBlockScheme(m.scheme)
	if fused && f.kind == Strips12 {
		f.pieces12(b, lo, hi, func(i, j int, p []uint32, e0, e1 int, col []uint16) {
			gatherFused(m, f, b, lo+i, lo+j, y[i:j], xs, p, col, e0, alpha, beta)
		})
		return
	}
	if fused && f.kind == Cols32 {
		gatherFused(m, f, b, lo, hi, y, xs, f.rowPtr(b, lo, hi), f.c32[b.e0:b.e1], b.e0, alpha, beta)
		return
	}
	if fused {
		gatherFused(m, f, b, lo, hi, y, xs, f.rowPtr(b, lo, hi), f.c16[b.e0:b.e1], b.e0, alpha, beta)
		return
	}
	m.tiles(f, b, lo, hi, func(i, j int, p []uint32, e0, e1 int, vals []float32, col []uint16, first bool) {
		bt := beta
		if !first {
			bt = 1 // a long row's later pieces add to its first
		}
		if f.kind == Cols32 {
			engine.SpMVNarrow(y[i:j], xs, p, f.c32[e0:e1], vals, alpha, bt)
		} else {
			engine.SpMVNarrow(y[i:j], xs, p, col, vals, alpha, bt)
		}
	})
}

// gatherFused runs the y = A x kernel that decodes the codes in its row
// loop (the int8 row form, or a scheme engine.NarrowBlockScheme takes) on
// rows lo..hi-1 of block b: their pointers p and indices col, of the
// form's entries from e0 on.
func gatherFused[I engine.Narrow](m *Quantized, f *form, b *block, lo, hi int, y, xs []float32, p []uint32, col []I, e0 int, alpha, beta float32) {
	e1 := e0 + len(col)
	switch {
	case m.rows8():
		engine.QSpMVNarrowInt8(y, xs, p, col, m.codes[e0:e1], m.scale[lo:hi], alpha, beta)
	case m.pos != nil:
		engine.QSpMVNarrowBlockAt(y, xs, p, col, &m.v, e0, m.pos[b.p0+lo-b.r0:b.p0+hi-b.r0], alpha, beta)
	default:
		engine.QSpMVNarrowBlock(y, xs, p, col, &m.v, e0, alpha, beta)
	}
}

func (m *Quantized) scatter(f *form, b *block, lo, hi int, y, x []float32, alpha float32) {
	ys := y[b.c0 : b.c0+b.cw]
	m.tiles(f, b, lo, hi, func(i, j int, p []uint32, e0, e1 int, vals []float32, col []uint16, _ bool) {
		if f.kind == Cols32 {
			engine.ScatterAddNarrow(ys, x[i:j], p, f.c32[e0:e1], vals, alpha)
		} else {
			engine.ScatterAddNarrow(ys, x[i:j], p, col, vals, alpha)
		}
	})
}

func (m *Quantized) gatherMat(f *form, b *block, lo, hi int, y, x []float32, k int, alpha, beta float32) {
	xs := x[b.c0*k : (b.c0+b.cw)*k]
	m.tiles(f, b, lo, hi, func(i, j int, p []uint32, e0, e1 int, vals []float32, col []uint16, first bool) {
		bt := beta
		if !first {
			bt = 1
		}
		if f.kind == Cols32 {
			engine.SpMMNarrowUnchecked(y[i*k:j*k], k, xs, k, k, p, f.c32[e0:e1], vals, alpha, bt)
		} else {
			engine.SpMMNarrowUnchecked(y[i*k:j*k], k, xs, k, k, p, col, vals, alpha, bt)
		}
	})
}

func (m *Quantized) scatterMat(f *form, b *block, lo, hi int, y, x []float32, k int, alpha float32) {
	ys := y[b.c0*k : (b.c0+b.cw)*k]
	m.tiles(f, b, lo, hi, func(i, j int, p []uint32, e0, e1 int, vals []float32, col []uint16, _ bool) {
		if f.kind == Cols32 {
			engine.SpMMScatterNarrowUnchecked(ys, k, x[i*k:j*k], k, k, p, f.c32[e0:e1], vals, alpha)
		} else {
			engine.SpMMScatterNarrowUnchecked(ys, k, x[i*k:j*k], k, k, p, col, vals, alpha)
		}
	})
}

// tile is one product part's decode scratch, pooled: the decoded values,
// their rows' pointers rebased to the tile, and for channels along the
// compressed dimension the runs and channels engine.Dequantize reads.
type tile struct {
	vals [tileValues]float32
	col  [tileValues]uint16 // a Strips12 form's offsets, unpacked
	ptr  [tileRows + 1]uint32
	runs [tileRows + 1]uint64
	ids  [tileRows]uint64
	// A strip-ordered run (see decodeRun, decodePiece): its values, its
	// codes at their blocks' phase, and one block's parameters.
	piece     quant.Values
	codes     [tileValues + maxRunPhase + 2]byte
	scale     [2]float32
	zero, exp [2]uint8
}

// maxRunPhase is the largest block size whose runs decodeRun decodes in
// one call; runs of larger blocks take a call a block.
const maxRunPhase = 1024

var tilePool = sync.Pool{New: func() any { return new(tile) }}

// tiles decodes the values of rows lo..hi-1 of block b a tile at a time
// and calls fn(i, j, p, e0, e1, vals, col, first) for each: rows
// lo+i..lo+j-1 (i, j relative to lo) held whole, their entries e0..e1-1
// of the form's arrays decoded into vals, p their pointers rebased to
// vals, col their uint16 offsets (f.idx16: nil for Cols32); or, for a
// row of more values than a tile, once a piece with j = i+1 and first set
// on the row's first piece.
func (m *Quantized) tiles(f *form, b *block, lo, hi int, fn func(i, j int, p []uint32, e0, e1 int, vals []float32, col []uint16, first bool)) {
	t := tilePool.Get().(*tile)
	p := f.rowPtr(b, lo, hi)
	n := hi - lo
	for i := 0; i < n; {
		start := p[i]
		j := i
		for j < n && j-i < tileRows && p[j+1]-start <= tileValues {
			j++
		}
		if j > i {
			for r := i; r <= j; r++ {
				t.ptr[r-i] = p[r] - start
			}
			e0, e1 := b.e0+int(start), b.e0+int(p[j])
			fn(i, j, t.ptr[:j-i+1], e0, e1, m.decode(t, b, lo+i, t.ptr[:j-i+1], e0, e1), f.idx16(t.col[:], e0, e1), true)
			i = j
			continue
		}
		for q := start; q < p[i+1]; q += tileValues {
			q1 := min(p[i+1], q+tileValues)
			t.ptr[0], t.ptr[1] = 0, q1-q
			e0, e1 := b.e0+int(q), b.e0+int(q1)
			fn(i, i+1, t.ptr[:2], e0, e1, m.decode(t, b, lo+i, t.ptr[:2], e0, e1), f.idx16(t.col[:], e0, e1), q == start)
		}
		i++
	}
	tilePool.Put(t)
}

// decode writes the values of entries e0..e1-1 of block b, rows r0.. with
// pointers p (rebased to e0), into t.vals and returns them.
func (m *Quantized) decode(t *tile, b *block, r0 int, p []uint32, e0, e1 int) []float32 {
	vals := t.vals[:e1-e0]
	switch {
	case m.pos != nil:
		bs := m.scheme.BlockSize()
		for r := range len(p) - 1 {
			k0, k1 := e0+int(p[r]), e0+int(p[r+1])
			j := b.p0 + r0 + r - b.r0
			sp := int(m.pos[j]) + k0 - (b.e0 + int(m.f.ptr[j])) // k0's source position
			if bs <= maxRunPhase {
				m.decodeRun(t, vals[k0-e0:k1-e0], k0, sp)
				continue
			}
			for k0 < k1 {
				n := min(k1-k0, bs-sp%bs)
				m.decodePiece(t, vals[k0-e0:k0-e0+n], k0, sp)
				k0, sp = k0+n, sp+n
			}
		}
	case m.rows8():
		codes := m.codes[e0:e1]
		for r := range len(p) - 1 {
			s := m.scale[r0+r]
			for k := p[r]; k < p[r+1]; k++ {
				vals[k] = float32(codes[k]) * s
			}
		}
	case m.byIndex():
		m.decodeByIndex(t, b, vals, e0, e1)
	case m.scheme.Granularity() == quant.PerChannel: // along the compressed dimension
		rows := len(p) - 1
		for r := range rows {
			t.runs[r], t.ids[r] = uint64(e0)+uint64(p[r]), uint64(r0+r)
		}
		t.runs[rows] = uint64(e0) + uint64(p[rows])
		engine.Dequantize(vals, &m.v, e0, engine.PerRun(t.runs[:rows+1], t.ids[:rows]))
	default:
		engine.Dequantize(vals, &m.v, e0, engine.Channels{})
	}
	return vals
}

// decodeRun writes into dst the values of the len(dst) entries from form
// entry k, whose source positions are sp..: engine.Dequantize on a view
// whose values from position sp mod B on are those entries (their codes
// copied into t.codes at that phase) and whose parameters are the source's
// from block sp/B on. The block size B is at most maxRunPhase.
func (m *Quantized) decodeRun(t *tile, dst []float32, k, sp int) {
	sc, n := m.scheme, len(dst)
	bs := sc.BlockSize()
	g, first := sp/bs, sp%bs
	v := &t.piece
	*v = quant.Values{Scheme: sc, N: first + n}
	src := m.v.Codes
	if sc.CodeBits() == 4 {
		v.Codes = t.codes[:(first+n+1)>>1]
		if off := k - first; off&1 == 0 {
			copy(v.Codes[first>>1:], src[k>>1:(k+n+1)>>1])
		} else {
			// Nibble p of the view is nibble p+off of the codes, off odd:
			// view byte j is the high nibble of code byte j+d and the low
			// one of the next, eight bytes a step where they exist. The
			// view's nibbles outside first..first+n-1 are not decoded.
			d, j, end := (off-1)>>1, first>>1, len(v.Codes)
			for ; j < end && j+d < 0; j++ {
				v.Codes[j] = byteAt(src, j+d)>>4 | byteAt(src, j+d+1)<<4
			}
			for ; j+8 <= end && j+d+8 < len(src); j += 8 {
				w := binary.LittleEndian.Uint64(src[j+d:])
				binary.LittleEndian.PutUint64(v.Codes[j:], w>>4|uint64(src[j+d+8])<<60)
			}
			for ; j < end; j++ {
				v.Codes[j] = byteAt(src, j+d)>>4 | byteAt(src, j+d+1)<<4
			}
		}
	} else {
		v.Codes = t.codes[:first+n]
		copy(v.Codes[first:], src[k:k+n])
	}
	switch sc.Kind() {
	case quant.MXFP4, quant.MXFP8:
		v.Exp = m.v.Exp[g:]
	case quant.Uint8:
		v.Zero = m.v.Zero[g:]
		fallthrough
	default:
		v.Scale = m.v.Scale[g:]
	}
	engine.Dequantize(dst, v, first, engine.Channels{})
}

// byteAt returns b[i], or 0 for i outside b.
func byteAt(b []byte, i int) byte {
	if i < 0 || i >= len(b) {
		return 0
	}
	return b[i]
}

// decodePiece writes into dst the values of the len(dst) entries from form
// entry k, whose source positions sp.. lie in one block: engine.Dequantize
// on a view of their codes (from the byte of k, at its nibble) with that
// block's parameters.
func (m *Quantized) decodePiece(t *tile, dst []float32, k, sp int) {
	sc, g, n := m.scheme, sp/m.scheme.BlockSize(), len(dst)
	v := &t.piece
	*v = quant.Values{Scheme: sc, N: n}
	first := 0
	if sc.CodeBits() == 4 {
		first = k & 1
		v.N += first
		v.Codes = m.v.Codes[k>>1 : (k+n+1)>>1]
	} else {
		v.Codes = m.v.Codes[k : k+n]
	}
	// Positions first..first+n-1 of the view span at most two blocks.
	switch sc.Kind() {
	case quant.MXFP4, quant.MXFP8:
		t.exp = [2]uint8{m.v.Exp[g], m.v.Exp[g]}
		v.Exp = t.exp[:]
	case quant.Uint8:
		t.zero = [2]uint8{m.v.Zero[g], m.v.Zero[g]}
		v.Zero = t.zero[:]
		fallthrough
	default:
		t.scale = [2]float32{m.v.Scale[g], m.v.Scale[g]}
		v.Scale = t.scale[:]
	}
	engine.Dequantize(dst, v, first, engine.Channels{})
}
