package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

func countStartsNEON(keys []uint64, shift uint) int {
	return countStartsBlocks(keys, shift, 4, arm64.CountStartsNEON)
}
