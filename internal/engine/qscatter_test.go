package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hurray-format/hurray-go/quant"
)

// The fused scatter products give the same bits as their float32 kernel
// on the same path run on the dequantized values; these tests check that
// on every path, ref included, for every scheme and channel layout.

// forEachPathRef is forEachPath with ref as well.
func forEachPathRef(t *testing.T, fn func(t *testing.T)) {
	t.Helper()
	t.Run("path=ref", func(t *testing.T) {
		defer Use("")
		if err := Use("ref"); err != nil {
			t.Fatal(err)
		}
		fn(t)
	})
	forEachPath(t, fn)
}

// qsBits reports the first element of got (capacity included) whose
// bits differ from want's.
func qsBits(got, want []float32) error {
	got, want = got[:cap(got)], want[:cap(want)]
	for i := range got {
		if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
			return fmt.Errorf("[%d] = %v (%#x), want %v (%#x)", i, got[i], math.Float32bits(got[i]), want[i], math.Float32bits(want[i]))
		}
	}
	return nil
}

// qsLayout is a channel layout of a compressed structure's values: the
// quant channels, the engine's, and the channel count.
type qsLayout struct {
	name string
	qch  quant.Channels
	ch   Channels
	n    int
}

// qsLayouts returns the channel layouts a scheme takes on ptr and idx:
// none for a scheme without channels; for a channel scheme, channels by
// row (per run: qRow), by index (qCol), and by row from an array of its
// own (per value: qValue).
func qsLayouts(s quant.Scheme, ptr, idx []uint64, cols int) []qsLayout {
	if s.Granularity() != quant.PerChannel {
		return []qsLayout{{name: "none", n: 1}}
	}
	rows := len(ptr) - 1
	rowOf := make([]uint64, len(idx))
	for i := range rows {
		for k := ptr[i]; k < ptr[i+1]; k++ {
			rowOf[k] = uint64(i)
		}
	}
	return []qsLayout{
		{"rows", quant.PerRun(ptr, nil), PerRun(ptr, nil), max(rows, 1)},
		{"indices", quant.PerValue(idx, 1), PerValue(idx, 1), max(cols, 1)},
		{"values", quant.PerValue(rowOf, 1), PerValue(rowOf, 1), max(rows, 1)},
	}
}

// qsStructures are the row structures of the scatter tests: every row
// length 0..40 (every tail of every kernel), many short rows, rows longer
// than a tile.
func qsStructures(rng *rand.Rand) [][]uint64 {
	every := make([]uint64, 42)
	for i := 1; i < len(every); i++ {
		every[i] = every[i-1] + uint64(i-1)
	}
	return append([][]uint64{every}, qStructures(rng)...)
}

// qsValues returns random values of scheme s on n stored values (every
// code, extreme scales) and their dequantized values.
func qsValues(rng *rand.Rand, s quant.Scheme, n int, l qsLayout) (quant.Values, []float32) {
	v := randQValues(rng, s, n, l.n)
	deq := make([]float32, n)
	v.Dequantize(deq, l.qch)
	return v, deq
}

// qsCase is one compressed operand of the scatter tests.
type qsCase struct {
	name     string // the structure, scheme and layout
	ptr, idx []uint64
	rows     int
	cols     int
	l        qsLayout
	v        quant.Values
	deq      []float32
}

// forEachQsCase runs fn on every structure, scheme of schemes and channel
// layout, with random values of the scheme.
func forEachQsCase(seed uint64, maxCols int, schemes []string, fn func(c *qsCase)) {
	rng := rand.New(rand.NewPCG(39, seed))
	for si, ptr := range qsStructures(rng) {
		idx, cols := qIdx(rng, ptr, 1+rng.IntN(maxCols))
		for _, spelling := range schemes {
			s := quant.MustParse(spelling)
			for _, l := range qsLayouts(s, ptr, idx, cols) {
				c := &qsCase{name: fmt.Sprintf("structure %d, %s, channels by %s", si, spelling, l.name),
					ptr: ptr, idx: idx, rows: len(ptr) - 1, cols: cols, l: l}
				c.v, c.deq = qsValues(rng, s, len(idx), l)
				fn(c)
			}
		}
	}
}

func TestQScatterBits(t *testing.T) {
	forEachPathRef(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(39, 1))
		forEachQsCase(1, 300, qSchemes, func(c *qsCase) {
			x := frand[float32](rng, c.rows, 0, false)
			y0 := frand[float32](rng, c.cols, 0, false)
			for _, alpha := range []float32{1, -0.75} {
				// All rows, then a part of them, as a product split into parts runs.
				for _, lo := range []int{0, c.rows / 3} {
					want := append([]float32(nil), y0[:cap(y0)]...)[:c.cols]
					ScatterAdd(want, x[lo:], c.ptr[lo:], c.idx, c.deq, alpha)
					got := append([]float32(nil), y0[:cap(y0)]...)[:c.cols]
					QScatterAdd(got, x[lo:], c.ptr[lo:], c.idx, &c.v, c.l.ch, alpha)
					if err := qsBits(got, want); err != nil {
						t.Fatalf("%s, alpha %v, rows from %d: %v", c.name, alpha, lo, err)
					}
				}
			}
		})
	})
}

func TestQSpMMScatterBits(t *testing.T) {
	forEachPathRef(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(39, 2))
		forEachQsCase(2, 200, qProductSchemes(), func(c *qsCase) {
			for _, w := range []int{1, 3, 8, 16, 19, 33} {
				ldx, ldy := w+rng.IntN(3), w+rng.IntN(3)
				x := frand[float32](rng, c.rows*ldx, 0, false)
				y0 := frand[float32](rng, c.cols*ldy, 0, false)
				for _, alpha := range []float32{1, 1.25} {
					want := append([]float32(nil), y0[:cap(y0)]...)[:len(y0)]
					SpMMScatter(want, ldy, x, ldx, w, c.ptr, c.idx, c.deq, alpha)
					got := append([]float32(nil), y0[:cap(y0)]...)[:len(y0)]
					QSpMMScatter(got, ldy, x, ldx, w, c.ptr, c.idx, &c.v, c.l.ch, alpha)
					if err := qsBits(got, want); err != nil {
						t.Fatalf("%s, w=%d, alpha %v: %v", c.name, w, alpha, err)
					}
				}
			}
		})
	})
}

// TestQCOOMulBits runs QCOOMul on unsorted and row-major sorted entries,
// plain and transposed, k = 1 (with runs when sorted and not transposed)
// and k = 5, from the first entry and from a third of them.
func TestQCOOMulBits(t *testing.T) {
	forEachPathRef(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(39, 3))
		for _, nnz := range []int{0, 1, 2, 3, 7, 64, 65, 500, 2*qTile + 5} {
			shape := [2]int{1 + rng.IntN(50), 1 + rng.IntN(50)}
			coords := make([]uint64, 2*nnz)
			for e := range coords {
				coords[e] = uint64(rng.IntN(shape[e%2]))
			}
			sorted := append([]uint64(nil), coords...)
			sortPairs(sorted)
			for _, spelling := range qSchemes {
				s := quant.MustParse(spelling)
				for ci, cs := range [][]uint64{coords, sorted} {
					var ch Channels
					var qch quant.Channels
					chn := 1
					if a := s.Axis(); a >= 0 && nnz > 0 {
						ch, qch, chn = PerValue(cs[a:], 2), quant.PerValue(cs[a:], 2), shape[a]
					}
					v := randQValues(rng, s, nnz, chn)
					deq := make([]float32, nnz)
					v.Dequantize(deq, qch)
					for oi := range 2 {
						for _, k := range []int{1, 5} {
							runs := k == 1 && oi == 0 && ci == 1
							x := frand[float32](rng, shape[1-oi]*k, 0, false)
							y0 := frand[float32](rng, shape[oi]*k, 0, false)
							for _, lo := range []int{0, nnz / 3} {
								want := append([]float32(nil), y0[:cap(y0)]...)[:len(y0)]
								COOScatter(runs, want, x, k, cs[2*lo:], deq[lo:], oi, 1-oi, 0.5)
								got := append([]float32(nil), y0[:cap(y0)]...)[:len(y0)]
								QCOOMul(runs, got, x, k, cs, lo, nnz, &v, ch, oi, 1-oi, 0.5)
								if err := qsBits(got, want); err != nil {
									t.Fatalf("nnz %d, %s, output axis %d, k %d, runs %v, from %d: %v", nnz, spelling, oi, k, runs, lo, err)
								}
							}
						}
					}
				}
			}
		}
	})
}

// qsExtremes runs fn on the int8 and uint8 operands the fused scatter
// kernels take by row and by index, and on uint8 by block (blocks of 16,
// 32, 64 and 7 values, running across the rows), on cols indices, with
// the extreme codes (0 and 255 and their neighbours) and zero points (0
// and 255), on rows of every length 0..40 and fifty one-entry rows, the
// indices spanning all cols (by index a scale and zero point for each):
// fn gets the operand, its channels and its dequantized values.
func qsExtremes(rng *rand.Rand, cols int, fn func(name string, ptr, idx []uint64, v *quant.Values, ch Channels, deq []float32)) {
	ptr := qsStructures(rng)[0] // rows of every length 0..40
	for range 50 {
		ptr = append(ptr, ptr[len(ptr)-1]+1)
	}
	n := int(ptr[len(ptr)-1])
	idx := make([]uint64, n)
	for k := range idx {
		idx[k] = uint64(rng.IntN(cols))
	}
	idx[0], idx[n-1] = uint64(cols-1), 0 // the first and the last index
	extremes := []byte{0, 255, 1, 254, 127, 128, 0, 0, 255, 255}
	for _, spelling := range []string{"uint8:tensor", "uint8:channel:axis=1", "int8:channel:axis=1", "int8:tensor",
		"uint8:block=16", "uint8:block=32", "uint8:block=64", "uint8:block=7"} {
		s := quant.MustParse(spelling)
		groups, ch, qch := 1, Channels{}, quant.Channels{}
		switch s.Granularity() {
		case quant.PerChannel:
			groups, ch, qch = cols, PerValue(idx, 1), quant.PerValue(idx, 1)
		case quant.PerBlock:
			groups = (n + s.BlockSize() - 1) / s.BlockSize()
		}
		for _, z := range []uint8{0, 255} {
			v := quant.Values{Scheme: s, N: n, Codes: make([]byte, n), Scale: make([]float32, groups)}
			for k := range v.Codes {
				v.Codes[k] = extremes[(k+int(z))%len(extremes)]
			}
			for g := range v.Scale {
				v.Scale[g] = float32(math.Ldexp(0.5+rng.Float64(), -rng.IntN(20)))
			}
			if s.Kind() == quant.Uint8 {
				v.Zero = make([]uint8, groups)
				for g := range v.Zero {
					v.Zero[g] = z
					if g%3 == 1 {
						v.Zero[g] = 255 - z
					}
				}
			}
			deq := make([]float32, n)
			v.Dequantize(deq, qch)
			fn(fmt.Sprintf("%s, zero point %d", spelling, z), ptr, idx, &v, ch, deq)
		}
	}
}

// TestQScatterCodeExtremes runs QScatterAdd on every path on qsExtremes'
// operands on 1<<17+3 indices, against ScatterAdd on the dequantized
// values.
func TestQScatterCodeExtremes(t *testing.T) {
	forEachPathRef(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(39, 5))
		const cols = 1<<17 + 3
		y0 := frand[float32](rng, cols, 0, false)
		qsExtremes(rng, cols, func(name string, ptr, idx []uint64, v *quant.Values, ch Channels, deq []float32) {
			x := frand[float32](rng, len(ptr)-1, 0, false)
			want := append([]float32(nil), y0[:cap(y0)]...)[:cols]
			ScatterAdd(want, x, ptr, idx, deq, -0.75)
			got := append([]float32(nil), y0[:cap(y0)]...)[:cols]
			QScatterAdd(got, x, ptr, idx, v, ch, -0.75)
			if err := qsBits(got, want); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		})
	})
}

// TestQSpMMScatterCodeExtremes runs QSpMMScatter on every path on
// qsExtremes' operands on 4099 indices, at widths 1..67 (every pass of
// the kernels and every tail; a sample of them with -short), against
// SpMMScatter on the dequantized values.
func TestQSpMMScatterCodeExtremes(t *testing.T) {
	widths := make([]int, 0, 67)
	for w := 1; w <= 67; w++ {
		if !testing.Short() || w%8 == 0 || w%8 == 7 || w < 9 || w == 67 {
			widths = append(widths, w)
		}
	}
	forEachPathRef(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(39, 6))
		const cols = 1<<12 + 3
		qsExtremes(rng, cols, func(name string, ptr, idx []uint64, v *quant.Values, ch Channels, deq []float32) {
			for _, w := range widths {
				ldx, ldy := w+rng.IntN(2), w+rng.IntN(2)
				x := frand[float32](rng, (len(ptr)-1)*ldx, 0, false)
				y0 := frand[float32](rng, cols*ldy, 0, false)
				want := append([]float32(nil), y0[:cap(y0)]...)[:len(y0)]
				SpMMScatter(want, ldy, x, ldx, w, ptr, idx, deq, -0.75)
				got := append([]float32(nil), y0[:cap(y0)]...)[:len(y0)]
				QSpMMScatter(got, ldy, x, ldx, w, ptr, idx, v, ch, -0.75)
				if err := qsBits(got, want); err != nil {
					t.Fatalf("%s, w=%d: %v", name, w, err)
				}
			}
		})
	})
}
