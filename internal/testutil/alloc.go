package testutil

import "runtime"

// Allocated returns the bytes f allocates (runtime.MemStats.TotalAlloc).
func Allocated(f func()) uint64 {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	f()
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc
}
