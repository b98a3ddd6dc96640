package auto_test

import (
	"fmt"

	"github.com/hurray-format/hurray-go/formats/auto"
)

func ExampleRead() {
	// Read keeps the layout the file stores: a SciPy CSC matrix stays CSC.
	f, err := auto.Read[float64]("../../testdata/scipy_csc_i64.npz", auto.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Format, f.Layout(), f.Shape(), f.NNZ(), f.Matrix.IsCSC())
	// Output:
	// npz csc [4 5] 6 true
}

func ExampleReadCOO() {
	x, err := auto.ReadCOO[float32]("../../testdata/splatt_med_head300.tns", auto.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(x)
	// Output:
	// coo float32 [15 10773 29360] nnz 300 sorted
}

func ExampleReadCSC() {
	a, err := auto.ReadCSC[float64]("../../testdata/west0479.mtx", auto.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	y := make([]float64, 479)
	x := make([]float64, 479)
	x[0] = 1
	a.MulVec(y, x) // y is column 0 of A
	fmt.Println(a)
	for i, v := range y {
		if v != 0 {
			fmt.Printf("A[%d][0] = %.4g\n", i, v)
		}
	}
	// Output:
	// csc float64 479x479 nnz 1910
	// A[24][0] = 1
	// A[30][0] = -0.03765
	// A[86][0] = -0.3442
}
