package kernels

import "github.com/hurray-format/hurray-go/kernels/amd64"

var _ = registerStartsAMD64()

func registerStartsAMD64() bool {
	if amd64.HasAVX2 {
		countStarts.set(tierAVX2, countStartsAVX2)
		compressStarts.set(tierAVX2, compressStartsAVX2)
	}
	if amd64.HasAVX512 {
		countStarts.set(tierAVX512, countStartsAVX512)
		compressStarts.set(tierAVX512, compressStartsAVX512)
	}
	return true
}

func countStartsAVX2(keys []uint64, shift uint) int {
	return countStartsBlocks(keys, shift, 16, amd64.CountStartsAVX2)
}

func countStartsAVX512(keys []uint64, shift uint) int {
	return countStartsBlocks(keys, shift, 32, amd64.CountStartsAVX512)
}

func compressStartsAVX2(crd, pos, keys []uint64, shift, shift1 uint, mask, c uint64) (int, uint64, int) {
	return compressStartsBlocks(crd, pos, keys, shift, shift1, mask, c, 4, countStartsAVX2, amd64.CompressStartsAVX2)
}

func compressStartsAVX512(crd, pos, keys []uint64, shift, shift1 uint, mask, c uint64) (int, uint64, int) {
	return compressStartsBlocks(crd, pos, keys, shift, shift1, mask, c, 8, countStartsAVX512, amd64.CompressStartsAVX512)
}
