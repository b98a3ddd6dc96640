package engine

import (
	"github.com/hurray-format/hurray-go/kernels/amd64"
)

func exclusiveScanAVX2(dst, src []uint64) uint64 {
	dst = dst[:len(src)]
	raceRead(src)
	raceWrite(dst)
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
	raceRead(src)
	raceWrite(dst)
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
