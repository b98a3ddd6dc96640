package engine

import (
	"github.com/hurray-format/hurray-go/kernels/amd64"
)

func nonDecreasingAVX2(s []uint64) int { return nonDecreasingBlocks(s, false) }

func nonDecreasingAVX512(s []uint64) int { return nonDecreasingBlocks(s, true) }

// nonDecreasingBlocks lets the assembly skip whole blocks of ordered pairs,
// chunk by chunk, and finds the exact index in Go from the first block that
// holds a descent (or the tail).
func nonDecreasingBlocks(s []uint64, avx512 bool) int {
	raceRead(s)
	width := 8
	if avx512 {
		width = 16
	}
	i := 1 // the next pair to check is (s[i-1], s[i])
	for len(s)-i >= width {
		end := min(len(s), i+chunk)
		var d int
		if avx512 {
			d = amd64.NonDecreasingAVX512(s[i-1 : end])
		} else {
			d = amd64.NonDecreasingAVX2(s[i-1 : end])
		}
		full := (end - i) &^ (width - 1)
		i += d
		if d < full {
			break // a block with a descent starts at i
		}
	}
	for ; i < len(s); i++ {
		if s[i] < s[i-1] {
			return i
		}
	}
	return -1
}
