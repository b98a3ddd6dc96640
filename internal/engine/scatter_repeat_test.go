package engine

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestScatterRepeats: the paths that update y one entry at a time (all but
// avx512, which the ScatterAdd doc exempts) accumulate repeated indices of a
// segment as the loop does, also inside one unrolled step and across the
// step boundary. TestSpMMScatterRepeats (spmm_repeat_test.go) is its
// deliberate twin for SpMMScatter.
func TestScatterRepeats(t *testing.T) {
	testScatterRepeats(t, scatterAddF32)
	testScatterRepeats(t, scatterAddF64)
}

func testScatterRepeats[T Float](t *testing.T, f *family[scatterAddFunc[T]]) {
	forEachTier(t, f, func(t *testing.T, impl, ref scatterAddFunc[T]) {
		if strings.Contains(t.Name(), "impl=avx512") {
			t.Skip("avx512 gathers and scatters: indices must be distinct")
		}
		rng := rand.New(rand.NewPCG(51, 52))
		for _, n := range []int{0, 1, 2, 3, 4, 5, 7, 8, 9, 17} {
			for _, ny := range []int{1, 2, 3} {
				ptr, idx, vals := repeatSegments[T](rng, n, ny+1) // ny: out of range
				x := []T{2, -3}
				run := func(k scatterAddFunc[T]) func(y []T) { return func(y []T) { k(y, x, ptr, idx, vals, 1) } }
				// Printed alike: -0 and 0 differ, NaN matches NaN.
				same := func(a, b []T) bool { return fmt.Sprint(a) == fmt.Sprint(b) }
				checkRepeats(t, ny, run(impl), run(ref), same, "n=%d ny=%d idx=%v vals=%v", n, ny, idx, vals)
			}
		}
	})
}
