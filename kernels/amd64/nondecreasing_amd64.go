//go:build !purego && !noasm && gc

package amd64

// NonDecreasingAVX2 checks the pairs (s[i-1], s[i]) for i = 1, 2, ... eight
// at a time and returns k, a multiple of 8: every pair with i <= k is in
// order (s[i-1] <= s[i], unsigned), and either the block of pairs
// k+1..k+8 holds a descent or fewer than eight pairs remain. It reads only
// s[0:len(s)]; len(s) may be 0.
//
//go:noescape
func NonDecreasingAVX2(s []uint64) int

// NonDecreasingAVX512 is NonDecreasingAVX2 with blocks of 16 pairs: k is a
// multiple of 16.
//
//go:noescape
func NonDecreasingAVX512(s []uint64) int
