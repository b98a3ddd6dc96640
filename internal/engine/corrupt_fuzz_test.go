package engine

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"
	"unsafe"
)

// The corrupt-index fuzz targets build a valid operand of one product
// family from the fuzz bytes, then change entries of its index arrays (what
// a caller may do after validation through Idx, Crd, Pos or the bytes given
// to FromBuffers) and, when the bytes ask, lay the output over one index
// array (a product writing into another structure's index view). They run
// the family's Unchecked entry point on every path the CPU has, the path
// forced as the differential tests force it, with the output in a buffer
// whose words before and after it are checked unchanged, and every input
// checked unchanged. A call must return or panic with the family's message;
// any other panic, or a fault, fails.

// u64 returns eight bytes as a number.
func (z *fuzzReader) u64() uint64 {
	var v uint64
	for range 8 {
		v = v<<8 | uint64(z.next())
	}
	return v
}

// segments returns n+1 non-decreasing offsets from a start of 0..2, each
// step below step.
func (z *fuzzReader) segments(n, step int) []uint64 {
	s := make([]uint64, n+1)
	s[0] = uint64(z.n(3))
	for i := 1; i <= n; i++ {
		s[i] = s[i-1] + uint64(z.n(step))
	}
	return s
}

// floats returns n small integer values.
func corruptFloats[T Float](z *fuzzReader, n int) []T {
	s := make([]T, n)
	for i := range s {
		s[i] = T(z.n(17) - 8)
	}
	return s
}

// corruptOp is one product call: its index arrays and read-only dense
// operands by name, its output length, the call of the Unchecked entry
// point, the families it dispatches to, the messages it may panic with and
// the tuning the SpMM calls choose their tiles with.
type corruptOp[T Float] struct {
	index  map[string][]uint64
	dense  map[string][]T
	outLen int
	call   func(out []T, index map[string][]uint64, dense map[string][]T)
	fams   []familyHandle
	panics []string
	tune   *spmmTuning
}

// mutate changes one to four entries of the index arrays: small values,
// values at and past the lengths and row counts, and huge ones.
func (op *corruptOp[T]) mutate(z *fuzzReader) {
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range op.index {
			if !yield(k) {
				return
			}
		}
	})
	for range 1 + z.n(4) {
		a := op.index[names[z.n(len(names))]]
		if len(a) == 0 {
			continue
		}
		p := z.n(256) % len(a)
		switch z.n(8) {
		case 0:
			a[p] = uint64(z.n(16))
		case 1:
			a[p]++
		case 2:
			a[p] = 1 << 40
		case 3:
			a[p] = ^uint64(0)
		case 4:
			a[p] = 1 << 63
		case 5:
			a[p] = z.u64()
		case 6:
			a[p] = uint64(len(a) + z.n(4))
		default:
			a[p]--
		}
	}
}

// corruptGuard is how many words of the output's buffer lie before and
// after it.
const corruptGuard = 9

// run runs op on every path its families share, after mutate; alias >= 0
// lays the output over the index array of that rank among the sorted
// names.
func (op *corruptOp[T]) run(t *testing.T, alias int) {
	t.Helper()
	es := int(unsafe.Sizeof(T(0)))
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range op.index {
			if !yield(k) {
				return
			}
		}
	})
	aliased := ""
	if alias >= 0 && len(names) > 0 {
		aliased = names[alias%len(names)]
	}
	for tr := tierRef; tr < numTiers; tr++ {
		ok := cpuSupports[tr]
		for _, f := range op.fams {
			ok = ok && f.implements(tr)
		}
		if !ok {
			continue
		}
		func() {
			for _, f := range op.fams {
				defer f.selectTier(f.activeTier())
				f.selectTier(tr)
			}
			index := map[string][]uint64{}
			for k, v := range op.index {
				index[k] = slices.Clone(v)
			}
			dense := map[string][]T{}
			for k, v := range op.dense {
				dense[k] = slices.Clone(v)
			}
			// The buffer: guard words, the output (its first word
			// shared with the aliased index array's first), guard
			// words. The index array may run past the output.
			outWords := (op.outLen*es + 7) / 8
			words := corruptGuard + max(outWords, len(index[aliased])) + corruptGuard
			buf := make([]uint64, words)
			for i := range buf {
				buf[i] = 0xa5a5a5a5a5a5a5a5 ^ uint64(i)
			}
			out := unsafe.Slice((*T)(unsafe.Pointer(&buf[corruptGuard])), op.outLen)
			for i := range out {
				out[i] = T(i%7) - 3
			}
			if aliased != "" {
				a := buf[corruptGuard : corruptGuard+len(index[aliased])]
				copy(a, index[aliased])
				index[aliased] = a
			}
			bytes := unsafe.Slice((*byte)(unsafe.Pointer(&buf[0])), 8*words)
			before := slices.Clone(bytes)
			savedIndex := map[string][]uint64{}
			for k, v := range index {
				savedIndex[k] = slices.Clone(v)
			}
			what := fmt.Sprintf("path %s, alias %q", tr, aliased)
			func() {
				defer func() {
					r := recover()
					if r == nil {
						return
					}
					s, isString := r.(string)
					if !isString || !slices.Contains(op.panics, s) {
						t.Fatalf("%s: panic %v (%T), want none or one of %q", what, r, r, op.panics)
					}
				}()
				op.call(out, index, dense)
			}()
			lo, hi := 8*corruptGuard, 8*corruptGuard+op.outLen*es
			for i := range bytes {
				if (i < lo || i >= hi) && bytes[i] != before[i] {
					t.Fatalf("%s: byte %d of the output's buffer changed (output bytes %d..%d)", what, i, lo, hi)
				}
			}
			for k, v := range dense {
				if !slices.Equal(v, op.dense[k]) {
					t.Fatalf("%s: input %s changed", what, k)
				}
			}
			for k, v := range index {
				if k != aliased && !slices.Equal(v, savedIndex[k]) {
					t.Fatalf("%s: index array %s changed", what, k)
				}
			}
		}()
	}
}

// spmmCorrupt builds an SpMM (or, with trans, SpMMScatter) call: a rows x
// cols matrix on a w-column panel.
func spmmCorrupt[T Float](z *fuzzReader, trans bool) *corruptOp[T] {
	rows, cols, w := z.n(8), 1+z.n(6), 1+z.n(70)
	ldx, ldy := w+z.n(3), w+z.n(3)
	ptr := z.segments(rows, min(cols, 4)+1)
	ptr[0] = 0
	idx := z.idx(int(ptr[rows]), cols)
	vals := corruptFloats[T](z, len(idx))
	xr, yr := cols, rows
	if trans {
		xr, yr = rows, cols
	}
	x := corruptFloats[T](z, max(0, (xr-1)*ldx+w))
	alpha, beta := T(1.5), T(z.n(2))/2
	op := &corruptOp[T]{
		index:  map[string][]uint64{"ptr": ptr, "idx": idx},
		dense:  map[string][]T{"x": x, "vals": vals},
		outLen: max(0, (yr-1)*ldy+w),
	}
	if trans {
		op.fams = []familyHandle{spmmScatterF32, spmmScatterF64}
		op.panics = []string{spmmScatterBadIndex, "kernels: SpMMScatter: ptr not non-decreasing or beyond len(idx)"}
		op.call = func(out []T, ix map[string][]uint64, d map[string][]T) {
			spmmScatter(op.tune, false, out, ldy, d["x"], ldx, w, ix["ptr"], ix["idx"], d["vals"], alpha)
		}
		return op
	}
	op.fams = []familyHandle{spmmF32, spmmF64}
	op.panics = []string{spmmBadIndex, "kernels: SpMM: ptr not non-decreasing or beyond len(idx)"}
	op.call = func(out []T, ix map[string][]uint64, d map[string][]T) {
		spmmPartUnchecked(op.tune, rows, len(idx), out, ldy, d["x"], ldx, w, ix["ptr"], ix["idx"], d["vals"], alpha, beta)
	}
	return op
}

// gatherCorrupt builds a GatherHadamard call in one of its modes or the
// indexed form (through the family, which has no Unchecked entry point of
// its own).
func gatherCorrupt[T Float](z *fuzzReader) *corruptOp[T] {
	mode, r, nrows, nc := z.n(4), 1+z.n(70), 1+z.n(6), z.n(9)
	ptr := z.segments(nc, 4)
	idx := z.idx(int(ptr[nc])+z.n(2), nrows)
	crd, ocrd := z.idx(nc, nrows), z.idx(nc, nrows)
	vals := corruptFloats[T](z, len(idx))
	x := corruptFloats[T](z, nrows*r)
	outRows, yRows := nrows, 1
	switch mode {
	case 0: // GatherPull
		outRows, yRows = 1, nrows
	case 2: // GatherRows
		outRows = nc
	case 3: // GatherHadamardIndexed
		yRows = nrows
	}
	y := corruptFloats[T](z, yRows*r)
	op := &corruptOp[T]{
		index:  map[string][]uint64{"ptr": ptr, "idx": idx, "crd": crd, "ocrd": ocrd},
		dense:  map[string][]T{"x": x, "y": y, "vals": vals},
		outLen: outRows * r,
		fams:   []familyHandle{gatherHadamardF32, gatherHadamardF64},
		panics: []string{gatherHadamardBadIndex},
	}
	op.call = func(out []T, ix map[string][]uint64, d map[string][]T) {
		if mode == 3 {
			gatherHadamardCall(out, d["y"], ix["ocrd"], ix["crd"], ix["ptr"], d["vals"], ix["idx"], d["x"], r, r, 0, r)
			return
		}
		GatherHadamardUnchecked(GatherMode(mode), out, d["y"], ix["crd"], ix["ptr"], d["vals"], ix["idx"], d["x"], r)
	}
	return op
}

// tree2Corrupt decodes a valid two-level operand: nc nodes, their children
// (crd below crdRows) and the children's leaves (idx below idxRows).
func tree2Corrupt(z *fuzzReader, nc, crdRows, idxRows int) (ptr, crd, lptr, idx []uint64) {
	ptr = z.segments(nc, 4)
	ne := int(ptr[nc]) + z.n(2)
	crd = z.idx(ne, crdRows)
	lptr = z.segments(ne, 4)
	idx = z.idx(int(lptr[ne])+z.n(2), idxRows)
	return
}

func gather2Corrupt[T Float](z *fuzzReader) *corruptOp[T] {
	mode, r, nrows, zrows, nc := GatherMode(z.n(3)), 1+z.n(70), 1+z.n(6), 1+z.n(5), z.n(7)
	ptr, crd, lptr, idx := tree2Corrupt(z, nc, zrows, nrows)
	ncrd := z.idx(nc, nrows)
	vals := corruptFloats[T](z, len(idx))
	x := corruptFloats[T](z, nrows*r)
	zd := corruptFloats[T](z, zrows*r)
	outRows, yRows := nrows, 1
	switch mode {
	case GatherPull:
		outRows, yRows = 1, nrows
	case GatherRows:
		outRows = nc
	}
	y := corruptFloats[T](z, yRows*r)
	return &corruptOp[T]{
		index:  map[string][]uint64{"ptr": ptr, "crd": crd, "lptr": lptr, "idx": idx, "ncrd": ncrd},
		dense:  map[string][]T{"x": x, "y": y, "z": zd, "vals": vals},
		outLen: outRows * r,
		fams:   []familyHandle{gatherHadamard2F32, gatherHadamard2F64},
		panics: []string{gatherHadamard2BadIndex},
		call: func(out []T, ix map[string][]uint64, d map[string][]T) {
			GatherHadamard2Unchecked(mode, out, d["y"], ix["ncrd"], ix["ptr"], ix["crd"], d["z"], ix["lptr"], d["vals"], ix["idx"], d["x"], r)
		},
	}
}

func push2Corrupt[T Float](z *fuzzReader) *corruptOp[T] {
	mode, r, nrows, crows, nc := PushMode(z.n(2)), 1+z.n(70), 1+z.n(6), 1+z.n(5), z.n(7)
	ptr, crd, lptr, idx := tree2Corrupt(z, nc, crows, nrows)
	ycrd := z.idx(nc, nrows)
	fRows, outRows := pushHadamard2Rows(mode, crows, nrows)
	vals := corruptFloats[T](z, len(idx))
	f := corruptFloats[T](z, fRows*r)
	y := corruptFloats[T](z, nrows*r)
	above := corruptFloats[T](z, r)
	return &corruptOp[T]{
		index:  map[string][]uint64{"ptr": ptr, "crd": crd, "lptr": lptr, "idx": idx, "ycrd": ycrd},
		dense:  map[string][]T{"f": f, "y": y, "above": above, "vals": vals},
		outLen: outRows * r,
		fams:   []familyHandle{pushHadamard2F32, pushHadamard2F64},
		panics: []string{pushHadamard2BadIndex},
		call: func(out []T, ix map[string][]uint64, d map[string][]T) {
			PushHadamard2Unchecked(mode, out, d["above"], d["y"], ix["ycrd"], ix["ptr"], ix["crd"], ix["lptr"], d["vals"], ix["idx"], d["f"], r)
		},
	}
}

// scatterCorrupt builds a ScatterHadamard call, base row 0 or indexed
// (through the family, as gatherCorrupt).
func scatterCorrupt[T Float](z *fuzzReader) *corruptOp[T] {
	indexed, r, nrows, nc := z.n(2) == 1, 1+z.n(70), 1+z.n(6), z.n(9)
	ptr := z.segments(nc, 4)
	idx := z.idx(int(ptr[nc])+z.n(2), nrows)
	crd, brow := z.idx(nc, nrows), z.idx(nc, nrows)
	vals := corruptFloats[T](z, len(idx))
	y := corruptFloats[T](z, nrows*r)
	baseRows := 1
	if indexed {
		baseRows = nrows
	}
	base := corruptFloats[T](z, baseRows*r)
	return &corruptOp[T]{
		index:  map[string][]uint64{"ptr": ptr, "idx": idx, "crd": crd, "brow": brow},
		dense:  map[string][]T{"y": y, "base": base, "vals": vals},
		outLen: nrows * r,
		fams:   []familyHandle{scatterHadamardF32, scatterHadamardF64},
		panics: []string{scatterHadamardBadIndex},
		call: func(out []T, ix map[string][]uint64, d map[string][]T) {
			if indexed {
				scatterHadamardCall(out, d["base"], d["y"], ix["brow"], ix["crd"], ix["ptr"], d["vals"], ix["idx"], r, r)
				return
			}
			ScatterHadamardUnchecked(out, d["base"], d["y"], ix["crd"], ix["ptr"], d["vals"], ix["idx"], r)
		},
	}
}

func dotCorrupt[T Float](z *fuzzReader) *corruptOp[T] {
	d, krows, n := 1+z.n(70), 1+z.n(6), z.n(12)
	idx := z.idx(n+z.n(2), krows)
	q := corruptFloats[T](z, d)
	k := corruptFloats[T](z, krows*d)
	return &corruptOp[T]{
		index:  map[string][]uint64{"idx": idx},
		dense:  map[string][]T{"q": q, "k": k},
		outLen: n,
		fams:   []familyHandle{dotRowsF32, dotRowsF64},
		panics: []string{dotRowsBadIndex},
		call: func(out []T, ix map[string][]uint64, dd map[string][]T) {
			DotRowsUnchecked(out, dd["q"], dd["k"], ix["idx"], 1.5)
		},
	}
}

// shortCorrupt builds a SpMVShortUnchecked call with 16- or 32-bit
// indices, one, two or four partial sums and alpha 1 or not: rows x cols
// with x shorter than cols at times.
func shortCorrupt[T Float](z *fuzzReader) *corruptOp[T] {
	rows, cols := z.n(12), 1+z.n(40)
	wide, sums, alpha := z.n(2) == 1, []int{1, 2, 4}[z.n(3)], T(1+z.n(2))/2
	ptr := z.segments(rows, 9)
	idx := z.idx(int(ptr[rows])+z.n(2), cols)
	vals := corruptFloats[T](z, len(idx))
	x := corruptFloats[T](z, cols-z.n(2))
	fams := []familyHandle{spmvShortF32U16, spmvShortF64U16}
	if wide {
		fams = []familyHandle{spmvShortF32U32, spmvShortF64U32}
	}
	return &corruptOp[T]{
		index:  map[string][]uint64{"ptr": ptr, "idx": idx},
		dense:  map[string][]T{"x": x, "vals": vals},
		outLen: rows,
		fams:   fams,
		call: func(out []T, ix map[string][]uint64, d map[string][]T) {
			p := make([]uint32, len(ix["ptr"]))
			for i, v := range ix["ptr"] {
				p[i] = uint32(v)
			}
			if wide {
				c := make([]uint32, len(ix["idx"]))
				for i, v := range ix["idx"] {
					c[i] = uint32(v)
				}
				SpMVShortUnchecked(out, d["x"], p, c, d["vals"], sums, alpha)
				return
			}
			c := make([]uint16, len(ix["idx"]))
			for i, v := range ix["idx"] {
				c[i] = uint16(v)
			}
			SpMVShortUnchecked(out, d["x"], p, c, d["vals"], sums, alpha)
		},
	}
}

// fuzzCorrupt is the body of every corrupt-index target: the first byte
// picks float32 or float64, the tiled SpMM and the output over an index
// array; build decodes the operand.
func fuzzCorrupt(t *testing.T, data []byte, build32 func(*fuzzReader) *corruptOp[float32], build64 func(*fuzzReader) *corruptOp[float64]) {
	z := &fuzzReader{data: data}
	flags := z.next()
	tune := &spmmTune
	if flags&2 != 0 {
		tune = spmmForcedTiles(1)
	}
	alias := -1
	if flags&4 != 0 {
		alias = int(flags >> 3)
	}
	if flags&1 != 0 {
		op := build32(z)
		op.tune = tune
		op.mutate(z)
		op.run(t, alias)
		return
	}
	op := build64(z)
	op.tune = tune
	op.mutate(z)
	op.run(t, alias)
}

// corruptSeeds are seeds every target starts from: each flag combination,
// with a few mutation kinds.
func corruptSeeds(f *testing.F) {
	for flags := range 8 {
		f.Add([]byte{byte(flags), 5, 3, 17, 4, 2, 1, 3, 2, 1, 0, 2, 3, 1, 2, 0, 1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 3, 2, 2, 1, 7})
		f.Add([]byte{byte(flags | 0x28), 7, 4, 33, 6, 5, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 1, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 3, 5, 200, 2, 6})
	}
}

// corruptFuzz fuzzes corruptTargets[k] from corruptSeeds.
func corruptFuzz(f *testing.F, k int) {
	corruptSeeds(f)
	f.Fuzz(corruptTargets[k].body)
}

func FuzzCorruptSpMM(f *testing.F) { corruptFuzz(f, 0) }

func FuzzCorruptSpMMScatter(f *testing.F) { corruptFuzz(f, 1) }

func FuzzCorruptGatherHadamard(f *testing.F) { corruptFuzz(f, 2) }

func FuzzCorruptGatherHadamard2(f *testing.F) { corruptFuzz(f, 3) }

func FuzzCorruptPushHadamard2(f *testing.F) { corruptFuzz(f, 4) }

func FuzzCorruptScatterHadamard(f *testing.F) { corruptFuzz(f, 5) }

func FuzzCorruptDotRows(f *testing.F) { corruptFuzz(f, 6) }

func FuzzCorruptSpMVShort(f *testing.F) { corruptFuzz(f, 7) }

// corruptTargets are the corrupt-index targets' bodies by family, for the
// random loop.
var corruptTargets = []struct {
	name string
	body func(t *testing.T, data []byte)
}{
	{"SpMM", func(t *testing.T, d []byte) {
		fuzzCorrupt(t, d, func(z *fuzzReader) *corruptOp[float32] { return spmmCorrupt[float32](z, false) },
			func(z *fuzzReader) *corruptOp[float64] { return spmmCorrupt[float64](z, false) })
	}},
	{"SpMMScatter", func(t *testing.T, d []byte) {
		fuzzCorrupt(t, d, func(z *fuzzReader) *corruptOp[float32] { return spmmCorrupt[float32](z, true) },
			func(z *fuzzReader) *corruptOp[float64] { return spmmCorrupt[float64](z, true) })
	}},
	{"GatherHadamard", func(t *testing.T, d []byte) { fuzzCorrupt(t, d, gatherCorrupt[float32], gatherCorrupt[float64]) }},
	{"GatherHadamard2", func(t *testing.T, d []byte) { fuzzCorrupt(t, d, gather2Corrupt[float32], gather2Corrupt[float64]) }},
	{"PushHadamard2", func(t *testing.T, d []byte) { fuzzCorrupt(t, d, push2Corrupt[float32], push2Corrupt[float64]) }},
	{"ScatterHadamard", func(t *testing.T, d []byte) { fuzzCorrupt(t, d, scatterCorrupt[float32], scatterCorrupt[float64]) }},
	{"DotRows", func(t *testing.T, d []byte) { fuzzCorrupt(t, d, dotCorrupt[float32], dotCorrupt[float64]) }},
	{"SpMVShort", func(t *testing.T, d []byte) { fuzzCorrupt(t, d, shortCorrupt[float32], shortCorrupt[float64]) }},
}

// TestCorruptRandom runs every corrupt-index target on random byte strings
// (HURRAY_CORRUPT_ITERS of them a family, 200 by default, 20 under -short):
// the fuzz targets' check where the fuzzing engine does not run, as under
// qemu. HURRAY_CORRUPT_SEED picks the sequence.
func TestCorruptRandom(t *testing.T) {
	iters := 200
	if testing.Short() {
		iters = 20
	}
	if s := os.Getenv("HURRAY_CORRUPT_ITERS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("HURRAY_CORRUPT_ITERS=%q: %v", s, err)
		}
		iters = n
	}
	seed := uint64(1)
	if s := os.Getenv("HURRAY_CORRUPT_SEED"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("HURRAY_CORRUPT_SEED=%q: %v", s, err)
		}
		seed = n
	}
	for _, c := range corruptTargets {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 43))
			for range iters {
				data := make([]byte, 16+rng.IntN(112))
				for i := range data {
					data[i] = byte(rng.Uint32())
				}
				t.Run("", func(t *testing.T) {
					c.body(t, data)
					if t.Failed() {
						t.Logf("input %x", data)
					}
				})
				if t.Failed() {
					return
				}
			}
		})
	}
}
