//go:build !purego && !noasm && gc && (amd64 || arm64)

package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// qspmmTuned returns tier tr's fused SpMM glue built from the kernels the
// tier registers (qspmmKernelsOf), choosing tiles with the tuning c, and
// with minW lowered to 1, maxW raised to MaxInt and a set minB lowered to
// 1 when anyW is set, so that every panel width and block size takes the
// kernels (the tier itself chooses them only from minW to maxW-1 columns
// and from minB values a block);
// false when tr is not registered or has none.
func qspmmTuned(tr tier, c *spmmTuning, anyW bool) (qspmmFunc, bool) {
	if !qspmm.has[tr] {
		return nil, false
	}
	ks := qspmmKernelsOf(tr)
	for _, k := range ks.k {
		if k != nil {
			if anyW {
				ks.minW, ks.maxW = 1, math.MaxInt
				ks.minB = min(ks.minB, 1)
			}
			return qspmmFusedAsm(ks, c), true
		}
	}
	return nil, false
}

// TestQSpMMBlocksExact runs the fused SpMM of every tier (as registered
// and at every width and block size: qspmmTuned) by block, on values
// whose products with x sum exactly in any order (qLaneValues, qLaneX),
// against ref exactly: every width from 1 to 67 (each scheme on a
// sample of them, turning with the scheme; all of them for uint8 by
// block of 32), rows of every length to 70 and a few long ones, called
// on the rows in two pieces so that the second starts mid-block, some
// indices out of range, beta 0 and not, whole and in forced column tiles
// of A. Under -short (the race and qemu runs) every other scheme runs,
// on fewer widths, and without the tiles of one row.
func TestQSpMMBlocksExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(67, 68))
	ptr := []uint64{0}
	for _, n := range rng.Perm(71) {
		ptr = append(ptr, ptr[len(ptr)-1]+uint64(n))
		if n%17 == 0 {
			ptr = append(ptr, ptr[len(ptr)-1]+uint64(150+rng.IntN(200)))
		}
	}
	rows := len(ptr) - 1
	idx, cols := qIdx(rng, ptr, 240)
	for k := range idx {
		if rng.IntN(97) == 0 {
			idx[k] = uint64(cols + rng.IntN(3))
		}
	}
	step := 5
	if testing.Short() {
		step = 13
	}
	tunes := []*spmmTuning{&spmmTune, spmmForcedTiles(1), spmmForcedTiles(3 * 4 * 67)}
	if testing.Short() {
		tunes = []*spmmTuning{&spmmTune, spmmForcedTiles(3 * 4 * 67)}
	}
	for si, spelling := range qspmmExactSchemes {
		if testing.Short() && si%2 == 1 {
			continue
		}
		v := qLaneValues(rng, spelling, len(idx), 1)
		for ti, tune := range tunes {
			t.Run(fmt.Sprintf("%s/tiles=%d", spelling, ti), func(t *testing.T) {
				forEachQSpMMTier(t, tune, func(t *testing.T, impl, ref qspmmFunc) {
					for w := 1; w <= 67; w++ {
						if (w+si)%step != 0 && !(spelling == "uint8:block=32" && !testing.Short()) && w != 1 && w != 16 && w != 64 {
							continue
						}
						ldx, ldy := w+(w+si)%3, w+(w+si+1)%3
						x := qLaneX(cols * ldx)
						y0 := qLaneX(rows*ldy + 5)[5:]
						for _, beta := range []float32{0, 0.5} {
							got, want := slices.Clone(y0), slices.Clone(y0)
							lo := rows / 3
							qspmmWith(impl, got, ldy, x, ldx, w, ptr[:lo+1], idx, &v, Channels{}, 2, beta)
							qspmmWith(impl, got[lo*ldy:], ldy, x, ldx, w, ptr[lo:], idx, &v, Channels{}, 2, beta)
							qspmmWith(ref, want, ldy, x, ldx, w, ptr, idx, &v, Channels{}, 2, beta)
							for i := range want {
								if got[i] != want[i] {
									t.Fatalf("%s w=%d ldx=%d ldy=%d beta=%v: y[%d] (row %d, column %d) = %v, want %v",
										spelling, w, ldx, ldy, beta, i, i/ldy, i%ldy, got[i], want[i])
								}
							}
						}
					}
				})
			})
		}
	}
}
