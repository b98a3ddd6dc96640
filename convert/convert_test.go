package convert_test

import (
	"errors"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/layout"
)

type key = string

func k(c []uint64) key { return string(mem.Uint64Bytes(c)) }

// randomCOO returns a COO with duplicates and stored zeros, and its summed
// dense map.
func randomCOO(rng *rand.Rand, shape []uint64, n int) (*coo.Tensor[float64], map[key]float64) {
	r := len(shape)
	coords := make([]uint64, 0, n*r)
	vals := make([]float64, 0, n)
	want := map[key]float64{}
	for i := range n {
		c := make([]uint64, r)
		if i > 0 && rng.IntN(5) == 0 { // duplicate of an earlier one
			j := rng.IntN(i)
			copy(c, coords[j*r:j*r+r])
		} else {
			for m := range c {
				c[m] = rng.Uint64N(shape[m])
			}
		}
		v := float64(rng.IntN(7)) // zeros included
		coords = append(coords, c...)
		vals = append(vals, v)
		want[k(c)] += v
	}
	x, err := coo.New(shape, coords, vals)
	if err != nil {
		panic(err)
	}
	return x, want
}

func perms(r int) [][]uint32 {
	if r == 1 {
		return [][]uint32{{0}}
	}
	var out [][]uint32
	for _, p := range perms(r - 1) {
		for i := 0; i <= len(p); i++ {
			q := slices.Insert(slices.Clone(p), i, uint32(r-1))
			out = append(out, q)
		}
	}
	return out
}

func TestCOOToCSFAllOrders(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for _, shape := range [][]uint64{{3, 4, 5}, {2, 3, 2, 4}, {1, 1, 1}, {7, 1, 300}} {
		for _, n := range []int{0, 1, 30, 200} {
			x, want := randomCOO(rng, shape, n)
			for _, mo := range perms(len(shape)) {
				y, err := convert.COOToCSF(x, mo)
				if err != nil {
					t.Fatalf("shape %v mo %v: %v", shape, mo, err)
				}
				if err := y.Validate(); err != nil {
					t.Fatal(err)
				}
				if y.NNZ() != len(want) {
					t.Fatalf("shape %v mo %v: nnz %d, want %d distinct", shape, mo, y.NNZ(), len(want))
				}
				for c, v := range y.All() {
					if want[k(c)] != v {
						t.Fatalf("shape %v mo %v: %v = %v, want %v", shape, mo, c, v, want[k(c)])
					}
				}
				// CSF -> COO gives the deduplicated tensor, in level order.
				back := convert.CSFToCOO(y)
				got := map[key]float64{}
				for c, v := range back.All() {
					got[k(c)] = v
				}
				if !maps.Equal(got, want) || back.NNZ() != len(want) {
					t.Fatalf("shape %v mo %v: CSF->COO differs", shape, mo)
				}
				if slices.Equal(mo, []uint32{0, 1, 2}) && !back.IsSorted() {
					t.Fatal("identity-order expansion not sorted")
				}
			}
		}
	}
}

func TestMatrixConversions(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, shape := range [][]uint64{{1, 1}, {5, 7}, {40, 3}, {3, 40}} {
		for _, n := range []int{0, 1, 20, 300} {
			x, want := randomCOO(rng, shape, n)
			a, err := convert.COOToCSR(x)
			if err != nil {
				t.Fatal(err)
			}
			c, err := convert.COOToCSC(x)
			if err != nil {
				t.Fatal(err)
			}
			tc := convert.CSRToCSC(a)
			tr := convert.CSCToCSR(c)
			for _, m := range []interface {
				NNZ() int
				At(i, j uint64) float64
			}{a, c, tc, tr} {
				if m.NNZ() != len(want) {
					t.Fatalf("nnz %d, want %d", m.NNZ(), len(want))
				}
				for i := range shape[0] {
					for j := range shape[1] {
						if m.At(i, j) != want[k([]uint64{i, j})] {
							t.Fatalf("%v (%d,%d)", m, i, j)
						}
					}
				}
			}
			if !tc.IsCSC() || tr.IsCSC() || !slices.Equal(tc.Ptr(), c.Ptr()) || !slices.Equal(tc.Idx(), c.Idx()) {
				t.Fatal("CSR->CSC differs from COO->CSC")
			}
			back := convert.MatrixToCOO(a)
			got := map[key]float64{}
			for cc, v := range back.All() {
				got[k(cc)] = v
			}
			if !maps.Equal(got, want) || !back.IsSorted() {
				t.Fatal("CSR->COO differs")
			}
		}
	}
}

func TestDuplicatePolicies(t *testing.T) {
	x, _ := coo.New([]uint64{2, 2, 2}, []uint64{1, 1, 1, 0, 0, 0, 1, 1, 1}, []float64{1, 2, 5})
	for _, tc := range []struct {
		d    convert.Duplicates
		want float64
	}{{convert.Sum, 6}, {convert.KeepLast, 5}} {
		y, err := convert.COOToCSFWith(x, nil, convert.Options{Duplicates: tc.d})
		if err != nil || y.At(1, 1, 1) != tc.want || y.NNZ() != 2 {
			t.Fatalf("policy %d: %v %v", tc.d, y, err)
		}
	}
	_, err := convert.COOToCSFWith(x, nil, convert.Options{Duplicates: convert.Reject})
	if !errors.Is(err, convert.ErrDuplicate) || !errors.Is(err, layout.ErrInvalid) {
		t.Fatalf("reject: %v", err)
	}
	m, _ := coo.New([]uint64{2, 2}, []uint64{1, 0, 1, 0}, []float64{1, 2})
	if _, err := convert.COOToCSRWith(m, convert.Options{Duplicates: convert.Reject}); !errors.Is(err, convert.ErrDuplicate) {
		t.Fatalf("CSR reject: %v", err)
	}
	if _, err := convert.COOToCSR(x); err == nil {
		t.Fatal("rank-3 COO to CSR accepted")
	}
	if _, err := convert.COOToCSF(m, nil); err == nil {
		t.Fatal("rank-2 COO to CSF accepted")
	}
	if _, err := convert.COOToCSF(x, []uint32{0, 0, 1}); err == nil {
		t.Fatal("bad mode order accepted")
	}
}

// named is an element type the constraints allow (~float64) that is not
// float64 itself.
type named float64

// TestNamedElementType: every conversion works for a named element type,
// with the same results as float64 (a named type once panicked with
// "trusted construction of an unknown element type").
func TestNamedElementType(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	for _, shape := range [][]uint64{{5, 6}, {4, 5, 6}} {
		x, _ := randomCOO(rng, shape, 60)
		vals := make([]named, x.NNZ())
		for i, v := range x.Values() {
			vals[i] = named(v)
		}
		y, err := coo.New(shape, slices.Clone(x.Coords()), vals)
		if err != nil {
			t.Fatal(err)
		}
		same := func(what string, a []named, b []float64) {
			t.Helper()
			if len(a) != len(b) {
				t.Fatalf("%s: %d values, want %d", what, len(a), len(b))
			}
			for i := range a {
				if float64(a[i]) != b[i] {
					t.Fatalf("%s: value %d = %v, want %v", what, i, a[i], b[i])
				}
			}
		}
		if len(shape) == 2 {
			for _, csc := range []bool{false, true} {
				f, g := convert.COOToCSR[float64], convert.COOToCSR[named]
				if csc {
					f, g = convert.COOToCSC[float64], convert.COOToCSC[named]
				}
				a, err := f(x)
				if err != nil {
					t.Fatal(err)
				}
				b, err := g(y)
				if err != nil {
					t.Fatalf("csc=%v: %v", csc, err)
				}
				same("COO to matrix", b.Values(), a.Values())
				same("transpose", convert.CSRToCSC(b).Values(), convert.CSRToCSC(a).Values())
				same("matrix to COO", convert.MatrixToCOO(b).Values(), convert.MatrixToCOO(a).Values())
			}
			continue
		}
		a, err := convert.COOToCSF(x, []uint32{2, 0, 1})
		if err != nil {
			t.Fatal(err)
		}
		b, err := convert.COOToCSF(y, []uint32{2, 0, 1})
		if err != nil {
			t.Fatal(err)
		}
		same("COO to CSF", b.Values(), a.Values())
		same("CSF to COO", convert.CSFToCOO(b).Values(), convert.CSFToCOO(a).Values())
		ra, err := convert.Reorder(a, nil)
		if err != nil {
			t.Fatal(err)
		}
		rb, err := convert.Reorder(b, nil)
		if err != nil {
			t.Fatal(err)
		}
		same("Reorder", rb.Values(), ra.Values())
		for mode := range 3 {
			v := make([]float64, shape[mode])
			w := make([]named, shape[mode])
			for i := range v {
				v[i] = float64(i + 1)
				w[i] = named(i + 1)
			}
			same("TTVMatrix", b.TTVMatrix(mode, w).Values(), a.TTVMatrix(mode, v).Values())
		}
	}
}
