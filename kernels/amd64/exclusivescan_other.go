//go:build !amd64 || purego || noasm || !gc

package amd64

// ExclusiveScanAVX2 is not built here; it panics.
func ExclusiveScanAVX2(dst, src []uint64, carry uint64) uint64 { panic(noAsm) }

// ExclusiveScanAVX512 is not built here; it panics.
func ExclusiveScanAVX512(dst, src []uint64, carry uint64) uint64 { panic(noAsm) }
