//go:build linux

package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/hurray-format/hurray-go/quant"
)

// TestQScatterGuarded runs the fused scatter of every tier on the int8
// and uint8 operands by row and by index, and uint8 by block (blocks
// running across the rows), with the indices, codes, scales,
// zero points, x and y against guard pages at either edge, each exactly as
// long as the product needs (by index: y and the scales and zero points of
// its nx indices), on rows of every length 0..40 and on junk pointers and
// indices (some at or past nx): the kernels must touch nothing outside (a
// fault fails the run) and give ref's bits.
func TestQScatterGuarded(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 47))
	ri, rc, rs, rz, rx, ry := newGuardRegion(t, 2048), newGuardRegion(t, 2048), newGuardRegion(t, 2048),
		newGuardRegion(t, 2048), newGuardRegion(t, 2048), newGuardRegion(t, 2048)
	for _, spelling := range []string{"int8:tensor", "uint8:tensor", "int8:channel:axis=1", "uint8:channel:axis=1",
		"uint8:block=32", "uint8:block=7"} {
		s := quant.MustParse(spelling)
		for trial := range 4 {
			q := guardedQOperand(rng, ri, rc, rs, s, trial, 300)
			ptr, gidx, v, nx, atEnd := q.ptr, q.gidx, q.v, q.nx, q.atEnd
			var ch Channels
			if s.Granularity() == quant.PerChannel {
				// a scale and zero point for each of y's nx indices
				ch = PerValue(gidx, 1)
				v.Scale = append(rs.floatsAt(nx, !atEnd)[:0], frand[float32](rng, nx, 0, false)...)
				if v.Zero != nil {
					v.Zero = rz.bytesAt(nx, atEnd)
					for j := range v.Zero {
						v.Zero[j] = uint8(rng.IntN(256))
					}
				}
			} else if v.Zero != nil {
				v.Zero = append(rz.bytesAt(len(v.Zero), atEnd)[:0], v.Zero...)
			}
			rows := len(ptr) - 1
			x := append(rx.floatsAt(rows, atEnd)[:0], frand[float32](rng, rows, 0, false)...)
			y0 := frand[float32](rng, nx, 0, false)
			forEachTier(t, qscatter, func(t *testing.T, impl, ref qscatterFunc) {
				got := append(ry.floatsAt(nx, !atEnd)[:0], y0...)
				want := append([]float32(nil), y0...)
				qo := newQOperand(&v, ch, ptr, gidx)
				impl(got, x, ptr, gidx, qo, 0.75)
				ref(want, x, ptr, gidx, qo, 0.75)
				putQOperand(qo)
				if err := qsBits(append([]float32(nil), got...), want); err != nil {
					t.Fatalf("%s trial %d: %v", spelling, trial, err)
				}
			})
		}
	}
}
