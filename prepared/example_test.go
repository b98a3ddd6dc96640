package prepared_test

import (
	"fmt"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/prepared"
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
