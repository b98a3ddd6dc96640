package coo_test

import (
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
)

// A validated tensor's coordinates may change afterwards (through Coords or
// the bytes given to FromBuffers), and so may the shape a caller passed to
// New. The products must then compute on the shape the tensor copied, and
// on changed coordinates stay inside their slices (they may panic), never
// fault. A fault ends the test binary, so each case runs in a child
// process (testutil.RunIsolated), once per kernel path.

// twoByFour is a validated 2x4 tensor with entries (0,0) (0,1) (1,2) (1,3).
func twoByFour(t *testing.T) (shape []uint64, x *coo.Tensor[float64]) {
	shape = []uint64{2, 4}
	x, err := coo.New(shape, []uint64{0, 0, 0, 1, 1, 2, 1, 3}, []float64{1, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	return shape, x
}

// safetyCases: a case with NoFault may panic, the others must complete.
var safetyCases = []testutil.Case{
	{Name: "shape[0]=1 after New/MulMat", Run: func(t *testing.T) {
		shape, x := twoByFour(t)
		in := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
		want := make([]float64, 2*3)
		x.MulMat(want, in, 3)
		shape[0] = 1
		got := make([]float64, 2*3)
		x.MulMat(got, in, 3)
		if !slices.Equal(got, want) {
			t.Fatalf("got %v, want %v", got, want)
		}
	}},
	{Name: "coord=2^40/MulVec", NoFault: true, Run: func(t *testing.T) {
		_, x := twoByFour(t)
		x.Coords()[3] = 1 << 40
		x.MulVec(make([]float64, 2), make([]float64, 4))
	}},
	{Name: "coord=2^61/MulMatTrans", NoFault: true, Run: func(t *testing.T) {
		_, x := twoByFour(t)
		x.Coords()[2] = 1 << 61
		x.MulMatTrans(make([]float64, 4*8), make([]float64, 2*8), 8)
	}},
	{Name: "FromBuffers bytes/MulMat", NoFault: true, Run: func(t *testing.T) {
		coords := mem.Uint64Bytes([]uint64{0, 0, 0, 1, 1, 2, 1, 3})
		x, err := coo.FromBuffers[float64]([]uint64{2, 4}, [][]byte{mem.FloatBytes([]float64{1, 2, 3, 4}), coords}, layout.Strict)
		if err != nil {
			t.Fatal(err)
		}
		coords[13] = 1 // coordinate 1 of entry 0 += 1 << 40
		x.MulMat(make([]float64, 2*8), make([]float64, 4*8), 8)
	}},
}

// TestChangedAfterValidation runs every case in a child process on every
// kernel path and automatic selection (automatic selection alone with
// -short).
func TestChangedAfterValidation(t *testing.T) {
	testutil.RunCases(t, "TestChangedAfterValidation", safetyCases)
}
