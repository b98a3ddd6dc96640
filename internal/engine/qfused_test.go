package engine

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/quant"
)

// The fused families (qspmv, qspmm) on every path against the reference
// "dequantize by quant, then the float32 reference", within the bound of a
// sum (qClose), for every scheme of qSchemes with channels in each mode the
// fused kernels distinguish: by row (qRow: axis 0 of CSR), by index (qCol:
// axis 1), and by runs or values that are neither (qValue).

// qFusedStructures are row structures that exercise the fused loops: every
// row length from 0 to 70 (rows shorter and longer than the 16-value step,
// 4-bit rows from odd and even nibbles, blocks straddling rows), a few
// long rows, and many short ones.
func qFusedStructures(rng *rand.Rand) [][]uint64 {
	every := []uint64{0}
	for n := range 71 {
		every = append(every, every[len(every)-1]+uint64(n))
	}
	// the same lengths shuffled, so that rows start at every offset
	shuf := []uint64{0}
	for _, n := range rng.Perm(71) {
		shuf = append(shuf, shuf[len(shuf)-1]+uint64(n))
	}
	long := []uint64{0}
	for range 6 {
		long = append(long, long[len(long)-1]+uint64(500+rng.IntN(2500)))
	}
	short := []uint64{0}
	for range 300 {
		short = append(short, short[len(short)-1]+uint64(rng.IntN(4)))
	}
	return [][]uint64{{0}, {0, 0}, every, shuf, long, short}
}

// qFusedCase is a matrix over ptr with values of one scheme and one
// channel mode.
type qFusedCase struct {
	name     string
	ptr, idx []uint64
	cols     int
	v        quant.Values
	ch       Channels
	deq, abs []float32
}

// qFusedCases returns, for one scheme, the cases of each channel mode that
// applies: rows (axis 0) and indices (axis 1) as a CSR matrix has them,
// and foreign runs or per-value channels (qValue).
func qFusedCases(t *testing.T, rng *rand.Rand, spelling string, ptr []uint64, cols int) []*qFusedCase {
	t.Helper()
	s := quant.MustParse(spelling)
	idx, cols := qIdx(rng, ptr, cols)
	n := len(idx)
	rows := len(ptr) - 1
	type chans struct {
		name string
		ch   Channels
		qch  quant.Channels
		chn  int
	}
	var cs []chans
	switch s.Axis() {
	case 0:
		cs = append(cs, chans{"rows", PerRun(ptr, nil), quant.PerRun(ptr, nil), max(rows, 1)})
		e, q, chn := qChannels(rng, s, n)
		cs = append(cs, chans{"runs", e, q, chn})
	case 1:
		cs = append(cs, chans{"cols", PerValue(idx, 1), quant.PerValue(idx, 1), cols})
		if n > 0 {
			e, q, chn := qChannels(rng, s, n)
			cs = append(cs, chans{"values", e, q, chn})
		}
	default:
		cs = append(cs, chans{"none", Channels{}, quant.Channels{}, 1})
	}
	var out []*qFusedCase
	for _, c := range cs {
		v := randQValues(rng, s, n, c.chn)
		fc := &qFusedCase{name: spelling + "/" + c.name, ptr: ptr, idx: idx, cols: cols, v: v, ch: c.ch,
			deq: make([]float32, n), abs: make([]float32, n)}
		v.Dequantize(fc.deq, c.qch)
		for i, d := range fc.deq {
			fc.abs[i] = float32(math.Abs(float64(d)))
		}
		out = append(out, fc)
	}
	return out
}

// maxRowOf is the longest row of ptr.
func maxRowOf(ptr []uint64) int {
	m := 0
	for i := 0; i+1 < len(ptr); i++ {
		m = max(m, int(ptr[i+1]-ptr[i]))
	}
	return m
}

// qFusedSchemes is qSchemes, or under -short one scheme of each kind and
// granularity, and the block sizes the fused block kernels tell apart: one
// vector (16), blocks from odd offsets (17), a vector and a half (24), two
// vectors (32) and four (64), and blocks of 32 or more that are no multiple
// of 32 (40, 48); and every scheme of a fused kernel of uint8 blocks or
// index channels.
func qFusedSchemes() []string {
	s := qSchemes
	if testing.Short() {
		s = qProductSchemes()
	}
	s = s[:len(s):len(s)]
	for _, e := range []string{"int4:block=16", "nf4:block=17", "int4:block=24",
		"int8:block=16", "int8:block=17", "int8:block=24", "int8:block=32", "int8:block=64",
		"nf4:block=40", "int8:block=48", "uint8:block=16", "uint8:block=40",
		"int8:channel:axis=1", "uint8:channel:axis=1"} {
		if !slices.Contains(s, e) {
			s = append(s, e)
		}
	}
	return s
}

func TestQFusedSpMV(t *testing.T) {
	forEachTier(t, qspmv, func(t *testing.T, impl, _ qspmvFunc) { testQFusedSpMV(t, impl) })
}

// testQFusedSpMV checks impl, a fused SpMV, against the reference.
func testQFusedSpMV(t *testing.T, impl qspmvFunc) {
	rng := rand.New(rand.NewPCG(51, 52))
	for si, ptr := range qFusedStructures(rng) {
		rows := len(ptr) - 1
		for _, spelling := range qFusedSchemes() {
			for _, c := range qFusedCases(t, rng, spelling, ptr, 1+rng.IntN(300)) {
				x := frand[float32](rng, c.cols, 1, si == 3)
				y0 := frand[float32](rng, rows, 2, false)
				maxRow := maxRowOf(ptr)
				for _, ab := range [][2]float32{{1, 0}, {-1.5, 0.5}} {
					alpha, beta := ab[0], ab[1]
					init := y0
					if beta == 0 {
						init = fguard[float32](rows, 2, float32(math.NaN()))
						copy(init[len(init):cap(init)], y0[len(y0):cap(y0)])
					}
					want := append([]float32(nil), init[:cap(init)]...)[:rows]
					spmvRef(want, x, ptr, c.idx, c.deq, alpha, beta)
					mag := absOf(init[:cap(init)])[:rows]
					if beta == 0 {
						clear(mag)
					}
					spmvRef(mag, absOf(x), ptr, c.idx, c.abs, float32(math.Abs(float64(alpha))), float32(math.Abs(float64(beta))))
					for _, lo := range []int{0, rows / 3} {
						got := append([]float32(nil), init[:cap(init)]...)[:rows]
						qspmvWith(impl, got[lo:], x, ptr[lo:], c.idx, &c.v, c.ch, alpha, beta)
						copy(got[:lo], want[:lo])
						if err := qCloseFused(got, want, append(mag[:len(mag):len(mag)], 0), maxRow); err != nil {
							t.Fatalf("structure %d, %s, alpha %v beta %v, rows from %d: %v", si, c.name, alpha, beta, lo, err)
						}
					}
				}
			}
		}
	}
}

func TestQFusedSpMM(t *testing.T) { testQFusedSpMM(t, &spmmTune) }

// TestQFusedSpMMTiled is TestQFusedSpMM with the column tiles of A forced
// on every product whose X holds more than two tiles.
func TestQFusedSpMMTiled(t *testing.T) { withSpMMTiles(t, testQFusedSpMM) }

// testQFusedSpMM checks every path of the fused SpMM against the
// reference, at widths that end in every column tail of the kernels'
// chunks, choosing tiles with the tuning tune.
func testQFusedSpMM(t *testing.T, tune *spmmTuning) {
	forEachQSpMMTier(t, tune, func(t *testing.T, impl, _ qspmmFunc) {
		rng := rand.New(rand.NewPCG(53, 54))
		widths := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 31, 33, 64, 65, 100}
		// Under -short, the widths at both ends of the kernels' column
		// steps (4, 8 and 16 lanes, 32-column chunks), and structure si
		// runs every stride[si]-th of them from an offset that turns with
		// the case: the empty structures, "every" and "short" run them all,
		// "shuf" half and the long rows one width per case. Under -race
		// each of those strides but the long rows' doubles.
		var stride []int
		if testing.Short() {
			widths = []int{1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 65}
			stride = []int{1, 1, 1, 2, len(widths), 1}
			if raceEnabled {
				stride = []int{2, 2, 4, 8, len(widths), 4}
			}
		}
		turn := 0
		for si, ptr := range qFusedStructures(rng) {
			rows := len(ptr) - 1
			for _, spelling := range qFusedSchemes() {
				for ci, c := range qFusedCases(t, rng, spelling, ptr, 1+rng.IntN(200)) {
					maxRow := maxRowOf(ptr)
					turn++
					for wi, w := range widths {
						if stride != nil && (wi+turn)%stride[si] != 0 {
							continue
						}
						if (wi+ci+si)%3 != 0 && !testing.Short() && w > 17 {
							continue // the wide panels on a third of the cases
						}
						ldx, ldy := w+rng.IntN(3), w+rng.IntN(3)
						x := frand[float32](rng, c.cols*ldx, 0, false)
						y0 := frand[float32](rng, rows*ldy, 0, false)
						for _, beta := range []float32{0, 0.5} {
							init := y0
							if beta == 0 {
								init = fguard[float32](len(y0), 0, float32(math.NaN()))
							}
							want := append([]float32(nil), init[:cap(init)]...)[:len(init)]
							spmmRef(want, ldy, x, ldx, w, ptr, c.idx, c.deq, 2, beta)
							mag := absOf(init[:cap(init)])[:len(init)]
							if beta == 0 {
								clear(mag)
							}
							spmmRef(mag, ldy, absOf(x), ldx, w, ptr, c.idx, c.abs, 2, beta)
							// gaps between rows of Y keep their value
							for i := range mag {
								if i%ldy >= w {
									want[i], mag[i] = init[i], 0
								}
							}
							got := append([]float32(nil), init[:cap(init)]...)[:len(init)]
							lo := rows / 3
							if w > 0 && rows > 0 {
								qspmmWith(impl, got, ldy, x, ldx, w, ptr[:lo+1], c.idx, &c.v, c.ch, 2, beta)
								qspmmWith(impl, got[lo*ldy:], ldy, x, ldx, w, ptr[lo:], c.idx, &c.v, c.ch, 2, beta)
							}
							if err := qCloseFused(got, want, append(mag[:len(mag):len(mag)], 0), maxRow); err != nil {
								t.Fatalf("structure %d, %s, w=%d ldx=%d ldy=%d beta=%v: %v", si, c.name, w, ldx, ldy, beta, err)
							}
						}
					}
				}
			}
		}
	})
}

// qJunk returns row pointers and indices of no valid structure: pointers
// past the values and decreasing, indices at and past len(x) and near
// 2^64.
func qJunk(rng *rand.Rand, n, rows, nx int) (ptr, idx []uint64) {
	idx = make([]uint64, n)
	for k := range idx {
		switch rng.IntN(10) {
		case 0:
			idx[k] = uint64(nx)
		case 1:
			idx[k] = ^uint64(0) - uint64(rng.IntN(3))
		case 2:
			idx[k] = 1 << 63
		default:
			idx[k] = uint64(rng.IntN(nx))
		}
	}
	ptr = make([]uint64, rows+1)
	ptr[rows] = uint64(n)
	for i := 1; i < rows; i++ {
		switch rng.IntN(6) {
		case 0:
			ptr[i] = uint64(n + 1 + rng.IntN(40))
		case 1:
			ptr[i] = ^uint64(0) - uint64(rng.IntN(2))
		default:
			ptr[i] = uint64(rng.IntN(n + 1))
		}
	}
	return ptr, idx
}

// TestQFusedJunk runs the fused kernels on index data of no valid
// structure: they must read nothing outside their slices (clamping each
// row, skipping indices out of range) and agree with ref, which does the
// same. The schemes by row take the tensor scheme (channel runs would not
// cover junk rows).
func TestQFusedJunk(t *testing.T) {
	rng := rand.New(rand.NewPCG(55, 56))
	for _, spelling := range []string{"int8:tensor", "uint8:tensor", "int8:channel:axis=1", "uint8:channel:axis=1", "int8:block=16", "int8:block=17", "uint8:block=40", "int4:block=32", "nf4:block=64", "mxfp4", "mxfp8"} {
		s := quant.MustParse(spelling)
		for trial := range 4 {
			n := 200 + rng.IntN(800)
			rows := 5 + rng.IntN(30)
			nx := 1 + rng.IntN(60)
			ptr, idx := qJunk(rng, n, rows, nx)
			ch := Channels{}
			chn := 1
			if s.Axis() == 1 {
				ch, chn = PerValue(idx, 1), nx-rng.IntN(nx) // fewer channels than x's length
			}
			v := randQValues(rng, s, n, chn)
			x := frand[float32](rng, nx, 0, false)
			y0 := frand[float32](rng, rows, 0, false)
			xs := qXRows(x, 1, 1)
			bound := uint64(nx)
			if s.Axis() == 1 {
				bound = uint64(chn)
			}
			av := junkAbs(&v, ch, idx, bound)
			mag := absOf(y0)
			spmvRef(mag, absOf(x)[:bound], ptr, idx, av, 1, 0.5)
			forEachTier(t, qspmv, func(t *testing.T, impl, ref qspmvFunc) {
				got := append([]float32(nil), y0...)
				want := append([]float32(nil), y0...)
				qspmvWith(impl, got, x, ptr, idx, &v, ch, 1, 0.5)
				qspmvWith(ref, want, x, ptr, idx, &v, ch, 1, 0.5)
				if err := qCloseFused(got, want, append(mag[:len(mag):len(mag)], 0), n); err != nil {
					t.Fatalf("%s trial %d: %v", spelling, trial, err)
				}
			})
			// SpMM: the same indices against x's rows, ptr made
			// non-decreasing (QSpMM's check) but rows past ptr's end.
			sp := append([]uint64(nil), ptr...)
			for i := range sp {
				sp[i] = min(sp[i], uint64(n))
				if i > 0 {
					sp[i] = max(sp[i], sp[i-1])
				}
			}
			for _, w := range []int{1, 5, 16, 33} {
				xw := frand[float32](rng, int(xs)*w, 0, false)
				yw := frand[float32](rng, rows*w, 0, false)
				mag := absOf(yw)
				ax := absOf(xw)
				for i := range rows {
					for k := sp[i]; k < sp[i+1]; k++ {
						if j := idx[k]; j < bound {
							for c := range w {
								mag[i*w+c] += av[k] * ax[int(j)*w+c]
							}
						}
					}
				}
				forEachQSpMMTier(t, &spmmTune, func(t *testing.T, impl, ref qspmmFunc) {
					for _, beta := range []float32{0.5, 0} {
						got := append([]float32(nil), yw...)
						want := append([]float32(nil), yw...)
						qspmmWith(impl, got, w, xw, w, w, sp, idx, &v, ch, 1, beta)
						qspmmWith(ref, want, w, xw, w, w, sp, idx, &v, ch, 1, beta)
						if err := qCloseFused(got, want, append(mag[:len(mag):len(mag)], 0), n); err != nil {
							t.Fatalf("%s trial %d w=%d beta=%v: %v", spelling, trial, w, beta, err)
						}
					}
				})
			}
		}
	}
}

// junkAbs returns |value k| for the values whose index is below bound (0
// for the others, which the products skip).
func junkAbs(v *quant.Values, ch Channels, idx []uint64, bound uint64) []float32 {
	a := make([]float32, len(idx))
	for k, j := range idx {
		if j < bound {
			a[k] = float32(math.Abs(float64(v.At(k, ch.channel(k)))))
		}
	}
	return a
}

// TestQFusedPublic runs QSpMV and QSpMM (the selected path, whatever it
// is) against the reference on one matrix per scheme, so that the entry
// points' routing to the fused families is covered.
func TestQFusedPublic(t *testing.T) {
	rng := rand.New(rand.NewPCG(57, 58))
	ptr := qRowsPtr(rng, 20, false)
	for _, spelling := range qSchemes {
		for _, c := range qFusedCases(t, rng, spelling, ptr, 50) {
			rows := len(ptr) - 1
			x := frand[float32](rng, c.cols*3, 0, false)
			y := make([]float32, rows*3)
			want := make([]float32, rows*3)
			spmmRef(want, 3, x, 3, 3, ptr, c.idx, c.deq, 1, 0)
			mag := make([]float32, rows*3)
			spmmRef(mag, 3, absOf(x), 3, 3, ptr, c.idx, c.abs, 1, 0)
			QSpMM(y, 3, x, 3, 3, ptr, c.idx, &c.v, c.ch, 1, 0)
			if err := qCloseFused(y, want, append(mag[:len(mag):len(mag)], 0), maxRowOf(ptr)); err != nil {
				t.Fatalf("QSpMM %s: %v", c.name, err)
			}
			y, want, mag = y[:rows:rows], want[:rows:rows], mag[:rows:rows]
			xv := x[:c.cols]
			spmvRef(want, xv, ptr, c.idx, c.deq, 1, 0)
			spmvRef(mag, absOf(xv), ptr, c.idx, c.abs, 1, 0)
			QSpMV(y, xv, ptr, c.idx, &c.v, c.ch, 1, 0)
			if err := qCloseFused(y, want, append(mag[:len(mag):len(mag)], 0), maxRowOf(ptr)); err != nil {
				t.Fatalf("QSpMV %s: %v", c.name, err)
			}
		}
	}
}

// TestQFusedModes checks that each channel layout takes the mode meant for
// it.
func TestQFusedModes(t *testing.T) {
	ptr := []uint64{0, 2, 2, 5}
	idx := []uint64{0, 1, 0, 1, 2}
	mk := func(spelling string, groups int) *quant.Values {
		s := quant.MustParse(spelling)
		v := &quant.Values{Scheme: s, N: 5, Codes: make([]byte, s.CodeBytes(5))}
		v.Scale = make([]float32, groups)
		return v
	}
	other := append([]uint64(nil), idx...)
	for _, c := range []struct {
		v    *quant.Values
		ch   Channels
		want qMode
	}{
		{mk("int8:tensor", 1), Channels{}, qRow},
		{mk("int8:block=4", 2), Channels{}, qBlock},
		{mk("int8:channel:axis=0", 3), PerRun(ptr, nil), qRow},
		{mk("int8:channel:axis=0", 3), PerRun([]uint64{0, 3, 5}, nil), qValue},
		{mk("int8:channel:axis=1", 3), PerValue(idx, 1), qCol},
		{mk("int8:channel:axis=1", 3), PerValue(other, 1), qValue},
	} {
		q := newQOperand(c.v, c.ch, ptr, idx)
		if q.mode != c.want {
			t.Errorf("%v with %+v: mode %d, want %d", c.v.Scheme, c.ch, q.mode, c.want)
		}
		putQOperand(q)
	}
}

// qCloseFused is qClose except where the sum of the magnitudes overflows
// (mag infinite, from the extreme scales of the random values): there the
// order of the sum decides between an infinity and NaN, and any result
// passes.
func qCloseFused(got, want, mag []float32, terms int) error {
	got, want = got[:cap(got)], want[:cap(want)]
	g := append([]float32(nil), got...)
	for i := range g {
		if i < len(mag) && math.IsInf(float64(mag[i]), 0) {
			g[i] = want[i]
		}
	}
	return qClose(g, want, mag, terms)
}

// TestQSpMMBlocks runs the fused SpMM on a matrix of several blocks of
// qspmmTiled (more rows than a block, more values than a block, and one
// row longer than a block, in pieces), with no index out of range, one in
// a block of whole rows, and one in a later piece of the long row, at beta
// 0 and not: every path agrees with ref, which skips that index. Under
// -short (the race and qemu runs) int8:tensor, nf4:block=64 and
// int4:block=17 take one of the three each.
func TestQSpMMBlocks(t *testing.T) { testQSpMMBlocks(t, &spmmTune) }

// TestQSpMMBlocksTiled is TestQSpMMBlocks with the column tiles of A
// forced (the fused kernels' tiles skip an index out of range too).
func TestQSpMMBlocksTiled(t *testing.T) {
	testQSpMMBlocks(t, spmmForcedTiles(3*4*67))
}

// testQSpMMBlocks is TestQSpMMBlocks with the tiles chosen by the tuning
// tune.
func testQSpMMBlocks(t *testing.T, tune *spmmTuning) {
	rng := rand.New(rand.NewPCG(57, 58))
	ptr := []uint64{0}
	for i := range 400 {
		n := uint64(rng.IntN(500))
		if i == 300 {
			n = qspmmBlockValues + 5000
		}
		ptr = append(ptr, ptr[len(ptr)-1]+n)
	}
	rows := len(ptr) - 1
	const w = 3
	for si, spelling := range []string{"int8:tensor", "int8:block=64", "nf4:block=64", "mxfp4", "int4:block=17"} {
		if testing.Short() && (si == 1 || si == 3) {
			continue
		}
		s := quant.MustParse(spelling)
		idx, cols := qIdx(rng, ptr, 1)
		v := randQValues(rng, s, len(idx), 1)
		x := frand[float32](rng, cols*w, 0, false)
		y0 := frand[float32](rng, rows*w, 0, false)
		for bad, at := range []uint64{^uint64(0), ptr[200] + 7, ptr[300] + qspmmBlockValues + 3} {
			if testing.Short() && bad != si%3 {
				continue // each scheme on one of the placements
			}
			idx := slices.Clone(idx)
			if at < uint64(len(idx)) {
				idx[at] = uint64(cols) + uint64(bad)
			}
			av := junkAbs(&v, Channels{}, idx, uint64(cols))
			forEachQSpMMTier(t, tune, func(t *testing.T, impl, ref qspmmFunc) {
				for _, beta := range []float32{0, -0.5} {
					mag := absOf(y0)
					if beta == 0 {
						clear(mag)
					}
					ax := absOf(x)
					for i := range rows {
						for k := ptr[i]; k < ptr[i+1]; k++ {
							if j := idx[k]; j < uint64(cols) {
								for c := range w {
									mag[i*w+c] += av[k] * ax[int(j)*w+c]
								}
							}
						}
					}
					got, want := slices.Clone(y0), slices.Clone(y0)
					qspmmWith(impl, got, w, x, w, w, ptr, idx, &v, Channels{}, 1, beta)
					qspmmWith(ref, want, w, x, w, w, ptr, idx, &v, Channels{}, 1, beta)
					if err := qCloseFused(got, want, append(mag[:len(mag):len(mag)], 0), maxRowOf(ptr)); err != nil {
						t.Fatalf("%s, bad index %d, beta %v: %v", spelling, bad, beta, err)
					}
				}
			})
		}
	}
}
