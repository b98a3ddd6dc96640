package csf_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/internal/testutil"
)

// dense is a brute-force dense tensor: the oracle of the product tests.
type dense struct {
	shape []uint64
	v     []float64
}

func (d *dense) index(c []uint64) int {
	i := 0
	for m, s := range d.shape {
		i = i*int(s) + int(c[m])
	}
	return i
}

// each calls fn for every index tuple of the dense shape (reusing c).
func (d *dense) each(fn func(c []uint64, v float64)) {
	c := make([]uint64, len(d.shape))
	for i, v := range d.v {
		rem := i
		for m := len(d.shape) - 1; m >= 0; m-- {
			c[m] = uint64(rem % int(d.shape[m]))
			rem /= int(d.shape[m])
		}
		fn(c, v)
	}
}

// randTensor returns a random sparse tensor of the given shape with about
// density*size entries, as COO (unsorted) and as dense; some stored values
// are zero.
func randTensor[T csf.Float](t testing.TB, rng *rand.Rand, shape []uint64, density float64) (*coo.Tensor[T], *dense) {
	d := &dense{shape: shape}
	size := 1
	for _, s := range shape {
		size *= int(s)
	}
	d.v = make([]float64, size)
	var coords []uint64
	var vals []T
	perm := rng.Perm(size)
	for _, i := range perm {
		if rng.Float64() >= density {
			continue
		}
		v := T(rng.IntN(17)-8) / 4
		if rng.IntN(8) == 0 {
			v = 0
		}
		d.v[i] = float64(v)
		rem := i
		c := make([]uint64, len(shape))
		for m := len(shape) - 1; m >= 0; m-- {
			c[m] = uint64(rem % int(shape[m]))
			rem /= int(shape[m])
		}
		coords = append(coords, c...)
		vals = append(vals, v)
	}
	x, err := coo.New(slices.Clone(shape), coords, vals)
	if err != nil {
		t.Fatal(err)
	}
	return x, d
}

func randMat[T csf.Float](rng *rand.Rand, n int) []T {
	m := make([]T, n)
	for i := range m {
		m[i] = T(rng.Float64()*2 - 1)
	}
	return m
}

// permutations of 0..n-1.
func permutations(n int) [][]uint32 {
	var out [][]uint32
	var rec func(p []uint32, used uint)
	rec = func(p []uint32, used uint) {
		if len(p) == n {
			out = append(out, slices.Clone(p))
			return
		}
		for i := range n {
			if used&(1<<i) == 0 {
				rec(append(p, uint32(i)), used|1<<i)
			}
		}
	}
	rec(nil, 0)
	return out
}

// mustCSF converts x to CSF with mode order mo, failing t on an error.
// seededCSF is a random tensor of shape at density (randTensor, with a
// generator seeded (seed, seed+1)) as CSF in the natural mode order.
func seededCSF(t testing.TB, seed uint64, shape []uint64, density float64) *csf.Tensor[float64] {
	t.Helper()
	x, _ := randTensor[float64](t, rand.New(rand.NewPCG(seed, seed+1)), shape, density)
	return mustCSF(t, x, nil)
}

func mustCSF[T csf.Float](t testing.TB, x *coo.Tensor[T], mo []uint32) *csf.Tensor[T] {
	t.Helper()
	ct, err := convert.COOToCSF(x, mo)
	if err != nil {
		t.Fatal(err)
	}
	return ct
}

// pathsAndTypes runs f64 and f32 as subtests "f64" and "f32" on every
// kernel path.
func pathsAndTypes(t *testing.T, f64, f32 func(*testing.T)) {
	testutil.ForEachPath(t, func(t *testing.T) {
		t.Run("f64", f64)
		t.Run("f32", f32)
	})
}

// modeOrders: all permutations for rank 3, identity, reverse and a few
// random ones above.
func modeOrders(rng *rand.Rand, n int) [][]uint32 {
	if n == 3 {
		return permutations(3)
	}
	id := make([]uint32, n)
	rev := make([]uint32, n)
	for i := range n {
		id[i] = uint32(i)
		rev[i] = uint32(n - 1 - i)
	}
	out := [][]uint32{id, rev}
	for range 3 {
		p := rng.Perm(n)
		q := make([]uint32, n)
		for i, v := range p {
			q[i] = uint32(v)
		}
		out = append(out, q)
	}
	return out
}

func tol[T csf.Float]() float64 {
	var z T
	if _, ok := any(z).(float32); ok {
		return 1e-4
	}
	return 1e-10
}

// closeTo compares got with want, relative to the scale (sum of absolute
// terms) of each entry.
func closeTo[T csf.Float](t *testing.T, what string, got []T, want, scale []float64, rtol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: len %d, want %d", what, len(got), len(want))
	}
	for i := range got {
		if d := math.Abs(float64(got[i]) - want[i]); d > rtol*(scale[i]+1e-30) && d > 0 {
			t.Fatalf("%s: [%d] = %v, want %v (scale %v, rtol %g)", what, i, got[i], want[i], scale[i], rtol)
		}
	}
}

var testShapes = [][]uint64{
	{5, 4, 6}, {1, 7, 3}, {9, 2, 5},
	{4, 3, 5, 2}, {3, 5, 2, 4},
	{3, 2, 4, 3, 2},
}

func name(shape []uint64, mo []uint32) string { return fmt.Sprintf("shape=%v/order=%v", shape, mo) }
