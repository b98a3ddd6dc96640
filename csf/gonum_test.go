package csf_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"gonum.org/v1/gonum/mat"
)

// randCOO returns a random tensor of the given shape with about nnz
// entries (duplicates possible).
func randCOO(t *testing.T, rng *rand.Rand, shape []uint64, nnz int) *coo.Tensor[float64] {
	t.Helper()
	coords := make([]uint64, 0, nnz*len(shape))
	vals := make([]float64, nnz)
	for e := range nnz {
		for _, d := range shape {
			coords = append(coords, rng.Uint64N(d))
		}
		vals[e] = rng.NormFloat64()
	}
	x, err := coo.New(shape, coords, vals)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestMTTKRPDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	shape := []uint64{9, 5, 7, 4}
	x, err := convert.COOToCSF(randCOO(t, rng, shape, 120), []uint32{2, 0, 3, 1})
	if err != nil {
		t.Fatal(err)
	}
	const cols = 3
	factors := make([]*mat.Dense, len(shape))
	flat := make([][]float64, len(shape))
	for n, d := range shape {
		// Every other factor is a view with a stride beyond its columns.
		big := mat.NewDense(int(d)+1, cols+2, nil)
		for i := range int(d) + 1 {
			for j := range cols + 2 {
				big.Set(i, j, rng.NormFloat64())
			}
		}
		f := big.Slice(1, int(d)+1, 0, cols).(*mat.Dense)
		if n%2 == 0 {
			f = mat.DenseCopyOf(f)
		}
		factors[n] = f
		for i := range int(d) {
			flat[n] = append(flat[n], mat.Row(nil, i, f)...)
		}
	}
	for mode := range shape {
		want := make([]float64, int(shape[mode])*cols)
		x.MTTKRP(mode, flat, cols, want)
		fs := slices.Clone(factors)
		fs[mode] = nil
		var got mat.Dense
		csf.MTTKRPDense(x, mode, fs, &got)
		if !mat.Equal(&got, mat.NewDense(int(shape[mode]), cols, want)) {
			t.Errorf("mode %d: differs from MTTKRP", mode)
		}
		// Into a strided view of a larger matrix.
		big := mat.NewDense(int(shape[mode])+2, cols+1, nil)
		view := big.Slice(1, int(shape[mode])+1, 1, cols+1).(*mat.Dense)
		csf.MTTKRPDense(x, mode, fs, view)
		if !mat.Equal(view, &got) || big.At(0, 0) != 0 || big.At(1, 0) != 0 {
			t.Errorf("mode %d: strided dst differs or spills", mode)
		}
	}
}

func TestMTTKRPDensePanics(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	x, err := convert.COOToCSF(randCOO(t, rng, []uint64{3, 4, 5}, 10), nil)
	if err != nil {
		t.Fatal(err)
	}
	a, b, c := mat.NewDense(3, 2, nil), mat.NewDense(4, 2, nil), mat.NewDense(5, 2, nil)
	for _, tc := range []struct {
		want string
		f    func()
	}{
		{"mode 3", func() { csf.MTTKRPDense(x, 3, []*mat.Dense{a, b, c}, new(mat.Dense)) }},
		{"2 factors", func() { csf.MTTKRPDense(x, 0, []*mat.Dense{a, b}, new(mat.Dense)) }},
		{"factors[2] is empty", func() { csf.MTTKRPDense(x, 0, []*mat.Dense{nil, b, nil}, new(mat.Dense)) }},
		{"factors[2] is 4x2, want 5x2", func() { csf.MTTKRPDense(x, 0, []*mat.Dense{nil, b, b}, new(mat.Dense)) }},
		{"factors[2] is 5x3, want 5x2", func() { csf.MTTKRPDense(x, 0, []*mat.Dense{nil, b, mat.NewDense(5, 3, nil)}, new(mat.Dense)) }},
		{"dst is 3x3, want 3x2", func() { csf.MTTKRPDense(x, 0, []*mat.Dense{nil, b, c}, mat.NewDense(3, 3, nil)) }},
	} {
		func() {
			defer func() {
				msg := fmt.Sprint(recover())
				if !strings.HasPrefix(msg, "csf: MTTKRPDense: ") || !strings.Contains(msg, tc.want) {
					t.Errorf("recovered %q, want a message with %q", msg, tc.want)
				}
			}()
			tc.f()
		}()
	}
}

func TestToDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	shape := []uint64{4, 3, 5}
	x := randCOO(t, rng, shape, 30)
	want := make([]float64, 60)
	for c, v := range x.All() {
		want[(c[0]*3+c[1])*5+c[2]] += v
	}
	if got := x.ToDense(); !slices.Equal(got, want) {
		t.Errorf("coo ToDense: %v, want %v", got, want)
	}
	for _, order := range [][]uint32{nil, {2, 1, 0}, {1, 2, 0}} {
		c, err := convert.COOToCSF(x, order)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.ToDense(); !slices.Equal(got, want) {
			t.Errorf("order %v: csf ToDense: %v, want %v", order, got, want)
		}
	}
}

// ExampleMTTKRPDense computes an MTTKRP with gonum factor matrices.
func ExampleMTTKRPDense() {
	x, _ := coo.New([]uint64{2, 2, 2}, []uint64{0, 0, 1, 1, 1, 0}, []float64{2, 3})
	t, _ := convert.COOToCSF(x, nil)
	ones := func(r int) *mat.Dense {
		return mat.NewDense(r, 2, []float64{1, 1, 1, 1}[:2*r])
	}
	var out mat.Dense
	csf.MTTKRPDense(t, 0, []*mat.Dense{nil, ones(2), ones(2)}, &out)
	fmt.Println(mat.Formatted(&out))
	// Output:
	// ⎡2  2⎤
	// ⎣3  3⎦
}
