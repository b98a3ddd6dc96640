//go:build !purego && !noasm && gc

package amd64

// FirstNotBelowAVX2 scans s eight elements at a time for one with
// s[i] >= bound (unsigned) and returns k, a multiple of 8: every s[i] with
// i < k is below bound, and either s[k:k+8] holds one that is not or fewer
// than eight elements remain. It reads only s[0:len(s)].
//
//go:noescape
func FirstNotBelowAVX2(s []uint64, bound uint64) int

// FirstNotBelowAVX512 is FirstNotBelowAVX2 with blocks of 32 elements: k is
// a multiple of 32.
//
//go:noescape
func FirstNotBelowAVX512(s []uint64, bound uint64) int

// FirstNotBelowCycleAVX2 is FirstNotBelowAVX2 with cyclic bounds: element i
// is checked against pat[i%len(pat)]. It assumes len(pat) is a non-zero
// multiple of 8 and, being a block scan, stops at a block boundary (a
// multiple of 8).
//
//go:noescape
func FirstNotBelowCycleAVX2(s []uint64, pat []uint64) int

// FirstNotBelowCycleAVX512 is FirstNotBelowCycleAVX2 with blocks of 16: it
// assumes len(pat) is a non-zero multiple of 16 and k is a multiple of 16.
//
//go:noescape
func FirstNotBelowCycleAVX512(s []uint64, pat []uint64) int
