package csf_test

import (
	"math/rand/v2"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/internal/testutil"
)

// attnIndex returns b*I+i and b*J+j of a logical coordinate.
func attnIndex(shape, c []uint64) (bi, bj int) {
	n := len(shape)
	b := 0
	for m := 0; m < n-2; m++ {
		b = b*int(shape[m]) + int(c[m])
	}
	return b*int(shape[n-2]) + int(c[n-2]), b*int(shape[n-1]) + int(c[n-1])
}

// attnRows returns b*I and b*J of a shape: the rows of q and of k.
func attnRows(shape []uint64) (bI, bJ int) {
	n := len(shape)
	bI, bJ = 1, 1
	for m := 0; m < n-2; m++ {
		bI *= int(shape[m])
	}
	bJ = bI * int(shape[n-1])
	bI *= int(shape[n-2])
	return bI, bJ
}

// attnSpMM returns the dense oracle of SpMM with the values of dn and v
// of d columns, out having bI rows, with the sums of the terms'
// magnitudes.
func attnSpMM[T csf.Float](dn *dense, shape []uint64, v []T, bI, d int) (want, scale []float64) {
	want = make([]float64, bI*d)
	scale = make([]float64, bI*d)
	dn.each(func(c []uint64, val float64) {
		if val == 0 {
			return
		}
		bi, bj := attnIndex(shape, c)
		for u := range d {
			p := val * float64(v[bj*d+u])
			want[bi*d+u] += p
			scale[bi*d+u] += abs(p)
		}
	})
	return want, scale
}

func testAttention[T csf.Float](t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for _, shape := range testShapes {
		n := len(shape)
		bI, bJ := attnRows(shape)
		x, dn := randTensor[T](t, rng, shape, 0.4)
		if x.NNZ() == 0 {
			continue
		}
		for _, mo := range modeOrders(rng, n) {
			ct := mustCSF(t, x, mo)
			for _, d := range []int{1, 7, 16, 64, 67} {
				q := randMat[T](rng, bI*d)
				k := randMat[T](rng, bJ*d)
				scale := T(0.125)
				s := ct.SDDMM(q, k, d, scale)
				var want, sc []float64
				for c := range ct.All() {
					bi, bj := attnIndex(shape, c)
					var w, a float64
					for u := range d {
						p := float64(q[bi*d+u]) * float64(k[bj*d+u])
						w += p
						a += abs(p)
					}
					want = append(want, float64(scale)*w)
					sc = append(sc, float64(scale)*a)
				}
				closeTo(t, name(shape, mo)+"/sddmm", s.Values(), want, sc, tol[T]())
				if s.Pos(n-1) == nil || &s.Crd(0)[0] != &ct.Crd(0)[0] {
					t.Fatalf("SDDMM result does not share the structure")
				}
				// SpMM with ct's values, dv = d.
				v := randMat[T](rng, bJ*d)
				out := make([]T, bI*d)
				for i := range out {
					out[i] = 5
				}
				ct.SpMM(out, v, d)
				wantO, scO := attnSpMM(dn, shape, v, bI, d)
				closeTo(t, name(shape, mo)+"/spmm", out, wantO, scO, tol[T]())
				// The parallel paths.
				ws := csf.NewTunedWorkspace[T](3, csf.Parallel(1<<24))
				dst := make([]T, ct.NNZ())
				ct.SDDMMWith(ws, dst, q, k, d, scale)
				closeTo(t, name(shape, mo)+"/sddmm-ws3", dst, want, sc, tol[T]())
				ct.SpMMWith(ws, out, v, d)
				closeTo(t, name(shape, mo)+"/spmm-ws3", out, wantO, scO, tol[T]())
			}
		}
	}
}

func TestAttention(t *testing.T) {
	pathsAndTypes(t, testAttention[float64], testAttention[float32])
}

func TestAttentionPanics(t *testing.T) {
	ct := seededCSF(t, 19, []uint64{2, 4, 5}, 0.5)
	testutil.WantPanicContaining(t, "csf: SDDMM: d = 2, len(q) = 3", func() { ct.SDDMM(make([]float64, 3), make([]float64, 20), 2, 1) })
	testutil.WantPanicContaining(t, "csf: SpMM: dv = 1, len(v) = 3", func() { ct.SpMM(make([]float64, 8), make([]float64, 3), 1) })
}

func TestAttentionAllocs(t *testing.T) {
	if testutil.RaceEnabled {
		t.Skip("the race detector makes sync.Pool drop objects at random")
	}
	rng := rand.New(rand.NewPCG(21, 22))
	x, _ := randTensor[float32](t, rng, []uint64{4, 30, 30}, 0.3)
	ct, _ := convert.COOToCSF(x, nil)
	const d = 16
	q, k := randMat[float32](rng, 4*30*d), randMat[float32](rng, 4*30*d)
	dst, out := make([]float32, ct.NNZ()), make([]float32, 4*30*d)
	for _, workers := range []int{1, 2} {
		ws := csf.NewTunedWorkspace[float32](workers, csf.Parallel(1<<24))
		ct.SDDMMWith(ws, dst, q, k, d, 1)
		ct.SpMMWith(ws, out, k, d)
		if a := testing.AllocsPerRun(10, func() {
			ct.SDDMMWith(ws, dst, q, k, d, 1)
			ct.SpMMWith(ws, out, k, d)
		}); a != 0 {
			t.Errorf("workers=%d: %v allocations", workers, a)
		}
	}
}
