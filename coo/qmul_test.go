package coo

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/internal/parallel"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// The products of a quantized tensor are checked against Dequantize
// followed by the float32 product with the same split: they add the same
// terms in the same order, so they agree bit for bit, except MulVec and
// MulVecTo of a sorted tensor, which sum each row's run in two partial sums
// and whose runs the quantized kernel splits at its tiles too. There both
// are float32 sums of at most n terms (n the longest row, plus alpha's
// product and beta's term), each within n·2^-24 of the exact sum of their
// magnitudes, so they differ by at most 2(n+3)·2^-24 times that sum.

// qProduct runs a product through the public methods (sp nil) or through
// mulMat split as sp says, on a Tensor[float32] or a Quantized.
func qProduct(a interface {
	MulVecTo(y []float32, alpha float32, x []float32, beta float32)
	MulVecTransTo(y []float32, alpha float32, x []float32, beta float32)
	MulMatTo(y []float32, alpha float32, x []float32, k int, beta float32)
	MulMatTransTo(y []float32, alpha float32, x []float32, k int, beta float32)
}, sp *split, trans bool, y []float32, alpha float32, x []float32, k int, beta float32) {
	if sp != nil {
		name := map[bool]string{false: "MulMatTo", true: "MulMatTransTo"}[trans]
		if k == 1 {
			name = map[bool]string{false: "MulVecTo", true: "MulVecTransTo"}[trans]
		}
		switch a := a.(type) {
		case *Quantized:
			a.mulMat(*sp, name, trans, y, alpha, x, k, beta, k == 1)
		case *Tensor[float32]:
			a.mulMat(*sp, name, trans, y, alpha, x, k, beta, k == 1)
		}
		return
	}
	switch {
	case k == 1 && !trans:
		a.MulVecTo(y, alpha, x, beta)
	case k == 1:
		a.MulVecTransTo(y, alpha, x, beta)
	case !trans:
		a.MulMatTo(y, alpha, x, k, beta)
	default:
		a.MulMatTransTo(y, alpha, x, k, beta)
	}
}

// qRandom returns a rows x cols tensor of about n entries (some repeated,
// some zeros), unsorted.
func qRandom(t *testing.T, rng *rand.Rand, rows, cols, n int) *Tensor[float32] {
	t.Helper()
	var coords []uint64
	var vals []float32
	for i := range n {
		if rows == 0 || cols == 0 {
			break
		}
		if i > 0 && rng.IntN(8) == 0 {
			coords = append(coords, coords[len(coords)-2:]...)
		} else {
			coords = append(coords, rng.Uint64N(uint64(rows)), rng.Uint64N(uint64(cols)))
		}
		v := float32(0)
		if rng.IntN(10) > 0 {
			v = float32(6*rng.Float64() - 3)
		}
		vals = append(vals, v)
	}
	a, err := New([]uint64{uint64(rows), uint64(cols)}, coords, vals)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func testQuantizedProducts(t *testing.T, sp *split) {
	rng := rand.New(rand.NewPCG(81, 82))
	for _, sh := range [][3]int{{0, 0, 0}, {0, 3, 0}, {4, 0, 0}, {1, 1, 1}, {3, 7, 9}, {17, 5, 31}, {40, 33, 301}, {2, 3000, 5001}} {
		rows, cols := sh[0], sh[1]
		a := qRandom(t, rng, rows, cols, sh[2])
		for _, sorted := range []bool{false, true} {
			if sorted {
				if err := a.Sort(nil); err != nil {
					t.Fatal(err)
				}
			}
			rowN := make([]int, rows)
			for c := range a.All() {
				rowN[c[0]]++
			}
			n := 0
			for _, m := range rowN {
				n = max(n, m)
			}
			for _, s := range testutil.Schemes(2) {
				q, _, err := Quantize(a, s)
				if err != nil {
					t.Fatal(err)
				}
				f := Dequantize[float32](q)
				abs := Dequantize[float32](q)
				for i, v := range abs.values {
					abs.values[i] = float32(math.Abs(float64(v)))
				}
				for _, trans := range []bool{false, true} {
					r, c := rows, cols
					if trans {
						r, c = cols, rows
					}
					for _, k := range []int{1, 2, 17} {
						for _, ab := range [][2]float32{{1, 0}, {0.5, -2}} {
							name := fmt.Sprintf("%v trans=%v k=%d alpha,beta=%v", q, trans, k, ab)
							x, y0 := make([]float32, c*k), make([]float32, r*k)
							for i := range x {
								x[i] = float32(2*rng.Float64() - 1)
							}
							for i := range y0 {
								y0[i] = float32(2*rng.Float64() - 1)
							}
							got, want := slices.Clone(y0), slices.Clone(y0)
							qProduct(q, sp, trans, got, ab[0], x, k, ab[1])
							qProduct(f, sp, trans, want, ab[0], x, k, ab[1])
							if !(sorted && k == 1 && !trans) {
								for i := range got {
									if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
										t.Fatalf("%s: y[%d] = %v, dequantized then float32 %v (want the same bits)", name, i, got[i], want[i])
									}
								}
								continue
							}
							ax, ay := make([]float32, len(x)), make([]float32, len(y0))
							for i, v := range x {
								ax[i] = float32(math.Abs(float64(v)))
							}
							for i, v := range y0 {
								ay[i] = float32(math.Abs(float64(v)))
							}
							abs.MulVecTo(ay, float32(math.Abs(float64(ab[0]))), ax, float32(math.Abs(float64(ab[1]))))
							bound := 2 * float64(n+3) * 0x1p-24
							for i := range got {
								if d := math.Abs(float64(got[i]) - float64(want[i])); !(d <= bound*float64(ay[i])*(1+1e-6)) {
									t.Fatalf("%s: y[%d] = %v, dequantized then float32 %v: differ by %g, bound %g", name, i, got[i], want[i], d, bound*float64(ay[i]))
								}
							}
						}
					}
				}
			}
		}
	}
}

func TestQuantizedProducts(t *testing.T) {
	testutil.ForEachPath(t, func(t *testing.T) { testQuantizedProducts(t, nil) })
}

// TestQuantizedProductsParallel splits the products into 2, 3 and 5 parts.
func TestQuantizedProductsParallel(t *testing.T) {
	for _, w := range []int{2, 3, 5} {
		sp := split{opts: parallel.Options{Workers: w, MinWork: 2}, scratch: scatterScratch}
		t.Run(fmt.Sprint("workers=", w), func(t *testing.T) {
			testutil.ForEachPath(t, func(t *testing.T) { testQuantizedProducts(t, &sp) })
		})
	}
}

func TestQuantizedProductsPanics(t *testing.T) {
	a, err := New([]uint64{2, 3}, []uint64{0, 0, 1, 2}, []float32{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	q, _, err := Quantize(a, quant.MustParse("int8:channel:axis=1"))
	if err != nil {
		t.Fatal(err)
	}
	want := func(msg string, f func()) {
		t.Helper()
		defer func() {
			t.Helper()
			if r := recover(); fmt.Sprint(r) != msg {
				t.Fatalf("panic %v, want %q", r, msg)
			}
		}()
		f()
	}
	want("coo: dimension mismatch: MulVecTo: len(y)=3, len(x)=3 for op(A) 2x3", func() { q.MulVec(make([]float32, 3), make([]float32, 3)) })
	want("coo: dimension mismatch: MulMatTransTo: len(y)=4, len(x)=5, k=2 for op(A) 3x2", func() { q.MulMatTrans(make([]float32, 4), make([]float32, 5), 2) })
	x := make([]float32, 5)
	want("coo: MulVecTo: y overlaps x or the tensor's codes, parameters or coordinates", func() { q.MulVec(x[2:4], x[:3]) })
	want("coo: MulVecTransTo: y overlaps x or the tensor's codes, parameters or coordinates", func() { q.MulVecTrans(q.v.Scale, make([]float32, 2)) })
	r3, err := New([]uint64{2, 2, 2}, []uint64{0, 1, 1}, []float32{1})
	if err != nil {
		t.Fatal(err)
	}
	q3, _, err := Quantize(r3, quant.MustParse("int8:tensor"))
	if err != nil {
		t.Fatal(err)
	}
	want("coo: products need rank 2, tensor has rank 3", func() { q3.MulVec(make([]float32, 2), make([]float32, 2)) })

	b, err := FromBuffersQuantized([]uint64{2, 3}, q.Scheme(), q.Buffers(), layout.Permissive)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		r := recover()
		if e, ok := r.(error); !ok || !errors.Is(e, layout.ErrUnvalidated) {
			t.Fatalf("unvalidated: panic %v, want layout.ErrUnvalidated", r)
		}
	}()
	b.MulVec(make([]float32, 2), make([]float32, 3))
}

// TestQuantizedProductsNoAllocs: the products allocate nothing per call,
// on one goroutine and split into three parts.
func TestQuantizedProductsNoAllocs(t *testing.T) {
	if testutil.RaceEnabled {
		t.Skip("the race detector makes sync.Pool drop objects at random")
	}
	rng := rand.New(rand.NewPCG(83, 84))
	a := qRandom(t, rng, 300, 200, 3000)
	const k = 4
	for _, sorted := range []bool{false, true} {
		if sorted {
			if err := a.Sort(nil); err != nil {
				t.Fatal(err)
			}
		}
		for _, s := range []string{"int8:channel:axis=0", "uint8:channel:axis=1", "nf4:block=64", "mxfp8"} {
			q, _, err := Quantize(a, quant.MustParse(s))
			if err != nil {
				t.Fatal(err)
			}
			x, y := make([]float32, 300*k), make([]float32, 300*k)
			for _, w := range []int{1, 3} {
				sp := split{opts: parallel.Options{Workers: w, MinWork: 2}, scratch: scatterScratch}
				for _, c := range []struct {
					name string
					f    func()
				}{
					{"MulVecTo", func() { q.mulMat(sp, "MulVecTo", false, y[:300], 1, x[:200], 1, 0.5, true) }},
					{"MulVecTransTo", func() { q.mulMat(sp, "MulVecTransTo", true, y[:200], 1, x[:300], 1, 0.5, true) }},
					{"MulMatTo", func() { q.mulMat(sp, "MulMatTo", false, y[:300*k], 1, x[:200*k], k, 0.5, false) }},
					{"MulMatTransTo", func() { q.mulMat(sp, "MulMatTransTo", true, y[:200*k], 1, x[:300*k], k, 0.5, false) }},
				} {
					c.f()
					if n := testutil.AllocsPerCall(20, c.f); n > 0 {
						t.Errorf("%v, %d workers: %s: %v allocations per call", q, w, c.name, n)
					}
				}
			}
		}
	}
}
