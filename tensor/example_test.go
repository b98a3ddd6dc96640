package tensor_test

import (
	"fmt"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
	"github.com/hurray-format/hurray-go/tensor"
)

// Checking and opening the buffer table of a quantized CSR matrix through
// its tensor descriptor, and holding one whose scheme is unknown.
func ExampleDescriptor_Open() {
	a, _ := csr.New(2, 3, []uint64{0, 2, 3}, []uint64{0, 2, 1}, []float32{1, -2, 0.5})
	q, _, _ := csr.Quantize(a, quant.MustParse("uint8:tensor"))
	bufs := q.Buffers() // codes, row_ptr, col_idx, scale, zero_point

	d := tensor.Descriptor{Shape: []uint64{2, 3}, Layout: layout.CSR{NNZ: 3}, Type: tensor.Codes, Scheme: tensor.KnownScheme(q.Scheme())}
	n, _ := d.BufferCount()
	s, err := d.Open(bufs, layout.Strict)
	fmt.Println(n, err)
	fmt.Println(s.(*csr.Quantized).At(0, 2))

	d.Scheme, _ = tensor.ParseScheme([]byte("int2:tensor"), layout.Permissive)
	fmt.Println(d.Check(bufs, layout.Strict))
	h, _ := d.Open(bufs, layout.Permissive)
	fmt.Printf("%T %v %q\n", h, h.Valid(), h.(*tensor.Held).Descriptor().Scheme.Bytes())
	// Output:
	// 5 <nil>
	// -2
	// csr: scheme "int2:tensor" is not known to this library: unsupported layout
	// *tensor.Held false "int2:tensor"
}
