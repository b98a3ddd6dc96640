package coo_test

import (
	"testing"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
)

func FuzzFromBuffers(f *testing.F) {
	f.Add([]byte{2, 3, 4, 2, 1, 2, 4, 0, 1, 2, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		r := int(data[0] % 5) // rank 0..4 (0 must be rejected)
		if len(data) < 1+r {
			return
		}
		shape := make([]uint64, r)
		for m := range shape {
			shape[m] = uint64(data[1+m] % 5)
		}
		bufs := testutil.FuzzWords(data[1+r:], 2, 12, 6)
		x, err := coo.FromBuffers[float64](shape, bufs, layout.Strict)
		// Permissive mode checks the buffer count and byte lengths at
		// once, the rest in Validate: together as strict.
		p, verr := coo.FromBuffers[float64](shape, bufs, layout.Permissive)
		if verr == nil {
			verr = p.Validate()
		}
		if (verr == nil) != (err == nil) {
			t.Fatalf("strict %v vs permissive %v", err, verr)
		}
		// The slice constructor agrees with FromBuffers on the same words.
		if len(bufs) == 2 && len(bufs[0])%8 == 0 && len(bufs[1])%8 == 0 {
			vals, _ := mem.Floats[float64](bufs[0])
			coords, _ := mem.Uint64s(bufs[1])
			if _, nerr := coo.New(shape, coords, vals); (nerr == nil) != (err == nil) {
				t.Fatalf("New %v vs FromBuffers %v", nerr, err)
			}
		}
		if err != nil {
			return
		}
		// Independent check of what was accepted.
		c := x.Coords()
		if r == 0 || len(c) != r*x.NNZ() {
			t.Fatalf("accepted rank %d with %d coords for %d values", r, len(c), x.NNZ())
		}
		for i, v := range c {
			if v >= shape[i%r] {
				t.Fatalf("accepted out-of-bounds coordinate %d at %d", v, i)
			}
		}
		for coord := range x.All() {
			if _, ok := x.Find(coord); !ok {
				t.Fatalf("stored %v not found", coord)
			}
		}
		if err := x.Sort(nil); err != nil || !x.IsSorted() {
			t.Fatalf("Sort: %v", err)
		}
	})
}
