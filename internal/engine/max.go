package engine

// Max implements kernels.Max.
func Max(s []uint64) uint64 {
	return maxU64.fn(s)
}

var maxU64 = newFamily("max", maxRef, maxGeneric)

func maxRef(s []uint64) uint64 {
	var m uint64
	for _, v := range s {
		m = max(m, v)
	}
	return m
}

func maxGeneric(s []uint64) uint64 {
	var m0, m1, m2, m3 uint64
	i := 0
	for ; i+4 <= len(s); i += 4 {
		m0, m1, m2, m3 = max(m0, s[i]), max(m1, s[i+1]), max(m2, s[i+2]), max(m3, s[i+3])
	}
	for ; i < len(s); i++ {
		m0 = max(m0, s[i])
	}
	return max(m0, m1, m2, m3)
}
