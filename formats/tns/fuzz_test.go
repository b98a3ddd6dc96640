package tns

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func FuzzReadTNS(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/*.tns")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b[:min(len(b), 4096)])
	}
	f.Add([]byte("2\n3 3\n1 1 1\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		x, _, err := Read[float64](bytes.NewReader(b), Options{Name: "fuzz.tns"})
		if err == nil {
			if err := x.Validate(); err != nil {
				t.Fatalf("accepted input fails Validate: %v", err)
			}
			var buf bytes.Buffer
			if err := Write(&buf, x, WriteOptions{Header: true}); err != nil {
				t.Fatal(err)
			}
			if _, _, err := Read[float64](&buf, Options{}); err != nil {
				t.Fatalf("written output does not read back: %v", err)
			}
		}
		y, _, err := Read[float32](bytes.NewReader(b), Options{})
		if err == nil {
			if err := y.Validate(); err != nil {
				t.Fatalf("accepted input fails Validate (float32): %v", err)
			}
		}
	})
}
