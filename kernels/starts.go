package kernels

import "github.com/hurray-format/hurray-go/internal/race"

// CountStarts counts the keys of a sorted run of packed keys that start a
// node at one level: keys[i] (i >= 1) starts one when it differs from
// keys[i-1] in the level's field or above, the bits from shift up. keys[0]
// is the key before the run: it only serves as keys[1]'s predecessor. It is
// pass 1 of building CSF levels from sorted one-word keys (internal/levels:
// COO to CSF, Reorder, TTV off the leaf), one call per level and block of
// keys.
//
//	n := 0
//	for i := 1; i < len(keys); i++ {
//		if (keys[i]^keys[i-1])>>shift != 0 {
//			n++
//		}
//	}
//	return n
//
// A shift of 64 or more counts nothing (Go's shift). keys need not be
// sorted: a key below its predecessor counts as a start too.
//
// Paths: ref, generic, avx2, avx512, neon.
func CountStarts(keys []uint64, shift uint) int {
	return countStarts.fn(keys, shift)
}

var countStarts = newFamily("countstarts", countStartsRef, countStartsGeneric)

func countStartsRef(keys []uint64, shift uint) int {
	n := 0
	for i := 1; i < len(keys); i++ {
		if (keys[i]^keys[i-1])>>shift != 0 {
			n++
		}
	}
	return n
}

// startLimit is the largest x with x>>shift == 0: x>>shift != 0 is
// x > startLimit(shift), for every shift (2^64-1 from 64 on, where Go's
// 1<<shift is 0).
func startLimit(shift uint) uint64 { return 1<<shift - 1 }

// countStartsGeneric compares with the limit four pairs a step, with no
// branch per key (the compiler turns each if into a SETcc and an add).
func countStartsGeneric(keys []uint64, shift uint) int {
	if len(keys) < 2 || shift >= 64 {
		return 0
	}
	t := startLimit(shift)
	var n0, n1, n2, n3 int
	i := 1
	for ; i+4 <= len(keys); i += 4 {
		k := keys[i-1 : i+4 : i+4]
		if k[1]^k[0] > t {
			n0++
		}
		if k[2]^k[1] > t {
			n1++
		}
		if k[3]^k[2] > t {
			n2++
		}
		if k[4]^k[3] > t {
			n3++
		}
	}
	for ; i < len(keys); i++ {
		if keys[i]^keys[i-1] > t {
			n0++
		}
	}
	return n0 + n1 + n2 + n3
}

// CompressStarts writes one level of a CSF built from sorted packed keys
// (pass 2 of the level build of internal/levels): for each
// key i >= 1 that starts a node at the level (its bits from shift up differ
// from keys[i-1]'s, as CountStarts) it appends the node's coordinate, the
// level's field (keys[i] >> shift & mask), to crd and the node's first child
// to pos; c counts the nodes the keys start at the level below (the bits
// from shift1 up differ), so a node's first child is the next one there.
// keys[0] is the key before the run, as for CountStarts. It returns how many
// nodes it wrote and c after the run.
//
//	n := 0
//	for i := 1; i < len(keys); i++ {
//		x := keys[i] ^ keys[i-1]
//		if x>>shift != 0 {
//			crd[n] = keys[i] >> shift & mask
//			pos[n] = c
//			n++
//		}
//		if x>>shift1 != 0 {
//			c++
//		}
//	}
//	return n, c
//
// It writes crd[:n] and pos[:n] and nothing else of them, so that callers
// may hand it the rest of a level another goroutine fills further on. When
// crd or pos is too short it panics ("kernels: CompressStarts: crd or pos
// too short") after writing the nodes that fit, and nothing past their
// lengths. A shift (or shift1) of 64 or more starts no node at that level.
// In a CSF build shift1 <= shift, but any pair of shifts works.
//
// Paths: ref, generic, avx2, avx512, neon.
func CompressStarts(crd, pos, keys []uint64, shift, shift1 uint, mask, c uint64) (n int, next uint64) {
	n, next, done := compressStarts.fn(crd, pos, keys, shift, shift1, mask, c)
	if done < len(keys)-1 {
		panic("kernels: CompressStarts: crd or pos too short")
	}
	return n, next
}

// compressStarts implements CompressStarts; an implementation stops before
// the first node that does not fit in crd or pos and also returns done, how
// many keys of keys[1:] it went through (len(keys)-1 when it finished).
var compressStarts = newFamily("compressstarts", compressStartsRef, compressStartsGeneric)

func compressStartsRef(crd, pos, keys []uint64, shift, shift1 uint, mask, c uint64) (int, uint64, int) {
	n := 0
	for i := 1; i < len(keys); i++ {
		x := keys[i] ^ keys[i-1]
		if x>>shift != 0 {
			if n == len(crd) || n == len(pos) {
				return n, c, i - 1
			}
			crd[n] = keys[i] >> shift & mask
			pos[n] = c
			n++
		}
		if x>>shift1 != 0 {
			c++
		}
	}
	return n, c, max(len(keys)-1, 0)
}

// compressStartsGeneric is the reference loop with the predecessor kept in a
// register, limit compares and the room for nodes checked once per node.
func compressStartsGeneric(crd, pos, keys []uint64, shift, shift1 uint, mask, c uint64) (int, uint64, int) {
	if len(keys) < 2 {
		return 0, c, 0
	}
	if shift >= 64 {
		return 0, c + uint64(countStartsGeneric(keys, shift1)), len(keys) - 1
	}
	room := min(len(crd), len(pos))
	crd, pos = crd[:room], pos[:room]
	t, t1 := startLimit(shift), startLimit(shift1)
	n := 0
	prev := keys[0]
	for j, k := range keys[1:] {
		x := k ^ prev
		prev = k
		if x > t {
			if n == room {
				return n, c, j
			}
			crd[n] = k >> shift & mask
			pos[n] = c
			n++
		}
		if x > t1 {
			c++
		}
	}
	return n, c, len(keys) - 1
}

// The assembly glue of both architectures: the kernels handle whole groups
// of width pairs (keys[i-1], keys[i]) of at most chunk+1 keys a call (they
// are not preemptible) and take the starts as a compare with startLimit, so
// shift < 64 when they run; Go does the rest.

// countStartsKernel counts the starts of len(keys)-1 pairs, a multiple of
// the kernel's width, given the limit of the shift.
type countStartsKernel func(keys []uint64, limit uint64) int

// countStartsBlocks counts the whole groups of width pairs with k and the
// rest with the generic loop.
func countStartsBlocks(keys []uint64, shift uint, width int, k countStartsKernel) int {
	if len(keys) < 2 || shift >= 64 {
		return 0
	}
	race.ReadSlice(keys)
	t := startLimit(shift)
	full := (len(keys) - 1) &^ (width - 1)
	n := 0
	for i := 0; i < full; i += chunk {
		e := min(i+chunk, full)
		n += k(keys[i:e+1], t)
	}
	return n + countStartsGeneric(keys[full:], shift)
}

// compressStartsKernel is CompressStarts over whole groups of the kernel's
// width, with the shifts' limits: it goes through groups while a whole group
// is left in keys and crd and pos have room for a whole group of nodes, and
// returns the nodes written, c after them and the keys of keys[1:] done (a
// multiple of the width).
type compressStartsKernel func(crd, pos, keys []uint64, limit, limit1 uint64, shift uint, mask, c uint64) (n int, next uint64, done int)

// compressStartsBlocks runs k on chunks of keys while whole groups are left
// and fit in crd and pos, then the generic loop on what is left (which stops
// where a node does not fit).
func compressStartsBlocks(crd, pos, keys []uint64, shift, shift1 uint, mask, c uint64, width int, count func([]uint64, uint) int, k compressStartsKernel) (int, uint64, int) {
	if len(keys) < 2 {
		return 0, c, 0
	}
	if shift >= 64 {
		return 0, c + uint64(count(keys, shift1)), len(keys) - 1
	}
	race.ReadSlice(keys)
	room := min(len(crd), len(pos))
	t, t1 := startLimit(shift), startLimit(shift1)
	n, done := 0, 0
	for len(keys)-1-done >= width && room-n >= width {
		end := min(len(keys), done+1+chunk)
		dn, next, dd := k(crd[n:room], pos[n:room], keys[done:end], t, t1, shift, mask, c)
		race.WriteSlice(crd[n : n+dn])
		race.WriteSlice(pos[n : n+dn])
		n, c, done = n+dn, next, done+dd
		if dd == 0 {
			break // no room for a group: the rest is generic's
		}
	}
	m, c, d := compressStartsGeneric(crd[n:room], pos[n:room], keys[done:], shift, shift1, mask, c)
	return n + m, c, done + d
}
