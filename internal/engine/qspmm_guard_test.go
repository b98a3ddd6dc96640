//go:build linux

package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/hurray-format/hurray-go/quant"
)

// TestQFusedSpMMGuarded runs the fused SpMM of every tier with the
// indices, codes, scales, x and y against guard pages at either edge, the
// codes and scales exactly as long as the values need, on rows of every
// length from 0 to 40 and on junk pointers and indices, at widths that end
// in each kind of column chunk: the kernels must touch nothing outside (a
// fault fails the run) and agree with ref.
func TestQFusedSpMMGuarded(t *testing.T) {
	rng := rand.New(rand.NewPCG(65, 66))
	ri, rc, rs, rx, ry := newGuardRegion(t, 4096), newGuardRegion(t, 4096), newGuardRegion(t, 4096), newGuardRegion(t, 4096), newGuardRegion(t, 4096)
	widths := []int{1, 5, 8, 16, 17, 33}
	for _, spelling := range []string{"int8:tensor", "int8:block=16", "int8:block=17", "int8:block=64", "int8:block=3", "int4:block=16", "int4:block=5", "nf4:block=17", "mxfp4", "mxfp8",
		"uint8:block=32", "uint8:block=17", "uint8:block=2"} {
		s := quant.MustParse(spelling)
		for trial := range 4 {
			q := guardedQOperand(rng, ri, rc, rs, s, trial, 60)
			ptr, idx, gidx, v, n, nx, atEnd := q.ptr, q.idx, q.gidx, q.v, q.n, q.nx, q.atEnd
			av := junkAbs(&v, Channels{}, idx, uint64(nx))
			rows := len(ptr) - 1
			w := widths[(trial+rng.IntN(len(widths)))%len(widths)]
			x := append(rx.floatsAt(nx*w, atEnd)[:0], frand[float32](rng, nx*w, 0, false)...)
			y0 := frand[float32](rng, rows*w, 0, false)
			mag := absOf(y0)
			ax := absOf(x)
			for i := range rows {
				lo, hi := clampRange(ptr, i, n)
				for k := lo; k < hi; k++ {
					if j := idx[k]; j < uint64(nx) {
						for c := range w {
							mag[i*w+c] += av[k] * ax[int(j)*w+c]
						}
					}
				}
			}
			forEachQSpMMTier(t, &spmmTune, func(t *testing.T, impl, ref qspmmFunc) {
				got := append(ry.floatsAt(rows*w, atEnd)[:0], y0...)
				want := append([]float32(nil), y0...)
				qspmmWith(impl, got, w, x, w, w, ptr, gidx, &v, Channels{}, 1, 0.5)
				qspmmWith(ref, want, w, x, w, w, ptr, idx, &v, Channels{}, 1, 0.5)
				g, wt := append([]float32(nil), got...), append([]float32(nil), want...)
				if err := qCloseFused(g, wt, append(mag[:len(mag):len(mag)], 0), n); err != nil {
					t.Fatalf("%s trial %d w=%d: %v", spelling, trial, w, err)
				}
			})
		}
	}
}
