package csf_test

import (
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/internal/testutil"
)

// ones returns the all-ones tensor of shape 1 x n x n (identity order).
func ones(t *testing.T, n int) *csf.Tensor[float64] {
	t.Helper()
	crd1, crd2 := make([]uint64, n), make([]uint64, 0, n*n)
	pos2 := make([]uint64, n+1)
	for i := range n {
		crd1[i] = uint64(i)
		for j := range n {
			crd2 = append(crd2, uint64(j))
		}
		pos2[i+1] = uint64((i + 1) * n)
	}
	x, err := csf.New([]uint64{1, uint64(n), uint64(n)}, []uint32{0, 1, 2},
		[][]uint64{{0, 1}, {0, uint64(n)}, pos2}, [][]uint64{{0}, crd1, crd2}, slices.Repeat([]float64{1}, n*n))
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// TestTTVLeafAliasing: a leaf-mode TTV reads v while it writes the result's
// values. TTVValues refuses a dst that overlaps v or the tensor's values,
// and TTVTo and TTVMatrixTo do not reuse dst's values as the result when v
// is those values (an iteration's natural call): a refused call writes
// nothing, and the result equals the product with a copy of v.
func TestTTVLeafAliasing(t *testing.T) {
	x := ones(t, 64)
	v := slices.Repeat([]float64{1}, 64)
	testutil.WantPanicContaining(t, "dst overlaps v", func() { x.TTVValues(v, 2, v) })
	testutil.WantPanicContaining(t, "dst overlaps v or the tensor's values", func() { x.TTVValues(x.Values()[:64], 2, v) })
	if x.Values()[0] != 1 || v[1] != 1 {
		t.Fatalf("a refused TTVValues wrote: values[0] = %v, v[1] = %v", x.Values()[0], v[1])
	}
	prev := x.TTVMatrix(2, v) // 1 x 64, all 64
	want := x.TTVMatrix(2, slices.Clone(prev.Values())).Values()
	if got := x.TTVMatrixTo(prev, 2, prev.Values(), nil).Values(); !slices.Equal(got, want) {
		t.Errorf("TTVMatrixTo(prev, leaf, prev.Values()) = %v..., want %v...", got[:4], want[:4])
	}
	// Rank 4: TTVTo.
	z := ones(t, 8)
	y, err := csf.New([]uint64{1, 1, 8, 8}, []uint32{0, 1, 2, 3},
		[][]uint64{{0, 1}, {0, 1}, {0, 8}, z.Pos(2)}, [][]uint64{{0}, {0}, z.Crd(1), z.Crd(2)}, z.Values())
	if err != nil {
		t.Fatal(err)
	}
	p := y.TTV(3, slices.Repeat([]float64{1}, 8)) // 1 x 1 x 8, all 8
	want = y.TTV(3, slices.Clone(p.Values())).Values()
	if got := y.TTVTo(p, 3, p.Values(), nil).Values(); !slices.Equal(got, want) {
		t.Errorf("TTVTo(p, leaf, p.Values()) = %v, want %v", got, want)
	}
}

// TestSemiSparseAtOutside: At of a dense-mode coordinate at or above R is
// outside the shape: 0, as Tensor.At, never the next fiber's value or a
// read past the end.
func TestSemiSparseAtOutside(t *testing.T) {
	x, err := csf.New([]uint64{1, 2, 3}, []uint32{0, 1, 2},
		[][]uint64{{0, 1}, {0, 2}, {0, 1, 2}}, [][]uint64{{0}, {0, 1}, {0, 0}}, []float64{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	s := x.TTM([]float64{10, 20, 0, 0, 0, 0}, 2) // rows [10 20] and [20 40]
	if s.At(0, 0, 1) != 20 || s.At(0, 1, 1) != 40 {
		t.Fatalf("At inside: %v %v", s.At(0, 0, 1), s.At(0, 1, 1))
	}
	if a, b := s.At(0, 0, 2), s.At(0, 1, 5); a != 0 || b != 0 {
		t.Errorf("At outside R: %v, %v; want 0", a, b)
	}
}

// TestAttnEmptyBatch: a zero batch extent makes every operand empty, even
// after an extent whose product with d overflows: the huge extent coming
// first is not reported as an overflow.
func TestAttnEmptyBatch(t *testing.T) {
	x, err := csf.New([]uint64{1 << 62, 0, 3, 3}, []uint32{0, 1, 2, 3},
		[][]uint64{{0, 0}, {0}, {0}, {0}}, [][]uint64{{}, {}, {}, {}}, []float64{})
	if err != nil {
		t.Fatal(err)
	}
	if r := x.SDDMM(nil, nil, 4, 1); r.NNZ() != 0 {
		t.Fatalf("SDDMM: %d entries", r.NNZ())
	}
	x.SpMM(nil, nil, 4)
}

// TestZeroWorkspace: a Workspace that NewWorkspace did not make panics with
// a csf message, not a nil dereference.
func TestZeroWorkspace(t *testing.T) {
	x := ones(t, 4)
	var ws csf.Workspace[float64]
	const want = "csf: a Workspace that NewWorkspace did not make"
	testutil.WantPanicContaining(t, want, func() { ws.Workers() })
	f := [][]float64{make([]float64, 2), make([]float64, 8), make([]float64, 8)}
	testutil.WantPanicContaining(t, want, func() { x.MTTKRPWith(&ws, 0, f, 2, make([]float64, 2)) })
	testutil.WantPanicContaining(t, want, func() { x.TTVMatrixTo(nil, 0, []float64{1}, &ws) })
}
