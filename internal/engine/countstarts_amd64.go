package engine

import "github.com/hurray-format/hurray-go/kernels/amd64"

func countStartsAVX2(keys []uint64, shift uint) int {
	return countStartsBlocks(keys, shift, 16, amd64.CountStartsAVX2)
}

func countStartsAVX512(keys []uint64, shift uint) int {
	return countStartsBlocks(keys, shift, 32, amd64.CountStartsAVX512)
}
