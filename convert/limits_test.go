package convert_test

import (
	"runtime/debug"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/testutil"
)

// TestCompressedLimit: a valid COO, CSR or CSF may have a dimension up to
// 2^64-1, but a matrix's pointer array has one entry per compressed row or
// column plus one: building one for more than csr.MaxCompressed is refused
// with an error (or, where the function has no error result, a panic that
// names the limit) instead of a runtime panic on int(m)+1 wrapping or a
// makeslice out of range.
func TestCompressedLimit(t *testing.T) {
	for _, big := range []uint64{csr.MaxCompressed + 1, 1 << 63, 1<<64 - 1} {
		rows, err := coo.New([]uint64{big, 1}, []uint64{4, 0}, []float64{1})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := convert.COOToCSR(rows); err == nil || !strings.Contains(err.Error(), "csr.MaxCompressed") {
			t.Errorf("COOToCSR of %d rows: %v, want an error naming csr.MaxCompressed", big, err)
		}
		if m, err := convert.COOToCSC(rows); err != nil || m.Rows() != big || m.At(4, 0) != 1 {
			t.Errorf("COOToCSC of %d rows (1 column): %v", big, err)
		}
		cols, err := coo.New([]uint64{1, big}, []uint64{0, 4}, []float64{1})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := convert.COOToCSC(cols); err == nil || !strings.Contains(err.Error(), "csr.MaxCompressed") {
			t.Errorf("COOToCSC of %d columns: %v, want an error naming csr.MaxCompressed", big, err)
		}
		a, err := convert.COOToCSR(cols)
		if err != nil {
			t.Fatal(err)
		}
		testutil.WantPanicContaining(t, "csr.MaxCompressed", func() { convert.CSRToCSC(a) })

		x, err := csf.New([]uint64{2, big, 3}, []uint32{0, 1, 2}, [][]uint64{{0, 1}, {0, 1}, {0, 1}}, [][]uint64{{1}, {big - 1}, {2}}, []float64{5})
		if err != nil {
			t.Fatal(err)
		}
		testutil.WantPanicContaining(t, "csr.MaxCompressed", func() { x.TTVMatrix(0, []float64{1, 1}) })
		// Along mode 2 the result compresses mode 0 (2 rows of big columns).
		if m := x.TTVMatrix(2, []float64{0, 0, 3}); m.Rows() != 2 || m.Cols() != big || m.At(1, big-1) != 15 {
			t.Errorf("TTVMatrix along mode 2: %v", m)
		}
	}
}

// TestOptionsChecked: a Duplicates value that is none of Sum, KeepLast and
// Reject is an error, not silently Sum.
func TestOptionsChecked(t *testing.T) {
	bad := convert.Options{Duplicates: convert.Reject + 1}
	m, _ := coo.New([]uint64{2, 2}, []uint64{0, 1, 0, 1}, []float64{1, 2})
	if _, err := convert.COOToCSRWith(m, bad); err == nil || !strings.Contains(err.Error(), "Options.Duplicates = 3") {
		t.Errorf("COOToCSRWith: %v", err)
	}
	if _, err := convert.COOToCSCWith(m, bad); err == nil {
		t.Errorf("COOToCSCWith: no error")
	}
	x, _ := coo.New([]uint64{2, 2, 2}, []uint64{0, 1, 1, 0, 1, 1}, []float64{1, 2})
	if _, err := convert.COOToCSFWith(x, nil, bad); err == nil || !strings.Contains(err.Error(), "Options.Duplicates = 3") {
		t.Errorf("COOToCSFWith: %v", err)
	}
	// Reorder checks its options too, whatever the shape (it checked them
	// only on the path through a COO copy, for keys over 64 bits).
	y, err := convert.COOToCSF(x, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := convert.ReorderTo(nil, y, []uint32{2, 1, 0}, nil, bad); err == nil || !strings.Contains(err.Error(), "Options.Duplicates = 3") {
		t.Errorf("ReorderTo: %v", err)
	}
}

// TestPointerMemoryLimit: a valid COO whose compressed dimension is within
// csr.MaxCompressed but whose pointer array alone would exceed the memory
// limit is an error (not a makeslice panic, nor, below Go's largest
// allocation, a fatal out-of-memory that ends the process); the transpose
// and TTVMatrix panic naming the limit.
func TestPointerMemoryLimit(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(64 << 20))
	for _, big := range []uint64{1 << 24, 1 << 40, csr.MaxCompressed} {
		rows, err := coo.New([]uint64{big, 2}, []uint64{4, 0, 4, 1}, []float64{1, 2})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := convert.COOToCSR(rows); err == nil || !strings.Contains(err.Error(), "more than the memory limit") {
			t.Errorf("COOToCSR of %d rows: %v, want an error naming the memory limit", big, err)
		}
		a, err := convert.COOToCSC(rows)
		if err != nil {
			t.Fatalf("COOToCSC of %d rows (2 columns): %v", big, err)
		}
		testutil.WantPanicContaining(t, "more than the memory limit", func() { convert.CSRToCSC(a) })
		x, err := csf.New([]uint64{2, big, 3}, []uint32{0, 1, 2}, [][]uint64{{0, 1}, {0, 1}, {0, 1}}, [][]uint64{{1}, {big - 1}, {2}}, []float64{5})
		if err != nil {
			t.Fatal(err)
		}
		testutil.WantPanicContaining(t, "more than the memory limit", func() { x.TTVMatrix(0, []float64{1, 1}) })
	}
	// Within the limit it converts.
	small, _ := coo.New([]uint64{1 << 20, 2}, []uint64{4, 0}, []float64{1})
	if m, err := convert.COOToCSR(small); err != nil || m.At(4, 0) != 1 {
		t.Errorf("COOToCSR of 2^20 rows under a 64 MiB limit: %v", err)
	}
	// The error gives the entries without wrapping (8*(2^61+1) bytes wrapped
	// to 8, and csr.MaxCompressed's to 0).
	huge, _ := coo.New([]uint64{1 << 61, 2}, []uint64{4, 0}, []float64{1})
	if _, err := convert.COOToCSR(huge); err == nil || !strings.Contains(err.Error(), "a pointer array of 2305843009213693953 entries of 8 bytes") {
		t.Errorf("COOToCSR of 2^61 rows: %v, want the pointer array's 2^61+1 entries", err)
	}
	// The transpose writes a count array as long as its pointer array: a
	// pointer array of 48 MiB fits a 64 MiB limit, both do not (the guard
	// counted the pointer alone, so a 2 x 2^31 matrix of one entry passed a
	// 16 GiB check and touched 32 GiB).
	wide, _ := coo.New([]uint64{2, 6 << 20}, []uint64{1, 6<<20 - 1}, []float64{1})
	w, err := convert.COOToCSR(wide)
	if err != nil {
		t.Fatal(err)
	}
	testutil.WantPanicContaining(t, "a pointer array and a count array of 6291457 entries", func() { convert.CSRToCSC(w) })
}
