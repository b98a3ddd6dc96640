package engine

import (
	"github.com/hurray-format/hurray-go/kernels/amd64"
)

func strictlyIncreasingAVX2(pos, crd []uint64, max uint64) (int, int) {
	raceRead(pos)
	raceRead(crd)
	return strictlyIncreasingStarts(pos, crd, max, false)
}

func strictlyIncreasingAVX512(pos, crd []uint64, max uint64) (int, int) {
	raceRead(pos)
	raceRead(crd)
	return strictlyIncreasingStarts(pos, crd, max, true)
}

// strictlyIncreasingStarts checks crd block by block: it marks the segment
// starts of the block's pairs in a bitmap from pos (pos only grows, so one
// forward pass over pos serves all blocks; 8 entries a pass on avx512),
// then the kernel looks for a descent whose bit is clear or an entry above
// max, 16 (avx2) or 32 (avx512) pairs at a time, with no branch per
// descent; Go finishes the block's tail. Short segments (many descents)
// cost no more than long ones. The entries of pos each block marks are
// checked for order right after (NonDecreasing on a range still in L1, the
// rest of pos at the end), so pos comes from memory once; only when it does
// decrease is pos scanned again, for the index. While pos is unchecked, a
// bit may land at a wrong index inside the bitmap: a wrong crd answer,
// discarded then, never a fault.
func strictlyIncreasingStarts(pos, crd []uint64, max uint64, avx512 bool) (int, int) {
	nonDecr := nonDecreasingAVX2
	width := 16
	if avx512 {
		nonDecr = nonDecreasingAVX512
		width = 32
	}
	crdBad := -1
	if len(crd) > 0 && crd[0] > max {
		crdBad = 0
	}
	var start [startsBlock / 64]uint64
	down := false // pos went down somewhere in pos[:checked+1]
	p, checked := 0, 0
blocks:
	for a := 1; a < len(crd) && crdBad < 0; a += startsBlock {
		// Pairs (crd[i-1], crd[i]) for a <= i < e; bit i-a marks a start.
		e := min(a+startsBlock, len(crd))
		clear(start[:])
		for p < len(pos) && pos[p] < uint64(a) {
			p++ // pos[0] = 0 (and empty segments before it)
		}
		p = markStarts(&start, pos, p, uint64(a), uint64(e), avx512)
		// The entries just marked are in L1: check their order now, so
		// that pos comes from memory once.
		if p > checked {
			down = down || nonDecr(pos[checked:p]) >= 0
			checked = p - 1
		}
		n := (e - a) &^ (width - 1)
		if n > 0 {
			// Direct calls (not a func value) keep start on the stack.
			var j int
			if avx512 {
				j = amd64.StrictlyIncreasingStartsAVX512(crd[a-1:e], start[:], n, max)
			} else {
				j = amd64.StrictlyIncreasingStartsAVX2(crd[a-1:e], start[:], n, max)
			}
			if j >= 0 {
				crdBad = a + j
				break
			}
		}
		for i := a + n; i < e; i++ {
			if d := i - a; crd[i] > max || crd[i] <= crd[i-1] && start[d>>6]>>(d&63)&1 == 0 {
				crdBad = i
				break blocks
			}
		}
	}
	// The entries not checked yet, from the last checked one on.
	if down || nonDecr(pos[checked:]) >= 0 {
		return nonDecr(pos), -1
	}
	return -1, crdBad
}

// markStarts sets bit pos[q]-a of start for q = p, p+1, ... while pos[q] is
// in a..e-1 (found by galloping), and returns the first q past them. Each
// step stores the whole word it is building instead of testing whether the
// word changed: the branch that test needs mispredicts on irregular segment
// lengths, and a read-modify-write of start per entry would chain through
// store forwarding. A word, once left, is not revisited when pos grows; when
// it does not, bits may be lost, which only changes an answer that is
// discarded (the caller checks the order of pos).
func markStarts(start *[startsBlock / 64]uint64, pos []uint64, p int, a, e uint64, avx512 bool) int {
	// q: the first entry >= e, by galloping from p (the entries of this
	// block are near p; a binary search over the rest of pos would miss
	// the cache at every step) and then a binary search.
	lo, hi, step := p, p, 1
	for hi < len(pos) && pos[hi] < e {
		lo = hi + 1
		hi += step
		step <<= 1
	}
	hi = min(hi, len(pos))
	q := lo + lowerBoundGeneric(pos[lo:hi], e) // pos[p:q] < e when pos is sorted
	if avx512 {
		markRangeAVX512(start, pos[p:q], a)
	} else {
		markRange(start, pos[p:q], a)
	}
	return q
}

// markRangeAVX512 is markRange with the AVX-512 kernel, 8 entries a pass
// (the Go loop is a chain of dependent CMOV and BTS, about 2 cycles an
// entry); the last len(pos)%8 entries are OR-ed in one by one.
func markRangeAVX512(start *[startsBlock / 64]uint64, pos []uint64, a uint64) {
	n := len(pos) &^ 7
	if n > 0 {
		amd64.MarkStartsAVX512(start[:], pos[:n], a)
	}
	for _, v := range pos[n:] {
		d := v - a
		start[d>>6&(startsBlock/64-1)] |= 1 << (d & 63)
	}
}

// markRange is markStarts' loop over the entries it found (a function of
// its own so that its few live values stay in registers).
func markRange(start *[startsBlock / 64]uint64, pos []uint64, a uint64) {
	var w, acc uint64
	for _, v := range pos {
		d := v - a // wraps only on a pos that is not sorted
		nw := d >> 6 & (startsBlock/64 - 1)
		if nw != w {
			acc = 0 // a CMOV (check with go build -gcflags=-S)
		}
		acc |= 1 << (d & 63)
		start[nw] = acc
		w = nw
	}
}
