package formats_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/formats/mtx"
)

// Every reader reports a bad file as a *formats.Error: errors.Is tells a
// malformed file from an unsupported feature, and errors.As gives where.
func Example() {
	src := "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1.5\n3 1 2\n"
	_, _, err := mtx.Read[float64](strings.NewReader(src), mtx.Options{Name: "weights.mtx"})
	fmt.Println(err)
	fmt.Println(errors.Is(err, formats.ErrMalformed), errors.Is(err, formats.ErrUnsupported))
	var fe *formats.Error
	if errors.As(err, &fe) {
		fmt.Printf("file %s, line %d: %s\n", fe.File, fe.Line, fe.Msg)
	}
	// Output:
	// weights.mtx:4: row index 3 is outside 1..2 (the size line)
	// true false
	// file weights.mtx, line 4: row index 3 is outside 1..2 (the size line)
}
