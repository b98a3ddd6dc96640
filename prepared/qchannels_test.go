package prepared_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/prepared"
	"github.com/hurray-format/hurray-go/quant"
)

// allSchemes are every scheme kind and granularity: by tensor, by channel
// along either axis, by block (sizes that do and do not divide the rows),
// NF4, int4, MXFP4, MXFP8 and uint8.
var allSchemes = []string{"int8:tensor", "int8:channel:axis=0", "int8:channel:axis=1", "int8:block=7", "int8:block=64",
	"uint8:tensor", "uint8:channel:axis=0", "uint8:channel:axis=1", "uint8:block=64", "int4:block=5", "int4:block=32",
	"nf4:block=64", "nf4:block=33", "mxfp4", "mxfp8"}

// shortSchemes are allSchemes' subset in short mode: both axes of both
// channel kinds, and one of each other family.
var shortSchemes = []string{"int8:tensor", "int8:channel:axis=0", "int8:channel:axis=1", "uint8:channel:axis=0",
	"uint8:channel:axis=1", "int8:block=7", "nf4:block=33", "mxfp4", "mxfp8"}

// largeShortSchemes are the schemes of the large shapes in short mode (the
// race, purego and qemu runs): a channel on each axis and a block scheme
// of 4-bit codes.
var largeShortSchemes = []string{"int8:channel:axis=1", "uint8:channel:axis=0", "nf4:block=33"}

// oddMatrix returns a randMatrix with an odd number of entries (an odd
// count of 4-bit codes, the last byte half padding) when a few draws give
// one (a shape without entries never does).
func oddMatrix(t *testing.T, r *rand.Rand, rows, cols int, density float64, csc bool) *csr.Matrix[float32] {
	t.Helper()
	a := randMatrix[float32](t, r, rows, cols, density, csc)
	for range 20 {
		if a.NNZ()%2 == 1 {
			break
		}
		a = randMatrix[float32](t, r, rows, cols, density, csc)
	}
	return a
}

// TestQuantizedCSCAxes: every scheme, channels along either axis, on CSR
// and CSC matrices (empty, one-entry and dense rows and columns, rows
// longer than a decode tile, indexed dimensions of one and several strips
// and panels, odd entry counts) in every index form they take, on every
// path with one and three workers, against the source's products.
func TestQuantizedCSCAxes(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 41))
	type shape struct {
		rows, cols int
		density    float64
		full       bool // every scheme in long mode
	}
	shapes := []shape{{37, 53, 0.2, true}, {150, 300, 0.01, true}, {6, 9000, 0.9, false}, {40, 9000, 0.02, true},
		{12, 1<<16 + 1, 0.001, false}, {1, 1, 1, true}, {5, 0, 0.1, true}}
	for _, csc := range []bool{false, true} {
		for _, s := range shapes {
			rows, cols := s.rows, s.cols
			if csc {
				rows, cols = cols, rows // the same compressed and indexed sizes
			}
			a := oddMatrix(t, r, rows, cols, s.density, csc)
			if a.NNZ()%2 == 0 && a.NNZ() > 0 {
				t.Fatalf("%v: no odd entry count drawn", a)
			}
			minor := uint64(cols)
			if csc {
				minor = uint64(rows)
			}
			schemes := allSchemes
			switch {
			case testing.Short() && !s.full:
				schemes = largeShortSchemes
			case testing.Short() || !s.full:
				schemes = shortSchemes
			}
			for _, sp := range schemes {
				checkQuantizedForms(t, a, sp, forms(minor))
			}
		}
	}
}

// checkQuantizedForms quantizes a with scheme sp, prepares it in each form
// of ks and checks its products with one and three workers: on every path
// for a scheme by channel (whose decode by index is new to the prepared
// forms) but under -short, on the automatic one for the others (their
// kernels are those of CSR, whose tests run every path).
func checkQuantizedForms(t *testing.T, a *csr.Matrix[float32], sp string, ks []prepared.Index) {
	t.Helper()
	q, _, err := csr.Quantize(a, quant.MustParse(sp))
	if err != nil {
		t.Fatal(err)
	}
	abs := absOf(t, csr.Dequantize[float32](q))
	for _, k := range ks {
		m, err := prepared.PrepareQuantized(q, prepared.Options{Index: k})
		if err != nil {
			t.Fatalf("%v %s %v: %v", a, sp, k, err)
		}
		if (k != prepared.Auto && m.Index() != k) || m.IsCSC() != q.IsCSC() || m.Scheme() != q.Scheme() ||
			m.NNZ() != q.NNZ() || m.Rows() != q.Rows() || m.Cols() != q.Cols() {
			t.Fatalf("%v: from %v %s %v", m, a, sp, k)
		}
		if want := "prepared " + map[bool]string{false: "csr", true: "csc"}[q.IsCSC()] + " " + sp; !strings.HasPrefix(m.String(), want) {
			t.Errorf("%v: want %q first", m, want)
		}
		check := func(t *testing.T, w int) {
			checkProductsOf(t, q, abs, m, fmt.Sprintf("%v from %v", m, a), uint64(w))
		}
		if strings.Contains(sp, "channel") && !testing.Short() {
			eachPathWorkers(t, check)
		} else {
			eachWorkers(t, check)
		}
	}
}

// TestQuantizedCSCStrips: channels along either axis and the other schemes
// on the strip matrix and its CSC transpose (three strips of 3670 in the
// indexed dimension, rows missing a strip), in strips of 16 and 12 bits.
func TestQuantizedCSCStrips(t *testing.T) {
	r := rand.New(rand.NewPCG(42, 42))
	schemes := allSchemes
	if testing.Short() {
		schemes = largeShortSchemes
	}
	for _, noMiddle := range []bool{false, true} {
		a := stripMatrix(t, r, noMiddle)
		for _, m := range []*csr.Matrix[float32]{a, transposeCSC(t, a)} {
			for _, sp := range schemes {
				checkQuantizedForms(t, m, sp, []prepared.Index{prepared.Strips16, prepared.Strips12})
			}
		}
	}
}

// transposeCSC returns Aᵀ as a CSC matrix: a's arrays, compressed along
// the columns of Aᵀ.
func transposeCSC(t *testing.T, a *csr.Matrix[float32]) *csr.Matrix[float32] {
	t.Helper()
	b, err := csr.NewCSC(a.Cols(), a.Rows(), append([]uint64(nil), a.Ptr()...), append([]uint64(nil), a.Idx()...), append([]float32(nil), a.Values()...))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestQuantizedByIndexNoAllocs: the products of a form whose channels run
// along the indexed dimension, CSR and CSC, allocate nothing per call.
func TestQuantizedByIndexNoAllocs(t *testing.T) {
	if testutil.RaceEnabled {
		t.Skip("the race detector makes sync.Pool drop objects at random")
	}
	r := rand.New(rand.NewPCG(44, 44))
	defer prepared.SetParallelThreshold(prepared.SetParallelThreshold(1))
	defer prepared.SetWorkers(prepared.SetWorkers(0))
	x, y := randVec[float32](r, 300*4), make([]float32, 300*4)
	for _, c := range []struct {
		sp  string
		csc bool
	}{{"uint8:channel:axis=1", false}, {"int8:channel:axis=0", true}} {
		q, _, err := csr.Quantize(randMatrix[float32](t, r, 300, 200, 0.05, c.csc), quant.MustParse(c.sp))
		if err != nil {
			t.Fatal(err)
		}
		m, err := prepared.PrepareQuantized(q, prepared.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{1, 3} {
			prepared.SetWorkers(w)
			for name, f := range map[string]func(){
				"MulVec":      func() { m.MulVec(y[:300], x[:200]) },
				"MulVecTrans": func() { m.MulVecTransTo(y[:200], 2, x[:300], 0.5) },
				"MulMat":      func() { m.MulMat(y[:300*4], x[:200*4], 4) },
			} {
				f()
				if n := testutil.AllocsPerCall(20, f); n > 0 {
					t.Errorf("%v %s, %d workers: %v allocations per call", m, name, w, n)
				}
			}
		}
	}
}
