package auto

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
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/formats"
	"github.com/hurray-format/hurray-go/quant"
)

// TestQuantizedFiles: a quantized .npz of every layout is read with
// Options.Quantized (and refused without it, naming the scheme), written
// back to the same bytes, refused as .mtx or .tns, and dequantized to the
// float file of the same layout.
func TestQuantizedFiles(t *testing.T) {
	dir := t.TempDir()
	f, err := Read[float64]("../../testdata/west0479.mtx", Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := convert.COOToCSR(f.COO)
	if err != nil {
		t.Fatal(err)
	}
	t3, err := Read[float32]("../../testdata/splatt_med_head300.tns", Options{})
	if err != nil {
		t.Fatal(err)
	}
	c3, err := convert.COOToCSF(t3.COO, []uint32{2, 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	s := quant.MustParse("int8:channel:axis=1")
	qa, _, err := csr.Quantize(convert.CSRToCSC(a), s)
	if err != nil {
		t.Fatal(err)
	}
	qc, _, err := coo.Quantize(f.COO, quant.MustParse("nf4"))
	if err != nil {
		t.Fatal(err)
	}
	files := []*File[float64]{{QMatrix: qa}, {QCOO: qc}}
	q3, _, err := csf.Quantize(c3, quant.MustParse("mxfp4"))
	if err != nil {
		t.Fatal(err)
	}
	qf := &File[float32]{QCSF: q3}
	for i, q := range files {
		p := filepath.Join(dir, []string{"m.npz", "c.npz"}[i])
		if err := Write(p, q); err != nil {
			t.Fatal(err)
		}
		checkQuantizedFile(t, p, q.Layout(), q.Scheme(), q.NNZ())
		for _, bad := range []string{"x.mtx", "x.tns"} {
			if err := Write(filepath.Join(dir, bad), q); err == nil || !strings.Contains(err.Error(), "can be written as .npz only") {
				t.Fatalf("%s: %v", bad, err)
			}
		}
		if _, err := q.ToCOO(); err == nil {
			t.Fatal("ToCOO of quantized values")
		}
	}
	p := filepath.Join(dir, "t.npz")
	if err := Write(p, qf); err != nil {
		t.Fatal(err)
	}
	checkQuantizedFile(t, p, "csf", qf.Scheme(), qf.NNZ())
}

func checkQuantizedFile(t *testing.T, p, layout string, s quant.Scheme, nnz int) {
	t.Helper()
	if _, err := Read[float64](p, Options{}); !errors.Is(err, formats.ErrUnsupported) || !strings.Contains(err.Error(), s.String()) {
		t.Fatalf("%s without Options.Quantized: %v", p, err)
	}
	g, err := Read[float32](p, Options{Quantized: true})
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	if !g.Quantized() || g.Layout() != layout || g.Scheme() != s || g.NNZ() != nnz || g.Validate() != nil || !strings.Contains(g.Detail, "scheme "+s.String()) {
		t.Fatalf("%s: %s %v %d %q", p, g.Layout(), g.Scheme(), g.NNZ(), g.Detail)
	}
	before, _ := os.ReadFile(p)
	q2 := filepath.Join(t.TempDir(), "again.npz")
	if err := Write(q2, g); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(q2)
	if !bytes.Equal(before, after) {
		t.Fatalf("%s: read and written again, the bytes differ", p)
	}
	d := g.Dequantize()
	if d.Quantized() || d.Layout() != layout || d.NNZ() != nnz || !slices.Equal(d.Shape(), g.Shape()) {
		t.Fatalf("%s: Dequantize gave %s nnz %d", p, d.Layout(), d.NNZ())
	}
	if x, err := d.ToCOO(); err != nil || x.NNZ() != nnz {
		t.Fatalf("%s: ToCOO of the dequantized file: %v", p, err)
	}
}
