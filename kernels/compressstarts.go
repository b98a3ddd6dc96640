package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

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
	return engine.CompressStarts(crd, pos, keys, shift, shift1, mask, c)
}
