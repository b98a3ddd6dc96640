package csf_test

import (
	"fmt"

	"github.com/hurray-format/hurray-go/csf"
)

// The products on the tensor of the package example: MTTKRP along mode 0
// with factor matrices of 2 columns, then TTV along mode 2 (stored at the root level, so
// the entries are regrouped), once into a new matrix and once into that
// matrix's memory.
func Example_products() {
	t, err := csf.New([]uint64{2, 3, 4}, []uint32{2, 0, 1},
		[][]uint64{{0, 2}, {0, 1, 3}, {0, 1, 2, 3}},
		[][]uint64{{0, 3}, {1, 0, 1}, {0, 1, 2}},
		[]float64{4, 1.5, 2.5}) // (1,0,0)=4, (0,1,3)=1.5, (1,2,3)=2.5
	if err != nil {
		fmt.Println(err)
		return
	}
	// out(i, r) = Σ x(i, j, k) * F1(j, r) * F2(k, r); factors are row-major.
	f1 := []float64{1, 1, 2, 0, 3, 1}
	f2 := []float64{1, 0, 1, 0, 1, 0, 10, 1}
	out := make([]float64, 2*2)
	t.MTTKRP(0, [][]float64{nil, f1, f2}, 2, out)
	fmt.Println(out)

	// y(i, j) = Σ_k x(i, j, k) * v[k]: a 2x3 matrix.
	y := t.TTVMatrix(2, []float64{1, 1, 1, 2})
	for c, v := range y.All() {
		fmt.Println(c, v)
	}
	// Again into y's memory (y must not be used afterwards): a sum of zero
	// stays a stored entry.
	y = t.TTVMatrixTo(y, 2, []float64{0, 0, 0, 1}, nil)
	fmt.Println(y.NNZ(), y.Values())
	// Output:
	// [30 0 79 2.5]
	// [0 1] 3
	// [1 0] 4
	// [1 2] 5
	// 3 [1.5 0 2.5]
}
