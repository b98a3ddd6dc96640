package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// csrCase is a random compressed matrix for the product kernels.
type csrCase struct {
	rows, cols int
	ptr, idx   []uint64
}

// randCSR returns rows segments whose lengths are drawn from lens (or, when
// lens is nil, 0..maxLen), with strictly increasing indices below cols.
// bad > 0 makes about one index in bad out of range (some near 2^64).
func randCSR(rng *rand.Rand, rows, cols int, lens []int, maxLen int, bad int) csrCase {
	ptr := make([]uint64, rows+1)
	var idx []uint64
	for i := range rows {
		var n int
		if lens != nil {
			n = lens[rng.IntN(len(lens))]
		} else {
			n = rng.IntN(maxLen + 1)
		}
		n = min(n, cols)
		// n distinct sorted columns
		start := 0
		for k := range n {
			left := n - k
			hiStart := cols - left
			j := start + rng.IntN(max(1, min(hiStart-start+1, 2*cols/max(n, 1)+1)))
			j = min(j, hiStart)
			idx = append(idx, uint64(j))
			start = j + 1
		}
		ptr[i+1] = uint64(len(idx))
	}
	if bad > 0 {
		for k := range idx {
			if rng.IntN(bad) == 0 {
				switch rng.IntN(3) {
				case 0:
					idx[k] = uint64(cols)
				case 1:
					idx[k] = ^uint64(0) - uint64(rng.IntN(3))
				default:
					idx[k] = 1 << 63
				}
			}
		}
	}
	return csrCase{rows, cols, ptr, idx}
}

// randVals returns n values in [-1, 1) starting off elements into an
// allocation; special > 0 puts NaN, ±Inf or -0 at about one in special.
func randVals[T Float](rng *rand.Rand, n, off, special int) []T {
	s := make([]T, n+off)[off:]
	for i := range s {
		s[i] = T(2*rng.Float64() - 1)
		if special > 0 && rng.IntN(special) == 0 {
			s[i] = T([]float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1)}[rng.IntN(4)])
		}
	}
	return s
}

func absAll[T Float](s []T) []T {
	out := make([]T, len(s))
	for i, v := range s {
		out[i] = T(math.Abs(float64(v)))
	}
	return out
}

func epsOf[T Float]() float64 {
	if is32[T]() {
		return 1e-5
	}
	return 1e-13
}

// closeTo compares got with want where scale bounds the sum of the absolute
// values of the terms: NaN must match NaN, ±Inf must match exactly, finite
// results within eps*scale.
func closeTo[T Float](got, want, scale T) bool {
	g, w, s := float64(got), float64(want), float64(scale)
	switch {
	case math.IsNaN(w):
		return math.IsNaN(g)
	case math.IsInf(w, 0) || math.IsNaN(s) || math.IsInf(s, 0):
		return g == w || (math.IsNaN(g) && math.IsNaN(w))
	}
	return math.Abs(g-w) <= epsOf[T]()*s+1e-30
}

func checkClose[T Float](t *testing.T, what string, got, want, scale []T) {
	t.Helper()
	for i := range want {
		if !closeTo(got[i], want[i], scale[i]) {
			t.Fatalf("%s: element %d of %d: got %v, want %v (scale %v)", what, i, len(want), got[i], want[i], scale[i])
		}
	}
}

// sentinel fills s[len:cap] with a marker and checkSentinel verifies it.
func withSentinel[T Float](s []T, extra int) []T {
	b := make([]T, len(s), len(s)+extra)
	copy(b, s)
	for i := len(s); i < cap(b); i++ {
		b[:cap(b)][i] = 12345
	}
	return b
}

func checkSentinel[T Float](t *testing.T, what string, s []T) {
	t.Helper()
	full := s[:cap(s)]
	for i := len(s); i < len(full); i++ {
		if full[i] != 12345 {
			t.Fatalf("%s: wrote past len at %d", what, i)
		}
	}
}

func testSpMV[T Float](t *testing.T, f *family[spmvFunc[T]]) {
	testCSRKernel(t, f, 11, false, spmvBind[T], checkSpMVOn[T])
}

// spmvBind binds k to the matrix m.
func spmvBind[T Float](k spmvFunc[T], m csrCase) spmvOn[T] {
	return func(y, x, vals []T, alpha, beta T) { k(y, x, m.ptr, m.idx, vals, alpha, beta) }
}

func TestSpMVF32(t *testing.T) { testSpMV(t, spmvF32) }
func TestSpMVF64(t *testing.T) { testSpMV(t, spmvF64) }

func TestSpMV1F32(t *testing.T) { testSpMV(t, spmv1F32) }
func TestSpMV1F64(t *testing.T) { testSpMV(t, spmv1F64) }

// TestSpMVBadPtr: inverted and overlong segments must not fault.
func TestSpMVBadPtr(t *testing.T) {
	forEachSpMV(t, spmvF64, spmv1F64, func(t *testing.T, impl, ref spmvFunc[float64]) {
		idx, vals := badPtrEntries[float64, uint64]()
		x := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
		ptr := []uint64{5, 2, 13, 1 << 62, ^uint64(0), 3, 40}
		got, want := runFromZero(6, func(y []float64) { impl(y, x, ptr, idx, vals, 1, 0) }, func(y []float64) { ref(y, x, ptr, idx, vals, 1, 0) })
		checkClose(t, "bad ptr", got, want, filled[float64](6, 1e3))
	})
}

func TestSpMVPanics(t *testing.T) {
	mustPanic(t, "kernels: SpMV: len(ptr) != len(y)+1", func() {
		SpMV(make([]float64, 2), nil, []uint64{0, 0}, nil, nil, 1, 0)
	})
	mustPanic(t, "kernels: SpMV: len(idx) != len(vals)", func() {
		SpMV(make([]float32, 1), nil, []uint64{0, 0}, []uint64{1}, nil, 1, 0)
	})
}

// TestSpMVBatchEdges: the AVX2 and AVX-512 kernels sum rows under 32 entries in
// batches of up to 512 entries (products first, then per-row sums), except
// rows of 16, which stay direct; rows of 16 among others split batches, 15
// and 17 fill one exactly, 31 and 32 sit either side of the long-row
// threshold, and out-of-range indices land in both the vector blocks and the
// tails of a batch. Every path must agree with ref.
func TestSpMVBatchEdges(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, lens := range [][]int{{16}, {3, 16}, {15, 17}, {31}, {32}, {7, 9}, {0, 1, 15, 16, 17, 31, 32, 33}, {5, 600}} {
		for _, bad := range []int{0, 50} {
			m := randCSR(rng, 300, 1000, lens, 0, bad)
			vals := randVals[float64](rng, len(m.idx), 1, 0)
			x := randVals[float64](rng, 1000, 3, 0)
			forEachSpMV(t, spmvF64, spmv1F64, func(t *testing.T, impl, ref spmvFunc[float64]) {
				want, got := make([]float64, 300), withSentinel(make([]float64, 300), 3)
				ref(want, x, m.ptr, m.idx, vals, 1.5, 0)
				impl(got, x, m.ptr, m.idx, vals, 1.5, 0)
				checkSentinel(t, "spmv", got)
				scale := make([]float64, 300)
				ref(scale, absAll(x), m.ptr, m.idx, absAll(vals), 1.5, 0)
				checkClose(t, fmt.Sprintf("lens=%v bad=%d", lens, bad), got, want, scale)
			})
			v32 := randVals[float32](rng, len(m.idx), 0, 0)
			x32 := randVals[float32](rng, 1000, 0, 0)
			forEachSpMV(t, spmvF32, spmv1F32, func(t *testing.T, impl, ref spmvFunc[float32]) {
				y0 := randVals[float32](rng, 300, 0, 0)
				want, got := append([]float32(nil), y0...), withSentinel(y0, 3)
				ref(want, x32, m.ptr, m.idx, v32, -1, 0.5)
				impl(got, x32, m.ptr, m.idx, v32, -1, 0.5)
				checkSentinel(t, "spmv", got)
				scale := absAll(y0)
				ref(scale, absAll(x32), m.ptr, m.idx, absAll(v32), 1, 0.5)
				checkClose(t, fmt.Sprintf("f32 lens=%v bad=%d", lens, bad), got, want, scale)
			})
		}
	}
}

// TestSpMVOneEntryRows: matrices whose rows average under two entries take
// the AVX-512 SpMV1 kernels (eight one-entry rows a step); steps broken by
// an empty or longer row, tails of 1-7 rows, and out-of-range indices in
// both kinds of step must agree with ref, beta == 0 must not read y.
func TestSpMVOneEntryRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for _, lens := range [][]int{{1}, {1, 1, 1, 1, 1, 1, 1, 0, 2}, {0, 1, 2}, {1, 1, 1, 3}} {
		for _, rows := range []int{7, 8, 9, 300, 301} {
			for _, bad := range []int{0, 30} {
				m := randCSR(rng, rows, 500, lens, 0, bad)
				vals := randVals[float64](rng, len(m.idx), 1, 0)
				x := randVals[float64](rng, 500, 3, 0)
				name := fmt.Sprintf("lens=%v rows=%d bad=%d", lens, rows, bad)
				forEachSpMV(t, spmvF64, spmv1F64, func(t *testing.T, impl, ref spmvFunc[float64]) {
					y0 := randVals[float64](rng, rows, 0, 0)
					for _, beta := range []float64{0, 0.5} {
						want, got := append([]float64(nil), y0...), withSentinel(y0, 3)
						if beta == 0 {
							for i := range got {
								got[i] = math.NaN()
							}
						}
						ref(want, x, m.ptr, m.idx, vals, -1.5, beta)
						impl(got, x, m.ptr, m.idx, vals, -1.5, beta)
						checkSentinel(t, name, got)
						scale := absAll(y0)
						ref(scale, absAll(x), m.ptr, m.idx, absAll(vals), 1.5, beta)
						checkClose(t, name, got, want, scale)
					}
				})
				v32 := randVals[float32](rng, len(m.idx), 0, 0)
				x32 := randVals[float32](rng, 500, 0, 0)
				forEachSpMV(t, spmvF32, spmv1F32, func(t *testing.T, impl, ref spmvFunc[float32]) {
					y0 := randVals[float32](rng, rows, 0, 0)
					want, got := append([]float32(nil), y0...), withSentinel(y0, 3)
					ref(want, x32, m.ptr, m.idx, v32, 2, 0.25)
					impl(got, x32, m.ptr, m.idx, v32, 2, 0.25)
					checkSentinel(t, name, got)
					scale := absAll(y0)
					ref(scale, absAll(x32), m.ptr, m.idx, absAll(v32), 2, 0.25)
					checkClose(t, "f32 "+name, got, want, scale)
				})
			}
		}
	}
	// Segments past len(idx), inverted ones and a step of eight one-entry
	// rows that would end past len(idx), under two entries a row on
	// average.
	// idx and vals are the first ten of longer arrays whose hidden part
	// holds valid-looking entries: reading it shows in the result.
	idx := []uint64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5}[:10]
	vals := make([]float64, 26)[:10]
	for i := range vals[:26] {
		vals[:26][i] = float64(i + 1)
	}
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	ptr := []uint64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 3, 2, 19, 20}
	forEachSpMV(t, spmvF64, spmv1F64, func(t *testing.T, impl, ref spmvFunc[float64]) {
		got, want := withSentinel(make([]float64, 20), 2), make([]float64, 20)
		impl(got, x, ptr, idx, vals, 1, 0)
		ref(want, x, ptr, idx, vals, 1, 0)
		checkSentinel(t, "bad ptr", got)
		checkClose(t, "bad ptr", got, want, slices.Repeat([]float64{1e3}, 20))
	})
}

// TestSpMVZeroSign: products that are all -0 (or +0) sum, as in ref, from +0,
// so the sign of a zero result is ref's on every path, whatever the row's
// length and place in a vector step (and so whatever the split of the rows
// among workers).
func TestSpMVZeroSign(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for _, lens := range [][]int{{1}, {1, 1, 1, 1, 1, 1, 1, 1, 1, 2}, {0, 1, 2, 3, 8, 16, 17, 31, 40}} {
		m := randCSR(rng, 67, 50, lens, 0, 0)
		vals := make([]float64, len(m.idx))
		for i := range vals {
			vals[i] = float64(1 - 2*rng.IntN(2))
		}
		x := make([]float64, 50)
		for i := range x {
			x[i] = math.Copysign(0, float64(1-2*rng.IntN(2)))
		}
		v32, x32 := make([]float32, len(vals)), make([]float32, len(x))
		for i, v := range vals {
			v32[i] = float32(v)
		}
		for i, v := range x {
			x32[i] = float32(v)
		}
		for _, ab := range [][2]float64{{1, 0}, {-1, 0}, {2, 0.5}, {-1, -1}} {
			name := fmt.Sprintf("lens=%v alpha=%v beta=%v", lens, ab[0], ab[1])
			y0 := make([]float64, 67)
			for i := range y0 {
				y0[i] = math.Copysign(0, float64(1-2*rng.IntN(2)))
			}
			forEachSpMV(t, spmvF64, spmv1F64, func(t *testing.T, impl, ref spmvFunc[float64]) {
				want, got := append([]float64(nil), y0...), append([]float64(nil), y0...)
				ref(want, x, m.ptr, m.idx, vals, ab[0], ab[1])
				impl(got, x, m.ptr, m.idx, vals, ab[0], ab[1])
				for i := range got {
					if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
						t.Fatalf("%s: y[%d] = %v, ref %v (row of %d entries)", name, i, got[i], want[i], m.ptr[i+1]-m.ptr[i])
					}
				}
			})
			y32 := make([]float32, 67)
			for i, v := range y0 {
				y32[i] = float32(v)
			}
			forEachSpMV(t, spmvF32, spmv1F32, func(t *testing.T, impl, ref spmvFunc[float32]) {
				want, got := append([]float32(nil), y32...), append([]float32(nil), y32...)
				ref(want, x32, m.ptr, m.idx, v32, float32(ab[0]), float32(ab[1]))
				impl(got, x32, m.ptr, m.idx, v32, float32(ab[0]), float32(ab[1]))
				for i := range got {
					if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
						t.Fatalf("f32 %s: y[%d] = %v, ref %v (row of %d entries)", name, i, got[i], want[i], m.ptr[i+1]-m.ptr[i])
					}
				}
			})
		}
	}
}
