//go:build linux

package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestCSRProductGuardPages runs every path of the kernels behind csr's
// products (SpMV on long and on short rows, ScatterAdd, SpMM and
// SpMMScatter, these two with the default tiles and with tiles forced) on
// small matrices whose every non-empty row ends at the last column, as
// csr calls them: ptr, the indices, the values, x and y each exactly as
// long as the product needs and against a PROT_NONE page at either edge,
// so that a path reading or writing one element outside faults. Results
// are compared with ref. csr's tests run its products on the path the
// process selected (its checks come before dispatch); this holds each path
// to the operands' bounds.
func TestCSRProductGuardPages(t *testing.T) {
	testCSRProductGuarded(t, 91, spmvF32, spmv1F32, scatterAddF32, spmmF32, spmmScatterF32)
	testCSRProductGuarded(t, 93, spmvF64, spmv1F64, scatterAddF64, spmmF64, spmmScatterF64)
}

func testCSRProductGuarded[T Float](t *testing.T, seed uint64, spmv, spmv1 *family[spmvFunc[T]], scatter *family[scatterAddFunc[T]],
	spmm *family[spmmFunc[T]], spmmScatter *family[spmmScatterFunc[T]]) {
	g := make([]*guardRegion, 5)
	for i := range g {
		g[i] = newGuardRegion(t, 1<<12)
	}
	rtol := 4 * rtolOf[T]()
	forEachSpMV(t, spmv, spmv1, func(t *testing.T, impl, ref spmvFunc[T]) {
		forEachEdgeCSR(g, seed, func(e edgeCSR[T]) {
			x := e.operand(g[3], e.cols)
			y0 := randVals[T](e.rng, e.rows, 0, 0)
			for _, ab := range spmvAlphaBetas[T]() {
				e.check(t, g[4], fmt.Sprintf("alpha=%v beta=%v", ab[0], ab[1]), y0, rtol,
					func(y []T) { impl(y, x, e.ptr, e.idx, e.vals, ab[0], ab[1]) },
					func(y []T) { ref(y, x, e.ptr, e.idx, e.vals, ab[0], ab[1]) })
			}
		})
	})
	forEachTier(t, scatter, func(t *testing.T, impl, ref scatterAddFunc[T]) {
		forEachEdgeCSR(g, seed, func(e edgeCSR[T]) {
			x := e.operand(g[3], e.rows)
			y0 := randVals[T](e.rng, e.cols, 0, 0)
			for _, alpha := range scatterAlphas[T]() {
				e.check(t, g[4], fmt.Sprintf("alpha=%v", alpha), y0, rtol,
					func(y []T) { impl(y, x, e.ptr, e.idx, e.vals, alpha) },
					func(y []T) { ref(y, x, e.ptr, e.idx, e.vals, alpha) })
			}
		})
	})
	for _, tiles := range []struct {
		name string
		c    *spmmTuning
	}{{"default", &spmmTune}, {"forced", spmmForcedTiles(1)}} {
		t.Run("tiles="+tiles.name, func(t *testing.T) {
			t.Run("family="+spmm.name, func(t *testing.T) { spmmEdgeCases(t, g, seed, rtol, spmm, tiles.c) })
			t.Run("family="+spmmScatter.name, func(t *testing.T) { spmmScatterEdgeCases(t, g, seed, rtol, spmmScatter, tiles.c) })
		})
	}
}

// spmmEdgeCases runs every path of spmm with the tiles c on the cases of
// TestCSRProductGuardPages; spmmScatterEdgeCases is its twin for the
// scatter.
func spmmEdgeCases[T Float](t *testing.T, g []*guardRegion, seed uint64, rtol float64, spmm *family[spmmFunc[T]], c *spmmTuning) {
	forEachSpMMTierWith(t, spmm, c, func(t *testing.T, impl, ref spmmRowsFunc[T]) {
		forEachEdgeCSR(g, seed, func(e edgeCSR[T]) {
			forEachEdgePanel(func(w, ld int) {
				x := e.operand(g[3], panelLen(e.cols, ld, w))
				y0 := randVals[T](e.rng, panelLen(e.rows, ld, w), 0, 0)
				for _, ab := range spmvAlphaBetas[T]() {
					e.check(t, g[4], fmt.Sprintf("w=%d ld=%d alpha=%v beta=%v", w, ld, ab[0], ab[1]), y0, rtol,
						func(y []T) { impl(y, ld, x, ld, w, e.ptr, e.idx, e.vals, ab[0], ab[1]) },
						func(y []T) { ref(y, ld, x, ld, w, e.ptr, e.idx, e.vals, ab[0], ab[1]) })
				}
			})
		})
	})
}

// spmmScatterEdgeCases is spmmEdgeCases for spmmScatter (its twin: the
// scatter takes x by compressed row and writes y by index).
func spmmScatterEdgeCases[T Float](t *testing.T, g []*guardRegion, seed uint64, rtol float64, spmmScatter *family[spmmScatterFunc[T]], c *spmmTuning) {
	forEachSpMMScatterTier(t, spmmScatter, c, func(t *testing.T, impl, ref spmmScatterRowsFunc[T]) {
		forEachEdgeCSR(g, seed, func(e edgeCSR[T]) {
			forEachEdgePanel(func(w, ld int) {
				x := e.operand(g[3], panelLen(e.rows, ld, w))
				y0 := randVals[T](e.rng, panelLen(e.cols, ld, w), 0, 0)
				for _, alpha := range scatterAlphas[T]() {
					e.check(t, g[4], fmt.Sprintf("w=%d ld=%d alpha=%v", w, ld, alpha), y0, rtol,
						func(y []T) { impl(y, ld, x, ld, w, e.ptr, e.idx, e.vals, alpha) },
						func(y []T) { ref(y, ld, x, ld, w, e.ptr, e.idx, e.vals, alpha) })
				}
			})
		})
	})
}

// edgeCSR is one matrix of TestCSRProductGuardPages with its arrays
// against the edge of their guard regions (the low one, or the high one
// when atEnd), and the generator its operands are drawn from.
type edgeCSR[T Float] struct {
	rows, cols int
	ptr, idx   []uint64
	vals       []T
	atEnd      bool
	rng        *rand.Rand
}

// forEachEdgeCSR calls fn with two random matrices of every shape of 1 to
// 3 rows and 1 to 9 columns, each row holding up to three entries and
// every non-empty one ending at the last column, its arrays placed in
// g[0], g[1] and g[2] against the low edge and then against the high edge.
// The generator is seeded (seed, seed+1) on every call, so that every path
// sees the same cases.
func forEachEdgeCSR[T Float](g []*guardRegion, seed uint64, fn func(e edgeCSR[T])) {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	for rows := 1; rows <= 3; rows++ {
		for cols := 1; cols <= 9; cols++ {
			for range 2 {
				m := randCSR(rng, rows, cols, nil, 3, 0)
				for i := range rows {
					if m.ptr[i+1] > m.ptr[i] {
						m.idx[m.ptr[i+1]-1] = uint64(cols - 1)
					}
				}
				vals := randVals[T](rng, len(m.idx), 0, 0)
				for _, atEnd := range []bool{false, true} {
					fn(edgeCSR[T]{
						rows: rows, cols: cols,
						ptr:   g[0].at(len(m.ptr), atEnd, m.ptr),
						idx:   g[1].at(len(m.idx), atEnd, m.idx),
						vals:  floatsAt(g[2], len(vals), atEnd, vals),
						atEnd: atEnd,
						rng:   rng,
					})
				}
			}
		}
	}
}

// forEachEdgePanel calls fn with the panel widths w of
// TestCSRProductGuardPages, each with the leading dimensions w and w+2.
func forEachEdgePanel(fn func(w, ld int)) {
	for _, w := range []int{1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64, 67} {
		fn(w, w)
		fn(w, w+2)
	}
}

// panelLen is the length of a dense operand of rows rows of w elements
// with leading dimension ld, the last row ending at the last element.
func panelLen(rows, ld, w int) int {
	if rows == 0 {
		return 0
	}
	return (rows-1)*ld + w
}

// operand returns n random values against the case's edge of g.
func (e edgeCSR[T]) operand(g *guardRegion, n int) []T {
	return floatsAt(g, n, e.atEnd, randVals[T](e.rng, n, 0, 0))
}

// check runs impl on a copy of y0 against the case's edge of g and ref on
// another copy in ordinary memory, and compares the two.
func (e edgeCSR[T]) check(t *testing.T, g *guardRegion, desc string, y0 []T, rtol float64, impl, ref func(y []T)) {
	t.Helper()
	got := floatsAt(g, len(y0), e.atEnd, y0)
	want := slices.Clone(y0)
	impl(got)
	ref(want)
	if err := fclose(got, want, rtol); err != nil {
		t.Fatalf("rows=%d cols=%d ptr=%v idx=%v atEnd=%v %s: %v", e.rows, e.cols, e.ptr, e.idx, e.atEnd, desc, err)
	}
}
