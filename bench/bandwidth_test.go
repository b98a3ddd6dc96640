package bench

import (
	"slices"
	"sync"
	"testing"
	"time"
)

// triadBytesPerSec is the bandwidth of the package's triad (triadOp over
// three 128 MiB arrays, one goroutine, best of 5 after a warm-up),
// measured once per process: the reference of every "%triad" metric.
var triadBytesPerSec = sync.OnceValue(func() float64 {
	const n = 1 << 24
	op := triadOp(n, 1)
	op()
	var ts []time.Duration
	for range 5 {
		t0 := time.Now()
		op()
		ts = append(ts, time.Since(t0))
	}
	return 3 * 8 * n / slices.Min(ts).Seconds()
})

// reportTriad reports the bytes a benchmark moved per second (bytesPerOp
// per op, as in SetBytes) as a percentage of the triad bandwidth measured in
// the same process ("%triad").
func reportTriad(b *testing.B, bytesPerOp int64) {
	if b.N == 0 || b.Elapsed() <= 0 {
		return
	}
	rate := float64(bytesPerOp) * float64(b.N) / b.Elapsed().Seconds()
	b.ReportMetric(100*rate/triadBytesPerSec(), "%triad")
}
