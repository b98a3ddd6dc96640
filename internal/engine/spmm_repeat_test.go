package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSpMMScatterRepeats: SpMMScatter allows repeated indices in a segment;
// every path must accumulate them as the loop does, in every column block
// (vector blocks and single columns). It is the deliberate twin of
// TestScatterRepeats (scatter_repeat_test.go).
func TestSpMMScatterRepeats(t *testing.T) {
	testSpMMScatterRepeats(t, spmmScatterF32)
	testSpMMScatterRepeats(t, spmmScatterF64)
}

func testSpMMScatterRepeats[T Float](t *testing.T, f *family[spmmScatterFunc[T]]) {
	forEachSpMMScatterTier(t, f, &spmmTune, func(t *testing.T, impl, ref spmmScatterRowsFunc[T]) {
		rng := rand.New(rand.NewPCG(61, 62))
		for _, w := range []int{1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 19, 33} {
			for _, ny := range []int{1, 2, 3} {
				n := 1 + rng.IntN(9)
				ptr, idx, vals := repeatSegments[T](rng, n, ny)
				x := make([]T, 2*w)
				for i := range x {
					x[i] = T(rng.IntN(7) - 3)
				}
				run := func(k spmmScatterRowsFunc[T]) func(y []T) { return func(y []T) { k(y, w, x, w, w, ptr, idx, vals, 1) } }
				checkRepeats(t, ny*w, run(impl), run(ref), slices.Equal[[]T], "w=%d ny=%d idx=%v vals=%v", w, ny, idx, vals)
			}
		}
	})
}
