package engine

// FirstNotBelow implements kernels.FirstNotBelow.
func FirstNotBelow(s []uint64, bounds []uint64) int {
	if len(bounds) == 0 {
		panic("kernels: FirstNotBelow: no bounds")
	}
	return firstNotBelow.fn(s, bounds)
}

var firstNotBelow = newFamily("firstnotbelow", firstNotBelowRef, firstNotBelowGeneric)

func firstNotBelowRef(s []uint64, bounds []uint64) int {
	for i, v := range s {
		if v >= bounds[i%len(bounds)] {
			return i
		}
	}
	return -1
}

func firstNotBelowGeneric(s []uint64, bounds []uint64) int {
	if len(bounds) == 1 {
		b := bounds[0]
		i := 0
		for ; i+4 <= len(s); i += 4 {
			if s[i] >= b || s[i+1] >= b || s[i+2] >= b || s[i+3] >= b {
				break
			}
		}
		for ; i < len(s); i++ {
			if s[i] >= b {
				return i
			}
		}
		return -1
	}
	r := len(bounds)
	i := 0
	for ; i+r <= len(s); i += r {
		row := s[i : i+r]
		for j, v := range row {
			if v >= bounds[j] {
				return i + j
			}
		}
	}
	for j := 0; i+j < len(s); j++ {
		if s[i+j] >= bounds[j] {
			return i + j
		}
	}
	return -1
}
