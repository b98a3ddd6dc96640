package csr_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// The products of a quantized matrix are checked against Dequantize followed
// by the float32 product of the same path and worker count. The bound: both
// are float32 sums of the same n terms (n the longest row of op(A), plus
// alpha's product and beta's term), each within n·2^-24 of the exact sum of
// their magnitudes (FMA or not, in any order), so they differ by at most
// qBound = 2(n+3)·2^-24 times the sum of the magnitudes, computed in
// float64. Scatters (A x of CSC, Aᵀ x of CSR) add the same terms in the
// same order as the float32 scatter: they must agree bit for bit.

// qShape is a test matrix: its shape and density.
type qShape struct {
	rows, cols int
	density    float64
}

var qShapes = []qShape{
	{0, 0, 0}, {0, 3, 0}, {4, 0, 0}, {1, 1, 1}, {3, 7, 0.5}, {17, 5, 0.3},
	{40, 33, 0.2}, {64, 130, 0.1}, {9, 7, 0}, // no entries at all
	{3, 2500, 0.9}, // rows longer than a tile, split into pieces
}

// qForm is one product: a method, whether it transposes, its k (0: the
// vector form) and alpha, beta (the plain forms take 1, 0).
type qForm struct {
	name        string
	trans       bool
	k           int
	alpha, beta float32
}

func qForms(k int) []qForm {
	var out []qForm
	for _, trans := range []bool{false, true} {
		t := ""
		if trans {
			t = "Trans"
		}
		if k == 1 {
			out = append(out, qForm{"MulVec" + t, trans, 0, 1, 0}, qForm{"MulVec" + t + "To", trans, 0, -1.5, 0.25})
		}
		out = append(out, qForm{"MulMat" + t, trans, k, 1, 0}, qForm{"MulMat" + t + "To", trans, k, 0.5, -2})
	}
	return out
}

// product is the float-or-quantized product API of package csr.
type product interface {
	MulVec(y, x []float32)
	MulVecTrans(y, x []float32)
	MulVecTo(y []float32, alpha float32, x []float32, beta float32)
	MulVecTransTo(y []float32, alpha float32, x []float32, beta float32)
	MulMat(y, x []float32, k int)
	MulMatTrans(y, x []float32, k int)
	MulMatTo(y []float32, alpha float32, x []float32, k int, beta float32)
	MulMatTransTo(y []float32, alpha float32, x []float32, k int, beta float32)
}

var (
	_ product = (*csr.Quantized)(nil)
	_ product = (*csr.Matrix[float32])(nil)
)

func (f qForm) run(a product, y, x []float32) {
	switch f.name {
	case "MulVec":
		a.MulVec(y, x)
	case "MulVecTrans":
		a.MulVecTrans(y, x)
	case "MulVecTo":
		a.MulVecTo(y, f.alpha, x, f.beta)
	case "MulVecTransTo":
		a.MulVecTransTo(y, f.alpha, x, f.beta)
	case "MulMat":
		a.MulMat(y, x, f.k)
	case "MulMatTrans":
		a.MulMatTrans(y, x, f.k)
	case "MulMatTo":
		a.MulMatTo(y, f.alpha, x, f.k, f.beta)
	case "MulMatTransTo":
		a.MulMatTransTo(y, f.alpha, x, f.k, f.beta)
	default:
		panic(f.name)
	}
}

// qCase is a quantized matrix with its float twin (Dequantize), the
// magnitudes of the twin's values (for the bound) and the longest row of
// each direction.
type qCase struct {
	q          *csr.Quantized
	f, abs     *csr.Matrix[float32]
	rowN, colN int // the most entries in a row, in a column
}

func newQCase(t *testing.T, a *csr.Matrix[float32], s quant.Scheme) qCase {
	t.Helper()
	q, _, err := csr.Quantize(a, s)
	if err != nil {
		t.Fatal(err)
	}
	return qCaseOf(q)
}

// qCaseOf returns the case of a valid quantized matrix.
func qCaseOf(q *csr.Quantized) qCase {
	f := csr.Dequantize[float32](q)
	abs := csr.Dequantize[float32](q)
	for i, v := range abs.Values() {
		abs.Values()[i] = float32(math.Abs(float64(v)))
	}
	c := qCase{q: q, f: f, abs: abs}
	rows, cols := q.Dims()
	rc, cc := make([]int, rows), make([]int, cols)
	for e := range q.All() {
		rc[e[0]]++
		cc[e[1]]++
	}
	for _, n := range rc {
		c.rowN = max(c.rowN, n)
	}
	for _, n := range cc {
		c.colN = max(c.colN, n)
	}
	return c
}

// check runs form f on the quantized matrix and its float twin and compares
// the two.
func (c qCase) check(t *testing.T, rng *rand.Rand, f qForm, name string) {
	t.Helper()
	rows, cols := c.q.Dims()
	r, cl, n := rows, cols, c.rowN
	if f.trans {
		r, cl, n = cols, rows, c.colN
	}
	k := max(f.k, 1)
	x := make([]float32, cl*k)
	y0 := make([]float32, r*k)
	for i := range x {
		x[i] = float32(2*rng.Float64() - 1)
	}
	for i := range y0 {
		y0[i] = float32(2*rng.Float64() - 1)
	}
	got, want := slices.Clone(y0), slices.Clone(y0)
	f.run(c.q, got, x)
	f.run(c.f, want, x)
	if f.trans != c.q.IsCSC() { // a scatter: the float32 scatter's bits
		for i := range got {
			if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
				t.Fatalf("%s: y[%d] = %v, dequantized then float32 %v (a scatter: want the same bits)", name, i, got[i], want[i])
			}
		}
		return
	}
	// The sum of magnitudes: |A| |x| |alpha| + |beta| |y0|.
	ax, ay := make([]float32, len(x)), make([]float32, len(y0))
	for i, v := range x {
		ax[i] = float32(math.Abs(float64(v)))
	}
	for i, v := range y0 {
		ay[i] = float32(math.Abs(float64(v)))
	}
	abs := f
	abs.alpha, abs.beta = float32(math.Abs(float64(f.alpha))), float32(math.Abs(float64(f.beta)))
	if abs.name == "MulVec" || abs.name == "MulVecTrans" || abs.name == "MulMat" || abs.name == "MulMatTrans" {
		abs.name += "To"
	}
	abs.run(c.abs, ay, ax)
	bound := 2 * float64(n+3) * 0x1p-24
	for i := range got {
		if d := math.Abs(float64(got[i]) - float64(want[i])); !(d <= bound*float64(ay[i])*(1+1e-6)) {
			t.Fatalf("%s: y[%d] = %v, dequantized then float32 %v: differ by %g, bound %g (n = %d, magnitudes %g)", name, i, got[i], want[i], d, bound*float64(ay[i]), n, ay[i])
		}
	}
}

// qProductSchemes are testutil's schemes and blocks of 8-bit codes the
// fused block kernels take: one vector (16), odd (17), a vector and a
// half (24), 32 and 64.
func qProductSchemes() []quant.Scheme {
	s := testutil.Schemes(2)
	for _, b := range []int{16, 17, 24, 32, 64} {
		s = append(s, quant.MustParse(fmt.Sprintf("int8:block=%d", b)))
	}
	return s
}

func testQuantizedProducts(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	for si, sh := range qShapes {
		d, keep := randomDense(sh.rows, sh.cols, sh.density, uint64(70+si))
		for _, csc := range []bool{false, true} {
			a := fromDense(t, d, keep, sh.rows, sh.cols, csc)
			for _, s := range qProductSchemes() {
				c := newQCase(t, a, s)
				ks := []int{1, 3, 16, 17}
				if sh.cols > 1000 {
					ks = []int{1, 5}
				}
				for _, k := range ks {
					for _, f := range qForms(k) {
						c.check(t, rng, f, fmt.Sprintf("%v k=%d %s alpha=%v beta=%v", c.q, k, f.name, f.alpha, f.beta))
					}
				}
				// The transpose view computes the same products.
				if sh.rows <= 64 {
					ct := qCaseOf(c.q.T())
					for _, f := range qForms(3) {
						ct.check(t, rng, f, fmt.Sprintf("T of %v %s", c.q, f.name))
					}
				}
			}
		}
	}
}

func TestQuantizedProducts(t *testing.T) {
	if testutil.RaceEnabled {
		// At the default threshold every product of qShapes (at most 6750
		// entries times k 5) runs on the caller: nothing for the detector.
		t.Skip("serial here; TestQuantizedProductsParallel runs the same products split")
	}
	testutil.ForEachPath(t, testQuantizedProducts)
}

// TestQuantizedProductsParallel runs the products split into 2, 3 and 5
// parts (each compared with the float32 product split alike).
func TestQuantizedProductsParallel(t *testing.T) {
	defer csr.SetParallelThreshold(csr.SetParallelThreshold(2))
	defer csr.SetWorkers(csr.SetWorkers(0))
	for _, w := range []int{2, 3, 5} {
		csr.SetWorkers(w)
		t.Run(fmt.Sprint("workers=", w), func(t *testing.T) {
			testutil.ForEachPath(t, testQuantizedProducts)
		})
	}
}

// TestQuantizedTransposeView: the T view of a quantized matrix (whose
// channel axis swaps) gives the products of the transpose: Tᵀ x = A x.
func TestQuantizedTransposeView(t *testing.T) {
	d, keep := randomDense(23, 31, 0.3, 5)
	for _, csc := range []bool{false, true} {
		a := fromDense(t, d, keep, 23, 31, csc)
		for _, s := range testutil.Schemes(2) {
			q, _, err := csr.Quantize(a, s)
			if err != nil {
				t.Fatal(err)
			}
			x := make([]float32, 31)
			for i := range x {
				x[i] = float32(i%7) - 3
			}
			y1, y2 := make([]float32, 23), make([]float32, 23)
			q.MulVec(y1, x)
			q.T().MulVecTrans(y2, x)
			if !slices.Equal(y1, y2) {
				t.Fatalf("%v: A x = %v, (Aᵀ)ᵀ x = %v", q, y1, y2)
			}
		}
	}
}

func TestQuantizedProductsPanics(t *testing.T) {
	a, err := csr.New[float32](2, 3, []uint64{0, 1, 2}, []uint64{0, 2}, []float32{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	q, _, err := csr.Quantize(a, quant.MustParse("int8:channel:axis=0"))
	if err != nil {
		t.Fatal(err)
	}
	testutil.WantPanic(t, "csr: dimension mismatch: MulVecTo: len(y)=3, len(x)=3 for op(A) 2x3", func() { q.MulVec(make([]float32, 3), make([]float32, 3)) })
	testutil.WantPanic(t, "csr: dimension mismatch: MulVecTransTo: len(y)=3, len(x)=3 for op(A) 3x2", func() { q.MulVecTrans(make([]float32, 3), make([]float32, 3)) })
	testutil.WantPanic(t, "csr: dimension mismatch: MulMatTo: len(y)=4, len(x)=5, k=2 for op(A) 2x3", func() { q.MulMat(make([]float32, 4), make([]float32, 5), 2) })
	testutil.WantPanic(t, "csr: dimension mismatch: MulMatTransTo: len(y)=4, len(x)=5, k=2 for op(A) 3x2", func() { q.MulMatTrans(make([]float32, 4), make([]float32, 5), 2) })
	x := make([]float32, 5)
	testutil.WantPanic(t, "csr: MulVecTo: y overlaps x or the matrix's codes, parameters or indices", func() { q.MulVec(x[1:3], x[:3]) })
	// y over the scales (one per row): the product would rescale as it goes.
	testutil.WantPanic(t, "csr: MulVecTo: y overlaps x or the matrix's codes, parameters or indices", func() { q.MulVec(q.Values().Scale, make([]float32, 3)) })

	b, err := csr.FromBuffersQuantized(2, 3, q.Scheme(), q.Buffers(), layout.Permissive)
	if err != nil {
		t.Fatal(err)
	}
	testutil.WantPanicIs(t, layout.ErrUnvalidated, func() { b.MulVec(make([]float32, 2), make([]float32, 3)) })
}

// TestQuantizedProductsNoAllocs: the products allocate nothing per call,
// on one goroutine and split into three parts.
func TestQuantizedProductsNoAllocs(t *testing.T) {
	if testutil.RaceEnabled {
		t.Skip("the race detector makes sync.Pool drop objects at random")
	}
	defer csr.SetParallelThreshold(csr.SetParallelThreshold(2))
	defer csr.SetWorkers(csr.SetWorkers(0))
	d, keep := randomDense(300, 200, 0.05, 9)
	const k = 4
	for _, csc := range []bool{false, true} {
		a := fromDense(t, d, keep, 300, 200, csc)
		for _, sp := range []string{"int8:channel:axis=0", "uint8:channel:axis=1", "nf4:block=64", "mxfp4"} {
			q, _, err := csr.Quantize(a, quant.MustParse(sp))
			if err != nil {
				t.Fatal(err)
			}
			x, y := make([]float32, 300*k), make([]float32, 300*k)
			for _, w := range []int{1, 3} {
				csr.SetWorkers(w)
				for _, c := range []struct {
					name string
					f    func()
				}{
					{"MulVec", func() { q.MulVecTo(y[:300], 1, x[:200], 0.5) }},
					{"MulVecTrans", func() { q.MulVecTransTo(y[:200], 1, x[:300], 0.5) }},
					{"MulMat", func() { q.MulMatTo(y[:300*k], 1, x[:200*k], k, 0.5) }},
					{"MulMatTrans", func() { q.MulMatTransTo(y[:200*k], 1, x[:300*k], k, 0.5) }},
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
