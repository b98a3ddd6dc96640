package coo_test

import (
	"fmt"

	"github.com/hurray-format/hurray-go/coo"
)

// example4x5x6 returns three entries of a 4x5x6 tensor.
func example4x5x6() *coo.Tensor[float64] {
	x, err := coo.New([]uint64{4, 5, 6}, []uint64{
		3, 0, 5,
		0, 4, 1,
		0, 4, 0,
	}, []float64{1, 2, 3})
	if err != nil {
		panic(err)
	}
	return x
}

func ExampleTensor_FindBatch() {
	x := example4x5x6()
	// Two coordinates, row-major n x rank; out[i] is an index into Values or -1.
	out := make([]int, 2)
	x.FindBatch([]uint64{0, 4, 0, 1, 1, 1}, out)
	fmt.Println(out, x.Values()[out[0]])
	// Output:
	// [2 -1] 3
}

func ExampleTensor_All() {
	x := example4x5x6()
	for c, v := range x.All() { // storage order
		fmt.Println(c, v)
	}
	// Output:
	// [3 0 5] 1
	// [0 4 1] 2
	// [0 4 0] 3
}

func ExampleTensor_MulVec() {
	// The 2x3 matrix [[1 0 2] [0 3 0]] as a rank-2 COO tensor.
	x, err := coo.New([]uint64{2, 3}, []uint64{0, 0, 0, 2, 1, 1}, []float64{1, 2, 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	y := make([]float64, 2)
	x.MulVec(y, []float64{1, 1, 1}) // y = A x
	fmt.Println(y)
	// Output:
	// [3 3]
}
