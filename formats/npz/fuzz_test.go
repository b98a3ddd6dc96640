package npz

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func FuzzReadNPZ(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/*.npz")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add(npzOf(f, validCSR()))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "fuzz.npz"})
		if err != nil {
			return
		}
		n := 0
		if s.COO != nil {
			n++
			if err := s.COO.Validate(); err != nil {
				t.Fatalf("accepted coo fails Validate: %v", err)
			}
		}
		if s.Matrix != nil {
			n++
			if err := s.Matrix.Validate(); err != nil {
				t.Fatalf("accepted matrix fails Validate: %v", err)
			}
		}
		if s.CSF != nil {
			n++
			if err := s.CSF.Validate(); err != nil {
				t.Fatalf("accepted csf fails Validate: %v", err)
			}
		}
		if n != 1 {
			t.Fatalf("%d results set, want 1", n)
		}
	})
}

func FuzzReadNPY(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/*.npy")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add(npyBytes("<f8", "(2, 0)", nil))
	f.Fuzz(func(t *testing.T, b []byte) {
		data, shape, err := ReadNPY[float32](bytes.NewReader(b), Options{Name: "fuzz.npy"})
		if err != nil {
			return
		}
		n := uint64(1)
		for _, d := range shape {
			n *= d
		}
		if n != uint64(len(data)) {
			t.Fatalf("%d values for shape %v", len(data), shape)
		}
	})
}
