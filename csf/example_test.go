package csf_test

import (
	"errors"
	"fmt"

	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/layout"
)

// A 2x3x4 tensor stored with mode 2 at the root: level 0 holds mode 2,
// level 1 mode 0, level 2 mode 1. Entries: (0,1,3)=1.5, (1,2,3)=2.5,
// (1,0,0)=4.
func Example() {
	shape := []uint64{2, 3, 4}
	modeOrder := []uint32{2, 0, 1}
	pos := [][]uint64{{0, 2}, {0, 1, 3}, {0, 1, 2, 3}}
	crd := [][]uint64{{0, 3}, {1, 0, 1}, {0, 1, 2}}
	vals := []float64{4, 1.5, 2.5}
	t, err := csf.New(shape, modeOrder, pos, crd, vals)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t)
	fmt.Println(t.At(1, 2, 3), t.At(0, 0, 0))

	out := make([]int, 2)
	t.FindBatch([]uint64{0, 1, 3, 1, 1, 1}, out)
	fmt.Println(out)

	for c, v := range t.All() {
		fmt.Println(c, v)
	}

	// A sibling repeated on level 1 is rejected with its level and index.
	_, err = csf.New(shape, modeOrder, pos, [][]uint64{{0, 3}, {1, 1, 1}, {0, 1, 2}}, vals)
	fmt.Println(err, errors.Is(err, layout.ErrInvalid))
	// Output:
	// csf float64 [2 3 4] mode_order [2 0 1] nnz 3 levels [2 3 3]
	// 2.5 0
	// [1 -1]
	// [1 0 0] 4
	// [0 1 3] 1.5
	// [1 2 3] 2.5
	// csf: level 1 crd[2]: 1 follows 1 in the same segment (must strictly increase) true
}
