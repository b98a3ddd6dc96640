package engine

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// fuzzCSR splits fuzz words into ptr and idx (raw, so malformed: segments
// inverted or beyond idx, indices anywhere, small ones likely) and makes
// values and a dense operand of n elements from the seed.
func fuzzCSR(b []byte, seed uint64) (ptr, idx []uint64, vals, x []float64) {
	w := words(b)
	n := len(w) / 2
	if n+1 > len(w) {
		ptr, idx = []uint64{0}, nil
	} else {
		ptr, idx = w[:n+1:n+1], w[n+1:]
	}
	if seed&1 == 0 { // sometimes a well-formed pointer array
		slices.Sort(ptr)
		for i := range ptr {
			ptr[i] = min(ptr[i], uint64(len(idx)))
		}
	}
	vals = make([]float64, len(idx))
	for k := range vals {
		vals[k] = float64(int(k%7) - 3)
	}
	x = make([]float64, int(seed>>1%64))
	for i := range x {
		x[i] = float64(i%5) - 2
	}
	return ptr, idx, vals, x
}

// FuzzSpMV: on any index data every path of SpMV and ScatterAdd stays in
// bounds (the race detector and the sentinels would see a stray write) and
// agrees with ref (small integers: the sums are exact).
func FuzzSpMV(f *testing.F) {
	seedWords(f, 0, 2, 3, 5, 0, 1, 2, 9, 1<<63)
	seedWords(f, 7, 1, 40, 2, 3, 4, ^uint64(0), 0)
	f.Fuzz(func(t *testing.T, b []byte, seed uint64) {
		ptr, idx, vals, x := fuzzCSR(b, seed)
		rows := len(ptr) - 1
		want := make([]float64, rows)
		spmvRef(want, x, ptr, idx, vals, 1, 0)
		forEachSpMV(t, spmvF64, spmv1F64, func(t *testing.T, impl, _ spmvFunc[float64]) {
			got := withSentinel(make([]float64, rows), 4)
			impl(got, x, ptr, idx, vals, 1, 0)
			checkSentinel(t, "spmv", got)
			if !slices.Equal(got, want) {
				t.Fatalf("spmv ptr=%v idx=%v: got %v, want %v", ptr, idx, got, want)
			}
		})
		// ScatterAdd with the same arrays: rows index x (resized), idx the output.
		xs := make([]float64, rows)
		for i := range xs {
			xs[i] = float64(i%3) + 1
		}
		ny := len(x)
		wantS := make([]float64, ny)
		scatterAddRef(wantS, xs, ptr, idx, vals, 1)
		forEachTier(t, scatterAddF64, func(t *testing.T, impl, _ scatterAddFunc[float64]) {
			got := withSentinel(make([]float64, ny), 4)
			impl(got, xs, ptr, idx, vals, 1)
			checkSentinel(t, "scatter", got)
			// Repeated indices in a segment make the AVX-512 gather/scatter
			// differ from the loop; compare only when the segments hold
			// distinct in-range indices or when the path is scalar.
			for i := range wantS {
				if got[i] != wantS[i] && !(math.IsNaN(got[i]) && math.IsNaN(wantS[i])) && !hasRepeats(ptr, idx) {
					t.Fatalf("scatter ptr=%v idx=%v: got %v, want %v", ptr, idx, got, wantS)
				}
			}
		})
	})
}

func hasRepeats(ptr, idx []uint64) bool {
	for p := 0; p+1 < len(ptr); p++ {
		lo, hi := clampRange(ptr, p, len(idx))
		seg := slices.Clone(idx[lo:hi])
		slices.Sort(seg)
		if len(slices.Compact(seg)) != hi-lo {
			return true
		}
	}
	return false
}

// FuzzSpMM: the exported SpMM and SpMMScatter either panic with a
// "kernels:" message or agree with ref on every path.
func FuzzSpMM(f *testing.F) {
	seedWords(f, 0, 2, 3, 5, 0, 1, 2, 3, 1)
	f.Fuzz(func(t *testing.T, b []byte, seed uint64) {
		ptr, idx, vals, x := fuzzCSR(b, seed)
		w := int(seed>>8%20) + 1
		rows := len(ptr) - 1
		xr := len(x)
		xd := make([]float64, xr*w)
		for i := range xd {
			xd[i] = float64(i%7) - 3
		}
		ok := func() (ok bool) {
			defer func() {
				if r := recover(); r != nil {
					s, _ := r.(string)
					if !strings.HasPrefix(s, "kernels: SpMM") {
						panic(r)
					}
				}
			}()
			SpMM(make([]float64, rows*w), w, xd, w, w, ptr, idx, vals, 1, 0)
			return true
		}()
		if !ok {
			return
		}
		want := make([]float64, rows*w)
		spmmRef(want, w, xd, w, w, ptr, idx, vals, 1, 0)
		// Whole, then in column tiles of 1 to 4 rows of X (forced; the
		// sums of small integers are exact in any order).
		tile := int(seed>>16%4) + 1
		for _, tiled := range []bool{false, true} {
			c := &spmmTune
			if tiled {
				c = spmmForcedTiles(tile * w * 8)
			}
			forEachSpMMTierWith(t, spmmF64, c, func(t *testing.T, impl, _ spmmRowsFunc[float64]) {
				got := withSentinel(make([]float64, rows*w), 4)
				impl(got, w, xd, w, w, ptr, idx, vals, 1, 0)
				checkSentinel(t, "spmm", got)
				if !slices.Equal(got, want) {
					t.Fatalf("spmm (tiled %v): got %v, want %v", tiled, got, want)
				}
			})
		}
	})
}
