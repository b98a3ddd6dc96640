package engine

import (
	"math/rand/v2"
	"testing"
)

func testScatter[T Float](t *testing.T, f *family[scatterAddFunc[T]]) {
	forEachTier(t, f, func(t *testing.T, impl, ref scatterAddFunc[T]) {
		rng := rand.New(rand.NewPCG(21, 22))
		forEachCSRSweep(csrShapes, csrRowLens(8), func(c csrSweep) {
			// rows of the matrix = len(x); cols = len(y)
			m := c.matrix(rng)
			vals := randVals[T](rng, len(m.idx), c.off, c.special)
			x := randVals[T](rng, c.rows, c.off, c.special/2)
			y0 := randVals[T](rng, c.cols, c.off, 0)
			on := func(k scatterAddFunc[T]) scatterOn[T] {
				return func(y, x, vals []T, alpha T) { k(y, x, m.ptr, m.idx, vals, alpha) }
			}
			checkScatterOn(t, c.String(), on(impl), on(ref), x, vals, y0)
		})
	})
}

func TestScatterF32(t *testing.T) { testScatter(t, scatterAddF32) }
func TestScatterF64(t *testing.T) { testScatter(t, scatterAddF64) }

func TestScatterBadPtr(t *testing.T) {
	forEachTier(t, scatterAddF32, func(t *testing.T, impl, ref scatterAddFunc[float32]) {
		idx := []uint64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2}
		vals := make([]float32, len(idx))
		for i := range vals {
			vals[i] = float32(i + 1)
		}
		x := []float32{1, 2, 3, 4, 5, 6}
		ptr := []uint64{5, 2, 13, 1 << 62, ^uint64(0), 3, 40}
		got, want := make([]float32, 10), make([]float32, 10)
		impl(got, x, ptr, idx, vals, 1)
		ref(want, x, ptr, idx, vals, 1)
		scale := make([]float32, 10)
		for i := range scale {
			scale[i] = 1e3
		}
		checkClose(t, "bad ptr", got, want, scale)
	})
}

func TestScatterPanics(t *testing.T) {
	mustPanic(t, "kernels: ScatterAdd: len(ptr) != len(x)+1", func() {
		ScatterAdd(nil, make([]float64, 2), []uint64{0, 0}, nil, nil, 1)
	})
}
