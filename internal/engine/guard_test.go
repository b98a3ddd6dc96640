//go:build linux

package engine

import (
	"math/rand/v2"
	"slices"
	"syscall"
	"testing"
	"unsafe"

	"github.com/hurray-format/hurray-go/kernels/amd64"
	"github.com/hurray-format/hurray-go/kernels/arm64"
	"github.com/hurray-format/hurray-go/quant"
)

// guardRegion is read-write memory between two PROT_NONE pages: a kernel
// that reads or writes one element before or past a slice placed against
// either edge faults.
type guardRegion struct {
	mem []byte // the whole mapping, guards included
	rw  []uint64
}

const guardPage = 4096

func newGuardRegion(t *testing.T, words int) *guardRegion {
	t.Helper()
	rwBytes := (words*8 + guardPage - 1) / guardPage * guardPage
	mem, err := syscall.Mmap(-1, 0, rwBytes+2*guardPage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[:guardPage], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	if err := syscall.Mprotect(mem[guardPage+rwBytes:], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	rw := unsafe.Slice((*uint64)(unsafe.Pointer(&mem[guardPage])), rwBytes/8)
	return &guardRegion{mem: mem, rw: rw}
}

// at returns n elements against the low edge (atEnd false) or the high edge,
// filled with a copy of src when src is not nil.
func (g *guardRegion) at(n int, atEnd bool, src []uint64) []uint64 {
	var s []uint64
	if atEnd {
		s = g.rw[len(g.rw)-n:]
	} else {
		s = g.rw[:n:n]
	}
	if src != nil {
		copy(s, src)
	}
	return s
}

func guardSizes() []int {
	s := testSizes()
	return append(s, 511, 512, 513, 600, 1031)
}

func TestGuardPages(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	const maxN = 8192
	a, b, c, d := newGuardRegion(t, maxN), newGuardRegion(t, maxN), newGuardRegion(t, maxN), newGuardRegion(t, maxN)
	for _, n := range guardSizes() {
		for _, atEnd := range []bool{false, true} {
			sorted := sortedKeys(rng, n, 0, n%3)
			s := a.at(n, atEnd, sorted)
			forEachTier(t, lowerBound, func(t *testing.T, impl, ref func([]uint64, uint64) int) {
				for _, k := range probeKeys(rng, s)[:min(40, 6+3*n)] {
					if got, want := impl(s, k), ref(s, k); got != want {
						t.Fatalf("n=%d end=%v key=%#x: got %d, want %d", n, atEnd, k, got, want)
					}
				}
			})
			forEachTier(t, nonDecreasing, func(t *testing.T, impl, ref func([]uint64) int) {
				if got, want := impl(s), ref(s); got != want {
					t.Fatalf("n=%d end=%v: got %d, want %d", n, atEnd, got, want)
				}
			})
			forEachTier(t, maxU64, func(t *testing.T, impl, ref func([]uint64) uint64) {
				if got, want := impl(s), ref(s); got != want {
					t.Fatalf("n=%d end=%v: got %d, want %d", n, atEnd, got, want)
				}
			})
			forEachTier(t, firstNotBelow, func(t *testing.T, impl, ref func([]uint64, []uint64) int) {
				for _, bounds := range [][]uint64{{^uint64(0)}, {^uint64(0), ^uint64(0), ^uint64(0)}} {
					if got, want := impl(s, bounds), ref(s, bounds); got != want {
						t.Fatalf("n=%d end=%v rank=%d: got %d, want %d", n, atEnd, len(bounds), got, want)
					}
				}
			})
			forEachTier(t, exclusiveScan, func(t *testing.T, impl, ref func([]uint64, []uint64) uint64) {
				dst := b.at(n, !atEnd, nil)
				want := make([]uint64, n)
				if x, y := impl(dst, s), ref(want, s); x != y || !slices.Equal(dst, want) {
					t.Fatalf("n=%d end=%v: mismatch", n, atEnd)
				}
			})
			// s as packed keys (s[0] the key before), with crd and pos of
			// exactly the nodes needed, and one short, against guards.
			forEachTier(t, countStarts, func(t *testing.T, impl, ref countStartsFunc) {
				for _, sh := range []uint{0, 2, 63} {
					if got, want := impl(s, sh), ref(s, sh); got != want {
						t.Fatalf("n=%d end=%v shift=%d: got %d, want %d", n, atEnd, sh, got, want)
					}
				}
			})
			forEachTier(t, compressStarts, func(t *testing.T, impl, ref compressStartsFunc) {
				for _, sh := range []uint{0, 2} {
					need := countStartsRef(s, sh)
					for _, room := range []int{need, max(need-1, 0)} {
						crd, pos := b.at(room, atEnd, nil), c.at(room, !atEnd, nil)
						wantCrd, wantPos := make([]uint64, room), make([]uint64, room)
						m, next, done := impl(crd, pos, s, sh, 0, 0xff, 9)
						wm, wnext, wdone := ref(wantCrd, wantPos, s, sh, 0, 0xff, 9)
						if m != wm || next != wnext || done != wdone || !slices.Equal(crd[:m], wantCrd[:m]) || !slices.Equal(pos[:m], wantPos[:m]) {
							t.Fatalf("n=%d end=%v shift=%d room=%d: got (%d, %d, %d), want (%d, %d, %d), or the nodes differ", n, atEnd, sh, room, m, next, done, wm, wnext, wdone)
						}
					}
				}
			})
			// A level over s: pos and crd against guards, then a lookup batch
			// whose node and coords are guarded too.
			pos := randPos(rng, n/3+1, 6)
			npos := len(pos)
			crdLen := int(pos[npos-1])
			if crdLen > maxN {
				continue
			}
			crd := b.at(crdLen, atEnd, randLevel(rng, pos, n%3))
			gpos := c.at(npos, !atEnd, pos)
			forEachTier(t, strictlyIncreasing, func(t *testing.T, impl, ref siFunc) {
				for _, mx := range siMaxes(crd) {
					if got, want := pair(impl(gpos, crd, mx)), pair(ref(gpos, crd, mx)); got != want {
						t.Fatalf("n=%d end=%v max=%d: got %d, want %d", n, atEnd, mx, got, want)
					}
				}
			})
			forEachTier(t, expandPos, func(t *testing.T, impl, ref func([]uint64, []uint64)) {
				dst := a.at(crdLen, !atEnd, nil)
				want := make([]uint64, crdLen)
				impl(dst, gpos)
				ref(want, gpos)
				if !slices.Equal(dst, want) {
					t.Fatalf("n=%d end=%v: mismatch", n, atEnd)
				}
			})
			forEachTier(t, expandRuns, func(t *testing.T, impl, ref func([]uint64, int, int, []uint64, []uint64)) {
				vals := make([]uint64, npos-1)
				for i := range vals {
					vals[i] = uint64(i) * 7
				}
				dst := a.at(crdLen, !atEnd, nil)
				want := make([]uint64, crdLen)
				impl(dst, 1, 0, gpos, vals)
				ref(want, 1, 0, gpos, vals)
				if !slices.Equal(dst, want) {
					t.Fatalf("n=%d end=%v: mismatch", n, atEnd)
				}
			})
			forEachTier(t, descendLevel, func(t *testing.T, impl, ref func([]int, []uint64, []uint64, []uint64, int, int)) {
				nq := n
				keys := a.at(nq, !atEnd, nil)
				nodeMem := make([]int, nq)
				for q := range nodeMem {
					p := rng.IntN(npos+1) - 1
					nodeMem[q] = p
					if p >= 0 && p < npos-1 && pos[p+1] > pos[p] && q%2 == 0 {
						keys[q] = crd[pos[p]+uint64(rng.IntN(int(pos[p+1]-pos[p])))]
					} else {
						keys[q] = rng.Uint64N(64)
					}
				}
				want := slices.Clone(nodeMem)
				ref(want, gpos, crd, keys, 1, 0)
				// node itself against a guard (its words are the ints' bits).
				gnode := d.at(nq, atEnd, nil)
				node := unsafe.Slice((*int)(unsafe.Pointer(unsafe.SliceData(gnode))), nq)
				copy(node, nodeMem)
				impl(node, gpos, crd, keys, 1, 0)
				if !slices.Equal(node, want) {
					t.Fatalf("n=%d end=%v: got %v, want %v", n, atEnd, node, want)
				}
			})
		}
	}
}

// TestStartsKernelsGuarded calls the starts assembly directly, as no glue
// would, on every key count from 0 to 40 and every destination room from 0
// to 12, keys and destinations against guard pages at either edge: the
// kernels must go through whole groups only, while one is left and its
// nodes fit, and touch nothing else (a fault fails the run).
func TestStartsKernelsGuarded(t *testing.T) {
	kernels := []struct {
		name        string
		ok          bool
		step, width int // pairs per count step, per compress group
		count       countStartsKernel
		compress    compressStartsKernel
	}{
		{"avx2", amd64.HasAVX2, 16, 4, amd64.CountStartsAVX2, amd64.CompressStartsAVX2},
		{"avx512", amd64.HasAVX512, 32, 8, amd64.CountStartsAVX512, amd64.CompressStartsAVX512},
		{"neon", arm64.HasNEON, 4, 4, arm64.CountStartsNEON, arm64.CompressStartsNEON},
	}
	rng := rand.New(rand.NewPCG(43, 44))
	ka, ca, pa := newGuardRegion(t, 64), newGuardRegion(t, 64), newGuardRegion(t, 64)
	for _, k := range kernels {
		t.Run("impl="+k.name, func(t *testing.T) {
			if !k.ok {
				t.Skipf("CPU lacks %s", k.name)
			}
			ranTiers.Store(k.name, true)
			for nk := 0; nk <= 40; nk++ {
				for _, atEnd := range []bool{false, true} {
					src := make([]uint64, nk)
					for i := range src {
						src[i] = uint64(rng.IntN(3)) << (rng.UintN(2) * 40)
					}
					keys := ka.at(nk, atEnd, src)
					pairs := max(nk-1, 0)
					for _, sh := range []uint{0, 3, 40, 63} {
						lim := startLimit(sh)
						want := 0
						if whole := pairs &^ (k.step - 1); whole > 0 {
							want = countStartsRef(keys[:whole+1], sh)
						}
						if got := k.count(keys, lim); got != want {
							t.Fatalf("count n=%d end=%v shift=%d: got %d, want %d", nk, atEnd, sh, got, want)
						}
						for room := 0; room <= 12; room++ {
							// The model: ref on whole groups while they fit.
							wc, wp := make([]uint64, room+k.width), make([]uint64, room+k.width)
							wn, wnext, wdone := 0, uint64(5), 0
							for pairs-wdone >= k.width && room-wn >= k.width {
								dn, next, _ := compressStartsRef(wc[wn:], wp[wn:], keys[wdone:wdone+k.width+1], sh, 0, 0xffff, wnext)
								wn, wnext, wdone = wn+dn, next, wdone+k.width
							}
							crd, pos := ca.at(room, atEnd, nil), pa.at(room, !atEnd, nil)
							n, next, done := k.compress(crd, pos, keys, lim, startLimit(0), sh, 0xffff, 5)
							if n != wn || next != wnext || done != wdone || !slices.Equal(crd[:n], wc[:wn]) || !slices.Equal(pos[:n], wp[:wn]) {
								t.Fatalf("compress n=%d end=%v shift=%d room=%d: got (%d, %d, %d), want (%d, %d, %d), or the nodes differ",
									nk, atEnd, sh, room, n, next, done, wn, wnext, wdone)
							}
						}
					}
				}
			}
		})
	}
}

// bytesAt is at for n bytes.
func (g *guardRegion) bytesAt(n int, atEnd bool) []byte {
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(g.rw))), len(g.rw)*8)
	if atEnd {
		return b[len(b)-n:]
	}
	return b[:n:n]
}

// floatsAt is at for n float32s.
func (g *guardRegion) floatsAt(n int, atEnd bool) []float32 {
	b := g.bytesAt(4*n, atEnd)
	return unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(b))), n)
}

// TestQFusedGuarded runs the fused SpMV of every tier with the indices,
// codes, scales, x and y against guard pages at either edge, the codes and
// scales exactly as long as the values need, on rows of every length from
// 0 to 40 and on junk pointers and indices: the kernels must touch nothing
// outside (a fault fails the run) and agree with ref.
func TestQFusedGuarded(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 46))
	ri, rc, rs, rx, ry := newGuardRegion(t, 2048), newGuardRegion(t, 2048), newGuardRegion(t, 2048), newGuardRegion(t, 2048), newGuardRegion(t, 2048)
	for _, spelling := range []string{"int8:tensor", "int8:block=16", "int8:block=17", "int8:block=64", "int4:block=16", "nf4:block=17", "mxfp4",
		"int8:channel:axis=1", "uint8:channel:axis=1", "uint8:block=16", "uint8:block=33"} {
		s := quant.MustParse(spelling)
		for trial := range 4 {
			q := guardedQOperand(rng, ri, rc, rs, s, trial, 300)
			ptr, idx, gidx, v, n, nx, atEnd := q.ptr, q.idx, q.gidx, q.v, q.n, q.nx, q.atEnd
			var ch, gch Channels // by column: the indices as channels
			if s.Axis() == 1 {
				ch, gch = PerValue(idx, 1), PerValue(gidx, 1)
			}
			x := append(rx.floatsAt(nx, atEnd)[:0], frand[float32](rng, nx, 0, false)...)
			rows := len(ptr) - 1
			y0 := frand[float32](rng, rows, 0, false)
			mag := absOf(y0)
			spmvRef(mag, absOf(x), ptr, idx, junkAbs(&v, ch, idx, uint64(nx)), 1, 0.5)
			forEachTier(t, qspmv, func(t *testing.T, impl, ref qspmvFunc) {
				got := append(ry.floatsAt(rows, atEnd)[:0], y0...)
				want := append([]float32(nil), y0...)
				qspmvWith(impl, got, x, ptr, gidx, &v, gch, 1, 0.5)
				qspmvWith(ref, want, x, ptr, idx, &v, ch, 1, 0.5)
				// copies of equal capacity: qClose compares up to it
				g, w := append([]float32(nil), got...), append([]float32(nil), want...)
				if err := qCloseFused(g, w, append(mag[:len(mag):len(mag)], 0), n); err != nil {
					t.Fatalf("%s trial %d: %v", spelling, trial, err)
				}
			})
		}
	}
}

// guardedQ is a quantized operand of the guard-page tests: rows ptr with
// indices idx (gidx: the same against a guard page), values v (n of them) whose codes
// and scales (MX: exponents) touch guard pages, x's length nx, and which
// end of its region each array lies at (atEnd for the codes and x).
type guardedQ struct {
	ptr, idx, gidx []uint64
	v              quant.Values
	n, nx          int
	atEnd          bool
}

// guardedQOperand draws trial's operand of scheme s on rows of 0 to 40
// values (trials 2 and 3: junk pointers and indices), x of at most
// maxX values, into the regions ri (indices), rc (codes, exponents,
// zero points) and rs (scales); a channel scheme has a channel per column
// of x.
func guardedQOperand(rng *rand.Rand, ri, rc, rs *guardRegion, s quant.Scheme, trial, maxX int) guardedQ {
	ptr := []uint64{0}
	for n := range 41 {
		ptr = append(ptr, ptr[len(ptr)-1]+uint64(n))
	}
	n := int(ptr[len(ptr)-1])
	nx := 1 + rng.IntN(maxX)
	var idx []uint64
	if trial >= 2 {
		ptr, idx = qJunk(rng, n, 30, nx)
	} else {
		idx, nx = qIdx(rng, ptr, nx)
	}
	atEnd := trial%2 == 0
	v := randQValues(rng, s, n, nx)
	v.Codes = append(rc.bytesAt(len(v.Codes), atEnd)[:0], v.Codes...)
	if v.Zero != nil {
		v.Zero = append(rc.bytesAt(len(v.Zero), !atEnd)[:0], v.Zero...)
	}
	v.Scale = append(rs.floatsAt(len(v.Scale), !atEnd)[:0], v.Scale...)
	if v.Exp != nil {
		v.Exp = append(rc.bytesAt(len(v.Exp), !atEnd)[:0], v.Exp...)
	}
	return guardedQ{ptr, idx, ri.at(n, !atEnd, idx), v, n, nx, atEnd}
}
