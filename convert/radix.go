package convert

import (
	"math/bits"

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

// radixDigits chooses the digit width for sorting keys of the given bit
// length: as few passes of at most 11 bits as possible, spread evenly.
func radixDigits(nbits int) (passes, width int) {
	if nbits <= 0 {
		return 0, 0
	}
	passes = (nbits + 10) / 11
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
		sh := uint(p * width)
		h := hist[:parts*nb]
		parallel.Run(b, func(k, lo, hi int) {
			hk := h[k*nb : (k+1)*nb]
			clear(hk)
			for _, x := range keys[lo:hi] {
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
		ks := keys
		parallel.Run(b, func(k, lo, hi int) {
			off := h[k*nb : (k+1)*nb]
			for i := lo; i < hi; i++ {
				x := ks[i]
				d := (x >> sh) & mask
				o := off[d]
				off[d] = o + 1
				keys2[o] = x
				dst[o] = src[i]
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
