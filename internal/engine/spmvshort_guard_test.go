//go:build linux

package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// guardSlice returns n elements of E against the low edge (atEnd false)
// or the high edge of g.
func guardSlice[E any](g *guardRegion, n int, atEnd bool) []E {
	var e E
	b := g.bytesAt(n*int(unsafe.Sizeof(e)), atEnd)
	return unsafe.Slice((*E)(unsafe.Pointer(unsafe.SliceData(b))), n)
}

// TestSpMVShortGuarded runs the short-row SpMV of every tier and sums with
// ptr, the indices, the values, x and y against guard pages at either
// edge, on rows of every length from 0 to 20 and on junk pointers and
// indices: the kernels must touch nothing outside (a fault fails the run)
// and agree with ref.
func TestSpMVShortGuarded(t *testing.T) {
	testSpMVShortGuarded(t, spmvShortF32U16)
	testSpMVShortGuarded(t, spmvShortF32U32)
	testSpMVShortGuarded(t, spmvShortF64U16)
	testSpMVShortGuarded(t, spmvShortF64U32)
}

func testSpMVShortGuarded[T Float, I Narrow](t *testing.T, f *family[spmvShortFunc[T, I]]) {
	forEachTier(t, f, func(t *testing.T, impl, ref spmvShortFunc[T, I]) {
		rng := rand.New(rand.NewPCG(55, 56))
		rp, rc, rv, rx, ry := newGuardRegion(t, 512), newGuardRegion(t, 512), newGuardRegion(t, 512), newGuardRegion(t, 512), newGuardRegion(t, 512)
		for trial := range 16 {
			rows := 21
			nx := 1 + rng.IntN(100)
			atEnd := trial%2 == 0
			p, col, n := guardedStairs(rng, rp, rc, rows, trial >= 8, atEnd, func() I {
				return I(rng.IntN(nx + 3)) // some out of range
			})
			vals := guardSlice[T](rv, n, atEnd)
			copy(vals, randVals[T](rng, n, 0, 0))
			x := guardSlice[T](rx, nx, !atEnd)
			copy(x, randVals[T](rng, nx, 0, 0))
			want, scale := make([]T, rows), make([]T, rows)
			ref(want, x, p, col, vals, 1)
			ref(scale, absAll(x), p, col, absAll(vals), 1)
			for _, sums := range []int{1, 2, 4} {
				y := guardSlice[T](ry, rows, atEnd)
				impl(y, x, p, col, vals, sums)
				checkClose(t, fmt.Sprintf("trial %d sums=%d", trial, sums), y, want, scale)
			}
		}
	})
}
