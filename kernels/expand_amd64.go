package kernels

import "github.com/hurray-format/hurray-go/kernels/amd64"

var _ = registerExpandAMD64()

func registerExpandAMD64() bool {
	if amd64.HasAVX2 {
		exclusiveScan.set(tierAVX2, exclusiveScanAVX2)
	}
	if amd64.HasAVX512 {
		exclusiveScan.set(tierAVX512, exclusiveScanAVX512)
	}
	return true
}

func exclusiveScanAVX2(dst, src []uint64) uint64 {
	dst = dst[:len(src)]
	n := len(src) &^ 7
	var sum uint64
	for i := 0; i < n; i += chunk {
		e := min(i+chunk, n)
		sum = amd64.ExclusiveScanAVX2(dst[i:e], src[i:e], sum)
	}
	return exclusiveScanTail(dst, src, n, sum)
}

func exclusiveScanAVX512(dst, src []uint64) uint64 {
	dst = dst[:len(src)]
	n := len(src) &^ 15
	var sum uint64
	for i := 0; i < n; i += chunk {
		e := min(i+chunk, n)
		sum = amd64.ExclusiveScanAVX512(dst[i:e], src[i:e], sum)
	}
	return exclusiveScanTail(dst, src, n, sum)
}

// exclusiveScanTail finishes the scan from index n with running sum.
func exclusiveScanTail(dst, src []uint64, n int, sum uint64) uint64 {
	for i := n; i < len(src); i++ {
		v := src[i]
		dst[i] = sum
		sum += v
	}
	return sum
}
