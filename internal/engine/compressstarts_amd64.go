package engine

import "github.com/hurray-format/hurray-go/kernels/amd64"

func compressStartsAVX2(crd, pos, keys []uint64, shift, shift1 uint, mask, c uint64) (int, uint64, int) {
	return compressStartsBlocks(crd, pos, keys, shift, shift1, mask, c, 4, countStartsAVX2, amd64.CompressStartsAVX2)
}

func compressStartsAVX512(crd, pos, keys []uint64, shift, shift1 uint, mask, c uint64) (int, uint64, int) {
	return compressStartsBlocks(crd, pos, keys, shift, shift1, mask, c, 8, countStartsAVX512, amd64.CompressStartsAVX512)
}
