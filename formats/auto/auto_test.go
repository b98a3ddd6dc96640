package auto

import (
	"errors"
	"path/filepath"
	"slices"
	"testing"
)

func TestReadWriteEveryLayout(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		in, layout string
		outs       []string
	}{
		{"west0479.mtx", "coo", []string{"a.tns", "a.mtx", "a.npz"}},
		{"scipy_csr_i32.npz", "csr", []string{"b.tns", "b.mtx", "b.npz"}},
		{"scipy_csc_i64.npz", "csc", []string{"c.npz", "c.mtx"}},
		{"array.mtx", "dense", []string{"d.npy", "d.mtx"}},
		{"dense_c.npy", "dense", []string{"e.npy"}},
		{"splatt_med_head300.tns", "coo", []string{"f.tns"}},
	} {
		f, err := Read[float64](filepath.Join("../../testdata", c.in), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if f.Layout() != c.layout {
			t.Errorf("%s: layout %s, want %s", c.in, f.Layout(), c.layout)
		}
		for _, o := range c.outs {
			p := filepath.Join(dir, o)
			if err := Write(p, f); err != nil {
				t.Fatalf("%s -> %s: %v", c.in, o, err)
			}
			g, err := Read[float64](p, Options{})
			if err != nil {
				t.Fatalf("%s -> %s: %v", c.in, o, err)
			}
			if !slices.Equal(g.Shape(), f.Shape()) || g.NNZ() != f.NNZ() {
				t.Errorf("%s -> %s: shape %v nnz %d, want %v %d", c.in, o, g.Shape(), g.NNZ(), f.Shape(), f.NNZ())
			}
			if f.Dense != nil && !slices.Equal(g.Dense, f.Dense) {
				t.Errorf("%s -> %s: dense values differ", c.in, o)
			}
		}
	}
	if _, err := Read[float64]("x.csv", Options{}); !errors.Is(err, ErrExtension) {
		t.Errorf("x.csv: %v", err)
	}
	f, _ := Read[float64]("../../testdata/header.tns", Options{})
	if err := Write(filepath.Join(dir, "h.npz"), f); err == nil {
		t.Errorf("rank-3 COO to .npz: no error")
	}
	if err := Write(filepath.Join(dir, "h.npy"), f); err == nil {
		t.Errorf("sparse to .npy: no error")
	}
}

func TestProgress(t *testing.T) {
	var last, total int64
	_, err := Read[float32]("../../testdata/lp_ship04l.mtx", Options{Progress: func(d, n int64) { last, total = d, n }})
	if err != nil {
		t.Fatal(err)
	}
	if total == 0 || last != total {
		t.Errorf("progress ended at %d of %d", last, total)
	}
}
