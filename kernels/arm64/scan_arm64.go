//go:build !purego && !noasm && gc

package arm64

// The scan kernels do the vector prefix only: blocks of four elements, as far
// as the slice holds whole blocks, stopping at the first block that holds a
// hit. They return where they stopped; the caller finds the exact index in the
// block (StrictlyIncreasingNEON finds it itself) and handles the tail. They
// read only their slices and check nothing. They are not preemptible:
// callers pass chunks of at most 64K elements.

// MaxNEON returns the largest element of s[:len(s)&^3], or 0.
//
//go:noescape
func MaxNEON(s []uint64) uint64

// FirstNotBelowNEON returns the start i of the first block s[i:i+4] (i a
// multiple of 4) holding an element >= bound, or len(s)&^3.
//
//go:noescape
func FirstNotBelowNEON(s []uint64, bound uint64) int

// FirstNotBelowCyclicNEON is FirstNotBelowNEON with element k compared
// against pat[k%len(pat)]. It assumes len(pat) is a positive multiple of 4.
//
//go:noescape
func FirstNotBelowCyclicNEON(s, pat []uint64) int

// NonDecreasingNEON returns the first j = 1+4m such that the block of pairs
// (s[k-1], s[k]), k in j..j+3, holds s[k] < s[k-1], or the first j with
// j+4 > len(s) (1 when len(s) < 5).
//
//go:noescape
func NonDecreasingNEON(s []uint64) int

// StrictlyIncreasingNEON checks the crd rule of StrictlyIncreasing (package
// kernels) from index j on, whole blocks of four: a descent
// crd[k] <= crd[k-1] must start a segment, found by merging forward in pos
// from p (pos[p] is the first segment start >= j). It returns bad = -1 with
// next, the first k not checked, and np, the merge position there; or the
// first bad k, with next = k. When the merge runs past the end of pos, bad = k
// and np = len(pos): k is bad when pos is the whole pos, else the caller
// resumes at k with more of it. It assumes 1 <= j and reads pos and crd only
// inside their lengths; a pos that is not non-decreasing gives an
// unspecified but memory-safe result. It takes O(len(crd)-j + len(pos)-p).
//
//go:noescape
func StrictlyIncreasingNEON(pos, crd []uint64, j, p int) (bad, next, np int)
