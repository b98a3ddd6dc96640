// Package radix is the LSD radix sort that hurray-go's sorting steps share:
// uint64 keys ordered stably by a range of their bits, with a payload
// (values, a permutation, or nothing) carried along. The conversions
// (package convert, which adds parallel and MSD-split layers on top), TTV
// off the leaf level (package csf) and the benchmark generators use it.
package radix

// MaxWidth is the widest digit in bits: 2^MaxWidth buckets, each of them a
// write stream into two arrays (keys and payload), must stay within L1 for
// the scatter to stream (measured on the 2-core VMs: 11 bits cost 2x per
// pass).
const MaxWidth = 11

// Digits chooses the digit width for sorting keys of the given bit length:
// as few passes of at most MaxWidth bits as possible, spread evenly.
func Digits(nbits int) (passes, width int) {
	if nbits <= 0 {
		return 0, 0
	}
	passes = (nbits + MaxWidth - 1) / MaxWidth
	width = (nbits + passes - 1) / passes
	return passes, width
}

// Sort sorts keys stably by bits from..from+nbits-1 (LSD, Digits passes),
// moving the payload src along, on the calling goroutine and allocating
// nothing. keys2 is scratch of len(keys); pa and pb are payload buffers of
// that length, and src may be one of them or a separate read-only slice. A
// pass whose digit is the same for every key is skipped. It returns the
// sorted keys and payload: each one of the buffers, or keys and src when
// every pass was skipped. hist is scratch of at least 1<<MaxWidth entries.
// A zero-size payload type (struct{}) sorts keys alone.
//
// It panics if a slice is shorter than keys or hist is too short.
func Sort[P any](keys, keys2 []uint64, src, pa, pb []P, from, nbits int, hist []int) ([]uint64, []P) {
	n := len(keys)
	keys2, src, pa, pb = keys2[:n], src[:n], pa[:n], pb[:n]
	passes, width := Digits(nbits)
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
		if samePayload(src, pa) {
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

// samePayload reports whether a and b start at the same element (always
// true for a zero-size payload, where the buffers do not matter).
func samePayload[P any](a, b []P) bool {
	return len(a) > 0 && len(b) > 0 && &a[0] == &b[0]
}
