package bench

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time (user + system) of the whole process.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// processCPUClock reports, at the end of a benchmark, the process CPU time per
// operation ("cpu-ns/op"): on a shared machine whose load steals the
// wall-clock time, it shows the work itself (for one thread it is the time an
// unloaded core would take; for several, their sum).
func processCPUClock(b *testing.B) func() {
	start := cpuTime()
	return func() {
		b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
	}
}
