package radix

import (
	"fmt"
	"testing"
	"time"
)

func BenchmarkScratchBucket(b *testing.B) {
	const n, nbits = 16 << 20, 40
	keys0, vals := benchKeys(n, nbits)
	keys, keys2 := make([]uint64, n), make([]uint64, n)
	pa, pb := make([]float64, n), make([]float64, n)
	for _, mb := range []int{16 << 10, 32 << 10, 64 << 10, 128 << 10} {
		b.Run(fmt.Sprintf("msd=%dK", mb>>10), func(b *testing.B) {
			old := MSDBucket
			MSDBucket = mb
			defer func() { MSDBucket = old }()
			hist := make([]int, 1<<MaxWidth)
			var wall time.Duration
			var cpu float64
			for range b.N {
				b.StopTimer()
				copy(keys, keys0)
				b.StartTimer()
				t0, c0 := time.Now(), cpuSeconds()
				SortParallel(keys, keys2, vals, pa, pb, 0, nbits, 1, hist)
				wall += time.Since(t0)
				cpu += cpuSeconds() - c0
			}
			reportPerEntry(b, n, wall, cpu)
		})
	}
}
