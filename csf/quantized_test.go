package csf_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// TestQuantizedEveryScheme: every scheme (a channel along every mode,
// whichever level stores it), ranks 3 and 4, every mode order of rank 3,
// odd leaf counts: At, All, FindBatch and Dequantize decode each code as
// the scheme table does, the report is the error against the float values,
// and the buffer table reopens byte for byte.
func TestQuantizedEveryScheme(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, c := range []struct {
		shape []uint64
		n     int
	}{{[]uint64{3, 4, 5}, 29}, {[]uint64{2, 3, 2, 3}, 17}, {[]uint64{6, 1, 7}, 1}} {
		for _, mo := range modeOrders(rng, len(c.shape)) {
			x, _ := randomTensor(rng, c.shape, mo, c.n)
			for i := range x.Values() {
				if rng.IntN(9) > 0 {
					x.Values()[i] = 10*rng.Float64() - 5
				} else {
					x.Values()[i] = 0
				}
			}
			testutil.EachScheme(t, len(c.shape), x, csf.Quantize[float64], func(q *csf.Quantized, rep quant.Report) { checkQuantized(t, x, q, rep) })
		}
	}
}

func checkQuantized(t *testing.T, x *csf.Tensor[float64], q *csf.Quantized, rep quant.Report) {
	t.Helper()
	if !q.Valid() || q.NNZ() != x.NNZ() || !slices.Equal(q.ModeOrder(), x.ModeOrder()) || !slices.Equal(q.LevelSizes(), x.LevelSizes()) {
		t.Fatalf("%v: header of %v", x, q)
	}
	var maxErr, sq float64
	k := 0
	var coords []uint64
	for c, v := range q.All() {
		want := testutil.QuantValue(q.Values(), k, testutil.Channel(q.Scheme(), c))
		if math.Float32bits(v) != math.Float32bits(want) {
			t.Fatalf("%v: All leaf %d (%v) = %v, want %v", q, k, c, v, want)
		}
		if got := q.At(c...); math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("%v: At(%v) = %v, want %v", q, c, got, want)
		}
		e := math.Abs(x.Values()[k] - float64(want))
		maxErr = max(maxErr, e)
		sq += e * e
		coords = append(coords, c...)
		k++
	}
	if k != q.NNZ() {
		t.Fatalf("%v: All yielded %d", q, k)
	}
	if n := x.NNZ(); n > 0 && (rep.N != n || rep.MaxAbsErr != maxErr || math.Abs(rep.RMSErr-math.Sqrt(sq/float64(n))) > 1e-12*(1+rep.RMSErr)) {
		t.Fatalf("%v: report %+v, want max %v rms %v", q, rep, maxErr, math.Sqrt(sq/float64(n)))
	}
	out := make([]int, k)
	q.FindBatch(coords, out)
	for i, o := range out {
		if o != i {
			t.Fatalf("%v: FindBatch of leaf %d gave %d", q, i, o)
		}
	}
	// Channels agree with the coordinates All gives.
	if q.Scheme().Granularity() == quant.PerChannel {
		deq := make([]float32, q.NNZ())
		v := q.Values()
		v.Dequantize(deq, q.Channels())
		r := q.Rank()
		for i := range deq {
			if want := testutil.QuantValue(v, i, testutil.Channel(q.Scheme(), coords[i*r:(i+1)*r])); math.Float32bits(deq[i]) != math.Float32bits(want) {
				t.Fatalf("%v: Dequantize through Channels, leaf %d = %v, want %v", q, i, deq[i], want)
			}
		}
	}
	f := csf.Dequantize[float64](q)
	for i, v := range f.Values() {
		if v != float64(testutil.QuantValue(q.Values(), i, testutil.Channel(q.Scheme(), coords[i*q.Rank():]))) {
			t.Fatalf("%v: Dequantize leaf %d = %v", q, i, v)
		}
	}
	bufs := q.Buffers()
	if len(bufs) != 2*q.Rank()+1+q.Scheme().ParamCount() {
		t.Fatalf("%v: %d buffers", q, len(bufs))
	}
	p, err := csf.FromBuffersQuantized(q.Shape(), q.ModeOrder(), q.Scheme(), bufs, layout.Strict)
	if err != nil {
		t.Fatalf("%v: FromBuffersQuantized of its Buffers: %v", q, err)
	}
	for i, b := range p.Buffers() {
		if !bytes.Equal(b, bufs[i]) {
			t.Fatalf("%v: buffer %d differs", q, i)
		}
	}
}

func f32(v float32) []byte { return binary.LittleEndian.AppendUint32(nil, math.Float32bits(v)) }

// TestQuantizedBadInput: malformed tables are errors naming the buffer by
// its index in the CSF table (parameters from 2·rank+1 = 7 at rank 3), the
// element and the value; a permissive hold refuses to compute and re-emits
// its bytes.
func TestQuantizedBadInput(t *testing.T) {
	shape, mo, pos, crd, vals := small()
	x, err := csf.New(shape, mo, pos, crd, vals)
	if err != nil {
		t.Fatal(err)
	}
	table := func(s string) (quant.Scheme, [][]byte) { return testutil.QuantTable(t, x, s, csf.Quantize[float64]) }
	for _, c := range []struct {
		name, scheme string
		edit         func(b [][]byte) [][]byte
		want         string
	}{
		{"missing parameters", "int8:tensor", func(b [][]byte) [][]byte { return b[:7] }, "7 buffers, want 8"},
		{"extra parameters", "mxfp8", func(b [][]byte) [][]byte { return append(b, []byte{1}) }, "9 buffers, want 8"},
		{"short scale", "int8:channel:axis=1", func(b [][]byte) [][]byte { b[7] = b[7][:4]; return b }, "buffer 7 (scale): length 1"},
		{"long zero point", "uint8:block=2", func(b [][]byte) [][]byte { b[8] = append(b[8], 0); return b }, "buffer 8 (zero_point): length 3, want 2"},
		{"Inf scale", "int8:block=3", func(b [][]byte) [][]byte { copy(b[7][4:], f32(float32(math.Inf(-1)))); return b }, "buffer 7 (scale)[1]: -Inf"},
		{"NaN absmax", "nf4", func(b [][]byte) [][]byte { copy(b[7], f32(float32(math.NaN()))); return b }, "buffer 7 (absmax)[0]: NaN"},
		{"E8M0 NaN", "mxfp4", func(b [][]byte) [][]byte { b[7][0] = 0xFF; return b }, "buffer 7 (scale)[0]: 0xff is an E8M0 NaN"},
		{"E4M3 NaN", "mxfp8", func(b [][]byte) [][]byte { b[0][3] = 0xFF; return b }, "buffer 0 (codes)[3]: 0xff is an E4M3 NaN"},
		{"codes short", "int4:block=2", func(b [][]byte) [][]byte { b[0] = b[0][:1]; return b }, "buffer 0 (codes): length 1, want 2"},
		{"pos", "int8:tensor", func(b [][]byte) [][]byte { binary.LittleEndian.PutUint64(b[3][8:], 9); return b }, "level 1 pos"},
	} {
		s, bufs := table(c.scheme)
		bufs = c.edit(bufs)
		testutil.BadTable(t, c.name, c.want, bufs, func(mode layout.Mode) (*csf.Quantized, error) {
			return csf.FromBuffersQuantized(shape, mo, s, bufs, mode)
		}, func(p *csf.Quantized) { p.At(0, 0, 0) })
	}
	// An axis beyond the rank, and a rank below 3.
	s, bufs := table("int8:tensor")
	bufs[7] = slices.Repeat(f32(1), 4)
	if _, err := csf.FromBuffersQuantized(shape, mo, quant.MustParse("int8:channel:axis=3"), bufs, layout.Strict); err == nil || !strings.Contains(err.Error(), "axis 3") {
		t.Fatalf("axis 3 at rank 3: %v", err)
	}
	if _, err := csf.FromBuffersQuantized(shape[:2], mo[:2], s, bufs[:6], layout.Permissive); err == nil || !strings.Contains(err.Error(), "rank 2") {
		t.Fatalf("rank 2: %v", err)
	}
}

// FuzzFromBuffersQuantized: any table is refused with an error or accepted
// as a valid tensor, strict mode agreeing with permissive mode followed by
// Validate; an accepted tensor re-emits its table, and At, All, FindBatch,
// Channels and Dequantize agree on every leaf.
func FuzzFromBuffersQuantized(f *testing.F) {
	schemes := append(testutil.Schemes(4), quant.MustParse("int8:channel:axis=4"))
	f.Add([]byte{0, 0, 2, 3, 4, 4, 3, 0, 2, 3, 3, 0, 1, 2, 1, 1, 2, 2, 2, 2, 2})
	f.Add([]byte{0x43, 4, 9, 5, 3, 6, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Add([]byte{0xC1, 3, 10, 15, 7, 0, 9, 200, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 4 {
			return
		}
		rank := 3 + int(data[0]&1)
		perms := permutations(rank)
		mo := perms[int(data[1])%len(perms)]
		shape := make([]uint64, rank)
		for m := range shape {
			shape[m] = uint64(1 + (int(data[2])>>m)%4)
		}
		var s quant.Scheme
		var bufs [][]byte
		if data[0]&0x40 == 0 {
			s, bufs, _ = testutil.FuzzTable(data[3:], 2*rank+1, schemes)
		} else {
			s, bufs = structuredTree(data[3:], shape, mo, schemes)
		}
		if s.IsZero() {
			return
		}
		q, err := csf.FromBuffersQuantized(shape, mo, s, bufs, layout.Strict)
		p, perr := csf.FromBuffersQuantized(shape, mo, s, bufs, layout.Permissive)
		if perr == nil {
			perr = p.Validate()
		}
		if !testutil.StrictAgrees(t, err, perr, bufs, q.Buffers) {
			return
		}
		f := csf.Dequantize[float32](q)
		var coords []uint64
		k := 0
		for c, v := range q.All() {
			if math.Float32bits(q.At(c...)) != math.Float32bits(v) || math.Float32bits(f.Values()[k]) != math.Float32bits(v) {
				t.Fatalf("leaf %d (%v): At %v, All %v, Dequantize %v", k, c, q.At(c...), v, f.Values()[k])
			}
			coords = append(coords, c...)
			k++
		}
		testutil.FindsEach(t, coords, k, q.FindBatch)
	})
}

// structuredTree builds valid levels from data (for each node, a bit mask
// of its children's coordinates) and codes and parameters of the right
// lengths (testutil.FuzzValues), under the scheme data[0] picks.
func structuredTree(data []byte, shape []uint64, mo []uint32, schemes []quant.Scheme) (quant.Scheme, [][]byte) {
	s := schemes[int(data[0])%len(schemes)]
	data = data[1:]
	rank := len(shape)
	pos := make([][]uint64, rank)
	crd := make([][]uint64, rank)
	parents := 1
	for l := range rank {
		pos[l] = []uint64{0}
		for range parents {
			var mask byte
			if len(data) > 0 {
				mask, data = data[0], data[1:]
			}
			for c := range shape[mo[l]] {
				if mask>>c&1 != 0 {
					crd[l] = append(crd[l], c)
				}
			}
			pos[l] = append(pos[l], uint64(len(crd[l])))
		}
		parents = len(crd[l])
	}
	codes, params := testutil.FuzzValues(data, s, shape, parents)
	bufs := [][]byte{codes}
	for l := range rank {
		p, c := []byte{}, []byte{}
		for _, v := range pos[l] {
			p = binary.LittleEndian.AppendUint64(p, v)
		}
		for _, v := range crd[l] {
			c = binary.LittleEndian.AppendUint64(c, v)
		}
		bufs = append(bufs, p, c)
	}
	return s, append(bufs, params...)
}
