//go:build !purego && !noasm && gc

package amd64

// ExclusiveScanAVX2 writes dst[i] = carry + src[0] + ... + src[i-1] (mod
// 2^64) and returns carry + the sum of src. It assumes len(src) is a multiple
// of 8 and len(dst) >= len(src); dst may be src itself but must not otherwise
// overlap it.
//
//go:noescape
func ExclusiveScanAVX2(dst, src []uint64, carry uint64) uint64

// ExclusiveScanAVX512 is ExclusiveScanAVX2 for len(src) a multiple of 16.
//
//go:noescape
func ExclusiveScanAVX512(dst, src []uint64, carry uint64) uint64
