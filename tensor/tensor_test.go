package tensor_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
	"github.com/hurray-format/hurray-go/tensor"
)

// table is one buffer table with its descriptor and the type Open must
// return.
type table struct {
	name string
	d    tensor.Descriptor
	bufs [][]byte
	want string // the concrete type's name
}

// tables builds a table of every layout (COO of rank 2 and 3, CSR, CSC,
// CSF) with every value type: float32, float64, and the codes of an int8
// channel scheme, a uint8 block scheme (two parameter buffers) and nf4.
func tables(t testing.TB) []table {
	t.Helper()
	var out []table
	schemes := []string{"int8:channel:axis=1", "uint8:block=2", "nf4"}
	add := func(name string, d tensor.Descriptor, bufs [][]byte, want string) {
		out = append(out, table{name, d, bufs, want})
	}
	// A 3x4 matrix.
	rows, cols := uint64(3), uint64(4)
	ptr, idx, vals := []uint64{0, 2, 2, 5}, []uint64{0, 3, 0, 1, 2}, []float64{1, -2, 0.5, 3, -4}
	a64, err := csr.New(rows, cols, ptr, idx, vals)
	if err != nil {
		t.Fatal(err)
	}
	a32 := csr.Dequantize[float32](mustQ(csr.Quantize(a64, quant.MustParse("mxfp8"))))
	for _, csc := range []bool{false, true} {
		var l layout.Descriptor = layout.CSR{NNZ: 5}
		tag := "csr"
		m64, m32 := a64, a32
		if csc {
			l, tag = layout.CSC{NNZ: 5}, "csc"
			m64 = csrToCSC(t, a64)
			m32 = csrToCSC(t, a32)
		}
		add(tag+"/float64", tensor.Descriptor{Shape: []uint64{rows, cols}, Layout: l, Type: tensor.Float64}, m64.Buffers(), "*csr.Matrix[float64]")
		add(tag+"/float32", tensor.Descriptor{Shape: []uint64{rows, cols}, Layout: l, Type: tensor.Float32}, m32.Buffers(), "*csr.Matrix[float32]")
		for _, sp := range schemes {
			q := mustQ(csr.Quantize(m64, quant.MustParse(sp)))
			add(tag+"/"+sp, tensor.Descriptor{Shape: []uint64{rows, cols}, Layout: l, Type: tensor.Codes, Scheme: tensor.KnownScheme(q.Scheme())}, q.Buffers(), "*csr.Quantized")
		}
	}
	// COO of rank 2 and 3, unsorted.
	for _, shape := range [][]uint64{{3, 4}, {2, 3, 4}} {
		r := len(shape)
		coords := []uint64{1, 2, 0, 0, 1, 1, 0, 3, 2, 1, 1, 0}[:0]
		for i := range 4 {
			for m := range r {
				coords = append(coords, uint64((i*7+m*3+1)%int(shape[m])))
			}
		}
		x64, err := coo.New(shape, coords, []float64{1, 2, -3, 4})
		if err != nil {
			t.Fatal(err)
		}
		x32, _ := coo.New(shape, slices.Clone(coords), []float32{1, 2, -3, 4})
		l := layout.COO{NNZ: 4, IsSorted: x64.IsSorted()}
		name := fmt.Sprintf("coo%d", r)
		add(name+"/float64", tensor.Descriptor{Shape: shape, Layout: l, Type: tensor.Float64}, x64.Buffers(), "*coo.Tensor[float64]")
		add(name+"/float32", tensor.Descriptor{Shape: shape, Layout: l, Type: tensor.Float32}, x32.Buffers(), "*coo.Tensor[float32]")
		for _, sp := range schemes {
			q := mustQ(coo.Quantize(x64, quant.MustParse(sp)))
			add(name+"/"+sp, tensor.Descriptor{Shape: shape, Layout: l, Type: tensor.Codes, Scheme: tensor.KnownScheme(q.Scheme())}, q.Buffers(), "*coo.Quantized")
		}
	}
	// A CSF of rank 3, mode order [2 0 1].
	shape, mo := []uint64{3, 4, 5}, []uint32{2, 0, 1}
	pos := [][]uint64{{0, 2}, {0, 1, 3}, {0, 2, 3, 4}}
	crd := [][]uint64{{2, 4}, {0, 1, 2}, {1, 3, 1, 0}}
	f64, err := csf.New(shape, mo, pos, crd, []float64{1, 2, 4, 3})
	if err != nil {
		t.Fatal(err)
	}
	f32 := csf.Dequantize[float32](mustQ(csf.Quantize(f64, quant.MustParse("int8:tensor"))))
	l := layout.CSF{ModeOrder: mo}
	add("csf/float64", tensor.Descriptor{Shape: shape, Layout: l, Type: tensor.Float64}, f64.Buffers(), "*csf.Tensor[float64]")
	add("csf/float32", tensor.Descriptor{Shape: shape, Layout: l, Type: tensor.Float32}, f32.Buffers(), "*csf.Tensor[float32]")
	for _, sp := range schemes {
		q := mustQ(csf.Quantize(f64, quant.MustParse(sp)))
		add("csf/"+sp, tensor.Descriptor{Shape: shape, Layout: l, Type: tensor.Codes, Scheme: tensor.KnownScheme(q.Scheme())}, q.Buffers(), "*csf.Quantized")
	}
	return out
}

func mustQ[S any](s S, _ quant.Report, err error) S {
	if err != nil {
		panic(err)
	}
	return s
}

// csrToCSC returns the CSC form of a (the same matrix), built from its
// entries.
func csrToCSC[T float32 | float64](t testing.TB, a *csr.Matrix[T]) *csr.Matrix[T] {
	t.Helper()
	rows, cols := a.Dims()
	ptr := make([]uint64, cols+1)
	var idx []uint64
	var vals []T
	for j := range cols {
		for i := range rows {
			if k, ok := a.Find(uint64(i), uint64(j)); ok {
				idx = append(idx, uint64(i))
				vals = append(vals, a.Values()[k])
			}
		}
		ptr[j+1] = uint64(len(idx))
	}
	c, err := csr.NewCSC(uint64(rows), uint64(cols), ptr, idx, vals)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestOpenEveryLayout: every layout with every value type checks, opens
// to the documented concrete type, zero copy, and re-emits its table; the
// buffer count is the layout's plus the scheme's.
func TestOpenEveryLayout(t *testing.T) {
	for _, tb := range tables(t) {
		n, ok := tb.d.BufferCount()
		if !ok || n != len(tb.bufs) {
			t.Fatalf("%s: BufferCount %d %v, table of %d", tb.name, n, ok, len(tb.bufs))
		}
		for _, mode := range []layout.Mode{layout.Strict, layout.Permissive} {
			if err := tb.d.Check(tb.bufs, mode); err != nil {
				t.Fatalf("%s %v: Check: %v", tb.name, mode, err)
			}
			s, err := tb.d.Open(tb.bufs, mode)
			if err != nil {
				t.Fatalf("%s %v: Open: %v", tb.name, mode, err)
			}
			if got := fmt.Sprintf("%T", s); got != tb.want {
				t.Fatalf("%s: Open gave %s, want %s", tb.name, got, tb.want)
			}
			if mode == layout.Strict && !s.Valid() || mode == layout.Permissive && s.Valid() {
				t.Fatalf("%s %v: Valid = %v", tb.name, mode, s.Valid())
			}
			if err := s.Validate(); err != nil {
				t.Fatalf("%s %v: Validate: %v", tb.name, mode, err)
			}
			if !slices.Equal(s.Shape(), tb.d.Shape) {
				t.Fatalf("%s: shape %v", tb.name, s.Shape())
			}
			for i, b := range s.Buffers() {
				if !bytes.Equal(b, tb.bufs[i]) {
					t.Fatalf("%s: buffer %d differs", tb.name, i)
				}
				if len(b) > 0 && &b[0] != &tb.bufs[i][0] {
					t.Fatalf("%s: buffer %d copied", tb.name, i)
				}
			}
			if c := tb.d.Copies(tb.bufs); len(c) != 0 {
				t.Fatalf("%s: Copies = %v of aligned buffers", tb.name, c)
			}
		}
	}
}

// TestWrongTables: wrong buffer counts, a partial element, a wrong nnz, a
// false is_sorted claim and broken parameters are errors naming what is
// wrong; a misaligned buffer is copied, never an error.
func TestWrongTables(t *testing.T) {
	for _, tb := range tables(t) {
		n := len(tb.bufs)
		for _, mode := range []layout.Mode{layout.Strict, layout.Permissive} {
			if err := tb.d.Check(tb.bufs[:n-1], mode); err == nil || !errors.Is(err, layout.ErrInvalid) || !strings.Contains(err.Error(), fmt.Sprintf("%d buffers, want %d", n-1, n)) {
				t.Fatalf("%s %v: one buffer short: %v", tb.name, mode, err)
			}
			more := append(slices.Clone(tb.bufs), []byte{1, 2, 3, 4})
			if err := tb.d.Check(more, mode); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%d buffers, want %d", n+1, n)) {
				t.Fatalf("%s %v: one buffer more: %v", tb.name, mode, err)
			}
			// An index buffer of 7 bytes: not whole uint64s.
			bad := slices.Clone(tb.bufs)
			bad[1] = bad[1][:len(bad[1])-1]
			if err := tb.d.Check(bad, mode); err == nil || !errors.Is(err, layout.ErrInvalid) {
				t.Fatalf("%s %v: a partial index element: %v", tb.name, mode, err)
			}
		}
		// nnz of the descriptor against the table.
		d := tb.d
		switch l := d.Layout.(type) {
		case layout.CSR:
			d.Layout = layout.CSR{NNZ: l.NNZ + 1}
		case layout.CSC:
			d.Layout = layout.CSC{NNZ: l.NNZ - 1}
		case layout.COO:
			d.Layout = layout.COO{NNZ: 7, IsSorted: l.IsSorted}
		}
		if _, ok := d.Layout.(layout.CSF); !ok {
			if err := d.Check(tb.bufs, layout.Strict); err == nil || !strings.Contains(err.Error(), "nnz: the descriptor says") {
				t.Fatalf("%s: wrong nnz: %v", tb.name, err)
			}
		}
		if l, ok := tb.d.Layout.(layout.COO); ok && !l.IsSorted {
			d := tb.d
			d.Layout = layout.COO{NNZ: l.NNZ, IsSorted: true}
			if err := d.Check(tb.bufs, layout.Strict); err == nil || !strings.Contains(err.Error(), "is_sorted") {
				t.Fatalf("%s: false is_sorted claim: %v", tb.name, err)
			}
		}
		if tb.d.Type == tensor.Codes {
			// A negative scale, in strict mode an error naming the buffer.
			s, _ := tb.d.Scheme.Quant()
			first := n - s.ParamCount()
			bad := slices.Clone(tb.bufs)
			if s.Param(0).Type == quant.ParamFloat32 {
				bad[first] = bytes.Clone(bad[first])
				binary.LittleEndian.PutUint32(bad[first], math.Float32bits(-1))
				want := fmt.Sprintf("buffer %d (%s)[0]: -1", first, s.Param(0).Name)
				if err := tb.d.Check(bad, layout.Strict); err == nil || !strings.Contains(err.Error(), want) {
					t.Fatalf("%s: negative scale: %v, want %q", tb.name, err, want)
				}
				if err := tb.d.Check(bad, layout.Permissive); err != nil {
					t.Fatalf("%s: permissive Check reads a scale: %v", tb.name, err)
				}
			}
		}
		// A misaligned copy of buffer 1 is copied and still opens.
		mis := slices.Clone(tb.bufs)
		raw := make([]byte, len(mis[1])+1)
		copy(raw[1:], mis[1])
		mis[1] = raw[1:]
		if c := tb.d.Copies(mis); len(mis[1]) > 0 && !slices.Contains(c, 1) {
			t.Fatalf("%s: Copies %v misses the misaligned buffer 1", tb.name, c)
		}
		if err := tb.d.Check(mis, layout.Strict); err != nil {
			t.Fatalf("%s: a misaligned buffer: %v", tb.name, err)
		}
	}
}

// TestUnknownScheme: an unknown scheme's spelling is an error in strict
// mode; in permissive mode it is held byte for byte, the table is held
// unread, refuses to compute and re-emits its buffers; malformed spellings
// of known kinds are errors in both modes.
func TestUnknownScheme(t *testing.T) {
	raw := []byte("int3:block=7")
	if _, err := tensor.ParseScheme(raw, layout.Strict); !errors.Is(err, layout.ErrUnsupported) {
		t.Fatalf("strict: %v", err)
	}
	s, err := tensor.ParseScheme(raw, layout.Permissive)
	if err != nil || s.Known() || s.IsZero() || !bytes.Equal(s.Bytes(), raw) {
		t.Fatalf("permissive: %v %v", s, err)
	}
	for _, bad := range []string{"int8:block=0", "int8", "", "nf4:block=x"} {
		for _, mode := range []layout.Mode{layout.Strict, layout.Permissive} {
			if _, err := tensor.ParseScheme([]byte(bad), mode); err == nil || !errors.Is(err, layout.ErrInvalid) {
				t.Fatalf("%q %v: %v, want ErrInvalid", bad, mode, err)
			}
		}
	}
	// A known spelling keeps its bytes ("nf4" is nf4:block=64).
	k, err := tensor.ParseScheme([]byte("nf4"), layout.Strict)
	if q, ok := k.Quant(); err != nil || !ok || q.String() != "nf4:block=64" || string(k.Bytes()) != "nf4" {
		t.Fatalf("nf4: %v %v", k, err)
	}
	for _, tb := range tables(t) {
		if tb.d.Type != tensor.Codes {
			continue
		}
		d := tb.d
		d.Scheme = s
		if _, ok := d.BufferCount(); ok {
			t.Fatalf("%s: BufferCount known with an unknown scheme", tb.name)
		}
		bufs := append(slices.Clone(tb.bufs), []byte("anything"))
		if err := d.Check(bufs, layout.Strict); !errors.Is(err, layout.ErrUnsupported) {
			t.Fatalf("%s: strict Check of an unknown scheme: %v", tb.name, err)
		}
		h, err := d.Open(bufs, layout.Permissive)
		if err != nil {
			t.Fatalf("%s: permissive Open: %v", tb.name, err)
		}
		held, ok := h.(*tensor.Held)
		if !ok || held.Valid() || !errors.Is(held.Validate(), layout.ErrUnsupported) {
			t.Fatalf("%s: %T %v", tb.name, h, h)
		}
		for i, b := range held.Buffers() {
			if &b[0] != &bufs[i][0] || len(b) != len(bufs[i]) {
				t.Fatalf("%s: held buffer %d is not the one given", tb.name, i)
			}
		}
		if hs := held.Descriptor().Scheme; !bytes.Equal(hs.Bytes(), raw) {
			t.Fatalf("%s: held spelling %q", tb.name, hs.Bytes())
		}
		// The layout's own buffers are still checked.
		if err := d.Check(bufs[:1], layout.Permissive); err == nil {
			t.Fatalf("%s: permissive hold of too few buffers", tb.name)
		}
	}
}

// TestUnknownLayoutAndDense: a layout.Unknown table is held in permissive
// mode and refused in strict mode; dense tables are checked, held in
// permissive mode and refused by a strict Open.
func TestUnknownLayoutAndDense(t *testing.T) {
	u, err := layout.Decode(0x30, []byte{1, 2}, layout.Permissive)
	if err != nil {
		t.Fatal(err)
	}
	d := tensor.Descriptor{Shape: []uint64{4, 4}, Layout: u, Type: tensor.Float32}
	if _, ok := d.BufferCount(); ok {
		t.Fatal("BufferCount of an unknown layout")
	}
	if err := d.Check([][]byte{{1}}, layout.Strict); !errors.Is(err, layout.ErrUnsupported) {
		t.Fatalf("strict: %v", err)
	}
	if h, err := d.Open([][]byte{{1}, {2, 3}}, layout.Permissive); err != nil || h.Valid() || len(h.Buffers()) != 2 {
		t.Fatalf("permissive: %v %v", h, err)
	}
	dense := tensor.Descriptor{Shape: []uint64{2, 3}, Layout: layout.RowMajor{}, Type: tensor.Codes, Scheme: tensor.KnownScheme(quant.MustParse("int4:block=4"))}
	codes := []byte{0x12, 0x34, 0x56}
	scales := binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, math.Float32bits(0.5)), math.Float32bits(2))
	if err := dense.Check([][]byte{codes, scales}, layout.Strict); err != nil {
		t.Fatal(err)
	}
	if err := dense.Check([][]byte{codes[:2], scales}, layout.Strict); err == nil || !strings.Contains(err.Error(), "buffer 0 (codes): length 2, want 3") {
		t.Fatalf("short dense codes: %v", err)
	}
	if _, err := dense.Open([][]byte{codes, scales}, layout.Strict); !errors.Is(err, layout.ErrUnsupported) {
		t.Fatalf("strict Open of a dense table: %v", err)
	}
	f := tensor.Descriptor{Shape: []uint64{2, 3}, Layout: layout.ColMajor{}, Type: tensor.Float64}
	if err := f.Check([][]byte{make([]byte, 48)}, layout.Strict); err != nil {
		t.Fatal(err)
	}
	if err := f.Check([][]byte{make([]byte, 40)}, layout.Permissive); err == nil {
		t.Fatal("short dense values")
	}
}

// TestDescriptorRules: the descriptor's own rules.
func TestDescriptorRules(t *testing.T) {
	q := tensor.KnownScheme(quant.MustParse("int8:channel:axis=2"))
	for _, c := range []struct {
		d    tensor.Descriptor
		want string
	}{
		{tensor.Descriptor{Shape: []uint64{2, 2}, Type: tensor.Float32}, "layout: none given"},
		{tensor.Descriptor{Shape: []uint64{2, 2}, Layout: layout.CSR{}}, "value type"},
		{tensor.Descriptor{Shape: []uint64{2, 2}, Layout: layout.CSR{}, Type: tensor.Codes}, "scheme: none given"},
		{tensor.Descriptor{Shape: []uint64{2, 2}, Layout: layout.CSR{}, Type: tensor.Float64, Scheme: q}, "given for float64"},
		{tensor.Descriptor{Shape: []uint64{2, 2}, Layout: layout.CSR{}, Type: tensor.Codes, Scheme: q}, "axis 2 is not below the rank 2"},
		{tensor.Descriptor{Shape: []uint64{2, 2, 2}, Layout: layout.CSR{}, Type: tensor.Float32}, "rank 3, want 2"},
		{tensor.Descriptor{Shape: []uint64{2, 2, 2}, Layout: layout.CSF{ModeOrder: []uint32{0, 0, 1}}, Type: tensor.Float32}, "mode 0 repeated"},
	} {
		if err := c.d.Validate(layout.Permissive); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.d, err, c.want)
		}
	}
}
