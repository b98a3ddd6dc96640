package csr_test

import (
	"fmt"

	"github.com/hurray-format/hurray-go/csr"
	"gonum.org/v1/gonum/mat"
)

// example3x4 returns the 3x4 matrix [[1 0 2 0] [0 0 0 0] [0 3 0 4]].
func example3x4() *csr.Matrix[float64] {
	a, err := csr.New(3, 4, []uint64{0, 2, 2, 4}, []uint64{0, 2, 1, 3}, []float64{1, 2, 3, 4})
	if err != nil {
		panic(err)
	}
	return a
}

func ExampleMatrix_MulVec() {
	a := example3x4()
	x := []float64{1, 1, 1, 1} // len Cols
	y := make([]float64, 3)    // len Rows
	a.MulVec(y, x)             // y = A x
	fmt.Println(y)
	// Output:
	// [3 0 7]
}

func ExampleMatrix_MulMat() {
	a := example3x4()
	const k = 2
	// X is 4 x 2, row-major: column 0 is all ones, column 1 counts 0..3.
	x := []float64{
		1, 0,
		1, 1,
		1, 2,
		1, 3,
	}
	y := make([]float64, 3*k) // Y = A X is 3 x 2, row-major
	a.MulMat(y, x, k)
	fmt.Println(y)
	// Output:
	// [3 4 0 0 7 15]
}

func ExampleMulDense() {
	a := example3x4()
	var y mat.Dense // empty: MulDense sizes it
	csr.MulDense(&y, a, false, mat.NewDense(4, 1, []float64{1, 1, 1, 1}))
	fmt.Println(y.RawMatrix().Data)
	var z mat.Dense
	csr.MulDense(&z, a, true, mat.NewDense(3, 1, []float64{1, 0, 1})) // Aᵀ x
	fmt.Println(z.RawMatrix().Data)
	// Output:
	// [3 0 7]
	// [1 3 2 4]
}

func ExampleMatrix_FindBatch() {
	a := example3x4()
	// Three (row, col) pairs, row-major; out[k] is an index into Values or -1.
	out := make([]int, 3)
	a.FindBatch([]uint64{2, 3, 1, 1, 0, 2}, out)
	fmt.Println(out, a.Values()[out[0]])
	// Output:
	// [3 -1 1] 4
}

func ExampleMatrix_All() {
	a := example3x4()
	for c, v := range a.All() { // storage order: row by row
		fmt.Println(c, v)
	}
	// Output:
	// [0 0] 1
	// [0 2] 2
	// [2 1] 3
	// [2 3] 4
}
