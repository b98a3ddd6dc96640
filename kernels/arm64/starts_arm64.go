//go:build !purego && !noasm && gc

package arm64

// CountStartsNEON counts the pairs (keys[i-1], keys[i]), 1 <= i <
// len(keys), with keys[i]^keys[i-1] > limit (unsigned), in whole blocks of
// 4 pairs: the pairs past the last whole block are not counted. With limit
// = 1<<shift - 1 it counts the keys that start a node at the level whose
// field starts at bit shift (CountStarts in package kernels). It reads keys
// only within its length.
//
//go:noescape
func CountStartsNEON(keys []uint64, limit uint64) int

// CompressStartsNEON writes, for the groups of 4 pairs (keys[i-1], keys[i])
// it goes through, the nodes the keys start at one level:
//
//	for each pair i {
//		x := keys[i] ^ keys[i-1]
//		if x > limit {
//			crd[n] = keys[i] >> shift & mask
//			pos[n] = c
//			n++
//		}
//		if x > limit1 {
//			c++
//		}
//	}
//
// It takes a group only while 4 pairs are left and crd and pos both have
// room for 4 more nodes, and returns n, c after the groups and done, the
// pairs it went through (a multiple of 4). It writes crd[:n] and pos[:n]
// and nothing else; it reads keys only within its length. It assumes
// shift < 64 (the glue handles larger shifts).
//
//go:noescape
func CompressStartsNEON(crd, pos, keys []uint64, limit, limit1 uint64, shift uint, mask, c uint64) (n int, next uint64, done int)
