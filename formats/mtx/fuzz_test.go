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
			_ = h
		}
		data, m, n, _, err := ReadDense[float32](bytes.NewReader(b), Options{})
		if err == nil && len(data) != m*n {
			t.Fatalf("dense: %d values for %dx%d", len(data), m, n)
		}
	})
}
