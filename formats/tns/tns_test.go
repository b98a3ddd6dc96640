package tns

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/internal/testutil"
)

func TestReadHeaderComments(t *testing.T) {
	x, info, err := ReadFile[float64]("../../testdata/header.tns", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !info.Header || !slices.Equal(x.Shape(), []uint64{4, 5, 6}) || x.NNZ() != 3 {
		t.Fatalf("header %v shape %v nnz %d, want true [4 5 6] 3", info.Header, x.Shape(), x.NNZ())
	}
	if got := x.At(3, 4, 5); got != -2 {
		t.Errorf("At(3,4,5) = %v, want -2", got)
	}
	if got := x.At(1, 2, 0); got != 0 {
		t.Errorf("At(1,2,0) = %v, want a stored 0", got)
	}
	if _, ok := x.Find([]uint64{1, 2, 0}); !ok {
		t.Errorf("explicit zero not stored")
	}
}

func TestInferAndGivenShape(t *testing.T) {
	src := "1 2 3.5\n4 1 -1\n"
	x, _, err := Read[float32](strings.NewReader(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(x.Shape(), []uint64{4, 2}) {
		t.Errorf("inferred shape %v, want [4 2]", x.Shape())
	}
	x, _, err = Read[float32](strings.NewReader(src), Options{Shape: []uint64{10, 10}})
	if err != nil || !slices.Equal(x.Shape(), []uint64{10, 10}) {
		t.Fatalf("given shape: %v, %v", x, err)
	}
	// Empty input with a given shape is an empty tensor.
	x, _, err = Read[float32](strings.NewReader("# nothing\n\n"), Options{Shape: []uint64{3, 3, 3}})
	if err != nil || x.NNZ() != 0 {
		t.Fatalf("empty with shape: %v, %v", x, err)
	}
}

func TestErrors(t *testing.T) {
	cases := []struct {
		name, src string
		opts      Options
		want      string
	}{
		{"coord0", "1 1 1 1\n2 2 0 3\n", Options{}, "x.tns:2: coordinate 3 is 0"},
		{"fields", "1 1 1 1\n2 2 3\n", Options{}, "x.tns:2: 3 fields, want 4"},
		{"value", "1 1 1 1\n2 2 2 abc\n", Options{}, `x.tns:2: value: bad number "abc"`},
		{"coord", "1 1 1 1\n2 -2 2 1\n", Options{}, `x.tns:2: coordinate 2: bad number "-2"`},
		{"range", "1 1 1e999\n", Options{}, "x.tns:1: value: bad number"},
		{"above", "1 1 1\n3 1 1\n", Options{Shape: []uint64{2, 2}}, "x.tns:2: coordinate 1 is 3, above the dimension 2"},
		{"header above", "2\n2 2\n3 1 1\n", Options{}, "x.tns:3: coordinate 1 is 3, above the dimension 2"},
		{"header trunc", "2\n", Options{}, "truncated header"},
		{"header dims", "2\n2 2 2\n", Options{}, "x.tns:2: header dimensions: 3 fields, want the rank 2"},
		{"header rank", "0\n", Options{}, "x.tns:1: a one-field first line must be a header rank"},
		{"rank given", "1 1 1 1\n", Options{Shape: []uint64{2, 2}}, "x.tns:1: 3 coordinates, but the given shape has rank 2"},
		{"empty", "", Options{}, "no entries and no shape"},
		{"huge coord", "99999999999999999999 1 1\n", Options{}, "integer above 2^64-1"},
		{"long line", strings.Repeat("1 ", 600000) + "\n", Options{}, "x.tns:1: read error: line longer than 1 MiB"},
		{"rank 65", strings.Repeat("1 ", 66) + "\n", Options{}, "rank 65 is above 64"},
	}
	for _, c := range cases {
		c.opts.Name = "x.tns"
		_, _, err := Read[float64](strings.NewReader(c.src), c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to contain %q", c.name, err, c.want)
			continue
		}
		if !errors.Is(err, formats.ErrMalformed) {
			t.Errorf("%s: %v does not match formats.ErrMalformed", c.name, err)
		}
	}
}

func TestBadFiles(t *testing.T) {
	for _, f := range []string{"bad_coord0.tns", "bad_fields.tns", "bad_value.tns"} {
		p := filepath.Join("../../testdata", f)
		_, _, err := ReadFile[float64](p, Options{})
		if err == nil || !strings.HasPrefix(err.Error(), p+":2: ") {
			t.Errorf("%s: error %v, want one naming %s line 2", f, err, p)
		}
	}
}

func roundTrip[T Float](t *testing.T, x *coo.Tensor[T], opts WriteOptions) *coo.Tensor[T] {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, x, opts); err != nil {
		t.Fatal(err)
	}
	ro := Options{}
	if !opts.Header {
		ro.Shape = x.Shape()
	}
	y, info, err := Read[T](&buf, ro)
	if err != nil {
		t.Fatal(err)
	}
	if info.Header != opts.Header {
		t.Errorf("header read %v, written %v", info.Header, opts.Header)
	}
	if !slices.Equal(x.Shape(), y.Shape()) || !slices.Equal(x.Coords(), y.Coords()) || !slices.Equal(x.Values(), y.Values()) {
		t.Fatalf("round trip differs: %v vs %v", x, y)
	}
	return y
}

func TestRoundTrip(t *testing.T) {
	for _, f := range []string{"splatt_med_head300.tns", "wikipeople_arity4_head200.tns", "header.tns"} {
		x, _, err := ReadFile[float64](filepath.Join("../../testdata", f), Options{})
		if err != nil {
			t.Fatal(err)
		}
		roundTrip(t, x, WriteOptions{})
		roundTrip(t, x, WriteOptions{Header: true})
		x32, _, err := ReadFile[float32](filepath.Join("../../testdata", f), Options{})
		if err != nil {
			t.Fatal(err)
		}
		roundTrip(t, x32, WriteOptions{Header: true})
		// Through CSF and back: storage order is sorted, so compare sorted.
		order := make([]uint32, x.Rank())
		for m := range order {
			order[m] = uint32((m + 2) % len(order))
		}
		c, err := convert.COOToCSF(x, order)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteCSF(&buf, c, WriteOptions{Header: true}); err != nil {
			t.Fatal(err)
		}
		y, _, err := Read[float64](&buf, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range x.All() {
			if got := y.At(k...); got != v {
				t.Fatalf("%s via CSF: At(%v) = %v, want %v", f, k, got, v)
			}
		}
	}
	// Values that need every digit survive.
	x, err := coo.New([]uint64{3}, []uint64{0, 2}, []float64{0.1 + 0.2, -1e-300})
	if err != nil {
		t.Fatal(err)
	}
	roundTrip(t, x, WriteOptions{})
}

func TestRealData(t *testing.T) {
	for _, row := range testutil.Sources(t, ".tns") {
		p := filepath.Join(testutil.DataDir, "tns", row.File)
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s listed in SOURCES.md but missing: %v", row.File, err)
			continue
		}
		x, _, err := ReadFile[float64](p, Options{})
		if err != nil {
			t.Errorf("%s: %v", row.File, err)
			continue
		}
		order, dims, nnz := testutil.Num(t, row.Cells[2]), testutil.Dims(t, row.Cells[3]), testutil.Num(t, row.Cells[4])
		if x.Rank() != order || x.NNZ() != nnz || !slices.Equal(x.Shape(), dims) {
			t.Errorf("%s: rank %d shape %v nnz %d, SOURCES.md says %d %v %d", row.File, x.Rank(), x.Shape(), x.NNZ(), order, dims, nnz)
		}
	}
}

// TestGivenShapeCopied: the tensor does not adopt Options.Shape, so a
// caller reusing that slice does not change the tensor's shape.
func TestGivenShapeCopied(t *testing.T) {
	shape := []uint64{4, 4, 4}
	x, _, err := Read[float64](strings.NewReader("1 2 3 1.5\n"), Options{Shape: shape})
	if err != nil {
		t.Fatal(err)
	}
	shape[0] = 1
	if got := x.Shape(); !slices.Equal(got, []uint64{4, 4, 4}) {
		t.Fatalf("shape %v after the caller changed its slice, want [4 4 4]", got)
	}
}
