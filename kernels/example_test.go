package kernels_test

import (
	"fmt"

	"github.com/hurray-format/hurray-go/kernels"
)

func Example() {
	s := []uint64{2, 3, 3, 8, 13}
	fmt.Println(kernels.LowerBound(s, 3), kernels.LowerBound(s, 9), kernels.LowerBound(s, 99))

	pos := []uint64{0, 2, 2, 5}
	parent := make([]uint64, 5)
	kernels.ExpandPos(parent, pos)
	fmt.Println(parent)

	counts := []uint64{2, 0, 3}
	starts := make([]uint64, 3)
	total := kernels.ExclusiveScan(starts, counts)
	fmt.Println(starts, total)

	// Force the portable path (an unavailable one is an error).
	fmt.Println(kernels.Use("generic"), kernels.Active())
	fmt.Println(kernels.Use("auto"))
	// Output:
	// 1 4 5
	// [0 0 2 2 2]
	// [0 2 2] 5
	// <nil> generic
	// <nil>
}
