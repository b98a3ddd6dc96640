package auto_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hurray-format/hurray-go/formats/auto"
)

// Example reads a Matrix Market file by its extension, writes the matrix as
// a FROSTT .tns and a SciPy .npz, and reads both back; a file of an unknown
// extension is refused with an error naming it.
func Example() {
	dir, err := os.MkdirTemp("", "auto-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "a.mtx")
	mm := "%%MatrixMarket matrix coordinate real general\n3 4 3\n1 1 2.5\n2 4 -1\n3 2 4\n"
	if err := os.WriteFile(src, []byte(mm), 0o644); err != nil {
		fmt.Println(err)
		return
	}
	f, err := auto.Read[float64](src, auto.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Format, f.Layout(), f.Shape(), f.NNZ())
	for _, name := range []string{"a.tns", "a.npz"} {
		out := filepath.Join(dir, name)
		if err := auto.Write(out, f); err != nil {
			fmt.Println(err)
			return
		}
		g, err := auto.Read[float64](out, auto.Options{})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(g.Format, g.Layout(), g.Shape(), g.NNZ())
	}
	_, err = auto.Read[float64](filepath.Join(dir, "a.txt"), auto.Options{})
	fmt.Println(errors.Is(err, auto.ErrExtension), filepath.Base(err.Error()))
	// Output:
	// mtx coo [3 4] 3
	// tns coo [3 4] 3
	// npz coo [3 4] 3
	// true a.txt: unknown extension (want .tns, .mtx, .mm, .npz or .npy)
}
