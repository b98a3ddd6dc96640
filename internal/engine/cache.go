package engine

import "github.com/hurray-format/hurray-go/kernels/amd64"

// CacheSizes are data cache sizes in bytes, and whether the L3 is a slow
// one.
type CacheSizes struct {
	L1D, L2, L3 int
	// SlowL3 reports an L3 that stores missing L2 reach slowly and whose
	// reported size is the whole socket's: true on Intel CPUs, where a
	// random scatter into an L3-sized array costs several times what it
	// costs on AMD's, and reads fall to memory's bandwidth well below the
	// reported size. The thresholds derived from L3 (the one-scatter
	// transpose in convert, the write-combined scatter in internal/radix)
	// are capped there.
	SlowL3 bool
}

// Caches implements kernels.Caches.
func Caches() CacheSizes {
	c := CacheSizes{L1D: amd64.CacheL1D, L2: amd64.CacheL2, L3: amd64.CacheL3, SlowL3: amd64.IsIntel}
	if c.L1D <= 0 {
		c.L1D = 48 << 10
	}
	if c.L2 <= 0 {
		c.L2 = 1 << 20
	}
	if c.L3 <= 0 {
		c.L3 = 32 << 20
	}
	return c
}
