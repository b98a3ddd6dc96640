package csf_test

import (
	"fmt"

	"github.com/hurray-format/hurray-go/csf"
)

// example2x3x4 returns the tensor of Example: (0,1,3)=1.5, (1,2,3)=2.5,
// (1,0,0)=4, stored with mode 2 at the root.
func example2x3x4() *csf.Tensor[float64] {
	t, err := csf.New([]uint64{2, 3, 4}, []uint32{2, 0, 1},
		[][]uint64{{0, 2}, {0, 1, 3}, {0, 1, 2, 3}},
		[][]uint64{{0, 3}, {1, 0, 1}, {0, 1, 2}},
		[]float64{4, 1.5, 2.5})
	if err != nil {
		panic(err)
	}
	return t
}

func ExampleTensor_MTTKRP() {
	t := example2x3x4()
	const cols = 2 // columns of every factor matrix
	dims := t.Dims()
	factors := make([][]float64, t.Rank()) // factors[m] is dims[m] x cols, row-major
	for m := range factors {
		factors[m] = make([]float64, dims[m]*cols)
		for i := range dims[m] {
			factors[m][i*cols] = 1            // column 0: ones
			factors[m][i*cols+1] = float64(i) // column 1: the index
		}
	}
	out := make([]float64, dims[0]*cols) // mode 0: out is 2 x cols
	t.MTTKRP(0, factors, cols, out)      // factors[0] is not read
	fmt.Println(out)
	// Output:
	// [1.5 4.5 6.5 15]
}

func ExampleTensor_FindBatch() {
	t := example2x3x4()
	// Two logical coordinates, row-major n x rank; out[i] is a leaf or -1.
	out := make([]int, 2)
	t.FindBatch([]uint64{0, 1, 3, 1, 1, 1}, out)
	fmt.Println(out, t.Values()[out[0]])
	// Output:
	// [1 -1] 1.5
}

func ExampleTensor_All() {
	t := example2x3x4()
	for c, v := range t.All() { // storage order; c is logical and reused
		fmt.Println(c, v)
	}
	// Output:
	// [1 0 0] 4
	// [0 1 3] 1.5
	// [1 2 3] 2.5
}

func ExampleTensor_TTVAny() {
	t := example2x3x4()
	// Along mode 2 a rank-3 tensor becomes a 2x3 matrix over modes 0 and 1.
	r := t.TTVAny(2, []float64{1, 0, 0, 10})
	fmt.Println(r, r.At(0, 1), r.At(1, 2))
	fmt.Println(r.ToDense())
	// Output:
	// csr float64 2x3 nnz 3 15 25
	// [0 15 0 4 0 25]
}
