package csr_test

import (
	"fmt"

	"github.com/hurray-format/hurray-go/csr"
	"gonum.org/v1/gonum/mat"
)

// ExampleMul multiplies a sparse matrix by a gonum dense matrix, on either
// side, with the arguments of (*mat.Dense).Mul.
func ExampleMul() {
	// [1 0 2]
	// [0 3 0]
	a, _ := csr.New[float64](2, 3, []uint64{0, 2, 3}, []uint64{0, 2, 1}, []float64{1, 2, 3})
	x := mat.NewDense(3, 2, []float64{1, 0, 0, 1, 1, 1})
	var y mat.Dense
	csr.Mul(&y, csr.AsMat(a), x) // A X, through csr.MulDense
	fmt.Println(mat.Formatted(&y))
	var z mat.Dense
	csr.Mul(&z, x.T(), csr.AsMat(a).T()) // Xᵀ Aᵀ
	fmt.Println(mat.Formatted(&z))
	// Output:
	// ⎡3  2⎤
	// ⎣0  3⎦
	// ⎡3  0⎤
	// ⎣2  3⎦
}

// ExampleMat_ToDense copies a sparse matrix into a gonum dense matrix.
func ExampleMat_ToDense() {
	a, _ := csr.NewCSC[float64](2, 2, []uint64{0, 1, 2}, []uint64{1, 0}, []float64{5, 6})
	fmt.Println(mat.Formatted(csr.AsMat(a).ToDense()))
	fmt.Println(a.ToDense())
	// Output:
	// ⎡0  6⎤
	// ⎣5  0⎦
	// [0 6 5 0]
}
