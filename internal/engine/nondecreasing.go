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
