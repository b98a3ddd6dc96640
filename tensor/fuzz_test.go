package tensor_test

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
	"github.com/hurray-format/hurray-go/tensor"
)

// FuzzCheck: a descriptor and a buffer table, either carved from the data
// (any layout, value type and scheme, known or not) or a valid table of
// every layout and value type with fuzzed bytes and lengths, never panics
// Check or Open; a table strict Check accepts opens valid in both modes and
// re-emits its buffers; permissive Open followed by Validate agrees with
// strict Check, but for the descriptor's own claims (nnz, is_sorted).
func FuzzCheck(f *testing.F) {
	valid := tables(f)
	schemes := append(testutil.Schemes(3), quant.MustParse("int8:channel:axis=3"))
	layouts := []layout.Descriptor{layout.COO{NNZ: 2}, layout.COO{NNZ: 1, IsSorted: true}, layout.CSR{NNZ: 2}, layout.CSC{NNZ: 1},
		layout.CSF{ModeOrder: []uint32{1, 2, 0}}, layout.RowMajor{}, layout.ColMajor{}, layout.Unknown{TagVal: 0x31}}
	f.Add([]byte{0, 0, 0, 3, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{1, 7, 1, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{1, 20, 5, 3, 9, 3, 4, 1, 0, 9, 9, 9, 9})
	f.Add([]byte{2, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 4 {
			return
		}
		var d tensor.Descriptor
		var bufs [][]byte
		if data[0]&1 == 0 {
			// Carved: layout, shape, type, scheme, table.
			d.Layout = layouts[int(data[1])%len(layouts)]
			d.Shape = []uint64{uint64(data[2]%4) + 1, uint64(data[2]>>2%4) + 1}
			if data[2]&0x80 != 0 {
				d.Shape = append(d.Shape, uint64(data[2]>>4%3)+1)
			}
			d.Type = tensor.ValueType(data[3] % 4)
			n, ok := d.Layout.BufferCount(len(d.Shape))
			if !ok {
				n = 3
			}
			s, b, _ := testutil.FuzzTable(data[4:], n, schemes)
			bufs = b
			if d.Type == tensor.Codes {
				d.Scheme = tensor.KnownScheme(s)
				if data[3]&0x10 != 0 {
					d.Scheme, _ = tensor.ParseScheme([]byte("int2:tensor"), layout.Permissive)
				}
			}
		} else {
			// A valid table with a length cut or a byte changed.
			tb := valid[int(data[1])%len(valid)]
			d = tb.d
			for _, b := range tb.bufs {
				bufs = append(bufs, bytes.Clone(b))
			}
			i := int(data[2]) % len(bufs)
			switch data[3] % 4 {
			case 0:
				if len(bufs[i]) > 0 {
					bufs[i][int(data[3]>>2)%len(bufs[i])] ^= 1 << (data[3] >> 5)
				}
			case 1:
				bufs[i] = bufs[i][:len(bufs[i])*int(data[3]>>2)/64]
			case 2:
				bufs = slices.Delete(bufs, i, i+1)
			}
		}
		for _, mode := range []layout.Mode{layout.Strict, layout.Permissive} {
			_ = d.Check(bufs, mode)
			_ = d.Copies(bufs)
			_, _ = d.BufferCount()
		}
		serr := d.Check(bufs, layout.Strict)
		p, perr := d.Open(bufs, layout.Permissive)
		if serr == nil {
			if perr != nil {
				t.Fatalf("strict Check passes, permissive Open fails: %v", perr)
			}
			s, err := d.Open(bufs, layout.Strict)
			if _, dense := d.Layout.(layout.RowMajor); dense || d.Layout.Tag() == layout.TagColMajor {
				if !errors.Is(err, layout.ErrUnsupported) {
					t.Fatalf("strict Open of a dense table: %v", err)
				}
				return
			}
			if err != nil || !s.Valid() {
				t.Fatalf("strict Check passes, strict Open %v", err)
			}
			for i, b := range s.Buffers() {
				if !bytes.Equal(b, bufs[i]) {
					t.Fatalf("buffer %d re-emitted differently", i)
				}
			}
		}
		if perr != nil {
			return
		}
		if _, held := p.(*tensor.Held); held {
			if p.Valid() || !errors.Is(p.Validate(), layout.ErrUnsupported) {
				t.Fatal("a Held table validates")
			}
			for i, b := range p.Buffers() {
				if len(b) != len(bufs[i]) || len(b) > 0 && &b[0] != &bufs[i][0] {
					t.Fatalf("held buffer %d is not the one given", i)
				}
			}
			return
		}
		verr := p.Validate()
		claims := false
		if l, ok := d.Layout.(layout.COO); ok && l.IsSorted {
			claims = true
		}
		if !claims && (verr == nil) != (serr == nil) {
			t.Fatalf("strict Check %v, permissive Open then Validate %v", serr, verr)
		}
	})
}
