package tns_test

import (
	"fmt"
	"strings"

	"github.com/hurray-format/hurray-go/formats/tns"
)

func ExampleRead() {
	// FROSTT .tns: one line per entry, 1-based coordinates, then the value.
	// Without a header the shape is the largest coordinate of each mode.
	src := "1 2 3 0.5\n2 1 1 -1\n"
	x, _, err := tns.Read[float64](strings.NewReader(src), tns.Options{Name: "small.tns"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(x, x.At(0, 1, 2))
	// Output:
	// coo float64 [2 2 3] nnz 2 sorted 0.5
}

func ExampleReadFile() {
	// The first 300 entries of a FROSTT tensor.
	x, _, err := tns.ReadFile[float64]("../../testdata/splatt_med_head300.tns", tns.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(x.Shape(), x.NNZ())
	// Output:
	// [15 10773 29360] 300
}
