package prepared_test

import (
	"fmt"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/prepared"
	"github.com/hurray-format/hurray-go/quant"
)

// Prepare a matrix once, then multiply by it many times.
func Example() {
	// [[1 0 2 0] [0 0 0 0] [0 3 0 4]]
	a, err := csr.New(3, 4, []uint64{0, 2, 2, 4}, []uint64{0, 2, 1, 3}, []float32{1, 2, 3, 4})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := prepared.Prepare(a, prepared.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Index(), m.NNZ())
	y := make([]float32, 3)
	for _, x := range [][]float32{{1, 1, 1, 1}, {1, 0, 0, 1}} {
		m.MulVec(y, x)
		fmt.Println(y)
	}
	// Output:
	// cols16 4
	// [3 0 7]
	// [1 0 4]
}

// Prepare an int8 matrix with a scale a row once, then multiply by it:
// the product decodes the codes inside the kernel, in float32.
func ExamplePrepareQuantized() {
	// [[127 0 -64 0] [0 0 0 0] [0 2 0 -4]]: the row scales are 1 and 4/127,
	// so 2 is stored as code 64 and reads back as 64·4/127.
	a, err := csr.New(3, 4, []uint64{0, 2, 2, 4}, []uint64{0, 2, 1, 3}, []float32{127, -64, 2, -4})
	if err != nil {
		fmt.Println(err)
		return
	}
	q, _, err := csr.Quantize(a, quant.MustParse("int8:channel:axis=0"))
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := prepared.PrepareQuantized(q, prepared.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m)
	y := make([]float32, 3)
	m.MulVec(y, []float32{1, 1, 1, 1})
	fmt.Println(y)
	// Output:
	// prepared csr int8:channel:axis=0 3x4 nnz 4 cols16 10.00 B/value
	// [63 0 -1.984252]
}
