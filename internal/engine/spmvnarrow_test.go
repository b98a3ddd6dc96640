package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// narrowOf returns m with 32-bit row pointers and indices of type I, and
// the same indices widened for the uint64 kernels. randCSR's out-of-range
// indices become cols, cols+1 or the largest I (whichever is out of range
// for I's width, else the largest I).
func narrowOf[I Narrow](rng *rand.Rand, m csrCase) (ptr []uint32, col []I, wide []uint64) {
	ptr = make([]uint32, len(m.ptr))
	for i, p := range m.ptr {
		ptr[i] = uint32(p)
	}
	top := uint64(^I(0))
	col = make([]I, len(m.idx))
	wide = make([]uint64, len(m.idx))
	for k, j := range m.idx {
		if j >= uint64(m.cols) {
			j = []uint64{uint64(m.cols), uint64(m.cols) + 1, top}[rng.IntN(3)]
			j = min(j, top)
		}
		col[k] = I(j)
		wide[k] = uint64(col[k])
	}
	return ptr, col, wide
}

// widePtr returns ptr as uint64 row pointers.
func widePtr(ptr []uint32) []uint64 {
	w := make([]uint64, len(ptr))
	for i, p := range ptr {
		w[i] = uint64(p)
	}
	return w
}

// sameBits reports whether got and want hold the same values, NaN
// matching NaN.
func sameBits[T Float](got, want []T) bool {
	for i := range want {
		if got[i] != want[i] && !(got[i] != got[i] && want[i] != want[i]) {
			return false
		}
	}
	return true
}

// narrowShapes are the (rows, cols) of the narrow-index tests: empty,
// tiny, wide and, for 32-bit indices, more columns than 16 bits index.
func narrowShapes[I Narrow]() [][2]int {
	s := [][2]int{{0, 0}, {1, 1}, {3, 5}, {7, 40}, {40, 7}, {50, 100}, {200, 300}, {30, 5000}, {4, 65536}}
	if !is16[I]() {
		s = append(s, [2]int{3, 70000})
	}
	return s
}

func testSpMVNarrow[T Float, I Narrow](t *testing.T, f *family[spmvNarrowFunc[T, I]]) {
	forEachTier(t, f, func(t *testing.T, impl, ref spmvNarrowFunc[T, I]) {
		rng := rand.New(rand.NewPCG(41, 42))
		forEachCSRSweep(narrowShapes[I](), csrRowLens(16), func(c csrSweep) {
			if c.cols > 10000 && (c.off != 0 || c.special != 0 || c.kind == 1 || c.bad != 0 && testing.Short()) {
				return // the wide shapes once: x's length is the cost
			}
			m := c.matrix(rng)
			ptr, col, wide := narrowOf[I](rng, m)
			vals := randVals[T](rng, len(col), c.off, c.special)
			x := randVals[T](rng, c.cols, c.off, c.special/2)
			y0 := randVals[T](rng, c.rows, c.off, 0)
			on := func(k spmvNarrowFunc[T, I]) spmvOn[T] {
				return func(y, x, vals []T, alpha, beta T) { k(y, x, ptr, col, vals, alpha, beta) }
			}
			// ref is the uint64 reference on the same matrix, bit for bit.
			for _, ab := range spmvAlphaBetas[T]() {
				checkSameBits(t, fmt.Sprintf("%s alpha=%v beta=%v: ref differs from spmvRef", c, ab[0], ab[1]), y0,
					func(y []T) { ref(y, x, ptr, col, vals, ab[0], ab[1]) },
					func(y []T) { spmvRef(y, x, widePtr(ptr), wide, vals, ab[0], ab[1]) })
			}
			checkSpMVOn(t, c.String(), on(impl), on(ref), x, vals, y0)
		})
		// Inverted and overlong segments are clamped, never a fault.
		c, vals := badPtrEntries[T, I]()
		x := []T{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
		ptr := []uint32{5, 2, 13, 1 << 31, ^uint32(0), 3, 40}
		got, want := runFromZero(6, func(y []T) { impl(y, x, ptr, c, vals, 1, 0) }, func(y []T) { ref(y, x, ptr, c, vals, 1, 0) })
		checkClose(t, "bad ptr", got, want, filled[T](6, 1e3))
		// Rows 0, 2, 3 and 4 are inverted or beyond len(col) once clamped.
		if want[0] != 0 || want[1] != 454 || want[2] != 0 || want[3] != 0 || want[4] != 0 || want[5] != 445 {
			t.Fatalf("bad ptr: ref = %v", want)
		}
	})
}

func TestSpMVNarrowF32U16(t *testing.T) { testSpMVNarrow(t, spmvNarrowF32U16) }
func TestSpMVNarrowF32U32(t *testing.T) { testSpMVNarrow(t, spmvNarrowF32U32) }
func TestSpMVNarrowF64U16(t *testing.T) { testSpMVNarrow(t, spmvNarrowF64U16) }
func TestSpMVNarrowF64U32(t *testing.T) { testSpMVNarrow(t, spmvNarrowF64U32) }

func testQSpMVNarrow[I Narrow](t *testing.T, f *family[qspmvNarrowFunc[I]]) {
	forEachTier(t, f, func(t *testing.T, impl, ref qspmvNarrowFunc[I]) {
		rng := rand.New(rand.NewPCG(43, 44))
		for _, sh := range narrowShapes[I]() {
			for _, maxLen := range []int{3, 4*16 + 3, 300} {
				for _, bad := range []int{0, 7} {
					m := randCSR(rng, sh[0], sh[1], nil, maxLen, bad)
					ptr, col, _ := narrowOf[I](rng, m)
					codes := make([]int8, len(col))
					fcodes := make([]float32, len(col))
					for k := range codes {
						codes[k] = int8(rng.IntN(256) - 128)
						if rng.IntN(9) == 0 {
							codes[k] = []int8{-128, 127, 0}[rng.IntN(3)]
						}
						fcodes[k] = float32(codes[k])
					}
					scale := randVals[float32](rng, sh[0], 1, 0)
					x := randVals[float32](rng, sh[1], 1, 17)
					y0 := randVals[float32](rng, sh[0], 2, 0)
					// ref is the float32 reference on the decoded codes,
					// times the row's scale, bit for bit.
					want, dec := make([]float32, sh[0]), make([]float32, sh[0])
					ref(want, x, ptr, col, codes, scale, 1, 0)
					spmvNarrowRef(dec, x, ptr, col, fcodes, 1, 0)
					for i := range dec {
						dec[i] *= scale[i]
					}
					if !sameBits(want, dec) {
						t.Fatalf("rows=%d cols=%d: ref differs from the decoded float32 product", sh[0], sh[1])
					}
					for _, ab := range [][2]float32{{1, 0}, {-2, 0.5}, {0.5, 1}} {
						name := fmt.Sprintf("rows=%d cols=%d maxLen=%d bad=%d alpha=%v beta=%v", sh[0], sh[1], maxLen, bad, ab[0], ab[1])
						want := append([]float32(nil), y0...)
						ref(want, x, ptr, col, codes, scale, ab[0], ab[1])
						bound := absAll(y0)
						spmvNarrowRefRows(bound, absAll(x), ptr, col, absAll(fcodes), absAll(scale), float32(math.Abs(float64(ab[0]))), ab[1])
						got := withSentinel(y0, 5)
						if ab[1] == 0 {
							for i := range got {
								got[i] = float32(math.NaN()) // beta == 0 must not read y
							}
						}
						impl(got, x, ptr, col, codes, scale, ab[0], ab[1])
						checkSentinel(t, name, got)
						checkClose(t, name, got, want, bound)
					}
				}
			}
		}
	})
}

func TestQSpMVNarrowU16(t *testing.T) { testQSpMVNarrow(t, qspmvNarrowU16) }
func TestQSpMVNarrowU32(t *testing.T) { testQSpMVNarrow(t, qspmvNarrowU32) }

// A type defined on uint16, as a caller's index type may be.
type panelCol uint16

func TestSpMVNarrowEntries(t *testing.T) {
	defer Use("")
	for _, p := range Available() {
		if err := Use(p); err != nil {
			t.Fatal(err)
		}
		// Row 0: 2*1 + 3*4 (index 7 skipped); row 1 empty; row 2: 5*2.
		ptr := []uint32{0, 3, 3, 4}
		x := []float64{1, 2, 3, 4}
		y := []float64{9, 9, 9}
		SpMVNarrow(y, x, ptr, []panelCol{0, 3, 7, 1}, []float64{2, 3, 4, 5}, 1, 0)
		if y[0] != 14 || y[1] != 0 || y[2] != 10 {
			t.Fatalf("%s: SpMVNarrow = %v", p, y)
		}
		y32 := []float32{1, 1, 1}
		SpMVNarrow(y32, []float32{1, 2, 3, 4}, ptr, []uint32{0, 3, 1 << 20, 1}, []float32{2, 3, 4, 5}, 2, 1)
		if y32[0] != 29 || y32[1] != 1 || y32[2] != 21 {
			t.Fatalf("%s: SpMVNarrow f32 = %v", p, y32)
		}
		yq := []float32{1, 1, 1}
		QSpMVNarrowInt8(yq, []float32{1, 2, 3, 4}, ptr, []uint16{0, 3, 9, 1}, []int8{2, -3, 4, 5}, []float32{0.5, 2, 0.25}, 1, 1)
		if yq[0] != 1+0.5*(2-12) || yq[1] != 1 || yq[2] != 1+0.25*10 {
			t.Fatalf("%s: QSpMVNarrowInt8 = %v", p, yq)
		}
		ys := []float64{0, 0, 0, 0}
		ScatterAddNarrow(ys, []float64{1, 2, 3}, ptr, []uint16{0, 3, 7, 1}, []float64{2, 3, 4, 5}, 2)
		if ys[0] != 4 || ys[1] != 30 || ys[2] != 0 || ys[3] != 6 {
			t.Fatalf("%s: ScatterAddNarrow = %v", p, ys)
		}
	}
}

func TestSpMVNarrowPanics(t *testing.T) {
	mustPanic(t, "kernels: SpMVNarrow: len(ptr) != len(y)+1", func() {
		SpMVNarrow(make([]float64, 2), nil, []uint32{0, 0}, []uint16(nil), nil, 1, 0)
	})
	mustPanic(t, "kernels: SpMVNarrow: len(col) != len(vals)", func() {
		SpMVNarrow(make([]float32, 1), nil, []uint32{0, 0}, []uint32{1}, nil, 1, 0)
	})
	mustPanic(t, "kernels: QSpMVNarrowInt8: len(scale) != len(y)", func() {
		QSpMVNarrowInt8(make([]float32, 1), nil, []uint32{0, 0}, []uint16(nil), nil, nil, 1, 0)
	})
	mustPanic(t, "kernels: QSpMVNarrowInt8: len(col) != len(codes)", func() {
		QSpMVNarrowInt8(make([]float32, 1), nil, []uint32{0, 0}, []uint16{1}, nil, []float32{1}, 1, 0)
	})
	mustPanic(t, "kernels: QSpMVNarrowInt8: len(ptr) != len(y)+1", func() {
		QSpMVNarrowInt8(nil, nil, []uint32{0, 0}, []uint16(nil), nil, nil, 1, 0)
	})
	mustPanic(t, "kernels: ScatterAddNarrow: len(ptr) != len(x)+1", func() {
		ScatterAddNarrow(nil, make([]float64, 2), []uint32{0, 0}, []uint16(nil), nil, 1)
	})
	mustPanic(t, "kernels: ScatterAddNarrow: len(col) != len(vals)", func() {
		ScatterAddNarrow(nil, make([]float64, 1), []uint32{0, 0}, []uint16{3}, nil, 1)
	})
}
