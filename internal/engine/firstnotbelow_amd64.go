package engine

import (
	"github.com/hurray-format/hurray-go/kernels/amd64"
)

func firstNotBelowAVX2(s, bounds []uint64) int { return firstNotBelowBlocks(s, bounds, false) }

func firstNotBelowAVX512(s, bounds []uint64) int { return firstNotBelowBlocks(s, bounds, true) }

// firstNotBelowBlocks skips whole blocks in assembly and finds the exact
// index in Go. One bound is broadcast; r > 1 bounds are tiled into a pattern
// of lcm(r, block) elements so that the assembly cycles over whole vectors.
func firstNotBelowBlocks(s, bounds []uint64, avx512 bool) int {
	raceRead(s)
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
