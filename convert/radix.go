package convert

import (
	"math/bits"
	"sort"

	"github.com/hurray-format/hurray-go/internal/parallel"
)

// minParallel is the element count below which a step runs on one goroutine
// (the result is the same either way). Tests lower it to exercise the
// parallel paths on small inputs.
var minParallel = 1 << 15

// workers returns how many goroutines to use for n elements.
func workers(opts Options, n int) int {
	w := parallel.Workers(opts.Workers)
	if n < minParallel {
		return 1
	}
	return max(1, min(w, n/max(1, minParallel/4)+1))
}

// grow returns s resliced to n elements, reallocating only when its capacity
// is short. The contents are unspecified.
func grow[S ~[]E, E any](s S, n int) S {
	if cap(s) >= n {
		return s[:n]
	}
	return make(S, n)
}

// radixMaxWidth is the widest digit: 2^width buckets, each of them a write
// stream into two arrays (keys and payload), must stay within L1 for the
// scatter to stream (measured on the 2-core VMs: 11 bits cost 2x per pass).
var radixMaxWidth = 11

// radixDigits chooses the digit width for sorting keys of the given bit
// length: as few passes of at most 11 bits as possible, spread evenly.
func radixDigits(nbits int) (passes, width int) {
	if nbits <= 0 {
		return 0, 0
	}
	passes = (nbits + radixMaxWidth - 1) / radixMaxWidth
	width = (nbits + passes - 1) / passes
	return passes, width
}

// radixSort sorts keys (the low nbits of each) stably by LSD radix, moving
// the payload src along (values, or a permutation). keys2 is scratch of the
// same length as keys; pa and pb are payload buffers of that length, and src
// may be one of them or a separate read-only slice. It returns the sorted
// keys and payload (each one of the buffers, or keys and src when every pass
// was trivial: all keys share the digit). hist is scratch of at least w<<11
// entries. The result does not depend on w.
func radixSort[P any](keys, keys2 []uint64, src, pa, pb []P, nbits, w int, hist []int) ([]uint64, []P) {
	return radixSortFrom(keys, keys2, src, pa, pb, 0, nbits, w, hist)
}

// radixSortFrom is radixSort on bits from..from+nbits-1 of the keys.
func radixSortFrom[P any](keys, keys2 []uint64, src, pa, pb []P, from, nbits, w int, hist []int) ([]uint64, []P) {
	n := len(keys)
	mw := min(bits.Len(uint(n/msdBucket)), radixMaxWidth)
	if n == 0 || mw < 1 || nbits-mw <= radixMaxWidth {
		return radixSortBits(keys, keys2, src, pa, pb, from, nbits, w, hist)
	}
	// One pass on the top mw bits from memory, then every bucket (about
	// msdBucket entries, in cache) by LSD on the rest.
	lo := nbits - mw
	k1, p1 := radixSortBits(keys, keys2, src, pa, pb, from+lo, mw, w, hist)
	kc, ko := k1, keys2
	if &k1[0] == &keys2[0] {
		ko = keys
	}
	pc, po := p1, pb
	switch {
	case &p1[0] == &pa[0]:
		po = pb
	case &p1[0] == &pb[0]:
		po = pa
	default: // p1 is src (the pass was trivial): results go to pa
		pc, po = pa, pb
	}
	// Bucket bounds from the top digits of the sorted keys.
	nb := 1 << mw
	bounds := make([]uint64, nb+1)
	for d := 1; d <= nb; d++ {
		bounds[d] = uint64(sort.Search(n, func(i int) bool { return int(k1[i]>>uint(from+lo)&uint64(nb-1)) >= d }))
	}
	// The top pass is done: its histogram scratch is free for the buckets.
	parallel.Run(parallel.SplitPtr(bounds, w, 64), func(k, a, z int) {
		h := hist[k<<radixMaxWidth : (k+1)<<radixMaxWidth]
		for d := a; d < z; d++ {
			s, e := int(bounds[d]), int(bounds[d+1])
			if e-s < 2 {
				if e > s && &p1[0] != &pc[0] {
					pc[s] = p1[s]
				}
				continue
			}
			kb, pbk := radixSortSerial(k1[s:e], ko[s:e], p1[s:e], pc[s:e], po[s:e], from, lo, h)
			if &kb[0] != &kc[s] {
				copy(kc[s:e], kb)
			}
			if &pbk[0] != &pc[s] {
				copy(pc[s:e], pbk)
			}
		}
	})
	return kc, pc
}

// radixSortSerial is radixSortBits on bits 0..nbits-1 on the calling
// goroutine, allocating nothing: the in-cache bucket sorts of radixSort.
func radixSortSerial[P any](keys, keys2 []uint64, src, pa, pb []P, from, nbits int, hist []int) ([]uint64, []P) {
	n := len(keys)
	passes, width := radixDigits(nbits)
	nb := 1 << width
	mask := uint64(nb - 1)
	h := hist[:nb:nb]
	for p := range passes {
		sh := uint(from + p*width)
		clear(h)
		for _, x := range keys {
			h[(x>>sh)&mask]++
		}
		sum := 0
		trivial := false
		for d, c := range h {
			h[d] = sum
			sum += c
			trivial = trivial || c == n
		}
		if trivial {
			continue
		}
		dst := pa
		if &src[0] == &pa[0] {
			dst = pb
		}
		ks, k2, ps, pd := keys, keys2, src, dst
		for i, x := range ks {
			d := (x >> sh) & mask
			o := h[d]
			h[d] = o + 1
			k2[o] = x
			pd[o] = ps[i]
		}
		keys, keys2 = keys2, keys
		src = dst
	}
	return keys, src
}

// msdBucket is the bucket size radixSort aims at when it splits on the top
// digit first: two key and two payload buffers of that many entries stay in
// L2. Tests lower it to exercise the split on small inputs.
var msdBucket = 16 << 10

// radixSortBits is radixSort on bits lo..lo+nbits-1 of the keys only.
func radixSortBits[P any](keys, keys2 []uint64, src, pa, pb []P, lo, nbits, w int, hist []int) ([]uint64, []P) {
	n := len(keys)
	if n == 0 {
		return keys, src
	}
	passes, width := radixDigits(nbits)
	nb := 1 << width
	mask := uint64(nb - 1)
	b := parallel.Even(n, w)
	parts := len(b) - 1
	for p := range passes {
		sh := uint(lo + p*width)
		h := hist[:parts*nb]
		parallel.Run(b, func(k, a, z int) {
			hk := h[k*nb : (k+1)*nb]
			clear(hk)
			for _, x := range keys[a:z] {
				hk[(x>>sh)&mask]++
			}
		})
		// Exclusive offsets in (digit, part) order: stable.
		sum := 0
		trivial := false
		for d := range nb {
			start := sum
			for k := range parts {
				c := h[k*nb+d]
				h[k*nb+d] = sum
				sum += c
			}
			if sum-start == n {
				trivial = true
			}
		}
		if trivial {
			continue
		}
		dst := pa
		if &src[0] == &pa[0] {
			dst = pb
		}
		ks, k2, ps := keys, keys2, src
		parallel.Run(b, func(k, a, z int) {
			// Locals, so the loop keeps the slices in registers.
			off := h[k*nb : (k+1)*nb : (k+1)*nb]
			ks, k2, ps, pd := ks, k2, ps, dst
			for i := a; i < z; i++ {
				x := ks[i]
				d := (x >> sh) & mask
				o := off[d]
				off[d] = o + 1
				k2[o] = x
				pd[o] = ps[i]
			}
		})
		keys, keys2 = keys2, keys
		src = dst
	}
	return keys, src
}

// bitLen is the number of bits a coordinate below dim needs.
func bitLen(dim uint64) int {
	if dim <= 1 {
		return 0
	}
	return bits.Len64(dim - 1)
}
