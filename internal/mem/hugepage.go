package mem

import "unsafe"

// Huge pages: a first touch of a fresh 4 KiB page costs far more than
// computing on it, and random access over hundreds of MiB misses the TLB
// on nearly every access; a 2 MiB page divides both costs. NumPy advises
// its large arrays the same way. The advice is a hint: where the kernel
// (THP "never") or the OS does not take it, nothing changes.

// HugeMinBytes is the size below which AdviseHuge does nothing.
const HugeMinBytes = 4 << 20

// AdviseHuge asks the OS to back the 2 MiB-aligned interior of s with
// transparent huge pages. Call it on a new allocation before touching it.
func AdviseHuge[E any](s []E) {
	if len(s) == 0 {
		return
	}
	n := uintptr(len(s)) * unsafe.Sizeof(s[0])
	if n < HugeMinBytes {
		return
	}
	p := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	const huge = 2 << 20
	lo := (p + huge - 1) &^ (huge - 1)
	hi := (p + n) &^ (huge - 1)
	if hi <= lo {
		return
	}
	advise(unsafe.Pointer(unsafe.SliceData(s)), lo-p, hi-lo)
}

// MakeHuge returns make([]E, n), advised (AdviseHuge).
func MakeHuge[E any](n int) []E {
	s := make([]E, n)
	AdviseHuge(s)
	return s
}
