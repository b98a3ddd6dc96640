//go:build linux

package engine

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/hurray-format/hurray-go/quant"
)

// TestQSpMVNarrowBlockGuarded runs QSpMVNarrowBlock on every path with the
// indices, codes, scales, x and y against guard pages at either edge, the
// codes and scales exactly as long as values first.. need, on rows of
// every length from 0 to 70 and on junk pointers and indices, with the
// codes' own scale positions and with others (spos, runs anywhere in
// the values, the last at the scales' end): the kernels
// must touch nothing outside (a fault fails the run) and agree with ref.
func TestQSpMVNarrowBlockGuarded(t *testing.T) {
	testQSpMVNarrowBlockGuarded[uint16](t, qspmvNarrowBlockU16)
	testQSpMVNarrowBlockGuarded[uint32](t, qspmvNarrowBlockU32)
}

func testQSpMVNarrowBlockGuarded[I Narrow](t *testing.T, f *family[qspmvNarrowBlockFunc[I]]) {
	rng := rand.New(rand.NewPCG(47, 48))
	ri, rc, rs, rx, ry := newGuardRegion(t, 4096), newGuardRegion(t, 2048), newGuardRegion(t, 2048), newGuardRegion(t, 2048), newGuardRegion(t, 2048)
	every := []uint32{0}
	for n := range 71 {
		every = append(every, every[len(every)-1]+uint32(n))
	}
	iw := int(unsafe.Sizeof(I(0)))
	for _, spelling := range []string{"int8:block=16", "int8:block=17", "int4:block=16", "nf4:block=64", "nf4:block=17", "mxfp4"} {
		s := quant.MustParse(spelling)
		for trial := range 4 {
			ptr := every
			n := int(ptr[len(ptr)-1])
			nx := 1 + rng.IntN(300)
			col := make([]I, n)
			for k := range col {
				col[k] = I(rng.IntN(nx))
			}
			if trial >= 2 {
				// junk: pointers anywhere (inverted, past the end), indices
				// out of range.
				ptr = make([]uint32, 31)
				for i := range ptr {
					ptr[i] = uint32(rng.IntN(n + 40))
				}
				for k := range col {
					if rng.IntN(5) == 0 {
						col[k] = ^I(0) - I(rng.IntN(3))
					}
				}
			}
			atEnd := trial%2 == 0
			first := []int{0, 1, 5, 16}[rng.IntN(4)]
			v := randQValues(rng, s, first+n, 1)
			for g := range v.Exp {
				v.Exp[g] = 110 + v.Exp[g]%30 // sums that stay finite in any order
			}
			v.Codes = append(rc.bytesAt(len(v.Codes), atEnd)[:0], v.Codes...)
			v.Scale = append(rs.floatsAt(len(v.Scale), !atEnd)[:0], v.Scale...)
			if v.Exp != nil {
				v.Exp = append(rs.bytesAt(len(v.Exp), !atEnd)[:0], v.Exp...)
			}
			gb := ri.bytesAt(iw*n, !atEnd)
			gcol := unsafe.Slice((*I)(unsafe.Pointer(unsafe.SliceData(gb))), n)
			copy(gcol, col)
			x := append(rx.floatsAt(nx, atEnd)[:0], frand[float32](rng, nx, 0, false)...)
			rows := len(ptr) - 1
			y0 := frand[float32](rng, rows, 0, false)
			scale := make([]float32, rows)
			for i := range scale {
				lo, hi := clampRange(ptr, i, n)
				for k := lo; k < hi; k++ {
					if int(col[k]) < nx {
						a, b := v.At(first+k, 0)*x[col[k]], float32(0)
						scale[i] += max(a, b-a)
					}
				}
				scale[i] += max(y0[i], -y0[i]) / 2
			}
			var spos []uint32
			if trial%2 == 1 {
				spos = randSpos(rng, ptr, n, v.N)
				for i := range spos {
					if lo, hi := clampRange(ptr, i, n); i == 0 || rng.IntN(4) == 0 {
						spos[i] = uint32(v.N - (hi - lo))
					}
				}
				for i := range scale {
					scale[i] = max(y0[i], -y0[i]) / 2
					lo, hi := clampRange(ptr, i, n)
					for k := lo; k < hi; k++ {
						if int(col[k]) < nx {
							a, b := narrowBlockValue(&v, first, spos, i, lo, k)*x[col[k]], float32(0)
							scale[i] += max(a, b-a)
						}
					}
				}
			}
			forEachTier(t, f, func(t *testing.T, impl, ref qspmvNarrowBlockFunc[I]) {
				got := append(ry.floatsAt(rows, atEnd)[:0], y0...)
				want := append([]float32(nil), y0...)
				impl(got, x, ptr, gcol, &v, first, spos, 1, 0.5)
				ref(want, x, ptr, col, &v, first, spos, 1, 0.5)
				checkClose(t, spelling, append([]float32(nil), got...), want, scale)
			})
		}
	}
}
