package kernels

import (
	"github.com/hurray-format/hurray-go/internal/race"
	"github.com/hurray-format/hurray-go/kernels/amd64"
)

var _ = registerScanAMD64()

func registerScanAMD64() bool {
	if amd64.HasAVX2 {
		maxU64.set(tierAVX2, maxAVX2)
		nonDecreasing.set(tierAVX2, nonDecreasingAVX2)
		firstNotBelow.set(tierAVX2, firstNotBelowAVX2)
		strictlyIncreasing.set(tierAVX2, strictlyIncreasingAVX2)
	}
	if amd64.HasAVX512 {
		maxU64.set(tierAVX512, maxAVX512)
		nonDecreasing.set(tierAVX512, nonDecreasingAVX512)
		firstNotBelow.set(tierAVX512, firstNotBelowAVX512)
		strictlyIncreasing.set(tierAVX512, strictlyIncreasingAVX512)
	}
	return true
}

func maxAVX2(s []uint64) uint64 { return maxChunked(s, 16, amd64.MaxAVX2) }

func maxAVX512(s []uint64) uint64 { return maxChunked(s, 32, amd64.MaxAVX512) }

// maxChunked runs k over the whole multiples of width in chunks and reduces
// the tail in Go.
func maxChunked(s []uint64, width int, k func([]uint64) uint64) uint64 {
	race.ReadSlice(s)
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

func nonDecreasingAVX2(s []uint64) int { return nonDecreasingBlocks(s, false) }

func nonDecreasingAVX512(s []uint64) int { return nonDecreasingBlocks(s, true) }

// nonDecreasingBlocks lets the assembly skip whole blocks of ordered pairs,
// chunk by chunk, and finds the exact index in Go from the first block that
// holds a descent (or the tail).
func nonDecreasingBlocks(s []uint64, avx512 bool) int {
	race.ReadSlice(s)
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

func firstNotBelowAVX2(s, bounds []uint64) int { return firstNotBelowBlocks(s, bounds, false) }

func firstNotBelowAVX512(s, bounds []uint64) int { return firstNotBelowBlocks(s, bounds, true) }

// maxPattern bounds the tiled pattern of cyclic bounds (lcm(rank, block)
// elements, on the stack); ranks whose pattern is longer run generic.
const maxPattern = 512

// firstNotBelowBlocks skips whole blocks in assembly and finds the exact
// index in Go. One bound is broadcast; r > 1 bounds are tiled into a pattern
// of lcm(r, block) elements so that the assembly cycles over whole vectors.
func firstNotBelowBlocks(s, bounds []uint64, avx512 bool) int {
	race.ReadSlice(s)
	width := 8 // elements per assembly block
	if avx512 {
		width = 32
	}
	r := len(bounds)
	i := 0
	if r == 1 {
		b := bounds[0]
		for len(s)-i >= width {
			end := min(len(s), i+chunk)
			var d int
			if avx512 {
				d = amd64.FirstNotBelowAVX512(s[i:end], b)
			} else {
				d = amd64.FirstNotBelowAVX2(s[i:end], b)
			}
			full := (end - i) &^ (width - 1)
			i += d
			if d < full {
				break
			}
		}
		for ; i < len(s); i++ {
			if s[i] >= b {
				return i
			}
		}
		return -1
	}
	if avx512 {
		width = 16
	}
	p := lcm(r, width)
	if p > maxPattern || len(s) < 2*p {
		return firstNotBelowGeneric(s, bounds)
	}
	var buf [maxPattern]uint64
	pat := buf[:p]
	for j := range pat {
		pat[j] = bounds[j%r]
	}
	step := chunk / p * p // chunks start at pattern phase 0
	for len(s)-i >= width {
		end := min(len(s), i+step)
		var d int
		if avx512 {
			d = amd64.FirstNotBelowCycleAVX512(s[i:end], pat)
		} else {
			d = amd64.FirstNotBelowCycleAVX2(s[i:end], pat)
		}
		full := (end - i) &^ (width - 1)
		i += d
		if d < full {
			break
		}
	}
	for j := i % r; i < len(s); i++ {
		if s[i] >= bounds[j] {
			return i
		}
		if j++; j == r {
			j = 0
		}
	}
	return -1
}

func lcm(a, b int) int {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}

func strictlyIncreasingAVX2(pos, crd []uint64) int { return strictlyIncreasingBlocks(pos, crd, false) }

func strictlyIncreasingAVX512(pos, crd []uint64) int {
	return strictlyIncreasingBlocks(pos, crd, true)
}

// strictlyIncreasingBlocks runs the merge of strictlyIncreasingGeneric with
// the descent search (and the merge itself) in assembly, chunk by chunk, and
// finishes the last partial block in Go.
func strictlyIncreasingBlocks(pos, crd []uint64, avx512 bool) int {
	race.ReadSlice(pos)
	race.ReadSlice(crd)
	width := 8
	if avx512 {
		width = 16
	}
	i, p := 1, 0
	for len(crd)-i >= width {
		end := min(len(crd), i+chunk)
		var bad int
		if avx512 {
			bad, i, p = amd64.StrictlyIncreasingAVX512(pos, crd[:end], i, p)
		} else {
			bad, i, p = amd64.StrictlyIncreasingAVX2(pos, crd[:end], i, p)
		}
		if bad >= 0 {
			return bad
		}
	}
	for ; i < len(crd); i++ {
		if crd[i] <= crd[i-1] {
			for p < len(pos) && pos[p] < uint64(i) {
				p++
			}
			if p == len(pos) || pos[p] != uint64(i) {
				return i
			}
		}
	}
	return -1
}
