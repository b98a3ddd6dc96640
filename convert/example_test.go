package convert_test

import (
	"fmt"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
)

func Example() {
	// (1,0,2) appears twice: its values are summed.
	x, _ := coo.New([]uint64{2, 3, 4}, []uint64{
		1, 0, 2,
		0, 2, 3,
		1, 0, 2,
	}, []float64{1, 2, 10})
	t, err := convert.COOToCSF(x, []uint32{2, 0, 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t)
	fmt.Println(t.At(1, 0, 2))
	back := convert.CSFToCOO(t)
	fmt.Println(back.Coords(), back.Values())
	// Output:
	// csf float64 [2 3 4] mode_order [2 0 1] nnz 2 levels [2 2 2]
	// 11
	// [1 0 2 0 2 3] [11 2]
}
