package csr_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// randomDense returns a rows x cols row-major array with about density of
// its cells nonzero (values in [-4, 4), some exact zeros stored too: they
// are marked by keep).
func randomDense(rows, cols int, density float64, seed uint64) (d []float32, keep []bool) {
	rng := rand.New(rand.NewPCG(seed, 7))
	d = make([]float32, rows*cols)
	keep = make([]bool, rows*cols)
	for i := range d {
		if rng.Float64() < density {
			keep[i] = true
			if rng.IntN(10) > 0 {
				d[i] = float32(8*rng.Float64() - 4)
			}
		}
	}
	return d, keep
}

// fromDense builds the CSR (or CSC) matrix of the kept cells.
func fromDense(t *testing.T, d []float32, keep []bool, rows, cols int, csc bool) *csr.Matrix[float32] {
	t.Helper()
	return csr.DenseCells[float32](t, d, rows, cols, csc, func(i, j int) bool { return keep[i*cols+j] })
}

// refValue decodes entry k (at (i, j)) of q independently of
// quant.Values.At.
func refValue(q *csr.Quantized, k int, i, j uint64) float32 {
	return testutil.QuantValue(q.Values(), k, testutil.Channel(q.Scheme(), []uint64{i, j}))
}

// TestQuantizedEveryScheme: for every scheme, CSR and CSC, and sizes with
// odd nnz, Quantize gives a valid matrix whose At, All, FindBatch, T,
// Dequantize and buffer table agree with the codes read independently, and
// whose report is the error against the float values.
func TestQuantizedEveryScheme(t *testing.T) {
	for _, sz := range []struct {
		rows, cols int
		density    float64
	}{{7, 9, 0.4}, {1, 1, 1}, {13, 5, 0.7}, {4, 40, 0.5}, {3, 3, 0}} {
		d, keep := randomDense(sz.rows, sz.cols, sz.density, uint64(sz.rows*100+sz.cols))
		for _, csc := range []bool{false, true} {
			a := fromDense(t, d, keep, sz.rows, sz.cols, csc)
			testutil.EachScheme(t, 2, a, csr.Quantize[float32], func(q *csr.Quantized, rep quant.Report) { checkQuantized(t, a, q, rep) })
		}
	}
}

func checkQuantized(t *testing.T, a *csr.Matrix[float32], q *csr.Quantized, rep quant.Report) {
	t.Helper()
	if !q.Valid() || q.Scheme() != q.Values().Scheme || q.NNZ() != a.NNZ() || q.IsCSC() != a.IsCSC() || q.Tag() != a.Tag() {
		t.Fatalf("%v: header of %v", a, q)
	}
	var maxErr, sq float64
	for c, v := range a.All() {
		k, ok := q.Find(c[0], c[1])
		if !ok {
			t.Fatalf("%v: (%d,%d) not found", q, c[0], c[1])
		}
		want := refValue(q, k, c[0], c[1])
		if got := q.At(c[0], c[1]); math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("%v: At(%d,%d) = %v, want %v", q, c[0], c[1], got, want)
		}
		if got := q.T().At(c[1], c[0]); math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("%v: T().At(%d,%d) = %v, want %v", q, c[1], c[0], got, want)
		}
		e := math.Abs(float64(v) - float64(want))
		maxErr = max(maxErr, e)
		sq += e * e
	}
	if n := a.NNZ(); n > 0 && (rep.N != n || rep.MaxAbsErr != maxErr || math.Abs(rep.RMSErr-math.Sqrt(sq/float64(n))) > 1e-12*(1+rep.RMSErr)) {
		t.Fatalf("%v: report %+v, want max %v rms %v", q, rep, maxErr, math.Sqrt(sq/float64(n)))
	}
	// All in storage order, the values At gives.
	k := 0
	for c, v := range q.All() {
		if want := refValue(q, k, c[0], c[1]); math.Float32bits(v) != math.Float32bits(want) {
			t.Fatalf("%v: All entry %d (%v) = %v, want %v", q, k, c, v, want)
		}
		k++
	}
	if k != q.NNZ() {
		t.Fatalf("%v: All yielded %d", q, k)
	}
	// FindBatch gives Find's positions, -1 outside.
	rows, cols := q.Dims()
	var coords []uint64
	for i := range rows + 1 {
		for j := range cols + 1 {
			coords = append(coords, uint64(i), uint64(j))
		}
	}
	out := make([]int, len(coords)/2)
	q.FindBatch(coords, out)
	for n, o := range out {
		k, ok := q.Find(coords[2*n], coords[2*n+1])
		if !ok {
			k = -1
		}
		if o != k {
			t.Fatalf("%v: FindBatch (%d,%d) = %d, want %d", q, coords[2*n], coords[2*n+1], o, k)
		}
	}
	// Dequantize gives the same values in a float matrix of the same index.
	f := csr.Dequantize[float64](q)
	if f.IsCSC() != q.IsCSC() || f.NNZ() != q.NNZ() {
		t.Fatalf("%v: Dequantize gave %v", q, f)
	}
	for c, v := range f.All() {
		if v != float64(q.At(c[0], c[1])) {
			t.Fatalf("%v: Dequantize (%v) = %v, want %v", q, c, v, q.At(c[0], c[1]))
		}
	}
	// The buffer table: codes, ptr, idx, parameters; reopened byte for byte.
	bufs := q.Buffers()
	if len(bufs) != 3+q.Scheme().ParamCount() {
		t.Fatalf("%v: %d buffers", q, len(bufs))
	}
	from := csr.FromBuffersQuantized
	if q.IsCSC() {
		from = csr.FromBuffersQuantizedCSC
	}
	r, err := from(q.Rows(), q.Cols(), q.Scheme(), bufs, layout.Strict)
	if err != nil {
		t.Fatalf("%v: FromBuffersQuantized of its Buffers: %v", q, err)
	}
	for i, b := range r.Buffers() {
		if !bytes.Equal(b, bufs[i]) {
			t.Fatalf("%v: buffer %d differs after FromBuffersQuantized", q, i)
		}
	}
	if len(bufs[0]) > 0 && &r.Values().Codes[0] != &bufs[0][0] {
		t.Fatalf("%v: codes copied", q)
	}
}

// quantizedTable returns the buffer table of a small quantized CSR matrix
// (2x3, entries (0,0), (0,2), (1,1)) with scheme s: codes, row_ptr,
// col_idx, then parameter buffers.
func quantizedTable(t *testing.T, s string) (quant.Scheme, [][]byte) {
	t.Helper()
	a, err := csr.New(2, 3, []uint64{0, 2, 3}, []uint64{0, 2, 1}, []float32{1, -2, 0.5})
	if err != nil {
		t.Fatal(err)
	}
	return testutil.QuantTable(t, a, s, csr.Quantize[float32])
}

func f32(v float32) []byte { return binary.LittleEndian.AppendUint32(nil, math.Float32bits(v)) }

// TestQuantizedBadInput: every malformed table is an error naming the
// buffer by its index in the table, the element and the value, in strict
// mode and from Validate of a permissive hold, which refuses to compute.
func TestQuantizedBadInput(t *testing.T) {
	for _, c := range []struct {
		name, scheme string
		edit         func(b [][]byte) [][]byte
		want         string
	}{
		{"no parameter buffer", "int8:tensor", func(b [][]byte) [][]byte { return b[:3] }, "3 buffers, want 4"},
		{"extra parameter buffer", "int8:tensor", func(b [][]byte) [][]byte { return append(b, f32(1)) }, "5 buffers, want 4"},
		{"one of two", "uint8:tensor", func(b [][]byte) [][]byte { return b[:4] }, "4 buffers, want 5"},
		{"short scale", "int8:channel:axis=0", func(b [][]byte) [][]byte { b[3] = b[3][:4]; return b }, "buffer 3 (scale): length 1, want 2"},
		{"long scale", "int8:block=2", func(b [][]byte) [][]byte { b[3] = append(b[3], f32(1)...); return b }, "buffer 3 (scale): length 3, want 2"},
		{"partial float", "int8:tensor", func(b [][]byte) [][]byte { b[3] = b[3][:3]; return b }, "buffer 3 (scale): byte length 3 is not a multiple of 4"},
		{"NaN scale", "int8:channel:axis=1", func(b [][]byte) [][]byte { copy(b[3][4:], f32(float32(math.NaN()))); return b }, "buffer 3 (scale)[1]: NaN"},
		{"Inf scale", "int8:tensor", func(b [][]byte) [][]byte { b[3] = f32(float32(math.Inf(1))); return b }, "buffer 3 (scale)[0]: +Inf"},
		{"zero scale", "uint8:tensor", func(b [][]byte) [][]byte { b[3] = f32(0); return b }, "buffer 3 (scale)[0]: 0, want a finite scale > 0"},
		{"negative scale", "int4:block=2", func(b [][]byte) [][]byte { copy(b[3][4:], f32(-1)); return b }, "buffer 3 (scale)[1]: -1"},
		{"negative absmax", "nf4:block=2", func(b [][]byte) [][]byte { copy(b[3], f32(-1)); return b }, "buffer 3 (absmax)[0]: -1"},
		{"short zero point", "uint8:block=2", func(b [][]byte) [][]byte { b[4] = b[4][:1]; return b }, "buffer 4 (zero_point): length 1, want 2"},
		{"E8M0 NaN", "mxfp8", func(b [][]byte) [][]byte { b[3][0] = 0xFF; return b }, "buffer 3 (scale)[0]: 0xff is an E8M0 NaN"},
		{"E4M3 NaN", "mxfp8", func(b [][]byte) [][]byte { b[0][2] = 0x7F; return b }, "buffer 0 (codes)[2]: 0x7f is an E4M3 NaN"},
		{"padding nibble", "int4:block=2", func(b [][]byte) [][]byte { b[0][1] |= 0x30; return b }, "buffer 0 (codes)[1]"},
		{"codes short", "int8:tensor", func(b [][]byte) [][]byte { b[0] = b[0][:2]; return b }, "buffer 0 (codes): length 2, want 3"},
		{"codes long", "nf4", func(b [][]byte) [][]byte { b[0] = append(b[0], 0); return b }, "buffer 0 (codes): length 3, want 2"},
		{"index", "int8:tensor", func(b [][]byte) [][]byte { binary.LittleEndian.PutUint64(b[2][8:], 7); return b }, "col_idx[1]: 7 is not below the dimension size 3"},
		{"overlap", "int8:tensor", func(b [][]byte) [][]byte { b[3] = b[1][:4]; return b }, "buffer 3 shares memory with buffer 1"},
	} {
		s, bufs := quantizedTable(t, c.scheme)
		bufs = c.edit(bufs)
		testutil.BadTable(t, c.name, c.want, bufs, func(mode layout.Mode) (*csr.Quantized, error) {
			return csr.FromBuffersQuantized(2, 3, s, bufs, mode)
		}, func(p *csr.Quantized) { p.At(0, 0) })
	}
}

// TestQuantizedConstructors: NewQuantized checks N against nnz and the
// scheme's axis against the rank; a zero scheme is refused.
func TestQuantizedConstructors(t *testing.T) {
	s, bufs := quantizedTable(t, "int8:channel:axis=0")
	v, err := quant.FromBuffers(s, 3, bufs[0], bufs[3:], quant.Loc{Layout: layout.TagCSR, First: 3})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := csr.NewQuantized(2, 3, []uint64{0, 2, 3}, []uint64{0, 2, 1}, v); err != nil {
		t.Fatal(err)
	}
	if _, err := csr.NewQuantized(2, 3, []uint64{0, 2, 2}, []uint64{0, 2}, v); err == nil || !strings.Contains(err.Error(), "buffer 0 (codes): 3 values, want 2 (nnz)") {
		t.Fatalf("N above nnz: %v", err)
	}
	v.Scheme = quant.MustParse("int8:channel:axis=2")
	if _, err := csr.NewQuantized(2, 3, []uint64{0, 2, 3}, []uint64{0, 2, 1}, v); err == nil || !errors.Is(err, layout.ErrInvalid) || !strings.Contains(err.Error(), "axis 2") {
		t.Fatalf("axis 2 of a matrix: %v", err)
	}
	if _, err := csr.FromBuffersQuantized(2, 3, quant.Scheme{}, bufs, layout.Permissive); err == nil || !strings.Contains(err.Error(), "scheme") {
		t.Fatalf("zero scheme: %v", err)
	}
	// A float table with parameter buffers points to the quantized type.
	if _, err := csr.FromBuffers[float32](2, 3, [][]byte{make([]byte, 12), bufs[1], bufs[2], bufs[3]}, layout.Strict); !errors.Is(err, layout.ErrUnsupported) || !strings.Contains(err.Error(), "quantized type") {
		t.Fatalf("float FromBuffers of a quantized table: %v", err)
	}
}

// TestQuantizedT: the transpose view swaps a channel axis, shares the
// codes and the validation state.
func TestQuantizedT(t *testing.T) {
	d, keep := randomDense(5, 6, 0.5, 3)
	a := fromDense(t, d, keep, 5, 6, false)
	q, _, err := csr.Quantize(a, quant.MustParse("uint8:channel:axis=1"))
	if err != nil {
		t.Fatal(err)
	}
	tq := q.T()
	if tq.Scheme().String() != "uint8:channel:axis=0" || !tq.IsCSC() || tq.Rows() != 6 || &tq.Values().Codes[0] != &q.Values().Codes[0] {
		t.Fatalf("T of %v: %v", q, tq)
	}
	if err := tq.Validate(); err != nil {
		t.Fatal(err)
	}
	// Breaking the shared index fails both.
	q.Idx()[0] = 99
	if tq.Validate() == nil || q.Valid() {
		t.Fatal("a broken index validated, or the view's failure did not reach the matrix")
	}
	q.Idx()[0] = a.Idx()[0]
	if err := q.Validate(); err != nil || !tq.Valid() {
		t.Fatalf("restored: %v", err)
	}
}

// FuzzFromBuffersQuantized: any table is refused with an error or accepted
// as a valid matrix, strict mode agreeing with permissive mode followed by
// Validate; an accepted matrix re-emits its table, and At, All, FindBatch
// and Dequantize agree on every entry.
func FuzzFromBuffersQuantized(f *testing.F) {
	schemes := append(testutil.Schemes(2), quant.MustParse("int8:channel:axis=2"))
	f.Add([]byte{0, 2, 3, 3, 4, 4, 3, 0, 2, 3, 3, 0, 1, 2, 1, 1})
	f.Add([]byte{3, 2, 2, 1, 3, 3, 5, 0, 1, 2, 3, 3, 2, 1, 2, 0, 3, 0, 9, 1, 2, 1})
	f.Add([]byte{9, 3, 2, 1, 3, 3, 7, 0, 2, 3, 3, 3, 3, 0, 0, 0, 3, 0, 0, 0, 5, 9, 9})
	f.Add([]byte{0x43, 4, 2, 5, 3, 6, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Add([]byte{0xC4, 3, 10, 15, 7, 0, 9, 200, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		rows, cols, csc := uint64(data[0]%5), uint64(data[1]%5), data[0]&0x80 != 0
		var s quant.Scheme
		var bufs [][]byte
		if data[0]&0x40 == 0 {
			s, bufs, _ = testutil.FuzzTable(data[2:], 3, schemes)
		} else {
			// A valid index from bit masks, one a compressed row, and
			// values of the right lengths.
			s, bufs = structuredMatrix(data[1:], rows, cols, csc, schemes)
		}
		if s.IsZero() {
			return
		}
		from := csr.FromBuffersQuantized
		if csc {
			from = csr.FromBuffersQuantizedCSC
		}
		q, err := from(rows, cols, s, bufs, layout.Strict)
		p, perr := from(rows, cols, s, bufs, layout.Permissive)
		if perr == nil {
			if p.Valid() {
				t.Fatal("a permissive hold is valid before Validate")
			}
			perr = p.Validate()
		}
		if !testutil.StrictAgrees(t, err, perr, bufs, q.Buffers) {
			return
		}
		f := csr.Dequantize[float32](q)
		var coords []uint64
		k := 0
		for c, v := range q.All() {
			if i, ok := q.Find(c[0], c[1]); !ok || i != k || math.Float32bits(q.At(c[0], c[1])) != math.Float32bits(v) || math.Float32bits(f.Values()[k]) != math.Float32bits(v) {
				t.Fatalf("entry %d (%v): Find %d %v, At %v, All %v, Dequantize %v", k, c, i, ok, q.At(c[0], c[1]), v, f.Values()[k])
			}
			coords = append(coords, c...)
			k++
		}
		testutil.FindsEach(t, coords, k, q.FindBatch)
	})
}

// structuredMatrix builds a valid index from data (a bit mask of the minor
// dimension for each compressed row) and codes and parameters of the right
// lengths (testutil.FuzzValues), under the scheme data[0] picks.
func structuredMatrix(data []byte, rows, cols uint64, csc bool, schemes []quant.Scheme) (quant.Scheme, [][]byte) {
	s := schemes[int(data[0])%len(schemes)]
	data = data[1:]
	major, minor := rows, cols
	if csc {
		major, minor = cols, rows
	}
	ptr := []uint64{0}
	var idx []uint64
	for range major {
		var mask byte
		if len(data) > 0 {
			mask, data = data[0], data[1:]
		}
		for j := range minor {
			if mask>>j&1 != 0 {
				idx = append(idx, j)
			}
		}
		ptr = append(ptr, uint64(len(idx)))
	}
	codes, params := testutil.FuzzValues(data, s, []uint64{rows, cols}, len(idx))
	bufs := [][]byte{codes, {}, {}}
	for _, p := range ptr {
		bufs[1] = binary.LittleEndian.AppendUint64(bufs[1], p)
	}
	for _, i := range idx {
		bufs[2] = binary.LittleEndian.AppendUint64(bufs[2], i)
	}
	return s, append(bufs, params...)
}
