package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/quant"
)

// TestQFusedLanes runs the fused SpMV of every path on rows whose 16-entry
// groups span from one to ten aligned 32-float stretches of x (at its
// start, inside it and at its end, for lengths of x at and around
// multiples of 32), rows of every length and stride, and rows that are not
// increasing or hold indices out of range, against ref exactly: codes,
// scales and x are such that every sum is exact, so that an x value in a
// wrong lane, or a lane dropped or read twice, shows. It covers the
// kernels by row and by column (int8, uint8), which FuzzQSpMVBlockExact
// does not; the column schemes have exactly a channel per column of x.

// qLaneSpan is the count of aligned stretches of 32 columns that
// qLaneRows' groups span around: from 1 to qLaneSpan+2.
const qLaneSpan = 8

// qLaneRows returns rows of indices below nx (except where a row mixes
// in indices out of range on purpose) whose 16-entry groups span up to and
// past qLaneSpan aligned stretches of 32, at the start, inside and at the
// end of x, with masked tails, and rows that are not increasing.
func qLaneRows(rng *rand.Rand, nx int) [][]uint64 {
	const w = qLaneSpan
	var rows [][]uint64
	// a group over stretches b to b+n-1, its first index at offset lo of
	// stretch b and its last at offset hi of stretch b+n-1, when it fits
	// below nx
	span := func(b, n, lo, hi int) []uint64 {
		first, last := 32*b+lo, 32*(b+n-1)+hi
		if b < 0 || first >= last || last >= nx {
			return nil
		}
		g := make([]uint64, 16)
		for i := range g {
			g[i] = uint64(first + (last-first)*i/15)
		}
		return g
	}
	nstr := (nx + 31) / 32
	for _, b := range []int{0, 1, nstr/2 - 3, nstr - w - 1, nstr - w, nstr - w + 1, nstr - 2} {
		for _, n := range []int{1, 2, w - 1, w, w + 1, w + 2} {
			for _, e := range [][2]int{{0, 31}, {31, 0}, {5, 17}, {0, 0}, {31, 31}} {
				g := span(b, n, e[0], e[1])
				if g == nil {
					continue
				}
				// the group alone, after a value (4-bit codes from an odd
				// nibble), and twice at either step of a pass
				rows = append(rows, g, append([]uint64{0}, g...)[:16],
					slices.Concat(g, g), slices.Concat(g[:8], g, g[8:]))
			}
		}
	}
	// runs of even strides from every offset, rows of every length to 70
	for _, stride := range []int{1, 2, 3, 7, 10, 13, 15, 16, 17, 18, 25, 31, 32, 33, 64} {
		for range 3 {
			n := rng.IntN(71)
			start := rng.IntN(max(1, nx-stride*n))
			var r []uint64
			for i := range n {
				if c := start + stride*i; c < nx {
					r = append(r, uint64(c))
				}
			}
			rows = append(rows, r)
		}
	}
	// the density of M4 (gaps of 1 to 19)
	for range 20 {
		n := rng.IntN(120)
		c := rng.IntN(32)
		var r []uint64
		for range n {
			if c >= nx {
				break
			}
			r = append(r, uint64(c))
			c += 1 + rng.IntN(19)
		}
		rows = append(rows, r)
	}
	// not increasing: shuffled, descending, repeated, and indices out of
	// range among ones in range
	for range 12 {
		n := 16 + rng.IntN(48)
		r := make([]uint64, n)
		c := rng.IntN(max(1, nx-200))
		for i := range r {
			r[i] = uint64(min(nx-1, c+rng.IntN(200)))
		}
		rows = append(rows, r)
		d := slices.Clone(r)
		slices.Sort(d)
		slices.Reverse(d)
		rows = append(rows, d)
		e := slices.Clone(r)
		slices.Sort(e)
		for i := 1; i < len(e); i += 3 {
			e[i] = e[i-1]
		}
		rows = append(rows, e)
		o := slices.Clone(e)
		o[rng.IntN(len(o))] = uint64(nx + rng.IntN(3))
		rows = append(rows, o)
	}
	return rows
}

// qLaneValues returns n values of scheme spelling (a channel scheme's
// for chn channels: the rows of ptr on axis 0, the columns on axis 1) whose products with qLaneX sum exactly:
// int8, uint8 and E2M1 codes, E4M3 codes of exponents 2^-1..2^2, scales
// 2^-1..2^1 (MX exponents 126..128).
func qLaneValues(rng *rand.Rand, spelling string, n, chn int) quant.Values {
	s := quant.MustParse(spelling)
	v := quant.Values{Scheme: s, N: n, Codes: make([]byte, s.CodeBytes(n))}
	for k := range v.Codes {
		v.Codes[k] = byte(rng.Uint32())
		if s.Kind() == quant.MXFP8 {
			v.Codes[k] = v.Codes[k]&0x87 | byte(6+rng.IntN(4))<<3
		}
	}
	groups := 1
	switch s.Granularity() {
	case quant.PerBlock:
		groups = (n + s.BlockSize() - 1) / s.BlockSize()
	case quant.PerChannel:
		groups = max(chn, 1)
	}
	if s.Kind() == quant.MXFP4 || s.Kind() == quant.MXFP8 {
		v.Exp = make([]byte, groups)
		for g := range v.Exp {
			v.Exp[g] = byte(126 + rng.IntN(3))
		}
		return v
	}
	v.Scale = make([]float32, groups)
	for g := range v.Scale {
		v.Scale[g] = []float32{0.5, 1, 2}[rng.IntN(3)]
	}
	if s.Kind() == quant.Uint8 {
		v.Zero = make([]byte, groups)
		for g := range v.Zero {
			v.Zero[g] = byte(rng.Uint32())
		}
		v.Zero[0], v.Zero[groups-1] = 0, 255
	}
	return v
}

// qLaneX is an x of n elements, halves of odd integers, distinct for
// neighbouring columns.
func qLaneX(n int) []float32 {
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(i%13) - 6.5
	}
	return x
}

func TestQFusedLanes(t *testing.T) {
	const w = qLaneSpan
	schemes := []string{"int8:tensor", "int8:channel:axis=0", "uint8:channel:axis=0", "int8:channel:axis=1", "uint8:channel:axis=1",
		"uint8:block=32", "uint8:block=17", "uint8:block=48", "int8:block=16", "int8:block=17", "int8:block=64", "int4:block=16", "int4:block=24", "int4:block=32", "mxfp4", "mxfp8"}
	for _, nx := range []int{32 * w, 32*w - 1, 32*w + 1, 32 * 12, 32*12 + 1, 32*12 - 1, 32*40 + 7, 11008} {
		rng := rand.New(rand.NewPCG(uint64(nx), 39))
		rows := qLaneRows(rng, nx)
		// the rows in order and shuffled, so that they start at every offset
		perm := rng.Perm(len(rows))
		ptr := []uint64{0}
		var idx []uint64
		for _, i := range slices.Concat(perm, perm) {
			idx = append(idx, rows[i%len(rows)]...)
			ptr = append(ptr, uint64(len(idx)))
		}
		x := qLaneX(nx)
		for _, spelling := range schemes {
			s := quant.MustParse(spelling)
			var ch Channels
			chn := len(ptr) - 1
			switch {
			case s.Granularity() != quant.PerChannel:
			case s.Axis() == 1:
				ch, chn = PerValue(idx, 1), nx
			default:
				ch = PerRun(ptr, nil)
			}
			v := qLaneValues(rng, spelling, len(idx), chn)
			t.Run(fmt.Sprintf("nx=%d/%s", nx, spelling), func(t *testing.T) {
				checkQSpMVExact(t, x, ptr, idx, &v, ch)
			})
		}
	}
}

// checkQSpMVExact runs y = A x with the fused SpMV of every path and
// fails unless each agrees with ref exactly and writes nothing past y.
func checkQSpMVExact(t *testing.T, x []float32, ptr, idx []uint64, v *quant.Values, ch Channels) {
	rows := len(ptr) - 1
	forEachTier(t, qspmv, func(t *testing.T, impl, ref qspmvFunc) {
		want := make([]float32, rows)
		qspmvWith(ref, want, x, ptr, idx, v, ch, 1, 0)
		got := withSentinel(make([]float32, rows), 4)
		qspmvWith(impl, got, x, ptr, idx, v, ch, 1, 0)
		checkSentinel(t, "qspmv", got)
		for i := range want {
			if got[i] != want[i] {
				a, e := clampRange(ptr, i, len(idx))
				t.Fatalf("%v, row %d of %d (idx %v): got %v, want %v", v.Scheme, i, rows, idx[a:max(a, e)], got[i], want[i])
			}
		}
	})
}
