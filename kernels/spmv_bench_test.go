package kernels

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
)

// BenchmarkSpMVFamily times each path of the SpMV and ScatterAdd kernels on
// a cache-resident matrix (4096 x 4096, nnz per row as named), so that the
// kernels' own speed shows rather than memory bandwidth; bench/ has the
// products on the large matrices. SetBytes: vals + idx + ptr + x + y.
func BenchmarkSpMVFamily(b *testing.B) {
	for _, perRow := range []int{4, 16, 64} {
		rng := rand.New(rand.NewPCG(1, 1))
		m := randCSR(rng, 4096, 4096, []int{perRow}, 0, 0)
		benchSpMVFamily(b, spmvF32, scatterF32, m, perRow)
		benchSpMVFamily(b, spmvF64, scatterF64, m, perRow)
	}
}

func benchSpMVFamily[T Float](b *testing.B, f *family[spmvFunc[T]], s *family[scatterFunc[T]], m csrCase, perRow int) {
	rng := rand.New(rand.NewPCG(2, 2))
	vals := randVals[T](rng, len(m.idx), 0, 0)
	x := randVals[T](rng, m.cols, 0, 0)
	y := make([]T, m.rows)
	var z T
	es := int(sizeofT(z))
	bytes := int64(len(m.idx)*(es+8) + len(m.ptr)*8 + (m.rows+m.cols)*es)
	for tr := tierGeneric; tr < numTiers; tr++ {
		if !f.implements(tr) {
			continue
		}
		b.Run(fmt.Sprintf("op=spmv/type=f%d/nnzrow=%d/impl=%s", 8*es, perRow, tr), func(b *testing.B) {
			fn := f.impls[tr]
			b.SetBytes(bytes)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			c0 := threadCPU()
			for b.Loop() {
				fn(y, x, m.ptr, m.idx, vals, 1, 0)
			}
			b.ReportMetric(float64(threadCPU()-c0)/float64(b.N), "cpu-ns/op")
		})
		if !s.implements(tr) {
			continue
		}
		b.Run(fmt.Sprintf("op=scatter/type=f%d/nnzrow=%d/impl=%s", 8*es, perRow, tr), func(b *testing.B) {
			fn := s.impls[tr]
			b.SetBytes(bytes)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			c0 := threadCPU()
			for b.Loop() {
				fn(y, x, m.ptr, m.idx, vals, 1)
			}
			b.ReportMetric(float64(threadCPU()-c0)/float64(b.N), "cpu-ns/op")
		})
	}
}

func sizeofT[T Float](z T) uintptr {
	if isF32[T]() {
		return 4
	}
	return 8
}

// threadCPU returns this thread's CPU time in ns: on a shared machine it
// excludes the time other processes hold the core, which wall time does not.
func threadCPU() int64 {
	var ru unix.Rusage
	if unix.Getrusage(unix.RUSAGE_THREAD, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
