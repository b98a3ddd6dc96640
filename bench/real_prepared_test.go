package bench

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hurray-format/hurray-go/convert"
	"github.com/hurray-format/hurray-go/formats/mtx"
	pform "github.com/hurray-format/hurray-go/prepared"
)

// BenchmarkRealSpMVPrepared: y = A x in float32 on the prepared form of
// every SuiteSparse matrix of shared/data (symmetric ones expanded), one
// goroutine, automatic kernels: the per-call cost that decides the
// products of a few microseconds. SetBytes: the form's arrays + x + y.
func BenchmarkRealSpMVPrepared(b *testing.B) {
	for _, path := range realFiles(b, "mtx", ".mtx") {
		name := strings.TrimSuffix(filepath.Base(path), ".mtx")
		b.Run("m="+name, func(b *testing.B) {
			x0, _, err := mtx.ReadFile[float32](path)
			if err != nil {
				b.Fatal(err)
			}
			a, err := convert.COOToCSR(x0)
			if err != nil {
				b.Fatal(err)
			}
			m, err := pform.Prepare(a, pform.Options{})
			if err != nil {
				b.Fatal(err)
			}
			rows, cols := a.Dims()
			x, y := randVec[float32](cols, 1), make([]float32, rows)
			defer pform.SetWorkers(pform.SetWorkers(1))
			vecBench(b, 1, int64(m.Bytes()), int64(4*(rows+cols)), a.NNZ(), 1, func() { m.MulVec(y, x) })
		})
	}
}
