package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/quant"
)

// forEachPath runs fn once per path this CPU runs but ref (the quantized
// products go through several families, so a path is selected for all of
// them with Use; ref is the oracle's own path), recording the tiers for
// HURRAY_TEST_REQUIRE.
func forEachPath(t *testing.T, fn func(t *testing.T)) {
	t.Helper()
	defer Use("")
	for _, p := range Available() {
		if p == "ref" {
			continue
		}
		t.Run("path="+p, func(t *testing.T) {
			if err := Use(p); err != nil {
				t.Fatal(err)
			}
			ranTiers.Store(p, true)
			fn(t)
		})
	}
}

// qProductSchemes are the schemes the product tests run: all of them, or
// under -short (the race and qemu runs) one of each kind and granularity.
func qProductSchemes() []string {
	if testing.Short() {
		return []string{"int8:channel:axis=0", "uint8:channel:axis=1", "int8:block=5", "int4:block=7", "nf4:block=64", "mxfp4", "mxfp8", "uint8:tensor"}
	}
	return qSchemes
}

// qClose compares got with want within the bound of a sum of terms terms
// each of magnitude sum mag: |got - want| <= 4 (terms+3) 2^-24 mag, plus
// the smallest normal for subnormal results. Sentinels past the slices
// (capacity) must be equal.
func qClose(got, want, mag []float32, terms int) error {
	got, want = got[:cap(got)], want[:cap(want)]
	for i := range got {
		g, w := float64(got[i]), float64(want[i])
		tol := 4 * float64(terms+3) * 0x1p-24 * math.Abs(float64(mag[min(i, len(mag)-1)]))
		if i >= len(mag) {
			tol = 0
		}
		if math.IsNaN(g) != math.IsNaN(w) || math.Abs(g-w) > tol+0x1p-126 {
			return fmt.Errorf("[%d] = %v, want %v (tolerance %v)", i, g, w, tol)
		}
	}
	return nil
}

// qCase is a compressed matrix (or a fiber level) with quantized values.
type qCase struct {
	spelling string
	ptr, idx []uint64
	v        quant.Values
	ch       Channels
	deq      []float32 // the values dequantized by quant, the reference's
	abs      []float32 // their magnitudes
}

// newQCase quantizes random values over a compressed structure: channels
// per run (its rows) for axis 0 and per value (its indices) for axis 1;
// cols bounds the indices (and so the channel count for axis 1).
func newQCase(t *testing.T, rng *rand.Rand, spelling string, ptr, idx []uint64, cols int) *qCase {
	t.Helper()
	s := quant.MustParse(spelling)
	n := len(idx)
	rows := len(ptr) - 1
	var ch Channels
	var qch quant.Channels
	chn := 1
	switch s.Axis() {
	case 0:
		ch, qch, chn = PerRun(ptr, nil), quant.PerRun(ptr, nil), max(rows, 1)
	case 1:
		ch, qch, chn = PerValue(idx, 1), quant.PerValue(idx, 1), max(cols, 1)
	}
	vals := make([]float32, n)
	for i := range vals {
		vals[i] = float32(rng.NormFloat64())
		if rng.IntN(20) == 0 {
			vals[i] *= 100
		}
	}
	shape := []uint64{uint64(max(rows, 1)), uint64(max(cols, 1))}
	v, _, err := quant.Quantize(s, shape, vals, qch)
	if err != nil {
		t.Fatalf("%s: %v", spelling, err)
	}
	c := &qCase{spelling: spelling, ptr: ptr, idx: idx, v: v, ch: ch, deq: make([]float32, n), abs: make([]float32, n)}
	v.Dequantize(c.deq, qch)
	for i, d := range c.deq {
		c.abs[i] = float32(math.Abs(float64(d)))
	}
	_ = chn
	return c
}

// qRowsPtr returns row pointers whose rows exercise the tiling: empty rows,
// short rows, rows across tile boundaries, a row longer than two tiles.
func qRowsPtr(rng *rand.Rand, rows int, long bool) []uint64 {
	ptr := make([]uint64, rows+1)
	for i := range rows {
		n := rng.IntN(40)
		switch rng.IntN(8) {
		case 0:
			n = 0
		case 1:
			n = 1 + rng.IntN(3)
		case 2:
			n = 300 + rng.IntN(900)
		}
		if long && i == rows/2 {
			n = 2*qTile + 333
		}
		ptr[i+1] = ptr[i] + uint64(n)
	}
	return ptr
}

// qIdx returns indices below cols for the entries of ptr, strictly
// increasing within each row (a valid CSR matrix or CSF fiber level: the
// scatter kernels assume no repeat within a row); cols is raised to the
// longest row when it is shorter. It returns the indices and cols.
func qIdx(rng *rand.Rand, ptr []uint64, cols int) ([]uint64, int) {
	for i := 0; i+1 < len(ptr); i++ {
		cols = max(cols, int(ptr[i+1]-ptr[i]))
	}
	idx := make([]uint64, 0, ptr[len(ptr)-1])
	for i := 0; i+1 < len(ptr); i++ {
		need := int(ptr[i+1] - ptr[i])
		if need > 64 {
			// Selection sampling: one draw per column.
			for j := 0; j < cols && need > 0; j++ {
				if rng.IntN(cols-j) < need {
					idx = append(idx, uint64(j))
					need--
				}
			}
			continue
		}
		// Floyd's sampling: one draw per index, so that a few indices
		// below a wide cols (short rows beside a long one) cost no pass
		// over the columns.
		row := idx[len(idx) : len(idx)+need]
		for k, j := 0, cols-need; j < cols; k, j = k+1, j+1 {
			c := uint64(rng.IntN(j + 1))
			if slices.Contains(row[:k], c) {
				c = uint64(j)
			}
			row[k] = c
		}
		slices.Sort(row)
		idx = idx[:len(idx)+need]
	}
	return idx, cols
}

// absOf is absAll on float32.
var absOf = absAll[float32]

// qStructures are the row structures every product runs on: tiny, many
// short rows (more rows than a tile holds), and rows longer than a tile.
func qStructures(rng *rand.Rand) [][]uint64 {
	tiny := []uint64{0, 0, 3, 3, 10}
	short := make([]uint64, 2*qTileRows+8)
	for i := 1; i < len(short); i++ {
		short[i] = short[i-1] + uint64(rng.IntN(3))
	}
	return [][]uint64{tiny, short, qRowsPtr(rng, 40, false), qRowsPtr(rng, 30, true)}
}

// TestQSpMV runs QSpMVRows and QScatterAdd on every path, structure and
// scheme against the float32 products of the dequantized values. TestQSpMM
// is its deliberate twin for panels.
func TestQSpMV(t *testing.T) {
	forEachPath(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(7, 8))
		for si, ptr := range qStructures(rng) {
			rows := len(ptr) - 1
			cols := 1 + rng.IntN(300)
			idx, cols := qIdx(rng, ptr, cols)
			for _, spelling := range qProductSchemes() {
				c := newQCase(t, rng, spelling, ptr, idx, cols)
				x := frand[float32](rng, cols, 1, false)
				y0 := frand[float32](rng, rows, 2, false)
				maxRow := maxRowOf(ptr)
				for _, ab := range [][2]float32{{1, 0}, {-1.5, 0.5}} {
					alpha, beta := ab[0], ab[1]
					want := append(fguard[float32](0, 0, 0)[:0:0], y0[:cap(y0)]...)[:rows]
					spmvRef(want, x, ptr, idx, c.deq, alpha, beta)
					mag := append([]float32(nil), absOf(y0)...)
					spmvRef(mag, absOf(x), ptr, idx, c.abs, float32(math.Abs(float64(alpha))), float32(math.Abs(float64(beta))))
					for _, lo := range []int{0, rows / 3} {
						got := append([]float32(nil), y0[:cap(y0)]...)[:rows]
						QSpMVRows(ShortRows(ptr), got[lo:], x, ptr[lo:], idx, &c.v, c.ch, alpha, beta)
						copy(got[:lo], want[:lo])
						if err := qClose(got, want, mag, maxRow); err != nil {
							t.Fatalf("structure %d, %s, alpha %v beta %v, rows from %d: %v", si, spelling, alpha, beta, lo, err)
						}
					}
				}
				// The transpose: scatter.
				xs := frand[float32](rng, rows, 0, false)
				want := append([]float32(nil), x[:cap(x)]...)[:cols]
				scatterAddRef(want, xs, ptr, idx, c.deq, 0.75)
				mag := absOf(x[:cap(x)])[:cols]
				scatterAddRef(mag, absOf(xs), ptr, idx, c.abs, 0.75)
				got := append([]float32(nil), x[:cap(x)]...)[:cols]
				QScatterAdd(got, xs, ptr, idx, &c.v, c.ch, 0.75)
				if err := qClose(got, want, mag, rows+1); err != nil {
					t.Fatalf("structure %d, %s, scatter: %v", si, spelling, err)
				}
			}
		}
	})
}

// TestQSpMM is TestQSpMV's deliberate twin for QSpMM, at several panel
// widths.
func TestQSpMM(t *testing.T) {
	forEachPath(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(9, 10))
		for si, ptr := range qStructures(rng) {
			rows := len(ptr) - 1
			cols := 1 + rng.IntN(200)
			idx, cols := qIdx(rng, ptr, cols)
			for sc, spelling := range qProductSchemes() {
				c := newQCase(t, rng, spelling, ptr, idx, cols)
				maxRow := maxRowOf(ptr)
				for wi, w := range []int{1, 3, 16, 19} {
					if testing.Short() && (wi+sc)%2 != 0 {
						continue // the race run: each scheme on two widths, in turn
					}
					ldx, ldy := w+rng.IntN(3), w+rng.IntN(3)
					x := frand[float32](rng, cols*ldx, 0, false)
					y0 := frand[float32](rng, rows*ldy, 0, false)
					want := append([]float32(nil), y0...)
					spmmRef(want, ldy, x, ldx, w, ptr, idx, c.deq, 2, 0.5)
					mag := absOf(y0)
					spmmRef(mag, ldy, absOf(x), ldx, w, ptr, idx, c.abs, 2, 0.5)
					got := append([]float32(nil), y0...)
					QSpMM(got, ldy, x, ldx, w, ptr, idx, &c.v, c.ch, 2, 0.5)
					if err := qClose(got, want, mag, maxRow); err != nil {
						t.Fatalf("structure %d, %s, w=%d: %v", si, spelling, w, err)
					}
					// The transpose: X is rows x w, Y cols x w.
					xt := frand[float32](rng, rows*ldx, 0, false)
					yt := frand[float32](rng, cols*ldy, 0, false)
					want = append([]float32(nil), yt...)
					spmmScatterRef(want, ldy, xt, ldx, w, ptr, idx, c.deq, 1.25)
					mag = absOf(yt)
					spmmScatterRef(mag, ldy, absOf(xt), ldx, w, ptr, idx, c.abs, 1.25)
					got = append([]float32(nil), yt...)
					QSpMMScatter(got, ldy, xt, ldx, w, ptr, idx, &c.v, c.ch, 1.25)
					if err := qClose(got, want, mag, rows+1); err != nil {
						t.Fatalf("structure %d, %s, w=%d, scatter: %v", si, spelling, w, err)
					}
				}
			}
		}
	})
}

func TestQCOOMul(t *testing.T) {
	forEachPath(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(11, 12))
		for _, nnz := range []int{0, 1, 7, 500, 2*qTile + 5} {
			rows, cols := 1+rng.IntN(50), 1+rng.IntN(50)
			coords := make([]uint64, 2*nnz)
			for e := range nnz {
				coords[2*e], coords[2*e+1] = uint64(rng.IntN(rows)), uint64(rng.IntN(cols))
			}
			sorted := append([]uint64(nil), coords...)
			sortPairs(sorted)
			for _, spelling := range qProductSchemes() {
				s := quant.MustParse(spelling)
				for ci, cs := range [][]uint64{coords, sorted} {
					vals := make([]float32, nnz)
					for i := range vals {
						vals[i] = float32(rng.NormFloat64())
					}
					var ch Channels
					var qch quant.Channels
					if a := s.Axis(); a >= 0 && nnz > 0 {
						ch, qch = PerValue(cs[a:], 2), quant.PerValue(cs[a:], 2)
					}
					v, _, err := quant.Quantize(s, []uint64{uint64(rows), uint64(cols)}, vals, qch)
					if err != nil {
						t.Fatal(err)
					}
					deq := make([]float32, nnz)
					v.Dequantize(deq, qch)
					for _, tr := range []bool{false, true} {
						oi, ii, r, cc := 0, 1, rows, cols
						if tr {
							oi, ii, r, cc = 1, 0, cols, rows
						}
						for _, k := range []int{1, 5} {
							runs := k == 1 && !tr && ci == 1
							x := frand[float32](rng, cc*k, 0, false)
							y0 := frand[float32](rng, r*k, 0, false)
							want := append([]float32(nil), y0...)
							mag := absOf(y0)
							ax := absOf(x)
							for e := range nnz {
								o, in := cs[2*e+oi], cs[2*e+ii]
								for j := range k {
									want[int(o)*k+j] += 0.5 * deq[e] * x[int(in)*k+j]
									mag[int(o)*k+j] += 0.5 * float32(math.Abs(float64(deq[e]))) * ax[int(in)*k+j]
								}
							}
							got := append([]float32(nil), y0...)
							lo := nnz / 3
							QCOOMul(runs, got, x, k, cs, 0, lo, &v, ch, oi, ii, 0.5)
							QCOOMul(runs, got, x, k, cs, lo, nnz, &v, ch, oi, ii, 0.5)
							if err := qClose(got, want, mag, nnz+1); err != nil {
								t.Fatalf("nnz %d, %s, transposed %v, k %d, runs %v: %v", nnz, spelling, tr, k, runs, err)
							}
						}
					}
				}
			}
		}
	})
}

// sortPairs sorts coordinate pairs row-major (insertion sort: small tests).
func sortPairs(c []uint64) {
	n := len(c) / 2
	for i := 1; i < n; i++ {
		for j := i; j > 0 && (c[2*j-2] > c[2*j] || c[2*j-2] == c[2*j] && c[2*j-1] > c[2*j+1]); j-- {
			c[2*j-2], c[2*j] = c[2*j], c[2*j-2]
			c[2*j-1], c[2*j+1] = c[2*j+1], c[2*j-1]
		}
	}
}

// qGatherOperands returns random y and out operands of r columns for a
// gather in mode over the nodes of ptr, whose rows are crd (of nrows
// rows), and what the reference takes for the mode: the node rows (ptr
// for GatherRows) and the strides.
func qGatherOperands(rng *rand.Rand, mode GatherMode, r, nrows int, crd, ptr []uint64) (y, out []float32, rows []uint64, sO, cO, sU int) {
	orows, yrows := nrows, nrows
	switch mode {
	case GatherPull:
		orows = 1
	case GatherScatter:
		yrows = 1
	case GatherRows:
		orows, yrows = len(ptr)-1, 1
	}
	y = frand[float32](rng, yrows*r, 0, false)
	out = frand[float32](rng, orows*r, 0, false)
	sO, cO, sU, rows = refGatherArgs(mode, r, crd, ptr)
	return y, out, rows, sO, cO, sU
}

func TestQHadamard(t *testing.T) {
	forEachPath(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(13, 14))
		for si, ptr := range qStructures(rng) {
			nc := len(ptr) - 1
			xrows := 1 + rng.IntN(60)
			idx, xrows := qIdx(rng, ptr, xrows)
			crd := make([]uint64, nc)
			nrows := 1 + rng.IntN(30)
			for i := range crd {
				crd[i] = uint64(rng.IntN(nrows))
			}
			maxRow := maxRowOf(ptr)
			for sc, spelling := range qProductSchemes() {
				c := newQCase(t, rng, spelling, ptr, idx, xrows)
				for ri, r := range []int{1, 5, 16, 21} {
					if testing.Short() && (ri+sc)%2 != 0 {
						continue // the race run: each scheme on two ranks, in turn
					}
					x := frand[float32](rng, xrows*r, 0, false)
					for _, mode := range []GatherMode{GatherPull, GatherScatter, GatherRows} {
						y, o0, cr, sO, cO, sU := qGatherOperands(rng, mode, r, nrows, crd, ptr)
						want := append([]float32(nil), o0...)
						gatherHadamardRef(want, y, cr, cr, ptr, c.deq, idx, x, r, sO, cO, sU)
						mag := absOf(o0)
						gatherHadamardRef(mag, absOf(y), cr, cr, ptr, c.abs, idx, absOf(x), r, sO, cO, sU)
						got := append([]float32(nil), o0...)
						QGatherHadamard(mode, got, y, crd, ptr, &c.v, c.ch, idx, x, r)
						if err := qClose(got, want, mag, nc*maxRow+1); err != nil {
							t.Fatalf("structure %d, %s, r=%d, gather mode %d: %v", si, spelling, r, mode, err)
						}
					}
					// Scatter: out rows by idx, y rows by crd.
					base := frand[float32](rng, r, 0, false)
					y := frand[float32](rng, nrows*r, 0, false)
					o0 := frand[float32](rng, xrows*r, 0, false)
					want := append([]float32(nil), o0...)
					scatterHadamardRef(want, base, y, crd, crd, ptr, c.deq, idx, r, 0)
					mag := absOf(o0)
					scatterHadamardRef(mag, absOf(base), absOf(y), crd, crd, ptr, c.abs, idx, r, 0)
					got := append([]float32(nil), o0...)
					QScatterHadamard(got, base, y, crd, ptr, &c.v, c.ch, idx, r)
					if err := qClose(got, want, mag, len(idx)+1); err != nil {
						t.Fatalf("structure %d, %s, r=%d, scatter: %v", si, spelling, r, err)
					}
				}
			}
		}
	})
}

// q2Case is a two-level structure: nodes over children (ptr, crd) over
// leaves (lptr, idx), with nodes and children that do not fit a tile.
func q2Levels(rng *rand.Rand) (ptr, crd, lptr []uint64) {
	nc := 1 + rng.IntN(40)
	ptr = []uint64{0}
	for c := range nc {
		k := rng.IntN(6)
		if c == nc/2 {
			k = 3 // a node with a child longer than two tiles
		}
		if c == nc/3 {
			k = 3000 // a node with more leaves than a tile holds, by its children
		}
		ptr = append(ptr, ptr[c]+uint64(k))
	}
	ne := int(ptr[nc])
	lptr = []uint64{0}
	for e := range ne {
		k := rng.IntN(12)
		if rng.IntN(6) == 0 {
			k = 0
		}
		if ptr[nc/3] <= uint64(e) && uint64(e) < ptr[nc/3+1] {
			k = 4 + rng.IntN(8)
		}
		if ptr[nc/2] <= uint64(e) && uint64(e) < ptr[nc/2+1] && e == int(ptr[nc/2]) {
			k = 2*qLeafBlock + 77
		}
		lptr = append(lptr, lptr[e]+uint64(k))
	}
	crd, _ = qIdx(rng, ptr, 25)
	return ptr, crd, lptr
}

func TestQHadamard2(t *testing.T) {
	forEachPath(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(15, 16))
		for trial := range 2 {
			ptr, crd, lptr := q2Levels(rng)
			nc, nl := len(ptr)-1, int(lptr[len(lptr)-1])
			nrows := 1 + rng.IntN(20)
			idx, xrows := qIdx(rng, lptr, 1+rng.IntN(40))
			zrows := int(Max(crd)) + 1
			ncrd := make([]uint64, nc)
			for c := range ncrd {
				ncrd[c] = uint64(rng.IntN(nrows))
			}
			for si, spelling := range qProductSchemes() {
				c := newQCase(t, rng, spelling, lptr, idx, xrows)
				for ri, r := range []int{1, 4, 17} {
					if testing.Short() && ((ri+si+trial)%3 != 0 || trial != si%2) {
						continue // under -short each scheme on one trial and rank, in turn
					}
					if testing.Short() && raceEnabled && si%2 != 0 {
						continue // and under -race every other scheme
					}
					x := frand[float32](rng, xrows*r, 0, false)
					z := frand[float32](rng, zrows*r, 0, false)
					for _, mode := range []GatherMode{GatherPull, GatherScatter, GatherRows} {
						y, o0, nr, sO, cO, sU := qGatherOperands(rng, mode, r, nrows, ncrd, ptr)
						want := append([]float32(nil), o0...)
						gatherHadamard2Ref(want, y, nr, nr, ptr, crd, z, lptr, c.deq, idx, x, r, sO, cO, sU, 0)
						mag := absOf(o0)
						gatherHadamard2Ref(mag, absOf(y), nr, nr, ptr, crd, absOf(z), lptr, c.abs, idx, absOf(x), r, sO, cO, sU, 0)
						got := append([]float32(nil), o0...)
						QGatherHadamard2(mode, got, y, ncrd, ptr, crd, z, lptr, &c.v, c.ch, idx, x, r)
						if err := qClose(got, want, mag, nl+1); err != nil {
							t.Fatalf("trial %d, %s, r=%d, gather2 mode %d: %v", trial, spelling, r, mode, err)
						}
					}
					for _, mode := range []PushMode{PushLeaves, PushChildren} {
						above := frand[float32](rng, r, 0, false)
						y := frand[float32](rng, nrows*r, 0, false)
						frows, orows := zrows, xrows
						if mode == PushChildren {
							frows, orows = xrows, zrows
						}
						f := frand[float32](rng, frows*r, 0, false)
						o0 := frand[float32](rng, orows*r, 0, false)
						want := append([]float32(nil), o0...)
						pushHadamard2Ref(want, above, y, ncrd, ptr, crd, lptr, c.deq, idx, f, r, int(mode), 0)
						mag := absOf(o0)
						pushHadamard2Ref(mag, absOf(above), absOf(y), ncrd, ptr, crd, lptr, c.abs, idx, absOf(f), r, int(mode), 0)
						got := append([]float32(nil), o0...)
						QPushHadamard2(mode, got, above, y, ncrd, ptr, crd, lptr, &c.v, c.ch, idx, f, r)
						if err := qClose(got, want, mag, nl+1); err != nil {
							t.Fatalf("trial %d, %s, r=%d, push2 mode %d: %v", trial, spelling, r, mode, err)
						}
					}
				}
			}
		}
	})
}

func TestQPanics(t *testing.T) {
	v := quant.Values{Scheme: quant.MustParse("int8:tensor"), N: 3, Codes: []byte{1, 2, 3}, Scale: []float32{1}}
	ptr, idx := []uint64{0, 2, 3}, []uint64{0, 1, 0}
	x, y := make([]float32, 2), make([]float32, 2)
	mustPanicQ(t, "len(ptr)", func() { QSpMV(y[:1], x, ptr, idx, &v, Channels{}, 1, 0) })
	mustPanicQ(t, "len(idx)", func() { QSpMV(y, x, ptr, idx[:2], &v, Channels{}, 1, 0) })
	mustPanicQ(t, "ptr past values", func() { QSpMV(y, x, []uint64{0, 2, 4}, idx, &v, Channels{}, 1, 0) })
	mustPanicQ(t, "scatter len(ptr)", func() { QScatterAdd(y, x[:1], ptr, idx, &v, Channels{}, 1) })
	short := v
	short.Codes = short.Codes[:2]
	mustPanicQ(t, "short codes", func() { QSpMV(y, x, ptr, idx, &short, Channels{}, 1, 0) })
	cv := v
	cv.Scheme = quant.MustParse("int8:channel:axis=0")
	cv.Scale = []float32{1, 1}
	mustPanicQ(t, "no channels", func() { QSpMV(y, x, ptr, idx, &cv, Channels{}, 1, 0) })
	mustPanicQ(t, "coo coords", func() { QCOOMul(false, y, x, 1, idx, 0, 3, &v, Channels{}, 0, 1, 1) })
	mustPanicQ(t, "spmm panel", func() { QSpMM(y, 1, x, 1, 2, ptr, idx, &v, Channels{}, 1, 0) })
}
