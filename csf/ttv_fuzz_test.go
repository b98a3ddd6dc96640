package csf_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
)

// FuzzTTV checks TTV along every mode of a small tensor read from the fuzz
// input against a map built from the COO entries, exactly: the values and
// the vector are small integers, so every sum is exact whatever the order.
// The input also picks the mode order, whether every split runs parallel
// (the key-range parts of the packed path and their boundaries inside runs
// of equal keys), and whether the packed path is off (the regrouping path).
func FuzzTTV(f *testing.F) {
	f.Add([]byte{0, 2, 3, 4, 1, 1, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Add([]byte{1, 3, 1, 2, 2, 3, 5, 1, 0, 0, 0, 0, 3, 0, 0, 0, 0, 7, 1, 1, 1, 1, 2})
	f.Add([]byte{2, 2, 2, 2, 2, 2, 4, 3, 9, 9, 9, 9, 9, 1, 8, 8, 8, 8, 8, 2, 7, 7, 7, 7, 7, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 8 {
			return
		}
		r := 3 + int(data[0]%3)
		shape := make([]uint64, r)
		for m := range shape {
			shape[m] = 1 + uint64(data[1+m]%6)
		}
		mo := make([]uint32, r)
		for i := range mo {
			mo[i] = uint32(i)
		}
		for i := r - 1; i > 0; i-- {
			j := int(data[6]) % (i + 1)
			mo[i], mo[j] = mo[j], mo[i]
		}
		tu := csf.Defaults()
		if data[7]&1 != 0 {
			tu = csf.Parallel(1 << 24)
		}
		if data[7]&2 != 0 {
			tu.PackBits = 0
		}
		ws := csf.NewTunedWorkspace[float64](3, tu)
		var coords []uint64
		var vals []float64
		for rest := data[8:]; len(rest) > r; rest = rest[r+1:] {
			for m := range r {
				coords = append(coords, uint64(rest[m])%shape[m])
			}
			vals = append(vals, float64(int(rest[r]%9)-4)) // zeros stay stored
		}
		if len(vals) == 0 {
			return
		}
		x, err := coo.New(shape, coords, vals)
		if err != nil {
			t.Fatal(err)
		}
		ct := mustCSF(t, x, mo)
		for mode := range r {
			v := make([]float64, shape[mode])
			for i := range v {
				v[i] = float64(int(data[(i+mode)%len(data)]%5) - 2)
			}
			// want: remaining tuple -> exact sum.
			want := map[string]float64{}
			for e, val := range vals {
				c := slices.Delete(slices.Clone(coords[e*r:(e+1)*r]), mode, mode+1)
				want[fmt.Sprint(c)] += val * v[coords[e*r+mode]]
			}
			got := map[string]float64{}
			var n int
			if r == 3 {
				a := ct.TTVMatrixTo(nil, mode, v, ws)
				if err := a.Validate(); err != nil {
					t.Fatalf("mode %d: %v", mode, err)
				}
				for c, val := range a.All() {
					got[fmt.Sprint(c)] = val
				}
				n = a.NNZ()
			} else {
				y := ct.TTVTo(nil, mode, v, ws)
				if err := y.Validate(); err != nil {
					t.Fatalf("mode %d: %v", mode, err)
				}
				for c, val := range y.All() {
					got[fmt.Sprint(c)] = val
				}
				n = y.NNZ()
			}
			if n != len(want) || len(got) != len(want) {
				t.Fatalf("shape %v order %v mode %d: %d stored (%d distinct), want %d", shape, mo, mode, n, len(got), len(want))
			}
			for k, w := range want {
				if g, ok := got[k]; !ok || g != w {
					t.Fatalf("shape %v order %v mode %d: %s = %v (stored %v), want %v", shape, mo, mode, k, g, ok, w)
				}
			}
		}
	})
}
