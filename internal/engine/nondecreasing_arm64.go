package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

func nonDecreasingNEON(s []uint64) int {
	if len(s) < minScanNEON {
		return nonDecreasingGeneric(s)
	}
	// Pairs (s[i-1], s[i]) for i in 1..len(s)-1, a chunk of them at a time.
	for i := 1; i < len(s); {
		end := min(len(s), i+chunk)
		i += arm64.NonDecreasingNEON(s[i-1:end]) - 1
		for ; i < end; i++ {
			if s[i] < s[i-1] {
				return i
			}
		}
	}
	return -1
}
