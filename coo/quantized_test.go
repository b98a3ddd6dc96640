package coo_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// randomCOO returns a tensor of n entries in the given shape, in random
// order, with some coordinates repeated and some zeros stored.
func randomCOO(t *testing.T, shape []uint64, n int, seed uint64) *coo.Tensor[float64] {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 11))
	r := len(shape)
	coords := make([]uint64, 0, n*r)
	vals := make([]float64, n)
	for i := range n {
		if i > 0 && rng.IntN(8) == 0 {
			coords = append(coords, coords[(i-1)*r:i*r]...) // a repeat
		} else {
			for _, d := range shape {
				coords = append(coords, rng.Uint64N(d))
			}
		}
		if rng.IntN(10) > 0 {
			vals[i] = 6*rng.Float64() - 3
		}
	}
	x, err := coo.New(shape, coords, vals)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// TestQuantizedEveryScheme: every scheme, ranks 1 to 4, odd counts, sorted
// and unsorted tuples with repeats: At sums the dequantized repeats, All
// and Dequantize decode each code as the scheme table does, the report is
// the error against the float values, and the buffer table reopens byte
// for byte.
func TestQuantizedEveryScheme(t *testing.T) {
	for _, c := range []struct {
		shape []uint64
		n     int
	}{{[]uint64{9}, 7}, {[]uint64{5, 6}, 13}, {[]uint64{4, 3, 5}, 33}, {[]uint64{2, 3, 2, 3}, 21}, {[]uint64{3, 3}, 0}} {
		x := randomCOO(t, c.shape, c.n, uint64(c.n))
		for _, sorted := range []bool{false, true} {
			if sorted {
				if err := x.Sort(nil); err != nil {
					t.Fatal(err)
				}
			}
			testutil.EachScheme(t, len(c.shape), x, coo.Quantize[float64], func(q *coo.Quantized, rep quant.Report) { checkQuantized(t, x, q, rep) })
		}
	}
}

func checkQuantized(t *testing.T, x *coo.Tensor[float64], q *coo.Quantized, rep quant.Report) {
	t.Helper()
	r := x.Rank()
	if !q.Valid() || q.NNZ() != x.NNZ() || q.Rank() != r || q.IsSorted() != x.IsSorted() || q.Descriptor() != x.Descriptor() || !slices.Equal(q.Coords(), x.Coords()) {
		t.Fatalf("%v: header of %v", x, q)
	}
	if x.NNZ() > 0 && &q.Coords()[0] == &x.Coords()[0] {
		t.Fatalf("%v: Quantize shares the coordinates", q)
	}
	var maxErr, sq float64
	i := 0
	for c, v := range q.All() {
		want := testutil.QuantValue(q.Values(), i, testutil.Channel(q.Scheme(), c))
		if math.Float32bits(v) != math.Float32bits(want) {
			t.Fatalf("%v: All entry %d (%v) = %v, want %v", q, i, c, v, want)
		}
		e := math.Abs(x.Values()[i] - float64(want))
		maxErr = max(maxErr, e)
		sq += e * e
		i++
	}
	if i != q.NNZ() {
		t.Fatalf("%v: All yielded %d", q, i)
	}
	if n := x.NNZ(); n > 0 && (rep.N != n || rep.MaxAbsErr != maxErr || math.Abs(rep.RMSErr-math.Sqrt(sq/float64(n))) > 1e-12*(1+rep.RMSErr)) {
		t.Fatalf("%v: report %+v, want max %v rms %v", q, rep, maxErr, math.Sqrt(sq/float64(n)))
	}
	// At sums the repeats of a coordinate in storage order.
	for k := range q.NNZ() {
		c := q.Coord(k)
		var want float32
		for j := range q.NNZ() {
			if slices.Equal(q.Coord(j), c) {
				want += testutil.QuantValue(q.Values(), j, testutil.Channel(q.Scheme(), c))
			}
		}
		if got := q.At(c...); math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("%v: At(%v) = %v, want %v", q, c, got, want)
		}
	}
	miss := make([]uint64, r)
	copy(miss, x.Shape())
	miss[0]-- // the last cell of the first mode may be empty; look up the corner
	out := make([]int, 1)
	q.FindBatch(miss, out)
	if k, ok := q.Find(miss); (ok && out[0] != k) || (!ok && out[0] != -1) {
		t.Fatalf("%v: FindBatch %v = %d, Find = %d %v", q, miss, out[0], k, ok)
	}
	f := coo.Dequantize[float64](q)
	for k, v := range f.Values() {
		if v != float64(testutil.QuantValue(q.Values(), k, testutil.Channel(q.Scheme(), q.Coord(k)))) {
			t.Fatalf("%v: Dequantize value %d = %v", q, k, v)
		}
	}
	if !slices.Equal(f.Coords(), q.Coords()) || f.IsSorted() != q.IsSorted() {
		t.Fatalf("%v: Dequantize index", q)
	}
	bufs := q.Buffers()
	p, err := coo.FromBuffersQuantized(x.Shape(), q.Scheme(), bufs, layout.Strict)
	if err != nil {
		t.Fatalf("%v: FromBuffersQuantized of its Buffers: %v", q, err)
	}
	for i, b := range p.Buffers() {
		if !bytes.Equal(b, bufs[i]) {
			t.Fatalf("%v: buffer %d differs", q, i)
		}
	}
	if p.IsSorted() != q.IsSorted() {
		t.Fatalf("%v: reopened sorted = %v", q, p.IsSorted())
	}
}

func f32(v float32) []byte { return binary.LittleEndian.AppendUint32(nil, math.Float32bits(v)) }

// TestQuantizedBadInput: malformed tables are errors naming the buffer by
// its index in the COO table (parameters from 2), the element and the
// value; a permissive hold refuses to compute and re-emits its bytes.
func TestQuantizedBadInput(t *testing.T) {
	x, err := coo.New([]uint64{3, 4, 2}, []uint64{0, 1, 1, 2, 3, 0, 1, 1, 1}, []float32{1, -2, 0.5})
	if err != nil {
		t.Fatal(err)
	}
	table := func(s string) (quant.Scheme, [][]byte) { return testutil.QuantTable(t, x, s, coo.Quantize[float32]) }
	for _, c := range []struct {
		name, scheme string
		shape        []uint64
		edit         func(b [][]byte) [][]byte
		want         string
	}{
		{"missing parameters", "int8:tensor", nil, func(b [][]byte) [][]byte { return b[:2] }, "2 buffers, want 3"},
		{"extra parameters", "uint8:block=2", nil, func(b [][]byte) [][]byte { return append(b, []byte{1}) }, "5 buffers, want 4"},
		{"short scale", "int8:channel:axis=2", nil, func(b [][]byte) [][]byte { b[2] = b[2][:4]; return b }, "buffer 2 (scale): length 1, want 2"},
		{"long absmax", "nf4:block=2", nil, func(b [][]byte) [][]byte { b[2] = append(b[2], f32(1)...); return b }, "buffer 2 (absmax): length 3, want 2"},
		{"NaN scale", "int8:channel:axis=1", nil, func(b [][]byte) [][]byte { copy(b[2][8:], f32(float32(math.NaN()))); return b }, "buffer 2 (scale)[2]: NaN"},
		{"negative scale", "uint8:channel:axis=0", nil, func(b [][]byte) [][]byte { copy(b[2][4:], f32(-0.5)); return b }, "buffer 2 (scale)[1]: -0.5"},
		{"zero scale", "int4:block=2", nil, func(b [][]byte) [][]byte { copy(b[2], f32(0)); return b }, "buffer 2 (scale)[0]: 0"},
		{"E8M0 NaN", "mxfp4", nil, func(b [][]byte) [][]byte { b[2][0] = 0xFF; return b }, "buffer 2 (scale)[0]: 0xff is an E8M0 NaN"},
		{"padding nibble", "mxfp4", nil, func(b [][]byte) [][]byte { b[0][1] |= 0x10; return b }, "buffer 0 (codes)[1]"},
		{"axis out of range", "int8:channel:axis=3", nil, func(b [][]byte) [][]byte { return b }, "axis 3"},
		{"coordinate", "int8:tensor", nil, func(b [][]byte) [][]byte { binary.LittleEndian.PutUint64(b[1][8:], 9); return b }, "coords[1]: entry 0 mode 1: 9"},
		{"rank 0", "int8:tensor", []uint64{}, func(b [][]byte) [][]byte { return b }, "rank 0"},
	} {
		spelling := c.scheme
		if spelling == "int8:channel:axis=3" {
			spelling = "int8:tensor"
		}
		s, bufs := table(spelling)
		if c.scheme != spelling {
			s = quant.MustParse(c.scheme)
			bufs[2] = f32(1)
		}
		bufs = c.edit(bufs)
		shape := []uint64{3, 4, 2}
		if c.shape != nil {
			shape = c.shape
		}
		testutil.BadTable(t, c.name, c.want, bufs, func(mode layout.Mode) (*coo.Quantized, error) {
			return coo.FromBuffersQuantized(shape, s, bufs, mode)
		}, func(p *coo.Quantized) { p.At(0, 0, 0) })
	}
	// NewQuantized checks N against the tuples.
	q, _, _ := coo.Quantize(x, quant.MustParse("int8:tensor"))
	if _, err := coo.NewQuantized(x.Shape(), x.Coords()[:6], q.Values()); err == nil || !strings.Contains(err.Error(), "coords: length 6, want nnz*rank = 3*3") {
		t.Fatalf("N above the tuples: %v", err)
	}
}

// FuzzFromBuffersQuantized: any table is refused with an error or accepted
// as a valid tensor, strict mode agreeing with permissive mode followed by
// Validate; an accepted tensor re-emits its table, and At (summing
// repeats), All, Find and Dequantize agree.
func FuzzFromBuffersQuantized(f *testing.F) {
	schemes := append(testutil.Schemes(4), quant.MustParse("int8:channel:axis=4"))
	f.Add([]byte{2, 0, 2, 3, 4, 4, 3, 0, 2, 3, 3, 0, 1, 2, 1, 1})
	f.Add([]byte{0x43, 4, 2, 5, 3, 6, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Add([]byte{0xC1, 3, 10, 15, 7, 0, 9, 200, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 3 {
			return
		}
		rank := int(data[0]&3) + 1
		if data[0]&0x3C == 0x3C {
			rank = 0
		}
		shape := make([]uint64, rank)
		for m := range shape {
			shape[m] = uint64(1 + (int(data[1])>>m)%5)
		}
		var s quant.Scheme
		var bufs [][]byte
		if data[0]&0x40 == 0 {
			s, bufs, _ = testutil.FuzzTable(data[2:], 2, schemes)
		} else if rank > 0 {
			s = schemes[int(data[2])%len(schemes)]
			rest := data[3:]
			n := 0
			if len(rest) > 0 {
				n, rest = int(rest[0]%9), rest[1:]
			}
			coords := []byte{}
			for i := range n * rank {
				c := uint64(0)
				if i < len(rest) {
					c = uint64(rest[i]) % shape[i%rank]
				}
				coords = binary.LittleEndian.AppendUint64(coords, c)
			}
			if n*rank <= len(rest) {
				rest = rest[n*rank:]
			} else {
				rest = nil
			}
			codes, params := testutil.FuzzValues(rest, s, shape, n)
			bufs = append([][]byte{codes, coords}, params...)
		}
		if s.IsZero() {
			return
		}
		q, err := coo.FromBuffersQuantized(shape, s, bufs, layout.Strict)
		p, perr := coo.FromBuffersQuantized(shape, s, bufs, layout.Permissive)
		if perr == nil {
			perr = p.Validate()
		}
		if !testutil.StrictAgrees(t, err, perr, bufs, q.Buffers) {
			return
		}
		f := coo.Dequantize[float32](q)
		k := 0
		for c, v := range q.All() {
			if i, ok := q.Find(c); !ok || !slices.Equal(q.Coord(i), c) {
				t.Fatalf("entry %d (%v): Find %d %v", k, c, i, ok)
			}
			if math.Float32bits(f.Values()[k]) != math.Float32bits(v) {
				t.Fatalf("entry %d: All %v, Dequantize %v", k, v, f.Values()[k])
			}
			if got, want := q.At(c...), f.At(c...); math.Float32bits(got) != math.Float32bits(want) {
				t.Fatalf("entry %d: At %v, the dequantized tensor's %v", k, got, want)
			}
			k++
		}
	})
}
