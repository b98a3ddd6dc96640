package csr_test

import (
	"fmt"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// Quantizing a CSR matrix with a scale per row, reading values back, and
// reopening its buffer table (codes, row_ptr, col_idx, scales) without a
// copy. ExampleQuantized_MulVec builds the same matrix, a deliberate twin.
func ExampleQuantize() {
	a, err := csr.New(2, 3, []uint64{0, 2, 3}, []uint64{0, 2, 1}, []float32{1, -2, 0.5})
	if err != nil {
		fmt.Println(err)
		return
	}
	q, report, err := csr.Quantize(a, quant.MustParse("int8:channel:axis=0"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(q)
	fmt.Println(report)
	fmt.Println(q.At(0, 0), q.At(0, 2), q.At(1, 1), q.At(1, 0))
	b, err := csr.FromBuffersQuantized(2, 3, q.Scheme(), q.Buffers(), layout.Strict)
	fmt.Println(len(q.Buffers()), b.Values().Scale, err)
	// Output:
	// csr int8:channel:axis=0 2x3 nnz 3
	// 3 values: max abs error 0.007874, RMS error 0.004546, 3.667 bytes a value
	// 1.007874 -2 0.5 0
	// 4 [0.015748031 0.003937008] <nil>
}

// Quantizing a matrix to 8-bit codes with a scale per row and multiplying
// by it: MulVec decodes the codes inside the product, in float32. It
// builds the matrix of ExampleQuantize again: an example shows all it runs.
func ExampleQuantized_MulVec() {
	a, err := csr.New(2, 3, []uint64{0, 2, 3}, []uint64{0, 2, 1}, []float32{1, -2, 0.5})
	if err != nil {
		fmt.Println(err)
		return
	}
	q, report, err := csr.Quantize(a, quant.MustParse("int8:channel:axis=0"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("max abs error %.3g\n", report.MaxAbsErr)
	x := []float32{1, 2, 3}
	y := make([]float32, 2)
	q.MulVec(y, x) // y = A x
	fmt.Println(y)
	a.MulVec(y, x) // the float32 matrix, for comparison
	fmt.Println(y)
	// Output:
	// max abs error 0.00787
	// [-4.992126 1]
	// [-5 1]
}
