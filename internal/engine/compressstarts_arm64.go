package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

func compressStartsNEON(crd, pos, keys []uint64, shift, shift1 uint, mask, c uint64) (int, uint64, int) {
	return compressStartsBlocks(crd, pos, keys, shift, shift1, mask, c, 4, countStartsNEON, arm64.CompressStartsNEON)
}
