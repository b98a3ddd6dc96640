package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

// CacheSizes are data cache sizes in bytes, and whether the L3 is a slow
// one (SlowL3: Intel's, whose size is the whole socket's and whose random
// access is slow; the thresholds derived from L3 are capped there).
type CacheSizes = engine.CacheSizes

// Caches returns the data cache sizes of this CPU as cpuid reports them
// (amd64 with assembly), and for a level it does not report (arm64, purego,
// a VM that hides it) 48 KiB, 1 MiB and 32 MiB, the sizes the defaults are
// tuned for. SlowL3 is true when cpuid names
// Intel as the vendor (false without assembly). The block sizes of the
// conversions' and TTV's radix sort and of the blocked conversion passes
// derive from it.
func Caches() CacheSizes {
	return engine.Caches()
}
