package trust_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/trust"
)

// TestCheck: Check does nothing without Verify and panics naming the
// violation with it.
func TestCheck(t *testing.T) {
	bad := func() error { return errors.New("pos not monotone") }
	trust.Verify = false
	trust.Check("x", bad) // must not panic
	trust.Verify = true
	defer func() { trust.Verify = false }()
	defer func() {
		r := recover()
		if s, _ := r.(string); !strings.Contains(s, "pos not monotone") || !strings.Contains(s, "internal error") {
			t.Fatalf("panic %v, want an internal error naming the violation", r)
		}
	}()
	trust.Check("x", bad)
	t.Fatal("Check with Verify and an error did not panic")
}

// TestConstructors: each format's trusted constructor builds a valid
// structure of the right element type, and with Verify set rejects arrays
// that are not valid (so the converters' tests would catch a builder bug).
func TestConstructors(t *testing.T) {
	trust.Verify = true
	defer func() { trust.Verify = false }()
	x := trust.COO([]uint64{2, 3}, []uint64{0, 1, 1, 2}, []float32{1, 2}, true).(*coo.Tensor[float32])
	if !x.Valid() || !x.IsSorted() || x.NNZ() != 2 {
		t.Fatalf("COO: %v", x)
	}
	y := trust.COO([]uint64{2, 3}, []uint64{1, 2, 0, 1}, []float64{1, 2}, false).(*coo.Tensor[float64])
	if !y.Valid() || y.IsSorted() {
		t.Fatalf("COO unsorted: %v", y)
	}
	a := trust.CSR(2, 3, false, []uint64{0, 1, 2}, []uint64{1, 2}, []float64{1, 2}).(*csr.Matrix[float64])
	if !a.Valid() || a.IsCSC() {
		t.Fatalf("CSR: %v", a)
	}
	c, err := convert.COOToCSF(mustCOO(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	u := trust.CSF(c.Shape(), c.ModeOrder(), levels(c, c.Pos), levels(c, c.Crd), c.Values()).(*csf.Tensor[float64])
	if !u.Valid() || u.NNZ() != c.NNZ() {
		t.Fatalf("CSF: %v", u)
	}
	for name, f := range map[string]func(){
		"COO bound":       func() { trust.COO([]uint64{2, 3}, []uint64{0, 3}, []float64{1}, true) },
		"COO sorted flag": func() { trust.COO([]uint64{2, 3}, []uint64{1, 0, 0, 0}, []float64{1, 2}, true) },
		"CSR order":       func() { trust.CSR(1, 3, false, []uint64{0, 2}, []uint64{2, 1}, []float64{1, 2}) },
		"CSF pos": func() {
			pos := levels(c, c.Pos)
			pos[0] = []uint64{0, 9}
			trust.CSF(c.Shape(), c.ModeOrder(), pos, levels(c, c.Crd), c.Values())
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
	*f.sawVerify = trust.Verify
	return 7
}

// TestMainSetsVerify: Main runs the tests with Verify set and returns their
// exit code.
func TestMainSetsVerify(t *testing.T) {
	trust.Verify = false
	defer func() { trust.Verify = false }()
	var saw bool
	if code := trust.Main(fakeM{&saw}); code != 7 || !saw {
		t.Fatalf("Main: code %d, Verify during Run %v; want 7, true", code, saw)
	}
}
