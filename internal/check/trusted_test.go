package check_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/check"
)

// TestTrusted: Trusted does nothing without Verify and panics naming the
// violation with it.
func TestTrusted(t *testing.T) {
	bad := func() error { return errors.New("pos not monotone") }
	check.Verify = false
	check.Trusted("x", bad) // must not panic
	check.Verify = true
	defer func() { check.Verify = false }()
	defer func() {
		r := recover()
		if s, _ := r.(string); !strings.Contains(s, "pos not monotone") || !strings.Contains(s, "internal error") {
			t.Fatalf("panic %v, want an internal error naming the violation", r)
		}
	}()
	check.Trusted("x", bad)
	t.Fatal("Trusted with Verify and an error did not panic")
}

// named is an element type of float32's kind other than float32: the
// constraints allow it, and the constructors must fill it too.
type named float32

// TestConstructors: each format's trusted constructor fills a valid
// structure of any element type, named types included, and with Verify set
// rejects arrays that are not valid (so the converters' tests would catch
// a builder bug).
func TestConstructors(t *testing.T) {
	var k check.Key
	check.Verify = true
	defer func() { check.Verify = false }()
	x := new(coo.Tensor[float32])
	x.Trusted(k).Adopt([]uint64{2, 3}, []uint64{0, 1, 1, 2}, []float32{1, 2}, true)
	if !x.Valid() || !x.IsSorted() || x.NNZ() != 2 {
		t.Fatalf("COO: %v", x)
	}
	y := new(coo.Tensor[float64])
	y.Trusted(k).Adopt([]uint64{2, 3}, []uint64{1, 2, 0, 1}, []float64{1, 2}, false)
	if !y.Valid() || y.IsSorted() {
		t.Fatalf("COO unsorted: %v", y)
	}
	xn := new(coo.Tensor[named])
	xn.Trusted(k).Adopt([]uint64{2, 3}, []uint64{0, 1, 1, 2}, []named{1, 2}, true)
	if !xn.Valid() || !xn.IsSorted() || xn.At(1, 2) != 2 {
		t.Fatalf("COO of a named type: %v", xn)
	}
	a := new(csr.Matrix[float64])
	a.Trusted(k).Adopt(2, 3, false, false, []uint64{0, 1, 2}, []uint64{1, 2}, []float64{1, 2})
	if !a.Valid() || a.IsCSC() || a.Trusted(k).Shared() {
		t.Fatalf("CSR: %v", a)
	}
	an := new(csr.Matrix[named])
	an.Trusted(k).Adopt(2, 3, true, true, []uint64{0, 0, 1, 2}, []uint64{0, 1}, []named{1, 2})
	if !an.Valid() || !an.IsCSC() || an.At(1, 2) != 2 || !an.Trusted(k).Shared() || !an.T().Trusted(k).Shared() {
		t.Fatalf("shared CSC of a named type: %v", an)
	}
	if (*csr.Matrix[float64])(nil).Trusted(k).Shared() {
		t.Fatal("Shared() of a nil matrix = true")
	}
	c, err := convert.COOToCSF(mustCOO(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	u := new(csf.Tensor[float64])
	u.Trusted(k).Adopt(c.Shape(), c.ModeOrder(), levels(c, c.Pos), levels(c, c.Crd), c.Values())
	if !u.Valid() || u.NNZ() != c.NNZ() {
		t.Fatalf("CSF: %v", u)
	}
	un := new(csf.Tensor[named])
	nv := make([]named, c.NNZ())
	un.Trusted(k).Adopt(c.Shape(), c.ModeOrder(), levels(c, c.Pos), levels(c, c.Crd), nv)
	if !un.Valid() || un.NNZ() != c.NNZ() {
		t.Fatalf("CSF of a named type: %v", un)
	}
	for name, f := range map[string]func(){
		"COO bound": func() {
			new(coo.Tensor[float64]).Trusted(k).Adopt([]uint64{2, 3}, []uint64{0, 3}, []float64{1}, true)
		},
		"COO sorted flag": func() {
			new(coo.Tensor[float64]).Trusted(k).Adopt([]uint64{2, 3}, []uint64{1, 0, 0, 0}, []float64{1, 2}, true)
		},
		"CSR order": func() {
			new(csr.Matrix[named]).Trusted(k).Adopt(1, 3, false, false, []uint64{0, 2}, []uint64{2, 1}, []named{1, 2})
		},
		"CSF pos": func() {
			pos := levels(c, c.Pos)
			pos[0] = []uint64{0, 9}
			new(csf.Tensor[float64]).Trusted(k).Adopt(c.Shape(), c.ModeOrder(), pos, levels(c, c.Crd), c.Values())
		},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: invalid arrays accepted with Verify set", name)
				}
			}()
			f()
		}()
	}
}

func mustCOO(t *testing.T) *coo.Tensor[float64] {
	x, err := coo.New([]uint64{2, 3, 4}, []uint64{0, 1, 2, 1, 0, 3, 1, 2, 0}, []float64{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func levels(c *csf.Tensor[float64], f func(int) []uint64) [][]uint64 {
	out := make([][]uint64, c.Rank())
	for L := range out {
		out[L] = append([]uint64(nil), f(L)...)
	}
	return out
}

type fakeM struct{ sawVerify *bool }

func (f fakeM) Run() int {
	*f.sawVerify = check.Verify
	return 7
}

// TestMainSetsVerify: Main runs the tests with Verify set and returns their
// exit code.
func TestMainSetsVerify(t *testing.T) {
	check.Verify = false
	defer func() { check.Verify = false }()
	var saw bool
	if code := check.Main(fakeM{&saw}); code != 7 || !saw {
		t.Fatalf("Main: code %d, Verify during Run %v; want 7, true", code, saw)
	}
}
