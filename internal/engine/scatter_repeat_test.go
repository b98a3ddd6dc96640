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
// step boundary.
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
				want := make([]T, ny)
				ref(want, x, ptr, idx, vals, 1)
				got := withSentinel(make([]T, ny), 3)
				impl(got, x, ptr, idx, vals, 1)
				checkSentinel(t, "repeats", got)
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("n=%d ny=%d idx=%v vals=%v: got %v, want %v", n, ny, idx, vals, got, want)
				}
			}
		}
	})
}
