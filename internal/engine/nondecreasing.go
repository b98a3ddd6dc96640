package engine

// NonDecreasing implements kernels.NonDecreasing.
func NonDecreasing(s []uint64) int {
	return nonDecreasing.fn(s)
}

var nonDecreasing = newFamily("nondecreasing", nonDecreasingRef, nonDecreasingGeneric)

func nonDecreasingRef(s []uint64) int {
	for i := 1; i < len(s); i++ {
		if s[i] < s[i-1] {
			return i
		}
	}
	return -1
}

// nonDecreasingGeneric ORs four comparisons per step and only looks for the
// exact index once a block has failed.
func nonDecreasingGeneric(s []uint64) int {
	i := 1
	for ; i+4 <= len(s); i += 4 {
		a, b, c, d, e := s[i-1], s[i], s[i+1], s[i+2], s[i+3]
		if b < a || c < b || d < c || e < d {
			break
		}
	}
	for ; i < len(s); i++ {
		if s[i] < s[i-1] {
			return i
		}
	}
	return -1
}

// nonDecreasingAsm is the glue of a NonDecreasing kernel k that checks the
// pairs (s[i-1], s[i]) of its slice in blocks of width and returns how many
// pairs it found in order: a multiple of width, stopping before the block
// that holds a descent or where fewer than width pairs remain (see
// amd64.NonDecreasingAVX2). Go finds the index in that block, or checks the
// pairs past the last whole block. Below short elements the generic loop
// runs.
//
//go:noinline
func nonDecreasingAsm(k func([]uint64) int, width, short int) func([]uint64) int {
	return func(s []uint64) int {
		if len(s) < short {
			return nonDecreasingGeneric(s)
		}
		// Unit u is the pair (s[u], s[u+1]): units lo..hi-1 are in s[lo:hi+1].
		n := max(len(s)-1, 0) &^ (width - 1)
		i := 1 + asmPieces(n, chunk, func(lo, hi int) (int, bool) {
			end := lo + k(s[lo:hi+1])
			return end, end == hi
		}, func(lo, end int) {
			raceRead(s[lo : min(end+width, n)+1]) // and the block that stopped it
		})
		for ; i < len(s); i++ {
			if s[i] < s[i-1] {
				return i
			}
		}
		return -1
	}
}
