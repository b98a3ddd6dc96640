package csf_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
)

// sparseCSF builds a CSF tensor (mode order mo, nil: natural) of about n
// random entries of the shape, without a dense oracle: for shapes too large
// to hold densely.
func sparseCSF(t testing.TB, rng *rand.Rand, shape []uint64, n int, mo []uint32) *csf.Tensor[float64] {
	t.Helper()
	r := len(shape)
	c := make([]uint64, n*r)
	v := make([]float64, n)
	for i := range n {
		for m := range r {
			c[i*r+m] = rng.Uint64N(shape[m])
		}
		v[i] = rng.NormFloat64()
	}
	x, err := coo.New(shape, c, v)
	if err != nil {
		t.Fatal(err)
	}
	y, err := convert.COOToCSF(x, mo)
	if err != nil {
		t.Fatal(err)
	}
	return y
}

func sameMatrix[T csf.Float](a, b *csr.Matrix[T]) bool {
	return a.Rows() == b.Rows() && a.Cols() == b.Cols() && a.IsCSC() == b.IsCSC() &&
		slices.Equal(a.Ptr(), b.Ptr()) && slices.Equal(a.Idx(), b.Idx()) && slices.Equal(a.Values(), b.Values())
}

// TestTTVMatrixToReusesLevels: TTVMatrixTo into its own previous result
// allocates nothing of the result's size along every mode, as TTVTo
// promises. Contracting a mode above the leaf builds the result's level 0
// (crd and level 1's pos, one entry per stored row) before the pointer
// array; those came from fresh memory on every call (2 x 0.6 MB here,
// 2 x 2.5 MB on a 400000-row result).
func TestTTVMatrixToReusesLevels(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	const limit = 64 << 10
	for _, mo := range [][]uint32{nil, {1, 0, 2}, {2, 1, 0}} {
		// A wide middle mode: contracting mode 0 or 2 leaves ~80000
		// stored rows or columns of mode 1.
		x := sparseCSF(t, rng, []uint64{4, 100000, 4}, 150000, mo)
		for _, workers := range []int{1, 2} {
			ws := csf.NewWorkspace[float64](workers)
			for mode := range 3 {
				v := randMat[float64](rng, int(x.Shape()[mode]))
				want := x.TTVMatrix(mode, v)
				prev := x.TTVMatrixTo(nil, mode, v, ws)
				prev = x.TTVMatrixTo(prev, mode, v, ws) // the workspace has grown
				var got *csr.Matrix[float64]
				by := testutil.Allocated(func() { got = x.TTVMatrixTo(prev, mode, v, ws) })
				if !sameMatrix(got, want) {
					t.Fatalf("order %v, %d workers, mode %d: TTVMatrixTo into its previous result differs from TTVMatrix", mo, workers, mode)
				}
				if by > limit {
					t.Errorf("order %v, %d workers, mode %d: TTVMatrixTo into its previous result allocated %d bytes (result: %d rows, %d entries); want at most %d",
						mo, workers, mode, by, len(got.Ptr())-1, got.NNZ(), limit)
				}
			}
		}
	}
}

// levelsOf returns copies of t's pos and crd, level by level, and of its
// values.
func levelsOf(t *csf.Tensor[float64]) (lv [][]uint64, vals []float64) {
	for l := range t.Rank() {
		lv = append(lv, slices.Clone(t.Pos(l)), slices.Clone(t.Crd(l)))
	}
	return lv, slices.Clone(t.Values())
}

// checkUntouched fails unless x (named which) still holds the copied
// arrays and validates.
func checkUntouched(t *testing.T, what, which string, x *csf.Tensor[float64], lv [][]uint64, vals []float64) {
	t.Helper()
	lv2, vals2 := levelsOf(x)
	if !slices.EqualFunc(lv, lv2, slices.Equal) || !slices.Equal(vals, vals2) {
		t.Errorf("%s: %s's arrays changed", what, which)
	}
	if err := x.Validate(); err != nil {
		t.Errorf("%s: %s.Validate() = %v", what, which, err)
	}
}

// TestTTVToForeignSharedResult: a result that shares the levels of the
// tensor it came from (a leaf-mode TTV, an SDDMM) may be passed as dst to
// another tensor's TTVTo; the call must not write into the first tensor's
// levels (it did: t1's crd held t2's coordinates while t1.Valid() stayed
// true).
func TestTTVToForeignSharedResult(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	shape := []uint64{20, 30, 40, 50}
	t1 := sparseCSF(t, rng, shape, 30000, nil)
	t2 := sparseCSF(t, rng, shape, 500, []uint32{1, 3, 0, 2})
	lv, vals := levelsOf(t1)
	lv2, vals2 := levelsOf(t2)
	ws := csf.NewWorkspace[float64](1)
	q, k := randMat[float64](rng, 20*30*40*2), randMat[float64](rng, 20*30*50*2)
	for _, src := range []struct {
		name string
		dst  func() *csf.Tensor[float64]
	}{
		{"leaf-mode TTV", func() *csf.Tensor[float64] { return t1.TTV(3, randMat[float64](rng, 50)) }},
		{"leaf-mode TTVTo", func() *csf.Tensor[float64] { return t1.TTVTo(nil, 3, randMat[float64](rng, 50), ws) }},
		{"SDDMM", func() *csf.Tensor[float64] { return t1.SDDMM(q, k, 2, 0.5) }},
	} {
		for mode := range 4 {
			v := randMat[float64](rng, int(shape[mode]))
			want := t2.TTV(mode, v)
			got := t2.TTVTo(src.dst(), mode, v, ws)
			if !sameTensor(got, want) {
				t.Fatalf("%s as dst, mode %d: t2.TTVTo differs from t2.TTV", src.name, mode)
			}
			checkUntouched(t, src.name+" as dst", "t1", t1, lv, vals)
			if t.Failed() {
				return
			}
			// And the result, which shares nothing of t1 unless it is a
			// leaf-mode result of t2 (sharing t2's levels), may be reused
			// by t1.
			v1 := randMat[float64](rng, int(shape[(mode+1)%4]))
			if got1 := t1.TTVTo(got, (mode+1)%4, v1, ws); !sameTensor(got1, t1.TTV((mode+1)%4, v1)) {
				t.Fatalf("%s as dst, mode %d: t1.TTVTo into t2's result differs from t1.TTV", src.name, mode)
			}
			checkUntouched(t, src.name+" as dst, then t1 into t2's result", "t1", t1, lv, vals)
			checkUntouched(t, src.name+" as dst, then t1 into t2's result", "t2", t2, lv2, vals2)
			if t.Failed() {
				return
			}
		}
	}
}

// TestTTVMatrixToForeignLeafResult: TTVMatrixTo into an earlier leaf-mode
// TTVMatrix result of another tensor must not write into that tensor, whose
// level-1 crd that result's index array shares.
func TestTTVMatrixToForeignLeafResult(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 46))
	shape := []uint64{30, 40, 50}
	t1 := sparseCSF(t, rng, shape, 30000, nil)
	t2 := sparseCSF(t, rng, shape, 500, []uint32{2, 0, 1})
	lv, vals := levelsOf(t1)
	// t1 again, its arrays with spare capacity (as New may adopt them): a
	// leaf-mode result's index must not look like one TTVMatrixTo built.
	var pos, crd [][]uint64
	for l := range t1.Rank() {
		pos = append(pos, append(make([]uint64, 0, len(t1.Pos(l))+8), t1.Pos(l)...))
		crd = append(crd, append(make([]uint64, 0, len(t1.Crd(l))+8), t1.Crd(l)...))
	}
	t1b, err := csf.New(shape, t1.ModeOrder(), pos, crd, slices.Clone(t1.Values()))
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []*csf.Tensor[float64]{t1, t1b} {
		testTTVMatrixToForeign(t, rng, x, t2, lv, vals)
	}
}

// namedF is an element type of float64's kind other than float64.
type namedF float64

// TestTTVMatrixToForeignLeafResultNamed: the mark that a leaf-mode
// TTVMatrix result holds its tensor's crd is set for a named element type
// too, so TTVMatrixTo of another tensor into it leaves that tensor alone.
func TestTTVMatrixToForeignLeafResultNamed(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 48))
	shape := []uint64{30, 40, 50}
	named := func(x *csf.Tensor[float64]) *csf.Tensor[namedF] {
		var pos, crd [][]uint64
		for l := range x.Rank() {
			pos = append(pos, slices.Clone(x.Pos(l)))
			crd = append(crd, slices.Clone(x.Crd(l)))
		}
		v := make([]namedF, x.NNZ())
		for i, f := range x.Values() {
			v[i] = namedF(f)
		}
		y, err := csf.New(shape, x.ModeOrder(), pos, crd, v)
		if err != nil {
			t.Fatal(err)
		}
		return y
	}
	t1 := named(sparseCSF(t, rng, shape, 30000, nil))
	t2 := named(sparseCSF(t, rng, shape, 500, []uint32{2, 0, 1}))
	crd1 := slices.Clone(t1.Crd(2))
	for mode := range 3 {
		m1 := t1.TTVMatrix(2, randMat[namedF](rng, 50)) // leaf mode: its index is t1's crd
		v := randMat[namedF](rng, int(shape[mode]))
		if got, want := t2.TTVMatrixTo(m1, mode, v, nil), t2.TTVMatrix(mode, v); !sameMatrix(got, want) {
			t.Fatalf("mode %d: t2.TTVMatrixTo differs from t2.TTVMatrix", mode)
		}
		if !slices.Equal(t1.Crd(2), crd1) {
			t.Fatalf("mode %d: TTVMatrixTo into a leaf-mode result of t1 wrote into t1's leaf crd", mode)
		}
	}
}

func testTTVMatrixToForeign(t *testing.T, rng *rand.Rand, t1, t2 *csf.Tensor[float64], lv [][]uint64, vals []float64) {
	t.Helper()
	shape := t1.Shape()
	for _, ws := range []*csf.Workspace[float64]{nil, csf.NewWorkspace[float64](2)} {
		for mode := range 3 {
			m1 := t1.TTVMatrixTo(nil, 2, randMat[float64](rng, 50), ws) // leaf mode
			v := randMat[float64](rng, int(shape[mode]))
			want := t2.TTVMatrix(mode, v)
			if got := t2.TTVMatrixTo(m1, mode, v, ws); !sameMatrix(got, want) {
				t.Fatalf("mode %d: t2.TTVMatrixTo differs from t2.TTVMatrix", mode)
			}
			checkUntouched(t, "a leaf-mode TTVMatrix result of t1 as dst", "t1", t1, lv, vals)
			if t.Failed() {
				return
			}
		}
	}
}

// TestTTVToDstAfterward: a dst whose buffers TTVTo or TTVMatrixTo took is
// unvalidated, so it refuses to compute (its header does not describe its
// buffers any more: an MTTKRP on it would write past out), and an earlier
// result passed as dst keeps the levels it has lent to a leaf-mode result,
// so they are not rewritten under the borrower, which stays valid.
func TestTTVToDstAfterward(t *testing.T) {
	ones := func(n int) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = 1
		}
		return v
	}
	var c []uint64
	for j := range 10 {
		c = append(c, 990+uint64(j%5), uint64(j), 0, 0)
	}
	xc, _ := coo.New([]uint64{1000, 10, 1, 1}, c, ones(10))
	x, err := convert.COOToCSF(xc, []uint32{0, 1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	r1 := x.TTV(0, ones(1000)) // shape [10 1 1]
	r := x.TTVTo(r1, 1, ones(10), nil)
	if r1.Valid() {
		t.Error("TTVTo's dst is still valid after its buffers became the result's")
	}
	testutil.WantPanicIs(t, layout.ErrUnvalidated, func() { r1.MTTKRP(0, [][]float64{nil, ones(1), ones(1)}, 1, make([]float64, 10)) })
	if err := r.Validate(); err != nil {
		t.Errorf("the result: %v", err)
	}
	y, err := convert.COOToCSF(mustCOO(t, []uint64{1000, 10, 1}, func() []uint64 {
		var c3 []uint64
		for j := range 10 {
			c3 = append(c3, 990+uint64(j%5), uint64(j), 0)
		}
		return c3
	}(), ones(10)), nil)
	if err != nil {
		t.Fatal(err)
	}
	mat := y.TTVMatrix(0, ones(1000))
	view := mat.T()
	y.TTVMatrixTo(mat, 1, ones(10), nil)
	if mat.Valid() || view.Valid() {
		t.Error("TTVMatrixTo's dst (or its T view) is still valid after its buffers became the result's")
	}

	// The lender: r2 borrows r4's upper levels; TTVTo into r4 leaves them.
	var c5 []uint64
	for j := range 10 {
		c5 = append(c5, 990+uint64(j%5), uint64(j), 0, 0, 0)
	}
	x5, err := convert.COOToCSF(mustCOO(t, []uint64{1000, 10, 1, 1, 1}, c5, ones(10)), nil)
	if err != nil {
		t.Fatal(err)
	}
	r4 := x5.TTV(0, ones(1000))
	r2 := r4.TTV(3, ones(1)) // leaf mode: r4's levels 0..2
	before := slices.Clone(r2.Crd(0))
	x5.TTVTo(r4, 1, ones(10), nil)
	if !slices.Equal(r2.Crd(0), before) {
		t.Errorf("TTVTo into a tensor that lent its levels rewrote the borrower's: %v -> %v", before, r2.Crd(0))
	}
	if err := r2.Validate(); err != nil {
		t.Errorf("the borrower: %v", err)
	}
}

func mustCOO(t *testing.T, shape, coords []uint64, vals []float64) *coo.Tensor[float64] {
	t.Helper()
	x, err := coo.New(shape, coords, vals)
	if err != nil {
		t.Fatal(err)
	}
	return x
}
