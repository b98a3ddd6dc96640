package csr_test

import (
	"fmt"

	"github.com/hurray-format/hurray-go/csr"
)

// The 3x4 matrix [[1 0 2 0] [0 0 0 0] [0 3 0 4]] in CSR, and its CSC twin.
func Example() {
	a, err := csr.New(3, 4, []uint64{0, 2, 2, 4}, []uint64{0, 2, 1, 3}, []float64{1, 2, 3, 4})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a, a.At(2, 3), a.At(1, 1))
	c, _ := csr.NewCSC(3, 4, []uint64{0, 1, 2, 3, 4}, []uint64{0, 2, 0, 2}, []float64{1, 3, 2, 4})
	fmt.Println(c, c.At(2, 3))
	fmt.Println(a.T()) // the transpose, a CSC view of the same arrays

	_, err = csr.New(3, 4, []uint64{0, 2, 2, 4}, []uint64{0, 2, 3, 1}, []float64{1, 2, 3, 4})
	fmt.Println(err)
	// Output:
	// csr float64 3x4 nnz 4 4 0
	// csc float64 3x4 nnz 4 4
	// csc float64 4x3 nnz 4
	// csr: col_idx[3]: 1 follows 3 in the same segment (must strictly increase)
}
