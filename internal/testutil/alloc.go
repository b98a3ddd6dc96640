package testutil

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// Allocated returns the bytes f allocates (runtime.MemStats.TotalAlloc).
func Allocated(f func()) uint64 {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	f()
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc
}

// AllocsPerCall is testing.AllocsPerRun(runs, f) for code that keeps its
// scratch in sync.Pools, taken with the collector off and the least of
// three measurements returned. A collection empties the pools (and the
// runtime's own caches of wait-queue entries), so the calls after one
// allocate once what the pools held; the count of mallocs is also
// process-wide, so a goroutine of the runtime or the test framework
// allocating meanwhile is counted. Neither is an allocation of the call.
// A call that allocates every time still counts at least 1 in each of the
// three.
func AllocsPerCall(runs int, f func()) float64 {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	best := testing.AllocsPerRun(runs, f)
	for i := 0; i < 2 && best > 0; i++ {
		best = min(best, testing.AllocsPerRun(runs, f))
	}
	return best
}
