package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// spmmWidths: every width 1..67 is tried on small matrices, and wider
// panels that repeat the 4-vector chunk before every smaller chunk and a
// masked tail (127 doubles under AVX-512 = 32 + 32 + 32 + 16 + 8 + 7).
func spmmWidths() []int {
	var w []int
	for k := 1; k <= 67; k++ {
		w = append(w, k)
	}
	return append(w, 96, 127, 128, 129, 192, 255)
}

// spmmSweep is one point of the SpMM tests' grid: a panel width w, a
// matrix shape, how often a value is special, the element offset of the
// operands and the row strides of x and y (w plus 0 to 2).
type spmmSweep struct {
	w, rows, cols, special, off, ldx, ldy int
}

// String names the point as the tests' failure messages do.
func (c spmmSweep) String() string {
	return fmt.Sprintf("w=%d ldx=%d ldy=%d rows=%d cols=%d special=%d off=%d", c.w, c.ldx, c.ldy, c.rows, c.cols, c.special, c.off)
}

// forEachSpMMSweep calls fn on every width of spmmWidths, four shapes and
// each of specials, drawing the offset and the strides from rng. Under
// -short (the race and qemu runs) every width, so every column tail of
// every kernel, still runs, on one shape and one of specials in turn: the
// widths of each residue mod 4 take every shape and every special.
func forEachSpMMSweep(rng *rand.Rand, specials []int, fn func(c spmmSweep)) {
	shapes := [][2]int{{0, 3}, {1, 1}, {5, 9}, {17, 23}}
	for wi, w := range spmmWidths() {
		for si, sh := range shapes {
			for pi, special := range specials {
				if testing.Short() && (si != (wi+wi/4)%len(shapes) || pi != wi/4%len(specials)) {
					continue
				}
				off := rng.IntN(4)
				ldx, ldy := w+rng.IntN(3), w+rng.IntN(3)
				fn(spmmSweep{w: w, rows: sh[0], cols: sh[1], special: special, off: off, ldx: ldx, ldy: ldy})
			}
		}
	}
}

// testSpMM checks every path of f against ref, choosing tiles with the
// tuning c.
func testSpMM[T Float](t *testing.T, f *family[spmmFunc[T]], c *spmmTuning) {
	forEachSpMMTierWith(t, f, c, func(t *testing.T, impl, ref spmmRowsFunc[T]) {
		rng := rand.New(rand.NewPCG(31, 32))
		forEachSpMMSweep(rng, []int{0, 11}, func(c spmmSweep) {
			pad := c.ldx - c.w // ldx, ldy > w: a panel of a wider matrix
			m := randCSR(rng, c.rows, c.cols, []int{0, 1, 2, 3, 5, 9, 17}, 0, 0)
			vals := randVals[T](rng, len(m.idx), c.off, c.special)
			x := randVals[T](rng, max(0, c.cols*c.ldx-pad), c.off, c.special/2)
			y0 := randVals[T](rng, max(0, c.rows*c.ldy), c.off, 0)
			on := func(k spmmRowsFunc[T]) spmvOn[T] {
				return func(y, x, vals []T, alpha, beta T) { k(y, c.ldy, x, c.ldx, c.w, m.ptr, m.idx, vals, alpha, beta) }
			}
			checkAlphaBetas(t, c.String(), on(impl), on(ref), x, vals, y0)
		})
		// A long row and a large panel.
		m := randCSR(rng, 3, 2000, []int{0, 700, 1999}, 0, 0)
		for _, w := range []int{16, 64, 67, 256} {
			vals := randVals[T](rng, len(m.idx), 1, 0)
			x := randVals[T](rng, 2000*w, 1, 0)
			on := func(k spmmRowsFunc[T]) func(y, x, vals []T) {
				return func(y, x, vals []T) { k(y, w, x, w, w, m.ptr, m.idx, vals, 1, 0) }
			}
			checkFromZero(t, fmt.Sprintf("long rows w=%d", w), 3*w, on(impl), on(ref), x, vals)
		}
	})
}

func TestSpMMF32(t *testing.T) { testSpMM(t, spmmF32, &spmmTune) }
func TestSpMMF64(t *testing.T) { testSpMM(t, spmmF64, &spmmTune) }

func TestSpMMTiledF32(t *testing.T) {
	withSpMMTiles(t, func(t *testing.T, c *spmmTuning) { testSpMM(t, spmmF32, c) })
}
func TestSpMMTiledF64(t *testing.T) {
	withSpMMTiles(t, func(t *testing.T, c *spmmTuning) { testSpMM(t, spmmF64, c) })
}
func TestSpMMScatterTiledF32(t *testing.T) {
	withSpMMTiles(t, func(t *testing.T, c *spmmTuning) { testSpMMScatter(t, spmmScatterF32, c) })
}
func TestSpMMScatterTiledF64(t *testing.T) {
	withSpMMTiles(t, func(t *testing.T, c *spmmTuning) { testSpMMScatter(t, spmmScatterF64, c) })
}

// unsortedCSR is a 9 x 40 matrix whose rows list their columns in random
// order.
func unsortedCSR(rng *rand.Rand) csrCase {
	m := randCSR(rng, 9, 40, []int{0, 1, 2, 7, 30}, 0, 0)
	for i := 0; i+1 < len(m.ptr); i++ {
		r := m.idx[m.ptr[i]:m.ptr[i+1]]
		rng.Shuffle(len(r), func(a, b int) { r[a], r[b] = r[b], r[a] })
	}
	return m
}

// forEachUnsorted calls fn for several panel widths w with an unsortedCSR,
// its values and an x of xRows rows of w, all drawn from rng.
func forEachUnsorted(rng *rand.Rand, xRows int, fn func(w int, m csrCase, vals, x []float64)) {
	for _, w := range []int{1, 5, 8, 33, 67} {
		m := unsortedCSR(rng)
		vals := randVals[float64](rng, len(m.idx), 1, 0)
		fn(w, m, vals, randVals[float64](rng, xRows*w, 1, 0))
	}
}

// TestSpMMTiledUnsorted: a tile stops at the first index at or above its
// limit, so rows whose indices are not sorted take entries in later tiles;
// each must still be taken once, gathering and scattering.
func TestSpMMTiledUnsorted(t *testing.T) {
	withSpMMTiles(t, func(t *testing.T, c *spmmTuning) {
		forEachSpMMTierWith(t, spmmF64, c, func(t *testing.T, impl, ref spmmRowsFunc[float64]) {
			forEachUnsorted(rand.New(rand.NewPCG(5, 6)), 40, func(w int, m csrCase, vals, x []float64) {
				on := func(k spmmRowsFunc[float64]) func(y, x, vals []float64) {
					return func(y, x, vals []float64) { k(y, w, x, w, w, m.ptr, m.idx, vals, 1.5, 0) }
				}
				checkFromZero(t, fmt.Sprintf("unsorted w=%d", w), 9*w, on(impl), on(ref), x, vals)
			})
		})
		forEachSpMMScatterTier(t, spmmScatterF64, c, func(t *testing.T, impl, ref spmmScatterRowsFunc[float64]) {
			forEachUnsorted(rand.New(rand.NewPCG(7, 6)), 9, func(w int, m csrCase, vals, x []float64) {
				run := func(y, x, vals []float64, k spmmScatterRowsFunc[float64]) { k(y, w, x, w, w, m.ptr, m.idx, vals, 1.5) }
				checkFromZero(t, fmt.Sprintf("scatter unsorted w=%d", w), 40*w,
					func(y, x, vals []float64) { run(y, x, vals, impl) }, func(y, x, vals []float64) { run(y, x, vals, ref) }, x, vals)
			})
		})
	})
}

// testSpMMScatter checks every path of f against ref, choosing tiles with
// the tuning c.
func testSpMMScatter[T Float](t *testing.T, f *family[spmmScatterFunc[T]], c *spmmTuning) {
	forEachSpMMScatterTier(t, f, c, func(t *testing.T, impl, ref spmmScatterRowsFunc[T]) {
		rng := rand.New(rand.NewPCG(41, 42))
		forEachSpMMSweep(rng, []int{0, 11}, func(c spmmSweep) {
			// rows of the matrix index X; its indices name rows of Y.
			m := randCSR(rng, c.rows, c.cols, []int{0, 1, 2, 3, 5, 9, 17}, 0, 0)
			vals := randVals[T](rng, len(m.idx), c.off, c.special)
			x := randVals[T](rng, c.rows*c.ldx, c.off, c.special/2)
			y0 := randVals[T](rng, c.cols*c.ldy, c.off, 0)
			on := func(k spmmScatterRowsFunc[T]) scatterOn[T] {
				return func(y, x, vals []T, alpha T) { k(y, c.ldy, x, c.ldx, c.w, m.ptr, m.idx, vals, alpha) }
			}
			checkScatterOn(t, c.String(), on(impl), on(ref), x, vals, y0)
		})
	})
}

func TestSpMMScatterF32(t *testing.T) { testSpMMScatter(t, spmmScatterF32, &spmmTune) }
func TestSpMMScatterF64(t *testing.T) { testSpMMScatter(t, spmmScatterF64, &spmmTune) }

func TestSpMMPanics(t *testing.T) {
	mustPanic(t, "kernels: SpMM: index 3 out of range for 3 dense rows", func() {
		SpMM(make([]float64, 2), 2, make([]float64, 6), 2, 2, []uint64{0, 1}, []uint64{3}, []float64{1}, 1, 0)
	})
	mustPanic(t, "kernels: SpMM: ptr not non-decreasing or beyond len(idx)", func() {
		SpMM(make([]float64, 4), 2, make([]float64, 6), 2, 2, []uint64{0, 1, 0}, []uint64{0}, []float64{1}, 1, 0)
	})
	mustPanic(t, "kernels: SpMMScatter: dense operand of length 3 too short for 2 rows", func() {
		SpMMScatter(make([]float32, 4), 2, make([]float32, 3), 2, 2, []uint64{0, 1, 1}, []uint64{0}, []float32{1}, 1)
	})
}

// TestSpMMTiledDefault: products the default tuning tiles on amd64 (X, or
// Y when transposed, of 5000 rows x 64 doubles, 2.4 MiB; rows of about 500
// entries) agree with ref on every path.
func TestSpMMTiledDefault(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const rows, cols, w = 60, 5000, 64
	m := randCSR(rng, rows, cols, []int{0, 1, 450, 500, 550}, 0, 0)
	if tw := spmmTune.tileRows(rows, cols, len(m.idx), w, 8); tw == 0 && Caches().L2 <= 1<<20 {
		t.Fatalf("default tuning does not tile %d x %d with %d entries at w=%d", rows, cols, len(m.idx), w)
	}
	forEachSpMMTier(t, spmmF64, func(t *testing.T, impl, ref spmmRowsFunc[float64]) {
		vals := randVals[float64](rng, len(m.idx), 1, 0)
		x := randVals[float64](rng, cols*w, 1, 0)
		y0 := randVals[float64](rng, rows*w, 1, 0)
		want := append([]float64(nil), y0...)
		ref(want, w, x, w, w, m.ptr, m.idx, vals, 0.5, -1)
		scale := absAll(y0)
		ref(scale, w, absAll(x), w, w, m.ptr, m.idx, absAll(vals), 0.5, 1)
		got := append([]float64(nil), y0...)
		impl(got, w, x, w, w, m.ptr, m.idx, vals, 0.5, -1)
		checkClose(t, "tiled by default", got, want, scale)
	})
	// Transposed: the same matrix's indices name rows of Y.
	forEachSpMMScatterTier(t, spmmScatterF64, &spmmTune, func(t *testing.T, impl, ref spmmScatterRowsFunc[float64]) {
		vals := randVals[float64](rng, len(m.idx), 1, 0)
		x := randVals[float64](rng, rows*w, 1, 0)
		y0 := randVals[float64](rng, cols*w, 1, 0)
		want := append([]float64(nil), y0...)
		ref(want, w, x, w, w, m.ptr, m.idx, vals, -0.5)
		scale := absAll(y0)
		ref(scale, w, absAll(x), w, w, m.ptr, m.idx, absAll(vals), 0.5)
		got := append([]float64(nil), y0...)
		impl(got, w, x, w, w, m.ptr, m.idx, vals, -0.5)
		checkClose(t, "scatter tiled by default", got, want, scale)
	})
}

// TestSpMMTileRows: the tiling decision at the sizes it was tuned on, with
// the tuning a CPU with a 1 MiB L2 gets (whatever this one has), and counts
// whose product overflows 64 bits.
func TestSpMMTileRows(t *testing.T) {
	tune := spmmTuningFor(1 << 20)
	for _, c := range []struct {
		rows, xrows, nnz, w, size, want int
	}{
		{4096, 11008, 4509419, 64, 8, 256},  // M4 k = 64 float64: L2/8
		{4096, 11008, 4509419, 64, 4, 512},  // float32
		{4096, 11008, 4509419, 256, 8, 160}, // k = 256: grown to 16 entries a row
		{4096, 11008, 4509419, 16, 8, 0},    // 1.4 MiB of X in 128-byte rows: not tiled
		{4096, 5000, 2000000, 64, 4, 512},   // 1.2 MiB in 256-byte rows: tiled
		{4096, 5000, 2000000, 32, 8, 512},   // the same in float64
		{4096, 4000, 2000000, 64, 4, 0},     // 0.98 MiB: fits L2
		{4096, 50000, 4000000, 16, 4, 0},    // 3.1 MiB in 64-byte rows: never tiled
		{4096, 50000, 4000000, 32, 4, 1024}, // in 128-byte rows: tiled
		{20000, 20000, 640000, 64, 8, 0},    // M2: 32 entries a row, tiles too large
		{1 << 40, 1 << 40, 1, 64, 8, 0},     // overflowing counts
		{0, 1 << 20, 0, 64, 8, 0},
	} {
		if got := tune.tileRows(c.rows, c.xrows, c.nnz, c.w, c.size); got != c.want {
			t.Errorf("tileRows(%d, %d, %d, %d, %d) = %d, want %d", c.rows, c.xrows, c.nnz, c.w, c.size, got, c.want)
		}
	}
}

// TestSpMMNarrowTileRows: the narrow products' tiling decision on the
// strips of a prepared M4 (3 strips of 3670 columns, about 1.5 M entries
// each), with the tuning of a 1 MiB L2.
func TestSpMMNarrowTileRows(t *testing.T) {
	c := spmmNarrowTuningFor(1 << 20)
	for _, k := range []struct {
		rows, xrows, nnz, w, size, want int
	}{
		{4096, 3670, 1503140, 64, 4, 256}, // 0.9 MiB of X in 256-byte rows: L2/16
		{4096, 3670, 1503140, 64, 8, 161}, // float64: grown to 16 entries a row
		{4096, 3670, 1503140, 32, 4, 0},   // 0.45 MiB in 128-byte rows: not tiled
		{4096, 3670, 1503140, 16, 4, 0},   // 64-byte rows: never tiled
		{4096, 1000, 400000, 64, 4, 0},    // 0.24 MiB: stays in L2
		{512, 3670, 4096, 64, 4, 0},       // a decode tile's rows: too few entries
	} {
		if got := c.tileRows(k.rows, k.xrows, k.nnz, k.w, k.size); got != k.want {
			t.Errorf("tileRows(%d, %d, %d, %d, %d) = %d, want %d", k.rows, k.xrows, k.nnz, k.w, k.size, got, k.want)
		}
	}
}

// TestSpMMHugeLeadingDimension: the compressed operand's length check once
// multiplied (rows-1)*ld in int, which wraps for a huge ld and let the
// assembly paths write outside y (or read outside x for SpMMScatter) at
// ld-strided rows. Every path must now panic with the kernels message and
// leave the buffer around the operand untouched.
func TestSpMMHugeLeadingDimension(t *testing.T) {
	for _, p := range append(Available(), "auto") {
		t.Run(p, func(t *testing.T) {
			if err := Use(p); err != nil {
				t.Fatal(err)
			}
			defer Use("")
			buf := make([]float64, 16)
			for i := range buf {
				buf[i] = 7
			}
			mustPanic(t, "kernels: SpMM: dense operand of length 2 too short for 2 rows", func() {
				// ldy = MaxInt: MaxInt*8 bytes is -8 modulo 2^64 (y[-1]).
				SpMM(buf[1:3:3], math.MaxInt, []float64{1}, 1, 1, []uint64{0, 0, 0}, nil, []float64{}, 1, 0)
			})
			mustPanic(t, "kernels: SpMM: dense operand of length 2 too short for 5 rows", func() {
				// 4*ldy wraps to MinInt+8.
				SpMM(buf[:2:2], 1<<61+2, []float64{3}, 1, 1, []uint64{0, 1, 2, 3, 4, 5}, make([]uint64, 5), []float64{1, 1, 1, 1, 1}, 1, 0)
			})
			mustPanic(t, "kernels: SpMM: dense operand of length 2 too short for 5 rows", func() {
				SpMMPart(5, 0, buf[:2:2], 1<<61+2, []float64{3}, 1, 1, []uint64{0, 1, 2, 3, 4, 5}, make([]uint64, 5), []float64{1, 1, 1, 1, 1}, 1, 0)
			})
			b32 := make([]float32, 4)
			mustPanic(t, "kernels: SpMM: dense operand of length 1 too short for 4 rows", func() {
				SpMM(b32[:1:1], 1<<62+1, []float32{1}, 1, 1, []uint64{0, 0, 0, 0, 0}, nil, []float32{}, 1, 0)
			})
			y := make([]float64, 1)
			mustPanic(t, "kernels: SpMMScatter: dense operand of length 1 too short for 5 rows", func() {
				SpMMScatter(y, 1, buf[:1:1], 1<<61+2, 1, []uint64{0, 1, 2, 3, 4, 5}, make([]uint64, 5), []float64{1, 1, 1, 1, 1}, 1)
			})
			for i, v := range buf {
				if v != 7 {
					t.Fatalf("buf[%d] = %v: written outside the operand", i, v)
				}
			}
			for i, v := range b32 {
				if v != 0 {
					t.Fatalf("b32[%d] = %v: written outside the operand", i, v)
				}
			}
			if y[0] != 0 {
				t.Fatalf("y = %v", y)
			}
			// w == 0 touches nothing on every path (generic's scatter sliced x).
			SpMMScatter(make([]float64, 0), 1, make([]float64, 0), 1, 0, []uint64{0, 1, 2}, []uint64{5, 9}, []float64{1, 1}, 1)
		})
	}
}

// TestSpMMScatterAssociation: every path computes vals[k]*(alpha*x) as ref
// does, so that the same inputs overflow (or do not) on every path: with
// vals 1e30, x 1e-30 and alpha 1e30 in float32, (vals*alpha)*x is +Inf but
// vals*(alpha*x) is 1e30; with vals 1e-30 and x 1e30 the other way round.
func TestSpMMScatterAssociation(t *testing.T) {
	for _, c := range [][3]float32{{1e30, 1e-30, 1e30}, {1e-30, 1e30, 1e30}} {
		v, xv, alpha := c[0], c[1], c[2]
		for _, w := range []int{1, 3, 8, 16, 17, 33} {
			x := make([]float32, w)
			for i := range x {
				x[i] = xv
			}
			ptr, idx, vals := []uint64{0, 1}, []uint64{0}, []float32{v}
			forEachSpMMScatterTier(t, spmmScatterF32, &spmmTune, func(t *testing.T, impl, ref spmmScatterRowsFunc[float32]) {
				want, got := make([]float32, w), make([]float32, w)
				ref(want, w, x, w, w, ptr, idx, vals, alpha)
				impl(got, w, x, w, w, ptr, idx, vals, alpha)
				for i := range got {
					if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
						t.Fatalf("vals %g x %g alpha %g w=%d: y[%d] = %g, ref %g", v, xv, alpha, w, i, got[i], want[i])
					}
				}
			})
		}
	}
}

// TestSpMMTiledInfAlpha: an infinite alpha gives ref's Inf and NaN on every
// path with the tiles forced. The tiled kernels scaled each tile's partial
// sum, so a row without entries in some tile became NaN (Inf*0) where ref's
// alpha*sum is ±Inf.
func TestSpMMTiledInfAlpha(t *testing.T) {
	withSpMMTiles(t, func(t *testing.T, c *spmmTuning) {
		forEachSpMMTierWith(t, spmmF64, c, func(t *testing.T, impl, ref spmmRowsFunc[float64]) {
			rng := rand.New(rand.NewPCG(7, 8))
			m := randCSR(rng, 9, 40, []int{1, 2, 7, 30}, 0, 0)
			for _, w := range []int{1, 8, 67} {
				vals := randVals[float64](rng, len(m.idx), 1, 0)
				x := randVals[float64](rng, 40*w, 1, 0)
				for _, alpha := range []float64{math.Inf(1), math.Inf(-1)} {
					want := make([]float64, 9*w)
					ref(want, w, x, w, w, m.ptr, m.idx, vals, alpha, 0)
					got := make([]float64, 9*w)
					impl(got, w, x, w, w, m.ptr, m.idx, vals, alpha, 0)
					for i := range got {
						if math.IsNaN(got[i]) != math.IsNaN(want[i]) || math.IsInf(want[i], 0) && got[i] != want[i] {
							t.Fatalf("w=%d alpha=%v: y[%d] = %v, want %v", w, alpha, i, got[i], want[i])
						}
					}
				}
			}
		})
	})
}

// TestSpMMUnchecked: the format packages' entry points without the index
// pass (internal/unchecked) are set, give SpMMPart's and SpMMScatter's bits,
// and keep the other checks (a short dense operand still panics).
func TestSpMMUnchecked(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	m := randCSR(rng, 9, 40, []int{0, 1, 2, 7, 30}, 0, 0)
	for _, w := range []int{1, 8, 67} {
		vals := randVals[float64](rng, len(m.idx), 1, 0)
		x := randVals[float64](rng, 40*w, 1, 0)
		want := make([]float64, 9*w)
		SpMMPart(9, len(m.idx), want, w, x, w, w, m.ptr, m.idx, vals, 1.5, 0)
		got := make([]float64, 9*w)
		SpMMPartUnchecked(9, len(m.idx), got, w, x, w, w, m.ptr, m.idx, vals, 1.5, 0)
		if !slices.Equal(got, want) {
			t.Errorf("w=%d: unchecked SpMMPart differs", w)
		}
		x32, v32 := make([]float32, len(x)), make([]float32, len(vals))
		for i := range x {
			x32[i] = float32(x[i])
		}
		for i := range vals {
			v32[i] = float32(vals[i])
		}
		ws := make([]float32, 40*w)
		SpMMScatter(ws, w, x32[:9*w], w, w, m.ptr, m.idx, v32, 2)
		gs := make([]float32, 40*w)
		SpMMScatterUnchecked(gs, w, x32[:9*w], w, w, m.ptr, m.idx, v32, 2)
		if !slices.Equal(gs, ws) {
			t.Errorf("w=%d: unchecked SpMMScatter differs", w)
		}
	}
	defer func() {
		if r, _ := recover().(string); !strings.Contains(r, "too short") {
			t.Errorf("unchecked SpMMPart with a short y: panic %q, want the length check's", r)
		}
	}()
	SpMMPartUnchecked(9, len(m.idx), make([]float64, 3), 1, make([]float64, 40), 1, 1, m.ptr, m.idx, make([]float64, len(m.idx)), 1, 0)
}
