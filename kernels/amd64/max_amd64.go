//go:build !purego && !noasm && gc

package amd64

// MaxAVX2 returns the largest element (unsigned) of s, or 0 when s is empty.
// It assumes len(s) is a multiple of 16; the caller reduces any tail.
//
//go:noescape
func MaxAVX2(s []uint64) uint64

// MaxAVX512 returns the largest element (unsigned) of s, or 0 when s is
// empty. It assumes len(s) is a multiple of 32; the caller reduces any tail.
//
//go:noescape
func MaxAVX512(s []uint64) uint64
