package mtx

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func FuzzReadMTX(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/*.mtx")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b[:min(len(b), 4096)])
	}
	// What SciPy's mmwrite writes: duplicates beyond rows x cols, the
	// unsigned-integer field.
	f.Add([]byte("%%MatrixMarket matrix coordinate real general\n2 2 5\n1 1 1\n1 1 2\n2 1 3\n1 2 4\n2 2 5\n"))
	f.Add([]byte("%%MatrixMarket matrix coordinate unsigned-integer symmetric\n2 2 2\n2 1 18446744073709551615\n2 2 7\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		x, h, err := Read[float64](bytes.NewReader(b), Options{Name: "fuzz.mtx"})
		if err == nil {
			if err := x.Validate(); err != nil {
				t.Fatalf("accepted input fails Validate: %v", err)
			}
			var buf bytes.Buffer
			if err := Write(&buf, x, WriteOptions{}); err != nil {
				t.Fatal(err)
			}
			if _, _, err := Read[float64](&buf, Options{}); err != nil {
				t.Fatalf("written output does not read back: %v", err)
			}
			// In the file's own field and symmetry, with a comment from
			// the input's bytes: Write may refuse (a value that is not
			// an integer), but what it writes reads back.
			opts := WriteOptions{Field: h.Field, Symmetry: h.Symmetry, Comment: []string{string(b[:min(len(b), 64)])}}
			if opts.Field == UnsignedInteger {
				opts.Field = Integer
			}
			buf.Reset()
			if err := Write(&buf, x, opts); err == nil {
				if _, _, err := Read[float64](&buf, Options{}); err != nil {
					t.Fatalf("written output (%s %s) does not read back: %v", opts.Field, opts.Symmetry, err)
				}
			}
		}
		data, m, n, _, err := ReadDense[float32](bytes.NewReader(b), Options{})
		if err == nil && len(data) != m*n {
			t.Fatalf("dense: %d values for %dx%d", len(data), m, n)
		}
	})
}
