package engine

// ExclusiveScan implements kernels.ExclusiveScan.
func ExclusiveScan(dst, src []uint64) uint64 {
	if len(dst) != len(src) {
		panic("kernels: ExclusiveScan: length mismatch")
	}
	return exclusiveScan.fn(dst, src)
}

var exclusiveScan = newFamily("exclusivescan", exclusiveScanRef, exclusiveScanGeneric)

func exclusiveScanRef(dst, src []uint64) uint64 {
	var sum uint64
	for i, v := range src {
		dst[i] = sum
		sum += v
	}
	return sum
}

func exclusiveScanGeneric(dst, src []uint64) uint64 {
	var sum uint64
	dst = dst[:len(src)]
	i := 0
	for ; i+4 <= len(src); i += 4 {
		a, b, c, d := src[i], src[i+1], src[i+2], src[i+3]
		dst[i] = sum
		dst[i+1] = sum + a
		dst[i+2] = sum + a + b
		dst[i+3] = sum + a + b + c
		sum += a + b + c + d
	}
	for ; i < len(src); i++ {
		v := src[i]
		dst[i] = sum
		sum += v
	}
	return sum
}
