//go:build !purego && !noasm && gc

package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

// strictlyIncreasingNEON checks pos with this path's NonDecreasing, then
// runs the strictness scan and, when max is below 2^64-1, the bound scan on
// the part of crd before the first descent found: three passes where amd64
// makes one.
func strictlyIncreasingNEON(pos, crd []uint64, max uint64) (int, int) {
	if i := nonDecreasing.impls[tierNEON](pos); i >= 0 {
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
	if j := firstNotBelowOne(crd[:lim], max+1, arm64.FirstNotBelowNEON, 4); j >= 0 {
		return j
	}
	return i
}

// strictlyIncreasingOnlyNEON follows segmentsGeneric: the assembly skips
// blocks without a descent (crd[i] <= crd[i-1]) and checks that each
// descent starts a segment by merging forward in pos. Each call gets at
// most chunk elements of crd and of pos, so that it returns often; a call
// that runs out of pos before it can judge a descent goes on from there
// with more of pos (progress in p, not in crd).
func strictlyIncreasingOnlyNEON(pos, crd []uint64) int {
	if len(crd) < minScanNEON {
		return segmentsGeneric(pos, crd, ^uint64(0))
	}
	// Unit u is crd index u+1, the pair (crd[u], crd[u+1]); the kernel
	// takes whole blocks of four from i while i+4 <= len(crd).
	p := 0 // pos[p] is the first segment start >= i, kept by merging
	bad := -1
	var p0, pe int // the pos window of the last call
	i := 1 + asmPieces(len(crd)-4, chunk, func(lo, _ int) (int, bool) {
		j := lo + 1
		end := min(len(crd), j+chunk)
		p0, pe = p, min(len(pos), p+chunk)
		b, next, np := arm64.StrictlyIncreasingNEON(pos[:pe], crd[:end], j, p)
		if b >= 0 && (np < pe || pe == len(pos)) {
			bad = b
			return b - 1, false
		}
		// Either no bad index so far, or the merge needs more of pos.
		p = np
		return next - 1, next+4 <= len(crd)
	}, func(lo, end int) {
		raceRead(crd[lo:min(len(crd), lo+1+chunk)])
		raceRead(pos[p0:pe])
	})
	if bad >= 0 {
		return bad
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
