package npz

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/internal/testutil"
	"github.com/hurray-format/hurray-go/layout"
	"github.com/hurray-format/hurray-go/quant"
)

// qMatrix returns a 7x9 matrix of 23 entries (an odd count) quantized with
// s, CSR or CSC.
func qMatrix(t testing.TB, s quant.Scheme, csc bool) *csr.Quantized {
	t.Helper()
	var ptr, idx []uint64
	var vals []float64
	major, minor := 7, 9
	if csc {
		major, minor = 9, 7
	}
	ptr = append(ptr, 0)
	k := 0
	for i := range major {
		for j := range minor {
			if (i*5+j*3)%8 < 3 && k < 23 {
				idx = append(idx, uint64(j))
				vals = append(vals, math.Sin(float64(k))*3)
				k++
			}
		}
		ptr = append(ptr, uint64(len(idx)))
	}
	var a *csr.Matrix[float64]
	var err error
	if csc {
		a, err = csr.NewCSC(7, 9, ptr, idx, vals)
	} else {
		a, err = csr.New(7, 9, ptr, idx, vals)
	}
	if err != nil {
		t.Fatal(err)
	}
	q, _, err := csr.Quantize(a, s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// qCOO2 returns a rank-2 COO of 13 unsorted entries, with a repeat,
// quantized with s.
func qCOO2(t testing.TB, s quant.Scheme) *coo.Quantized {
	t.Helper()
	var coords []uint64
	var vals []float32
	for k := range 13 {
		coords = append(coords, uint64(k*5%6), uint64(k*7%5))
		vals = append(vals, float32(k)-6.5)
	}
	coords[24], coords[25] = coords[0], coords[1]
	x, err := coo.New([]uint64{6, 5}, coords, vals)
	if err != nil {
		t.Fatal(err)
	}
	q, _, err := coo.Quantize(x, s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// qCSF returns a 4x3x5 CSF in mode order [2 0 1] with 17 leaves,
// quantized with s.
func qCSF(t testing.TB, s quant.Scheme) *csf.Quantized {
	t.Helper()
	shape, mo := []uint64{4, 3, 5}, []uint32{2, 0, 1}
	pos := [][]uint64{{0, 4}, {0, 2, 3, 5, 7}, nil}
	crd := [][]uint64{{0, 1, 3, 4}, {0, 3, 1, 0, 2, 1, 3}, nil}
	pos[2] = []uint64{0}
	for n := range 7 {
		k := 1 + (n*2)%3
		for c := range k {
			crd[2] = append(crd[2], uint64(c))
		}
		pos[2] = append(pos[2], uint64(len(crd[2])))
	}
	vals := make([]float64, len(crd[2]))
	for i := range vals {
		vals[i] = math.Cos(float64(i)) * 2
	}
	x, err := csf.New(shape, mo, pos, crd, vals)
	if err != nil {
		t.Fatal(err)
	}
	q, _, err := csf.Quantize(x, s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// qFile is one quantized structure written to bytes.
type qFile struct {
	name string
	b    []byte
	bufs [][]byte // the structure's buffer table
}

// qFiles writes every layout with every scheme of its rank.
func qFiles(t testing.TB) []qFile {
	t.Helper()
	var out []qFile
	add := func(name string, bufs [][]byte, write func(w io.Writer) error) {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, qFile{name, b.Bytes(), bufs})
	}
	for _, s := range testutil.Schemes(2) {
		for _, csc := range []bool{false, true} {
			q := qMatrix(t, s, csc)
			add(fmt.Sprintf("%v/%v", q.Tag(), s), q.Buffers(), func(w io.Writer) error { return WriteQuantizedMatrix(w, q, WriteOptions{}) })
		}
		c := qCOO2(t, s)
		add(fmt.Sprintf("coo/%v", s), c.Buffers(), func(w io.Writer) error { return WriteQuantizedCOO(w, c, WriteOptions{Compress: true}) })
	}
	for _, s := range testutil.Schemes(3) {
		c := qCSF(t, s)
		add(fmt.Sprintf("csf/%v", s), c.Buffers(), func(w io.Writer) error { return WriteQuantizedCSF(w, c, WriteOptions{}) })
	}
	return out
}

// TestQuantizedRoundTrip: every layout and scheme written, read back to
// the same buffer table and written again to the same bytes; the read
// counts its budget exactly; Read refuses the file naming its scheme, and
// ReadAny reads it.
func TestQuantizedRoundTrip(t *testing.T) {
	for _, f := range qFiles(t) {
		r := bytes.NewReader(f.b)
		q, err := ReadQuantized(r, int64(len(f.b)), Options{Name: "q.npz"})
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		var got [][]byte
		var again bytes.Buffer
		compress := strings.HasPrefix(f.name, "coo")
		switch {
		case q.Matrix != nil:
			got = q.Matrix.Buffers()
			err = WriteQuantizedMatrix(&again, q.Matrix, WriteOptions{})
		case q.COO != nil:
			got = q.COO.Buffers()
			err = WriteQuantizedCOO(&again, q.COO, WriteOptions{Compress: compress})
		case q.CSF != nil:
			got = q.CSF.Buffers()
			err = WriteQuantizedCSF(&again, q.CSF, WriteOptions{})
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(f.bufs) {
			t.Fatalf("%s: %d buffers, want %d", f.name, len(got), len(f.bufs))
		}
		for i := range got {
			if !bytes.Equal(got[i], f.bufs[i]) {
				t.Fatalf("%s: buffer %d differs after the round trip", f.name, i)
			}
		}
		if !bytes.Equal(again.Bytes(), f.b) {
			t.Fatalf("%s: file -> structure -> file is not byte-identical", f.name)
		}
		if q.Info.Scheme == "" || !strings.HasSuffix(f.name, q.Info.Scheme) {
			t.Fatalf("%s: Info.Scheme %q", f.name, q.Info.Scheme)
		}
		need := q.Info.AllocBytes
		if _, err := ReadQuantized(r, int64(len(f.b)), Options{MaxBytes: int64(need)}); err != nil {
			t.Fatalf("%s: under its own count %d: %v", f.name, need, err)
		}
		if _, err := ReadQuantized(r, int64(len(f.b)), Options{MaxBytes: int64(need) - 1}); !errors.Is(err, formats.ErrTooLarge) {
			t.Fatalf("%s: under %d, one byte less than its count: %v", f.name, need-1, err)
		}
		if _, err := Read[float32](r, int64(len(f.b)), Options{Name: "q.npz"}); !errors.Is(err, formats.ErrUnsupported) || !strings.Contains(err.Error(), "q.npz: array quant: quantized values (scheme \""+q.Info.Scheme) {
			t.Fatalf("%s: Read of a quantized file: %v", f.name, err)
		}
		if s, qq, err := ReadAny[float64](r, int64(len(f.b)), Options{}); err != nil || s != nil || qq == nil {
			t.Fatalf("%s: ReadAny: %v %v %v", f.name, s, qq, err)
		}
	}
	// A float file: ReadQuantized refuses it, ReadAny reads it.
	b := npzOf(t, validCSR())
	if _, err := ReadQuantized(bytes.NewReader(b), int64(len(b)), Options{Name: "m.npz"}); !errors.Is(err, formats.ErrUnsupported) || !strings.Contains(err.Error(), "m.npz: array quant: missing") {
		t.Fatalf("ReadQuantized of a float file: %v", err)
	}
	if s, q, err := ReadAny[float64](bytes.NewReader(b), int64(len(b)), Options{}); err != nil || s == nil || q != nil {
		t.Fatalf("ReadAny of a float file: %v %v %v", s, q, err)
	}
}

// unzip returns an archive's members by name (with ".npy").
func unzip(t testing.TB, b []byte) map[string][]byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name], _ = io.ReadAll(rc)
		rc.Close()
	}
	return out
}

func f32s(v ...float32) []byte {
	var b []byte
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}

// TestQuantizedErrors: every malformed quantized file is an error naming
// the file, the array and the index and value.
func TestQuantizedErrors(t *testing.T) {
	// A 2x3 CSR of 3 entries: (0,0) (0,2) (1,1).
	base := func(spelling string, data []byte, params ...[]byte) map[string][]byte {
		m := map[string][]byte{
			"format.npy":  npyBytes("|S3", "()", []byte("csr")),
			"shape.npy":   npyBytes("<i8", "(2,)", i64s(2, 3)),
			"indptr.npy":  npyBytes("<i8", "(3,)", i64s(0, 2, 3)),
			"indices.npy": npyBytes("<i8", "(3,)", i64s(0, 2, 1)),
			"data.npy":    npyBytes("|i1", fmt.Sprintf("(%d,)", len(data)), data),
			"quant.npy":   npyBytes(fmt.Sprintf("|S%d", len(spelling)), "()", []byte(spelling)),
		}
		for i, p := range params {
			descr := "<f4"
			n := len(p) / 4
			if len(p) > 0 && p[0] == 0xEE { // a marker: one-byte elements
				descr, p, n = "|u1", p[1:], len(p)-1
			}
			m[fmt.Sprintf("quant_%d.npy", i)] = npyBytes(descr, fmt.Sprintf("(%d,)", n), p)
		}
		return m
	}
	u1 := func(b ...byte) []byte { return append([]byte{0xEE}, b...) }
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	cases := []struct {
		name string
		m    map[string][]byte
		want string
		kind error
	}{
		{"valid int8 channel", base("int8:channel:axis=0", []byte{1, 2, 3}, f32s(1, 2)), "", nil},
		{"valid uint8 block", base("uint8:block=2", []byte{1, 2, 3}, f32s(1, 2), u1(0, 9)), "", nil},
		{"valid mxfp4", base("mxfp4", []byte{0x21, 0x03}, u1(127)), "", nil},
		{"missing parameter", base("uint8:block=2", []byte{1, 2, 3}, f32s(1, 2)), "q.npz: array quant_1: missing", formats.ErrMalformed},
		{"extra parameter", base("int8:tensor", []byte{1, 2, 3}, f32s(1), f32s(1)), "q.npz: array quant_1: not a parameter array of int8:tensor, which has 1", formats.ErrMalformed},
		{"stray parameter name", func() map[string][]byte {
			m := base("int8:tensor", []byte{1, 2, 3}, f32s(1))
			m["quant_01.npy"] = m["quant_0.npy"]
			return m
		}(), "array quant_01: not a parameter array", formats.ErrMalformed},
		{"short scale", base("int8:channel:axis=1", []byte{1, 2, 3}, f32s(1, 2)), "q.npz: array quant_0: length 2, want 3 (one scale a group of int8:channel:axis=1)", formats.ErrMalformed},
		{"long scale", base("int8:block=2", []byte{1, 2, 3}, f32s(1, 2, 3)), "q.npz: array quant_0: length 3, want 2", formats.ErrMalformed},
		{"NaN scale", base("int8:channel:axis=0", []byte{1, 2, 3}, f32s(1, nan)), "q.npz: array quant_0: invalid: csr: buffer 3 (scale)[1]: NaN, want a finite scale > 0", formats.ErrMalformed},
		{"Inf scale", base("int8:tensor", []byte{1, 2, 3}, f32s(inf)), "array quant_0: invalid: csr: buffer 3 (scale)[0]: +Inf", formats.ErrMalformed},
		{"zero scale", base("uint8:tensor", []byte{1, 2, 3}, f32s(0), u1(3)), "array quant_0: invalid: csr: buffer 3 (scale)[0]: 0, want", formats.ErrMalformed},
		{"negative scale", base("int4:block=2", []byte{0x21, 0x03}, f32s(1, -0.5)), "array quant_0: invalid: csr: buffer 3 (scale)[1]: -0.5", formats.ErrMalformed},
		{"negative absmax", base("nf4:block=2", []byte{0x21, 0x03}, f32s(-1, 1)), "array quant_0: invalid: csr: buffer 3 (absmax)[0]: -1", formats.ErrMalformed},
		{"E8M0 NaN", base("mxfp8", []byte{1, 2, 3}, u1(0xFF)), "array quant_0: invalid: csr: buffer 3 (scale)[0]: 0xff is an E8M0 NaN", formats.ErrMalformed},
		{"E4M3 NaN", base("mxfp8", []byte{1, 0x7F, 3}, u1(120)), "array data: invalid: csr: buffer 0 (codes)[1]: 0x7f is an E4M3 NaN", formats.ErrMalformed},
		{"padding nibble", base("nf4:block=2", []byte{0x21, 0x13}, f32s(1, 1)), "array data: invalid: csr: buffer 0 (codes)[1]: byte 0x13: padding nibble 0x1", formats.ErrMalformed},
		{"axis out of range", base("int8:channel:axis=2", []byte{1, 2, 3}, f32s(1, 2)), "q.npz: array quant: quant: int8:channel:axis=2: axis 2 is not below the rank 2", formats.ErrMalformed},
		{"unknown scheme", base("int3:tensor", []byte{1, 2, 3}, f32s(1)), "q.npz: array quant: scheme \"int3:tensor\"", formats.ErrUnsupported},
		{"malformed scheme", base("int8:block=0", []byte{1, 2, 3}, f32s(1)), "q.npz: array quant: scheme \"int8:block=0\"", formats.ErrMalformed},
		{"codes long", base("int4:block=2", []byte{1, 2, 3}, f32s(1, 1)), "q.npz: array data: length 3, want 2 (3 values of 4 bits)", formats.ErrMalformed},
		{"float scale dtype", func() map[string][]byte {
			m := base("int8:tensor", []byte{1, 2, 3}, f32s(1))
			m["quant_0.npy"] = npyBytes("<f8", "(1,)", f64s(1))
			return m
		}(), "q.npz: array quant_0: dtype <f8, want <f4 (float32 scale of int8:tensor)", formats.ErrMalformed},
		{"zero point dtype", func() map[string][]byte {
			m := base("uint8:tensor", []byte{1, 2, 3}, f32s(1), u1(0))
			m["quant_1.npy"] = npyBytes("|i1", "(1,)", []byte{0})
			return m
		}(), "array quant_1: dtype |i1, want |u1", formats.ErrMalformed},
		{"code dtype", func() map[string][]byte {
			m := base("int8:tensor", []byte{1, 2, 3}, f32s(1))
			m["data.npy"] = npyBytes("<i2", "(3,)", make([]byte, 6))
			return m
		}(), "q.npz: array data: dtype <i2, want one-byte codes", formats.ErrMalformed},
		{"float codes", func() map[string][]byte {
			m := base("int8:tensor", []byte{1, 2, 3}, f32s(1))
			m["data.npy"] = npyBytes("<f8", "(3,)", f64s(3))
			return m
		}(), "q.npz: array data: dtype <f8 is not read here", formats.ErrUnsupported},
		{"non-canonical", func() map[string][]byte {
			m := base("int8:tensor", []byte{1, 2, 3}, f32s(1))
			m["indices.npy"] = npyBytes("<i8", "(3,)", i64s(2, 0, 1))
			return m
		}(), "q.npz: array indices: indices[1] = 0 follows 2 in the same row or column: a quantized file must be canonical", formats.ErrMalformed},
		{"quant dtype", func() map[string][]byte {
			m := base("int8:tensor", []byte{1, 2, 3}, f32s(1))
			m["quant.npy"] = npyBytes("<i8", "()", i64s(1))
			return m
		}(), "q.npz: array quant: dtype <i8 shape [], want a 0-d string", formats.ErrMalformed},
	}
	for _, c := range cases {
		b := npzOf(t, c.m)
		q, err := ReadQuantized(bytes.NewReader(b), int64(len(b)), Options{Name: "q.npz"})
		if c.want == "" {
			if err != nil || q.Matrix == nil || !q.Matrix.Valid() {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, c.kind) {
			t.Errorf("%s: %v, want %q matching %v", c.name, err, c.want, c.kind)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: a multi-line error", c.name)
		}
	}
}

// TestQuantizedNumPy: np.load gives every array of a quantized file by
// name, with the dtypes of the package doc and the bytes of the buffer
// table; scipy.sparse.load_npz loads an 8-bit matrix with the codes as its
// data and refuses a 4-bit one. Skips without python3, numpy and scipy.
func TestQuantizedNumPy(t *testing.T) {
	py := python(t)
	dir := t.TempDir()
	var names []string
	for _, f := range qFiles(t) {
		name := strings.NewReplacer("/", "_", ":", "_", "=", "_").Replace(f.name)
		if err := os.WriteFile(filepath.Join(dir, name+".npz"), f.b, 0o666); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	// The script prints, per file, every array's name, dtype, shape and
	// bytes (hex), then what load_npz made of it.
	script := `
import sys, os, numpy as np, scipy.sparse as sp
d = sys.argv[1]
for name in sys.argv[2:]:
    z = np.load(os.path.join(d, name + ".npz"))
    for k in sorted(z.files):
        a = z[k]
        if a.dtype.kind == "U":
            print(name, k, "U", str(a))
        else:
            print(name, k, a.dtype.str, a.shape, a.tobytes().hex())
    fmt = str(z["format"])
    if fmt in ("csr", "csc", "coo"):
        try:
            m = sp.load_npz(os.path.join(d, name + ".npz"))
            print(name, "scipy", m.format, m.shape, m.nnz, m.data.dtype.str, np.ascontiguousarray(m.data).tobytes().hex())
        except Exception as e:
            print(name, "scipy refused", type(e).__name__)
`
	out, err := exec.Command(py, append([]string{"-c", script, dir}, names...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("python: %v\n%s", err, out)
	}
	lines := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(l, " ", 3)
		if len(f) == 3 {
			lines[f[0]+" "+f[1]] = f[2]
		}
	}
	hexOf := func(b []byte) string { return fmt.Sprintf("%x", b) }
	for i, f := range qFiles(t) {
		name := names[i]
		q, err := ReadQuantized(bytes.NewReader(f.b), int64(len(f.b)), Options{})
		if err != nil {
			t.Fatal(err)
		}
		s := quant.MustParse(q.Info.Scheme)
		codes := "data"
		if q.CSF != nil {
			codes = "values"
		}
		if got := lines[name+" quant"]; got != "U "+q.Info.Scheme {
			t.Errorf("%s: np.load quant = %q", name, got)
		}
		wantCodes := "|u1"
		if s.Kind() == quant.Int8 {
			wantCodes = "|i1"
		}
		if got := lines[name+" "+codes]; !strings.HasPrefix(got, wantCodes+" ") || !strings.HasSuffix(got, " "+hexOf(f.bufs[0])) {
			t.Errorf("%s: np.load %s = %q, want %s with the codes %x", name, codes, got, wantCodes, f.bufs[0])
		}
		first := len(f.bufs) - s.ParamCount()
		for k := range s.ParamCount() {
			want := "|u1"
			if s.Param(k).Type == quant.ParamFloat32 {
				want = "<f4"
			}
			if got := lines[fmt.Sprintf("%s quant_%d", name, k)]; !strings.HasPrefix(got, want+" ") || !strings.HasSuffix(got, " "+hexOf(f.bufs[first+k])) {
				t.Errorf("%s: np.load quant_%d = %q, want %s %x", name, k, got, want, f.bufs[first+k])
			}
		}
		for _, arr := range []string{"shape", "indptr", "indices", "row", "col", "mode_order", "pos_0", "crd_2"} {
			if _, ok := lines[name+" "+arr]; !ok && (q.Matrix != nil && (arr == "indptr" || arr == "indices") || q.COO != nil && (arr == "row" || arr == "col") || q.CSF != nil && strings.ContainsAny(arr, "_") || arr == "shape") {
				t.Errorf("%s: np.load gave no %s", name, arr)
			}
		}
		if q.CSF != nil {
			continue
		}
		got := lines[name+" scipy"]
		if s.CodeBits() == 4 {
			if !strings.HasPrefix(got, "refused") {
				t.Errorf("%s: SciPy loaded a 4-bit file: %q", name, got)
			}
			continue
		}
		// SciPy's data is the codes (a COO in its storage order).
		if !strings.HasSuffix(got, " "+hexOf(f.bufs[0])) || !strings.Contains(got, wantCodes) {
			t.Errorf("%s: SciPy loaded %q, want the codes %x as data", name, got, f.bufs[0])
		}
	}
	t.Logf("%d quantized files checked through numpy and scipy", len(names))
}

// TestQuantizedWriteErrors: unvalidated structures and COO of rank 3 are
// refused.
func TestQuantizedWriteErrors(t *testing.T) {
	q := qCOO2(t, quant.MustParse("int8:tensor"))
	c, err := coo.NewQuantized([]uint64{2, 2, 2}, []uint64{0, 1, 1}, quant.Values{Scheme: q.Scheme(), N: 1, Codes: []byte{1}, Scale: []float32{1}})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteQuantizedCOO(io.Discard, c, WriteOptions{}); err == nil || !strings.Contains(err.Error(), "rank 3") {
		t.Fatalf("rank 3 COO: %v", err)
	}
	p, _ := coo.FromBuffersQuantized(q.Shape(), q.Scheme(), q.Buffers(), layout.Permissive)
	if err := WriteQuantizedCOO(io.Discard, p, WriteOptions{}); err == nil {
		t.Fatal("unvalidated COO written")
	}
}
