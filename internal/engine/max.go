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

// maxAsm is the glue of a Max kernel k that takes a multiple of width
// elements: k reduces the whole blocks of s, Go the rest.
//
//go:noinline
func maxAsm(k func([]uint64) uint64, width int) func([]uint64) uint64 {
	return func(s []uint64) uint64 {
		var m uint64
		n := len(s) &^ (width - 1)
		asmPieces(n, chunk, func(lo, hi int) (int, bool) {
			m = max(m, k(s[lo:hi]))
			return hi, true
		}, func(lo, end int) { raceRead(s[lo:end]) })
		for _, v := range s[n:] {
			m = max(m, v)
		}
		return m
	}
}
