package kernels

import "github.com/hurray-format/hurray-go/kernels/amd64"

// CacheSizes are data cache sizes in bytes.
type CacheSizes struct {
	L1D, L2, L3 int
}

// Caches returns the data cache sizes of this CPU as cpuid reports them
// (amd64 with assembly), and for a level it does not report (arm64, purego,
// a VM that hides it) the size of the Zen 5 cores the defaults were
// measured on: 48 KiB, 1 MiB, 32 MiB. The block sizes of the conversions'
// and TTV's radix sort and of the blocked conversion passes derive from it.
func Caches() CacheSizes {
	c := CacheSizes{amd64.CacheL1D, amd64.CacheL2, amd64.CacheL3}
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
