package engine

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/quant"
)

// TestQSpMMCols runs the fused SpMM and SpMV of every path on channels by
// column (int8 and uint8 on axis 1) against ref: matrices whose indices
// span thousands of channels and ones whose X is scaled (qspmmCols), a row
// longer than a block of qspmmTiled, fewer channels than x's rows (x cut to
// the channel count) and indices at and past the channel count, x's rows
// and near 2^64, which every path skips. Every width from 1 to 67 runs
// (under -short every fourth from an offset that turns, and the ends of
// the kernels' column steps; the long row every ninth), at beta 0 (y NaN)
// and not, with strides wider than the panel.
func TestQSpMMCols(t *testing.T) { testQSpMMCols(t, &spmmTune) }

// TestQSpMMColsTiled is TestQSpMMCols with the column tiles of A forced.
func TestQSpMMColsTiled(t *testing.T) { withSpMMTiles(t, testQSpMMCols) }

// qColsCase is one matrix of TestQSpMMCols: its rows, the rows of x and
// the channel count.
type qColsCase struct {
	name     string
	ptr, idx []uint64
	xrows    int
	chn      int
}

// qColsCases returns TestQSpMMCols' matrices: many channels and rows of
// every length to 70 (X not scaled at most widths); few channels and many
// values (X scaled at every width); a row longer than a block of
// qspmmTiled; each with some indices not below the channel count.
func qColsCases(rng *rand.Rand) []qColsCase {
	mk := func(name string, lens []int, xrows, chn int) qColsCase {
		ptr := []uint64{0}
		var idx []uint64
		for _, n := range lens {
			row := make([]uint64, n)
			for k := range row {
				row[k] = uint64(rng.IntN(xrows))
			}
			slices.Sort(row)
			idx = append(idx, row...)
			ptr = append(ptr, uint64(len(idx)))
		}
		// indices at and past the channel count, x's rows and near 2^64
		for range len(idx)/50 + 1 {
			if len(idx) == 0 {
				break
			}
			k := rng.IntN(len(idx))
			idx[k] = []uint64{uint64(chn), uint64(chn + rng.IntN(xrows-chn+1)), uint64(xrows), ^uint64(0) - uint64(rng.IntN(3)), 1 << 63}[rng.IntN(5)]
		}
		return qColsCase{name, ptr, idx, xrows, chn}
	}
	var every, many, long []int
	for n := range 71 {
		every = append(every, n)
	}
	rng.Shuffle(len(every), func(i, j int) { every[i], every[j] = every[j], every[i] })
	for range 300 {
		many = append(many, rng.IntN(400))
	}
	long = []int{3, qspmmBlockValues + 700, 0, 5}
	cases := []qColsCase{
		mk("wide", every, 6000, 5000),
		mk("scaled", many, 300, 260),
	}
	if !testing.Short() {
		cases = append(cases, mk("long", long, 200, 200))
	}
	return cases
}

func testQSpMMCols(t *testing.T, tune *spmmTuning) {
	rng := rand.New(rand.NewPCG(71, 72))
	var widths []int
	for w := 1; w <= 67; w++ {
		widths = append(widths, w)
	}
	scaled := map[bool]bool{}
	turn := 0
	for _, c := range qColsCases(rng) {
		rows := len(c.ptr) - 1
		maxRow := maxRowOf(c.ptr)
		for _, spelling := range []string{"int8:channel:axis=1", "uint8:channel:axis=1"} {
			s := quant.MustParse(spelling)
			v := randQValues(rng, s, len(c.idx), c.chn)
			ch := PerValue(c.idx, 1)
			av := junkAbs(&v, ch, c.idx, uint64(c.chn))
			// the reference's values and indices: a value whose index is
			// skipped is 0 at index 0
			deq, ridx := make([]float32, len(c.idx)), make([]uint64, len(c.idx))
			for k, j := range c.idx {
				if j < uint64(c.chn) {
					deq[k], ridx[k] = v.At(k, j), j
				}
			}
			testQSpMVCols(t, c, &v, ch, deq, av)
			for wi, w := range widths {
				turn++
				if testing.Short() && (wi+turn)%4 != 0 && !slices.Contains([]int{1, 4, 8, 15, 16, 17, 32, 33, 63, 64, 65, 67}, w) {
					continue
				}
				if c.name == "long" && w%9 != 1 {
					continue
				}
				n := c.ptr[rows] - c.ptr[0]
				scaled[n >= uint64(c.chn*w)*qspmmColsMin] = true
				ldx, ldy := w+rng.IntN(3), w+rng.IntN(3)
				x := frand[float32](rng, (c.xrows-1)*ldx+w, 0, false)
				y0 := frand[float32](rng, (rows-1)*ldy+w, 0, false)
				ax := absOf(x)
				for _, beta := range []float32{0, 0.5} {
					init := y0
					if beta == 0 {
						init = fguard[float32](len(y0), 0, float32(math.NaN()))
					}
					want := slices.Clone(init)
					// cut x's rows to the channels: indices past them are skipped
					xc := x[:(c.chn-1)*ldx+w]
					spmmRef(want, ldy, xc, ldx, w, c.ptr, ridx, deq, 2, beta)
					mag := absOf(init)
					if beta == 0 {
						clear(mag)
					}
					spmmRef(mag, ldy, ax[:len(xc)], ldx, w, c.ptr, ridx, av, 2, beta)
					for i := range mag {
						if i%ldy >= w {
							want[i], mag[i] = init[i], 0
						}
					}
					forEachQSpMMTier(t, tune, func(t *testing.T, impl, _ qspmmFunc) {
						got := slices.Clone(init)
						lo := rows / 3
						qspmmWith(impl, got, ldy, x, ldx, w, c.ptr[:lo+1], c.idx, &v, ch, 2, beta)
						qspmmWith(impl, got[lo*ldy:], ldy, x, ldx, w, c.ptr[lo:], c.idx, &v, ch, 2, beta)
						if err := qCloseFused(got, want, append(mag[:len(mag):len(mag)], 0), maxRow); err != nil {
							t.Fatalf("%s %s w=%d ldx=%d ldy=%d beta=%v: %v", c.name, spelling, w, ldx, ldy, beta, err)
						}
					})
				}
			}
		}
	}
	if !scaled[true] || !scaled[false] {
		t.Errorf("X scaled in some products and not in others: %v", scaled)
	}
}

// testQSpMVCols checks the fused SpMV of every path and qspmvTiled on
// case c (x of c.xrows elements, cut to the channels), at beta 0 and not.
func testQSpMVCols(t *testing.T, c qColsCase, v *quant.Values, ch Channels, deq, av []float32) {
	t.Helper()
	rng := rand.New(rand.NewPCG(73, uint64(len(c.idx))))
	rows := len(c.ptr) - 1
	x := frand[float32](rng, c.xrows, 0, false)
	y0 := frand[float32](rng, rows, 0, false)
	for _, beta := range []float32{0, -1.5} {
		init := y0
		if beta == 0 {
			init = fguard[float32](rows, 0, float32(math.NaN()))
		}
		want := slices.Clone(init)
		spmvRef(want, x[:c.chn], c.ptr, c.idx, deq, 2, beta)
		mag := absOf(init)
		if beta == 0 {
			clear(mag)
		}
		spmvRef(mag, absOf(x)[:c.chn], c.ptr, c.idx, av, 2, float32(math.Abs(float64(beta))))
		check := func(t *testing.T, impl, _ qspmvFunc) {
			got := slices.Clone(init)
			qspmvWith(impl, got, x, c.ptr, c.idx, v, ch, 2, beta)
			if err := qCloseFused(got, want, append(mag[:len(mag):len(mag)], 0), maxRowOf(c.ptr)); err != nil {
				t.Fatalf("SpMV %s %v beta=%v: %v", c.name, v.Scheme, beta, err)
			}
		}
		forEachTier(t, qspmv, check)
		// the tiles, which only tiers without kernels by column reach
		t.Run("impl=tiled", func(t *testing.T) { check(t, qspmvTiled, nil) })
	}
}
