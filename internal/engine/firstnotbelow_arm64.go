package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

func firstNotBelowNEON(s []uint64, bounds []uint64) int {
	if len(s) < minScanNEON {
		return firstNotBelowGeneric(s, bounds)
	}
	r := len(bounds)
	if r == 1 {
		b := bounds[0]
		for i := 0; i < len(s); {
			end := min(len(s), i+chunk)
			i += arm64.FirstNotBelowNEON(s[i:end], b)
			// The hit, if any, is in s[i:i+4]; else s[i:end] is a tail
			// of fewer than 4, or empty.
			for ; i < end; i++ {
				if s[i] >= b {
					return i
				}
			}
		}
		return -1
	}
	// Tile bounds to a pattern of lcm(r, 4) elements; chunks start at
	// multiples of it, so pattern phase 0 is element phase 0.
	l := r
	for l%4 != 0 {
		l += r
	}
	if l > maxPatternNEON {
		return firstNotBelowGeneric(s, bounds)
	}
	var buf [maxPatternNEON]uint64
	pat := buf[:l]
	for k := range pat {
		pat[k] = bounds[k%r]
	}
	step := chunk / l * l // pieces start at pattern phase 0
	for i := 0; i < len(s); {
		end := min(len(s), i+step)
		i += arm64.FirstNotBelowCyclicNEON(s[i:end], pat)
		for ; i < end; i++ {
			if s[i] >= bounds[i%r] {
				return i
			}
		}
	}
	return -1
}
