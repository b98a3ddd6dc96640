package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// shortShapes are the (rows, cols) of the short-row tests: those of the
// narrow tests and more rows than one kernel call takes.
func shortShapes[I Narrow]() [][2]int {
	return append(narrowShapes[I](), [2]int{2*spmvRowsPerCall + 37, 60})
}

func testSpMVShort[T Float, I Narrow](t *testing.T, f *family[spmvShortFunc[T, I]]) {
	forEachTier(t, f, func(t *testing.T, impl, ref spmvShortFunc[T, I]) {
		rng := rand.New(rand.NewPCG(51, 52))
		every := make([]int, 4*4+4) // every length through four groups of four and a tail
		for n := range every {
			every[n] = n
		}
		forEachCSRSweep(shortShapes[I](), csrRowLens(16, every), func(c csrSweep) {
			if (c.cols > 10000 || c.rows > spmvRowsPerCall) && (c.off != 0 || c.special != 0 || c.kind >= 2 || c.bad != 0 && testing.Short()) {
				return // the large shapes once: their size is the cost
			}
			m := c.matrix(rng)
			ptr, col, _ := narrowOf[I](rng, m)
			vals := randVals[T](rng, len(col), c.off, c.special)
			x := randVals[T](rng, c.cols, c.off, c.special/2)
			want := make([]T, c.rows)
			// On a valid ptr, ref is SpMVNarrow's reference with alpha 1
			// and beta 0, bit for bit.
			checkSameBits(t, fmt.Sprintf("rows=%d cols=%d: ref differs from spmvNarrowRef", c.rows, c.cols), want,
				func(y []T) { ref(y, x, ptr, col, vals, 1) },
				func(y []T) { spmvNarrowRef(y, x, ptr, col, vals, 1, 0) })
			ref(want, x, ptr, col, vals, 1)
			scale := make([]T, c.rows)
			ref(scale, absAll(x), ptr, col, absAll(vals), 1)
			for _, sums := range []int{1, 2, 4} {
				name := fmt.Sprintf("%s sums=%d", c, sums)
				// y is not read: NaN in it must not show.
				checkGuarded(t, name, nans[T](c.rows), want, scale, func(got []T) { impl(got, x, ptr, col, vals, sums) })
			}
		})
		// A ptr that decreases, runs past len(col) or starts past it: each
		// row starts where the one before it stopped, within col, across
		// the kernel calls as well.
		for trial := range 40 {
			rows, n := 1+rng.IntN(3*spmvRowsPerCall), rng.IntN(200)
			if trial%4 != 0 {
				rows = 1 + rng.IntN(20)
			}
			ptr := make([]uint32, rows+1)
			for i := range ptr {
				switch rng.IntN(6) {
				case 0:
					ptr[i] = rng.Uint32()
				case 1:
					ptr[i] = uint32(n + rng.IntN(3))
				default:
					ptr[i] = uint32(rng.IntN(n + 1))
				}
			}
			col := make([]I, n)
			for k := range col {
				col[k] = I(rng.IntN(40))
			}
			vals := randVals[T](rng, n, 0, 0)
			x := randVals[T](rng, 1+rng.IntN(35), 0, 0)
			want, scale := make([]T, rows), make([]T, rows)
			ref(want, x, ptr, col, vals, 1)
			ref(scale, absAll(x), ptr, col, absAll(vals), 1)
			for _, sums := range []int{1, 2, 4} {
				got := make([]T, rows)
				impl(got, x, ptr, col, vals, sums)
				checkClose(t, fmt.Sprintf("junk ptr trial %d sums=%d", trial, sums), got, want, scale)
			}
		}
		// The rotated rows on a hand-made ptr: 5 (past len(col) = 4, so
		// 4), 2 (before k: empty), 4, 1 (empty), 3 (empty).
		c := []I{0, 1, 2, 3}
		v := []T{1, 2, 3, 4}
		xs := []T{10, 20, 30, 40}
		got := make([]T, 4)
		impl(got, xs, []uint32{5, 2, 4, 1, 3}, c, v, 1)
		if got[0] != 0 || got[1] != 0 || got[2] != 0 || got[3] != 0 {
			t.Fatalf("rows after a start past len(col) = %v, want zeros", got)
		}
		impl(got, xs, []uint32{1, 3, 2, 4, 0}, c, v, 2)
		if got[0] != 2*20+3*30 || got[1] != 0 || got[2] != 4*40 || got[3] != 0 {
			t.Fatalf("rotated rows = %v, want [130 0 160 0]", got)
		}
	})
}

func TestSpMVShortF32U16(t *testing.T) { testSpMVShort(t, spmvShortF32U16) }
func TestSpMVShortF32U32(t *testing.T) { testSpMVShort(t, spmvShortF32U32) }
func TestSpMVShortF64U16(t *testing.T) { testSpMVShort(t, spmvShortF64U16) }
func TestSpMVShortF64U32(t *testing.T) { testSpMVShort(t, spmvShortF64U32) }

// TestSpMVShortEntries checks the entry points on every path: SpMVShort
// against SpMVNarrow with beta 0, on valid and on junk pointers (where it
// runs SpMVNarrow's clamped loop), alpha included, and SpMVShortUnchecked
// on a valid ptr.
func TestSpMVShortEntries(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 54))
	for _, p := range Available() {
		if err := Use(p); err != nil {
			t.Fatal(err)
		}
		for trial := range 30 {
			m := randCSR(rng, 1+rng.IntN(300), 1+rng.IntN(100), nil, rng.IntN(12), 0)
			ptr, col, _ := narrowOf[uint32](rng, m)
			if trial%3 == 2 {
				ptr[rng.IntN(len(ptr))] = rng.Uint32() // junk: SpMVShort clamps as SpMVNarrow does
			}
			vals := randVals[float64](rng, len(col), 0, 0)
			x := randVals[float64](rng, m.cols, 0, 0)
			for _, alpha := range []float64{1, -2.5} {
				want, scale := make([]float64, m.rows), make([]float64, m.rows)
				SpMVNarrow(want, x, ptr, col, vals, alpha, 0)
				SpMVNarrow(scale, absAll(x), ptr, col, absAll(vals), math.Abs(alpha), 0)
				for _, sums := range []int{1, 2, 4} {
					name := fmt.Sprintf("%s: trial %d alpha=%v sums=%d", p, trial, alpha, sums)
					got := make([]float64, m.rows)
					SpMVShort(got, x, ptr, col, vals, sums, alpha)
					checkClose(t, name, got, want, scale)
					if trial%3 != 2 {
						clear(got)
						SpMVShortUnchecked(got, x, ptr, col, vals, sums, alpha)
						checkClose(t, name+" unchecked", got, want, scale)
					}
				}
			}
		}
	}
	if err := Use(""); err != nil {
		t.Fatal(err)
	}
}

func TestSpMVShortPanics(t *testing.T) {
	mustPanic(t, "kernels: SpMVShort: len(ptr) != len(y)+1", func() {
		SpMVShort(make([]float64, 2), nil, []uint32{0, 0}, []uint16(nil), nil, 1, 1)
	})
	mustPanic(t, "kernels: SpMVShort: len(col) != len(vals)", func() {
		SpMVShortUnchecked(make([]float32, 1), nil, []uint32{0, 0}, []uint32{1}, nil, 1, 1)
	})
	mustPanic(t, "kernels: SpMVShort: sums not 1, 2 or 4", func() {
		SpMVShort(make([]float32, 1), nil, []uint32{0, 0}, []uint32(nil), nil, 3, 1)
	})
}

// FuzzSpMVShort: on any pointer and index data every path of the
// short-row SpMV, with each number of partial sums, stays in bounds (the
// sentinels would see a stray write) and agrees with ref exactly (small
// integers: the sums are exact in any order).
func FuzzSpMVShort(f *testing.F) {
	seedWords(f, 0, 2, 3, 5, 0, 1, 2, 9, 1<<63)
	seedWords(f, 7, 1, 40, 2, 3, 4, ^uint64(0), 0)
	f.Fuzz(func(t *testing.T, b []byte, seed uint64) {
		ptr64, idx64, vals, x := fuzzCSR(b, seed)
		ptr := make([]uint32, len(ptr64))
		for i, p := range ptr64 {
			ptr[i] = uint32(p)
		}
		if seed&4 != 0 {
			col := make([]uint16, len(idx64))
			for k, j := range idx64 {
				col[k] = uint16(j)
			}
			fuzzSpMVShort(t, spmvShortF64U16, x, ptr, col, vals)
			return
		}
		col := make([]uint32, len(idx64))
		for k, j := range idx64 {
			col[k] = uint32(j)
		}
		fuzzSpMVShort(t, spmvShortF64U32, x, ptr, col, vals)
	})
}

func fuzzSpMVShort[I Narrow](t *testing.T, f *family[spmvShortFunc[float64, I]], x []float64, ptr []uint32, col []I, vals []float64) {
	rows := len(ptr) - 1
	want := make([]float64, rows)
	spmvShortRef(want, x, ptr, col, vals, 1)
	forEachTier(t, f, func(t *testing.T, impl, _ spmvShortFunc[float64, I]) {
		for _, sums := range []int{1, 2, 4} {
			got := withSentinel(make([]float64, rows), 4)
			impl(got, x, ptr, col, vals, sums)
			checkSentinel(t, "spmvshort", got)
			if !slices.Equal(got, want) {
				t.Fatalf("sums=%d ptr=%v col=%v: got %v, want %v", sums, ptr, col, got, want)
			}
		}
	})
}

// TestSpMVShortLastU16Column runs every path on a row holding column
// 65535, the last a uint16 offset addresses, with x as wide as that: the
// column is read (and, under the race detector, recorded) as an int, not
// as a uint16 plus one.
func TestSpMVShortLastU16Column(t *testing.T) {
	forEachTier(t, spmvShortF32U16, func(t *testing.T, impl, ref spmvShortFunc[float32, uint16]) {
		x := make([]float32, 1<<16)
		x[0], x[1<<16-1] = 2, 3
		ptr, col, vals := []uint32{0, 2}, []uint16{0, 1<<16 - 1}, []float32{5, 7}
		for _, sums := range []int{1, 2, 4} {
			got, want := []float32{0}, []float32{0}
			impl(got, x, ptr, col, vals, sums)
			ref(want, x, ptr, col, vals, sums)
			if got[0] != want[0] || want[0] != 31 {
				t.Fatalf("sums=%d: y = %v, reference %v, want 31", sums, got[0], want[0])
			}
		}
	})
}
