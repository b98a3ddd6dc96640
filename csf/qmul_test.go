package csf_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/quant"
)

// The products of a quantized tensor are checked against Dequantize
// followed by the float32 product on the same path. Both are float32 sums
// of the same terms, each within n·2^-24 of the exact sum of their
// magnitudes for n terms a sum (FMA or not, in any order), so they differ
// by at most 2(n+4)·2^-24 times that sum, n being the leaf count; the
// magnitudes come from the float64 product of the absolute values.

// qTensors are the test tensors: shape, entry count and whether every mode
// order is tried. The small blocks of testutil.Schemes straddle fibers and
// end short; odd counts leave a 4-bit padding nibble; the long fibers
// exceed the kernels' tile of 2048 leaves, a node alone or a fiber alone.
var qTensors = []struct {
	shape []uint64
	n     int
	all   bool
}{
	{[]uint64{3, 4, 5}, 29, true},
	{[]uint64{5, 6, 7}, 101, true},
	{[]uint64{2, 3, 2, 3}, 17, true},
	{[]uint64{3, 3, 3, 4, 2}, 131, false},
	{[]uint64{6, 1, 7}, 1, true},
	{[]uint64{2, 3, 3000}, 9001, false},
	{[]uint64{1, 2, 7000}, 9999, false},
}

// qCase builds the quantized tensors of one shape and mode order under
// every scheme and calls fn with each, its float32 twin (Dequantize) and
// the float64 tensor of its absolute values.
func qCase(t *testing.T, fn func(t *testing.T, q *csf.Quantized, f *csf.Tensor[float32], abs *csf.Tensor[float64])) {
	rng := rand.New(rand.NewPCG(39, 4))
	for _, c := range qTensors {
		mos := [][]uint32{nil}
		if c.all {
			mos = modeOrders(rng, len(c.shape))
		} else {
			mos[0] = make([]uint32, len(c.shape))
			for i := range mos[0] {
				mos[0][i] = uint32(len(c.shape) - 1 - i)
			}
			mos = append(mos, identityOrder(len(c.shape)))
		}
		for _, mo := range mos {
			x, _ := randomTensor(rng, c.shape, mo, c.n)
			for i := range x.Values() {
				x.Values()[i] = 8*rng.Float64() - 4
			}
			for _, s := range testutil.Schemes(len(c.shape)) {
				q, _, err := csf.Quantize(x, s)
				if err != nil {
					t.Fatalf("%v %v: %v", x, s, err)
				}
				f := csf.Dequantize[float32](q)
				av := make([]float64, f.NNZ())
				for i, v := range f.Values() {
					av[i] = math.Abs(float64(v))
				}
				pos, crd := qLevels(f)
				abs, err := csf.New(f.Shape(), f.ModeOrder(), pos, crd, av)
				if err != nil {
					t.Fatal(err)
				}
				t.Run(fmt.Sprintf("%v/%v/%v", c.shape, mo, s), func(t *testing.T) { fn(t, q, f, abs) })
			}
		}
	}
}

func identityOrder(n int) []uint32 {
	mo := make([]uint32, n)
	for i := range mo {
		mo[i] = uint32(i)
	}
	return mo
}

// qLevels returns copies of a tensor's levels.
func qLevels[T float32 | float64](x *csf.Tensor[T]) (pos, crd [][]uint64) {
	for l := range x.Rank() {
		pos = append(pos, append([]uint64(nil), x.Pos(l)...))
		crd = append(crd, append([]uint64(nil), x.Crd(l)...))
	}
	return pos, crd
}

// randRows returns n x r random values in [-1, 1) and their absolute values.
func randRows(rng *rand.Rand, n, r int) ([]float32, []float64) {
	a, b := make([]float32, n*r), make([]float64, n*r)
	for i := range a {
		a[i] = float32(2*rng.Float64() - 1)
		b[i] = math.Abs(float64(a[i]))
	}
	return a, b
}

// checkBound fails when got and want differ by more than the bound over the
// magnitudes mag of n-term sums.
func checkBound(t *testing.T, what string, got, want []float32, mag []float64, n int) {
	t.Helper()
	tol := 2 * float64(n+4) * 0x1p-24
	for i := range got {
		if d := math.Abs(float64(got[i]) - float64(want[i])); d > tol*mag[i] || math.IsNaN(float64(got[i])) {
			t.Fatalf("%s[%d] = %v, want %v (bound %g)", what, i, got[i], want[i], tol*mag[i])
		}
	}
}

func TestQuantizedMTTKRP(t *testing.T) {
	testutil.ForEachPath(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(1, 39))
		qCase(t, func(t *testing.T, q *csf.Quantized, f *csf.Tensor[float32], abs *csf.Tensor[float64]) {
			shape := q.Shape()
			for _, rank := range []int{1, 5, 16} {
				fac := make([][]float32, len(shape))
				afac := make([][]float64, len(shape))
				for m, e := range shape {
					fac[m], afac[m] = randRows(rng, int(e), rank)
				}
				for mode := range shape {
					n := int(shape[mode]) * rank
					got, want, mag := make([]float32, n), make([]float32, n), make([]float64, n)
					for i := range got {
						got[i] = float32(i) // overwritten
					}
					q.MTTKRP(mode, fac, rank, got)
					f.MTTKRP(mode, fac, rank, want)
					abs.MTTKRP(mode, afac, rank, mag)
					checkBound(t, fmt.Sprintf("MTTKRP mode %d rank %d", mode, rank), got, want, mag, q.NNZ())
				}
			}
		})
	})
}

// TestQuantizedMTTKRPWorkers runs the parallel split (private copies along
// the lower modes) against one worker.
func TestQuantizedMTTKRPWorkers(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 39))
	x, _ := randomTensor(rng, []uint64{40, 30, 50}, []uint32{1, 2, 0}, 40000)
	for i := range x.Values() {
		x.Values()[i] = 8*rng.Float64() - 4
	}
	for _, sp := range []string{"int8:block=64", "int8:channel:axis=0", "nf4:block=64"} {
		q, _, err := csf.Quantize(x, quant.MustParse(sp))
		if err != nil {
			t.Fatal(err)
		}
		fac := make([][]float32, 3)
		afac := make([][]float64, 3)
		for m, e := range q.Shape() {
			fac[m], afac[m] = randRows(rng, int(e), 8)
		}
		f := csf.Dequantize[float64](q)
		pos, crd := qLevels(f)
		av := make([]float64, f.NNZ())
		for i, v := range f.Values() {
			av[i] = math.Abs(v)
		}
		abs, _ := csf.New(f.Shape(), f.ModeOrder(), pos, crd, av)
		for mode := range 3 {
			n := int(q.Shape()[mode]) * 8
			one, four, mag := make([]float32, n), make([]float32, n), make([]float64, n)
			q.MTTKRPWith(csf.NewWorkspace[float32](1), mode, fac, 8, one)
			q.MTTKRPWith(csf.NewWorkspace[float32](4), mode, fac, 8, four)
			abs.MTTKRP(mode, afac, 8, mag)
			checkBound(t, sp+" MTTKRP 4 workers", four, one, mag, q.NNZ())
		}
	}
}

func TestQuantizedTTVAndTTM(t *testing.T) {
	testutil.ForEachPath(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(3, 39))
		qCase(t, func(t *testing.T, q *csf.Quantized, f *csf.Tensor[float32], abs *csf.Tensor[float64]) {
			n := q.Rank()
			leaf := int(q.ModeOrder()[n-1])
			ext := int(q.Shape()[leaf])
			nf := q.LevelSizes()[n-2]
			v, av := randRows(rng, ext, 1)
			got, want := make([]float32, nf), make([]float32, nf)
			mag := make([]float64, nf)
			q.TTVValues(got, leaf, v)
			f.TTVValues(want, leaf, v)
			abs.TTVValues(mag, leaf, av)
			checkBound(t, "TTVValues", got, want, mag, q.NNZ())
			for _, r := range []int{1, 3, 16} {
				u, au := randRows(rng, ext, r)
				got, want, mag := make([]float32, nf*r), make([]float32, nf*r), make([]float64, nf*r)
				for i := range got {
					got[i] = 7
				}
				q.TTMInto(got, u, r)
				f.TTMInto(want, u, r)
				abs.TTMInto(mag, au, r)
				checkBound(t, fmt.Sprintf("TTM r=%d", r), got, want, mag, q.NNZ())
			}
		})
	})
}

func TestQuantizedProductPanics(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 39))
	x, _ := randomTensor(rng, []uint64{3, 4, 5}, []uint32{0, 1, 2}, 20)
	q, _, err := csf.Quantize(x, quant.MustParse("int8:block=4"))
	if err != nil {
		t.Fatal(err)
	}
	fac := [][]float32{make([]float32, 6), make([]float32, 8), make([]float32, 10)}
	nf := q.LevelSizes()[1]
	for name, fn := range map[string]func(){
		"mode":      func() { q.MTTKRP(3, fac, 2, make([]float32, 6)) },
		"out":       func() { q.MTTKRP(0, fac, 2, make([]float32, 5)) },
		"overlap":   func() { q.MTTKRP(0, fac, 2, fac[1][:6]) },
		"ttv mode":  func() { q.TTVValues(make([]float32, nf), 0, make([]float32, 3)) },
		"ttv len":   func() { q.TTVValues(make([]float32, nf+1), 2, make([]float32, 5)) },
		"ttm r":     func() { q.TTMInto(make([]float32, 0), make([]float32, 5), 0) },
		"ttm alias": func() { u := make([]float32, 10*nf); q.TTMInto(u[:2*nf], u[:10], 2) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			fn()
		}()
	}
}
