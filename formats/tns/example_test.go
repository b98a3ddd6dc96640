package tns_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/hurray-format/hurray-go/formats/tns"
)

func Example() {
	src := `# two nonzeros of a 2x3x4 tensor
1 1 1 1.5
2 3 4 -2
`
	x, _, err := tns.Read[float64](strings.NewReader(src), tns.Options{Name: "example.tns"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(x.Shape(), x.NNZ(), x.At(1, 2, 3))
	if err := tns.Write(os.Stdout, x, tns.WriteOptions{Header: true}); err != nil {
		fmt.Println(err)
	}

	_, _, err = tns.Read[float64](strings.NewReader("1 1 1 1\n0 1 1 2\n"), tns.Options{Name: "bad.tns"})
	fmt.Println(err)
	// Output:
	// [2 3 4] 2 -2
	// 3
	// 2 3 4
	// 1 1 1 1.5
	// 2 3 4 -2
	// bad.tns:2: coordinate 1 is 0 (coordinates are 1-based)
}
