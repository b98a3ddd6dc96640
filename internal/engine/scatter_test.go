package engine

import "testing"

// testScatter reads each matrix as its transpose: x has a value per row
// and y one per column.
func testScatter[T Float](t *testing.T, f *family[scatterAddFunc[T]]) {
	testCSRKernel(t, f, 21, true, scatterBind[T], checkScatterOn[T])
}

// scatterBind binds k to the matrix m.
func scatterBind[T Float](k scatterAddFunc[T], m csrCase) scatterOn[T] {
	return func(y, x, vals []T, alpha T) { k(y, x, m.ptr, m.idx, vals, alpha) }
}

func TestScatterF32(t *testing.T) { testScatter(t, scatterAddF32) }
func TestScatterF64(t *testing.T) { testScatter(t, scatterAddF64) }

func TestScatterBadPtr(t *testing.T) {
	forEachTier(t, scatterAddF32, func(t *testing.T, impl, ref scatterAddFunc[float32]) {
		idx, vals := badPtrEntries[float32, uint64]()
		x := []float32{1, 2, 3, 4, 5, 6}
		ptr := []uint64{5, 2, 13, 1 << 62, ^uint64(0), 3, 40}
		got, want := runFromZero(10, func(y []float32) { impl(y, x, ptr, idx, vals, 1) }, func(y []float32) { ref(y, x, ptr, idx, vals, 1) })
		checkClose(t, "bad ptr", got, want, filled[float32](10, 1e3))
	})
}

func TestScatterPanics(t *testing.T) {
	mustPanic(t, "kernels: ScatterAdd: len(ptr) != len(x)+1", func() {
		ScatterAdd(nil, make([]float64, 2), []uint64{0, 0}, nil, nil, 1)
	})
}
