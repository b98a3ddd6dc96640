package mtx_test

import (
	"fmt"
	"strings"

	"github.com/hurray-format/hurray-go/formats/mtx"
)

func ExampleRead() {
	src := `%%MatrixMarket matrix coordinate real general
% a 2x3 matrix with two entries
2 3 2
1 1 0.5
2 3 -1
`
	x, h, err := mtx.Read[float64](strings.NewReader(src), mtx.Options{Name: "small.mtx"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(h.Field, h.Symmetry, x, x.At(1, 2))
	// Output:
	// real general coo float64 [2 3] nnz 2 sorted -1
}

func ExampleReadFile() {
	// A 479x479 matrix of the SuiteSparse collection, in float32.
	x, h, err := mtx.ReadFile[float32]("../../testdata/west0479.mtx")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(h.Field, h.Symmetry, x.Shape(), x.NNZ())
	// Output:
	// real general [479 479] 1910
}
