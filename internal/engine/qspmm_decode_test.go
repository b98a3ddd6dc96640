//go:build !purego && !noasm && gc && (amd64 || arm64)

package engine

import (
	"math"
	"math/bits"
	"testing"

	"github.com/hurray-format/hurray-go/quant"
)

// TestQSpMMKernelsDecode runs every tier's fused 8-bit SpMM kernels, whole
// and on a tile, on each of the 256 codes with unit scales and X the
// identity, at widths w of each kind of the kernels' panels: Y holds each
// code's value, bit for bit as the decode table holds it (-0 summed onto
// +0 as +0); uint8's, with a zero point per row of w codes or per block,
// the code less the zero point. A NaN spreads over its row (times X's zeros): E4M3's two
// NaN codes are in the last 16 values, alone in their rows, which must
// hold NaN only, and decode as 0 in the others.
func TestQSpMMKernelsDecode(t *testing.T) {
	for _, w := range []int{1, 2, 3, 4, 8, 16, 17} {
		testQSpMMKernelsDecode(t, w)
	}
}

func testQSpMMKernelsDecode(t *testing.T, w int) {
	// the codes 0..255, up to a whole row, then a row or two of 16 or more
	// values that E4M3 makes NaN
	nan := (256 + w - 1) / w * w
	n := nan + (16+w-1)/w*w
	ptr, seg, idx := []uint64{0}, []uint64{}, make([]uint64, n)
	for k := range idx {
		idx[k] = uint64(k % w)
	}
	for r := range n / w {
		ptr = append(ptr, uint64((r+1)*w))
		seg = append(seg, uint64(r*w), uint64((r+1)*w))
	}
	x := make([]float32, w*w)
	for j := range w {
		x[j*w+j] = 1
	}
	rows := len(ptr) - 1
	ones := make([]float32, n)
	exps, zeros := make([]byte, n), make([]byte, rows)
	for i := range ones {
		ones[i], exps[i] = 1, 127 // 2^0
	}
	for r := range zeros {
		zeros[r] = byte(37*r + 5)
	}
	for tr := tierGeneric; tr < numTiers; tr++ {
		ks := qspmmKernelsOf(tr)
		if !cpuSupports[tr] || ks.k[qspmmBlock8] == nil {
			continue
		}
		ranTiers.Store(tr.String(), true)
		for _, c := range []struct {
			name  string
			kind  int
			table *[256]float32
			b     int
		}{{"int8 row", qspmmRow8, &i8Table, 1}, {"int8 block=16", qspmmBlock8, &i8Table, 16}, {"int8 block=64", qspmmBlock8, &i8Table, 64},
			{"e4m3 block=32", qspmmMX8, &e4m3Table, 32}, {"e4m3 block=17", qspmmMX8, &e4m3Table, 17}, {"uint8 row", qspmmRowU8, &u8Table, 1},
			{"uint8 block=16", qspmmBlockU8, &u8Table, 16}, {"uint8 block=3", qspmmBlockU8, &u8Table, 3}, {"uint8 block=1", qspmmBlockU8, &u8Table, 1}} {
			if ks.k[c.kind] == nil {
				continue
			}
			table, ex := c.table[:], exps
			switch c.kind {
			case qspmmRowU8:
				table, ex = u8Table511[:], zeros
			case qspmmBlockU8:
				ex = make([]byte, (n+c.b-1)/c.b)
				for g := range ex {
					ex[g] = byte(37*g + 5)
				}
			}
			codes := make([]byte, n)
			for k := range codes {
				codes[k] = byte(k)
				if c.table == &e4m3Table && quant.E4M3NaN(byte(k)) != (k >= nan) {
					codes[k] = 0x7F | byte(k)<<7
					if k < nan {
						codes[k] = 0
					}
				}
			}
			check := func(how string, y []float32) {
				for k, g := range y {
					want := c.table[codes[k]]
					switch c.kind {
					case qspmmRowU8:
						want -= float32(zeros[k/w])
					case qspmmBlockU8:
						want -= float32(ex[k/c.b])
					}
					if g != want && !(math.IsNaN(float64(g)) && math.IsNaN(float64(want))) ||
						math.Float32bits(g) != math.Float32bits(want) && want != 0 && !math.IsNaN(float64(want)) {
						t.Fatalf("%s %s, w=%d, %s: code %#x gives %v (%#x), want %v (%#x)", tr, c.name, w, how, k, g, math.Float32bits(g), want, math.Float32bits(want))
					}
				}
			}
			y := make([]float32, rows*w)
			ks.k[c.kind](y, w, x, w, w, ptr, idx, codes, table, ones, ex, c.b, 1, 0, uint64(w))
			check("whole", y)
			if kt := ks.kt[c.kind]; kt != nil {
				y := make([]float32, rows*w)
				kt(y, w, x, w, w, append([]uint64(nil), seg...), idx, codes, table, ones, ex, c.b, 1, 0, uint64(w), uint64(w))
				check("tile", y)
			}
		}
	}
}

// TestQSpMMRecip checks the block index the AVX-512 kernels take by a
// reciprocal (kernels/amd64/_gen qmmRecip: the high word of lo times
// floor((2^64-1)/b), plus lo) against lo/b at the edges: lo at, beside and
// between multiples of b up to the largest lo with lo*b < 2^64 that
// qspmmKernels.blocksFit lets through, for small, odd, power-of-two and
// huge b.
func TestQSpMMRecip(t *testing.T) {
	for _, b := range []uint64{1, 2, 3, 7, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 255, 256, 1000, 4095, 4096, 65537, 1<<31 - 1, 1 << 31, 1<<32 + 1, 1<<40 - 3, 1 << 62, 1<<63 - 1} {
		m := ^uint64(0) / b
		top := ^uint64(0) / b // the largest lo with lo*b < 2^64 (hi word 0)
		if hi, _ := bits.Mul64(top, b); hi != 0 {
			t.Fatalf("b=%d: top %d", b, top)
		}
		var los []uint64
		for _, q := range []uint64{0, 1, 2, 3, top/b/2 + 1, top/b - 1, top / b, top/b + 1} {
			for _, d := range []int64{-2, -1, 0, 1, int64(b / 2)} {
				if lo := q*b + uint64(d); (q > 0 || d >= 0) && lo <= top {
					los = append(los, lo)
				}
			}
		}
		los = append(los, top, top-1, top/2)
		for _, lo := range los {
			hi, l := bits.Mul64(lo, m)
			if _, c := bits.Add64(l, lo, 0); hi+c != lo/b {
				t.Fatalf("b=%d lo=%d: %d, want %d", b, lo, hi+c, lo/b)
			}
		}
	}
}
