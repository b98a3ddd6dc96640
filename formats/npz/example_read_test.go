package npz_test

import (
	"bytes"
	"fmt"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/formats/npz"
)

func ExampleReadFile() {
	// A matrix written by scipy.sparse.save_npz (CSR, 32-bit indices).
	s, err := npz.ReadFile[float64]("../../testdata/scipy_csr_i32.npz")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Matrix != nil, s.Matrix.Shape(), s.Matrix.NNZ())
	// Output:
	// true [4 5] 6
}

func ExampleRead() {
	a, err := csr.New(2, 2, []uint64{0, 1, 2}, []uint64{1, 0}, []float32{2, 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	var buf bytes.Buffer
	if err := npz.WriteMatrix(&buf, a, npz.WriteOptions{}); err != nil {
		fmt.Println(err)
		return
	}
	// Read takes an io.ReaderAt and the size: a file, a bytes.Reader, ...
	s, err := npz.Read[float64](bytes.NewReader(buf.Bytes()), int64(buf.Len()), npz.Options{Name: "m.npz"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Matrix, s.Matrix.At(1, 0))
	// Output:
	// csr float64 2x2 nnz 2 3
}

func ExampleReadNPY() {
	var buf bytes.Buffer
	if err := npz.WriteNPY(&buf, []float64{1, 2, 3, 4, 5, 6}, []uint64{2, 3}); err != nil {
		fmt.Println(err)
		return
	}
	data, shape, err := npz.ReadNPY[float32](&buf, npz.Options{Name: "x.npy"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(shape, data)
	// Output:
	// [2 3] [1 2 3 4 5 6]
}
