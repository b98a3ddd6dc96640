package engine

import (
	"fmt"

	"github.com/hurray-format/hurray-go/quant"
)

// QCOOMul is the product of a rank-2 COO tensor with quantized values,
// entries lo..hi-1 of it: each entry scatters into Y (package coo's loop):
//
//	for e := lo; e < hi; e++ {
//		o, in := coords[2*e+oi], coords[2*e+ii]
//		for c := range k {
//			y[o*k+c] += alpha * v.At(e, channel of e) * x[in*k+c]
//		}
//	}
//
// oi and ii (0 and 1, or 1 and 0 for the transpose) pick the coordinate of
// the output row and of the input row. With runs set (k == 1 and the
// entries of an output row adjacent: a row-major sorted tensor, not
// transposed) it sums each run of one output row in two partial sums and
// adds alpha times their sum, as coo's MulVec does, a run that crosses a
// tile being added in two. It decodes tiles of the values (see qtile.go).
// coords holds v.N tuples of 2 coordinates, validated: every coordinate of
// the output side below len(y)/k and of the input side below len(x)/k,
// which it does not check. ch is as QSpMV's (for COO, per value:
// coords[axis:] with stride 2).
func QCOOMul(runs bool, y, x []float32, k int, coords []uint64, lo, hi int, v *quant.Values, ch Channels, oi, ii int, alpha float32) {
	if len(coords) != 2*v.N || lo < 0 || hi < lo || hi > v.N || k < 1 || oi|ii > 1 || oi == ii || runs && k != 1 {
		panic(fmt.Sprintf("kernels: QCOOMul: %d coordinates for %d values, entries %d..%d, k=%d, oi=%d, ii=%d", len(coords), v.N, lo, hi, k, oi, ii))
	}
	checkQuant("QCOOMul", v, lo, hi-lo, &ch, false)
	s := getQScratch(v, ch)
	for t0 := lo; t0 < hi; t0 += qTile {
		t1 := min(hi, t0+qTile)
		tile := s.decode(uint64(t0), uint64(t1))
		c := coords[2*t0 : 2*t1]
		switch {
		case runs:
			qScatterRuns(y, x, c, tile, oi, ii, alpha)
		case k == 1:
			for e, w := range tile {
				y[c[2*e+oi]] += alpha * w * x[c[2*e+ii]]
			}
		default:
			for e, w := range tile {
				a := alpha * w
				yr := y[int(c[2*e+oi])*k:][:k]
				xr := x[int(c[2*e+ii])*k:][:k]
				for j, xv := range xr {
					yr[j] += a * xv
				}
			}
		}
	}
	putQScratch(s)
}

// qScatterRuns is coo's scatterRuns on a tile: a run of entries with one
// output row sums in two registers (even and odd entries) and y is written
// once per run.
func qScatterRuns(y, x []float32, coords []uint64, vals []float32, oi, ii int, alpha float32) {
	n := len(vals)
	coords = coords[:2*n]
	for e := 0; e < n; {
		cur := coords[2*e+oi]
		var s0, s1 float32
		for {
			if e+1 < n && coords[2*e+2+oi] == cur {
				s0 += vals[e] * x[coords[2*e+ii]]
				s1 += vals[e+1] * x[coords[2*e+2+ii]]
				e += 2
				if e < n && coords[2*e+oi] == cur {
					continue
				}
			} else {
				s0 += vals[e] * x[coords[2*e+ii]]
				e++
			}
			break
		}
		y[cur] += alpha * (s0 + s1)
	}
}
