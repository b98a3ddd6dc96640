package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

func testScatter[T Float](t *testing.T, f *family[scatterAddFunc[T]]) {
	forEachTier(t, f, func(t *testing.T, impl, ref scatterAddFunc[T]) {
		rng := rand.New(rand.NewPCG(21, 22))
		shapes := [][2]int{{0, 0}, {1, 1}, {3, 5}, {7, 40}, {40, 7}, {50, 100}, {200, 300}, {30, 5000}}
		for _, sh := range shapes {
			for _, lensKind := range []int{0, 1, 2} {
				var lens []int
				maxLen := 0
				switch lensKind {
				case 0:
					lens = []int{0, 1, 2, 3}
				case 1:
					maxLen = 4*8 + 3
				default:
					maxLen = 200
				}
				for _, bad := range []int{0, 7} {
					for _, special := range []int{0, 13} {
						for _, off := range testOffsets {
							// rows of the matrix = len(x); cols = len(y)
							m := randCSR(rng, sh[0], sh[1], lens, maxLen, bad)
							vals := randVals[T](rng, len(m.idx), off, special)
							x := randVals[T](rng, sh[0], off, special/2)
							y0 := randVals[T](rng, sh[1], off, 0)
							for _, alpha := range []T{1, -0.5} {
								name := fmt.Sprintf("rows=%d cols=%d lens=%d bad=%d special=%d off=%d alpha=%v", sh[0], sh[1], lensKind, bad, special, off, alpha)
								want := append([]T(nil), y0...)
								ref(want, x, m.ptr, m.idx, vals, alpha)
								scale := absAll(y0)
								ref(scale, absAll(x), m.ptr, m.idx, absAll(vals), T(math.Abs(float64(alpha))))
								got := withSentinel(y0, 5)
								impl(got, x, m.ptr, m.idx, vals, alpha)
								checkSentinel(t, name, got)
								checkClose(t, name, got, want, scale)
							}
						}
					}
				}
			}
		}
	})
}

func TestScatterF32(t *testing.T) { testScatter(t, scatterAddF32) }
func TestScatterF64(t *testing.T) { testScatter(t, scatterAddF64) }

func TestScatterBadPtr(t *testing.T) {
	forEachTier(t, scatterAddF32, func(t *testing.T, impl, ref scatterAddFunc[float32]) {
		idx := []uint64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2}
		vals := make([]float32, len(idx))
		for i := range vals {
			vals[i] = float32(i + 1)
		}
		x := []float32{1, 2, 3, 4, 5, 6}
		ptr := []uint64{5, 2, 13, 1 << 62, ^uint64(0), 3, 40}
		got, want := make([]float32, 10), make([]float32, 10)
		impl(got, x, ptr, idx, vals, 1)
		ref(want, x, ptr, idx, vals, 1)
		scale := make([]float32, 10)
		for i := range scale {
			scale[i] = 1e3
		}
		checkClose(t, "bad ptr", got, want, scale)
	})
}

func TestScatterPanics(t *testing.T) {
	mustPanic(t, "kernels: ScatterAdd: len(ptr) != len(x)+1", func() {
		ScatterAdd(nil, make([]float64, 2), []uint64{0, 0}, nil, nil, 1)
	})
}
