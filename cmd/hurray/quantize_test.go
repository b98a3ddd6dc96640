package main

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/formats/auto"

	"github.com/hurray-format/hurray-go/formats/npz"
)

// TestQuantizeCommand: quantize writes an .npz of the scheme and reports
// the error and the bytes a value before and after; info shows the scheme
// and its parameter arrays, validate checks the file, convert carries it
// between layouts (codes kept for a channel scheme, re-quantized for a block
// scheme, refused with --exact), and mttkrp runs on it.
func TestQuantizeCommand(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(td, "west0479.mtx")
	q := filepath.Join(dir, "q.npz")
	code, out, errOut := runCmd(t, "quantize", in, q, "--scheme", "int8:channel", "--axis", "0", "--to", "csr")
	if code != 0 || errOut != "" {
		t.Fatalf("quantize: exit %d, stderr %q", code, errOut)
	}
	for _, w := range []string{"-> " + q + " (npz csr int8:channel:axis=0), shape 479 x 479, nnz 1910", "error:     max abs ", "RMS ", "over 1910 values",
		"bytes:     14.01 a stored value before (float32 csr: values and indices), 12.01 after (int8:channel:axis=0: codes, parameters and indices)"} {
		if !strings.Contains(out, w) {
			t.Errorf("quantize: output lacks %q:\n%s", w, out)
		}
	}
	code, out, _ = runCmd(t, "info", q)
	for _, w := range []string{"layout:    csr", "scheme:    int8:channel:axis=0", "codes:     1910 bytes (8 bits a value)", "quant_0:   scale float32[479] (1916 bytes)", "nnz:       1910", "valid:     yes"} {
		if code != 0 || !strings.Contains(out, w) {
			t.Errorf("info: exit %d, output lacks %q:\n%s", code, w, out)
		}
	}
	code, out, _ = runCmd(t, "validate", q)
	if code != 0 || !strings.Contains(out, "valid npz csr int8:channel:axis=0, shape 479 x 479, nnz 1910") {
		t.Errorf("validate: %d %q", code, out)
	}
	// A channel scheme carries its codes to CSC and back: the same file.
	code, out, _ = runCmd(t, "convert", q, filepath.Join(dir, "c.npz"), "--to", "csc", "--exact")
	if code != 0 || !strings.Contains(out, "(npz csc int8:channel:axis=0)") || strings.Contains(out, "re-quantized") {
		t.Fatalf("convert to csc: %d %q", code, out)
	}
	code, _, _ = runCmd(t, "convert", filepath.Join(dir, "c.npz"), filepath.Join(dir, "r.npz"), "--to", "csr", "--exact")
	a, _ := os.ReadFile(q)
	b, _ := os.ReadFile(filepath.Join(dir, "r.npz"))
	if code != 0 || !bytes.Equal(a, b) {
		t.Errorf("csr -> csc -> csr: exit %d, files equal %v", code, bytes.Equal(a, b))
	}
	// A block scheme is re-quantized by a transpose, or refused with --exact.
	n := filepath.Join(dir, "n.npz")
	if code, out, _ := runCmd(t, "quantize", in, n, "--scheme", "int4:block=32", "--to", "csr"); code != 0 {
		t.Fatalf("quantize int4: %d %s", code, out)
	}
	code, out, _ = runCmd(t, "convert", n, filepath.Join(dir, "n2.npz"), "--to", "csc")
	if code != 0 || !strings.Contains(out, "re-quantized (int4:block=32") {
		t.Errorf("convert int4 to csc: %d %q", code, out)
	}
	code, _, errOut = runCmd(t, "convert", n, filepath.Join(dir, "n3.npz"), "--to", "csc", "--exact")
	if code != 1 || !strings.Contains(errOut, "would re-quantize them: re-quantizing refused (--exact)") {
		t.Errorf("convert --exact: %d %q", code, errOut)
	}
	code, out, _ = runCmd(t, "convert", n, filepath.Join(dir, "n.coo.npz"), "--to", "coo", "--exact")
	if code != 0 || !strings.Contains(out, "(npz coo int4:block=32)") {
		t.Errorf("convert int4 to coo (storage order kept): %d %q", code, out)
	}
	// Not .mtx without --dequantize; with it, the float values.
	code, _, errOut = runCmd(t, "convert", n, filepath.Join(dir, "n.mtx"))
	if code != 1 || !strings.Contains(errOut, "quantized values (int4:block=32) are written as .npz only; --dequantize writes them as .mtx") {
		t.Errorf("convert to .mtx: %d %q", code, errOut)
	}
	code, out, _ = runCmd(t, "convert", n, filepath.Join(dir, "n.mtx"), "--dequantize")
	if code != 0 || !strings.Contains(out, "(mtx coo in csr order)") {
		t.Errorf("convert --dequantize: %d %q", code, out)
	}
	// Quantizing quantized input quantizes its dequantized values.
	code, out, _ = runCmd(t, "quantize", n, filepath.Join(dir, "m.npz"), "--scheme", "mxfp8")
	if code != 0 || !strings.Contains(out, "(npz csr int4:block=32) -> ") || !strings.Contains(out, "(npz csr mxfp8)") {
		t.Errorf("quantize quantized input: %d %q", code, out)
	}
	// A tensor of rank 3 in CSF, a channel along its last mode.
	code, out, _ = runCmd(t, "quantize", filepath.Join(td, "splatt_med_head300.tns"), filepath.Join(dir, "t.npz"), "--scheme", "uint8:channel:axis=2", "--to", "csf", "--mode-order", "2,0,1")
	if code != 0 || !strings.Contains(out, "(npz csf uint8:channel:axis=2)") {
		t.Errorf("quantize to csf: %d %q", code, out)
	}
	code, out, _ = runCmd(t, "info", filepath.Join(dir, "t.npz"))
	if code != 0 || !strings.Contains(out, "mode order: [2 0 1]") || !strings.Contains(out, "quant_1:   zero_point uint8[29360] (29360 bytes)") {
		t.Errorf("info of the CSF: %d\n%s", code, out)
	}
	code, out, _ = runCmd(t, "convert", filepath.Join(dir, "t.npz"), filepath.Join(dir, "t2.npz"), "--to", "csf", "--mode-order", "0,1,2", "--exact")
	if code != 0 || !strings.Contains(out, "(npz csf uint8:channel:axis=2)") {
		t.Errorf("reorder the CSF: %d %q", code, out)
	}
	// mttkrp runs on the quantized CSF file (.npz holds COO of rank 2 only).
	code, out, errOut = runCmd(t, "mttkrp", "--iters", "1", "--mode", "1", filepath.Join(dir, "t.npz"))
	if code != 0 || !strings.Contains(out, "mttkrp "+filepath.Join(dir, "t.npz")+": csf uint8:channel:axis=2") || !strings.Contains(out, "mode 1, rank 16: products: 1") {
		t.Errorf("mttkrp of a quantized CSF: %d %q %q", code, out, errOut)
	}
	code, out, errOut = runCmd(t, "mttkrp", "--iters", "1", "--mode-order", "0,1,2", filepath.Join(dir, "t.npz"))
	if code != 1 || !strings.Contains(errOut, "does not reorder quantized tensors") {
		t.Errorf("mttkrp reordering a quantized CSF: %d %q %q", code, out, errOut)
	}
}

// TestSpMVOut: spmv --out writes y; on a quantized file y is float32 and
// matches spmv of the dequantized matrix in float32 to rounding, with the
// same x.
func TestSpMVOut(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(td, "west0479.mtx")
	for _, sp := range []string{"int8:channel:axis=0", "nf4:block=64", "mxfp4"} {
		q := filepath.Join(dir, "q.npz")
		if code, out, _ := runCmd(t, "quantize", in, q, "--scheme", sp, "--to", "csc"); code != 0 {
			t.Fatalf("quantize: %d %q", code, out)
		}
		d := filepath.Join(dir, "d.mtx")
		if code, out, _ := runCmd(t, "convert", q, d, "--dequantize"); code != 0 {
			t.Fatalf("dequantize: %d %q", code, out)
		}
		yq, yd := filepath.Join(dir, "yq.npy"), filepath.Join(dir, "yd.npy")
		code, out, errOut := runCmd(t, "spmv", "--iters", "1", "--out", yq, q)
		if code != 0 || !strings.Contains(out, "y written to "+yq+" (479 values)") {
			t.Fatalf("spmv --out of %s: %d %q %q", sp, code, out, errOut)
		}
		if code, out, errOut := runCmd(t, "spmv", "--iters", "1", "--dtype", "float32", "--out", yd, d); code != 0 {
			t.Fatalf("spmv --out of the dequantized: %d %q %q", code, out, errOut)
		}
		a, b := readY[float32](t, yq), readY[float32](t, yd)
		if len(a) != 479 || len(b) != 479 {
			t.Fatalf("%s: y of %d and %d values", sp, len(a), len(b))
		}
		for i := range a {
			if math.Abs(float64(a[i])-float64(b[i])) > 1e-4*(1+math.Abs(float64(b[i]))) {
				t.Fatalf("%s: y[%d] = %v quantized, %v dequantized", sp, i, a[i], b[i])
			}
		}
	}
	// A float file writes y of its --dtype.
	y := filepath.Join(dir, "y64.npy")
	if code, out, errOut := runCmd(t, "spmv", "--iters", "1", "--out", y, in); code != 0 {
		t.Fatalf("spmv --out float64: %d %q %q", code, out, errOut)
	}
	raw, _ := os.ReadFile(y)
	if !bytes.Contains(raw, []byte("'descr': '<f8'")) || len(readY[float64](t, y)) != 479 {
		t.Errorf("float64 y: header %q", raw[:min(len(raw), 80)])
	}
	if code, _, errOut := runCmd(t, "spmv", "--iters", "1", "--out", filepath.Join(dir, "no", "y.npy"), in); code != 1 || !strings.Contains(errOut, "y.npy") {
		t.Errorf("spmv --out into a missing directory: %d %q", code, errOut)
	}
}

// readY reads a .npy vector written by spmv --out.
func readY[T float32 | float64](t *testing.T, path string) []T {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	y, _, err := npz.ReadNPY[T](f, npz.Options{Name: path})
	if err != nil {
		t.Fatal(err)
	}
	return y
}

// TestQuantizeUsage: bad flags exit 2 with one line; bad input exits 1.
func TestQuantizeUsage(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(td, "west0479.mtx")
	out := filepath.Join(dir, "o.npz")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"quantize", in, out}, 2, "--scheme is required"},
		{[]string{"quantize", in, out, "--scheme", "int9:tensor"}, 2, `--scheme "int9:tensor"`},
		{[]string{"quantize", in, out, "--scheme", "int8:channel"}, 2, "a channel scheme needs its axis"},
		{[]string{"quantize", in, out, "--scheme", "int8:block=4", "--axis", "1"}, 2, `--axis 1: the scheme "int8:block=4" has no channel`},
		{[]string{"quantize", in, out, "--scheme", "int8:channel:axis=0", "--axis", "1"}, 2, "name different axes"},
		{[]string{"quantize", in, out, "--scheme", "int8:channel:axis=2"}, 2, "axis 2 is not below the rank 2"},
		{[]string{"quantize", in, filepath.Join(dir, "o.mtx"), "--scheme", "nf4"}, 2, "quantized values are written as .npz"},
		{[]string{"quantize", in, out, "--scheme", "nf4", "--to", "bsr"}, 2, `--to "bsr"`},
		{[]string{"quantize", filepath.Join(td, "header.tns"), out, "--scheme", "nf4"}, 1, "a rank-3 COO: .npz holds COO of rank 2 only (add --to csf)"},
		{[]string{"quantize", filepath.Join(td, "dense_c.npy"), out, "--scheme", "nf4"}, 1, "a dense array"},
		{[]string{"convert", in, out, "--exact", "--to", "bsr"}, 2, `--to "bsr"`},
	} {
		code, _, errOut := runCmd(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 && c.code == 1 {
			t.Errorf("%v: exit %d %q, want %d and %q", c.args[1:], code, errOut, c.code, c.want)
		}
	}
}

// TestQuantizedBadFile: a quantized file with a negative scale fails info,
// validate and convert with one line naming the file, the array, the index
// and the value.
func TestQuantizedBadFile(t *testing.T) {
	dir := t.TempDir()
	q := filepath.Join(dir, "q.npz")
	if code, out, _ := runCmd(t, "quantize", filepath.Join(td, "west0479.mtx"), q, "--scheme", "int8:block=64"); code != 0 {
		t.Fatalf("quantize: %s", out)
	}
	raw, _ := os.ReadFile(q)
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		rc, _ := f.Open()
		b, _ := io.ReadAll(rc)
		rc.Close()
		if f.Name == "quant_0.npy" {
			// The last scale, at the end of the member.
			binary.LittleEndian.PutUint32(b[len(b)-4:], math.Float32bits(-2))
		}
		w, _ := zw.Create(f.Name)
		w.Write(b)
	}
	zw.Close()
	bad := filepath.Join(dir, "bad.npz")
	os.WriteFile(bad, buf.Bytes(), 0o666)
	for _, cmd := range []string{"info", "validate"} {
		code, _, errOut := runCmd(t, cmd, bad)
		if code != 1 || !strings.Contains(errOut, bad+": array quant_0: invalid: coo: buffer 2 (scale)[29]: -2, want a finite scale > 0") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%s: %d %q", cmd, code, errOut)
		}
	}
}

// TestMTTKRPOut: mttkrp --out writes the shape[mode] x cols result in C
// order and in the --dtype, equal to the product of the file's entries with
// the command's factors; an output it cannot create is one error naming it.
func TestMTTKRPOut(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(td, "splatt_med_head300.tns")
	x, err := auto.ReadCOO[float64](in, auto.Options{})
	if err != nil {
		t.Fatal(err)
	}
	shape := x.Shape()
	const cols, seed = 3, 7
	for mode := range shape {
		// The command's factors: randomVec with seed+n for factor n.
		factors := make([][]float64, len(shape))
		for n, d := range shape {
			factors[n] = randomVec[float64](int(d)*cols, seed+uint64(n))
		}
		want := make([]float64, int(shape[mode])*cols)
		for c, v := range x.All() {
			for r := range cols {
				p := v
				for n := range shape {
					if n != mode {
						p *= factors[n][int(c[n])*cols+r]
					}
				}
				want[int(c[mode])*cols+r] += p
			}
		}
		for _, dtype := range []string{"float64", "float32"} {
			out := filepath.Join(dir, "m.npy")
			code, stdout, errOut := runCmd(t, "mttkrp", "--iters", "1", "--cols", "3", "--seed", "7", "--mode", fmt.Sprint(mode), "--dtype", dtype, "--out", out, in)
			if code != 0 || !strings.Contains(stdout, fmt.Sprintf("out written to %s (%d x %d)", out, shape[mode], cols)) {
				t.Fatalf("mttkrp --out mode %d %s: %d %q %q", mode, dtype, code, stdout, errOut)
			}
			raw, _ := os.ReadFile(out)
			descr := map[string]string{"float64": "'<f8'", "float32": "'<f4'"}[dtype]
			if !bytes.Contains(raw, []byte("'descr': "+descr)) || !bytes.Contains(raw, []byte("'fortran_order': False")) {
				t.Fatalf("mode %d %s: header %q", mode, dtype, raw[:min(len(raw), 100)])
			}
			f, err := os.Open(out)
			if err != nil {
				t.Fatal(err)
			}
			got, sh, err := npz.ReadNPY[float64](f, npz.Options{Name: out})
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			if len(sh) != 2 || sh[0] != shape[mode] || sh[1] != cols {
				t.Fatalf("mode %d %s: shape %v, want [%d %d]", mode, dtype, sh, shape[mode], cols)
			}
			tol := 1e-12
			if dtype == "float32" {
				tol = 1e-4
			}
			for i := range want {
				if math.Abs(got[i]-want[i]) > tol*(1+math.Abs(want[i])) {
					t.Fatalf("mode %d %s: out[%d] = %v, want %v", mode, dtype, i, got[i], want[i])
				}
			}
		}
	}
	if code, _, errOut := runCmd(t, "mttkrp", "--iters", "1", "--out", filepath.Join(dir, "no", "m.npy"), in); code != 1 || !strings.Contains(errOut, "m.npy") || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
		t.Errorf("mttkrp --out into a missing directory: %d %q", code, errOut)
	}
}

// TestSpMVPrepare: spmv --prepare prints the form's bytes a value and gives
// y of the plain product to rounding, float and quantized (CSR and CSC,
// channels along either axis).
func TestSpMVPrepare(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(td, "west0479.mtx")
	yp, y := filepath.Join(dir, "yp.npy"), filepath.Join(dir, "y.npy")
	code, out, errOut := runCmd(t, "spmv", "--prepare", "--iters", "1", "--dtype", "float32", "--out", yp, in)
	if code != 0 || !strings.Contains(out, "prepared csr float32 479x479 nnz 1910 cols16 7.01 B/value") || !strings.Contains(out, "prepared in ") {
		t.Fatalf("spmv --prepare: %d %q %q", code, out, errOut)
	}
	if code, out, errOut := runCmd(t, "spmv", "--iters", "1", "--dtype", "float32", "--out", y, in); code != 0 {
		t.Fatalf("spmv: %d %q %q", code, out, errOut)
	}
	closeY(t, readY[float32](t, yp), readY[float32](t, y))
	q := filepath.Join(dir, "q.npz")
	for _, c := range []struct{ scheme, form string }{
		{"int8:channel:axis=0", "prepared csr int8:channel:axis=0 479x479 nnz 1910 cols16 5.01 B/value"},
		{"nf4:block=64", "prepared csr nf4:block=64 479x479 nnz 1910 cols16"},
	} {
		if code, out, _ := runCmd(t, "quantize", in, q, "--scheme", c.scheme, "--to", "csr"); code != 0 {
			t.Fatalf("quantize: %d %q", code, out)
		}
		code, out, errOut := runCmd(t, "spmv", "--prepare", "--iters", "1", "--out", yp, q)
		if code != 0 || !strings.Contains(out, c.form) {
			t.Fatalf("spmv --prepare of %s: %d %q %q", c.scheme, code, out, errOut)
		}
		if code, out, errOut := runCmd(t, "spmv", "--iters", "1", "--out", y, q); code != 0 {
			t.Fatalf("spmv of %s: %d %q %q", c.scheme, code, out, errOut)
		}
		closeY(t, readY[float32](t, yp), readY[float32](t, y))
	}
	// Channels along the indexed dimension, and CSC files.
	for _, c := range []struct{ scheme, axis, to, form string }{
		{"int8:channel", "1", "csr", "prepared csr int8:channel:axis=1 479x479 nnz 1910 "},
		{"uint8:channel", "0", "csc", "prepared csc uint8:channel:axis=0 479x479 nnz 1910 "},
		{"int8:channel", "1", "csc", "prepared csc int8:channel:axis=1 479x479 nnz 1910 "},
		{"nf4", "", "csc", "prepared csc nf4:block=64 479x479 nnz 1910 "},
	} {
		args := []string{"quantize", in, q, "--scheme", c.scheme, "--to", c.to}
		if c.axis != "" {
			args = append(args, "--axis", c.axis)
		}
		if code, out, errOut := runCmd(t, args...); code != 0 {
			t.Fatalf("quantize %v: %d %q %q", args, code, out, errOut)
		}
		code, out, errOut := runCmd(t, "spmv", "--prepare", "--iters", "1", "--out", yp, q)
		if code != 0 || !strings.Contains(out, c.form) {
			t.Fatalf("spmv --prepare of %s axis %s %s: %d %q %q", c.scheme, c.axis, c.to, code, out, errOut)
		}
		if code, out, errOut := runCmd(t, "spmv", "--iters", "1", "--out", y, q); code != 0 {
			t.Fatalf("spmv of %s axis %s %s: %d %q %q", c.scheme, c.axis, c.to, code, out, errOut)
		}
		closeY(t, readY[float32](t, yp), readY[float32](t, y))
	}
}

// closeY fails unless a and b agree to float32 rounding.
func closeY(t *testing.T, a, b []float32) {
	t.Helper()
	if len(a) != len(b) {
		t.Fatalf("y of %d and %d values", len(a), len(b))
	}
	for i := range a {
		if math.Abs(float64(a[i])-float64(b[i])) > 1e-4*(1+math.Abs(float64(b[i]))) {
			t.Fatalf("y[%d] = %v prepared, %v plain", i, a[i], b[i])
		}
	}
}
