package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
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

// testScatterAddNarrowEdges checks every path against the reference, bit
// for bit, on rows of every length 0..19 (each tail of the 4- and 8-entry
// blocks, empty rows among them), with sorted columns whose last ones may
// be out of range, with unsorted columns that repeat (a block with a
// repeated index must not lose a term), and with y empty, short, or longer
// than the largest 16-bit index.
func testScatterAddNarrowEdges[T Float, I Narrow](t *testing.T, f *family[scatterAddNarrowFunc[T, I]]) {
	forEachTier(t, f, func(t *testing.T, impl, ref scatterAddNarrowFunc[T, I]) {
		rng := rand.New(rand.NewPCG(47, 48))
		for _, ny := range []int{0, 1, 37, 1 << 16, 1<<16 + 5} {
			for _, repeat := range []bool{false, true} {
				ptr := []uint32{0}
				var col []I
				for n := range 20 {
					for range 3 {
						lim := uint64(ny + 4)
						if repeat {
							lim = uint64(min(ny, n) + 1) // few values: repeats
						}
						cs := make([]uint64, n)
						for k := range cs {
							cs[k] = rng.Uint64N(lim)
						}
						if !repeat {
							slices.Sort(cs)
						}
						for _, c := range cs {
							col = append(col, I(min(c, uint64(^I(0)))))
						}
						ptr = append(ptr, uint32(len(col)))
					}
				}
				vals := randVals[T](rng, len(col), 1, 13)
				x := randVals[T](rng, len(ptr)-1, 2, 0)
				y0 := randVals[T](rng, ny, 3, 0)
				for _, alpha := range scatterAlphas[T]() {
					checkSameBits(t, fmt.Sprintf("len(y)=%d repeat=%v alpha=%v", ny, repeat, alpha), y0,
						func(y []T) { impl(y, x, ptr, col, vals, alpha) },
						func(y []T) { ref(y, x, ptr, col, vals, alpha) })
				}
			}
		}
	})
}

func TestScatterAddNarrowEdgesF32U16(t *testing.T) {
	testScatterAddNarrowEdges(t, scatterAddNarrowF32U16)
}
func TestScatterAddNarrowEdgesF32U32(t *testing.T) {
	testScatterAddNarrowEdges(t, scatterAddNarrowF32U32)
}
func TestScatterAddNarrowEdgesF64U16(t *testing.T) {
	testScatterAddNarrowEdges(t, scatterAddNarrowF64U16)
}
func TestScatterAddNarrowEdgesF64U32(t *testing.T) {
	testScatterAddNarrowEdges(t, scatterAddNarrowF64U32)
}

func TestScatterAddNarrowF32U16(t *testing.T) { testScatterAddNarrow(t, scatterAddNarrowF32U16) }
func TestScatterAddNarrowF32U32(t *testing.T) { testScatterAddNarrow(t, scatterAddNarrowF32U32) }
func TestScatterAddNarrowF64U16(t *testing.T) { testScatterAddNarrow(t, scatterAddNarrowF64U16) }
func TestScatterAddNarrowF64U32(t *testing.T) { testScatterAddNarrow(t, scatterAddNarrowF64U32) }
