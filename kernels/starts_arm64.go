package kernels

import "github.com/hurray-format/hurray-go/kernels/arm64"

var _ = registerStartsARM64()

func registerStartsARM64() bool {
	if arm64.HasNEON {
		countStarts.set(tierNEON, countStartsNEON)
		compressStarts.set(tierNEON, compressStartsNEON)
	}
	return true
}

func countStartsNEON(keys []uint64, shift uint) int {
	return countStartsBlocks(keys, shift, 4, arm64.CountStartsNEON)
}

func compressStartsNEON(crd, pos, keys []uint64, shift, shift1 uint, mask, c uint64) (int, uint64, int) {
	return compressStartsBlocks(crd, pos, keys, shift, shift1, mask, c, 4, countStartsNEON, arm64.CompressStartsNEON)
}
