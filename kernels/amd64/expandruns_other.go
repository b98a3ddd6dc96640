//go:build !amd64 || purego || noasm || !gc

package amd64

// MaxRun is the longest run the assembly would fill.
const MaxRun = 1 << 16

// ExpandRunsAVX2 is not built here; it panics.
func ExpandRunsAVX2(dst, ptr, vals []uint64, first uint64) int { panic(noAsm) }

// ExpandRunsAVX512 is not built here; it panics.
func ExpandRunsAVX512(dst, ptr, vals []uint64, first uint64) int { panic(noAsm) }
