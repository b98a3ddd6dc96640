package bench

import (
	"fmt"
	"sync"
	"testing"

	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/internal/parallel"
	"github.com/hurray-format/hurray-go/quant"
)

// The fused-dequantize products on M4 quantized by each scheme, beside the
// float32 CSR product of the same run (scheme=float32), on the selected
// path (auto). Run float32 and a scheme alternately with -count 6 and
// compare medians (benchstat).

// qBenchSchemes are the schemes the quantized benchmarks run, float32 the
// unquantized baseline.
var qBenchSchemes = []string{"float32", "int8:channel:axis=0", "int8:channel:axis=1", "int8:block=64", "uint8:channel:axis=0",
	"uint8:channel:axis=1", "uint8:block=32", "int4:block=32", "nf4:block=64", "mxfp4", "mxfp8"}

// qMatrix is a pattern's values quantized by a scheme, with the channels
// the products read (per row for axis 0).
type qMatrix struct {
	v  quant.Values
	ch engine.Channels
}

var qMatrices = map[string]*qMatrix{}

// quantized returns M4's float32 values quantized by scheme (cached).
func quantized(b *testing.B, p *Pattern, scheme string) *qMatrix {
	key := p.Name + "/" + scheme
	if m, ok := qMatrices[key]; ok {
		return m
	}
	s := quant.MustParse(scheme)
	var ch engine.Channels
	var qch quant.Channels
	switch s.Axis() {
	case 0:
		ch, qch = engine.PerRun(p.Ptr, nil), quant.PerRun(p.Ptr, nil)
	case 1:
		ch, qch = engine.PerValue(p.Idx, 1), quant.PerValue(p.Idx, 1)
	}
	v, _, err := quant.Quantize(s, []uint64{uint64(p.Rows), uint64(p.Cols)}, p.Vals32(), qch)
	if err != nil {
		b.Fatal(err)
	}
	m := &qMatrix{v: v, ch: ch}
	qMatrices[key] = m
	return m
}

// qBytes is the bytes a quantized product moves at least once: the codes,
// the parameters, col_idx (8 a value), row_ptr, and x and y (float32, of
// xn and yn elements).
func qBytes(v *quant.Values, p *Pattern, xn, yn int) int64 {
	params := 4*len(v.Scale) + len(v.Zero) + len(v.Exp)
	return int64(len(v.Codes) + params + 8*p.NNZ() + 8*(p.Rows+1) + 4*xn + 4*yn)
}

// BenchmarkQSpMV: y = A x on M4, float32 CSR (MulVec) and every scheme
// (engine.QSpMV, the rows split over the threads as package csr splits
// them), one and two threads. SetBytes is the bytes moved (qBytes; float32:
// 12 a value, row_ptr, x and y), with the triad's fraction.
func BenchmarkQSpMV(b *testing.B) {
	p := M4()
	x := randVec[float32](p.Cols, 1)
	y := make([]float32, p.Rows)
	a := CSR[float32](p)
	short := engine.ShortRows(p.Ptr)
	for _, scheme := range qBenchSchemes {
		for _, th := range threadCounts() {
			b.Run(fmt.Sprintf("scheme=%s/M4/threads=%d", scheme, th), func(b *testing.B) {
				var op func()
				var bytes int64
				if scheme == "float32" {
					defer csr.SetWorkers(csr.SetWorkers(th))
					bytes = int64(12*p.NNZ() + 8*(p.Rows+1) + 4*p.Cols + 4*p.Rows)
					op = func() { a.MulVec(y, x) }
				} else {
					m := quantized(b, p, scheme)
					bytes = qBytes(&m.v, p, p.Cols, p.Rows)
					parts := parallel.SplitPtr(p.Ptr, th, 2)
					op = func() {
						if th == 1 {
							engine.QSpMVRows(short, y, x, p.Ptr, p.Idx, &m.v, m.ch, 1, 0)
							return
						}
						parallel.Run(parts, func(_, lo, hi int) {
							engine.QSpMVRows(short, y[lo:hi], x, p.Ptr[lo:hi+1], p.Idx, &m.v, m.ch, 1, 0)
						})
					}
				}
				timeOp(b, th, bytes, op)
				b.ReportMetric(float64(bytes)/float64(p.NNZ()), "B/value")
			})
		}
	}
}

// BenchmarkQSpMM: Y = A X with k = 1, 2, 4, 8, 12, 16 and 64 columns on
// M4, one thread,
// float32 CSR (MulMat) and every scheme (engine.QSpMM). GFLOP/s counts
// 2*nnz*k; SetBytes adds X and Y to the matrix's bytes.
func BenchmarkQSpMM(b *testing.B) {
	p := M4()
	a := CSR[float32](p)
	for _, k := range []int{1, 2, 4, 8, 12, 16, 64} {
		x := randVec[float32](p.Cols*k, 2)
		y := make([]float32, p.Rows*k)
		for _, scheme := range qBenchSchemes {
			b.Run(fmt.Sprintf("scheme=%s/M4/k=%d", scheme, k), func(b *testing.B) {
				var op func()
				var bytes int64
				if scheme == "float32" {
					defer csr.SetWorkers(csr.SetWorkers(1))
					bytes = int64(12*p.NNZ() + 8*(p.Rows+1) + 4*k*(p.Cols+p.Rows))
					op = func() { a.MulMat(y, x, k) }
				} else {
					m := quantized(b, p, scheme)
					bytes = qBytes(&m.v, p, p.Cols*k, p.Rows*k)
					op = func() { engine.QSpMM(y, k, x, k, k, p.Ptr, p.Idx, &m.v, m.ch, 1, 0) }
				}
				b.SetBytes(bytes)
				timeLoop(b, 1, op)
				b.ReportMetric(2*float64(p.NNZ())*float64(k)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			})
		}
	}
}

// BenchmarkQMTTKRP: MTTKRP on T3p at R = 16, one thread, every mode,
// float32 and its values quantized by int8:block=64 and nf4:block=64
// (csf.Quantized's MTTKRP), with the thread's CPU time (cpu-ns/op, which
// other processes on a busy machine disturb less than the wall clock). The
// scheme is the innermost loop, so that a run of -count=1 repeated
// alternates them.
func BenchmarkQMTTKRP(b *testing.B) {
	spec := SmallFromEnv(T3p)
	const r = 16
	for mode := range spec.Shape {
		for _, scheme := range []string{"float32", "int8:block=64", "nf4:block=64"} {
			b.Run(fmt.Sprintf("%s/R=%d/threads=1/mode=%d/scheme=%s", spec.Name, r, mode, scheme), func(b *testing.B) {
				t := GenCSF32(spec, nil)
				f := RandFactors[float32](t.Shape(), r, 11)
				out := make([]float32, int(t.Shape()[mode])*r)
				ws := csf.NewWorkspace[float32](1)
				op := func() { t.MTTKRPWith(ws, mode, f, r, out) }
				if scheme != "float32" {
					q := qCSF(b, spec, t, scheme)
					op = func() { q.MTTKRPWith(ws, mode, f, r, out) }
				}
				op()
				timeLoop(b, 1, op)
				b.ReportMetric(float64(t.NNZ())/(b.Elapsed().Seconds()/float64(b.N)), "nnz/s")
			})
		}
	}
}

// qCSFCache holds the quantized tensors of BenchmarkQMTTKRP.
var qCSFCache sync.Map

// qCSF returns t (the float32 tensor of spec) quantized by scheme, cached.
func qCSF(b *testing.B, spec CSFSpec, t *csf.Tensor[float32], scheme string) *csf.Quantized {
	key := spec.Name + "/" + scheme
	if q, ok := qCSFCache.Load(key); ok {
		return q.(*csf.Quantized)
	}
	q, _, err := csf.Quantize(t, quant.MustParse(scheme))
	if err != nil {
		b.Fatal(err)
	}
	qCSFCache.Store(key, q)
	return q
}

// BenchmarkQuantize: quantizing M2's and M4's float32 values by every
// scheme (with the error report) into a reused quant.Values, one thread.
// SetBytes is the bytes moved: the float32 values read, the codes and
// parameters written, and for per-row channels the row pointers read;
// %triad is their rate against the one-thread triad.
func BenchmarkQuantize(b *testing.B) {
	for _, gen := range []func() *Pattern{M2, M4} {
		p := gen()
		vals := p.Vals32()
		shape := []uint64{uint64(p.Rows), uint64(p.Cols)}
		for _, scheme := range qBenchSchemes[1:] {
			b.Run(fmt.Sprintf("scheme=%s/%s", scheme, p.Name), func(b *testing.B) {
				s := quant.MustParse(scheme)
				var qch quant.Channels
				var chBytes int64
				if s.Axis() == 0 {
					qch, chBytes = quant.PerRun(p.Ptr, nil), int64(8*len(p.Ptr))
				}
				var v quant.Values
				op := func() {
					if _, err := quant.QuantizeTo(&v, s, shape, vals, qch); err != nil {
						b.Fatal(err)
					}
				}
				op()
				timeOp(b, 1, int64(4*len(vals))+quantBytes(v)+chBytes, op)
				b.ReportMetric(float64(len(vals))*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mvalues/s")
			})
		}
	}
}
