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

// exclusiveScanAsm is the glue of an ExclusiveScan kernel k that takes a
// multiple of width elements and a carry: k scans the whole blocks of src,
// chunk elements a call, Go the rest.
//
//go:noinline
func exclusiveScanAsm(k func(dst, src []uint64, carry uint64) uint64, width int) func(dst, src []uint64) uint64 {
	return func(dst, src []uint64) uint64 {
		dst = dst[:len(src)]
		n := len(src) &^ (width - 1)
		var sum uint64
		asmPieces(n, chunk, func(lo, hi int) (int, bool) {
			sum = k(dst[lo:hi], src[lo:hi], sum)
			return hi, true
		}, func(lo, end int) {
			raceRead(src[lo:end])
			raceWrite(dst[lo:end])
		})
		for i := n; i < len(src); i++ {
			v := src[i]
			dst[i] = sum
			sum += v
		}
		return sum
	}
}
