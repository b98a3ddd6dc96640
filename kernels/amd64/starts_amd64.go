//go:build !purego && !noasm && gc

package amd64

import (
	"math/bits"
	"unsafe"
)

// CountStartsAVX512 counts the pairs (keys[i-1], keys[i]), 1 <= i <
// len(keys), with keys[i]^keys[i-1] > limit (unsigned):
//
//	n := 0
//	for i := 1; i < len(keys); i++ {
//		if keys[i]^keys[i-1] > limit {
//			n++
//		}
//	}
//	return n
//
// It counts whole steps of 32 pairs only: the pairs past the last whole
// step are not counted (the caller passes len(keys)-1 a multiple of 32). It
// reads keys only within its length. With limit = 1<<shift - 1 it counts the
// keys that start a node at the level whose field starts at bit shift
// (CountStarts in package kernels).
//
//go:noescape
func CountStartsAVX512(keys []uint64, limit uint64) int

// CountStartsAVX2 is CountStartsAVX512 in steps of 16 pairs.
//
//go:noescape
func CountStartsAVX2(keys []uint64, limit uint64) int

// CompressStartsAVX512 writes, for the groups of 8 pairs (keys[i-1],
// keys[i]) it goes through, the nodes the keys start at one level:
//
//	n := 0
//	for i := 1; i < len(keys); i++ {
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
//	return n, c, len(keys) - 1
//
// It takes a group only while 8 pairs are left and crd and pos both have
// room for 8 more nodes, and returns with done, the pairs it went through
// (a multiple of 8), when it stops. It writes crd[:n] and pos[:n] and
// nothing else; it reads keys only within its length. The starts come from
// limit and limit1 alone; shift only places the crd values (package kernels
// passes shift < 64).
//
//go:noescape
func CompressStartsAVX512(crd, pos, keys []uint64, limit, limit1 uint64, shift uint, mask, c uint64) (n int, next uint64, done int)

// CompressStartsAVX2 is CompressStartsAVX512 with groups of 4 pairs.
//
//go:noescape
func CompressStartsAVX2(crd, pos, keys []uint64, limit, limit1 uint64, shift uint, mask, c uint64) (n int, next uint64, done int)

// startsTables holds the constant tables of the compress kernels, which
// address them from one base register at the offsets the .s file names.
var startsTables = func() (t startsTab) {
	for m := range t.prefix {
		for j := range 8 {
			t.prefix[m] |= uint64(bits.OnesCount8(uint8(m)&(1<<j-1))) << (8 * j)
		}
	}
	for m := range 16 {
		for p := range 4 {
			q := p
			for lane := range 4 {
				if m>>lane&1 == 1 {
					t.perm[m*4+p][2*(q&3)] = uint32(2 * lane)
					t.perm[m*4+p][2*(q&3)+1] = uint32(2*lane + 1)
					q++
				}
			}
		}
	}
	for p := range 4 {
		for lane := p; lane < 4; lane++ {
			t.from[p][lane] = ^uint64(0)
		}
	}
	return t
}()

type startsTab struct {
	// prefix[m] (offset 0) holds in byte j the number of bits of m below
	// bit j: for a group whose keys start nodes one level down where m
	// has bits, how many of those nodes come before lane j's key. The
	// 4-lane groups of AVX2 read its low 4 bytes.
	prefix [256]uint64
	// perm[m*4+p] (offset 2048) is the VPERMD index vector that moves the
	// 64-bit lanes the 4-bit mask m selects, in order, to lanes p, p+1,
	// ..., wrapping from lane 3 to lane 0: the lanes compressed and
	// rotated up by p, to append them to a vector that holds p nodes.
	perm [64][8]uint32
	// from[p] (offset 4096) has all bits set in 64-bit lanes p..3 and none
	// in lanes 0..p-1: a VPBLENDVB mask that keeps a vector's first p
	// lanes and takes the rest from another.
	from [4][4]uint64
}

// The offsets the assembly uses; a mismatch fails to compile (a constant
// index out of range).
var _ = [1]struct{}{}[unsafe.Offsetof(startsTables.perm)-2048]
var _ = [1]struct{}{}[unsafe.Offsetof(startsTables.from)-4096]
