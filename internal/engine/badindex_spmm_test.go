package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"
)

// badIndexValues are the corrupt values the bad-index tests write into an
// index array: just out of range, far out, and near 2^64 (a signed compare
// or an index times a row length that wraps would take them).
func badIndexValues(rows uint64) []uint64 {
	return []uint64{rows, rows + 1, rows + 7, 1 << 31, 1 << 40, 1<<63 - 1, 1 << 63, ^uint64(0) - 1, ^uint64(0)}
}

// expectPanic runs f and fails unless it panics with exactly want.
func expectPanic(t *testing.T, what, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if r == nil {
			t.Fatalf("%s: no panic, want %q", what, want)
		}
		if s, _ := r.(string); s != want {
			t.Fatalf("%s: panic %v, want %q", what, r, want)
		}
	}()
	f()
}

// spmmBadCase is one SpMM or SpMMScatter call on corrupt indices: a valid
// matrix of rows x cols whose index or row pointer at one position is
// replaced.
type spmmBadCase struct {
	name     string
	ptr, idx []uint64
}

// spmmBadCases corrupts m (indices below indexed) at every kind of
// position: each index in turn, and each row pointer.
func spmmBadCases(rng *rand.Rand, m csrCase, indexed uint64) []spmmBadCase {
	var cs []spmmBadCase
	for k := range m.idx {
		for _, v := range badIndexValues(indexed) {
			if rng.IntN(3) != 0 && v != indexed {
				continue
			}
			idx := slices.Clone(m.idx)
			idx[k] = v
			cs = append(cs, spmmBadCase{fmt.Sprintf("idx[%d]=%d", k, v), m.ptr, idx})
		}
	}
	n := uint64(len(m.idx))
	for i := 1; i < len(m.ptr); i++ {
		for _, v := range []uint64{n + 1, n + 1000, 1 << 40, ^uint64(0)} {
			ptr := slices.Clone(m.ptr)
			ptr[i] = v
			cs = append(cs, spmmBadCase{fmt.Sprintf("ptr[%d]=%d", i, v), ptr, m.idx})
		}
		if m.ptr[i] > 0 && i+1 < len(m.ptr) {
			// a decreasing pair (ptr[i] > ptr[i+1])
			ptr := slices.Clone(m.ptr)
			ptr[i] = m.ptr[i+1] + 1
			if ptr[i] <= n {
				cs = append(cs, spmmBadCase{fmt.Sprintf("ptr[%d]=%d (decreasing)", i, ptr[i]), ptr, m.idx})
			}
		}
	}
	return cs
}

// testSpMMBad runs every SpMM path (ref included) on corrupt indices: each
// must panic with spmmBadIndex, write nothing past y's length and change
// no input, with the tiles chosen by the tuning tune.
func testSpMMBad[T Float](t *testing.T, f *family[spmmFunc[T]], tune *spmmTuning) {
	run := func(t *testing.T, impl spmmFunc[T]) {
		spmmBadRuns(t, 43, false, spmmBadIndex, func(y []T, w int, x []T, c spmmBadCase, vals []T) {
			impl(tune, len(c.ptr)-1, len(c.idx), y, w, x, w, w, c.ptr, c.idx, vals, 1.5, 0.5)
		})
	}
	t.Run("impl=ref", func(t *testing.T) { run(t, f.impls[tierRef]) })
	forEachTier(t, f, func(t *testing.T, impl, _ spmmFunc[T]) { run(t, impl) })
}

// testSpMMScatterBad is testSpMMBad for SpMMScatter.
func testSpMMScatterBad[T Float](t *testing.T, f *family[spmmScatterFunc[T]], tune *spmmTuning) {
	run := func(t *testing.T, impl spmmScatterFunc[T]) {
		spmmBadRuns(t, 45, true, spmmScatterBadIndex, func(y []T, w int, x []T, c spmmBadCase, vals []T) {
			impl(tune, y, w, x, w, w, c.ptr, c.idx, vals, 1.5)
		})
	}
	t.Run("impl=ref", func(t *testing.T) { run(t, f.impls[tierRef]) })
	forEachTier(t, f, func(t *testing.T, impl, _ spmmScatterFunc[T]) { run(t, impl) })
}

// spmmBadRuns makes the corrupt cases of random 7 x 40 matrices
// (spmmBadCases) for widths from 1 to 67, with a generator seeded (seed,
// seed+1), and checks that call on each panics with want, writes nothing
// past y's length and changes no input. x has a row per column of the
// matrix and y one per row, or (scatter) the other way round.
func spmmBadRuns[T Float](t *testing.T, seed uint64, scatter bool, want string, call func(y []T, w int, x []T, c spmmBadCase, vals []T)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed+1))
	for _, w := range []int{1, 3, 8, 17, 64, 67} {
		const rows, cols = 7, 40
		xrows, yrows := cols, rows
		if scatter {
			xrows, yrows = rows, cols
		}
		m := randCSR(rng, rows, cols, []int{1, 2, 5, 9, 30}, 0, 0)
		vals := randVals[T](rng, len(m.idx), 0, 0)
		x := randVals[T](rng, xrows*w, 0, 0)
		for _, c := range spmmBadCases(rng, m, cols) {
			y := withSentinel(randVals[T](rng, yrows*w, 0, 0), 2*w+3)
			x0, v0, p0, i0 := slices.Clone(x), slices.Clone(vals), slices.Clone(c.ptr), slices.Clone(c.idx)
			what := fmt.Sprintf("w=%d %s", w, c.name)
			expectPanic(t, what, want, func() { call(y, w, x, c, vals) })
			checkSentinel(t, what, y)
			if !slices.Equal(x, x0) || !slices.Equal(vals, v0) || !slices.Equal(c.ptr, p0) || !slices.Equal(c.idx, i0) {
				t.Fatalf("%s: an input changed", what)
			}
		}
	}
}

// TestSpMMBadIndex: an index or a row pointer out of range when the kernel
// reads it (an index array changed after validation) stops every path of
// SpMM and SpMMScatter with the family's panic, untiled and tiled.
func TestSpMMBadIndex(t *testing.T) {
	for _, tiled := range []bool{false, true} {
		t.Run(fmt.Sprintf("tiled=%v", tiled), func(t *testing.T) {
			c := &spmmTune
			if tiled {
				c = spmmForcedTiles(1)
			}
			t.Run("spmm.f32", func(t *testing.T) { testSpMMBad(t, spmmF32, c) })
			t.Run("spmm.f64", func(t *testing.T) { testSpMMBad(t, spmmF64, c) })
			t.Run("spmmscatter.f32", func(t *testing.T) { testSpMMScatterBad(t, spmmScatterF32, c) })
			t.Run("spmmscatter.f64", func(t *testing.T) { testSpMMScatterBad(t, spmmScatterF64, c) })
		})
	}
}

// TestSpMMOutputOverIndices: y viewing the bytes of idx (what a product
// writing into another structure's index view does) turns the indices a
// later pass reads into whatever y's floats are; every path must stop with
// the family's panic or finish, writing nothing past y.
func TestSpMMOutputOverIndices(t *testing.T) {
	forEachSpMMTier(t, spmmF64, func(t *testing.T, impl, _ spmmRowsFunc[float64]) {
		for _, w := range []int{4, 8, 16, 33, 64} {
			const rows, slack = 4, 9
			// y's rows*w words, over idx (16 entries, 4 a row, all 0),
			// then slack sentinel words.
			mem := make([]uint64, rows*w+slack)
			for i := rows * w; i < len(mem); i++ {
				mem[i] = 0xdeadbeef
			}
			idx := mem[:16:16]
			ptr := []uint64{0, 4, 8, 12, 16}
			y := unsafe.Slice((*float64)(unsafe.Pointer(&mem[0])), rows*w)
			x := make([]float64, 4*w)
			for i := range x {
				x[i] = float64(i + 1)
			}
			vals := make([]float64, 16)
			for i := range vals {
				vals[i] = 1
			}
			func() {
				defer func() {
					if r := recover(); r != nil && r != spmmBadIndex {
						t.Fatalf("w=%d: panic %v, want %q or none", w, r, spmmBadIndex)
					}
				}()
				impl(y, w, x, w, w, ptr, idx, vals, 1, 0)
			}()
			for i := rows * w; i < len(mem); i++ {
				if mem[i] != 0xdeadbeef {
					t.Fatalf("w=%d: wrote past y at %d", w, i)
				}
			}
		}
	})
}
