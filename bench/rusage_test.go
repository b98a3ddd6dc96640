package bench

import (
	"testing"
)

// processCPUClock reports, at the end of a benchmark, the process CPU time per
// operation ("cpu-ns/op"): on a shared machine whose load steals the
// wall-clock time, it shows the work itself (for one thread it is the time an
// unloaded core would take; for several, their sum).
func processCPUClock(b *testing.B) func() {
	start := processCPU()
	return func() {
		b.ReportMetric(float64(processCPU()-start)/float64(b.N), "cpu-ns/op")
	}
}
