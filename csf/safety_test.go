package csf_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/internal/mem"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
)

// The levels of a validated tensor may change afterwards (through Crd,
// Pos or the bytes given to FromBuffers), and so may the shape and mode
// order a caller passed to New. Products must then stop with a panic that
// names a kernel family, or compute on what the tensor copied, never fault
// or write outside out. A fault ends the test binary, so each case runs in
// a child process (testutil.RunIsolated), once per kernel path.

// kernelBad matches the panic of every product kernel on an index changed
// after validation.
const kernelBad = `kernels: \w+: index out of range \(an index array changed after validation\?\)`

// smallShape, smallOrder, smallPos, smallCrd and smallVals make a 2x3x4
// tensor with mode 2 at the root: (0,1,3)=1.5, (1,2,3)=2.5, (1,0,0)=4.
func smallTensor(t *testing.T) (shape []uint64, order []uint32, x *csf.Tensor[float64]) {
	shape, order = []uint64{2, 3, 4}, []uint32{2, 0, 1}
	x, err := csf.New(shape, order, [][]uint64{{0, 2}, {0, 1, 3}, {0, 1, 2, 3}}, [][]uint64{{0, 3}, {1, 0, 1}, {0, 1, 2}}, []float64{4, 1.5, 2.5})
	if err != nil {
		t.Fatal(err)
	}
	return shape, order, x
}

// mttkrp runs MTTKRP along mode with rank-5 factors of 1, 2, 3, ... and
// returns out.
func mttkrp(x *csf.Tensor[float64], shape []uint64, mode int) []float64 {
	const r = 5
	f := make([][]float64, len(shape))
	for m := range f {
		f[m] = make([]float64, int(shape[m])*r)
		for i := range f[m] {
			f[m][i] = float64(i + 1)
		}
	}
	out := make([]float64, int(shape[mode])*r)
	x.MTTKRP(mode, f, r, out)
	return out
}

// safetyCases change a tensor after validation and run MTTKRP along each
// mode; Want is the panic a case must end in, "" when it must complete.
func safetyCases() []testutil.Case {
	var cs []testutil.Case
	for mode := range 3 {
		// One index array entry set to 2^40 after validation.
		for _, c := range []struct {
			name string
			at   func(x *csf.Tensor[float64]) *uint64
		}{
			{"crd0", func(x *csf.Tensor[float64]) *uint64 { return &x.Crd(0)[0] }},
			{"pos2", func(x *csf.Tensor[float64]) *uint64 { return &x.Pos(2)[1] }},
			{"crd2", func(x *csf.Tensor[float64]) *uint64 { return &x.Crd(2)[1] }},
		} {
			cs = append(cs, testutil.Case{Name: fmt.Sprintf("%s=2^40/mode=%d", c.name, mode), Want: kernelBad, Run: func(t *testing.T) {
				shape, _, x := smallTensor(t)
				*c.at(x) = 1 << 40
				mttkrp(x, shape, mode)
			}})
		}
		cs = append(cs,
			testutil.Case{Name: fmt.Sprintf("FromBuffers bytes/mode=%d", mode), Want: kernelBad, Run: func(t *testing.T) {
				shape, order, x := smallTensor(t)
				bufs := x.Buffers()
				own := make([][]byte, len(bufs))
				for i, b := range bufs {
					own[i] = mem.Uint64Bytes(make([]uint64, (len(b)+7)/8))[:len(b)]
					copy(own[i], b)
				}
				y, err := csf.FromBuffers[float64](shape, order, own, layout.Strict)
				if err != nil {
					t.Fatal(err)
				}
				own[6][13] = 1 // crd_2[1] += 1 << 40
				mttkrp(y, shape, mode)
			}},
			testutil.Case{Name: fmt.Sprintf("shape[0]=1 after New/mode=%d", mode), Want: "", Run: func(t *testing.T) {
				shape, _, x := smallTensor(t)
				want := mttkrp(x, x.Shape(), mode)
				shape[0] = 1
				if got := mttkrp(x, x.Shape(), mode); !slices.Equal(got, want) {
					t.Fatalf("got %v, want %v", got, want)
				}
			}},
			testutil.Case{Name: fmt.Sprintf("modeOrder changed after New/mode=%d", mode), Want: "", Run: func(t *testing.T) {
				_, order, x := smallTensor(t)
				want := mttkrp(x, x.Shape(), mode)
				order[0], order[1] = order[1], order[0]
				if got := mttkrp(x, x.Shape(), mode); !slices.Equal(got, want) {
					t.Fatalf("got %v, want %v", got, want)
				}
			}},
		)
	}
	return cs
}

// TestChangedAfterValidation runs every case in a child process on every
// kernel path and automatic selection (automatic selection alone with
// -short).
func TestChangedAfterValidation(t *testing.T) {
	testutil.RunCases(t, "TestChangedAfterValidation", safetyCases())
}
