package kernels

import "github.com/hurray-format/hurray-go/internal/engine"

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
	return engine.CountStarts(keys, shift)
}
