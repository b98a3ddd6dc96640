package bench

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/formats/mtx"
	"github.com/hurray-format/hurray-go/formats/tns"
	"github.com/hurray-format/hurray-go/internal/testutil"
)

// realFiles lists the shared real-data files with the extension ext in the
// folder sub ("mtx" or "tns"), skipping the benchmark when the data is not
// beside the checkout.
func realFiles(b *testing.B, sub, ext string) []string {
	dir := testutil.Sub(sub)
	files, _ := filepath.Glob(filepath.Join(dir, "*"+ext))
	if len(files) == 0 {
		b.Skipf("no %s files (shared/data/%s not beside the checkout)", ext, sub)
	}
	return files
}

// BenchmarkRealSpMV: y = A x on every SuiteSparse matrix of shared/data
// (symmetric ones expanded), float32 and float64, per kernel path, one
// goroutine. SetBytes: values + column indices + row_ptr + x + y.
func BenchmarkRealSpMV(b *testing.B) {
	for _, path := range realFiles(b, "mtx", ".mtx") {
		name := strings.TrimSuffix(filepath.Base(path), ".mtx")
		b.Run("m="+name+"/type=float64", func(b *testing.B) { benchRealSpMV[float64](b, path) })
		b.Run("m="+name+"/type=float32", func(b *testing.B) { benchRealSpMV[float32](b, path) })
	}
}

func benchRealSpMV[T csr.Float](b *testing.B, path string) {
	x0, _, err := mtx.ReadFile[T](path)
	if err != nil {
		b.Fatal(err)
	}
	a, err := convert.COOToCSR(x0)
	if err != nil {
		b.Fatal(err)
	}
	rows, cols := a.Dims()
	x := randVec[T](cols, 1)
	y := make([]T, rows)
	s := sizeOf[T]()
	bytes := int64(a.NNZ()*(s+8) + (rows+1)*8 + cols*s + rows*s)
	defer csr.SetWorkers(csr.SetWorkers(1))
	for _, impl := range impls() {
		b.Run("impl="+impl, func(b *testing.B) {
			useImpl(b, impl)
			b.SetBytes(bytes)
			b.ReportAllocs()
			TriadBytesPerSec(1)
			b.ResetTimer()
			for b.Loop() {
				a.MulVec(y, x)
			}
			b.ReportMetric(2*float64(a.NNZ())*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			reportTriad(b, bytes, 1)
		})
	}
}

// BenchmarkRealMTTKRP: MTTKRP (float64, R = 16) on every mode of every
// FROSTT tensor of shared/data, per kernel path, GOMAXPROCS goroutines.
// SetBytes: the tensor's pos, crd and values, the factor rows of the other
// modes once each, and the output.
func BenchmarkRealMTTKRP(b *testing.B) {
	const r = 16
	for _, path := range realFiles(b, "tns", ".tns") {
		name := strings.TrimSuffix(filepath.Base(path), ".tns")
		b.Run("t="+name, func(b *testing.B) {
			x0, _, err := tns.ReadFile[float64](path, tns.Options{})
			if err != nil {
				b.Fatal(err)
			}
			t, err := convert.COOToCSF(x0, nil)
			if err != nil {
				b.Fatal(err)
			}
			shape := t.Shape()
			factors := RandFactors[float64](shape, r, 3)
			var tensorBytes int64
			for l := range t.Rank() {
				tensorBytes += int64(8 * (len(t.Pos(l)) + len(t.Crd(l))))
			}
			tensorBytes += int64(8 * t.NNZ())
			for mode := range shape {
				out := make([]float64, int(shape[mode])*r)
				bytes := tensorBytes + int64(8*len(out))
				for m, d := range shape {
					if m != mode {
						bytes += int64(8 * r * int(d))
					}
				}
				for _, impl := range impls() {
					b.Run(fmt.Sprintf("mode=%d/impl=%s", mode, impl), func(b *testing.B) {
						useImpl(b, impl)
						b.SetBytes(bytes)
						b.ReportAllocs()
						TriadBytesPerSec(runtime.GOMAXPROCS(0))
						b.ResetTimer()
						for b.Loop() {
							t.MTTKRP(mode, factors, r, out)
						}
						b.ReportMetric(float64(t.NNZ())*float64(b.N)/b.Elapsed().Seconds(), "nnz/s")
						// Nominal, as BenchmarkMTTKRP: 2 x nnz x R.
						b.ReportMetric(2*r*float64(t.NNZ())*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
						reportTriad(b, bytes, runtime.GOMAXPROCS(0))
					})
				}
			}
		})
	}
}
