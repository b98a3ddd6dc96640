package bench

import (
	"testing"
)

// reportTriad reports the bytes a benchmark moved per second (bytesPerOp
// per op, as in SetBytes) as a percentage of the triad bandwidth measured in
// the same process on the same number of goroutines ("%triad"). Call
// TriadBytesPerSec(threads) before the timer starts, so that the triad is not
// timed with the benchmark.
func reportTriad(b *testing.B, bytesPerOp int64, threads int) {
	if b.N == 0 || b.Elapsed() <= 0 {
		return
	}
	rate := float64(bytesPerOp) * float64(b.N) / b.Elapsed().Seconds()
	b.ReportMetric(100*rate/TriadBytesPerSec(threads), "%triad")
}
