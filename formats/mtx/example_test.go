package mtx_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/formats/mtx"
)

func Example() {
	src := `%%MatrixMarket matrix coordinate real symmetric
3 3 3
1 1 2
3 1 -1
2 2 0
`
	x, h, err := mtx.Read[float64](strings.NewReader(src), mtx.Options{Name: "example.mtx"})
	if err != nil {
		fmt.Println(err)
		return
	}
	a, err := convert.COOToCSR(x) // callers compress the COO result
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(h.Symmetry, h.Entries, "stored,", a.NNZ(), "expanded; A[0][2] =", a.At(0, 2))
	if err := mtx.Write(os.Stdout, x, mtx.WriteOptions{Symmetry: mtx.Symmetric}); err != nil {
		fmt.Println(err)
	}
	_, _, err = mtx.Read[float64](strings.NewReader("%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1\n"), mtx.Options{Name: "short.mtx"})
	fmt.Println(err)
	// Output:
	// symmetric 3 stored, 4 expanded; A[0][2] = -1
	// %%MatrixMarket matrix coordinate real symmetric
	// 3 3 3
	// 1 1 2
	// 3 1 -1
	// 2 2 0
	// short.mtx:4: truncated: 1 entries, the size line declares 2: unexpected EOF
}
