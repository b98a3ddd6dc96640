//go:build !amd64 || purego || noasm || !gc

package amd64

// HasAVX2 is false: the assembly is not built.
const HasAVX2 = false

// HasAVX512 is false: the assembly is not built.
const HasAVX512 = false

// CacheL1D, CacheL2 and CacheL3 are 0 (unknown): cpuid is not consulted.
const (
	CacheL1D = 0
	CacheL2  = 0
	CacheL3  = 0
)

// IsIntel is false: cpuid is not consulted.
const IsIntel = false
