//go:build !arm64 || purego || noasm || !gc

package arm64

// MaxNEON is not built here; HasNEON is false, so it is never called.
func MaxNEON(s []uint64) uint64 { panic(noasm) }

// FirstNotBelowNEON is not built here.
func FirstNotBelowNEON(s []uint64, bound uint64) int { panic(noasm) }

// FirstNotBelowCyclicNEON is not built here.
func FirstNotBelowCyclicNEON(s, pat []uint64) int { panic(noasm) }

// NonDecreasingNEON is not built here.
func NonDecreasingNEON(s []uint64) int { panic(noasm) }

// StrictlyIncreasingNEON is not built here.
func StrictlyIncreasingNEON(pos, crd []uint64, j, p int) (bad, next, np int) { panic(noasm) }
