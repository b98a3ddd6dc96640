package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

func exclusiveScanNEON(dst, src []uint64) uint64 {
	var sum uint64
	dst = dst[:len(src)]
	i := 0
	for len(src)-i >= 4 {
		end := i + min(len(src)-i, chunk)&^3
		sum = arm64.ExclusiveScanNEON(dst[i:end], src[i:end], sum)
		i = end
	}
	for ; i < len(src); i++ {
		v := src[i]
		dst[i] = sum
		sum += v
	}
	return sum
}
