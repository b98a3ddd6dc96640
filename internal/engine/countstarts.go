package engine

// CountStarts implements kernels.CountStarts.
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

// countStartsKernel counts the starts of len(keys)-1 pairs, a multiple of
// the kernel's width, given the limit of the shift.
type countStartsKernel = func(keys []uint64, limit uint64) int

// countStartsAsm is the glue of a CountStarts kernel k, which counts the
// starts among whole groups of width pairs (keys[i-1], keys[i]) given the
// limit of the shift (startLimit): k counts the whole groups, chunk pairs
// a call, the generic loop the pairs past them. A shift of 64 or more
// starts no node.
//
//go:noinline
func countStartsAsm(k countStartsKernel, width int) func(keys []uint64, shift uint) int {
	return func(keys []uint64, shift uint) int {
		if len(keys) < 2 || shift >= 64 {
			return 0
		}
		t := startLimit(shift)
		// Unit u is the pair (keys[u], keys[u+1]): units lo..hi-1 are
		// in keys[lo:hi+1].
		full := (len(keys) - 1) &^ (width - 1)
		n := 0
		asmPieces(full, chunk, func(lo, hi int) (int, bool) {
			n += k(keys[lo:hi+1], t)
			return hi, true
		}, func(lo, end int) { raceRead(keys[lo : end+1]) })
		return n + countStartsGeneric(keys[full:], shift)
	}
}
