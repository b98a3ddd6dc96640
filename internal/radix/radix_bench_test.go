package radix

import (
	"fmt"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"
)

// benchKeys returns n random keys of nbits bits and a float64 payload.
func benchKeys(n, nbits int) ([]uint64, []float64) {
	rng := rand.New(rand.NewPCG(7, 7))
	keys := make([]uint64, n)
	vals := make([]float64, n)
	for i := range keys {
		keys[i] = rng.Uint64() >> (64 - nbits)
		vals[i] = rng.Float64()
	}
	return keys, vals
}

// reportPerEntry reports wall and process CPU nanoseconds per entry (the CPU
// time is the less noisy one on a shared machine) and cpu-s/op.
func reportPerEntry(b *testing.B, n int, wall time.Duration, cpu float64) {
	ops := float64(b.N)
	cpu /= ops
	b.ReportMetric(float64(wall.Nanoseconds())/ops/float64(n), "ns/entry")
	b.ReportMetric(cpu*1e9/float64(n), "cpu-ns/entry")
	b.ReportMetric(cpu, "cpu-s/op")
}

// BenchmarkSortParallel sorts 16M random 40-bit keys (COO->CSR of a 1M x 1M
// matrix: row<<20|col) with a float64 payload: the top-digit split from
// memory, then the buckets in cache.
func BenchmarkSortParallel(b *testing.B) {
	const n, nbits = 16 << 20, 40
	keys0, vals := benchKeys(n, nbits)
	keys, keys2 := make([]uint64, n), make([]uint64, n)
	pa, pb := make([]float64, n), make([]float64, n)
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("w=%d", w), func(b *testing.B) {
			hist := make([]int, w<<MaxWidth)
			var wall time.Duration
			var cpu float64
			for range b.N {
				b.StopTimer()
				copy(keys, keys0) // not timed: a pass from memory of its own
				b.StartTimer()
				t0, c0 := time.Now(), cpuSeconds()
				SortParallel(DefaultTuning(), keys, keys2, vals, pa, pb, 0, nbits, w, hist)
				wall += time.Since(t0)
				cpu += cpuSeconds() - c0
			}
			reportPerEntry(b, n, wall, cpu)
		})
	}
}

// BenchmarkTopPass is the top-digit pass of BenchmarkSortParallel alone
// (w = 1): 16M entries scattered from memory to memory on their top digit,
// of the width SortParallel takes (top) or of a given width.
func BenchmarkTopPass(b *testing.B) {
	const n, nbits = 16 << 20, 40
	keys, vals := benchKeys(n, nbits)
	keys2 := make([]uint64, n)
	pa, pb := make([]float64, n), make([]float64, n)
	hist := make([]int, 1<<MaxWidth)
	for _, mw := range []int{0, 8, 9, 10, 11} {
		name := fmt.Sprintf("bits=%d", mw)
		if mw == 0 {
			mw, name = min(bitsLen(n/DefaultTuning().BucketMax), MaxWidth), "top"
		}
		b.Run(name, func(b *testing.B) {
			t0, c0 := time.Now(), cpuSeconds()
			for range b.N {
				// One pass from keys to keys2: the input stays as it is.
				sortBits(DefaultTuning(), keys, keys2, vals, pa, pb, nbits-mw, mw, 1, hist)
			}
			reportPerEntry(b, n, time.Since(t0), cpuSeconds()-c0)
		})
	}
}

// BenchmarkSort sorts 16K random 29-bit keys with a float64 payload: one
// bucket of BenchmarkSortParallel, in cache. Many different inputs are
// cycled through, as the buckets of a split are.
func BenchmarkSort(b *testing.B) {
	const n, nbits, sets = 16 << 10, 29, 64
	keys0, vals := benchKeys(n*sets, nbits)
	keys, keys2 := make([]uint64, n), make([]uint64, n)
	pa, pb := make([]float64, n), make([]float64, n)
	hist := make([]int, 3<<MaxWidth) // room for every pass, as SortParallel gives
	b.ResetTimer()
	t0, c0 := time.Now(), cpuSeconds()
	for i := range b.N {
		s := i % sets * n
		copy(keys, keys0[s:s+n]) // timed, but a copy in cache is cheap beside the sort
		Sort(keys, keys2, vals[s:s+n], pa, pb, 0, nbits, hist)
	}
	reportPerEntry(b, n, time.Since(t0), cpuSeconds()-c0)
}

func bitsLen(x int) int {
	n := 0
	for ; x > 0; x >>= 1 {
		n++
	}
	return n
}

func cpuSeconds() float64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

// BenchmarkCopy is the floor for a pass from memory: copying the keys and
// the payload of BenchmarkTopPass (memmove, non-temporal stores).
func BenchmarkCopy(b *testing.B) {
	const n = 16 << 20
	keys, vals := benchKeys(n, 40)
	keys2, pa := make([]uint64, n), make([]float64, n)
	b.ResetTimer()
	t0, c0 := time.Now(), cpuSeconds()
	for range b.N {
		copy(keys2, keys)
		copy(pa, vals)
	}
	reportPerEntry(b, n, time.Since(t0), cpuSeconds()-c0)
}
