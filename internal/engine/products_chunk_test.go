package engine

import (
	"math/rand/v2"
	"testing"
)

// TestProductChunks runs the product kernels on inputs larger than the runs
// the assembly glue hands to one call (about 1<<14 leaves, nodes or row
// elements), so that the splits, and the Go column tails after them, are
// compared with ref: many small fibers, then one huge fiber among small ones.
// The operands are small integers, so every sum is exact in any order and
// results must equal ref's.
func TestProductChunks(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 46))
	ranks := []int{5, 16, 19}
	if testing.Short() {
		ranks = ranks[2:] // the race run: one rank, with a column tail
	}
	for _, r := range ranks {
		productChunkCase(t, rng, r, gatherHadamardF32, scatterHadamardF32, dotRowsF32)
		productChunkCase(t, rng, r, gatherHadamardF64, scatterHadamardF64, dotRowsF64)
	}
}

func productChunkCase[T Float](t *testing.T, rng *rand.Rand, r int,
	gf *family[gatherHadamardFunc[T]], sf *family[scatterHadamardFunc[T]], df *family[dotRowsFunc[T]]) {
	t.Helper()
	const nrows = 11
	for _, shape := range []string{"many", "huge"} {
		var ptr, crd, idx []uint64
		if shape == "many" {
			ptr, crd, idx = randFiberLevel(rng, 40000, 2, nrows)
		} else {
			ptr, crd, idx = randFiberLevel(rng, 7, 3, nrows)
			for c := 4; c < len(ptr); c++ {
				ptr[c] += 50000 // node 3 holds about 50000 leaves
			}
			idx = randRows(rng, int(ptr[len(ptr)-1]), nrows)
		}
		nc := len(ptr) - 1
		vals := fsmall[T](rng, len(idx))
		x := fsmall[T](rng, nrows*r)
		y := fsmall[T](rng, nrows*r)
		forEachTier(t, gf, func(t *testing.T, impl, ref gatherHadamardFunc[T]) {
			// GatherRows: one out row per node.
			rows := func(k gatherHadamardFunc[T]) func(out []T) {
				return func(out []T) { k(out, y[:r], ptr, ptr, ptr, vals, idx, x, r, 0, r, 0) }
			}
			fdiff(t, nc*r, 0, 0, rows(impl), rows(ref), "gather rows %s r=%d", shape, r)
			// Indexed: rows shared by many nodes.
			indexed := func(k gatherHadamardFunc[T]) func(out []T) {
				return func(out []T) { k(out, y, crd, crd, ptr, vals, idx, x, r, r, 0, r) }
			}
			fdiff(t, nrows*r, 0, 0, indexed(impl), indexed(ref), "gather indexed %s r=%d", shape, r)
		})
		forEachTier(t, sf, func(t *testing.T, impl, ref scatterHadamardFunc[T]) {
			run := func(k scatterHadamardFunc[T]) func(out []T) {
				return func(out []T) { k(out, y, x, crd, crd, ptr, vals, idx, r, r) }
			}
			fdiff(t, nrows*r, 0, 0, run(impl), run(ref), "scatter %s r=%d", shape, r)
		})
	}
	forEachTier(t, df, func(t *testing.T, impl, ref dotRowsFunc[T]) {
		// 5000 rows of d = 16r: several calls.
		d := 16 * r
		q := fsmall[T](rng, d)
		k := fsmall[T](rng, nrows*d)
		idx := randRows(rng, 5000, nrows)
		fdiff(t, len(idx), 0, 0, func(out []T) { impl(out, q, k, idx, 1.5) }, func(out []T) { ref(out, q, k, idx, 1.5) }, "dot d=%d", d)
	})
}

// fsmall returns n small integers as T (-3..3).
func fsmall[T Float](rng *rand.Rand, n int) []T {
	s := make([]T, n)
	for i := range s {
		s[i] = T(rng.IntN(7) - 3)
	}
	return s
}

// TestProductRun: productRun's shortcut for a rest that fits in one call
// returns what the scan returns, on non-decreasing ptrs whose rest fits or
// does not (by nodes or by leaves).
func TestProductRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 48))
	scan := func(ptr []uint64, c0 int) int {
		c1 := c0 + 1
		for c1 < len(ptr)-1 && c1-c0 < productChunk && ptr[c1]-ptr[c0] < productChunk {
			c1++
		}
		return c1
	}
	for _, n := range []int{1, 2, 300, productChunk - 1, productChunk, productChunk + 1, 3 * productChunk} {
		for _, step := range []int{0, 1, 3} {
			ptr := make([]uint64, n+1)
			for i := 1; i <= n; i++ {
				ptr[i] = ptr[i-1] + uint64(rng.IntN(step+1))
			}
			for _, c0 := range []int{0, n / 2, n - 1} {
				if got, want := productRun(ptr, c0), scan(ptr, c0); got != want {
					t.Fatalf("n=%d step=%d c0=%d: %d, scan %d", n, step, c0, got, want)
				}
			}
		}
	}
}
