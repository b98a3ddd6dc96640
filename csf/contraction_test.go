package csf_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/internal/testutil"
)

// denseTTV contracts a dense row-major tensor of the given shape with v
// along mode: the reference for TTVAny.
func denseTTV(d []float64, shape []int, mode int, v []float64) []float64 {
	inner := 1
	for _, n := range shape[mode+1:] {
		inner *= n
	}
	outer := len(d) / (inner * shape[mode])
	out := make([]float64, outer*inner)
	for o := range outer {
		for k := range shape[mode] {
			for i := range inner {
				out[o*inner+i] += d[(o*shape[mode]+k)*inner+i] * v[k]
			}
		}
	}
	return out
}

// TestTTVAny: one call on every rank and mode order gives a matrix for
// rank 3 and a tensor above, and the result equals the dense contraction
// through At, ToDense, Shape, Dims and Rank.
func TestTTVAny(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	for _, c := range []struct {
		shape []uint64
		mo    []uint32
	}{
		{[]uint64{5, 6, 7}, []uint32{0, 1, 2}},
		{[]uint64{5, 6, 7}, []uint32{2, 0, 1}},
		{[]uint64{5, 6, 7}, []uint32{1, 2, 0}},
		{[]uint64{3, 4, 5, 6}, []uint32{0, 1, 2, 3}},
		{[]uint64{3, 4, 5, 6}, []uint32{3, 1, 0, 2}},
	} {
		x := sparseCSF(t, rng, c.shape, 40, c.mo)
		dims := x.Dims()
		for m, n := range c.shape {
			if len(dims) != len(c.shape) || dims[m] != int(n) {
				t.Fatalf("Dims() = %v, shape %v", dims, c.shape)
			}
		}
		d := x.ToDense()
		for mode := range x.Rank() {
			v := make([]float64, dims[mode])
			for i := range v {
				v[i] = rng.Float64()*2 - 1
			}
			r := x.TTVAny(mode, v)
			if (r.Matrix != nil) != (x.Rank() == 3) || (r.Tensor != nil) == (x.Rank() == 3) {
				t.Fatalf("rank %d: TTVAny gave matrix %v, tensor %v", x.Rank(), r.Matrix != nil, r.Tensor != nil)
			}
			wantShape := slices.Delete(slices.Clone(c.shape), mode, mode+1)
			if r.Rank() != x.Rank()-1 || !slices.Equal(r.Shape(), wantShape) || len(r.Dims()) != r.Rank() || r.NNZ() == 0 {
				t.Fatalf("%v mode %d: rank %d shape %v dims %v nnz %d", c.mo, mode, r.Rank(), r.Shape(), r.Dims(), r.NNZ())
			}
			want := denseTTV(d, dims, mode, v)
			got := r.ToDense()
			for i := range want {
				if math.Abs(got[i]-want[i]) > 1e-12 {
					t.Fatalf("%v mode %d: ToDense[%d] = %v, want %v", c.mo, mode, i, got[i], want[i])
				}
			}
			// At agrees with the dense form at every coordinate.
			coord := make([]uint64, r.Rank())
			for i := range want {
				for m, k := len(coord)-1, i; m >= 0; m-- {
					coord[m] = uint64(k) % wantShape[m]
					k /= int(wantShape[m])
				}
				if a := r.At(coord...); math.Abs(a-want[i]) > 1e-12 {
					t.Fatalf("%v mode %d: At%v = %v, want %v", c.mo, mode, coord, a, want[i])
				}
			}
		}
	}
	x := sparseCSF(t, rng, []uint64{3, 4, 5}, 10, nil)
	testutil.WantPanicContaining(t, "csf", func() { x.TTVAny(0, make([]float64, 2)) })
	testutil.WantPanicContaining(t, "csf", func() { x.TTVAny(3, make([]float64, 3)) })
}
