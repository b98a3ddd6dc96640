//go:build !purego && !noasm && gc

package amd64

import (
	"math/bits"
	"unsafe"
)

// This file holds the constant tables of the CompressStarts kernels
// (compressstarts_amd64.s, generated; their declarations are in
// stubs_amd64.go). They are built in Go at init rather than written out as
// DATA in the assembly: the loops below say what each entry is.

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

// The offsets the assembly uses (startsPrefix, startsPerm and startsFrom in
// _gen/starts.go); a mismatch fails to compile (a constant index out of
// range).
var _ = [1]struct{}{}[unsafe.Offsetof(startsTables.perm)-2048]
var _ = [1]struct{}{}[unsafe.Offsetof(startsTables.from)-4096]
