package engine

import "github.com/hurray-format/hurray-go/kernels/arm64"

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
