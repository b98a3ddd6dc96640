package csr_test

import (
	"encoding/binary"
	"testing"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/bufview"
	"github.com/hurray-format/hurray-go/layout"
)

// naiveValid states the CSR rule loop by loop (for CSC read rows as cols).
func naiveValid(major, minor uint64, ptr, idx []uint64, nvals int) bool {
	if uint64(len(ptr)) != major+1 || ptr[0] != 0 || ptr[major] != uint64(len(idx)) || nvals != len(idx) {
		return false
	}
	for i := uint64(0); i < major; i++ {
		if ptr[i+1] < ptr[i] {
			return false
		}
	}
	for i := uint64(0); i < major; i++ {
		for k := ptr[i]; k < ptr[i+1]; k++ {
			if idx[k] >= minor || (k > ptr[i] && idx[k] <= idx[k-1]) {
				return false
			}
		}
	}
	return true
}

func split(data []byte) (rows, cols uint64, csc bool, bufs [][]byte) {
	if len(data) < 3 {
		return 0, 0, false, nil
	}
	rows, cols, csc = uint64(data[0]%7), uint64(data[1]%7), data[2]&1 == 1
	rest := data[3:]
	for len(rest) > 0 && len(bufs) < 3 {
		n := int(rest[0] % 9)
		rest = rest[1:]
		var b []byte
		for range n {
			if len(rest) == 0 {
				break
			}
			b = binary.LittleEndian.AppendUint64(b, uint64(rest[0]%8))
			rest = rest[1:]
		}
		bufs = append(bufs, b)
	}
	return
}

func FuzzFromBuffers(f *testing.F) {
	f.Add([]byte{3, 4, 0, 4, 0, 2, 2, 4, 4, 0, 2, 1, 3, 4, 1, 2, 3, 4})
	f.Add([]byte{3, 4, 1, 5, 0, 1, 2, 3, 4, 4, 0, 2, 0, 2, 4, 1, 2, 3, 4})
	f.Fuzz(func(t *testing.T, data []byte) {
		rows, cols, csc, bufs := split(data)
		from := csr.FromBuffers[float64]
		major, minor := rows, cols
		if csc {
			from = csr.FromBuffersCSC[float64]
			major, minor = cols, rows
		}
		a, err := from(rows, cols, bufs, layout.Strict)
		p, _ := from(rows, cols, bufs, layout.Permissive)
		if verr := p.Validate(); (verr == nil) != (err == nil) {
			t.Fatalf("strict %v vs permissive Validate %v", err, verr)
		}
		// The slice constructors agree with FromBuffers on the same words.
		if len(bufs) == 3 && len(bufs[0])%8 == 0 && len(bufs[1])%8 == 0 && len(bufs[2])%8 == 0 {
			vals, _ := bufview.Floats[float64](bufs[0])
			ptr, _ := bufview.Uint64s(bufs[1])
			idx, _ := bufview.Uint64s(bufs[2])
			newFn := csr.New[float64]
			if csc {
				newFn = csr.NewCSC[float64]
			}
			if _, nerr := newFn(rows, cols, ptr, idx, vals); (nerr == nil) != (err == nil) {
				t.Fatalf("New %v vs FromBuffers %v", nerr, err)
			}
		}
		if err != nil {
			return
		}
		if !naiveValid(major, minor, a.Ptr(), a.Idx(), a.NNZ()) {
			t.Fatalf("accepted invalid: %v ptr %v idx %v", a, a.Ptr(), a.Idx())
		}
		var coords []uint64
		k := 0
		for c, v := range a.All() {
			if i, ok := a.Find(c[0], c[1]); !ok || i != k || a.At(c[0], c[1]) != v {
				t.Fatalf("Find(%v) = %d %v", c, i, ok)
			}
			coords = append(coords, c[0], c[1])
			k++
		}
		out := make([]int, k)
		a.FindBatch(coords, out)
		for i, o := range out {
			if o != i {
				t.Fatalf("FindBatch[%d] = %d", i, o)
			}
		}
	})
}
