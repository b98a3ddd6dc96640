package engine

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
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
	f.Fuzz(fuzzLowerBound)
}

func FuzzDescendLevel(f *testing.F) {
	seedWords(f, 0, 2, 2, 5, 1, 3, 9, 0)
	f.Fuzz(fuzzDescendLevel)
}

func FuzzScans(f *testing.F) {
	seedWords(f, 0, 1, 1, 4, 2, 3, 9)
	f.Fuzz(fuzzScans)
}

func FuzzExpandRuns(f *testing.F) {
	seedWords(f, 0, 2, 2, 5, 7, 8)
	f.Fuzz(fuzzExpandRuns)
}

func FuzzStarts(f *testing.F) {
	seedWords(f, 0, 1, 1, 1<<40, 1<<40+3, 1<<41, ^uint64(0), 0)
	f.Fuzz(fuzzStarts)
}

func fuzzLowerBound(t *testing.T, b []byte, key uint64) {
	s := words(b)
	slices.Sort(s)
	want := lowerBoundRef(s, key)
	forEachTier(t, lowerBound, func(t *testing.T, impl, _ func([]uint64, uint64) int) {
		if got := impl(s, key); got != want {
			t.Fatalf("n=%d key=%#x: got %d, want %d", len(s), key, got, want)
		}
	})
}

func fuzzDescendLevel(t *testing.T, b []byte, seed uint64) {
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
	// The result is specified only where every segment of crd is sorted
	// (sorting the whole of crd guarantees it); elsewhere each answer must
	// still be a miss or an index into crd holding the key.
	sorted := seed&2 == 0
	if sorted {
		slices.Sort(crd)
	}
	want := slices.Clone(node)
	descendLevelRef(want, pos, crd, keys, 1, 0)
	forEachTier(t, descendLevel, func(t *testing.T, impl, _ func([]int, []uint64, []uint64, []uint64, int, int)) {
		got := slices.Clone(node)
		impl(got, pos, crd, keys, 1, 0)
		if sorted {
			if !slices.Equal(got, want) {
				t.Fatalf("got %v, want %v", got, want)
			}
			return
		}
		for q, g := range got {
			if g != -1 && (g < 0 || g >= len(crd) || crd[g] != keys[q]) {
				t.Fatalf("query %d: got %d (crd %v, key %d)", q, g, crd, keys[q])
			}
		}
	})
}

func fuzzScans(t *testing.T, b []byte, bound uint64) {
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
	forEachTier(t, strictlyIncreasing, func(t *testing.T, impl, ref siFunc) {
		for _, mx := range siMaxes(s) {
			if got, want := pair(impl(pos, s, mx)), pair(ref(pos, s, mx)); got != want {
				t.Fatalf("StrictlyIncreasing max=%d: got %d, want %d", mx, got, want)
			}
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
}

func fuzzExpandRuns(t *testing.T, b []byte, seed uint64) {
	w := words(b)
	if len(w) == 0 {
		w = []uint64{0} // ptr needs one entry
	}
	stride := int(seed%5) + 1
	off := int(seed>>8) % stride
	n := len(w) / 2
	ptr, vals := w[:n+1-min(n, 1)], w[n:]
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
}

// fuzzStarts runs CountStarts and CompressStarts on the words as keys, with
// the shifts, mask, carried count and destination room taken from seed (a
// room below the nodes needed makes every path stop early).
func fuzzStarts(t *testing.T, b []byte, seed uint64) {
	keys := words(b)
	sh, sh1 := uint(seed&127), uint(seed>>7&127)
	if seed>>14&1 == 0 {
		sh, sh1 = sh&63, sh1&63
	}
	mask := ^uint64(0) >> (seed >> 15 & 63)
	c := seed >> 21
	forEachTier(t, countStarts, func(t *testing.T, impl, ref countStartsFunc) {
		for _, s := range []uint{sh, sh1} {
			if got, want := impl(keys, s), ref(keys, s); got != want {
				t.Fatalf("CountStarts(%v, %d): got %d, want %d", keys, s, got, want)
			}
		}
	})
	need := countStartsRef(keys, sh)
	room := need
	if seed>>40&1 == 1 {
		room = int(seed>>41) % (need + 1)
	}
	forEachTier(t, compressStarts, func(t *testing.T, impl, ref compressStartsFunc) {
		compressStartsCase(t, impl, ref, room, room+int(seed>>60), keys, sh, sh1, mask, c, "fuzz")
	})
}

// TestFuzzBodiesRandom feeds seeded random inputs to the fuzz bodies. Go's
// fuzzing engine cannot run under qemu-user (the coordinator re-executes the
// arm64 test binary directly, which fails without binfmt_misc), so this is how
// the emulated arm64 runs exercise the fuzz targets beyond their seed corpus.
// HURRAY_FUZZ_ITERS sets the number of inputs per target (default 200).
func TestFuzzBodiesRandom(t *testing.T) {
	iters := 200
	if v := os.Getenv("HURRAY_FUZZ_ITERS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			t.Fatalf("HURRAY_FUZZ_ITERS=%q: want a count", v)
		}
		iters = n
	}
	if testing.Short() {
		iters = min(iters, 20)
	}
	rng := rand.New(rand.NewPCG(25, 26))
	input := func() []byte {
		b := make([]byte, 1+8*rng.IntN(80)+rng.IntN(8))
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	for range iters {
		b, k := input(), rng.Uint64()
		if rng.IntN(2) == 0 {
			k &= 0xFF
		}
		fuzzLowerBound(t, b, k)
		fuzzDescendLevel(t, b, k)
		fuzzScans(t, b, k)
		fuzzExpandRuns(t, b, k)
		fuzzStarts(t, b, rng.Uint64())
		if t.Failed() {
			t.Fatalf("input %x, %#x", b, k)
		}
	}
}
