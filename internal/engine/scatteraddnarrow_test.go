package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

func testScatterAddNarrow[T Float, I Narrow](t *testing.T, f *family[scatterAddNarrowFunc[T, I]]) {
	forEachTier(t, f, func(t *testing.T, impl, ref scatterAddNarrowFunc[T, I]) {
		rng := rand.New(rand.NewPCG(45, 46))
		for _, sh := range narrowShapes[I]() {
			for _, maxLen := range []int{3, 4*16 + 3, 300} {
				for _, bad := range []int{0, 7} {
					for _, special := range []int{0, 13} {
						if sh[1] > 10000 && (special != 0 || maxLen != 300) {
							continue // the wide shapes once: y's length is the cost
						}
						off := rng.IntN(4)
						// CSR rows x cols read as its transpose: x has a
						// value per row, y one per column.
						m := randCSR(rng, sh[0], sh[1], nil, maxLen, bad)
						ptr, col, wide := narrowOf[I](rng, m)
						vals := randVals[T](rng, len(col), off, special)
						x := randVals[T](rng, sh[0], off, special/2)
						y0 := randVals[T](rng, sh[1], off, 0)
						desc := fmt.Sprintf("rows=%d cols=%d maxLen=%d bad=%d special=%d", sh[0], sh[1], maxLen, bad, special)
						on := func(k scatterAddNarrowFunc[T, I]) scatterOn[T] {
							return func(y, x, vals []T, alpha T) { k(y, x, ptr, col, vals, alpha) }
						}
						for _, alpha := range scatterAlphas[T]() {
							checkSameBits(t, fmt.Sprintf("%s alpha=%v: ref differs from scatterAddRef", desc, alpha), y0,
								func(y []T) { ref(y, x, ptr, col, vals, alpha) },
								func(y []T) { scatterAddRef(y, x, widePtr(ptr), wide, vals, alpha) })
						}
						checkScatterOn(t, desc, on(impl), on(ref), x, vals, y0)
					}
				}
			}
		}
		// Inverted and overlong segments are clamped, never a fault.
		c, vals := badPtrEntries[T, I]()
		x := []T{1, 2, 3, 4, 5, 6}
		ptr := []uint32{5, 2, 13, 1 << 31, ^uint32(0), 3, 40}
		got, want := runFromZero(10, func(y []T) { impl(y, x, ptr, c, vals, 1) }, func(y []T) { ref(y, x, ptr, c, vals, 1) })
		if !sameBits(got, want) || want[0] != 2*11+6*11 {
			t.Fatalf("bad ptr: got %v, want %v", got, want)
		}
	})
}

func TestScatterAddNarrowF32U16(t *testing.T) { testScatterAddNarrow(t, scatterAddNarrowF32U16) }
func TestScatterAddNarrowF32U32(t *testing.T) { testScatterAddNarrow(t, scatterAddNarrowF32U32) }
func TestScatterAddNarrowF64U16(t *testing.T) { testScatterAddNarrow(t, scatterAddNarrowF64U16) }
func TestScatterAddNarrowF64U32(t *testing.T) { testScatterAddNarrow(t, scatterAddNarrowF64U32) }
