package coo_test

import (
	"fmt"

	"github.com/hurray-format/hurray-go/coo"
)

func Example() {
	// Three entries of a 4x5x6 tensor, one tuple per entry.
	x, err := coo.New([]uint64{4, 5, 6}, []uint64{
		3, 0, 5,
		0, 4, 1,
		0, 4, 0,
	}, []float32{1, 2, 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(x, x.At(0, 4, 1))
	_ = x.Sort(nil)
	fmt.Println(x, x.Coords())

	_, err = coo.New([]uint64{4, 5, 6}, []uint64{3, 5, 0}, []float32{1})
	fmt.Println(err)
	// Output:
	// coo float32 [4 5 6] nnz 3 unsorted 2
	// coo float32 [4 5 6] nnz 3 sorted [0 4 0 0 4 1 3 0 5]
	// coo: coords[1]: entry 0 mode 1: 5 is not below the dimension size 5
}
