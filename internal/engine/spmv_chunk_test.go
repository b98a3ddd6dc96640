package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestProductChunkEdges: the assembly glue splits long row loops into calls
// of a bounded number of rows (or multiply-adds); results must not depend
// on where the splits fall.
func TestProductChunkEdges(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	for _, rows := range []int{1023, 1024, 1025, 2049, 4097} {
		m := randCSR(rng, rows, 300, []int{0, 1, 2, 3, 5}, 0, 20)
		vals := randVals[float64](rng, len(m.idx), 0, 0)
		x := randVals[float64](rng, rows, 0, 0)
		xs := randVals[float64](rng, 300, 0, 0)
		forEachSpMV(t, spmvF64, spmv1F64, func(t *testing.T, impl, ref spmvFunc[float64]) {
			want, got := make([]float64, rows), withSentinel(make([]float64, rows), 3)
			ref(want, xs, m.ptr, m.idx, vals, 2, 0)
			impl(got, xs, m.ptr, m.idx, vals, 2, 0)
			checkSentinel(t, "spmv", got)
			scale := make([]float64, rows)
			ref(scale, absAll(xs), m.ptr, m.idx, absAll(vals), 2, 0)
			checkClose(t, fmt.Sprintf("spmv rows=%d", rows), got, want, scale)
		})
		forEachTier(t, scatterAddF64, func(t *testing.T, impl, ref scatterAddFunc[float64]) {
			want, got := make([]float64, 300), withSentinel(make([]float64, 300), 3)
			ref(want, x, m.ptr, m.idx, vals, 2)
			impl(got, x, m.ptr, m.idx, vals, 2)
			checkSentinel(t, "scatter", got)
			scale := make([]float64, 300)
			ref(scale, absAll(x), m.ptr, m.idx, absAll(vals), 2)
			checkClose(t, fmt.Sprintf("scatter rows=%d", rows), got, want, scale)
		})
	}
	// SpMM: the row bound (4096) and the work bound (2^20 multiply-adds).
	for _, sh := range [][2]int{{4097, 1}, {3000, 256}} {
		rows, w := sh[0], sh[1]
		m := randCSR(rng, rows, 50, []int{0, 1, 3, 5}, 0, 0)
		vals := randVals[float32](rng, len(m.idx), 0, 0)
		x := randVals[float32](rng, 50*w, 0, 0)
		forEachSpMMTier(t, spmmF32, func(t *testing.T, impl, ref spmmRowsFunc[float32]) {
			want, got := make([]float32, rows*w), withSentinel(make([]float32, rows*w), 3)
			ref(want, w, x, w, w, m.ptr, m.idx, vals, 1, 0)
			impl(got, w, x, w, w, m.ptr, m.idx, vals, 1, 0)
			checkSentinel(t, "spmm", got)
			scale := make([]float32, rows*w)
			ref(scale, w, absAll(x), w, w, m.ptr, m.idx, absAll(vals), 1, 0)
			checkClose(t, fmt.Sprintf("spmm rows=%d w=%d", rows, w), got, want, scale)
		})
		xt := randVals[float32](rng, rows*w, 0, 0)
		forEachSpMMScatterTier(t, spmmScatterF32, &spmmTune, func(t *testing.T, impl, ref spmmScatterRowsFunc[float32]) {
			want, got := make([]float32, 50*w), withSentinel(make([]float32, 50*w), 3)
			ref(want, w, xt, w, w, m.ptr, m.idx, vals, 1)
			impl(got, w, xt, w, w, m.ptr, m.idx, vals, 1)
			checkSentinel(t, "spmmscatter", got)
			scale := make([]float32, 50*w)
			ref(scale, w, absAll(xt), w, w, m.ptr, m.idx, absAll(vals), 1)
			checkClose(t, fmt.Sprintf("spmmscatter rows=%d w=%d", rows, w), got, want, scale)
		})
	}
}
