package kernels

import (
	"encoding/binary"
	"slices"
	"testing"
)

// words turns fuzz bytes into uint64s; small values are made likely by
// masking with the first byte so that equal keys and short segments occur.
func words(b []byte) []uint64 {
	if len(b) == 0 {
		return nil
	}
	mask := ^uint64(0)
	if b[0]&1 == 0 {
		mask = 0xFF
	}
	b = b[1:]
	out := make([]uint64, len(b)/8)
	for i := range out {
		out[i] = binary.LittleEndian.Uint64(b[8*i:]) & mask
	}
	return out
}

func seedWords(f *testing.F, vals ...uint64) {
	b := []byte{1}
	for _, v := range vals {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	f.Add(b, uint64(3))
}

func FuzzLowerBound(f *testing.F) {
	seedWords(f, 1, 2, 2, 5, ^uint64(0))
	f.Fuzz(func(t *testing.T, b []byte, key uint64) {
		s := words(b)
		slices.Sort(s)
		want := lowerBoundRef(s, key)
		forEachTier(t, lowerBound, func(t *testing.T, impl, _ func([]uint64, uint64) int) {
			if got := impl(s, key); got != want {
				t.Fatalf("n=%d key=%#x: got %d, want %d", len(s), key, got, want)
			}
		})
	})
}

func FuzzDescendLevel(f *testing.F) {
	seedWords(f, 0, 2, 2, 5, 1, 3, 9, 0)
	f.Fuzz(func(t *testing.T, b []byte, seed uint64) {
		w := words(b)
		// Split the words: pos (made monotone or left raw by seed), crd, keys.
		n := len(w) / 3
		pos, crd, keys := w[:n], w[n:2*n], w[2*n:]
		if len(pos) == 0 {
			pos = []uint64{0}
		}
		if seed&1 == 0 {
			slices.Sort(pos)
		}
		node := make([]int, len(keys))
		for q := range node {
			node[q] = int(int64(keys[q]>>8)%int64(len(pos)+1)) - 1
		}
		want := slices.Clone(node)
		descendLevelRef(want, pos, crd, keys, 1, 0)
		forEachTier(t, descendLevel, func(t *testing.T, impl, _ func([]int, []uint64, []uint64, []uint64, int, int)) {
			got := slices.Clone(node)
			impl(got, pos, crd, keys, 1, 0)
			if !slices.Equal(got, want) {
				t.Fatalf("got %v, want %v", got, want)
			}
		})
	})
}

func FuzzScans(f *testing.F) {
	seedWords(f, 0, 1, 1, 4, 2, 3, 9)
	f.Fuzz(func(t *testing.T, b []byte, bound uint64) {
		s := words(b)
		forEachTier(t, nonDecreasing, func(t *testing.T, impl, ref func([]uint64) int) {
			if got, want := impl(s), ref(s); got != want {
				t.Fatalf("NonDecreasing(%v): got %d, want %d", s, got, want)
			}
		})
		forEachTier(t, maxU64, func(t *testing.T, impl, ref func([]uint64) uint64) {
			if got, want := impl(s), ref(s); got != want {
				t.Fatalf("Max: got %d, want %d", got, want)
			}
		})
		bounds := []uint64{bound, bound >> 3, bound >> 7}[:1+bound%3]
		forEachTier(t, firstNotBelow, func(t *testing.T, impl, ref func([]uint64, []uint64) int) {
			if got, want := impl(s, bounds), ref(s, bounds); got != want {
				t.Fatalf("FirstNotBelow: got %d, want %d", got, want)
			}
		})
		// A pos over s: cut points from the bound's bits, arbitrary (maybe
		// non-monotone) when bound is odd.
		pos := []uint64{0}
		for i := 1; i < len(s); i++ {
			if bound>>(uint(i)%64)&1 == 1 {
				pos = append(pos, uint64(i))
			}
		}
		pos = append(pos, uint64(len(s)))
		forEachTier(t, strictlyIncreasing, func(t *testing.T, impl, ref func([]uint64, []uint64) int) {
			if got, want := impl(pos, s), ref(pos, s); got != want {
				t.Fatalf("StrictlyIncreasing: got %d, want %d", got, want)
			}
		})
		forEachTier(t, expandPos, func(t *testing.T, impl, ref func([]uint64, []uint64)) {
			got, want := make([]uint64, len(s)), make([]uint64, len(s))
			impl(got, pos)
			ref(want, pos)
			if !slices.Equal(got, want) {
				t.Fatalf("ExpandPos: got %v, want %v", got, want)
			}
		})
		forEachTier(t, exclusiveScan, func(t *testing.T, impl, ref func([]uint64, []uint64) uint64) {
			got, want := make([]uint64, len(s)), make([]uint64, len(s))
			if a, b := impl(got, s), ref(want, s); a != b || !slices.Equal(got, want) {
				t.Fatalf("ExclusiveScan mismatch")
			}
		})
	})
}

func FuzzExpandRuns(f *testing.F) {
	seedWords(f, 0, 2, 2, 5, 7, 8)
	f.Fuzz(func(t *testing.T, b []byte, seed uint64) {
		w := words(b)
		stride := int(seed%5) + 1
		off := int(seed>>8) % stride
		n := len(w) / 2
		var ptr, vals []uint64
		if len(w) > 0 {
			ptr, vals = w[:n+1-min(n, 1)], w[n:]
		}
		if len(ptr) == 0 {
			ptr = []uint64{0}
		}
		vals = vals[:len(ptr)-1]
		rows := int(ptr[len(ptr)-1] % 4096)
		ptr[len(ptr)-1] = uint64(rows)
		want := make([]uint64, rows*stride)
		expandRunsRef(want, stride, off, ptr, vals)
		forEachTier(t, expandRuns, func(t *testing.T, impl, _ func([]uint64, int, int, []uint64, []uint64)) {
			got := make([]uint64, rows*stride)
			impl(got, stride, off, ptr, vals)
			if !slices.Equal(got, want) {
				t.Fatalf("stride=%d off=%d: mismatch", stride, off)
			}
		})
	})
}
