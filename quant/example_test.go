package quant_test

import (
	"fmt"

	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// Quantizing eight stored values to int8 in blocks of four, with the error
// report, and reading them back.
func Example() {
	values := []float32{0.5, -1.25, 2, 0.1, 3, -3, 0.75, 0}
	s, err := quant.Parse("int8:block=4")
	if err != nil {
		fmt.Println(err)
		return
	}
	v, report, err := quant.Quantize(s, nil, values, quant.Channels{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s, report)
	fmt.Println(v.Scale, int8(v.Codes[1]), v.At(1, 0))
	// Codes and parameter buffers as a CSR matrix's table holds them.
	fmt.Println(len(v.Codes), len(v.ParamBuffers()[0]), v.Validate([]uint64{2, 4}, quant.Loc{Layout: layout.TagCSR, First: 3}))
	// Output:
	// int8:block=4 8 values: max abs error 0.005906, RMS error 0.003802, 2 bytes a value
	// [0.015748031 0.023622047] -79 -1.2440945
	// 8 8 <nil>
}
