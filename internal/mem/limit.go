package mem

import (
	"math"
	"math/bits"
	"runtime/debug"
)

// The memory limit lets a request far beyond what an allocation can get (a
// pointer array over a dimension of 2^40, say, from a valid but
// hypersparse file) be refused with an error instead of ending the
// process: the Go runtime's out-of-memory failure cannot be recovered.

// Limit returns the physical memory of the machine, or the Go memory limit
// (GOMEMLIMIT, debug.SetMemoryLimit) when that is lower. Where the physical
// memory is unknown it returns the memory limit, at most 2^47 (the Go
// runtime's largest heap on 64-bit systems).
func Limit() uint64 {
	limit := uint64(math.MaxInt64)
	if l := debug.SetMemoryLimit(-1); l > 0 {
		limit = uint64(l)
	}
	if p := physical(); p > 0 {
		return min(limit, p)
	}
	return min(limit, 1<<47)
}

// Fits reports whether n elements of size bytes each fit in Limit.
func Fits(n, size uint64) bool {
	hi, lo := bits.Mul64(n, size)
	return hi == 0 && lo <= Limit()
}
