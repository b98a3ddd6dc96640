package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

type countStartsFunc = func(keys []uint64, shift uint) int

type compressStartsFunc = func(crd, pos, keys []uint64, shift, shift1 uint, mask, c uint64) (int, uint64, int)

// startsShifts are the level shifts the starts tests try: every bit of a
// vector lane's count and compare matters at 0, 1, 63 and from 64 on.
var startsShifts = []uint{0, 1, 2, 7, 15, 31, 32, 45, 62, 63, 64, 65, 127, 200}

// startKeys returns n+1 keys (the first is the key before the run) of a
// kind: 0 all equal, 1 all distinct (consecutive), 2 sorted packed keys of a
// rank-3 tensor (levels of 5, 9 and 12 bits; shifts 21, 12, 0), 3 random,
// 4 sorted near 2^64 (sign bits set), 5 random with few distinct values.
func startKeys(rng *rand.Rand, n, off, kind int) []uint64 {
	k := unaligned(n+1, off)
	switch kind {
	case 0:
		v := rng.Uint64()
		for i := range k {
			k[i] = v
		}
	case 1:
		v := rng.Uint64N(1 << 40)
		for i := range k {
			k[i] = v + uint64(i)
		}
	case 2:
		for i := range k {
			k[i] = rng.Uint64N(1<<5)<<21 | rng.Uint64N(1<<9)<<12 | rng.Uint64N(1<<12)
		}
		slices.Sort(k)
	case 3:
		for i := range k {
			k[i] = rng.Uint64()
		}
	case 4:
		v := ^uint64(0) - uint64(8*n) - 9
		for i := range k {
			v += uint64(rng.IntN(9))
			k[i] = v
		}
	default:
		vals := []uint64{0, 1, 1 << 63, ^uint64(0)}
		for i := range k {
			k[i] = vals[rng.IntN(len(vals))]
		}
	}
	return k
}

const numStartKinds = 6

func TestCountStarts(t *testing.T) {
	forEachTier(t, countStarts, func(t *testing.T, impl, ref countStartsFunc) {
		rng := rand.New(rand.NewPCG(61, 62))
		for _, n := range append(testSizes(), -1) {
			for _, off := range testOffsets {
				for kind := range numStartKinds {
					keys := startKeys(rng, n, off, kind)[:n+1] // n = -1: no keys at all
					for _, sh := range startsShifts {
						if got, want := impl(keys, sh), ref(keys, sh); got != want {
							t.Fatalf("n=%d off=%d kind=%d shift=%d: got %d, want %d", n, off, kind, sh, got, want)
						}
					}
				}
			}
		}
	})
}

// compressStartsCase runs impl and ref on guarded crd and pos of the given
// lengths (sentinels past them) and fails unless the results and both whole
// buffers, sentinels included, agree.
func compressStartsCase(t *testing.T, impl, ref compressStartsFunc, lc, lp int, keys []uint64, sh, sh1 uint, mask, c uint64, what string) {
	t.Helper()
	gc, gp, wc, wp := guarded(lc, 1), guarded(lp, 1), guarded(lc, 1), guarded(lp, 1)
	n, next, done := impl(gc, gp, keys, sh, sh1, mask, c)
	wn, wnext, wdone := ref(wc, wp, keys, sh, sh1, mask, c)
	if n != wn || next != wnext || done != wdone {
		t.Fatalf("%s len(crd)=%d len(pos)=%d shift=%d shift1=%d mask=%#x c=%d: got (%d, %d, %d), want (%d, %d, %d)",
			what, lc, lp, sh, sh1, mask, c, n, next, done, wn, wnext, wdone)
	}
	if !slices.Equal(gc[:lc+8], wc[:lc+8]) || !slices.Equal(gp[:lp+8], wp[:lp+8]) {
		t.Fatalf("%s len(crd)=%d len(pos)=%d shift=%d shift1=%d mask=%#x c=%d: n=%d\ncrd got  %x\ncrd want %x\npos got  %x\npos want %x",
			what, lc, lp, sh, sh1, mask, c, n, gc[:lc+8], wc[:lc+8], gp[:lp+8], wp[:lp+8])
	}
}

// compressRooms returns destination lengths around need, the nodes the
// keys start: ample, exact, one short, half, none, and crd and pos of
// different lengths.
func compressRooms(need int) [][2]int {
	r := [][2]int{{need + 9, need + 9}, {need, need}, {need, need + 3}, {need + 5, need}, {0, 0}}
	if need > 0 {
		r = append(r, [2]int{need - 1, need - 1}, [2]int{need / 2, need}, [2]int{need, need / 2}, [2]int{need - 1, need + 4})
	}
	return r
}

func TestCompressStarts(t *testing.T) {
	masks := []uint64{^uint64(0), 0xff, 1<<9 - 1}
	shifts := startsShifts
	below := func(sh uint) []uint { return []uint{0, sh / 2, max(sh, 1) - 1, sh, sh + 1, 64} }
	if testing.Short() { // the race run: a sample
		shifts = []uint{0, 1, 31, 63, 64, 200}
		below = func(sh uint) []uint { return []uint{0, max(sh, 1) - 1, 64} }
	}
	forEachTier(t, compressStarts, func(t *testing.T, impl, ref compressStartsFunc) {
		rng := rand.New(rand.NewPCG(63, 64))
		for _, n := range append(testSizes(), -1) {
			for _, off := range testOffsets {
				for kind := range numStartKinds {
					keys := startKeys(rng, n, off, kind)[:n+1]
					for _, sh := range shifts {
						// The level below: at or under shift as in a CSF
						// build, and above it or past 64 for the general
						// contract.
						for _, sh1 := range below(sh) {
							mask := masks[rng.IntN(len(masks))]
							c := []uint64{0, 7, ^uint64(0) - 2}[rng.IntN(3)]
							need := countStartsRef(keys, sh)
							for _, room := range compressRooms(need) {
								compressStartsCase(t, impl, ref, room[0], room[1], keys, sh, sh1, mask, c,
									fmt.Sprintf("n=%d off=%d kind=%d", n, off, kind))
							}
						}
					}
				}
			}
		}
	})
}

// TestCompressStartsLevels builds the levels of sorted packed keys of a
// rank-3 tensor with CompressStarts and CountStarts through the exported
// functions on every path, in blocks whose last key is the next block's key
// before, as package convert does, and checks them against ref.
func TestCompressStartsLevels(t *testing.T) {
	rng := rand.New(rand.NewPCG(65, 66))
	const n = 5000
	keys := make([]uint64, n)
	for i := range keys {
		keys[i] = rng.Uint64N(40)<<30 | rng.Uint64N(1<<15)<<15 | rng.Uint64N(1<<15)
	}
	slices.Sort(keys)
	sh := []uint{30, 15, 0}
	build := func(block int) (counts [3]int, crd, pos [2][]uint64) {
		for L := range 2 {
			crd[L] = make([]uint64, n)
			pos[L] = make([]uint64, n)
		}
		var off [3]int
		for s := 1; s < n; s += block {
			e := min(s+block, n)
			for L := range 3 {
				counts[L] += CountStarts(keys[s-1:e], sh[L])
			}
			for L := range 2 {
				m, _ := CompressStarts(crd[L][off[L]:], pos[L][off[L]:], keys[s-1:e], sh[L], sh[L+1], 1<<15-1, uint64(off[L+1]))
				off[L] += m
			}
			off[2] += CountStarts(keys[s-1:e], sh[2])
		}
		for L := range 2 {
			crd[L], pos[L] = crd[L][:off[L]], pos[L][:off[L]]
		}
		return counts, crd, pos
	}
	defer Use("")
	if err := Use("ref"); err != nil {
		t.Fatal(err)
	}
	wantCounts, wantCrd, wantPos := build(97)
	if wantCounts[0] == 0 || wantCounts[1] < n/2 {
		t.Fatalf("degenerate keys: counts %v", wantCounts)
	}
	for _, path := range Available() {
		if err := Use(path); err != nil {
			t.Fatal(err)
		}
		for _, block := range []int{1, 5, 8, 97, 2048, n} {
			counts, crd, pos := build(block)
			if counts != wantCounts {
				t.Fatalf("path=%s block=%d: counts %v, want %v", path, block, counts, wantCounts)
			}
			for L := range 2 {
				if !slices.Equal(crd[L], wantCrd[L]) || !slices.Equal(pos[L], wantPos[L]) {
					t.Fatalf("path=%s block=%d level %d: crd or pos differ", path, block, L)
				}
			}
		}
	}
}

func TestCompressStartsPanics(t *testing.T) {
	keys := []uint64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}
	defer Use("")
	for _, path := range Available() {
		if err := Use(path); err != nil {
			t.Fatal(err)
		}
		for _, room := range [][2]int{{16, 17}, {17, 16}, {0, 17}} {
			crd, pos := guarded(room[0], 0), guarded(room[1], 0)
			mustPanic(t, "kernels: CompressStarts: crd or pos too short", func() {
				CompressStarts(crd, pos, keys, 0, 0, ^uint64(0), 0)
			})
			// The nodes that fit are written, nothing past them.
			fit := min(room[0], room[1])
			for i, v := range crd[:room[0]+8] {
				want := uint64(sentinel)
				if i < fit {
					want = uint64(i + 1)
				}
				if v != want {
					t.Fatalf("path=%s len(crd)=%d len(pos)=%d: crd[%d] = %#x, want %#x", path, room[0], room[1], i, v, want)
				}
			}
		}
		crd, pos := make([]uint64, 17), make([]uint64, 17)
		if n, c := CompressStarts(crd, pos, keys, 0, 0, ^uint64(0), 5); n != 17 || c != 22 || crd[16] != 17 || pos[16] != 21 {
			t.Fatalf("path=%s: got n=%d c=%d crd[16]=%d pos[16]=%d, want 17, 22, 17, 21", path, n, c, crd[16], pos[16])
		}
		// A shift of 64 or more starts nothing; the level below still counts.
		if n, c := CompressStarts(nil, nil, keys, 64, 0, ^uint64(0), 5); n != 0 || c != 22 {
			t.Fatalf("path=%s shift 64: got n=%d c=%d, want 0, 22", path, n, c)
		}
		if n := CountStarts(keys, 64); n != 0 {
			t.Fatalf("path=%s: CountStarts shift 64 = %d, want 0", path, n)
		}
	}
}
