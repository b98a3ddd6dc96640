package bench

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/hurray-format/hurray-go/csr"
	"github.com/hurray-format/hurray-go/kernels"
	"golang.org/x/sys/unix"
)

// impls lists the paths to benchmark: every path of the product families
// this CPU runs.
func impls() []string { return kernels.Available() }

func useImpl(b *testing.B, impl string) {
	if err := kernels.Use(impl); err != nil {
		b.Skip(err)
	}
	b.Cleanup(func() { _ = kernels.Use("") })
}

func threadCounts() []int {
	if runtime.GOMAXPROCS(0) >= 2 {
		return []int{1, 2}
	}
	return []int{1}
}

// BenchmarkSpMV: y = A x on the generated matrices, per path and thread
// count. SetBytes is the bytes one product moves at least once:
// values + col_idx (nnz*(s+8)) + row_ptr ((rows+1)*8) + x (cols*s) + y
// (rows*s). GFLOP/s counts 2 per stored entry.
func BenchmarkSpMV(b *testing.B) {
	for _, m := range []func() *Pattern{M2, M4, M1, M3} {
		benchSpMV[float32](b, m, false)
		benchSpMV[float64](b, m, false)
	}
}

// benchSpMV runs y = A x, or (trans) y = Aᵀ x, on the matrix gen makes,
// per path and thread count; the plain product also reports how it
// compares with the triad bandwidth.
func benchSpMV[T csr.Float](b *testing.B, gen func() *Pattern, trans bool) {
	var p *Pattern
	for _, impl := range impls() {
		for _, th := range threadCounts() {
			name := fmt.Sprintf("m=%s/type=%s/impl=%s/threads=%d", nameOf(gen), typeName[T](), impl, th)
			b.Run(name, func(b *testing.B) {
				if p == nil {
					p = gen()
				}
				a, x, y := productOperands[T](p, 1, trans, 1)
				useImpl(b, impl)
				defer csr.SetWorkers(csr.SetWorkers(th))
				s := sizeOf[T]()
				bytes := int64(p.NNZ()*(s+8) + (p.Rows+1)*8 + p.Cols*s + p.Rows*s)
				if trans {
					b.SetBytes(bytes)
					timeLoop(b, th, func() { a.MulVecTrans(y, x) })
				} else {
					timeOp(b, th, bytes, func() { a.MulVec(y, x) })
				}
				b.ReportMetric(2*float64(p.NNZ())*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			})
		}
	}
}

// BenchmarkSpMVTrans: y = Aᵀ x (the scatter form: every stored row adds a
// scaled copy of its entries into y) on M2 and M4, per path and thread
// count. SetBytes and GFLOP/s count as BenchmarkSpMV, x and y exchanged.
func BenchmarkSpMVTrans(b *testing.B) {
	for _, m := range []func() *Pattern{M2, M4} {
		benchSpMV[float32](b, m, true)
		benchSpMV[float64](b, m, true)
	}
}

// BenchmarkSpMM: Y = A X with k columns on M2 and M4. SetBytes: values +
// col_idx + row_ptr + X (cols*k*s) + Y (rows*k*s); GFLOP/s counts 2*nnz*k.
func BenchmarkSpMM(b *testing.B) {
	for _, m := range []func() *Pattern{M2, M4} {
		for _, k := range []int{16, 64, 256} {
			benchSpMM[float32](b, m, k, false)
			benchSpMM[float64](b, m, k, false)
		}
	}
}

// BenchmarkSpMMTrans: Y = Aᵀ X (the scatter form: every entry adds a
// scaled row of X into a row of Y) on M4 with k = 64 and 256. SetBytes and
// GFLOP/s count as BenchmarkSpMM, X and Y exchanged.
func BenchmarkSpMMTrans(b *testing.B) {
	for _, k := range []int{64, 256} {
		benchSpMM[float32](b, M4, k, true)
		benchSpMM[float64](b, M4, k, true)
	}
}

// productOperands returns p's matrix as T, a random x (seeded by seed) and
// a zero y, each of k columns: x has a row per column of the matrix and y
// one per row, or the other way round with trans.
func productOperands[T csr.Float](p *Pattern, k int, trans bool, seed uint64) (a *csr.Matrix[T], x, y []T) {
	xr, yr := p.Cols, p.Rows
	if trans {
		xr, yr = yr, xr
	}
	return CSR[T](p), randVec[T](xr*k, seed), make([]T, yr*k)
}

// benchSpMM runs Y = A X, or Y = Aᵀ X with trans, on every path and thread
// count.
func benchSpMM[T csr.Float](b *testing.B, gen func() *Pattern, k int, trans bool) {
	var p *Pattern
	for _, impl := range impls() {
		if impl == "ref" {
			continue // minutes per product on M4
		}
		for _, th := range threadCounts() {
			name := fmt.Sprintf("m=%s/type=%s/k=%d/impl=%s/threads=%d", nameOf(gen), typeName[T](), k, impl, th)
			b.Run(name, func(b *testing.B) {
				if p == nil {
					p = gen()
				}
				a, x, y := productOperands[T](p, k, trans, 2)
				useImpl(b, impl)
				defer csr.SetWorkers(csr.SetWorkers(th))
				s := sizeOf[T]()
				bytes := int64(p.NNZ()*(s+8) + (p.Rows+1)*8 + p.Cols*k*s + p.Rows*k*s)
				timeOp(b, th, bytes, func() {
					if trans {
						a.MulMatTrans(y, x, k)
					} else {
						a.MulMat(y, x, k)
					}
				})
				b.ReportMetric(2*float64(p.NNZ())*float64(k)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			})
		}
	}
}

// BenchmarkTriad is a STREAM-like triad a = b + 3c over 2^24 float64 per
// array (128 MiB each, far beyond the caches), on 1 and 2 goroutines: the
// bandwidth reference of every benchmark in this package (the same loop as
// hurray bench's triad). SetBytes counts the 3 arrays as STREAM does (24
// bytes per element).
func BenchmarkTriad(b *testing.B) {
	const n = 1 << 24
	for _, th := range threadCounts() {
		b.Run(fmt.Sprintf("threads=%d", th), func(b *testing.B) {
			op := triadOp(n, th)
			op() // touch the output's fresh pages before timing
			b.SetBytes(3 * 8 * n)
			b.ResetTimer()
			for b.Loop() {
				op()
			}
		})
	}
}

// cpuClock measures the CPU time of the benchmark's own thread (RUSAGE_THREAD
// with the goroutine locked to it), reported as "cpu-ns/op" for one-thread
// runs: on a shared machine the wall time includes the time other processes
// hold the core, the thread's CPU time does not.
type cpuClock struct {
	on    bool
	start time.Duration
}

func threadCPU() time.Duration {
	var ru unix.Rusage
	if unix.Getrusage(unix.RUSAGE_THREAD, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func startCPU(threads int) cpuClock {
	if threads != 1 {
		return cpuClock{}
	}
	runtime.LockOSThread()
	return cpuClock{on: true, start: threadCPU()}
}

func (c cpuClock) report(b *testing.B) {
	if !c.on {
		return
	}
	d := threadCPU() - c.start
	runtime.UnlockOSThread()
	b.ReportMetric(float64(d.Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// BenchmarkSpMVThreshold: y = A x on small square matrices (8 entries per
// row) on 1 and 2 threads, to place csr.DefaultParallelThreshold: the size
// at which two goroutines start to pay for their start-up and join. The
// threshold is lowered while it runs, so that threads=2 splits every size.
func BenchmarkSpMVThreshold(b *testing.B) {
	for _, rows := range []int{256, 1024, 4096, 16384} {
		p := build("small", rows, rows, 5, func(*rand.Rand, int) int { return 8 })
		a := CSR[float64](p)
		x := randVec[float64](rows, 1)
		y := make([]float64, rows)
		for _, th := range threadCounts() {
			b.Run(fmt.Sprintf("nnz=%d/threads=%d", p.NNZ(), th), func(b *testing.B) {
				defer csr.SetWorkers(csr.SetWorkers(th))
				defer csr.SetParallelThreshold(csr.SetParallelThreshold(1))
				b.ReportAllocs()
				for b.Loop() {
					a.MulVec(y, x)
				}
			})
		}
	}
}
