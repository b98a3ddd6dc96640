package bench

import (
	"fmt"
	"testing"

	"github.com/hurray-format/hurray-go/csr"
	pform "github.com/hurray-format/hurray-go/prepared"
	"github.com/hurray-format/hurray-go/quant"
)

// The prepared forms beside the plain CSR they come from, in one benchmark
// each so that -count alternates them: form=plain is csr's product,
// form=prepared the same product on pform.Prepare's form. SetBytes is
// what one product moves at least once: the matrix's arrays (plain: values
// + 8-byte col_idx + 8-byte row_ptr; prepared: Bytes(), its own count) plus
// x and y; B/value is the matrix's part over nnz.

// vecBench times op with the figures of a product moving matrix bytes of
// the matrix and xy bytes of vectors, nnz entries times k.
func vecBench(b *testing.B, th int, matrix, xy int64, nnz, k int, op func()) {
	timeOp(b, th, matrix+xy, op)
	b.ReportMetric(float64(matrix)/float64(nnz), "B/value")
	b.ReportMetric(2*float64(nnz)*float64(k)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}

// timeOp times op on th threads moving bytes, with the CPU time and the
// triad's fraction.
func timeOp(b *testing.B, th int, bytes int64, op func()) {
	b.SetBytes(bytes)
	TriadBytesPerSec(th) // measured before the timer starts
	timeLoop(b, th, op)
	reportTriad(b, bytes, th)
}

// timeLoop runs op in the timed loop on th threads, reporting the
// allocations and the CPU time.
func timeLoop(b *testing.B, th int, op func()) {
	b.ReportAllocs()
	cpu := startCPU(th)
	b.ResetTimer()
	for b.Loop() {
		op()
	}
	cpu.report(b)
}

// plainBytes is the size of a float CSR's arrays with s-byte values.
func plainBytes(p *Pattern, s int) int64 { return int64(p.NNZ()*(s+8) + (p.Rows+1)*8) }

// BenchmarkSpMVPrepared: y = A x on M2 and M4, plain and prepared, float32
// and float64, one and two threads.
func BenchmarkSpMVPrepared(b *testing.B) {
	for _, m := range []func() *Pattern{M2, M4} {
		benchSpMVPrepared[float32](b, m)
		benchSpMVPrepared[float64](b, m)
	}
}

// preparedForms are the forms the prepared benchmarks time: plain (csr's
// product), prepared (the cost model's form), and the strip forms forced.
var preparedForms = []string{"plain", "prepared", "strips16", "strips12"}

// formOptions returns the options that build form.
func formOptions(form string) pform.Options {
	switch form {
	case "strips16":
		return pform.Options{Index: pform.Strips16}
	case "strips12":
		return pform.Options{Index: pform.Strips12}
	}
	return pform.Options{}
}

func benchSpMVPrepared[T csr.Float](b *testing.B, gen func() *Pattern) {
	var p *Pattern
	for _, form := range preparedForms {
		for _, th := range threadCounts() {
			b.Run(fmt.Sprintf("m=%s/type=%s/form=%s/threads=%d", nameOf(gen), typeName[T](), form, th), func(b *testing.B) {
				if p == nil {
					p = gen()
				}
				a := CSR[T](p)
				x, y := randVec[T](p.Cols, 1), make([]T, p.Rows)
				s := sizeOf[T]()
				xy := int64((p.Cols + p.Rows) * s)
				if form == "plain" {
					defer csr.SetWorkers(csr.SetWorkers(th))
					vecBench(b, th, plainBytes(p, s), xy, p.NNZ(), 1, func() { a.MulVec(y, x) })
					return
				}
				m, err := pform.Prepare(a, formOptions(form))
				if err != nil {
					b.Fatal(err)
				}
				defer pform.SetWorkers(pform.SetWorkers(th))
				vecBench(b, th, int64(m.Bytes()), xy, p.NNZ(), 1, func() { m.MulVec(y, x) })
			})
		}
	}
}

// BenchmarkQSpMVPrepared: y = A x on M4 quantized, plain (csr.Quantized)
// and prepared, one and two threads: int8 with a scale a row (the fused
// row form), by block and the 4-bit and MX schemes (decoded tiles).
func BenchmarkQSpMVPrepared(b *testing.B) {
	p := M4()
	x, y := randVec[float32](p.Cols, 1), make([]float32, p.Rows)
	xy := int64(4 * (p.Cols + p.Rows))
	for _, sp := range []string{"int8:channel:axis=0", "int8:block=64", "int4:block=32", "nf4:block=64", "mxfp4", "mxfp8"} {
		q, _, err := csr.Quantize(CSR[float32](p), quant.MustParse(sp))
		if err != nil {
			b.Fatal(err)
		}
		for _, form := range preparedForms {
			for _, th := range threadCounts() {
				b.Run(fmt.Sprintf("m=M4/scheme=%s/form=%s/threads=%d", sp, form, th), func(b *testing.B) {
					if form == "plain" {
						defer csr.SetWorkers(csr.SetWorkers(th))
						vecBench(b, th, qBytes(ptrTo(q.Values()), p, 0, 0), xy, p.NNZ(), 1, func() { q.MulVec(y, x) })
						return
					}
					m, err := pform.PrepareQuantized(q, formOptions(form))
					if err != nil {
						b.Fatal(err)
					}
					defer pform.SetWorkers(pform.SetWorkers(th))
					vecBench(b, th, int64(m.Bytes()), xy, p.NNZ(), 1, func() { m.MulVec(y, x) })
				})
			}
		}
	}
}

func ptrTo[E any](v E) *E { return &v }

// BenchmarkSpMMPrepared: Y = A X on M4 float32 with k = 1, 4, 16, 32 and 64,
// plain and prepared, one thread.
func BenchmarkSpMMPrepared(b *testing.B) {
	p := M4()
	a := CSR[float32](p)
	m, err := pform.Prepare(a, pform.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer csr.SetWorkers(csr.SetWorkers(1))
	defer pform.SetWorkers(pform.SetWorkers(1))
	for _, k := range []int{1, 4, 16, 32, 64} {
		x, y := randVec[float32](p.Cols*k, 2), make([]float32, p.Rows*k)
		xy := int64(4 * k * (p.Cols + p.Rows))
		for _, form := range []string{"plain", "prepared"} {
			b.Run(fmt.Sprintf("m=M4/type=float32/k=%d/form=%s/threads=1", k, form), func(b *testing.B) {
				if form == "plain" {
					vecBench(b, 1, plainBytes(p, 4), xy, p.NNZ(), k, func() { a.MulMat(y, x, k) })
					return
				}
				vecBench(b, 1, int64(m.Bytes()), xy, p.NNZ(), k, func() { m.MulMat(y, x, k) })
			})
		}
	}
}

// BenchmarkPrepare: PrepareInto on M4, float32 and int8 with a scale a
// row, into a form of the same size (the steady state of a runtime that
// prepares its weights again), and Prepare into fresh memory (fresh).
// Compare with BenchmarkSpMVPrepared's time.
func BenchmarkPrepare(b *testing.B) {
	p := M4()
	a := CSR[float32](p)
	b.Run("m=M4/type=float32", func(b *testing.B) {
		var m pform.Matrix[float32]
		b.ReportAllocs()
		for b.Loop() {
			if err := pform.PrepareInto(&m, a, pform.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("m=M4/type=float32/fresh", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := pform.Prepare(a, pform.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	q, _, err := csr.Quantize(a, quant.MustParse("int8:channel:axis=0"))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("m=M4/scheme=int8:channel:axis=0", func(b *testing.B) {
		var m pform.Quantized
		b.ReportAllocs()
		for b.Loop() {
			if err := pform.PrepareQuantizedInto(&m, q, pform.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
