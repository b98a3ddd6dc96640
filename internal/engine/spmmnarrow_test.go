package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// testSpMMNarrow checks every path of f against ref, choosing tiles with
// the tuning c.
func testSpMMNarrow[T Float, I Narrow](t *testing.T, f *family[spmmNarrowFunc[T, I]], c *spmmTuning) {
	forEachSpMMNarrowTier(t, f, c, func(t *testing.T, impl, ref spmmNarrowRowsFunc[T, I]) {
		rng := rand.New(rand.NewPCG(47, 48))
		forEachSpMMSweep(rng, []int{0, 11}, func(c spmmSweep) {
			pad := c.ldx - c.w // ldx, ldy > w: a panel of a wider matrix
			m := randCSR(rng, c.rows, c.cols, []int{0, 1, 2, 3, 4, 5, 9, 17}, 0, 0)
			ptr, col, wide := narrowOf[I](rng, m)
			vals := randVals[T](rng, len(col), c.off, c.special)
			x := randVals[T](rng, max(0, c.cols*c.ldx-pad), c.off, c.special/2)
			y0 := randVals[T](rng, max(0, c.rows*c.ldy), c.off, 0)
			for _, ab := range spmvAlphaBetas[T]() {
				name := fmt.Sprintf("%s alpha=%v beta=%v", c, ab[0], ab[1])
				want := append([]T(nil), y0...)
				ref(want, c.ldy, x, c.ldx, c.w, ptr, col, vals, ab[0], ab[1])
				checkSameBits(t, name+": ref differs from spmmRef", y0,
					func(y []T) { ref(y, c.ldy, x, c.ldx, c.w, ptr, col, vals, ab[0], ab[1]) },
					func(y []T) { spmmRef(y, c.ldy, x, c.ldx, c.w, widePtr(ptr), wide, vals, ab[0], ab[1]) })
				scale := absAll(y0)
				ref(scale, c.ldy, absAll(x), c.ldx, c.w, ptr, col, absAll(vals), absT(ab[0]), absT(ab[1]))
				got := withSentinel(y0, 5)
				if ab[1] == 0 {
					for i := range got {
						got[i] = T(math.NaN()) // beta == 0 must not read y
					}
				}
				impl(got, c.ldy, x, c.ldx, c.w, ptr, col, vals, ab[0], ab[1])
				checkSentinel(t, name, got)
				// Elements between rows (column >= w) stay as they were.
				for i := range got {
					if i%c.ldy >= c.w && !sameBits(got[i:i+1], want[i:i+1]) && ab[1] != 0 {
						t.Fatalf("%s: wrote element %d outside the panel", name, i)
					}
				}
				if ab[1] == 0 {
					for i := range got {
						if i%c.ldy >= c.w {
							got[i] = want[i]
						}
					}
				}
				checkClose(t, name, got, want, scale)
			}
		})
		// Long rows, one column and, for 32-bit indices on narrow panels,
		// more columns than 16 bits index.
		for _, w := range []int{1, 4, 16, 64, 67} {
			cols := 2000
			if !is16[I]() && w <= 4 {
				cols = 70000
			}
			m := randCSR(rng, 3, cols, []int{0, 700, 1999}, 0, 0)
			ptr, col, _ := narrowOf[I](rng, m)
			vals := randVals[T](rng, len(col), 1, 0)
			x := randVals[T](rng, cols*w, 1, 0)
			on := func(k spmmNarrowRowsFunc[T, I]) func(y, x, vals []T) {
				return func(y, x, vals []T) { k(y, w, x, w, w, ptr, col, vals, 1, 0) }
			}
			checkFromZero(t, fmt.Sprintf("long rows w=%d cols=%d", w, cols), 3*w, on(impl), on(ref), x, vals)
		}
		testNarrowBad(t, func(ptr []uint32, col []I, y, x []T, w int) {
			impl(y, w, x, w, w, ptr, col, make([]T, len(col)), 1, 0)
		}, spmmNarrowBadIndex)
	})
}

// testNarrowBad runs a product kernel (rows 0..3 of ptr on a dense operand
// of 5 rows of w elements, the other of 4 rows) on corrupt segments and
// indices: each must panic with bad, never fault.
func testNarrowBad[T Float, I Narrow](t *testing.T, run func(ptr []uint32, col []I, y, x []T, w int), bad string) {
	t.Helper()
	for _, w := range []int{1, 8, 19} {
		for _, c := range []struct {
			name string
			ptr  []uint32
			col  []I
		}{
			{"index = rows", []uint32{0, 2, 3, 5, 6}, []I{0, 4, 1, 2, 5, 3}},
			{"index = max", []uint32{0, 2, 3, 5, 6}, []I{0, 4, 1, 2, 3, ^I(0)}},
			{"index in a long row", []uint32{0, 0, 0, 0, 9}, []I{0, 1, 2, 3, 4, 0, 1, 7, 2}},
			{"inverted segment", []uint32{0, 2, 1, 5, 6}, []I{0, 4, 1, 2, 3, 3}},
			{"segment beyond col", []uint32{0, 2, 3, 5, 7}, []I{0, 4, 1, 2, 3, 3}},
			{"segment far beyond col", []uint32{0, 2, 3, 5, ^uint32(0)}, []I{0, 4, 1, 2, 3, 3}},
		} {
			y, x := make([]T, 4*w), make([]T, 5*w)
			expectPanic(t, fmt.Sprintf("%s w=%d", c.name, w), bad, func() { run(c.ptr, c.col, y, x, w) })
		}
	}
}

func TestSpMMNarrowF32U16(t *testing.T) { testSpMMNarrow(t, spmmNarrowF32U16, &spmmNarrowTune) }
func TestSpMMNarrowF32U32(t *testing.T) { testSpMMNarrow(t, spmmNarrowF32U32, &spmmNarrowTune) }
func TestSpMMNarrowF64U16(t *testing.T) { testSpMMNarrow(t, spmmNarrowF64U16, &spmmNarrowTune) }
func TestSpMMNarrowF64U32(t *testing.T) { testSpMMNarrow(t, spmmNarrowF64U32, &spmmNarrowTune) }

// The narrow products tiled on every X (Y for the scatter) of more than two
// tiles: the amd64 paths walk the column tiles as SpMM's do.
func TestSpMMNarrowTiled(t *testing.T) {
	withSpMMTiles(t, func(t *testing.T, c *spmmTuning) {
		t.Run("f32u16", func(t *testing.T) { testSpMMNarrow(t, spmmNarrowF32U16, c) })
		t.Run("f32u32", func(t *testing.T) { testSpMMNarrow(t, spmmNarrowF32U32, c) })
		t.Run("f64u16", func(t *testing.T) { testSpMMNarrow(t, spmmNarrowF64U16, c) })
		t.Run("f64u32", func(t *testing.T) { testSpMMNarrow(t, spmmNarrowF64U32, c) })
		t.Run("scatter/f32u32", func(t *testing.T) { testSpMMScatterNarrow(t, spmmScatterNarrowF32U32, c) })
		t.Run("scatter/f64u16", func(t *testing.T) { testSpMMScatterNarrow(t, spmmScatterNarrowF64U16, c) })
	})
}

// TestSpMMNarrowTiledDefault: a product the default narrow tuning tiles on
// amd64 (X of 3000 rows x 64 float32, 0.73 MiB, as a prepared strip's at
// k = 64; rows of about 300 entries) agrees with ref on every path, with
// beta 0 and not.
func TestSpMMNarrowTiledDefault(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	const rows, cols, w = 40, 3000, 64
	m := randCSR(rng, rows, cols, []int{0, 1, 250, 300, 350}, 0, 0)
	if tw := spmmNarrowTune.tileRows(rows, cols, len(m.idx), w, 4); tw == 0 && Caches().L2 <= 1<<20 {
		t.Fatalf("default narrow tuning does not tile %d x %d with %d entries at w=%d", rows, cols, len(m.idx), w)
	}
	forEachSpMMNarrowTier(t, spmmNarrowF32U16, &spmmNarrowTune, func(t *testing.T, impl, ref spmmNarrowRowsFunc[float32, uint16]) {
		ptr, col, _ := narrowOf[uint16](rng, m)
		vals := randVals[float32](rng, len(col), 1, 0)
		x := randVals[float32](rng, cols*w, 1, 0)
		y0 := randVals[float32](rng, rows*w, 1, 0)
		for _, beta := range []float32{0, -1} {
			want := append([]float32(nil), y0...)
			ref(want, w, x, w, w, ptr, col, vals, 0.5, beta)
			scale := absAll(y0)
			ref(scale, w, absAll(x), w, w, ptr, col, absAll(vals), 0.5, 1)
			got := append([]float32(nil), y0...)
			impl(got, w, x, w, w, ptr, col, vals, 0.5, beta)
			checkClose(t, fmt.Sprintf("tiled by default, beta=%v", beta), got, want, scale)
		}
	})
}

// testSpMMScatterNarrow checks every path of f against ref, choosing tiles
// with the tuning c.
func testSpMMScatterNarrow[T Float, I Narrow](t *testing.T, f *family[spmmScatterNarrowFunc[T, I]], c *spmmTuning) {
	forEachSpMMScatterNarrowTier(t, f, c, func(t *testing.T, impl, ref spmmScatterNarrowRowsFunc[T, I]) {
		rng := rand.New(rand.NewPCG(49, 50))
		forEachSpMMSweep(rng, []int{11}, func(c spmmSweep) {
			m := randCSR(rng, c.rows, c.cols, []int{0, 1, 2, 3, 4, 5, 9, 17}, 0, 0)
			ptr, col, wide := narrowOf[I](rng, m)
			vals := randVals[T](rng, len(col), c.off, c.special)
			x := randVals[T](rng, max(0, c.rows*c.ldx), c.off, 0)
			y0 := randVals[T](rng, max(0, c.cols*c.ldy), c.off, 0)
			for _, alpha := range scatterAlphas[T]() {
				checkSameBits(t, fmt.Sprintf("%s alpha=%v: ref differs from spmmScatterRef", c, alpha), y0,
					func(y []T) { ref(y, c.ldy, x, c.ldx, c.w, ptr, col, vals, alpha) },
					func(y []T) { spmmScatterRef(y, c.ldy, x, c.ldx, c.w, widePtr(ptr), wide, vals, alpha) })
			}
			on := func(k spmmScatterNarrowRowsFunc[T, I]) scatterOn[T] {
				return func(y, x, vals []T, alpha T) { k(y, c.ldy, x, c.ldx, c.w, ptr, col, vals, alpha) }
			}
			checkScatterOn(t, c.String(), on(impl), on(ref), x, vals, y0)
		})
		// The scatter's dense operand of 4 rows is y: the bad cases read as
		// 5 rows of x scattered into 4 rows of y.
		testNarrowBad(t, func(ptr []uint32, col []I, y, x []T, w int) {
			impl(y, w, x, w, w, ptr, col, make([]T, len(col)), 1)
		}, spmmScatterNarrowBadIndex)
	})
}

func TestSpMMScatterNarrowF32U16(t *testing.T) {
	testSpMMScatterNarrow(t, spmmScatterNarrowF32U16, &spmmTune)
}
func TestSpMMScatterNarrowF32U32(t *testing.T) {
	testSpMMScatterNarrow(t, spmmScatterNarrowF32U32, &spmmTune)
}
func TestSpMMScatterNarrowF64U16(t *testing.T) {
	testSpMMScatterNarrow(t, spmmScatterNarrowF64U16, &spmmTune)
}
func TestSpMMScatterNarrowF64U32(t *testing.T) {
	testSpMMScatterNarrow(t, spmmScatterNarrowF64U32, &spmmTune)
}

func TestSpMMNarrowEntries(t *testing.T) {
	defer Use("")
	ptr := []uint32{0, 2, 2, 3}
	col := []uint16{0, 2, 1}
	vals := []float32{2, 3, 4}
	x := []float32{1, 10, 2, 20, 3, 30} // 3 rows of 2
	for _, p := range Available() {
		if err := Use(p); err != nil {
			t.Fatal(err)
		}
		y := make([]float32, 6)
		SpMMNarrow(y, 2, x, 2, 2, ptr, col, vals, 1, 0)
		if fmt.Sprint(y) != "[11 110 0 0 8 80]" {
			t.Fatalf("%s: SpMMNarrow = %v", p, y)
		}
		SpMMNarrowUnchecked(y, 2, x, 2, 2, ptr, []panelCol{0, 2, 1}, vals, 1, 1)
		if fmt.Sprint(y) != "[22 220 0 0 16 160]" {
			t.Fatalf("%s: SpMMNarrowUnchecked = %v", p, y)
		}
		ys := make([]float64, 6)
		SpMMScatterNarrow(ys, 2, []float64{1, 10, 2, 20, 3, 30}, 2, 2, ptr, []uint32{0, 2, 1}, []float64{2, 3, 4}, 1)
		if fmt.Sprint(ys) != "[2 20 12 120 3 30]" {
			t.Fatalf("%s: SpMMScatterNarrow = %v", p, ys)
		}
		SpMMScatterNarrowUnchecked(ys, 2, []float64{1, 10, 2, 20, 3, 30}, 2, 2, ptr, []uint32{0, 2, 1}, []float64{2, 3, 4}, -1)
		if fmt.Sprint(ys) != "[0 0 0 0 0 0]" {
			t.Fatalf("%s: SpMMScatterNarrowUnchecked = %v", p, ys)
		}
		// The unchecked entries check each index when it is read.
		expectPanic(t, p+" unchecked", spmmNarrowBadIndex, func() {
			SpMMNarrowUnchecked(y, 2, x, 2, 2, ptr, []uint16{0, 3, 1}, vals, 1, 0)
		})
		expectPanic(t, p+" unchecked scatter", spmmScatterNarrowBadIndex, func() {
			SpMMScatterNarrowUnchecked(y, 2, x, 2, 2, ptr, []uint16{0, 3, 1}, vals, 1)
		})
	}
}

func TestSpMMNarrowPanics(t *testing.T) {
	ptr := []uint32{0, 2, 2, 3}
	x := make([]float32, 6)
	mustPanic(t, "kernels: SpMMNarrow: index 3 out of range for 3 dense rows", func() {
		SpMMNarrow(make([]float32, 6), 2, x, 2, 2, ptr, []uint16{0, 3, 1}, make([]float32, 3), 1, 0)
	})
	mustPanic(t, "kernels: SpMMScatterNarrow: index 3 out of range for 3 dense rows", func() {
		SpMMScatterNarrow(make([]float32, 6), 2, x, 2, 2, ptr, []uint16{0, 3, 1}, make([]float32, 3), 1)
	})
	mustPanic(t, "kernels: SpMMNarrow: ptr not non-decreasing or beyond len(col)", func() {
		SpMMNarrow(make([]float32, 6), 2, x, 2, 2, []uint32{0, 2, 1, 3}, []uint16{0, 1, 1}, make([]float32, 3), 1, 0)
	})
	mustPanic(t, "kernels: SpMMNarrow: ptr not non-decreasing or beyond len(col)", func() {
		SpMMNarrowUnchecked(make([]float32, 6), 2, x, 2, 2, []uint32{0, 2, 2, 4}, []uint16{0, 1, 1}, make([]float32, 3), 1, 0)
	})
	mustPanic(t, "kernels: SpMMNarrow: len(idx) != len(vals)", func() {
		SpMMNarrow(make([]float32, 6), 2, x, 2, 2, ptr, []uint16{0, 1, 1}, make([]float32, 2), 1, 0)
	})
	mustPanic(t, "kernels: SpMMNarrow: dense operand of length 5 too short for 3 rows", func() {
		SpMMNarrow(make([]float32, 5), 2, x, 2, 2, ptr, []uint16{0, 1, 1}, make([]float32, 3), 1, 0)
	})
	// y over the index arrays.
	buf := make([]uint32, 8)
	over := unsafeFloats(buf)
	mustPanic(t, "kernels: SpMMNarrow: the output overlaps an index array", func() {
		SpMMNarrow(over[:6], 2, x, 2, 2, buf[:4], []uint16{0, 1, 1}, make([]float32, 3), 1, 0)
	})
	mustPanic(t, "kernels: SpMMScatterNarrow: the output overlaps an index array", func() {
		SpMMScatterNarrow(over[:6], 2, x, 2, 2, buf[:4], []uint16{0, 1, 1}, make([]float32, 3), 1)
	})
}

// unsafeFloats views the memory of b as float32s.
func unsafeFloats(b []uint32) []float32 {
	return unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(b))), len(b))
}
