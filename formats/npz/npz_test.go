package npz

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/formats/mtx"
	"github.com/hurray-format/hurray-go/formats/tns"
)

const td = "../../testdata"

// want is the 4x5 matrix of testdata/gen_npz.py.
var want = [4][5]float64{
	{1, 0, 2, 0, 0},
	{0, 0, 0, 0, 0},
	{0, -3.5, 0, 4, 0},
	{5, 0, 0, 0, 0.25},
}

func at[T Float](s *Sparse[T], i, j uint64) T {
	if s.Matrix != nil {
		return s.Matrix.At(i, j)
	}
	return s.COO.At(i, j)
}

func TestReadSciPy(t *testing.T) {
	for _, f := range []string{"csr", "csc", "coo"} {
		for _, idx := range []string{"i32", "i64"} {
			name := fmt.Sprintf("scipy_%s_%s.npz", f, idx)
			s, err := ReadFile[float64](filepath.Join(td, name))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			wantIdx := "<i4"
			if idx == "i64" {
				wantIdx = "<i8"
			}
			if s.Info.Format != f || s.Info.IndexDType != wantIdx || s.Info.DType != "<f8" || s.Info.Canonicalized {
				t.Errorf("%s: info %+v", name, s.Info)
			}
			if (s.Matrix != nil) == (f == "coo") || (f == "csc") != (s.Matrix != nil && s.Matrix.IsCSC()) {
				t.Errorf("%s: wrong kind set: %+v", name, s)
			}
			for i := range 4 {
				for j := range 5 {
					if got := at(s, uint64(i), uint64(j)); got != want[i][j] {
						t.Errorf("%s: (%d,%d) = %v, want %v", name, i, j, got, want[i][j])
					}
				}
			}
		}
	}
}

func TestNonCanonical(t *testing.T) {
	s, err := ReadFile[float32](filepath.Join(td, "scipy_csr_noncanonical.npz"))
	if err != nil {
		t.Fatal(err)
	}
	if !s.Info.Canonicalized || s.Info.Unsorted != 1 || s.Info.Duplicates != 1 {
		t.Errorf("info %+v, want canonicalized with 1 unsorted row and 1 duplicate", s.Info)
	}
	if s.Matrix.NNZ() != 6 {
		t.Errorf("nnz %d, want 6", s.Matrix.NNZ())
	}
	for i := range 4 {
		for j := range 5 {
			if got := s.Matrix.At(uint64(i), uint64(j)); float64(got) != want[i][j] {
				t.Errorf("(%d,%d) = %v, want %v", i, j, got, want[i][j])
			}
		}
	}
}

func TestNPY(t *testing.T) {
	d, shape, err := readNPYFile[float64](filepath.Join(td, "dense_c.npy"))
	if err != nil || !slices.Equal(shape, []uint64{2, 3}) || !slices.Equal(d, []float64{0, 1, 2, 3, 4, 5}) {
		t.Fatalf("dense_c: %v %v %v", err, shape, d)
	}
	f, shape, err := readNPYFile[float32](filepath.Join(td, "dense_f.npy"))
	if err != nil || !slices.Equal(shape, []uint64{2, 3, 4}) {
		t.Fatalf("dense_f: %v %v", err, shape)
	}
	for k, v := range f {
		if v != float32(k) {
			t.Fatalf("dense_f[%d] = %v, want %d (Fortran order not converted)", k, v, k)
		}
	}
	var buf bytes.Buffer
	if err := WriteNPY(&buf, f, shape); err != nil {
		t.Fatal(err)
	}
	if buf.Len()%64 != 24*4%64 {
		t.Errorf("data not 64-byte aligned: %d bytes", buf.Len())
	}
	g, shape2, err := ReadNPY[float32](&buf, Options{})
	if err != nil || !slices.Equal(g, f) || !slices.Equal(shape2, shape) {
		t.Fatalf("npy round trip: %v", err)
	}
}

func readNPYFile[T Float](p string) ([]T, []uint64, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return ReadNPY[T](f, Options{Name: p})
}

func TestRoundTrip(t *testing.T) {
	x, _, err := mtx.ReadFile[float64](filepath.Join(td, "lp_ship04l.mtx"))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := convert.COOToCSR(x)
	for _, compress := range []bool{false, true} {
		opts := WriteOptions{Compress: compress}
		for _, m := range []*csr.Matrix[float64]{a, convert.CSRToCSC(a)} {
			var buf bytes.Buffer
			if err := WriteMatrix(&buf, m, opts); err != nil {
				t.Fatal(err)
			}
			s, err := Read[float64](bytes.NewReader(buf.Bytes()), int64(buf.Len()), Options{})
			if err != nil {
				t.Fatal(err)
			}
			b := s.Matrix
			if b.IsCSC() != m.IsCSC() || !slices.Equal(b.Ptr(), m.Ptr()) || !slices.Equal(b.Idx(), m.Idx()) || !slices.Equal(b.Values(), m.Values()) || s.Info.IndexDType != "<i8" {
				t.Fatalf("%v round trip differs", m)
			}
		}
		var buf bytes.Buffer
		if err := WriteCOO(&buf, x, opts); err != nil {
			t.Fatal(err)
		}
		s, err := Read[float32](bytes.NewReader(buf.Bytes()), int64(buf.Len()), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if s.Info.DType != "<f8" || !slices.Equal(s.COO.Coords(), x.Coords()) {
			t.Fatalf("coo round trip differs")
		}
	}
	// CSF, float32, a non-identity mode order.
	y, _, err := tns.ReadFile[float32](filepath.Join(td, "wikipeople_arity4_head200.tns"), tns.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := convert.COOToCSF(y, []uint32{4, 0, 3, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteCSF(&buf, c, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	s, err := Read[float32](bytes.NewReader(buf.Bytes()), int64(buf.Len()), Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := s.CSF
	if d == nil || !slices.Equal(d.ModeOrder(), c.ModeOrder()) || !slices.Equal(d.Values(), c.Values()) || s.Info.DType != "<f4" {
		t.Fatalf("csf round trip: %+v", s)
	}
	for l := range c.Rank() {
		if !slices.Equal(d.Pos(l), c.Pos(l)) || !slices.Equal(d.Crd(l), c.Crd(l)) {
			t.Fatalf("csf level %d differs", l)
		}
	}
}

// npzOf builds an archive from name -> raw member bytes.
func npzOf(t testing.TB, members map[string][]byte) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	names := make([]string, 0, len(members))
	for n := range members {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		w, err := zw.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(members[n])
	}
	zw.Close()
	return buf.Bytes()
}

func npyBytes(descr string, shape string, data []byte) []byte {
	dict := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': %s, }\n", descr, shape)
	b := []byte("\x93NUMPY\x01\x00")
	b = append(b, byte(len(dict)), byte(len(dict)>>8))
	return append(append(b, dict...), data...)
}

func i64s(v ...int64) []byte {
	var b []byte
	for _, x := range v {
		for k := range 8 {
			b = append(b, byte(uint64(x)>>(8*k)))
		}
	}
	return b
}

func f64s(n int) []byte { return make([]byte, 8*n) }

func validCSR() map[string][]byte {
	return map[string][]byte{
		"format.npy":  npyBytes("|S3", "()", []byte("csr")),
		"shape.npy":   npyBytes("<i8", "(2,)", i64s(2, 3)),
		"indptr.npy":  npyBytes("<i8", "(3,)", i64s(0, 1, 2)),
		"indices.npy": npyBytes("<i8", "(2,)", i64s(0, 2)),
		"data.npy":    npyBytes("<f8", "(2,)", f64s(2)),
	}
}

func TestErrors(t *testing.T) {
	b := npzOf(t, validCSR())
	if _, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz"}); err != nil {
		t.Fatalf("valid hand-made csr: %v", err)
	}
	cases := []struct {
		name, member string
		raw          []byte
		want         string
	}{
		{"dtype", "data.npy", npyBytes("<c16", "(2,)", make([]byte, 32)), "m.npz: array data: bad header"},
		{"bigendian", "data.npy", npyBytes(">f8", "(2,)", f64s(2)), "big-endian"},
		// Integer data is valid (SciPy loads it) but not read here:
		// ErrUnsupported, below; a string where numbers belong is
		// malformed.
		{"data dtype", "data.npy", npyBytes("<i8", "(2,)", i64s(1, 2)), "m.npz: array data: dtype <i8 is not read here (want float32 or float64 values)"},
		{"bool data", "data.npy", npyBytes("|b1", "(2,)", []byte{1, 1}), "m.npz: array data: dtype |b1 is not read here"},
		{"string indices", "indices.npy", npyBytes("|S8", "(2,)", make([]byte, 16)), "m.npz: array indices: wrong dtype |S8"},
		{"indptr len", "indptr.npy", npyBytes("<i8", "(2,)", i64s(0, 2)), "m.npz: array indptr: length 2, want 3"},
		{"negative", "indices.npy", npyBytes("<i8", "(2,)", i64s(0, -2)), "m.npz: array indices: entry 1 is negative (-2)"},
		{"bound", "indices.npy", npyBytes("<i8", "(2,)", i64s(0, 3)), "indices[1] = 3 is not below 3"},
		{"shape 2d", "indices.npy", npyBytes("<i8", "(1, 2)", i64s(0, 2)), "array indices: shape [1 2], want one dimension"},
		{"short data", "data.npy", npyBytes("<f8", "(2,)", f64s(1)), "array data: zip entry holds 8 bytes after a 68-byte header, but shape [2] of <f8 needs 16"},
		{"huge shape", "data.npy", npyBytes("<f8", "(1000000000000000000,)", f64s(2)), "needs 8000000000000000000"},
		{"overflow", "data.npy", npyBytes("<f8", "(4294967296, 4294967296)", f64s(2)), "element count overflows"},
		{"magic", "data.npy", []byte("\x93NUMPX\x01\x00\x00\x00"), "bad magic"},
		{"version", "data.npy", []byte("\x93NUMPY\x04\x00\x00\x00"), "version 4.0"},
		{"truncated", "data.npy", []byte("\x93NUMPY\x01\x00\x40\x00{'descr'"), "truncated .npy header"},
		{"keys", "data.npy", npyBytes("<f8", "(2,), 'extra': 1", f64s(2)), "unexpected key \"extra\""},
		{"one-tuple", "data.npy", npyBytes("<f8", "(2)", f64s(2)), "1-tuple needs a trailing comma"},
		{"format", "format.npy", npyBytes("|S3", "()", []byte("bsr")), "format \"bsr\""},
		{"format dtype", "format.npy", npyBytes("<i8", "()", i64s(1)), "array format: dtype <i8 shape [], want a 0-d string"},
		{"indptr order", "indptr.npy", npyBytes("<i8", "(3,)", i64s(0, 2, 1)), "indptr[2] = 1 is below indptr[1] = 2"},
		// A shape has at most 64 entries: a deflated member of 500M of them
		// took 4 GB (widened to uint64) before any check.
		{"shape rank", "shape.npy", npyBytes("|u1", "(65,)", make([]byte, 65)), "array shape: shape [65]: 65 elements, at most 64 here"},
		{"format size", "format.npy", npyBytes("|S2000", "()", make([]byte, 2000)), "array format: a 2000-byte string, at most 1024 here"},
	}
	for _, c := range cases {
		m := validCSR()
		m[c.member] = c.raw
		b := npzOf(t, m)
		_, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz"})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
			continue
		}
		if !errors.Is(err, formats.ErrMalformed) && !errors.Is(err, formats.ErrUnsupported) {
			t.Errorf("%s: %v matches neither ErrMalformed nor ErrUnsupported", c.name, err)
		}
		if strings.Contains(c.want, "is not read here") && !errors.Is(err, formats.ErrUnsupported) ||
			strings.Contains(c.want, "wrong dtype") && errors.Is(err, formats.ErrUnsupported) {
			t.Errorf("%s: %v: errors.Is(err, ErrUnsupported) is %v", c.name, err, errors.Is(err, formats.ErrUnsupported))
		}
	}
	b = npzOf(t, validCSR())
	if _, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz", MaxBytes: 8}); err == nil || err.Error() != "m.npz: array format: reading needs 56 bytes in all, over the budget of 8 bytes (Options.MaxBytes)" || !errors.Is(err, formats.ErrTooLarge) {
		t.Errorf("MaxBytes: %v", err)
	}
	// The budget counts indices widened to 8 bytes, whatever their dtype.
	u1 := map[string][]byte{
		"format.npy":  npyBytes("|S3", "()", []byte("csr")),
		"shape.npy":   npyBytes("|u1", "(2,)", []byte{2, 3}),
		"indptr.npy":  npyBytes("|u1", "(3,)", []byte{0, 1, 2}),
		"indices.npy": npyBytes("|u1", "(2,)", []byte{0, 2}),
		"data.npy":    npyBytes("<f8", "(2,)", f64s(2)),
	}
	b = npzOf(t, u1)
	s, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz"})
	if err != nil {
		t.Fatalf("|u1 indices: %v", err)
	}
	// The headers; the format's 3 bytes and its string; shape 16, indptr
	// 24, indices 16 and data 16 bytes.
	hdr := func(m string) uint64 { return headerLen(u1[m+".npy"]) }
	want := hdr("format") + hdr("shape") + hdr("indptr") + hdr("indices") + hdr("data") + 2*3 + 16 + 24 + 16 + 16
	if s.Info.AllocBytes != want {
		t.Errorf("|u1 indices: AllocBytes %d, want %d", s.Info.AllocBytes, want)
	}
	// Up to indptr: its 3 bytes are read into 24.
	need := hdr("format") + hdr("shape") + hdr("indptr") + 2*3 + 16 + 24
	msg := fmt.Sprintf("m.npz: array indptr: reading needs %d bytes in all, over the budget of %d bytes (Options.MaxBytes)", need, need-4)
	if _, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz", MaxBytes: int64(need) - 4}); err == nil || err.Error() != msg {
		t.Errorf("|u1 indices under a small budget: %v, want %q", err, msg)
	}
	// A float64 value beyond float32's range is an error when reading as
	// float32, not an infinity.
	m0 := validCSR()
	m0["data.npy"] = npyBytes("<f8", "(2,)", append(f64s(1), []byte{0x9c, 0x75, 0x00, 0x88, 0x3c, 0xe4, 0x37, 0x7e}...)) // 1e300
	b = npzOf(t, m0)
	if _, err := Read[float32](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz"}); err == nil || !strings.Contains(err.Error(), "m.npz: array data: entry 1 is 1e+300, out of float32 range") {
		t.Errorf("float32 overflow: %v", err)
	}
	if s, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz"}); err != nil || s.Matrix.Values()[1] != 1e300 {
		t.Errorf("1e300 as float64: %v", err)
	}
	m := validCSR()
	delete(m, "indices.npy")
	b = npzOf(t, m)
	if _, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz"}); err == nil || !strings.Contains(err.Error(), "m.npz: array indices: missing") {
		t.Errorf("missing member: %v", err)
	}
	if _, err := Read[float64](bytes.NewReader([]byte("PK nope")), 7, Options{Name: "m.npz"}); err == nil || !strings.Contains(err.Error(), "m.npz: not a zip archive") {
		t.Errorf("not a zip: %v", err)
	}
}

// python returns a python3 with scipy, or skips.
func python(t *testing.T) string {
	for _, p := range []string{"python3", "/usr/bin/python3"} {
		if path, err := exec.LookPath(p); err == nil {
			if exec.Command(path, "-c", "import scipy.sparse, numpy").Run() == nil {
				return path
			}
		}
	}
	t.Skip("no python3 with scipy and numpy (Debian: apt-get install python3-scipy): skipping the SciPy interoperability test")
	return ""
}

// TestSciPyInterop has SciPy load what hurray wrote and compute A @ x, and
// hurray load what SciPy wrote with int32 and int64 indices.
func TestSciPyInterop(t *testing.T) {
	py := python(t)
	dir := t.TempDir()
	x, _, err := mtx.ReadFile[float64](filepath.Join(td, "west0479.mtx"))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := convert.COOToCSR(x)
	rng := rand.New(rand.NewPCG(1, 2))
	vec := make([]float64, a.Cols())
	for i := range vec {
		vec[i] = rng.Float64()*2 - 1
	}
	// hurray's y = A x, row by row in storage order.
	y := make([]float64, a.Rows())
	for c, v := range a.All() {
		y[c[0]] += v * vec[c[1]]
	}
	files := map[string]func(*os.File) error{
		"csr.npz": func(f *os.File) error { return WriteMatrix(f, a, WriteOptions{Compress: true}) },
		"csc.npz": func(f *os.File) error { return WriteMatrix(f, convert.CSRToCSC(a), WriteOptions{}) },
		"coo.npz": func(f *os.File) error { return WriteCOO(f, x, WriteOptions{}) },
	}
	for name, w := range files {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := w(f); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	f, _ := os.Create(filepath.Join(dir, "x.npy"))
	WriteNPY(f, vec, []uint64{uint64(len(vec))})
	f.Close()
	script := `
import sys, numpy as np, scipy.sparse as sp
d = sys.argv[1]
x = np.load(d + "/x.npy")
for name in ("csr", "csc", "coo"):
    A = sp.load_npz(d + "/" + name + ".npz")
    assert A.format == name, (A.format, name)
    np.save(d + "/y_" + name + ".npy", A @ x)
    for idx in (np.int32, np.int64):
        B = A.asformat(name).copy()
        if name == "coo":
            B.row = B.row.astype(idx); B.col = B.col.astype(idx)
        else:
            B.indices = B.indices.astype(idx); B.indptr = B.indptr.astype(idx)
        sp.save_npz(d + "/scipy_" + name + "_" + np.dtype(idx).name + ".npz", B)
`
	out, err := exec.Command(py, "-c", script, dir).CombinedOutput()
	if err != nil {
		t.Fatalf("python: %v\n%s", err, out)
	}
	for _, name := range []string{"csr", "csc", "coo"} {
		got, _, err := readNPYFile[float64](filepath.Join(dir, "y_"+name+".npy"))
		if err != nil {
			t.Fatal(err)
		}
		maxRel := 0.0
		for i := range y {
			d := got[i] - y[i]
			if d < 0 {
				d = -d
			}
			scale := max(1.0, abs(y[i]))
			maxRel = max(maxRel, d/scale)
		}
		if maxRel > 1e-12 {
			t.Errorf("%s: SciPy A@x differs from hurray's by %g (relative)", name, maxRel)
		}
		t.Logf("%s: SciPy A@x vs hurray: max relative difference %s over %d rows", name, strconv.FormatFloat(maxRel, 'g', 3, 64), len(y))
		for _, idx := range []string{"int32", "int64"} {
			s, err := ReadFile[float64](filepath.Join(dir, "scipy_"+name+"_"+idx+".npz"))
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for c, v := range a.All() {
				var got float64
				if s.Matrix != nil {
					got = s.Matrix.At(c[0], c[1])
				} else {
					got = s.COO.At(c[0], c[1])
				}
				if got != v {
					t.Fatalf("%s %s: (%d,%d) = %v, want %v", name, idx, c[0], c[1], got, v)
				}
				n++
			}
			t.Logf("%s %s (index dtype %s): %d entries match", name, idx, s.Info.IndexDType, n)
		}
	}
	_ = coo.Tensor[float64]{}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// TestReadNPYKinds: an integer or bool array is valid NumPy that ReadNPY does
// not read (ErrUnsupported); a string array where numbers belong is
// malformed.
func TestReadNPYKinds(t *testing.T) {
	for _, c := range []struct {
		descr       string
		raw         []byte
		unsupported bool
	}{
		{"<i8", i64s(1, 2), true},
		{"|b1", []byte{1, 0}, true},
		{"|S8", make([]byte, 16), false},
	} {
		_, _, err := ReadNPY[float64](bytes.NewReader(npyBytes(c.descr, "(2,)", c.raw)), Options{Name: "a.npy"})
		if err == nil || !strings.Contains(err.Error(), "a.npy") {
			t.Fatalf("%s: error %v, want one naming a.npy", c.descr, err)
		}
		if errors.Is(err, formats.ErrUnsupported) != c.unsupported || !c.unsupported && !errors.Is(err, formats.ErrMalformed) {
			t.Errorf("%s: %v: ErrUnsupported %v, want %v", c.descr, err, errors.Is(err, formats.ErrUnsupported), c.unsupported)
		}
	}
}

// f32 is a named element type of float32's kind.
type f32 float32

// TestNamedFloat32Writes: a named ~float32 element type is written as <f4,
// byte for byte as float32 (the writers tested for float32 itself and wrote
// named types as <f8).
func TestNamedFloat32Writes(t *testing.T) {
	vals := []float32{1.5, -2, 3e-5}
	named := []f32{1.5, -2, 3e-5}
	var a, b bytes.Buffer
	if err := WriteNPY(&a, vals, []uint64{3}); err != nil {
		t.Fatal(err)
	}
	if err := WriteNPY(&b, named, []uint64{3}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) || !strings.Contains(b.String(), "'<f4'") {
		t.Errorf("WriteNPY of a named float32 type: %q, want float32's %q", b.String(), a.String())
	}
	got, _, err := ReadNPY[f32](&b, Options{})
	if err != nil || len(got) != 3 || got[2] != 3e-5 {
		t.Errorf("reading it back: %v %v", got, err)
	}
}

// TestArraysBoundedByShape: every array after the first is bounded by what
// the shape and the arrays before it say it holds, and refused before it is
// inflated (three deflated members of 64M entries in a 1.5 MB file took
// 7.6 GiB before the length check); ReadNPY of a buffer that tells its
// length allocates the data's size once.
func TestArraysBoundedByShape(t *testing.T) {
	const big = 1 << 21
	zeros := make([]byte, 8*big)
	long := npyBytes("<i8", fmt.Sprintf("(%d,)", big), zeros)
	for _, c := range []struct {
		name    string
		members map[string][]byte
		want    string
	}{
		{"csr indices", func() map[string][]byte { m := validCSR(); m["indices.npy"] = long; return m }(), "array indices: shape [2097152]: 2097152 elements, at most 2 here"},
		{"csr indptr", func() map[string][]byte { m := validCSR(); m["indptr.npy"] = long; return m }(), "array indptr: shape [2097152]: 2097152 elements, at most 3 here"},
		{"csr data of no entries", func() map[string][]byte {
			m := validCSR()
			m["indptr.npy"] = npyBytes("<i8", "(3,)", i64s(0, 0, 0))
			m["indices.npy"] = npyBytes("<i8", "(0,)", nil)
			m["data.npy"] = npyBytes("<f8", fmt.Sprintf("(%d,)", big), zeros)
			return m
		}(), "array data: shape [2097152]: 2097152 elements, at most 1 here"},
		{"coo col", map[string][]byte{
			"format.npy": npyBytes("|S3", "()", []byte("coo")),
			"shape.npy":  npyBytes("<i8", "(2,)", i64s(2, 3)),
			"row.npy":    npyBytes("<i8", "(2,)", i64s(0, 1)),
			"col.npy":    long,
			"data.npy":   npyBytes("<f8", "(2,)", f64s(2)),
		}, "array col: shape [2097152]: 2097152 elements, at most 2 here"},
	} {
		b := npzOf(t, c.members)
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		_, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz"})
		runtime.ReadMemStats(&m1)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		if d := m1.TotalAlloc - m0.TotalAlloc; d > 4<<20 {
			t.Errorf("%s: %d bytes allocated for a %d-byte file", c.name, d, len(b))
		}
	}
	var buf bytes.Buffer
	if err := WriteNPY(&buf, make([]float64, big), []uint64{big}); err != nil {
		t.Fatal(err)
	}
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	if _, _, err := ReadNPY[float64](&buf, Options{}); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&m1)
	// The data's 16 MiB, decoded in place.
	if d := m1.TotalAlloc - m0.TotalAlloc; d > 8*big+overhead {
		t.Errorf("ReadNPY of %d float64 allocated %d bytes", big, d)
	}
}

// TestFloat32Bits: float32 values come back bit for bit, signalling NaNs
// too (decoding through float64 quieted them); 2-byte indices are read.
func TestFloat32Bits(t *testing.T) {
	bits := []uint32{0x7f800001, 0xffa00000, 0x7fc12345, 0x80000000, 1}
	v := make([]float32, len(bits))
	for i, b := range bits {
		v[i] = math.Float32frombits(b)
	}
	var buf bytes.Buffer
	if err := WriteNPY(&buf, v, []uint64{uint64(len(v))}); err != nil {
		t.Fatal(err)
	}
	got, _, err := ReadNPY[float32](&buf, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range v {
		if math.Float32bits(got[i]) != bits[i] {
			t.Errorf("entry %d: bits %#x, want %#x", i, math.Float32bits(got[i]), bits[i])
		}
	}
	for _, d := range []string{"<i2", "<u2"} {
		m := validCSR()
		m["indices.npy"] = npyBytes(d, "(2,)", []byte{0, 0, 2, 0})
		b := npzOf(t, m)
		s, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz"})
		if err != nil || s.Matrix == nil || s.Matrix.Idx()[1] != 2 {
			t.Errorf("%s indices: %v", d, err)
		}
	}
	m := validCSR()
	m["indices.npy"] = npyBytes("<i2", "(2,)", []byte{0, 0, 0xfe, 0xff})
	b := npzOf(t, m)
	if _, err := Read[float64](bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz"}); err == nil || !strings.Contains(err.Error(), "entry 1 is negative (-2)") {
		t.Errorf("negative <i2 index: %v", err)
	}
}
