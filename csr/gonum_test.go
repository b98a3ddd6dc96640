package csr_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/hurray-format/hurray-go/csr"
	"gonum.org/v1/gonum/mat"
)

// sparseDense returns a random rows x cols matrix with about density
// nonzeros, densely and as CSR or CSC.
func sparseDense(t *testing.T, rng *rand.Rand, rows, cols int, density float64, csc bool) (*mat.Dense, *csr.Matrix[float64]) {
	t.Helper()
	d := make([]float64, rows*cols)
	for i := range d {
		if rng.Float64() < density {
			d[i] = rng.NormFloat64()
		}
	}
	a := csr.DenseCells[float64](t, d, rows, cols, csc, func(i, j int) bool { return d[i*cols+j] != 0 })
	return mat.NewDense(rows, cols, d), a
}

func randMat(rng *rand.Rand, r, c int) *mat.Dense {
	d := make([]float64, r*c)
	for i := range d {
		d[i] = rng.NormFloat64()
	}
	return mat.NewDense(r, c, d)
}

func TestToDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, csc := range []bool{false, true} {
		D, a := sparseDense(t, rng, 13, 7, 0.3, csc)
		if got := mat.NewDense(13, 7, a.ToDense()); !mat.Equal(got, D) {
			t.Errorf("csc=%v: ToDense differs", csc)
		}
		if got := csr.AsMat(a).ToDense(); !mat.Equal(got, D) {
			t.Errorf("csc=%v: Mat.ToDense differs", csc)
		}
		if got := csr.AsMat(a.T()).ToDense(); !mat.Equal(got, D.T()) {
			t.Errorf("csc=%v: Mat.ToDense of the transpose differs", csc)
		}
	}
	empty, _ := csr.New[float32](0, 3, []uint64{0}, nil, nil)
	if d := empty.ToDense(); len(d) != 0 {
		t.Errorf("empty ToDense: %v", d)
	}
}

// TestMul checks every operand shape of Mul and MulVec against gonum's
// products on the dense twin.
func TestMul(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const rows, cols, k = 19, 11, 4
	for _, csc := range []bool{false, true} {
		D, a := sparseDense(t, rng, rows, cols, 0.25, csc)
		m := csr.AsMat(a)
		X := randMat(rng, cols, k)  // for A X
		Xt := randMat(rng, rows, k) // for Aᵀ X
		L := randMat(rng, k, rows)  // for L A
		Lt := randMat(rng, k, cols) // for L Aᵀ
		_, b := sparseDense(t, rng, cols, 5, 0.3, !csc)
		cases := []struct {
			name       string
			a, b       mat.Matrix
			wantA, wnB mat.Matrix
		}{
			{"A X", m, X, D, X},
			{"A.T() X", m.T(), Xt, D.T(), Xt},
			{"Transpose{A} X", mat.Transpose{Matrix: m}, Xt, D.T(), Xt},
			{"L A", L, m, L, D},
			{"L A.T()", Lt, m.T(), Lt, D.T()},
			{"L Transpose{A}", Lt, mat.Transpose{Matrix: m}, Lt, D.T()},
			{"Xt.T() A", Xt.T(), m, Xt.T(), D},
			{"A B", m, csr.AsMat(b), D, csr.AsMat(b).ToDense()},
			{"dense", L, D, L, D},
		}
		for _, c := range cases {
			var got, want mat.Dense
			csr.Mul(&got, c.a, c.b)
			want.Mul(c.wantA, c.wnB)
			if !mat.EqualApprox(&got, &want, 1e-12) {
				t.Errorf("csc=%v %s: differs from gonum", csc, c.name)
			}
			// Into a non-empty dst of the right shape.
			r, cc := want.Dims()
			dst := mat.NewDense(r, cc, nil)
			dst.Set(0, 0, 99)
			csr.Mul(dst, c.a, c.b)
			if !mat.EqualApprox(dst, &want, 1e-12) {
				t.Errorf("csc=%v %s: differs into a sized dst", csc, c.name)
			}
		}
		// dst is the dense operand.
		sq := randMat(rng, cols, cols)
		_, s := sparseDense(t, rng, cols, cols, 0.3, csc)
		var want mat.Dense
		want.Mul(csr.AsMat(s).ToDense(), sq)
		dst := mat.DenseCopyOf(sq)
		csr.Mul(dst, csr.AsMat(s), dst)
		if !mat.EqualApprox(dst, &want, 1e-12) {
			t.Errorf("csc=%v: dst = A dst differs", csc)
		}
		want.Mul(sq, csr.AsMat(s).ToDense())
		dst = mat.DenseCopyOf(sq)
		csr.Mul(dst, dst, csr.AsMat(s))
		if !mat.EqualApprox(dst, &want, 1e-12) {
			t.Errorf("csc=%v: dst = dst A differs", csc)
		}
		want.Mul(sq.T(), csr.AsMat(s).ToDense())
		dst = mat.DenseCopyOf(sq)
		csr.Mul(dst, dst.T(), csr.AsMat(s))
		if !mat.EqualApprox(dst, &want, 1e-12) {
			t.Errorf("csc=%v: dst = dstᵀ A differs", csc)
		}
		// MulVec, plain and transposed.
		x := mat.NewVecDense(cols, randMat(rng, cols, 1).RawMatrix().Data)
		var gv, wv mat.VecDense
		csr.MulVec(&gv, m, x)
		wv.MulVec(D, x)
		if !mat.EqualApprox(&gv, &wv, 1e-12) {
			t.Errorf("csc=%v: MulVec differs", csc)
		}
		xt := mat.NewVecDense(rows, randMat(rng, rows, 1).RawMatrix().Data)
		gv.Reset()
		csr.MulVec(&gv, mat.Transpose{Matrix: m}, xt)
		wv.Reset()
		wv.MulVec(D.T(), xt)
		if !mat.EqualApprox(&gv, &wv, 1e-12) {
			t.Errorf("csc=%v: MulVec of the transpose differs", csc)
		}
		gv.Reset()
		csr.MulVec(&gv, D, x)
		wv.Reset()
		wv.MulVec(D, x)
		if !mat.Equal(&gv, &wv) {
			t.Errorf("csc=%v: dense MulVec differs", csc)
		}
	}
}

func TestMulShapePanics(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	_, a := sparseDense(t, rng, 4, 3, 0.5, false)
	m := csr.AsMat(a)
	for name, f := range map[string]func(){
		"inner":     func() { csr.Mul(new(mat.Dense), m, randMat(rng, 4, 2)) },
		"dst":       func() { csr.Mul(mat.NewDense(4, 3, nil), m, randMat(rng, 3, 2)) },
		"dst right": func() { csr.Mul(mat.NewDense(2, 2, nil), randMat(rng, 2, 4), m) },
		"vec x":     func() { csr.MulVec(new(mat.VecDense), m, mat.NewVecDense(4, nil)) },
		"vec dst":   func() { csr.MulVec(mat.NewVecDense(3, nil), m, mat.NewVecDense(3, nil)) },
	} {
		func() {
			defer func() {
				if r := recover(); r != mat.ErrShape {
					t.Errorf("%s: recovered %v, want mat.ErrShape", name, r)
				}
			}()
			f()
		}()
	}
}

// TestMulNoAtLoop multiplies a matrix whose dense product through At would
// take hours: Mul must finish in a fraction of a second.
func TestMulNoAtLoop(t *testing.T) {
	const n = 1 << 17
	ptr := make([]uint64, n+1)
	for i := range ptr {
		ptr[i] = uint64(min(i, 3))
	}
	a, err := csr.New[float64](n, n, ptr, []uint64{5, 7, n - 1}, []float64{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	x := mat.NewDense(n, 2, nil)
	x.Set(n-1, 1, 1)
	x.Set(2, 0, 1)
	done := make(chan *mat.Dense, 2)
	go func() {
		var y mat.Dense
		csr.Mul(&y, csr.AsMat(a), x)
		var z mat.Dense
		csr.Mul(&z, x.T(), csr.AsMat(a))
		if z.At(0, n-1) != 3 || z.At(1, n-1) != 0 {
			t.Error("x.T() A is wrong")
		}
		done <- &y
	}()
	select {
	case y := <-done:
		if y.At(2, 1) != 3 || y.At(2, 0) != 0 {
			t.Errorf("y[2] = %v %v, want 0 3", y.At(2, 0), y.At(2, 1))
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Mul with a sparse operand reads it through At")
	}
}
