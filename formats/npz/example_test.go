package npz_test

import (
	"bytes"
	"fmt"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/formats/npz"
)

func Example() {
	// A 2x3 CSR matrix [[1 0 2] [0 0 3]].
	a, err := csr.New(2, 3, []uint64{0, 2, 3}, []uint64{0, 2, 2}, []float64{1, 2, 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	// Written in scipy.sparse.save_npz's layout: scipy.sparse.load_npz reads it.
	var buf bytes.Buffer
	if err := npz.WriteMatrix(&buf, a, npz.WriteOptions{Compress: true}); err != nil {
		fmt.Println(err)
		return
	}
	s, err := npz.Read[float32](bytes.NewReader(buf.Bytes()), int64(buf.Len()), npz.Options{Name: "a.npz"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Info.Format, s.Info.DType, s.Info.IndexDType, s.Matrix)
	fmt.Println(s.Matrix.At(1, 2), s.Info.Canonicalized)

	_, err = npz.Read[float64](bytes.NewReader([]byte("not a zip")), 9, npz.Options{Name: "bad.npz"})
	fmt.Println(err)
	// Output:
	// csr <f8 <i8 csr float32 2x3 nnz 3
	// 3 false
	// bad.npz: not a zip archive: zip: not a valid zip file
}
