//go:build !arm64 || purego || noasm || !gc

package arm64

// LowerBoundNEON is not built here; HasNEON is false, so it is never called.
func LowerBoundNEON(s []uint64, key uint64) int { panic(noasm) }

// DescendLevelNEON is not built here.
func DescendLevelNEON(node []int, pos, crd, coords []uint64, stride, off int) { panic(noasm) }
