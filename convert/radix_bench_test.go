package convert

import (
	"math/rand/v2"
	"syscall"
	"testing"

	"github.com/hurray-format/hurray-go/coo"
)

// BenchmarkCOOToCSRPaths compares the radix and the counting COO to CSR on
// a shuffled 1M x 1M matrix with 4M entries (bench/ has the full suite).
func BenchmarkCOOToCSRPaths(b *testing.B) {
	const rows, n = 1 << 20, 1 << 22
	rng := rand.New(rand.NewPCG(1, 1))
	coords := make([]uint64, 2*n)
	vals := make([]float64, n)
	for i := range n {
		coords[2*i], coords[2*i+1] = rng.Uint64N(rows), rng.Uint64N(rows)
		vals[i] = rng.Float64()
	}
	x, err := coo.New([]uint64{rows, rows}, coords, vals)
	if err != nil {
		b.Fatal(err)
	}
	for _, path := range []string{"radix", "counting"} {
		b.Run("path="+path, func(b *testing.B) {
			old := matrixByCounting
			matrixByCounting = path == "counting"
			defer func() { matrixByCounting = old }()
			ws := new(Workspace)
			opts := Options{Workers: 1}
			a, _ := COOToCSRTo(nil, x, ws, opts)
			b.ResetTimer()
			c0 := cpuSeconds()
			for range b.N {
				a, _ = COOToCSRTo(a, x, ws, opts)
			}
			b.ReportMetric((cpuSeconds()-c0)/float64(b.N), "cpu-s/op")
		})
	}
}

func cpuSeconds() float64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
