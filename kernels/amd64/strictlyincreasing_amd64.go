//go:build !purego && !noasm && gc

package amd64

// StrictlyIncreasingStartsAVX512 scans n pairs (crd[k], crd[k+1]) for a
// descent that does not start a segment, or a second entry above max:
//
//	for k := 0; k < n; k++ {
//		if crd[k+1] > max || crd[k+1] <= crd[k] && start[k/64]>>(k%64)&1 == 0 {
//			return k
//		}
//	}
//	return -1
//
// It assumes n is a multiple of 32, len(crd) > n and len(start)*64 >= n.
//
//go:noescape
func StrictlyIncreasingStartsAVX512(crd []uint64, start []uint64, n int, max uint64) int

// StrictlyIncreasingStartsAVX2 is StrictlyIncreasingStartsAVX512 for n a
// multiple of 16.
//
//go:noescape
func StrictlyIncreasingStartsAVX2(crd []uint64, start []uint64, n int, max uint64) int

// MarkStartsAVX512 sets, for each v in pos, bit (v-a)%(64*len(start)) of
// start (little-endian words), storing each word whole: a word's entries
// must be adjacent in pos (a sorted pos), or it keeps only the bits of its
// last run; len(start) must be a power of two, len(pos) a multiple of 8,
// and start zero where pos's words fall (words are stored, not merged).
//
//	for _, v := range pos {
//		d := v - a
//		start[d/64%len(start)] |= 1 << (d % 64)
//	}
//
//go:noescape
func MarkStartsAVX512(start []uint64, pos []uint64, a uint64)
