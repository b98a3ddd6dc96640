package bench

import (
	"slices"
	"sync"
	"testing"
	"time"
)

// triadBytesPerSec is the bandwidth of the package's triad (triadOp over
// three 128 MiB arrays on the given number of goroutines, best of 5 after a
// warm-up), measured once per process and thread count: the reference of
// every "%triad" metric. Each benchmark compares against the triad on its own
// thread count: on this kind of VM two threads may get up to twice the
// bandwidth of one, so a two-thread product against the one-thread triad
// would read up to 200%.
func triadBytesPerSec(threads int) float64 {
	triadMu.Lock()
	defer triadMu.Unlock()
	if r, ok := triadRate[threads]; ok {
		return r
	}
	const n = 1 << 24
	op := triadOp(n, threads)
	op()
	var ts []time.Duration
	for range 5 {
		t0 := time.Now()
		op()
		ts = append(ts, time.Since(t0))
	}
	r := 3 * 8 * n / slices.Min(ts).Seconds()
	triadRate[threads] = r
	return r
}

var (
	triadMu   sync.Mutex
	triadRate = map[int]float64{}
)

// reportTriad reports the bytes a benchmark moved per second (bytesPerOp
// per op, as in SetBytes) as a percentage of the triad bandwidth measured in
// the same process on the same number of goroutines ("%triad"). Call
// triadBytesPerSec(threads) before the timer starts, so that the triad is not
// timed with the benchmark.
func reportTriad(b *testing.B, bytesPerOp int64, threads int) {
	if b.N == 0 || b.Elapsed() <= 0 {
		return
	}
	rate := float64(bytesPerOp) * float64(b.N) / b.Elapsed().Seconds()
	b.ReportMetric(100*rate/triadBytesPerSec(threads), "%triad")
}
