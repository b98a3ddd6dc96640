package kernels

import "github.com/hurray-format/hurray-go/kernels/arm64"

// NEON glue for the scan families. The assembly scans blocks of four and
// stops at the first block with a hit; the code here chunks long inputs
// (assembly is not preemptible), finds the exact index in the block where the
// assembly stopped, and handles tails.

// minScanNEON: below this length the generic path runs.
const minScanNEON = 8

var _ = registerScanARM64()

func registerScanARM64() bool {
	if arm64.HasNEON {
		maxU64.set(tierNEON, maxNEON)
		firstNotBelow.set(tierNEON, firstNotBelowNEON)
		nonDecreasing.set(tierNEON, nonDecreasingNEON)
		strictlyIncreasing.set(tierNEON, strictlyIncreasingNEON)
	}
	return true
}

func maxNEON(s []uint64) uint64 {
	var m uint64
	for len(s) >= 4 {
		c := s[:min(len(s), chunk)&^3]
		m = max(m, arm64.MaxNEON(c))
		s = s[len(c):]
	}
	for _, v := range s {
		m = max(m, v)
	}
	return m
}

// maxPatternNEON bounds the tiled bounds pattern kept on the stack: lcm(r, 4)
// for every rank r <= 64.
const maxPatternNEON = 256

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

// strictlyIncreasingNEON checks pos (nonDecreasingNEON), then runs the
// strictness scan and, when max is below 2^64-1, the bound scan
// (firstNotBelowNEON) on the part of crd before the first descent found:
// three passes where amd64 makes one.
func strictlyIncreasingNEON(pos, crd []uint64, max uint64) (int, int) {
	if i := nonDecreasingNEON(pos); i >= 0 {
		return i, -1
	}
	return -1, segmentsNEON(pos, crd, max)
}

// segmentsNEON is the crd part of strictlyIncreasingNEON.
func segmentsNEON(pos, crd []uint64, max uint64) int {
	i := strictlyIncreasingOnlyNEON(pos, crd)
	if max == ^uint64(0) {
		return i
	}
	lim := len(crd)
	if i >= 0 {
		lim = i
	}
	if j := firstNotBelowNEON(crd[:lim], []uint64{max + 1}); j >= 0 {
		return j
	}
	return i
}

// strictlyIncreasingOnlyNEON follows segmentsGeneric: the assembly
// skips blocks without a descent (crd[i] <= crd[i-1]) and checks that each
// descent starts a segment by merging forward in pos. Each call gets at most
// chunk elements of crd and of pos, so that it returns often.
func strictlyIncreasingOnlyNEON(pos, crd []uint64) int {
	if len(crd) < minScanNEON {
		return segmentsGeneric(pos, crd, ^uint64(0))
	}
	p := 0 // pos[p] is the first segment start >= i, kept by merging
	i := 1
	for i+4 <= len(crd) {
		end := min(len(crd), i+chunk)
		pe := min(len(pos), p+chunk)
		bad, next, np := arm64.StrictlyIncreasingNEON(pos[:pe], crd[:end], i, p)
		if bad >= 0 && (np < pe || pe == len(pos)) {
			return bad
		}
		// Either no bad index so far, or the merge needs more of pos.
		i, p = next, np
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
