package csr

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
	"gonum.org/v1/gonum/mat"
)

// denseCase is a random rows x cols matrix with about density nonzeros, kept
// densely (the oracle) and as CSR and CSC.
func randDense(rng *rand.Rand, rows, cols int, density float64) []float64 {
	d := make([]float64, rows*cols)
	for i := range d {
		if rng.Float64() < density {
			d[i] = 2*rng.Float64() - 1
		}
	}
	return d
}

// fromDense builds the CSR (csc false) or CSC matrix of a row-major dense
// array, storing its nonzeros and the zeros whose i+j is a multiple of 11.
func fromDense[T Float](t testing.TB, d []float64, rows, cols int, csc bool) *Matrix[T] {
	t.Helper()
	return DenseCells[T](t, d, rows, cols, csc, func(i, j int) bool { return d[i*cols+j] != 0 || (i+j)%11 == 0 })
}

// tolerance relative to the sum of absolute terms: float32 accumulates in
// float32 with fused and reordered additions.
func tolOf[T Float]() float64 {
	var z T
	if _, ok := any(z).(float32); ok {
		return 2e-5
	}
	return 1e-12
}

func checkProduct[T Float](t *testing.T, name string, got []T, want, scale []float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: len %d, want %d", name, len(got), len(want))
	}
	for i := range want {
		if d := math.Abs(float64(got[i]) - want[i]); !(d <= tolOf[T]()*(scale[i]+1e-30)) {
			t.Fatalf("%s: element %d: got %v, want %v (scale %v)", name, i, got[i], want[i], scale[i])
		}
	}
}

func testProducts[T Float](t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	shapes := [][2]int{{0, 0}, {0, 3}, {4, 0}, {1, 1}, {3, 7}, {17, 5}, {40, 33}, {64, 130}}
	for _, sh := range shapes {
		rows, cols := sh[0], sh[1]
		for _, density := range []float64{0, 0.1, 0.5} {
			d := randDense(rng, rows, cols, density)
			for _, csc := range []bool{false, true} {
				a := fromDense[T](t, d, rows, cols, csc)
				dd := make([]float64, len(d)) // the stored values, rounded to T
				for c, v := range a.All() {
					dd[int(c[0])*cols+int(c[1])] = float64(v)
				}
				for _, trans := range []bool{false, true} {
					r, c := rows, cols
					if trans {
						r, c = cols, rows
					}
					for _, k := range []int{0, 1, 3, 16, 17} {
						for _, ab := range [][2]float64{{1, 0}, {-1.5, 0.25}} {
							name := fmt.Sprintf("%s %dx%d density=%v trans=%v k=%d alpha=%v beta=%v", a, rows, cols, density, trans, k, ab[0], ab[1])
							x := testutil.Convert[T](randDense(rng, c, k, 1))
							y0 := testutil.Convert[T](randDense(rng, r, k, 1))
							want := testutil.DenseMul(dd, rows, cols, trans, testutil.Convert[float64](x), k, ab[0], testutil.Convert[float64](y0), ab[1])
							scale := testutil.DenseMul(testutil.Abs(dd), rows, cols, trans, testutil.Abs(testutil.Convert[float64](x)), k, math.Abs(ab[0]), testutil.Abs(testutil.Convert[float64](y0)), math.Abs(ab[1]))
							got := append([]T(nil), y0...)
							plain := ab == [2]float64{1, 0}
							switch {
							case k == 1 && plain && !trans:
								a.MulVec(got, x)
							case k == 1 && plain && trans:
								a.MulVecTrans(got, x)
							case k == 1 && !trans:
								a.MulVecTo(got, T(ab[0]), x, T(ab[1]))
							case k == 1 && trans:
								a.MulVecTransTo(got, T(ab[0]), x, T(ab[1]))
							case plain && !trans:
								a.MulMat(got, x, k)
							case plain && trans:
								a.MulMatTrans(got, x, k)
							case !trans:
								a.MulMatTo(got, T(ab[0]), x, k, T(ab[1]))
							default:
								a.MulMatTransTo(got, T(ab[0]), x, k, T(ab[1]))
							}
							checkProduct(t, name, got, want, scale)
							if k == 1 { // the matrix forms with k = 1 too
								got := append([]T(nil), y0...)
								if trans {
									a.MulMatTransTo(got, T(ab[0]), x, 1, T(ab[1]))
								} else {
									a.MulMatTo(got, T(ab[0]), x, 1, T(ab[1]))
								}
								checkProduct(t, name+" (MulMat)", got, want, scale)
							}
						}
					}
				}
			}
		}
	}
}

func TestProductsF64(t *testing.T) { testutil.ForEachPath(t, testProducts[float64]) }
func TestProductsF32(t *testing.T) { testutil.ForEachPath(t, testProducts[float32]) }

// TestProductsParallel forces the multi-goroutine paths on small matrices:
// every part count from 2 to 5 (run it under -race).
func TestProductsParallel(t *testing.T) {
	defer SetParallelThreshold(SetParallelThreshold(2))
	defer SetWorkers(0)
	for _, w := range []int{2, 3, 5} {
		SetWorkers(w)
		t.Run(fmt.Sprint("workers=", w), func(t *testing.T) {
			testutil.ForEachPath(t, func(t *testing.T) {
				testProducts[float64](t)
				testProducts[float32](t)
			})
		})
	}
}

// TestProductsNaN: NaN and Inf in A or x propagate as in the dense product;
// beta = 0 ignores NaN in y.
func TestProductsNaN(t *testing.T) {
	ptr := []uint64{0, 2, 3, 3}
	idx := []uint64{0, 2, 1}
	a, err := New[float64](3, 3, ptr, idx, []float64{math.Inf(1), 1, math.NaN()})
	if err != nil {
		t.Fatal(err)
	}
	y := []float64{math.NaN(), math.NaN(), math.NaN()}
	a.MulVec(y, []float64{1, 2, 3})
	if !math.IsInf(y[0], 1) || !math.IsNaN(y[1]) || y[2] != 0 {
		t.Fatalf("got %v, want [+Inf NaN 0]", y)
	}
	a.MulVec(y, []float64{0, 2, 3})
	if !math.IsNaN(y[0]) {
		t.Fatalf("Inf*0: got %v, want NaN", y[0])
	}
}

func TestProductsPanics(t *testing.T) {
	a, _ := New[float64](2, 3, []uint64{0, 1, 2}, []uint64{0, 2}, []float64{1, 2})
	testutil.WantPanic(t, "csr: dimension mismatch: MulVecTo: len(y)=3, len(x)=3 for op(A) 2x3", func() { a.MulVec(make([]float64, 3), make([]float64, 3)) })
	testutil.WantPanic(t, "csr: dimension mismatch: MulVecTransTo: len(y)=3, len(x)=3 for op(A) 3x2", func() { a.MulVecTrans(make([]float64, 3), make([]float64, 3)) })
	testutil.WantPanic(t, "csr: dimension mismatch: MulMatTo: len(y)=4, len(x)=5, k=2 for op(A) 2x3", func() { a.MulMat(make([]float64, 4), make([]float64, 5), 2) })
	b, err := FromBuffers[float64](2, 3, a.Buffers(), layout.Permissive)
	if err != nil {
		t.Fatal(err)
	}
	testutil.WantPanicIs(t, layout.ErrUnvalidated, func() { b.MulVec(make([]float64, 2), make([]float64, 3)) })
}

// TestGonum: the adapter is a mat.Matrix that gonum's dense code reads
// correctly, and MulVecDense/MulDense agree with mat.Dense products,
// including strided operands.
func TestGonum(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	rows, cols, k := 23, 17, 5
	d := randDense(rng, rows, cols, 0.3)
	D := mat.NewDense(rows, cols, d)
	for _, csc := range []bool{false, true} {
		a := fromDense[float64](t, d, rows, cols, csc)
		m := AsMat(a)
		if !mat.Equal(m, D) || !mat.Equal(m.T(), D.T()) {
			t.Fatalf("csc=%v: adapter differs from the dense matrix", csc)
		}
		for _, trans := range []bool{false, true} {
			var op mat.Matrix = D
			r, c := rows, cols
			if trans {
				op, r, c = D.T(), cols, rows
			}
			x := mat.NewVecDense(c, randDense(rng, c, 1, 1))
			var got, want mat.VecDense
			MulVecDense(&got, a, trans, x)
			want.MulVec(op, x)
			if !mat.EqualApprox(&got, &want, 1e-12) {
				t.Fatalf("MulVecDense csc=%v trans=%v", csc, trans)
			}
			// strided x (a column of a matrix) and strided dst
			xm := mat.NewDense(c, 3, randDense(rng, c, 3, 1))
			dm := mat.NewDense(r, 2, nil)
			dcol := dm.ColView(1).(*mat.VecDense)
			MulVecDense(dcol, a, trans, xm.ColView(2))
			want.MulVec(op, xm.ColView(2))
			if !mat.EqualApprox(dcol, &want, 1e-12) {
				t.Fatalf("strided MulVecDense csc=%v trans=%v", csc, trans)
			}
			// MulDense into a sub-matrix view (stride > k) from a view.
			big := mat.NewDense(c+2, k+3, randDense(rng, c+2, k+3, 1))
			xv := big.Slice(1, c+1, 2, k+2).(*mat.Dense)
			out := mat.NewDense(r+1, k+4, nil)
			ov := out.Slice(1, r+1, 1, k+1).(*mat.Dense)
			MulDense(ov, a, trans, xv)
			var wm mat.Dense
			wm.Mul(op, xv)
			if !mat.EqualApprox(ov, &wm, 1e-12) {
				t.Fatalf("MulDense csc=%v trans=%v", csc, trans)
			}
			if out.At(0, 0) != 0 || out.At(r, k+3) != 0 {
				t.Fatalf("MulDense wrote outside the view")
			}
			var e mat.Dense
			MulDense(&e, a, trans, mat.DenseCopyOf(xv))
			if !mat.EqualApprox(&e, &wm, 1e-12) {
				t.Fatalf("MulDense into empty csc=%v trans=%v", csc, trans)
			}
		}
	}
	a := fromDense[float64](t, d, rows, cols, false)
	testutil.WantPanic(t, "csr: dimension mismatch: MulDense: dst is 2x2, want 23x5", func() {
		MulDense(mat.NewDense(2, 2, nil), a, false, mat.NewDense(cols, k, nil))
	})
}

// TestMulVecWorkersBitIdentical: MulVec gives the same bits whatever the
// worker count, also on matrices whose rows average under two entries
// (kernels.ShortRows), where a part made of the long rows alone would
// otherwise take the other kernels (which round differently).
func TestMulVecWorkersBitIdentical(t *testing.T) {
	defer SetParallelThreshold(SetParallelThreshold(2))
	defer SetWorkers(0)
	rng := rand.New(rand.NewPCG(41, 42))
	for _, lens := range [][]int{{1, 1, 1, 1, 1, 1, 1, 1, 6}, {1, 0, 1, 1, 3}, {1, 2}, {9, 1, 1, 1, 1, 1, 1, 1, 1, 1}} {
		// Rows repeat lens's pattern.
		rows, cols := 45, 50
		a, x := patternCSR(t, rng, rows, cols, 1, func(i int) int { return lens[i%len(lens)] })
		testutil.ForEachPath(t, func(t *testing.T) {
			SetWorkers(1)
			want := make([]float64, rows)
			a.MulVec(want, x)
			for _, w := range []int{2, 3, 4, 5} {
				SetWorkers(w)
				got := make([]float64, rows)
				a.MulVec(got, x)
				for i := range got {
					if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
						t.Fatalf("lens %v, %d workers: y[%d] = %v, one worker %v", lens, w, i, got[i], want[i])
					}
				}
			}
		})
	}
}

// TestMulMatWorkersBitIdentical: MulMat gives the same bits whatever the
// worker count when X is large enough for the amd64 paths to walk A in
// column tiles: long rows first, then short ones, so that a part holding
// the long rows alone would tile while the whole matrix does not (tiled and
// untiled kernels group additions differently).
func TestMulMatWorkersBitIdentical(t *testing.T) {
	if testing.Short() {
		t.Skip("a 2.5 MB X per path")
	}
	defer SetParallelThreshold(SetParallelThreshold(2))
	defer SetWorkers(0)
	rng := rand.New(rand.NewPCG(43, 44))
	rows, cols, k := 100, 5000, 64
	a, x := patternCSR(t, rng, rows, cols, k, func(i int) int {
		if i < 30 {
			return 200 // the long rows first
		}
		return 1
	})
	testutil.ForEachPath(t, func(t *testing.T) {
		SetWorkers(1)
		want := make([]float64, rows*k)
		a.MulMat(want, x, k)
		for _, w := range []int{2, 3, 4} {
			SetWorkers(w)
			got := make([]float64, rows*k)
			a.MulMat(got, x, k)
			for i := range got {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
					t.Fatalf("%d workers: y[%d] = %v, one worker %v", w, i, got[i], want[i])
				}
			}
		}
	})
}

// patternCSR returns a rows x cols matrix whose row i holds n(i) entries in
// random distinct columns, with normal values (sums not exactly
// representable), and a normal dense operand of cols x k.
func patternCSR(t *testing.T, rng *rand.Rand, rows, cols, k int, n func(i int) int) (*Matrix[float64], []float64) {
	t.Helper()
	ptr := []uint64{0}
	var idx []uint64
	for i := range rows {
		perm := rng.Perm(cols)[:n(i)]
		slices.Sort(perm)
		for _, c := range perm {
			idx = append(idx, uint64(c))
		}
		ptr = append(ptr, uint64(len(idx)))
	}
	vals := make([]float64, len(idx))
	for i := range vals {
		vals[i] = rng.NormFloat64()
	}
	x := make([]float64, cols*k)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	a, err := New(uint64(rows), uint64(cols), ptr, idx, vals)
	if err != nil {
		t.Fatal(err)
	}
	return a, x
}

// TestProductsOperands: k times a dimension near 2^64 wraps to a small
// number, which a length check that multiplies in uint64 accepted; an
// output sharing memory with an input or the values panics; alpha == 0
// reads neither A nor x (a NaN in x does not reach y), as in BLAS.
func TestProductsOperands(t *testing.T) {
	// 1 x (2^63+1): X must have 2^63+1 rows of k = 2, 2 modulo 2^64.
	a, err := New[float64](1, 1<<63+1, []uint64{0, 1}, []uint64{1 << 63}, []float64{5})
	if err != nil {
		t.Fatal(err)
	}
	testutil.WantPanic(t, "csr: dimension mismatch: MulMatTo: len(y)=2, len(x)=2, k=2 for op(A) 1x9223372036854775809", func() { a.MulMat(make([]float64, 2), []float64{1, 2}, 2) })
	testutil.WantPanic(t, "csr: dimension mismatch: MulMatTransTo: len(y)=2, len(x)=2, k=2 for op(A) 9223372036854775809x1", func() { a.MulMatTrans(make([]float64, 2), []float64{1, 2}, 2) })

	b, _ := New[float64](2, 2, []uint64{0, 1, 2}, []uint64{1, 0}, []float64{1, 1})
	x := []float64{1, 2}
	testutil.WantPanic(t, "csr: MulVecTo: y overlaps x or the matrix's values or indices", func() { b.MulVec(x, x) })
	testutil.WantPanic(t, "csr: MulVecTransTo: y overlaps x or the matrix's values or indices", func() { b.MulVecTrans(x, x) })
	testutil.WantPanic(t, "csr: MulMatTo: y overlaps x or the matrix's values or indices", func() { b.MulMat(x, x, 1) })
	testutil.WantPanic(t, "csr: MulVecTo: y overlaps x or the matrix's values or indices", func() { b.MulVec(b.Values(), x) })
	m := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	testutil.WantPanic(t, "csr: MulDense: dst overlaps x or the matrix's values or indices", func() { MulDense(m, b, false, m) })
	// Column blocks of one Dense interleave in memory without sharing an
	// element: gonum's Mul accepts them, and so does MulDense (it
	// compared the spans); blocks that share a column still panic.
	back := mat.NewDense(2, 5, []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	xv, dv := back.Slice(0, 2, 0, 2).(*mat.Dense), back.Slice(0, 2, 2, 4).(*mat.Dense)
	MulDense(dv, b, false, xv) // [[0 1] [1 0]] x [[1 2] [6 7]]
	if got, want := back.RawMatrix().Data, []float64{1, 2, 6, 7, 5, 6, 7, 1, 2, 10}; !slices.Equal(got, want) {
		t.Errorf("MulDense into the neighbouring column block: backing array %v, want %v", got, want)
	}
	testutil.WantPanic(t, "csr: MulDense: dst overlaps x or the matrix's values or indices", func() {
		MulDense(back.Slice(0, 2, 1, 3).(*mat.Dense), b, false, back.Slice(0, 2, 0, 2))
	})
	// An output over the matrix's indices panics (two FromBuffers matrices
	// may view the same bytes, one's values the other's col_idx): the
	// product wrote them while the kernels read them, and the AVX2 SpMM then
	// read x at the values' bit patterns and faulted.
	overIdx := unsafe.Slice((*float64)(unsafe.Pointer(&b.idx[0])), len(b.idx))
	overPtr := unsafe.Slice((*float64)(unsafe.Pointer(&b.ptr[1])), 2)
	testutil.WantPanic(t, "csr: MulVecTo: y overlaps x or the matrix's values or indices", func() { b.MulVec(overIdx, x) })
	testutil.WantPanic(t, "csr: MulVecTransTo: y overlaps x or the matrix's values or indices", func() { b.MulVecTrans(overPtr, x) })
	testutil.WantPanic(t, "csr: MulMatTo: y overlaps x or the matrix's values or indices", func() { b.MulMat(overIdx, x, 1) })
	testutil.WantPanic(t, "csr: MulMatTransTo: y overlaps x or the matrix's values or indices", func() { b.T().MulMatTrans(overPtr, x, 1) })
	testutil.WantPanic(t, "csr: MulDense: dst overlaps x or the matrix's values or indices", func() {
		MulDense(mat.NewDense(2, 1, overIdx), b, false, mat.NewDense(2, 1, []float64{1, 2}))
	})

	for _, csc := range []bool{false, true} {
		c := b
		if csc {
			c, _ = NewCSC[float64](2, 2, []uint64{0, 1, 2}, []uint64{1, 0}, []float64{1, 1})
		}
		for _, k := range []int{1, 3} {
			y := []float64{2, 3, 4, 5, 6, 7}[:2*k]
			x := make([]float64, 2*k)
			x[0] = math.NaN()
			want := make([]float64, len(y))
			for i := range y {
				want[i] = 2 * y[i]
			}
			if k == 1 {
				c.MulVecTo(y, 0, x, 2)
			} else {
				c.MulMatTo(y, 0, x, k, 2)
			}
			if !slices.Equal(y, want) {
				t.Fatalf("csc=%v k=%d: alpha 0 with NaN in x: y = %v, want %v", csc, k, y, want)
			}
		}
	}
}

// TestValidateWhileInUse: Validate on a valid matrix only reads it (it
// rebuilt the buffer views, a data race with products on other goroutines
// that the race run reports).
func TestValidateWhileInUse(t *testing.T) {
	a, _ := New[float64](2, 2, []uint64{0, 1, 2}, []uint64{1, 0}, []float64{2, 3})
	b, err := FromBuffers[float64](2, 2, a.Buffers(), layout.Strict)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 2000 {
			if err := b.Validate(); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	y := make([]float64, 2)
	for range 2000 {
		b.MulVec(y, []float64{1, 10})
		if y[0] != 20 || y[1] != 3 {
			t.Fatalf("y = %v", y)
		}
	}
	<-done
}

// TestWorkersGrow: a product split into more parts than any before it
// (more than GOMAXPROCS, too) gives the one-goroutine result.
func TestWorkersGrow(t *testing.T) {
	defer SetParallelThreshold(SetParallelThreshold(2))
	defer SetWorkers(SetWorkers(7))
	rng := rand.New(rand.NewPCG(5, 6))
	a := fromDense[float64](t, randDense(rng, 64, 64, 0.3), 64, 64, false)
	y, want := make([]float64, 64), make([]float64, 64)
	x := make([]float64, 64)
	for i := range x {
		x[i] = float64(i % 5)
	}
	SetWorkers(1)
	a.MulVec(want, x)
	SetWorkers(7)
	a.MulVec(y, x)
	if !slices.Equal(y, want) {
		t.Fatalf("7 parts: %v, want %v", y, want)
	}
}

// TestGonumNoRows: a product of a matrix without rows into an empty gonum
// dst leaves it empty (gonum panicked creating a zero-length result).
func TestGonumNoRows(t *testing.T) {
	a, _ := New[float64](0, 3, []uint64{0}, nil, nil)
	var v mat.VecDense
	MulVecDense(&v, a, false, mat.NewVecDense(3, []float64{1, 2, 3}))
	var d mat.Dense
	MulDense(&d, a, false, mat.NewDense(3, 2, make([]float64, 6)))
	if !v.IsEmpty() || !d.IsEmpty() {
		t.Fatal("dst no longer empty")
	}
}

// named64 is a named element type of float64's kind.
type named64 float64

// TestParallelNamedType: parallel products of float64 and a named float64
// type in turn allocate nothing (one job pool per element type; a pool per
// size handed each the other's job, which failed the type assertion).
func TestParallelNamedType(t *testing.T) {
	if testutil.RaceEnabled {
		t.Skip("the race detector makes sync.Pool drop objects at random")
	}
	defer SetParallelThreshold(SetParallelThreshold(2))
	defer SetWorkers(SetWorkers(2))
	ptr, idx := []uint64{0, 2, 3, 5}, []uint64{0, 2, 1, 0, 2}
	a, err := New[float64](3, 3, ptr, idx, []float64{1, 2, 3, 4, 5})
	if err != nil {
		t.Fatal(err)
	}
	b, err := New[named64](3, 3, ptr, idx, []named64{1, 2, 3, 4, 5})
	if err != nil {
		t.Fatal(err)
	}
	ya, yb := make([]float64, 3), make([]named64, 3)
	xa, xb := []float64{1, 1, 1}, []named64{1, 1, 1}
	pair := func() { a.MulVec(ya, xa); b.MulVec(yb, xb) }
	pair()
	if n := testutil.AllocsPerCall(50, pair); n > 0.1 {
		t.Errorf("%v allocations per pair of parallel MulVec calls, float64 and a named type", n)
	}
	for i := range ya {
		if float64(yb[i]) != ya[i] {
			t.Errorf("y[%d] = %v, float64 %v", i, yb[i], ya[i])
		}
	}
}

// TestScatterOnePart: a scatter product allowed several goroutines on a
// matrix of one row splits into one part, makes no
// private copy, and sums nothing afterwards.
func TestScatterOnePart(t *testing.T) {
	defer SetWorkers(SetWorkers(2))
	defer SetParallelThreshold(SetParallelThreshold(2))
	const cols, k = 300, 5
	idx, vals := make([]uint64, cols), make([]float64, cols)
	for j := range idx {
		idx[j], vals[j] = uint64(j), float64(j%7)-3
	}
	a, err := New(1, cols, []uint64{0, cols}, idx, vals)
	if err != nil {
		t.Fatal(err)
	}
	x := []float64{1, 2, 3, 4, 5}
	y := make([]float64, cols*k)
	a.MulMatTrans(y, x, k)
	for j := range cols {
		for c := range k {
			if want := vals[j] * x[c]; y[j*k+c] != want {
				t.Fatalf("Y[%d][%d] = %v, want %v", j, c, y[j*k+c], want)
			}
		}
	}
	yv := make([]float64, cols)
	a.MulVecTrans(yv, x[:1])
	for j := range cols {
		if want := vals[j] * x[0]; yv[j] != want {
			t.Fatalf("y[%d] = %v, want %v", j, yv[j], want)
		}
	}
}
