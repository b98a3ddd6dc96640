//go:build !purego && !noasm && gc

package engine

import "github.com/hurray-format/hurray-go/kernels/amd64"

// strictlyIncreasingAVX2 and strictlyIncreasingAVX512 are the
// StrictlyIncreasing glue of the amd64 paths: their kernels check crd
// against a bitmap of segment starts (strictlyIncreasingStarts), where the
// NEON kernel merges with pos.
func strictlyIncreasingAVX2(pos, crd []uint64, max uint64) (int, int) {
	return strictlyIncreasingStarts(pos, crd, max, false)
}

func strictlyIncreasingAVX512(pos, crd []uint64, max uint64) (int, int) {
	return strictlyIncreasingStarts(pos, crd, max, true)
}

// strictlyIncreasingStarts checks crd block by block: it marks the segment
// starts of the block's pairs in a bitmap from pos (pos only grows, so one
// forward pass over pos serves all blocks; 8 entries a pass on avx512),
// then the kernel looks for a descent whose bit is clear or an entry above
// max, 16 (avx2) or 32 (avx512) pairs at a time, with no branch per
// descent; Go finishes the block's tail. Short segments (many descents)
// cost no more than long ones. The entries of pos each block marks are
// checked for order right after (by this path's NonDecreasing, on a range
// still in L1; the rest of pos at the end), so pos comes from memory once;
// only when it does decrease is pos scanned again, for the index. While pos
// is unchecked, a bit may land at a wrong index inside the bitmap: a wrong
// crd answer, discarded then, never a fault.
func strictlyIncreasingStarts(pos, crd []uint64, max uint64, avx512 bool) (int, int) {
	nonDecr := nonDecreasing.impls[tierAVX2]
	width := 16
	if avx512 {
		nonDecr = nonDecreasing.impls[tierAVX512]
		width = 32
	}
	crdBad := -1
	if len(crd) > 0 && crd[0] > max {
		crdBad = 0
	}
	var start [startsBlock / 64]uint64
	down := false // pos went down somewhere in pos[:checked+1]
	p, checked := 0, 0
	// A piece is a block of pairs: unit u is the pair (crd[u], crd[u+1]).
	// The kernel is called directly (not through a func value) to keep
	// start on the stack.
	pairs := len(crd) - 1
	if crdBad >= 0 {
		pairs = 0
	}
	asmPieces(pairs, startsBlock, func(lo, hi int) (int, bool) {
		// Pairs (crd[i-1], crd[i]) for a <= i < e; bit i-a marks a start.
		a, e := lo+1, hi+1
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
			var j int
			if avx512 {
				j = amd64.StrictlyIncreasingStartsAVX512(crd[a-1:e], start[:], n, max)
			} else {
				j = amd64.StrictlyIncreasingStartsAVX2(crd[a-1:e], start[:], n, max)
			}
			if j >= 0 {
				crdBad = a + j
				return hi, false
			}
		}
		for i := a + n; i < e; i++ {
			if d := i - a; crd[i] > max || crd[i] <= crd[i-1] && start[d>>6]>>(d&63)&1 == 0 {
				crdBad = i
				return hi, false
			}
		}
		return hi, true
	}, func(lo, end int) {
		raceRead(crd[lo : end+1])
	})
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
// entry), at most chunk entries a call; the last len(pos)%8 entries are
// OR-ed in one by one. The kernel stores each word whole, so a word that
// the previous call ended in (pos is sorted: its entries are adjacent) is
// saved before the next call and OR-ed back after it.
func markRangeAVX512(start *[startsBlock / 64]uint64, pos []uint64, a uint64) {
	const words = startsBlock/64 - 1 // the kernel's word mask
	n := len(pos) &^ 7
	asmPieces(n, chunk, func(lo, hi int) (int, bool) {
		w := (pos[lo] - a) >> 6 & words
		prev := start[w]
		amd64.MarkStartsAVX512(start[:], pos[lo:hi], a)
		start[w] |= prev
		return hi, true
	}, func(lo, end int) {
		raceRead(pos[lo:end])
		raceWrite(start[:])
	})
	for _, v := range pos[n:] {
		d := v - a
		start[d>>6&words] |= 1 << (d & 63)
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
