package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// badCase is one product call on index arrays of which one entry is
// replaced: arrays holds every index array of the call by name, run calls
// the implementation under test on them, and targets lists the entries the
// kernel dereferences with the first value out of range for each (a row
// count, or len+1 for a segment bound).
type badCase[T Float] struct {
	arrays  map[string][]uint64
	targets []badTarget
	run     func(arrays map[string][]uint64)
	out     []T // the output, fguard'ed with 7 (checked past len)
	inputs  [][]T
}

type badTarget struct {
	array string
	pos   int
	bound uint64
}

// targetsOf lists the entries lo..hi-1 of array with bound.
func targetsOf(array string, lo, hi int, bound uint64) []badTarget {
	var ts []badTarget
	for p := lo; p < hi; p++ {
		ts = append(ts, badTarget{array, p, bound})
	}
	return ts
}

// runBadCases corrupts each target of each case in turn with a few values
// out of range (rng picks some of them; the first, just out of range, is
// always tried): the call must panic with want, write nothing past the
// output's length and change no input.
func runBadCases[T Float](t *testing.T, rng *rand.Rand, want string, cases []badCase[T]) {
	t.Helper()
	for ci, c := range cases {
		for _, tg := range c.targets {
			for vi, v := range badIndexValues(tg.bound) {
				if vi > 0 && rng.IntN(4) != 0 {
					continue
				}
				arrays := map[string][]uint64{}
				for name, a := range c.arrays {
					arrays[name] = slices.Clone(a)
				}
				arrays[tg.array][tg.pos] = v
				saved := map[string][]uint64{}
				for name, a := range arrays {
					saved[name] = slices.Clone(a)
				}
				var in [][]T
				for _, s := range c.inputs {
					in = append(in, slices.Clone(s))
				}
				out := make([]T, cap(c.out))
				copy(out, c.out[:cap(c.out)])
				out = out[:len(c.out)]
				what := fmt.Sprintf("case %d: %s[%d] = %d", ci, tg.array, tg.pos, v)
				expectPanic(t, what, want, func() {
					c2 := c
					c2.out = out
					c2.runWith(arrays, out)
				})
				for i, x := range out[len(out):cap(out)] {
					if x != 7 {
						t.Fatalf("%s: wrote past the output's length at %d", what, len(out)+i)
					}
				}
				for name, a := range arrays {
					if !slices.Equal(a, saved[name]) {
						t.Fatalf("%s: index array %s changed", what, name)
					}
				}
				for i, s := range c.inputs {
					if !slices.Equal(s, in[i]) {
						t.Fatalf("%s: input %d changed", what, i)
					}
				}
			}
		}
	}
}

// runWith is run with the output out in place of the case's.
func (c badCase[T]) runWith(arrays map[string][]uint64, out []T) {
	copy(c.out[:cap(c.out)], out[:cap(out)])
	c.run(arrays)
	copy(out[:cap(out)], c.out[:cap(c.out)])
}

// badRanks are the row widths of the bad-index tests: below one NEON
// vector (generic there), whole vectors and tails.
var badRanks = []int{1, 3, 4, 8, 17, 33, 67}

// gatherBadCases builds GatherHadamard calls (every mode, and the indexed
// form) for impl.
func gatherBadCases[T Float](rng *rand.Rand, impl gatherHadamardFunc[T]) []badCase[T] {
	const nrows, nc = 5, 6
	var cs []badCase[T]
	for _, r := range badRanks {
		for mode := 0; mode < 4; mode++ {
			ptr, crd, idx := randFiberLevel(rng, nc, 3, nrows)
			ocrd := randRows(rng, nc, nrows)
			vals := frand[T](rng, len(idx), 0, false)
			x := frand[T](rng, nrows*r, 0, false)
			y := frand[T](rng, nrows*r, 0, false)
			outRows, sO, cO, sU := nrows, 0, 0, 0
			arrays := map[string][]uint64{"ptr": ptr, "idx": idx}
			ts := append(targetsOf("ptr", 0, nc+1, uint64(len(idx))+1), targetsOf("idx", int(ptr[0]), int(ptr[nc]), nrows)...)
			switch mode {
			case 0: // GatherPull
				sU, outRows = r, 1
				arrays["ocrd"], arrays["ycrd"] = crd, crd
				ts = append(ts, targetsOf("ycrd", 0, nc, nrows)...)
			case 1: // GatherScatter
				sO = r
				arrays["ocrd"], arrays["ycrd"] = crd, crd
				ts = append(ts, targetsOf("ocrd", 0, nc, nrows)...)
			case 2: // GatherRows
				cO, outRows = r, nc
			case 3: // GatherHadamardIndexed
				sO, sU = r, r
				arrays["ocrd"], arrays["ycrd"] = ocrd, crd
				ts = append(ts, targetsOf("ocrd", 0, nc, nrows)...)
				ts = append(ts, targetsOf("ycrd", 0, nc, nrows)...)
			}
			out := fguard[T](outRows*r, 0, 7)
			cs = append(cs, badCase[T]{arrays: arrays, targets: ts, out: out, inputs: [][]T{vals, x, y},
				run: func(a map[string][]uint64) {
					oc, yc := a["ocrd"], a["ycrd"]
					if mode == 2 {
						oc, yc = a["ptr"], a["ptr"]
					}
					impl(out, y, oc, yc, a["ptr"], vals, a["idx"], x, r, sO, cO, sU)
				}})
		}
	}
	return cs
}

// badTree2 is a random tree of nc nodes (randTree2) over rows of nrows,
// whose children name rows below crows.
func badTree2(rng *rand.Rand, nc, nrows, crows int) tree2 {
	tr := randTree2(rng, nc, 3, 3, nrows)
	for e := range tr.crd {
		tr.crd[e] %= uint64(crows)
	}
	return tr
}

// tree2Arrays names the index arrays of tr as the bad cases do, its node
// rows under rows.
func tree2Arrays(tr tree2, rows string) map[string][]uint64 {
	return map[string][]uint64{"ptr": tr.ptr, "crd": tr.crd, "lptr": tr.lptr, "idx": tr.idx, rows: tr.ncrd}
}

// tree2EdgeTargets lists the entries of tr's ptr and of the crd its nodes
// span (children name rows below crows).
func tree2EdgeTargets(tr tree2, crows uint64) []badTarget {
	nc := len(tr.ptr) - 1
	ts := targetsOf("ptr", 0, nc+1, uint64(len(tr.crd))+1)
	return append(ts, targetsOf("crd", int(tr.ptr[0]), int(tr.ptr[nc]), crows)...)
}

// tree2LeafTargets lists the entries of the lptr and idx tr's children span
// (leaves name rows below nrows), none when the nodes have no children.
func tree2LeafTargets(tr tree2, nrows uint64) []badTarget {
	nc := len(tr.ptr) - 1
	e0, e1 := int(tr.ptr[0]), int(tr.ptr[nc])
	if e1 <= e0 {
		return nil
	}
	ts := targetsOf("lptr", e0, e1+1, uint64(len(tr.idx))+1)
	return append(ts, targetsOf("idx", int(tr.lptr[e0]), int(tr.lptr[e1]), nrows)...)
}

// gather2BadCases builds GatherHadamard2 calls in every mode for impl;
// push2BadCases is its deliberate twin for the push family.
func gather2BadCases[T Float](rng *rand.Rand, impl gatherHadamard2Func[T]) []badCase[T] {
	const nrows, zrows, nc = 5, 4, 5
	var cs []badCase[T]
	for _, r := range badRanks {
		for mode := GatherPull; mode <= GatherRows; mode++ {
			tr := badTree2(rng, nc, nrows, zrows)
			sO, cO, sU, ncrd, outRows := gatherHadamard2Strides(mode, tr, r, nrows)
			vals := frand[T](rng, len(tr.idx), 0, false)
			x := frand[T](rng, nrows*r, 0, false)
			z := frand[T](rng, zrows*r, 0, false)
			y := frand[T](rng, nrows*r, 0, false)
			if mode != GatherPull {
				y = y[:r]
			}
			arrays := tree2Arrays(tr, "ncrd")
			ts := append(tree2EdgeTargets(tr, zrows), tree2LeafTargets(tr, nrows)...)
			if mode != GatherRows {
				ts = append(ts, targetsOf("ncrd", 0, nc, nrows)...)
			}
			_ = ncrd
			out := fguard[T](outRows*r, 0, 7)
			cs = append(cs, badCase[T]{arrays: arrays, targets: ts, out: out, inputs: [][]T{vals, x, y, z},
				run: func(a map[string][]uint64) {
					nc := a["ncrd"]
					if mode == GatherRows {
						nc = a["ptr"]
					}
					impl(out, y, nc, nc, a["ptr"], a["crd"], z, a["lptr"], vals, a["idx"], x, r, sO, cO, sU, 0)
				}})
		}
	}
	return cs
}

// scatterBadCases builds ScatterHadamard calls (base row 0 and indexed) for
// impl.
func scatterBadCases[T Float](rng *rand.Rand, impl scatterHadamardFunc[T]) []badCase[T] {
	const nrows, nc = 5, 6
	var cs []badCase[T]
	for _, r := range badRanks {
		for _, indexed := range []bool{false, true} {
			ptr, crd, idx := randFiberLevel(rng, nc, 3, nrows)
			brow := randRows(rng, nc, nrows)
			vals := frand[T](rng, len(idx), 0, false)
			y := frand[T](rng, nrows*r, 0, false)
			base := frand[T](rng, nrows*r, 0, false)
			sB := 0
			if indexed {
				sB = r
			} else {
				base = base[:r]
			}
			arrays := map[string][]uint64{"ptr": ptr, "crd": crd, "brow": brow, "idx": idx}
			ts := append(targetsOf("ptr", 0, nc+1, uint64(len(idx))+1), targetsOf("idx", int(ptr[0]), int(ptr[nc]), nrows)...)
			for c := range nc {
				if ptr[c] < ptr[c+1] {
					ts = append(ts, badTarget{"crd", c, nrows})
					if indexed {
						ts = append(ts, badTarget{"brow", c, nrows})
					}
				}
			}
			out := fguard[T](nrows*r, 0, 7)
			cs = append(cs, badCase[T]{arrays: arrays, targets: ts, out: out, inputs: [][]T{vals, y, base},
				run: func(a map[string][]uint64) {
					impl(out, base, y, a["brow"], a["crd"], a["ptr"], vals, a["idx"], r, sB)
				}})
		}
	}
	return cs
}

// push2BadCases builds PushHadamard2 calls in both modes for impl: the
// deliberate twin of gather2BadCases.
func push2BadCases[T Float](rng *rand.Rand, impl pushHadamard2Func[T]) []badCase[T] {
	const nrows, crows, nc = 5, 4, 5
	var cs []badCase[T]
	for _, r := range badRanks {
		for mode := PushLeaves; mode <= PushChildren; mode++ {
			tr := badTree2(rng, nc, nrows, crows)
			fRows, outRows := pushHadamard2Rows(mode, crows, nrows)
			vals := frand[T](rng, len(tr.idx), 0, false)
			f := frand[T](rng, fRows*r, 0, false)
			y := frand[T](rng, nrows*r, 0, false)
			above := frand[T](rng, r, 0, false)
			arrays := tree2Arrays(tr, "ycrd")
			ts := append(tree2EdgeTargets(tr, crows), targetsOf("ycrd", 0, nc, nrows)...)
			ts = append(ts, tree2LeafTargets(tr, nrows)...)
			out := fguard[T](outRows*r, 0, 7)
			cs = append(cs, badCase[T]{arrays: arrays, targets: ts, out: out, inputs: [][]T{vals, f, y, above},
				run: func(a map[string][]uint64) {
					impl(out, above, y, a["ycrd"], a["ptr"], a["crd"], a["lptr"], vals, a["idx"], f, r, int(mode), 0)
				}})
		}
	}
	return cs
}

// dotBadCases builds DotRows calls for impl.
func dotBadCases[T Float](rng *rand.Rand, impl dotRowsFunc[T]) []badCase[T] {
	const nrows, n = 5, 9
	var cs []badCase[T]
	for _, d := range badRanks {
		idx := randRows(rng, n+2, nrows)
		q := frand[T](rng, d, 0, false)
		k := frand[T](rng, nrows*d, 0, false)
		out := fguard[T](n, 0, 7)
		cs = append(cs, badCase[T]{arrays: map[string][]uint64{"idx": idx}, targets: targetsOf("idx", 0, n, nrows), out: out,
			inputs: [][]T{q, k},
			run:    func(a map[string][]uint64) { impl(out, q, k, a["idx"], 1.5) }})
	}
	return cs
}

// forEachTierRef is forEachTier with ref run too.
func forEachTierRef[F any](t *testing.T, f *family[F], fn func(t *testing.T, impl F)) {
	t.Run("impl=ref", func(t *testing.T) { fn(t, f.impls[tierRef]) })
	forEachTier(t, f, func(t *testing.T, impl, _ F) { fn(t, impl) })
}

// TestProductsBadIndex: a segment or an index out of range when the kernel
// reads it (an index array changed after validation) stops every path of
// every product family with the family's panic, inside its slices.
func TestProductsBadIndex(t *testing.T) {
	testProductsBadIndex[float32](t, gatherHadamardF32, gatherHadamard2F32, scatterHadamardF32, pushHadamard2F32, dotRowsF32)
	testProductsBadIndex[float64](t, gatherHadamardF64, gatherHadamard2F64, scatterHadamardF64, pushHadamard2F64, dotRowsF64)
}

func testProductsBadIndex[T Float](t *testing.T, g *family[gatherHadamardFunc[T]], g2 *family[gatherHadamard2Func[T]],
	s *family[scatterHadamardFunc[T]], p *family[pushHadamard2Func[T]], d *family[dotRowsFunc[T]]) {
	badIndexFamily(t, g, 81, gatherHadamardBadIndex, gatherBadCases[T])
	badIndexFamily(t, g2, 83, gatherHadamard2BadIndex, gather2BadCases[T])
	badIndexFamily(t, s, 85, scatterHadamardBadIndex, scatterBadCases[T])
	badIndexFamily(t, p, 87, pushHadamard2BadIndex, push2BadCases[T])
	badIndexFamily(t, d, 89, dotRowsBadIndex, dotBadCases[T])
}

// badIndexFamily runs the cases that cases builds on every path of family
// f (ref included), each path with a generator seeded (seed, seed+1): each
// must panic with want.
func badIndexFamily[T Float, F any](t *testing.T, f *family[F], seed uint64, want string, cases func(*rand.Rand, F) []badCase[T]) {
	t.Run(f.name, func(t *testing.T) {
		forEachTierRef(t, f, func(t *testing.T, impl F) {
			rng := rand.New(rand.NewPCG(seed, seed+1))
			runBadCases(t, rng, want, cases(rng, impl))
		})
	})
}
