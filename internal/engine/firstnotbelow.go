package engine

// FirstNotBelow implements kernels.FirstNotBelow.
func FirstNotBelow(s []uint64, bounds []uint64) int {
	if len(bounds) == 0 {
		panic("kernels: FirstNotBelow: no bounds")
	}
	return firstNotBelow.fn(s, bounds)
}

var firstNotBelow = newFamily("firstnotbelow", firstNotBelowRef, firstNotBelowGeneric)

func firstNotBelowRef(s []uint64, bounds []uint64) int {
	for i, v := range s {
		if v >= bounds[i%len(bounds)] {
			return i
		}
	}
	return -1
}

func firstNotBelowGeneric(s []uint64, bounds []uint64) int {
	if len(bounds) == 1 {
		b := bounds[0]
		i := 0
		for ; i+4 <= len(s); i += 4 {
			if s[i] >= b || s[i+1] >= b || s[i+2] >= b || s[i+3] >= b {
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
	r := len(bounds)
	i := 0
	for ; i+r <= len(s); i += r {
		row := s[i : i+r]
		for j, v := range row {
			if v >= bounds[j] {
				return i + j
			}
		}
	}
	for j := 0; i+j < len(s); j++ {
		if s[i+j] >= bounds[j] {
			return i + j
		}
	}
	return -1
}

// firstNotBelowAsm is the glue of a FirstNotBelow path: one is its kernel
// for one bound, in blocks of width (see firstNotBelowOne), cyclic its path
// for several bounds (an adapter around firstNotBelowCycle). Below short
// elements the generic loop runs.
//
//go:noinline
func firstNotBelowAsm(one func(s []uint64, bound uint64) int, width int, cyclic func(s, bounds []uint64) int, short int) func(s, bounds []uint64) int {
	return func(s, bounds []uint64) int {
		if len(s) < short {
			return firstNotBelowGeneric(s, bounds)
		}
		if len(bounds) > 1 {
			return cyclic(s, bounds)
		}
		return firstNotBelowOne(s, bounds[0], one, width)
	}
}

// firstNotBelowOne returns the first index i with s[i] >= b, or -1. The
// kernel k scans its slice in blocks of width and returns the start of the
// first block that holds such an element, or the end of the whole blocks
// (see amd64.FirstNotBelowAVX2); Go finds the index in that block, or scans
// the elements past the whole blocks.
func firstNotBelowOne(s []uint64, b uint64, k func(s []uint64, bound uint64) int, width int) int {
	n := len(s) &^ (width - 1)
	i := asmPieces(n, chunk, func(lo, hi int) (int, bool) {
		end := lo + k(s[lo:hi], b)
		return end, end == hi
	}, func(lo, end int) {
		raceRead(s[lo:min(end+width, n)]) // and the block that stopped it
	})
	for ; i < len(s); i++ {
		if s[i] >= b {
			return i
		}
	}
	return -1
}

// tileBounds tiles bounds into buf as a pattern of lcm(len(bounds), width)
// elements, so that a cyclic kernel compares whole vectors against it, and
// returns it; or reports false when the pattern is longer than buf or than
// half of s's n elements (building it would cost more than it saves).
func tileBounds(buf *[maxPattern]uint64, bounds []uint64, width, n int) ([]uint64, bool) {
	r := len(bounds)
	p := lcm(r, width)
	if p > len(buf) || n < 2*p {
		return nil, false
	}
	pat := buf[:p]
	for j := range pat {
		pat[j] = bounds[j%r]
	}
	return pat, true
}

// firstNotBelowCycle is the cyclic FirstNotBelow over s with bounds tiled
// into pat: scan runs the kernel on a piece of s that starts at pattern
// phase 0 (pieces are whole patterns long) and returns, as one's kernel
// does, where the block holding a hit starts; Go finds the index and scans
// the tail. The adapters that call it keep pat on their stack: scan calls
// the assembly directly, where a call through a func value would move pat
// to the heap.
func firstNotBelowCycle(s, bounds, pat []uint64, width int, scan func([]uint64) int) int {
	p := len(pat)
	n := len(s) &^ (width - 1)
	i := asmPieces(n, chunk/p*p, func(lo, hi int) (int, bool) {
		end := lo + scan(s[lo:hi])
		return end, end == hi
	}, func(lo, end int) {
		raceRead(s[lo:min(end+width, n)])
	})
	r := len(bounds)
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
