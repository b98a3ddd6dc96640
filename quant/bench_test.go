package quant_test

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/hurray-format/hurray-go/bench"
	"github.com/hurray-format/hurray-go/quant"
)

// benchRows and benchCols are M4's shape: the 4096 × 11008 MLP weight of a
// 7B-parameter model; benchDensity is its 10% density.
const (
	benchRows    = 4096
	benchCols    = 11008
	benchDensity = 0.1
)

// benchMatrix returns the row pointers and values of a seeded random CSR
// matrix of M4's shape and density, with normally distributed values.
func benchMatrix() (rowPtr []uint64, values []float32) {
	rng := rand.New(rand.NewPCG(39, 1))
	rowPtr = make([]uint64, benchRows+1)
	for r := range benchRows {
		n := 0
		for range benchCols {
			if rng.Float64() < benchDensity {
				n++
			}
		}
		rowPtr[r+1] = rowPtr[r] + uint64(n)
	}
	values = make([]float32, rowPtr[benchRows])
	for i := range values {
		values[i] = float32(0.02 * rng.NormFloat64())
	}
	return rowPtr, values
}

// BenchmarkQuantize quantizes M4's values into a reused Values (the warm
// form) with every scheme, by QuantizeTo (impl=new) and by the one value at
// a time reference OldQuantizeTo (impl=old), one after the other for each
// scheme. The channel scheme is along the rows, given as runs of row_ptr.
func BenchmarkQuantize(b *testing.B) {
	rowPtr, values := benchMatrix()
	shape := []uint64{benchRows, benchCols}
	n := len(values)
	impls := []struct {
		name string
		f    func(*quant.Values, quant.Scheme, []uint64, []float32, quant.Channels) (quant.Report, error)
	}{
		{"old", quant.OldQuantizeTo[float32]},
		{"new", quant.QuantizeTo[float32]},
	}
	for _, spelling := range []string{"int8:tensor", "int8:channel:axis=0", "int8:block=64", "uint8:block=64", "int4:block=32", "nf4:block=64", "mxfp4", "mxfp8"} {
		s := quant.MustParse(spelling)
		var ch quant.Channels
		if s.Granularity() == quant.PerChannel {
			ch = quant.PerRun(rowPtr, nil)
		}
		for _, impl := range impls {
			b.Run("scheme="+spelling+"/n="+strconv.Itoa(n)+"/impl="+impl.name, func(b *testing.B) {
				var v quant.Values
				if _, err := impl.f(&v, s, shape, values, ch); err != nil {
					b.Fatal(err)
				}
				// Bytes = 4n read (the float32 values) + the codes and
				// parameters written (row_ptr, 32 KiB, is not counted).
				bytes := int64(4*n + len(v.Codes) + 4*len(v.Scale) + len(v.Zero) + len(v.Exp))
				b.SetBytes(bytes)
				b.ReportAllocs()
				triad := bench.TriadBytesPerSec(1)
				for b.Loop() {
					if _, err := impl.f(&v, s, shape, values, ch); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(100*float64(bytes)*float64(b.N)/b.Elapsed().Seconds()/triad, "%triad")
			})
		}
	}
}
