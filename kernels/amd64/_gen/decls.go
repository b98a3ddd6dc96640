package main

import (
	"fmt"
	"go/format"
	"slices"
	"strings"
)

// decl is one assembly function of package amd64: the family (the stem of
// its .s file), its name, its Go signature and its doc comment (the text
// without "// ": semantics as the reference loop, then what it assumes).
// stubs_amd64.go declares it; stubs_other.go holds a stub of the same
// signature.
type decl struct {
	family, name, sig, doc string
}

// decls lists every assembly function, family by family in the order of
// stubs_amd64.go.
var decls = []decl{
	// lowerbound
	{"lowerbound", "LowerBoundAVX2", "(s []uint64, key uint64) int", `LowerBoundAVX2 returns the first index i with s[i] >= key (unsigned), or
len(s), for s sorted in non-decreasing order:

	i := 0
	for i < len(s) && s[i] < key {
		i++
	}
	return i

On unsorted s it returns some index in 0..len(s). It handles every length itself: a branch-free
binary search (with prefetch of both next probes) narrows the window to at
most 32 elements, then a vector count of the elements below key finishes.
It reads only s[0:len(s)].`},
	{"lowerbound", "LowerBoundAVX512", "(s []uint64, key uint64) int", `LowerBoundAVX512 is LowerBoundAVX2 with an 8-lane VPCMPUQ count and a
masked load for the last partial vector.`},
	// descendlevel
	{"descendlevel", "DescendLevelAVX2", "(node []int, n int, pos, crd, coords []uint64, stride, off int)", `DescendLevelAVX2 advances the CSF lookups node[:n] by one level (see
kernels.DescendLevel), four queries per vector with gathers:

	for q, p := range node {
		if p < 0 { continue }
		if p >= len(pos)-1 { node[q] = -1; continue }
		lo, hi := pos[p], pos[p+1] clamped to 0 <= lo <= hi <= len(crd)
		key := coords[q*stride+off]
		halve [lo, hi) branch-free as lowerBoundGeneric down to one element
		node[q] = that element's index if crd[it] == key, else -1
	}

It assumes n is a multiple of 4, n <= len(node), len(pos) >= 1,
stride > 0, 0 <= off < stride, len(coords) >= n*stride and len(crd) <
2^62; it reads only inside node, pos, crd and coords whatever node and pos
hold, and writes only node[:n]. It reads node[n:] to prefetch the pos and
crd lines of the queries that follow (software pipelining: pos 32 queries
ahead, crd 16 ahead).`},
	{"descendlevel", "DescendLevelAVX512", "(node []int, n int, pos, crd, coords []uint64, stride, off int)", `DescendLevelAVX512 is DescendLevelAVX2 with eight queries per vector; it
assumes n is a multiple of 8.`},
	// nondecreasing
	{"nondecreasing", "NonDecreasingAVX2", "(s []uint64) int", `NonDecreasingAVX2 checks the pairs (s[i-1], s[i]) for i = 1, 2, ... eight
at a time:

	k := 0
	for k+8 < len(s) { // the block of pairs i = k+1..k+8
		if s[i-1] > s[i] for any i in the block {
			break
		}
		k += 8
	}
	return k

So k is a multiple of 8, every pair with i <= k is in order (s[i-1] <=
s[i], unsigned), and either the block of pairs k+1..k+8 holds a descent or
fewer than eight pairs remain. It reads only s[0:len(s)]; len(s) may be 0.`},
	{"nondecreasing", "NonDecreasingAVX512", "(s []uint64) int", `NonDecreasingAVX512 is NonDecreasingAVX2 with blocks of 16 pairs: k is a
multiple of 16.`},
	// strictlyincreasing
	{"strictlyincreasing", "StrictlyIncreasingStartsAVX512", "(crd []uint64, start []uint64, n int, max uint64) int", `StrictlyIncreasingStartsAVX512 scans n pairs (crd[k], crd[k+1]) for a
descent that does not start a segment, or a second entry above max:

	for k := 0; k < n; k++ {
		if crd[k+1] > max || crd[k+1] <= crd[k] && start[k/64]>>(k%64)&1 == 0 {
			return k
		}
	}
	return -1

It assumes n is a multiple of 32, len(crd) > n and len(start)*64 >= n.`},
	{"strictlyincreasing", "StrictlyIncreasingStartsAVX2", "(crd []uint64, start []uint64, n int, max uint64) int", `StrictlyIncreasingStartsAVX2 is StrictlyIncreasingStartsAVX512 for n a
multiple of 16.`},
	{"strictlyincreasing", "MarkStartsAVX512", "(start []uint64, pos []uint64, a uint64)", `MarkStartsAVX512 sets, for each v in pos, bit (v-a)%(64*len(start)) of
start (little-endian words), storing each word whole: a word's entries
must be adjacent in pos (a sorted pos), or it keeps only the bits of its
last run; len(start) must be a power of two, len(pos) a multiple of 8,
and start zero where pos's words fall (words are stored, not merged).

	for _, v := range pos {
		d := v - a
		start[d/64%len(start)] |= 1 << (d % 64)
	}`},
	// firstnotbelow
	{"firstnotbelow", "FirstNotBelowAVX2", "(s []uint64, bound uint64) int", `FirstNotBelowAVX2 scans s eight elements at a time for one with
s[i] >= bound (unsigned):

	k := 0
	for k+8 <= len(s) {
		if s[i] >= bound for any i in k..k+7 {
			break
		}
		k += 8
	}
	return k

So k is a multiple of 8, every s[i] with i < k is below bound, and either
s[k:k+8] holds one that is not or fewer than eight elements remain. It
reads only s[0:len(s)].`},
	{"firstnotbelow", "FirstNotBelowAVX512", "(s []uint64, bound uint64) int", `FirstNotBelowAVX512 is FirstNotBelowAVX2 with blocks of 32 elements: k is
a multiple of 32.`},
	{"firstnotbelow", "FirstNotBelowCycleAVX2", "(s []uint64, pat []uint64) int", `FirstNotBelowCycleAVX2 is FirstNotBelowAVX2 with cyclic bounds: element i
is checked against pat[i%len(pat)]. It assumes len(pat) is a non-zero
multiple of 8 and, being a block scan, stops at a block boundary (a
multiple of 8).`},
	{"firstnotbelow", "FirstNotBelowCycleAVX512", "(s []uint64, pat []uint64) int", `FirstNotBelowCycleAVX512 is FirstNotBelowCycleAVX2 with blocks of 16: it
assumes len(pat) is a non-zero multiple of 16 and k is a multiple of 16.`},
	// max
	{"max", "MaxAVX2", "(s []uint64) uint64", `MaxAVX2 returns the largest element (unsigned) of s, or 0 when s is empty:

	m := uint64(0)
	for _, v := range s {
		m = max(m, v)
	}
	return m

It assumes len(s) is a multiple of 16; the caller reduces any tail.`},
	{"max", "MaxAVX512", "(s []uint64) uint64", `MaxAVX512 is MaxAVX2 for len(s) a multiple of 32; the caller reduces any
tail.`},
	// expandruns
	{"expandruns", "ExpandRunsAVX2", "(dst, ptr, vals []uint64, first uint64) int", `ExpandRunsAVX2 fills runs of dst (stride 1) and returns how many runs it
did:

	for k := 0; k+1 < len(ptr); k++ {
		lo, hi := ptr[k], ptr[k+1] clamped to 0 <= lo <= hi <= len(dst)
		if hi-lo > MaxRun { return k }
		v := first + k, or vals[k] when len(vals) > 0
		dst[lo:hi] = v
		if elements written >= MaxRun { return k + 1 }
	}
	return len(ptr) - 1

It assumes len(ptr) >= 1 and len(vals) == 0 or len(vals) >= len(ptr)-1,
and writes only inside dst[0:len(dst)].`},
	{"expandruns", "ExpandRunsAVX512", "(dst, ptr, vals []uint64, first uint64) int", `ExpandRunsAVX512 is ExpandRunsAVX2 with 8-lane stores and a masked store
for runs shorter than 8.`},
	// exclusivescan
	{"exclusivescan", "ExclusiveScanAVX2", "(dst, src []uint64, carry uint64) uint64", `ExclusiveScanAVX2 writes dst[i] = carry + src[0] + ... + src[i-1] (mod
2^64) and returns carry + the sum of src:

	for i, v := range src {
		dst[i] = carry
		carry += v
	}
	return carry

It assumes len(src) is a multiple
of 8 and len(dst) >= len(src); dst may be src itself but must not otherwise
overlap it.`},
	{"exclusivescan", "ExclusiveScanAVX512", "(dst, src []uint64, carry uint64) uint64", `ExclusiveScanAVX512 is ExclusiveScanAVX2 for len(src) a multiple of 16.`},
	// countstarts
	{"countstarts", "CountStartsAVX512", "(keys []uint64, limit uint64) int", `CountStartsAVX512 counts the pairs (keys[i-1], keys[i]), 1 <= i <
len(keys), with keys[i]^keys[i-1] > limit (unsigned):

	n := 0
	for i := 1; i < len(keys); i++ {
		if keys[i]^keys[i-1] > limit {
			n++
		}
	}
	return n

It counts whole steps of 32 pairs only: the pairs past the last whole
step are not counted (the caller passes len(keys)-1 a multiple of 32). It
reads keys only within its length. With limit = 1<<shift - 1 it counts the
keys that start a node at the level whose field starts at bit shift
(CountStarts in package kernels).`},
	{"countstarts", "CountStartsAVX2", "(keys []uint64, limit uint64) int", `CountStartsAVX2 is CountStartsAVX512 in steps of 16 pairs.`},
	// compressstarts
	{"compressstarts", "CompressStartsAVX512", "(crd, pos, keys []uint64, limit, limit1 uint64, shift uint, mask, c uint64) (n int, next uint64, done int)", `CompressStartsAVX512 writes, for the groups of 8 pairs (keys[i-1],
keys[i]) it goes through, the nodes the keys start at one level:

	n := 0
	for i := 1; i < len(keys); i++ {
		x := keys[i] ^ keys[i-1]
		if x > limit {
			crd[n] = keys[i] >> shift & mask
			pos[n] = c
			n++
		}
		if x > limit1 {
			c++
		}
	}
	return n, c, len(keys) - 1

It takes a group only while 8 pairs are left and crd and pos both have
room for 8 more nodes, and returns with done, the pairs it went through
(a multiple of 8), when it stops. It writes crd[:n] and pos[:n] and
nothing else; it reads keys only within its length. The starts come from
limit and limit1 alone; shift only places the crd values (package kernels
passes shift < 64).`},
	{"compressstarts", "CompressStartsAVX2", "(crd, pos, keys []uint64, limit, limit1 uint64, shift uint, mask, c uint64) (n int, next uint64, done int)", `CompressStartsAVX2 is CompressStartsAVX512 with groups of 4 pairs.`},
	// storelines
	{"storelines", "StoreLines", "(dst, src unsafe.Pointer, n uintptr)", `StoreLines copies n bytes from src to dst with non-temporal stores: the
destination lines go to memory without being read first (no read for
ownership) and without evicting cached data. It assumes n > 0, n a
multiple of 16 and dst 16-byte aligned. StoreFence must follow before
another goroutine reads dst.`},
	{"storelines", "StoreFence", "()", `StoreFence orders the non-temporal stores made so far before later
stores (SFENCE).`},
	// spmv
	{"spmv", "SpMVF64AVX512", "(y, x []float64, ptr, idx []uint64, vals []float64, alpha, beta float64)", `SpMVF64AVX512 and the other SpMV kernels compute, for every row i of a
compressed matrix,

	s := sum of vals[k]*x[idx[k]] over k in ptr[i]..ptr[i+1] with idx[k] < len(x)
	y[i] = alpha*s (+ beta*y[i] unless beta is +0)

Each segment is clamped to 0..len(idx) (an inverted one is empty) and
eight indices at a time are checked against len(x) before any is used (a
block with one out of range sends the rest of its row to a checked
scalar loop), so no index data can make them read outside the slices.
They assume len(ptr) == len(y)+1, len(vals) == len(idx), and beta == +0
for "do not read y" (the caller turns -0 into +0). They build x's vector
from scalar loads (no gathers), keep two vector sums, and prefetch idx
and vals 2 KiB ahead; see spmv_amd64.s (generated by _gen/spmv.go). The
kernels take consecutive short rows (under 32 entries, other than exactly
16) in batches of up to 512 entries: every product of the batch into a
buffer on their stack first, with no branch on where a row ends, then
each row's sum from that buffer under a mask (AVX-512 mask registers;
AVX2 VMASKMOV loads).

Requires: AVX512F, AVX512VL, FMA3.`},
	{"spmv", "SpMVF32AVX512", "(y, x []float32, ptr, idx []uint64, vals []float32, alpha, beta float32)", `SpMVF32AVX512 is SpMVF64AVX512 for float32.`},
	{"spmv", "SpMVF64AVX2", "(y, x []float64, ptr, idx []uint64, vals []float64, alpha, beta float64)", `SpMVF64AVX2 is SpMVF64AVX512 with 4-lane vectors and an AVX2 range check.
Requires: AVX, AVX2, FMA3.`},
	{"spmv", "SpMVF32AVX2", "(y, x []float32, ptr, idx []uint64, vals []float32, alpha, beta float32)", `SpMVF32AVX2 is SpMVF64AVX2 for float32.`},
	// spmv1
	{"spmv1", "SpMV1F64AVX512", "(y, x []float64, ptr, idx []uint64, vals []float64, alpha, beta float64)", `SpMV1F64AVX512 computes what SpMVF64AVX512 does, for matrices whose rows
mostly hold one entry: eight such rows a step (one gathered load of x, one
multiply), other rows one by one. Like SpMVF64AVX512 it skips entries whose
index is not below len(x) and clamps each row's range to len(idx); it
needs len(ptr) == len(y)+1, len(vals) == len(idx) and beta == +0 for "do
not read y".
Requires: AVX512F, AVX512VL.`},
	{"spmv1", "SpMV1F32AVX512", "(y, x []float32, ptr, idx []uint64, vals []float32, alpha, beta float32)", `SpMV1F32AVX512 is SpMV1F64AVX512 for float32.`},
	{"spmv1", "SpMV1F64AVX2", "(y, x []float64, ptr, idx []uint64, vals []float64, alpha, beta float64)", `SpMV1F64AVX2 is SpMV1F64AVX512 four rows a step, for AVX2 and FMA.`},
	{"spmv1", "SpMV1F32AVX2", "(y, x []float32, ptr, idx []uint64, vals []float32, alpha, beta float32)", `SpMV1F32AVX2 is SpMV1F64AVX2 for float32.`},
	// spmm
	{"spmm", "SpMMF64AVX2", "(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha, beta float64, xrows uint64) int", `SpMMF64AVX2 and the other SpMM kernels compute Y = alpha*A*X + beta*Y on a
w-column panel, row by row of the compressed matrix (ptr, idx, vals): Y's
row is register-blocked in chunks of 4, 2 and 1 vectors plus a masked
tail, two entries per pass into two accumulator sets (four entries and
sets for one-vector chunks, so that FMA latency does not bound them).
They check every row's segment (ptr[i] <= ptr[i+1] <= len(idx)) when
they read it and every index below xrows each time they read it, and
return 1 at the first that is not, having written the rows before it
(and perhaps chunks of its row); else 0. The caller guarantees len(ptr)
>= 1, len(vals) >= len(idx), xrows rows in X (row r is x[r*ldx :
r*ldx+w]), len(y) >= (len(ptr)-2)*ldy + w, w >= 1 and beta == +0 for
"do not read y".`},
	{"spmm", "SpMMF64AVX512", "(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha, beta float64, xrows uint64) int", `SpMMF64AVX512 is the float64 AVX-512 form of SpMM: see SpMMF64AVX2.`},
	{"spmm", "SpMMF32AVX2", "(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha, beta float32, xrows uint64) int", `SpMMF32AVX2 is the float32 AVX2 form of SpMM: see SpMMF64AVX2.`},
	{"spmm", "SpMMF32AVX512", "(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha, beta float32, xrows uint64) int", `SpMMF32AVX512 is the float32 AVX-512 form of SpMM: see SpMMF64AVX2.`},
	{"spmm", "SpMMTileF64AVX2", "(y []float64, ldy int, x []float64, ldx, w int, seg, idx []uint64, vals []float64, alpha, beta float64, limit uint64)", `SpMMTileF64AVX2 and the other SpMMTile kernels are the SpMM kernels on
one column tile of A: row i covers the entries from seg[2i] to
seg[2i+1], stopping early at the first entry whose index is >= limit,
and seg[2i] is set to where it stopped, the start of row i in the next
tile. Y's row is alpha*acc + beta*Y as in SpMM (beta 1 after the first
tile). Each index is compared with limit when it is read, and only then
used; the caller guarantees len(seg) even, seg[2i] <= seg[2i+1] <=
len(idx) <= len(vals), limit at most the rows X holds, y long enough,
and beta == +0 for "do not read y". An index at or above the rows of X
stops its row in the last tile, whose limit is that row count: the
caller finds the row unfinished.`},
	{"spmm", "SpMMTileF64AVX512", "(y []float64, ldy int, x []float64, ldx, w int, seg, idx []uint64, vals []float64, alpha, beta float64, limit uint64)", `SpMMTileF64AVX512 is the float64 AVX-512 form of SpMMTile: see SpMMTileF64AVX2.`},
	{"spmm", "SpMMTileF32AVX2", "(y []float32, ldy int, x []float32, ldx, w int, seg, idx []uint64, vals []float32, alpha, beta float32, limit uint64)", `SpMMTileF32AVX2 is the float32 AVX2 form of SpMMTile: see SpMMTileF64AVX2.`},
	{"spmm", "SpMMTileF32AVX512", "(y []float32, ldy int, x []float32, ldx, w int, seg, idx []uint64, vals []float32, alpha, beta float32, limit uint64)", `SpMMTileF32AVX512 is the float32 AVX-512 form of SpMMTile: see SpMMTileF64AVX2.`},
	// spmmscatter
	{"spmmscatter", "SpMMScatterF64AVX2", "(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha float64, yrows uint64) int", `SpMMScatterF64AVX2 and the other SpMMScatter kernels compute
Y += alpha * Aᵀ X on a w-column panel for the compressed matrix (ptr, idx,
vals): per row i, alpha*X[i, chunk] stays in registers while each entry
adds vals[k] times it into Y's row idx[k]. They check what SpMM checks,
each index against yrows (the rows Y holds), and return 1 at the first
out of range, else 0; the caller guarantees what SpMM needs with the
roles of x and y exchanged.`},
	{"spmmscatter", "SpMMScatterF64AVX512", "(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha float64, yrows uint64) int", `SpMMScatterF64AVX512 is the float64 AVX-512 form of SpMMScatter: see SpMMScatterF64AVX2.`},
	{"spmmscatter", "SpMMScatterF32AVX2", "(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha float32, yrows uint64) int", `SpMMScatterF32AVX2 is the float32 AVX2 form of SpMMScatter: see SpMMScatterF64AVX2.`},
	{"spmmscatter", "SpMMScatterF32AVX512", "(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha float32, yrows uint64) int", `SpMMScatterF32AVX512 is the float32 AVX-512 form of SpMMScatter: see SpMMScatterF64AVX2.`},
	{"spmmscatter", "SpMMScatterTileF64AVX2", "(y []float64, ldy int, x []float64, ldx, w int, seg, idx []uint64, vals []float64, alpha float64, limit uint64)", `SpMMScatterTileF64AVX2 and the other SpMMScatterTile kernels are the
SpMMScatter kernels on one tile of Y's rows, with the segments, limit and
stops of the SpMMTile kernels: each index is compared with limit when it
is read, and the caller guarantees what SpMMTile needs with the roles of
x and y exchanged.`},
	{"spmmscatter", "SpMMScatterTileF64AVX512", "(y []float64, ldy int, x []float64, ldx, w int, seg, idx []uint64, vals []float64, alpha float64, limit uint64)", `SpMMScatterTileF64AVX512 is the float64 AVX-512 form of SpMMScatterTile: see SpMMScatterTileF64AVX2.`},
	{"spmmscatter", "SpMMScatterTileF32AVX2", "(y []float32, ldy int, x []float32, ldx, w int, seg, idx []uint64, vals []float32, alpha float32, limit uint64)", `SpMMScatterTileF32AVX2 is the float32 AVX2 form of SpMMScatterTile: see SpMMScatterTileF64AVX2.`},
	{"spmmscatter", "SpMMScatterTileF32AVX512", "(y []float32, ldy int, x []float32, ldx, w int, seg, idx []uint64, vals []float32, alpha float32, limit uint64)", `SpMMScatterTileF32AVX512 is the float32 AVX-512 form of SpMMScatterTile: see SpMMScatterTileF64AVX2.`},
	// scatteradd
	{"scatteradd", "ScatterAddF64AVX2", "(y, x []float64, ptr, idx []uint64, vals []float64, alpha float64)", `ScatterAddF64AVX2 and the other ScatterAdd kernels compute, for every row i
of a compressed matrix,

	a := alpha * x[i]
	for k := ptr[i]; k < ptr[i+1]; k++ {
		if idx[k] < len(y) { y[idx[k]] += a * vals[k] }   // multiply, then add: not fused
	}

Each segment is clamped to 0..len(idx) and out-of-range indices are
skipped (masked out), so no index data can make them touch memory outside
the slices. They assume len(ptr) == len(x)+1 and len(vals) == len(idx).
The AVX2 kernels run a scalar loop; the AVX-512 kernels gather 8 y values,
add and scatter them back, which matches the loop only when the indices
of a segment are distinct (a validated matrix's are strictly increasing).`},
	{"scatteradd", "ScatterAddF32AVX2", "(y, x []float32, ptr, idx []uint64, vals []float32, alpha float32)", `ScatterAddF32AVX2 is the float32 AVX2 form of ScatterAdd: see ScatterAddF64AVX2.`},
	{"scatteradd", "ScatterAddF64AVX512", "(y, x []float64, ptr, idx []uint64, vals []float64, alpha float64)", `ScatterAddF64AVX512 is the float64 AVX-512 form of ScatterAdd: see ScatterAddF64AVX2.`},
	{"scatteradd", "ScatterAddF32AVX512", "(y, x []float32, ptr, idx []uint64, vals []float32, alpha float32)", `ScatterAddF32AVX512 is the float32 AVX-512 form of ScatterAdd: see ScatterAddF64AVX2.`},
	// gatherhadamard
	{"gatherhadamard", "GatherHadamardF32AVX2", "(out, y []float32, ocrd, ycrd, ptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU int, xrows, obound, ybound uint64) int", `GatherHadamardF32AVX2 and the other GatherHadamard kernels compute, for
every node c (len(ptr)-1 of them), in column chunks:

	t := Σ_{j=ptr[c]}^{ptr[c+1]-1} vals[j] * x[idx[j]*r+k]
	out[ocrd[c]*sO+c*cO+k] += y[ycrd[c]*sU+k] * t

They check each node's segment (ptr[c] <= ptr[c+1] <= len(idx)), idx[j]
below xrows and ocrd[c], ycrd[c] below obound, ybound (the rows of x, out
and y; 2^64-1 for a stride of 0) when they read them, and return 1 at the
first out of range, else 0. They assume r >= 1, len(ptr) >= 1, len(vals)
>= len(idx), ocrd and ycrd holding len(ptr)-1 entries, sO and cO not both
r, and the rows read without an index present (row 0 of a stride-0
operand, row c of out when cO = r): package engine checks those.`},
	{"gatherhadamard", "GatherHadamardF32AVX512", "(out, y []float32, ocrd, ycrd, ptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU int, xrows, obound, ybound uint64) int", `GatherHadamardF32AVX512 is the float32 AVX-512 form of GatherHadamard: see GatherHadamardF32AVX2.`},
	{"gatherhadamard", "GatherHadamardF64AVX2", "(out, y []float64, ocrd, ycrd, ptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU int, xrows, obound, ybound uint64) int", `GatherHadamardF64AVX2 is the float64 AVX2 form of GatherHadamard: see GatherHadamardF32AVX2.`},
	{"gatherhadamard", "GatherHadamardF64AVX512", "(out, y []float64, ocrd, ycrd, ptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU int, xrows, obound, ybound uint64) int", `GatherHadamardF64AVX512 is the float64 AVX-512 form of GatherHadamard: see GatherHadamardF32AVX2.`},
	// gatherhadamard2
	{"gatherhadamard2", "GatherHadamard2F32AVX2", "(out, y []float32, ocrd, ycrd, ptr, crd []uint64, z []float32, lptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU, pf int, xrows, zrows, obound, ybound, lbase uint64) int", `GatherHadamard2F32AVX2 and the other GatherHadamard2 kernels compute, for
every node c (len(ptr)-1 of them), in column chunks:

	s := Σ_{e=ptr[c]}^{ptr[c+1]-1} z[crd[e]*r+k] * Σ_{j=lptr[e]}^{lptr[e+1]-1} vals[j] * x[idx[j]*r+k]
	out[ocrd[c]*sO+c*cO+k] += y[ycrd[c]*sU+k] * s

They check each node's segment of children (ptr[c] <= ptr[c+1] <=
len(crd)) and each child's of leaves (lptr[e] <= lptr[e+1] <= len(idx)),
idx below xrows, crd below zrows and ocrd, ycrd below obound, ybound when
they read them, and return 1 at the first out of range, else 0. They
assume r >= 1, len(ptr) >= 1, len(lptr) > len(crd), len(vals) >=
len(idx), and what GatherHadamard assumes of ocrd, ycrd, out and y.
Every leaf pointer is read less lbase (lptr[e] above stands for
lptr[e]-lbase, wrapping: a pointer below lbase fails the check), so a
caller whose vals and idx start at leaf lbase passes absolute pointers.
The argument pf asks for prefetches: with pf&1 set each leaf
prefetches the x row of the leaf 24 ahead (package kernels sets it by x's
size; the values do not change).`},
	{"gatherhadamard2", "GatherHadamard2F32AVX512", "(out, y []float32, ocrd, ycrd, ptr, crd []uint64, z []float32, lptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU, pf int, xrows, zrows, obound, ybound, lbase uint64) int", `GatherHadamard2F32AVX512 is the float32 AVX-512 form of GatherHadamard2: see GatherHadamard2F32AVX2.`},
	{"gatherhadamard2", "GatherHadamard2F64AVX2", "(out, y []float64, ocrd, ycrd, ptr, crd []uint64, z []float64, lptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU, pf int, xrows, zrows, obound, ybound, lbase uint64) int", `GatherHadamard2F64AVX2 is the float64 AVX2 form of GatherHadamard2: see GatherHadamard2F32AVX2.`},
	{"gatherhadamard2", "GatherHadamard2F64AVX512", "(out, y []float64, ocrd, ycrd, ptr, crd []uint64, z []float64, lptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU, pf int, xrows, zrows, obound, ybound, lbase uint64) int", `GatherHadamard2F64AVX512 is the float64 AVX-512 form of GatherHadamard2: see GatherHadamard2F32AVX2.`},
	// scatterhadamard
	{"scatterhadamard", "ScatterHadamardF32AVX2", "(out, base, y []float32, bcrd, crd, ptr []uint64, vals []float32, idx []uint64, r, sB int, orows, yrows, bbound uint64) int", `ScatterHadamardF32AVX2 and the other ScatterHadamard kernels compute, for
every node c (len(ptr)-1 of them), in column chunks:

	p := base[bcrd[c]*sB+k] * y[crd[c]*r+k]
	out[idx[j]*r+k] += vals[j] * p   for j in ptr[c]..ptr[c+1]-1

They check each node's segment (ptr[c] <= ptr[c+1] <= len(idx)), idx[j]
below orows and, for a node with leaves, crd[c] below yrows and bcrd[c]
below bbound (base's rows; 2^64-1 when sB = 0) when they read them, and
return 1 at the first out of range, else 0. They assume r >= 1,
len(vals) >= len(idx), bcrd and crd holding len(ptr)-1 entries and, when
sB = 0, len(base) >= r.`},
	{"scatterhadamard", "ScatterHadamardF32AVX512", "(out, base, y []float32, bcrd, crd, ptr []uint64, vals []float32, idx []uint64, r, sB int, orows, yrows, bbound uint64) int", `ScatterHadamardF32AVX512 is the float32 AVX-512 form of ScatterHadamard: see ScatterHadamardF32AVX2.`},
	{"scatterhadamard", "ScatterHadamardF64AVX2", "(out, base, y []float64, bcrd, crd, ptr []uint64, vals []float64, idx []uint64, r, sB int, orows, yrows, bbound uint64) int", `ScatterHadamardF64AVX2 is the float64 AVX2 form of ScatterHadamard: see ScatterHadamardF32AVX2.`},
	{"scatterhadamard", "ScatterHadamardF64AVX512", "(out, base, y []float64, bcrd, crd, ptr []uint64, vals []float64, idx []uint64, r, sB int, orows, yrows, bbound uint64) int", `ScatterHadamardF64AVX512 is the float64 AVX-512 form of ScatterHadamard: see ScatterHadamardF32AVX2.`},
	// pushhadamard2
	{"pushhadamard2", "PushHadamard2F32AVX2", "(out, above, y []float32, ycrd, ptr, crd, lptr []uint64, vals []float32, idx []uint64, f []float32, r, mode int, yrows, crows, irows, lbase uint64) int", `PushHadamard2F32AVX2 and the other PushHadamard2 kernels compute, for every
node c (len(ptr)-1 of them), in column chunks, p = above ∘ y[ycrd[c]*r:]
and for each child e = ptr[c]..ptr[c+1]-1, in mode 0:

	q := p ∘ f[crd[e]*r:];  out[idx[j]*r+k] += vals[j] * q[k]   (j = lptr[e]..lptr[e+1]-1)

and in mode 1:

	t := Σ_{j=lptr[e]}^{lptr[e+1]-1} vals[j] * f[idx[j]*r+k];  out[crd[e]*r+k] += p[k] * t

They check each node's segment of children (ptr[c] <= ptr[c+1] <=
len(crd)) and each child's of leaves (lptr[e] <= lptr[e+1] <= len(idx)),
ycrd below yrows, crd below crows and idx below irows (f's rows and out's
in mode 0, out's and f's in mode 1) when they read them, and return 1 at
the first out of range, else 0. They assume r >= 1, len(above) >= r,
len(ptr) >= 1, len(lptr) > len(crd), len(vals) >= len(idx) and ycrd
holding len(ptr)-1 entries. Leaf pointers are read less lbase, as in
GatherHadamard2F32AVX2.`},
	{"pushhadamard2", "PushHadamard2F32AVX512", "(out, above, y []float32, ycrd, ptr, crd, lptr []uint64, vals []float32, idx []uint64, f []float32, r, mode int, yrows, crows, irows, lbase uint64) int", `PushHadamard2F32AVX512 is the float32 AVX-512 form of PushHadamard2: see PushHadamard2F32AVX2.`},
	{"pushhadamard2", "PushHadamard2F64AVX2", "(out, above, y []float64, ycrd, ptr, crd, lptr []uint64, vals []float64, idx []uint64, f []float64, r, mode int, yrows, crows, irows, lbase uint64) int", `PushHadamard2F64AVX2 is the float64 AVX2 form of PushHadamard2: see PushHadamard2F32AVX2.`},
	{"pushhadamard2", "PushHadamard2F64AVX512", "(out, above, y []float64, ycrd, ptr, crd, lptr []uint64, vals []float64, idx []uint64, f []float64, r, mode int, yrows, crows, irows, lbase uint64) int", `PushHadamard2F64AVX512 is the float64 AVX-512 form of PushHadamard2: see PushHadamard2F32AVX2.`},
	// dotrows
	{"dotrows", "DotRowsF32AVX2", "(dst, q, k []float32, idx []uint64, scale float32, krows uint64) int", `DotRowsF32AVX2 and the other DotRows kernels compute, with d = len(q):

	dst[j] = scale * Σ_{t<d} q[t] * k[idx[j]*d+t]   for every j < len(dst)

They check each idx[j] below krows (the rows k holds) when they read it
and return 1 at the first that is not, else 0. They assume len(q) >= 1
and len(idx) >= len(dst).`},
	{"dotrows", "DotRowsF32AVX512", "(dst, q, k []float32, idx []uint64, scale float32, krows uint64) int", `DotRowsF32AVX512 is the float32 AVX-512 form of DotRows: see DotRowsF32AVX2.`},
	{"dotrows", "DotRowsF64AVX2", "(dst, q, k []float64, idx []uint64, scale float64, krows uint64) int", `DotRowsF64AVX2 is the float64 AVX2 form of DotRows: see DotRowsF32AVX2.`},
	{"dotrows", "DotRowsF64AVX512", "(dst, q, k []float64, idx []uint64, scale float64, krows uint64) int", `DotRowsF64AVX512 is the float64 AVX-512 form of DotRows: see DotRowsF32AVX2.`},
}

func init() { decls = append(decls, dqDecls()...) }

// declOf is the declaration of name; it panics on a function decls lacks.
func declOf(name string) decl {
	for _, d := range decls {
		if d.name == name {
			return d
		}
	}
	panic("no declaration for " + name)
}

// constBlocks holds the Go text a family adds to stubs_amd64.go ([0]) and
// stubs_other.go ([1]) before its functions.
var constBlocks = map[string][2]string{
	"expandruns": {`// MaxRun is the longest run ExpandRunsAVX2 and ExpandRunsAVX512 fill; they
// stop before a longer one so that Go fills it (preemptibly).
const MaxRun = 1 << ` + itoa(maxRunLog) + `
`, `// MaxRun is the longest run the assembly would fill.
const MaxRun = 1 << ` + itoa(maxRunLog) + `
`},
	"storelines": {`// HaveStoreLines reports whether StoreLines is built (every amd64 under the
// build constraint: it needs only SSE2).
const HaveStoreLines = true
`, `// HaveStoreLines is false: StoreLines is not built here.
const HaveStoreLines = false
`},
}

// otherBodies holds the stubs_other.go doc and body of the functions whose
// stub does not panic.
var otherBodies = map[string][2]string{
	"StoreFence": {"StoreFence does nothing where StoreLines is not built.", "{}"},
}

// stubsHeader opens both Go files.
const stubsHeader = "// Code generated by kernels/amd64/_gen; DO NOT EDIT.\n\n//go:build %s\n\n"

// stubsAmd64 is stubs_amd64.go: every declaration with its doc comment,
// //go:noescape on those that take pointers.
func stubsAmd64() string {
	return stubsFile("!purego && !noasm && gc", `// The declarations of the assembly kernels, one family (one .s file) after
// another. Package engine validates every length before it calls them. The
// index and search kernels need no more (they clamp, skip or stay inside
// their slices whatever the indices hold); the product kernels check every
// index they dereference, when they read it, and report one out of range.
// Each declaration states what the kernel checks and assumes.
`, 0, func(b *strings.Builder, d decl) {
		writeDoc(b, d.doc)
		if takesPointers(d.sig) {
			b.WriteString("//\n//go:noescape\n")
		}
		fmt.Fprintf(b, "func %s%s\n\n", d.name, d.sig)
	})
}

// stubsOther is stubs_other.go: the same API as panicking stubs, for the
// builds without the assembly.
func stubsOther() string {
	return stubsFile("!amd64 || purego || noasm || !gc", `// The assembly is not built here: every kernel is a stub that panics.
// Package kernels never calls one, since the Has* flags it checks are false
// wherever these stubs are built.

// noAsm is the panic text of every stub.
const noAsm = "kernels/amd64: assembly not built (purego, noasm, another GOARCH or compiler)"
`, 1, func(b *strings.Builder, d decl) {
		if o, ok := otherBodies[d.name]; ok {
			writeDoc(b, o[0])
			fmt.Fprintf(b, "func %s%s %s\n\n", d.name, d.sig, o[1])
			return
		}
		writeDoc(b, d.name+" is not built here; it panics.")
		fmt.Fprintf(b, "func %s%s { panic(noAsm) }\n\n", d.name, d.sig)
	})
}

// stubsFile writes a Go file of package amd64 under build constraint
// constraint: the intro text, then per family its comment, its constant
// block (constBlocks[...][which]) and its functions (fn).
func stubsFile(constraint, intro string, which int, fn func(*strings.Builder, decl)) string {
	var b strings.Builder
	fmt.Fprintf(&b, stubsHeader, constraint)
	b.WriteString("package amd64\n\n")
	if slices.ContainsFunc(decls, func(d decl) bool { return strings.Contains(d.sig, "unsafe.") }) {
		b.WriteString("import \"unsafe\"\n\n")
	}
	b.WriteString(intro + "\n")
	family := ""
	for _, d := range decls {
		if d.family != family {
			family = d.family
			fmt.Fprintf(&b, "// Family %s: %s_amd64.s.\n\n", family, family)
			b.WriteString(constBlocks[family][which])
			if constBlocks[family][which] != "" {
				b.WriteString("\n")
			}
		}
		fn(&b, d)
	}
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		panic(fmt.Sprintf("stubs: %v\n%s", err, b.String()))
	}
	return string(src)
}

// writeDoc writes text as a Go doc comment.
func writeDoc(b *strings.Builder, text string) {
	for _, ln := range strings.Split(text, "\n") {
		switch {
		case ln == "":
			b.WriteString("//\n")
		case strings.HasPrefix(ln, "\t"):
			b.WriteString("//" + ln + "\n")
		default:
			b.WriteString("// " + ln + "\n")
		}
	}
}

// takesPointers reports whether a signature has a slice or pointer
// parameter (and so a //go:noescape to state).
func takesPointers(sig string) bool {
	params, _ := splitSig(sig)
	return slices.ContainsFunc(params, func(t string) bool {
		return strings.HasPrefix(t, "[]") || t == "unsafe.Pointer"
	})
}
