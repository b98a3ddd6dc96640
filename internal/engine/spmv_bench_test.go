package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"golang.org/x/sys/unix"
)

// BenchmarkSpMVFamily times each path of the SpMV and ScatterAdd kernels on
// a cache-resident matrix (4096 x 4096, nnz per row as named), so that the
// kernels' own speed shows rather than memory bandwidth; bench/ has the
// products on the large matrices. SetBytes: vals + idx + ptr + x + y. Rows
// of one entry run the short-row families (spmv1, what SpMV picks for
// them; op=spmv1), the others the long-row ones.
func BenchmarkSpMVFamily(b *testing.B) {
	for _, perRow := range []int{1, 4, 16, 64} {
		rng := rand.New(rand.NewPCG(1, 1))
		m := randCSR(rng, 4096, 4096, []int{perRow}, 0, 0)
		if perRow == 1 {
			benchSpMVFamily(b, "spmv1", spmv1F32, scatterAddF32, m, perRow)
			benchSpMVFamily(b, "spmv1", spmv1F64, scatterAddF64, m, perRow)
			continue
		}
		benchSpMVFamily(b, "spmv", spmvF32, scatterAddF32, m, perRow)
		benchSpMVFamily(b, "spmv", spmvF64, scatterAddF64, m, perRow)
	}
}

// spmvOperands returns seeded values for m's entries, x and y, the element
// size, and the bytes one product moves (vals + idx + ptr + x + y).
func spmvOperands[T Float](m csrCase) (vals, x, y []T, es int, bytes int64) {
	rng := rand.New(rand.NewPCG(2, 2))
	vals = randVals[T](rng, len(m.idx), 0, 0)
	x = randVals[T](rng, m.cols, 0, 0)
	y = make([]T, m.rows)
	var z T
	es = int(sizeofT(z))
	return vals, x, y, es, int64(len(m.idx)*(es+8) + len(m.ptr)*8 + (m.rows+m.cols)*es)
}

func benchSpMVFamily[T Float](b *testing.B, op string, f *family[spmvFunc[T]], s *family[scatterAddFunc[T]], m csrCase, perRow int) {
	vals, x, y, es, bytes := spmvOperands[T](m)
	for tr := tierGeneric; tr < numTiers; tr++ {
		if !f.implements(tr) {
			continue
		}
		b.Run(fmt.Sprintf("op=%s/type=f%d/nnzrow=%d/impl=%s", op, 8*es, perRow, tr), func(b *testing.B) {
			fn := f.impls[tr]
			loopThreadCPU(b, bytes, func() { fn(y, x, m.ptr, m.idx, vals, 1, 0) })
		})
		if !s.implements(tr) {
			continue
		}
		b.Run(fmt.Sprintf("op=scatter/type=f%d/nnzrow=%d/impl=%s", 8*es, perRow, tr), func(b *testing.B) {
			fn := s.impls[tr]
			loopThreadCPU(b, bytes, func() { fn(y, x, m.ptr, m.idx, vals, 1) })
		})
	}
}

func sizeofT[T Float](z T) uintptr {
	if is32[T]() {
		return 4
	}
	return 8
}

// loopThreadCPU runs op in the benchmark loop on one locked OS thread with
// SetBytes(bytes) and reports that thread's CPU time per op ("cpu-ns/op").
func loopThreadCPU(b *testing.B, bytes int64, op func()) {
	b.SetBytes(bytes)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0 := threadCPU()
	for b.Loop() {
		op()
	}
	b.ReportMetric(float64(threadCPU()-c0)/float64(b.N), "cpu-ns/op")
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

// BenchmarkSpMVPowerLaw times the SpMV paths on M3-like matrices: row
// lengths Pareto with shape 1.5 and minimum 3 (about 10 per row, mostly
// short rows of varying length, the case bench's M3 measures) at a quarter
// of M3's size, with columns uniform over 2^20 (x, 4 / 8 MiB, is read at
// random from beyond L2) or over 2^12 (x in L1: the instruction and branch
// cost alone); and, to separate the varying lengths from the memory
// latency, every row of 10 (or, as M1, 16) entries over 2^20 columns. cpu-ns/op is the
// thread's CPU time.
func BenchmarkSpMVPowerLaw(b *testing.B) {
	const rows = 1 << 18
	pareto := func(rng *rand.Rand) int { return min(int(10.0/3*math.Pow(1-rng.Float64(), -1/1.5)), 4096) }
	for _, c := range []struct {
		name string
		cols int
		n    func(*rand.Rand) int
	}{
		{"powerlaw", 1 << 20, pareto},
		{"powerlaw-xL1", 1 << 12, pareto},
		{"fixed10", 1 << 20, func(*rand.Rand) int { return 10 }},
		{"fixed16", 1 << 20, func(*rand.Rand) int { return 16 }}, // M1's rows
	} {
		rng := rand.New(rand.NewPCG(3, 3))
		ptr := make([]uint64, rows+1)
		var idx []uint64
		for i := range rows {
			for range c.n(rng) {
				idx = append(idx, uint64(rng.IntN(c.cols)))
			}
			slices.Sort(idx[ptr[i]:])
			ptr[i+1] = uint64(len(idx))
		}
		m := csrCase{rows, c.cols, ptr, idx}
		benchSpMVRows(b, spmvF32, m, c.name)
		benchSpMVRows(b, spmvF64, m, c.name)
	}
}

func benchSpMVRows[T Float](b *testing.B, f *family[spmvFunc[T]], m csrCase, name string) {
	vals, x, y, es, bytes := spmvOperands[T](m)
	for tr := tierGeneric; tr < numTiers; tr++ {
		if !f.implements(tr) {
			continue
		}
		b.Run(fmt.Sprintf("m=%s/type=f%d/impl=%s", name, 8*es, tr), func(b *testing.B) {
			fn := f.impls[tr]
			loopThreadCPU(b, bytes, func() { fn(y, x, m.ptr, m.idx, vals, 1, 0) })
		})
	}
}
