//go:build !arm64 || purego || noasm || !gc

package arm64

// ExpandPosNEON is not built here; HasNEON is false, so it is never called.
func ExpandPosNEON(dst []uint64, pos []uint64, first uint64) { panic(noasm) }

// ExpandRunsNEON is not built here.
func ExpandRunsNEON(dst []uint64, rows, stride, off int, ptr, vals []uint64) { panic(noasm) }

// ExclusiveScanNEON is not built here.
func ExclusiveScanNEON(dst, src []uint64, sum uint64) uint64 { panic(noasm) }
