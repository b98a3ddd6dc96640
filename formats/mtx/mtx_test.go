package mtx

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/internal/testutil"
)

const td = "../../testdata"

// dense expands a rank-2 COO tensor, summing duplicates.
func dense[T Float](x *coo.Tensor[T]) [][]T {
	s := x.Shape()
	out := make([][]T, s[0])
	for i := range out {
		out[i] = make([]T, s[1])
	}
	for c, v := range x.All() {
		out[c[0]][c[1]] += v
	}
	return out
}

func TestSymmetry(t *testing.T) {
	cases := []struct {
		file string
		nnz  int
		want [][]float64
	}{
		{"symmetric.mtx", 6, [][]float64{{2, -1, 0}, {-1, 0, 0.5}, {0, 0.5, 4}}},
		{"skew.mtx", 4, [][]float64{{0, -1.5, 2}, {1.5, 0, 0}, {-2, 0, 0}}},
		{"pattern.mtx", 3, [][]float64{{1, 0, 0, 1}, {0, 1, 0, 0}}},
		{"integer.mtx", 3, [][]float64{{7, 0, 0}, {0, 0, -4}}},
	}
	for _, c := range cases {
		x, _, err := ReadFile[float64](filepath.Join(td, c.file))
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if x.NNZ() != c.nnz {
			t.Errorf("%s: nnz %d, want %d", c.file, x.NNZ(), c.nnz)
		}
		got := dense(x)
		for i := range c.want {
			if !slices.Equal(got[i], c.want[i]) {
				t.Errorf("%s: row %d = %v, want %v", c.file, i, got[i], c.want[i])
			}
		}
	}
	// The integer file stores an explicit zero at (0, 1).
	x, _, _ := ReadFile[float32](filepath.Join(td, "integer.mtx"))
	if _, ok := x.Find([]uint64{0, 1}); !ok {
		t.Errorf("explicit zero not kept")
	}
}

func TestDense(t *testing.T) {
	for _, c := range []struct {
		file       string
		rows, cols int
		want       []float64
	}{
		{"array.mtx", 2, 3, []float64{1, 2, 3, 4, 5, 6}},
		{"array_symmetric.mtx", 3, 3, []float64{1, 2, 3, 2, 4, 5, 3, 5, 6}},
	} {
		f, err := os.Open(filepath.Join(td, c.file))
		if err != nil {
			t.Fatal(err)
		}
		data, m, n, _, err := ReadDense[float64](f, Options{Name: c.file})
		f.Close()
		if err != nil || m != c.rows || n != c.cols || !slices.Equal(data, c.want) {
			t.Fatalf("%s: %v %dx%d %v, want %dx%d %v", c.file, err, m, n, data, c.rows, c.cols, c.want)
		}
		var buf bytes.Buffer
		if err := WriteDense(&buf, data, m, n); err != nil {
			t.Fatal(err)
		}
		back, m2, n2, _, err := ReadDense[float64](&buf, Options{})
		if err != nil || m2 != m || n2 != n || !slices.Equal(back, data) {
			t.Fatalf("%s dense round trip: %v %dx%d %v", c.file, err, m2, n2, back)
		}
	}
	in := "%%MatrixMarket matrix array real skew-symmetric\n3 3\n1\n2\n3\n"
	data, _, _, _, err := ReadDense[float64](strings.NewReader(in), Options{})
	if want := []float64{0, -1, -2, 1, 0, -3, 2, 3, 0}; err != nil || !slices.Equal(data, want) {
		t.Errorf("skew array: %v %v, want %v", err, data, want)
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"bad_truncated.mtx", ":5: truncated: 2 entries, the size line declares 3"},
		{"bad_toomany.mtx", ":4: entry 2: the size line declares only 1 entries"},
		{"bad_index0.mtx", ":4: row index 0 is outside 1..3"},
		{"bad_indexhigh.mtx", ":4: row index 4 is outside 1..3"},
		{"bad_value.mtx", `:4: value: bad number "x"`},
		{"bad_fields.mtx", ":4: 2 fields, want 3 for a real entry"},
		{"bad_hugecount.mtx", ":4: truncated: 1 entries, the size line declares 1000000000000000000"},
		{"bad_complex.mtx", ":1: field complex is not supported"},
	} {
		p := filepath.Join(td, c.file)
		_, _, err := ReadFile[float64](p)
		if err == nil || !strings.Contains(err.Error(), p+c.want) {
			t.Errorf("%s: error %v, want %q", c.file, err, p+c.want)
		}
	}
	_, _, err := ReadFile[float64](filepath.Join(td, "bad_complex.mtx"))
	if !errors.Is(err, formats.ErrUnsupported) {
		t.Errorf("complex: %v does not match ErrUnsupported", err)
	}
	for _, c := range []struct{ src, want string }{
		{"", "x.mtx:1: empty file"},
		{"hello\n", "x.mtx:1: first line is not a %%MatrixMarket banner"},
		{"%%MatrixMarket matrix coordinate real\n", "x.mtx:1: banner has 4 fields"},
		{"%%MatrixMarket matrix coordinate real general\n", "x.mtx:1: truncated: no size line"},
		{"%%MatrixMarket matrix coordinate real general\n2 2\n", "x.mtx:2: size line has 2 fields, want 3"},
		{"%%MatrixMarket matrix coordinate real general\n2 2 5\n1 1 1\n", "x.mtx:4: truncated: 1 entries, the size line declares 5"},
		{"%%MatrixMarket matrix coordinate real symmetric\n2 3 1\n", "x.mtx:2: symmetric matrix must be square"},
		{"%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 1\n1 1 3\n", "x.mtx:3: diagonal entry (1, 1) = 3"},
		{"%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 1 1.5\n", `x.mtx:3: value: bad integer "1.5"`},
		{"%%MatrixMarket matrix coordinate real general\n2 2 1\n1 3 1\n", "x.mtx:3: column index 3 is outside 1..2"},
		{"%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n", "x.mtx:6: truncated: 3 values, the size line declares 4"},
		{"%%MatrixMarket matrix array real general\n1 1\n1\n2\n", "x.mtx:4: value 2: the size line declares 1x1"},
		{"%%MatrixMarket matrix array real general\n1 1\n1 2\n", "x.mtx:3: 2 fields, want 1"},
		{"%%MatrixMarket matrix array real general\n4294967296 4294967296\n", "x.mtx:2: size line 4294967296x4294967296: too many values"},
		{"%%MatrixMarket matrix array pattern general\n1 1\n", "array format cannot be pattern"},
		{"%%MatrixMarket vector coordinate real general\n", "object \"vector\""},
	} {
		var err error
		if strings.Contains(c.src, " array ") {
			_, _, _, _, err = ReadDense[float64](strings.NewReader(c.src), Options{Name: "x.mtx"})
		} else {
			_, _, err = Read[float64](strings.NewReader(c.src), Options{Name: "x.mtx"})
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.src, err, c.want)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	for _, f := range []string{"west0479.mtx", "lp_ship04l.mtx", "symmetric.mtx", "skew.mtx", "pattern.mtx", "integer.mtx"} {
		x, h, err := ReadFile[float64](filepath.Join(td, f))
		if err != nil {
			t.Fatal(err)
		}
		opts := WriteOptions{Field: h.Field, Symmetry: h.Symmetry, Comment: []string{" round trip"}}
		for _, o := range []WriteOptions{{}, opts} {
			var buf bytes.Buffer
			if err := Write(&buf, x, o); err != nil {
				t.Fatalf("%s %+v: %v", f, o, err)
			}
			y, _, err := Read[float64](&buf, Options{})
			if err != nil {
				t.Fatalf("%s %+v: %v", f, o, err)
			}
			a, b := dense(x), dense(y)
			for i := range a {
				if !slices.Equal(a[i], b[i]) {
					t.Fatalf("%s %+v: row %d differs", f, o, i)
				}
			}
			if y.NNZ() != x.NNZ() {
				t.Errorf("%s %+v: nnz %d, want %d", f, o, y.NNZ(), x.NNZ())
			}
		}
		// Through CSR and CSC.
		for _, csc := range []bool{false, true} {
			conv := convert.COOToCSR[float64]
			if csc {
				conv = convert.COOToCSC[float64]
			}
			m, err := conv(x)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := Write(&buf, convert.MatrixToCOO(m), WriteOptions{}); err != nil {
				t.Fatal(err)
			}
			y, _, err := Read[float64](&buf, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for c, v := range m.All() {
				if got := y.At(c...); got != v {
					t.Fatalf("%s csc=%v: (%v) = %v, want %v", f, csc, c, got, v)
				}
			}
		}
	}
	// Refusals.
	x, _, _ := ReadFile[float64](filepath.Join(td, "west0479.mtx"))
	var buf bytes.Buffer
	if err := Write(&buf, x, WriteOptions{Symmetry: Symmetric}); err == nil || !strings.Contains(err.Error(), "not symmetric") {
		t.Errorf("symmetric write of west0479: %v", err)
	}
	if err := Write(&buf, x, WriteOptions{Field: Integer}); err == nil || !strings.Contains(err.Error(), "not an integer") {
		t.Errorf("integer write of west0479: %v", err)
	}
}

func TestRealData(t *testing.T) {
	for _, row := range testutil.Sources(t, ".mtx") {
		p := filepath.Join(testutil.DataDir, "mtx", row.File)
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s listed in SOURCES.md but missing: %v", row.File, err)
			continue
		}
		x, h, err := ReadFile[float64](p)
		if err != nil {
			t.Errorf("%s: %v", row.File, err)
			continue
		}
		stored, expanded := testutil.Num(t, row.Cells[4]), testutil.Num(t, row.Cells[5])
		if h.Entries != uint64(stored) || x.NNZ() != expanded {
			t.Errorf("%s: stored %d expanded %d, SOURCES.md says %d and %d", row.File, h.Entries, x.NNZ(), stored, expanded)
		}
		dims := strings.Split(strings.Trim(row.Cells[3], "*"), "×")
		if got := x.Shape(); len(dims) != 2 || uint64(testutil.Num(t, dims[0])) != got[0] || uint64(testutil.Num(t, dims[1])) != got[1] {
			t.Errorf("%s: shape %v, SOURCES.md says %s", row.File, got, row.Cells[3])
		}
	}
}

// TestDenseEmptyWide: a matrix of no rows and 2^40 columns (or of no
// columns) has no values; reading or writing it must not walk its columns
// (it did: a 2-line file took hours). A size whose product wraps is
// refused.
func TestDenseEmptyWide(t *testing.T) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, size := range []string{"0 1099511627776", "1099511627776 0"} {
			data, m, n, _, err := ReadDense[float64](strings.NewReader("%%MatrixMarket matrix array real general\n"+size+"\n"), Options{})
			if err != nil || len(data) != 0 || m*n != 0 {
				t.Errorf("%s: %d values, %dx%d, %v", size, len(data), m, n, err)
			}
		}
		var b bytes.Buffer
		if err := WriteDense[float64](&b, nil, 0, 1<<40); err != nil || b.String() != "%%MatrixMarket matrix array real general\n0 1099511627776\n" {
			t.Errorf("WriteDense 0 x 2^40: %q, %v", b.String(), err)
		}
		if err := WriteDense[float64](&b, nil, 1<<32, 1<<32); err == nil {
			t.Errorf("WriteDense 2^32 x 2^32 of no values: no error")
		}
		// What ReadDense refuses is not written either.
		if err := WriteDense[float64](&b, nil, math.MaxInt, 0); err == nil {
			t.Errorf("WriteDense MaxInt x 0: no error")
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("reading or writing an empty dense matrix of 2^40 columns did not finish in 20 s")
	}
}

// TestSciPyForms: what SciPy's mmwrite writes and the writer's edge cases
// (from an interoperability audit against scipy.io 1.10): duplicates beyond
// rows x cols read (and what Write writes of them reads back); the
// unsigned-integer field; 2^63 is not an int64; a comment holding newlines
// stays comment lines; NaN mirrors NaN in a symmetric write.
func TestSciPyForms(t *testing.T) {
	// mmwrite of a 2x2 COO with duplicates (SciPy sums them on read).
	const dup = "%%MatrixMarket matrix coordinate real general\n%\n2 2 5\n1 1 1\n1 1 2.5\n2 1 4\n1 2 3\n2 2 5\n"
	x, h, err := Read[float64](strings.NewReader(dup), Options{Name: "dup.mtx"})
	if err != nil {
		t.Fatalf("duplicates beyond rows x cols: %v", err)
	}
	if x.NNZ() != 5 || h.Entries != 5 || dense(x)[0][0] != 3.5 {
		t.Fatalf("duplicates: nnz %d, entries %d, (0, 0) %v; want 5, 5, 3.5", x.NNZ(), h.Entries, dense(x)[0][0])
	}
	var buf bytes.Buffer
	if err := Write(&buf, x, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if y, _, err := Read[float64](&buf, Options{}); err != nil || y.NNZ() != 5 {
		t.Fatalf("Write's output of duplicates: %v", err)
	}

	// mmwrite of uint64 data.
	const u = "%%MatrixMarket matrix coordinate unsigned-integer general\n2 2 2\n1 1 18446744073709551615\n2 2 7\n"
	x, h, err = Read[float64](strings.NewReader(u), Options{})
	if err != nil || h.Field != UnsignedInteger {
		t.Fatalf("unsigned-integer: field %q, %v", h.Field, err)
	}
	if d := dense(x); d[0][0] != 1<<64 || d[1][1] != 7 {
		t.Errorf("unsigned-integer values %v, want 2^64 (rounded) and 7", d)
	}
	_, _, _, _, err = ReadDense[float64](strings.NewReader("%%MatrixMarket matrix array unsigned-integer general\n1 2\n3\n-4\n"), Options{Name: "u.mtx"})
	if err == nil || !strings.Contains(err.Error(), "u.mtx:4: value: bad unsigned integer") {
		t.Errorf("a negative unsigned-integer value: %v", err)
	}

	one := func(v float64) *coo.Tensor[float64] {
		x, err := coo.New([]uint64{1, 1}, []uint64{0, 0}, []float64{v})
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	if err := Write(&buf, one(1<<63), WriteOptions{Field: Integer}); err == nil || !strings.Contains(err.Error(), "(1, 1) = 9.223372036854776e+18 is not an integer") {
		t.Errorf("2^63 as an integer: %v", err)
	}
	buf.Reset()
	if err := Write(&buf, one(-1<<63), WriteOptions{Field: Integer}); err != nil || !strings.HasSuffix(buf.String(), "\n1 1 -9223372036854775808\n") {
		t.Errorf("-2^63 as an integer: %v, %q", err, buf.String())
	}

	buf.Reset()
	if err := Write(&buf, one(2), WriteOptions{Comment: []string{"line one\nline two\r\nthree"}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "\n%line one\n%line two\n%three\n1 1 1\n") {
		t.Errorf("a comment with newlines wrote %q", buf.String())
	}
	if _, _, err := Read[float64](&buf, Options{}); err != nil {
		t.Errorf("reading it back: %v", err)
	}

	nan, err := coo.New([]uint64{2, 2}, []uint64{0, 1, 1, 0}, []float64{math.NaN(), math.NaN()})
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := Write(&buf, nan, WriteOptions{Symmetry: Symmetric}); err != nil {
		t.Errorf("a symmetric matrix of NaN: %v", err)
	}
	asym, _ := coo.New([]uint64{2, 2}, []uint64{0, 1, 1, 0}, []float64{math.NaN(), 1})
	if err := Write(&buf, asym, WriteOptions{Symmetry: Symmetric}); err == nil || !strings.Contains(err.Error(), "mtx: entry (") {
		t.Errorf("NaN against 1: %v", err)
	}
}

// TestIntegerToFloat32: an integer field read as float32 is rounded once
// from its digits (through float64 an integer above 2^53 would be rounded
// twice: 9007199791611905 to 9007199254740992, not 9007200328482816), and a
// symmetric file's size line does not preallocate beyond
// formats.MaxPrealloc elements in all.
func TestIntegerToFloat32(t *testing.T) {
	for _, field := range []string{"integer", "unsigned-integer", "real"} {
		in := "%%MatrixMarket matrix coordinate " + field + " general\n1 1 1\n1 1 9007199791611905\n"
		x, _, err := Read[float32](strings.NewReader(in), Options{Name: "x.mtx"})
		if err != nil {
			t.Fatal(err)
		}
		if got := x.Values()[0]; got != 9007200328482816 {
			t.Errorf("%s: %v, want 9007200328482816", field, got)
		}
	}
	in := "%%MatrixMarket matrix coordinate real symmetric\n1000000000 1000000000 1000000000000000000\n1 1 1\n"
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	if _, _, err := Read[float64](strings.NewReader(in), Options{Name: "x.mtx"}); err == nil {
		t.Fatal("a file of one entry declaring 10^18 read")
	}
	runtime.ReadMemStats(&m1)
	if d := m1.TotalAlloc - m0.TotalAlloc; d > 8*formats.MaxPrealloc+1<<20 {
		t.Errorf("%d bytes allocated for a %d-byte file", d, len(in))
	}
	nan := "%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 -nan\n"
	y, _, err := Read[float64](strings.NewReader(nan), Options{Name: "n.mtx"})
	if err != nil || !math.IsNaN(y.Values()[0]) {
		t.Errorf("-nan: %v, %v", y, err)
	}
}
