package coo_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/quant"
)

func TestAtOutsideShape(t *testing.T) {
	x, err := coo.New([]uint64{2, 3, 4}, []uint64{1, 2, 3, 1, 2, 3}, []float64{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if d := x.Dims(); len(d) != 3 || d[0] != 2 || d[1] != 3 || d[2] != 4 {
		t.Fatalf("Dims() = %v, want [2 3 4]", d)
	}
	if x.At(1, 2, 3) != 3 || x.At(0, 0, 0) != 0 {
		t.Fatalf("At inside: %v %v", x.At(1, 2, 3), x.At(0, 0, 0))
	}
	q, _, err := coo.Quantize(x, quant.MustParse("int8:tensor"))
	if err != nil {
		t.Fatal(err)
	}
	if d := q.Dims(); len(d) != 3 || d[0] != 2 || d[1] != 3 || d[2] != 4 {
		t.Fatalf("Quantized.Dims() = %v, want [2 3 4]", d)
	}
	if math.Abs(float64(q.At(1, 2, 3))-3) > 0.05 || q.At(0, 0, 0) != 0 {
		t.Fatalf("Quantized.At inside: %v %v", q.At(1, 2, 3), q.At(0, 0, 0))
	}
	for _, tc := range []struct {
		coord []uint64
		want  string
	}{
		{[]uint64{2, 0, 0}, "coo: At[2 0 0] outside the shape [2 3 4] (mode 0)"},
		{[]uint64{0, 0, 4}, "coo: At[0 0 4] outside the shape [2 3 4] (mode 2)"},
		{[]uint64{0, 0}, "coo: At: coordinate of length 2 for rank 3"},
	} {
		func() {
			defer func() {
				if r := fmt.Sprint(recover()); r != tc.want {
					t.Errorf("At%v: recovered %q, want %q", tc.coord, r, tc.want)
				}
			}()
			x.At(tc.coord...)
		}()
		// The quantized tensor's At checks its coordinate the same way.
		func() {
			defer func() {
				if r := fmt.Sprint(recover()); r != tc.want {
					t.Errorf("Quantized.At%v: recovered %q, want %q", tc.coord, r, tc.want)
				}
			}()
			q.At(tc.coord...)
		}()
	}
}
