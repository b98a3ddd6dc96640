package convert_test

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/layout"
)

func TestCast(t *testing.T) {
	x, err := coo.New([]uint64{2, 3, 4}, []uint64{
		1, 0, 2,
		0, 2, 3,
		1, 1, 0,
	}, []float64{1.5, math.MaxFloat64, 1.0 / 3})
	if err != nil {
		t.Fatal(err)
	}
	x32 := convert.CastCOO[float32](x)
	if !x32.Valid() || x32.IsSorted() != x.IsSorted() || fmt.Sprint(x32.Shape()) != "[2 3 4]" {
		t.Fatalf("CastCOO: %v", x32)
	}
	want := []float32{1.5, float32(math.Inf(1)), float32(1.0 / 3)}
	for i, v := range x32.Values() {
		if v != want[i] {
			t.Errorf("CastCOO value %d = %v, want %v", i, v, want[i])
		}
	}
	x.Coords()[0] = 0
	if x32.Coords()[0] != 1 {
		t.Error("CastCOO shares the coordinates")
	}
	back := convert.CastCOO[float64](x32)
	if back.Values()[0] != 1.5 || back.Values()[2] != float64(float32(1.0/3)) {
		t.Errorf("CastCOO to float64: %v", back.Values())
	}

	c, err := csr.NewCSC[float64](2, 3, []uint64{0, 1, 1, 3}, []uint64{1, 0, 1}, []float64{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	c32 := convert.CastMatrix[float32](c)
	if !c32.IsCSC() || c32.At(1, 0) != 1 || c32.At(0, 2) != 2 || c32.At(1, 2) != 3 || c32.NNZ() != 3 {
		t.Fatalf("CastMatrix: %v", c32)
	}
	c.Idx()[0] = 0
	if c32.Idx()[0] != 1 {
		t.Error("CastMatrix shares the indices")
	}
	if err := c32.Validate(); err != nil {
		t.Error(err)
	}

	y, _ := coo.New([]uint64{2, 3, 4}, []uint64{1, 0, 2, 0, 2, 3}, []float32{4, 5})
	f, err := convert.COOToCSF(y, []uint32{2, 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	f64 := convert.CastCSF[float64](f)
	if fmt.Sprint(f64.ModeOrder()) != "[2 0 1]" || f64.At(1, 0, 2) != 4 || f64.At(0, 2, 3) != 5 {
		t.Fatalf("CastCSF: %v", f64)
	}
	if err := f64.Validate(); err != nil {
		t.Error(err)
	}
	f.Crd(0)[0] = 9
	if f64.Crd(0)[0] == 9 {
		t.Error("CastCSF shares the levels")
	}
}

func TestCastUnvalidated(t *testing.T) {
	for name, f := range map[string]func(){
		"coo": func() { convert.CastCOO[float32](new(coo.Tensor[float64])) },
		"csr": func() { convert.CastMatrix[float32](new(csr.Matrix[float64])) },
		"csf": func() { convert.CastCSF[float32](new(csf.Tensor[float64])) },
	} {
		func() {
			defer func() {
				err, _ := recover().(error)
				if !errors.Is(err, layout.ErrUnvalidated) {
					t.Errorf("%s: recovered %v, want ErrUnvalidated", name, err)
				}
			}()
			f()
		}()
	}
}

func ExampleCastMatrix() {
	a, _ := csr.New[float64](2, 2, []uint64{0, 1, 2}, []uint64{1, 0}, []float64{0.1, 2})
	b := convert.CastMatrix[float32](a)
	fmt.Println(b, b.At(0, 1))
	// Output:
	// csr float32 2x2 nnz 2 0.1
}
