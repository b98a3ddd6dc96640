package engine

import (
	"github.com/hurray-format/hurray-go/kernels/amd64"
)

func maxAVX2(s []uint64) uint64 { return maxChunked(s, 16, amd64.MaxAVX2) }

func maxAVX512(s []uint64) uint64 { return maxChunked(s, 32, amd64.MaxAVX512) }

// maxChunked runs k over the whole multiples of width in chunks and reduces
// the tail in Go.
func maxChunked(s []uint64, width int, k func([]uint64) uint64) uint64 {
	raceRead(s)
	var m uint64
	n := len(s) &^ (width - 1)
	for i := 0; i < n; i += chunk {
		m = max(m, k(s[i:min(i+chunk, n)]))
	}
	for _, v := range s[n:] {
		m = max(m, v)
	}
	return m
}
