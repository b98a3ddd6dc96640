package engine

import (
	"fmt"
	"testing"
)

// spmmForcedTiles returns a tuning with which every product whose indexed
// operand holds more than two tiles of tileBytes is tiled, whatever its
// size and row width.
func spmmForcedTiles(tileBytes int) *spmmTuning {
	return &spmmTuning{tileBytes: tileBytes, maxBytes: 1 << 30}
}

// withSpMMTiles runs fn with a tuning that forces the tiled SpMM on every
// product whose X holds more than two tiles of tw rows (tw = 1 or 3 at the
// widths tested).
func withSpMMTiles(t *testing.T, fn func(t *testing.T, c *spmmTuning)) {
	for _, tb := range []int{1, 3 * 8 * 67} {
		t.Run(fmt.Sprintf("tilebytes=%d", tb), func(t *testing.T) { fn(t, spmmForcedTiles(tb)) })
	}
}

// forEachSpMMTierWith is forEachSpMMTier with the paths choosing their
// tiles with the tuning c.
func forEachSpMMTierWith[T Float](t *testing.T, f *family[spmmFunc[T]], c *spmmTuning, fn func(t *testing.T, impl, ref spmmRowsFunc[T])) {
	t.Helper()
	whole := func(p spmmFunc[T]) spmmRowsFunc[T] {
		return func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha, beta T) {
			rows := len(ptr) - 1
			p(c, rows, int(ptr[rows]-ptr[0]), y, ldy, x, ldx, w, ptr, idx, vals, alpha, beta)
		}
	}
	forEachTier(t, f, func(t *testing.T, impl, ref spmmFunc[T]) { fn(t, whole(impl), whole(ref)) })
}

// forEachSpMMScatterTier is forEachTier for an SpMMScatter family, handing
// fn each implementation with the tuning c bound (the twin of
// forEachSpMMTierWith, whose kernels take no allRows and allNNZ).
func forEachSpMMScatterTier[T Float](t *testing.T, f *family[spmmScatterFunc[T]], c *spmmTuning, fn func(t *testing.T, impl, ref spmmScatterRowsFunc[T])) {
	t.Helper()
	bind := func(p spmmScatterFunc[T]) spmmScatterRowsFunc[T] {
		return func(y []T, ldy int, x []T, ldx, w int, ptr, idx []uint64, vals []T, alpha T) {
			p(c, y, ldy, x, ldx, w, ptr, idx, vals, alpha)
		}
	}
	forEachTier(t, f, func(t *testing.T, impl, ref spmmScatterFunc[T]) { fn(t, bind(impl), bind(ref)) })
}

// forEachSpMMNarrowTier is forEachSpMMScatterTier for an SpMMNarrow family.
func forEachSpMMNarrowTier[T Float, I Narrow](t *testing.T, f *family[spmmNarrowFunc[T, I]], c *spmmTuning, fn func(t *testing.T, impl, ref spmmNarrowRowsFunc[T, I])) {
	t.Helper()
	bind := func(p spmmNarrowFunc[T, I]) spmmNarrowRowsFunc[T, I] {
		return func(y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha, beta T) {
			p(c, y, ldy, x, ldx, w, ptr, col, vals, alpha, beta)
		}
	}
	forEachTier(t, f, func(t *testing.T, impl, ref spmmNarrowFunc[T, I]) { fn(t, bind(impl), bind(ref)) })
}

// forEachSpMMScatterNarrowTier is forEachSpMMScatterTier for an
// SpMMScatterNarrow family.
func forEachSpMMScatterNarrowTier[T Float, I Narrow](t *testing.T, f *family[spmmScatterNarrowFunc[T, I]], c *spmmTuning, fn func(t *testing.T, impl, ref spmmScatterNarrowRowsFunc[T, I])) {
	t.Helper()
	bind := func(p spmmScatterNarrowFunc[T, I]) spmmScatterNarrowRowsFunc[T, I] {
		return func(y []T, ldy int, x []T, ldx, w int, ptr []uint32, col []I, vals []T, alpha T) {
			p(c, y, ldy, x, ldx, w, ptr, col, vals, alpha)
		}
	}
	forEachTier(t, f, func(t *testing.T, impl, ref spmmScatterNarrowFunc[T, I]) { fn(t, bind(impl), bind(ref)) })
}
