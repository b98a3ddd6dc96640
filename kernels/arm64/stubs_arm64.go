//go:build !purego && !noasm && gc

package arm64

// The declarations of the NEON kernels, one family (one .s file) after
// another. Package engine validates every length before it calls them. The
// index and search kernels need no more (they clamp, skip or stay inside
// their slices whatever the indices hold); the product kernels (SpMM,
// SpMMScatter, the Hadamard families, DotRows) check every index they
// dereference when they read it and return 1 at the first out of range.
// Each declaration states what the kernel checks and assumes. No kernel is preemptible, so package kernels bounds the
// work of one call: the scan kernels (Max, FirstNotBelow, NonDecreasing,
// StrictlyIncreasing) get chunks of at most 64K elements, the expansion
// kernels (ExpandPos, ExpandRuns, ExclusiveScan) about 64K elements written
// and a bounded number of runs, the others a bounded number of rows, nodes
// or queries.
//
// The scan kernels do the vector prefix only: blocks of four elements, as far
// as the slice holds whole blocks, stopping at the first block that holds a
// hit. They return where they stopped; the caller finds the exact index in the
// block (StrictlyIncreasingNEON finds it itself) and handles the tail. They
// read only their slices.

// Family lowerbound: lowerbound_arm64.s.

// LowerBoundNEON returns the first index i with s[i] >= key (unsigned) on
// sorted s:
//
//	i := 0
//	for i < len(s) && s[i] < key {
//		i++
//	}
//	return i
//
// and some index in 0..len(s) on unsorted s. It assumes len(s) >= 8 and reads
// only s. It runs in O(log len(s)).
//
//go:noescape
func LowerBoundNEON(s []uint64, key uint64) int

// Family descendlevel: descendlevel_arm64.s.

// DescendLevelNEON is DescendLevel (package kernels) for crd sorted within
// each segment: each live query is replaced by the index in crd of its key
// among the children of its parent, or -1. A parent outside
// 0..len(pos)-2 misses and every range is clamped to 0..len(crd), so it reads
// and writes only inside its slices whatever pos and node hold. It assumes
// len(pos) >= 1, stride >= 1, 0 <= off < stride and
// len(coords) >= len(node)*stride, and reads coords[q*stride+off] for every
// q. It is not preemptible: callers pass a bounded batch of queries.
//
//go:noescape
func DescendLevelNEON(node []int, pos, crd, coords []uint64, stride, off int)

// Family nondecreasing: nondecreasing_arm64.s.

// NonDecreasingNEON returns the first j = 1+4m such that the block of pairs
// (s[k-1], s[k]), k in j..j+3, holds s[k] < s[k-1], or the first j with
// j+4 > len(s) (1 when len(s) < 5):
//
//	j := 1
//	for ; j+4 <= len(s); j += 4 {
//		if s[k] < s[k-1] for any k in j..j+3 {
//			return j
//		}
//	}
//	return j
//
//go:noescape
func NonDecreasingNEON(s []uint64) int

// Family strictlyincreasing: strictlyincreasing_arm64.s.

// StrictlyIncreasingNEON checks the crd rule of StrictlyIncreasing (package
// kernels) from index j on, whole blocks of four: a descent
// crd[k] <= crd[k-1] must start a segment, found by merging forward in pos
// from p (pos[p] is the first segment start >= j). It returns bad = -1 with
// next, the first k not checked, and np, the merge position there; or the
// first bad k, with next = k. When the merge runs past the end of pos, bad = k
// and np = len(pos): k is bad when pos is the whole pos, else the caller
// resumes at k with more of it. It assumes 1 <= j and reads pos and crd only
// inside their lengths; a pos that is not non-decreasing gives an
// unspecified but memory-safe result. It takes O(len(crd)-j + len(pos)-p).
//
//go:noescape
func StrictlyIncreasingNEON(pos, crd []uint64, j, p int) (bad, next, np int)

// Family firstnotbelow: firstnotbelow_arm64.s.

// FirstNotBelowNEON returns the start i of the first block s[i:i+4] (i a
// multiple of 4) holding an element >= bound (unsigned), or len(s)&^3:
//
//	for i := 0; i+4 <= len(s); i += 4 {
//		if s[k] >= bound for any k in i..i+3 {
//			return i
//		}
//	}
//	return len(s) &^ 3
//
//go:noescape
func FirstNotBelowNEON(s []uint64, bound uint64) int

// FirstNotBelowCyclicNEON is FirstNotBelowNEON with element k compared
// against pat[k%len(pat)]. It assumes len(pat) is a positive multiple of 4.
//
//go:noescape
func FirstNotBelowCyclicNEON(s, pat []uint64) int

// Family max: max_arm64.s.

// MaxNEON returns the largest element (unsigned) of s[:len(s)&^3], or 0:
//
//	m := uint64(0)
//	for _, v := range s[:len(s)&^3] {
//		m = max(m, v)
//	}
//	return m
//
//go:noescape
func MaxNEON(s []uint64) uint64

// Family expandpos: expandpos_arm64.s.

// ExpandPosNEON writes first+p into dst[lo:hi] for every run p, where lo and
// hi are pos[p] and pos[p+1] clamped to len(dst) (hi raised to lo):
//
//	for p := 0; p+1 < len(pos); p++ {
//		lo, hi := min(pos[p], len(dst)), min(pos[p+1], len(dst))
//		for j := lo; j < hi; j++ {
//			dst[j] = first + uint64(p)
//		}
//	}
//
// It assumes len(pos) >= 1.
//
//go:noescape
func ExpandPosNEON(dst []uint64, pos []uint64, first uint64)

// Family expandruns: expandruns_arm64.s.

// ExpandRunsNEON writes vals[i] into dst[j*stride+off] for j in the clamped
// range ptr[i]..ptr[i+1] (clamped to rows, hi raised to lo):
//
//	for i := range vals {
//		lo, hi := min(ptr[i], rows), min(ptr[i+1], rows)
//		for j := lo; j < hi; j++ {
//			dst[j*stride+off] = vals[i]
//		}
//	}
//
// It assumes
// len(ptr) == len(vals)+1, stride >= 1, 0 <= off < stride and
// rows*stride <= len(dst).
//
//go:noescape
func ExpandRunsNEON(dst []uint64, rows, stride, off int, ptr, vals []uint64)

// Family exclusivescan: exclusivescan_arm64.s.

// ExclusiveScanNEON writes the exclusive prefix sums of src[:len(src)&^3],
// starting from sum, into dst and returns the running sum after them:
//
//	for i, v := range src[:len(src)&^3] {
//		dst[i] = sum
//		sum += v
//	}
//	return sum
//
// It
// assumes len(dst) >= len(src) and that dst is src or does not overlap it.
//
//go:noescape
func ExclusiveScanNEON(dst, src []uint64, sum uint64) uint64

// Family countstarts: countstarts_arm64.s.

// CountStartsNEON counts the pairs (keys[i-1], keys[i]), 1 <= i <
// len(keys), with keys[i]^keys[i-1] > limit (unsigned), in whole blocks of
// 4 pairs: the pairs past the last whole block are not counted. With limit
// = 1<<shift - 1 it counts the keys that start a node at the level whose
// field starts at bit shift (CountStarts in package kernels). It reads keys
// only within its length.
//
//go:noescape
func CountStartsNEON(keys []uint64, limit uint64) int

// Family compressstarts: compressstarts_arm64.s.

// CompressStartsNEON writes, for the groups of 4 pairs (keys[i-1], keys[i])
// it goes through, the nodes the keys start at one level:
//
//	for each pair i {
//		x := keys[i] ^ keys[i-1]
//		if x > limit {
//			crd[n] = keys[i] >> shift & mask
//			pos[n] = c
//			n++
//		}
//		if x > limit1 {
//			c++
//		}
//	}
//
// It takes a group only while 4 pairs are left and crd and pos both have
// room for 4 more nodes, and returns n, c after the groups and done, the
// pairs it went through (a multiple of 4). It writes crd[:n] and pos[:n]
// and nothing else; it reads keys only within its length. It assumes
// shift < 64 (the glue handles larger shifts).
//
//go:noescape
func CompressStartsNEON(crd, pos, keys []uint64, limit, limit1 uint64, shift uint, mask, c uint64) (n int, next uint64, done int)

// Family spmv: spmv_arm64.s.

// SpMVF64NEON and SpMVF32NEON compute, for every row i of a compressed
// matrix,
//
//	s := sum of vals[k]*x[idx[k]] over k in ptr[i]..ptr[i+1] with idx[k] < len(x)
//	y[i] = alpha*s (+ beta*y[i] unless beta is +0)
//
// with four scalar FMADD chains per row. Each segment is clamped to
// 0..len(idx) (an inverted one is empty) and an entry whose index is not
// below len(x) is skipped, so no index data can make them read or write
// outside the slices. They assume len(ptr) == len(y)+1, len(vals) ==
// len(idx), and beta == +0 for "do not read y" (the caller turns -0 into
// +0). They are not preemptible: callers pass a bounded number of rows.
//
//go:noescape
func SpMVF64NEON(y, x []float64, ptr, idx []uint64, vals []float64, alpha, beta float64)

// SpMVF32NEON is SpMVF64NEON for float32 values.
//
//go:noescape
func SpMVF32NEON(y, x []float32, ptr, idx []uint64, vals []float32, alpha, beta float32)

// Family spmvnarrow: spmvnarrow_arm64.s.

// SpMVNarrowF64U16NEON and the other three compute SpMVF64NEON's loop on
// 32-bit row pointers and 16- or 32-bit column indices:
//
//	s := sum of vals[k]*x[col[k]] over k in ptr[i]..ptr[i+1] with col[k] < len(x)
//	y[i] = alpha*s (+ beta*y[i] unless beta is +0)
//
// Each segment is clamped to 0..len(col) and an entry whose index is not
// below len(x) is skipped. They assume len(ptr) == len(y)+1, len(vals) ==
// len(col), and beta == +0 for "do not read y". They are not preemptible:
// callers pass a bounded number of rows.
//
//go:noescape
func SpMVNarrowF64U16NEON(y, x []float64, ptr []uint32, col []uint16, vals []float64, alpha, beta float64)

// SpMVNarrowF64U32NEON is SpMVNarrowF64U16NEON on 32-bit indices.
//
//go:noescape
func SpMVNarrowF64U32NEON(y, x []float64, ptr []uint32, col []uint32, vals []float64, alpha, beta float64)

// SpMVNarrowF32U16NEON is SpMVNarrowF64U16NEON for float32 values.
//
//go:noescape
func SpMVNarrowF32U16NEON(y, x []float32, ptr []uint32, col []uint16, vals []float32, alpha, beta float32)

// SpMVNarrowF32U32NEON is SpMVNarrowF32U16NEON on 32-bit indices.
//
//go:noescape
func SpMVNarrowF32U32NEON(y, x []float32, ptr []uint32, col []uint32, vals []float32, alpha, beta float32)

// Family qspmvnarrow: qspmvnarrow_arm64.s.

// QSpMVNarrowI8U16NEON and QSpMVNarrowI8U32NEON compute
// SpMVNarrowF32U16NEON's loop on int8 codes with one float32 scale a row:
//
//	s := sum of float32(codes[k])*x[col[k]] over k in ptr[i]..ptr[i+1] with col[k] < len(x)
//	y[i] = alpha*(s*scale[i]) (+ beta*y[i] unless beta is +0)
//
// Each segment is clamped to 0..len(col) and an entry whose index is not
// below len(x) is skipped. They assume len(ptr) == len(y)+1, len(codes) ==
// len(col), len(scale) == len(y), and beta == +0 for "do not read y". They
// are not preemptible: callers pass a bounded number of rows.
//
//go:noescape
func QSpMVNarrowI8U16NEON(y, x []float32, ptr []uint32, col []uint16, codes []int8, scale []float32, alpha, beta float32)

// QSpMVNarrowI8U32NEON is QSpMVNarrowI8U16NEON on 32-bit indices.
//
//go:noescape
func QSpMVNarrowI8U32NEON(y, x []float32, ptr []uint32, col []uint32, codes []int8, scale []float32, alpha, beta float32)

// Family qspmv: qfused_arm64.s.

// QSpMVI8RowNEON computes SpMV on int8 codes with one scale per row:
//
//	s := sum of float32(int8(codes[k]))*x[idx[k]] over k in ptr[i]..ptr[i+1] with idx[k] < len(x)
//	y[i] = alpha*(s*rs[i]) (+ beta*y[i] unless beta is +0)
//
// Each segment is clamped to 0..len(idx) and an entry whose index is not
// below len(x) is skipped. It assumes len(ptr) == len(y)+1, len(codes) >=
// len(idx), len(rs) >= len(y), and beta == +0 for "do not read y". It is
// not preemptible: callers pass a bounded number of rows.
//
//go:noescape
func QSpMVI8RowNEON(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, alpha, beta float32)

// QSpMVU8RowNEON is QSpMVI8RowNEON on uint8 codes with one scale and one
// zero point per row:
//
//	s := sum of float32(int32(codes[k]) - int32(rz[i]))*x[idx[k]] over k in ptr[i]..ptr[i+1] with idx[k] < len(x)
//	y[i] = alpha*(s*rs[i]) (+ beta*y[i] unless beta is +0)
//
// It assumes len(rz) >= len(y) besides QSpMVI8RowNEON's conditions.
//
//go:noescape
func QSpMVU8RowNEON(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, rz []uint8, alpha, beta float32)

// QSpMV4BlockNEON computes SpMV on 4-bit codes (two a byte, value k in the
// low nibble of codes[k/2] when k is even, the high one otherwise) with one
// scale per block of b values, blocks running through the stored values
// across rows:
//
//	s := sum of (table[nibble k]*scale[k/b])*x[idx[k]] over k in ptr[i]..ptr[i+1] with idx[k] < len(x)
//	y[i] = alpha*s (+ beta*y[i] unless beta is +0)
//
// each value one float32 product rounded once, as quant.Values.At computes
// it. Each segment is clamped to 0..len(idx) and an entry whose index is
// not below len(x) is skipped. It assumes len(ptr) == len(y)+1,
// len(table) == 16, b >= 1, len(codes) >= (len(idx)+1)/2, a scale for
// every block of the values of the rows, and beta == +0 for "do not read
// y"; it reads a block's scale only when a row has a value in the block.
// It is not preemptible: callers pass a bounded number of rows.
//
//go:noescape
func QSpMV4BlockNEON(y, x []float32, ptr, idx []uint64, codes []byte, table, scale []float32, b int, alpha, beta float32)

// QSpMVI8BlockNEON is QSpMV4BlockNEON on int8 codes, one a byte:
//
//	s += (float32(int8(codes[k]))*scale[k/b])*x[idx[k]]
//
// It assumes len(codes) >= len(idx).
//
//go:noescape
func QSpMVI8BlockNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, b int, alpha, beta float32)

// QSpMV4MXNEON is QSpMV4BlockNEON with MX scales: block g's scale is
// E8M0(exps[g]), 2^(exps[g]-127) (exponent 0: 2^-127), built from the
// exponent's bits. Exponent 0xFF (NaN, which validation rejects) gives
// +Inf.
//
//go:noescape
func QSpMV4MXNEON(y, x []float32, ptr, idx []uint64, codes []byte, table []float32, exps []byte, b int, alpha, beta float32)

// Family qspmm: qspmm_arm64.s.

// QSpMM8BlockNEON computes SpMM on 8-bit codes with one float32 scale per
// block of b values (blocks run through the stored values across rows):
// for each row i of ptr (segment clamped to 0..len(idx)) and column c < w,
//
//	var s float32
//	for k := ptr[i]; k < ptr[i+1]; k++ {
//		if idx[k] >= xrows { continue }
//		s += (table[codes[k]] * scale[k/b]) * x[idx[k]*ldx+c]
//	}
//	y[i*ldy+c] = alpha*s (+ beta*y[i*ldy+c] unless beta is +0)
//
// in SpMMF32NEON's column blocks, each value one float32 product rounded
// once. The other QSpMM kernels differ in the code and the scale: Row
// kernels (8-bit codes only) read no block scale and multiply row i's sums
// by alpha*scale[i] (scale has a value per row of ptr); 4-bit kernels read
// nibble k&1 of codes[k>>1] through table[(k&1)*256 + codes[k>>1]] (the
// 512-entry expansion of a 16-entry table); MX kernels take scale[k/b] =
// E8M0(exps[k/b]), 2^(exps[k/b]-127) (exponent 0: 2^-127; 0xFF: +Inf). It
// assumes len(table) >= 256 (512 for 4-bit codes), len(codes) >= len(idx)
// ((len(idx)+1)/2 for 4-bit codes), (len(idx)+b-1)/b scales or exponents,
// b >= 1, w >= 1, ldx, ldy >= w, y holding len(ptr)-1 rows, x xrows rows, and
// beta == +0 for "do not read y". It is not preemptible: callers pass a
// bounded number of rows.
//
//go:noescape
func QSpMM8BlockNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64)

// QSpMM8RowNEON is QSpMM8BlockNEON on 8-bit codes with one scale per row.
//
//go:noescape
func QSpMM8RowNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64)

// QSpMM8MXNEON is QSpMM8BlockNEON on 8-bit codes with an E8M0 exponent per block.
//
//go:noescape
func QSpMM8MXNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64)

// QSpMM4BlockNEON is QSpMM8BlockNEON on 4-bit codes with a float32 scale per block.
//
//go:noescape
func QSpMM4BlockNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64)

// QSpMM4MXNEON is QSpMM8BlockNEON on 4-bit codes with an E8M0 exponent per block.
//
//go:noescape
func QSpMM4MXNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha, beta float32, xrows uint64)

// Family spmvshort: spmvshort_arm64.s.

// SpMVShortF64U16NEON computes y = A x on 32-bit row pointers and uint16
// column indices for rows of a few entries, with one sum a row:
//
//	k = min(k, len(col))
//	for i := range y {
//		end := min(ptr[i+1], len(col))
//		s := 0 // over k..end-1, col[k] < len(x)
//		s += vals[k] * x[col[k]]
//		y[i] = s
//	}
//	return k // max(k, the last end)
//
// Called with k = ptr[0] on a non-decreasing ptr, row i is entries
// ptr[i]..ptr[i+1]-1; any other ptr or k gives other sums, never a read out
// of bounds. It assumes len(ptr) == len(y)+1 and len(vals) == len(col), and
// is not preemptible: callers pass a bounded number of rows.
// SpMVShort2F64U16NEON and SpMVShort4F64U16NEON keep two and four partial
// sums (entry q of each whole group of 2 or 4 entries of a row into sum q,
// the rest into the first, added in pairs at the end); the other nine are
// the three on 32-bit indices and on float32 values.
//
//go:noescape
func SpMVShortF64U16NEON(y, x []float64, ptr []uint32, col []uint16, vals []float64, k int) int

// SpMVShort2F64U16NEON: see SpMVShortF64U16NEON.
//
//go:noescape
func SpMVShort2F64U16NEON(y, x []float64, ptr []uint32, col []uint16, vals []float64, k int) int

// SpMVShort4F64U16NEON: see SpMVShortF64U16NEON.
//
//go:noescape
func SpMVShort4F64U16NEON(y, x []float64, ptr []uint32, col []uint16, vals []float64, k int) int

// SpMVShortF64U32NEON: see SpMVShortF64U16NEON.
//
//go:noescape
func SpMVShortF64U32NEON(y, x []float64, ptr []uint32, col []uint32, vals []float64, k int) int

// SpMVShort2F64U32NEON: see SpMVShortF64U16NEON.
//
//go:noescape
func SpMVShort2F64U32NEON(y, x []float64, ptr []uint32, col []uint32, vals []float64, k int) int

// SpMVShort4F64U32NEON: see SpMVShortF64U16NEON.
//
//go:noescape
func SpMVShort4F64U32NEON(y, x []float64, ptr []uint32, col []uint32, vals []float64, k int) int

// SpMVShortF32U16NEON: see SpMVShortF64U16NEON.
//
//go:noescape
func SpMVShortF32U16NEON(y, x []float32, ptr []uint32, col []uint16, vals []float32, k int) int

// SpMVShort2F32U16NEON: see SpMVShortF64U16NEON.
//
//go:noescape
func SpMVShort2F32U16NEON(y, x []float32, ptr []uint32, col []uint16, vals []float32, k int) int

// SpMVShort4F32U16NEON: see SpMVShortF64U16NEON.
//
//go:noescape
func SpMVShort4F32U16NEON(y, x []float32, ptr []uint32, col []uint16, vals []float32, k int) int

// SpMVShortF32U32NEON: see SpMVShortF64U16NEON.
//
//go:noescape
func SpMVShortF32U32NEON(y, x []float32, ptr []uint32, col []uint32, vals []float32, k int) int

// SpMVShort2F32U32NEON: see SpMVShortF64U16NEON.
//
//go:noescape
func SpMVShort2F32U32NEON(y, x []float32, ptr []uint32, col []uint32, vals []float32, k int) int

// SpMVShort4F32U32NEON: see SpMVShortF64U16NEON.
//
//go:noescape
func SpMVShort4F32U32NEON(y, x []float32, ptr []uint32, col []uint32, vals []float32, k int) int

// Family qspmvnarrowblock: qspmvnarrowblock_arm64.s.

// QSpMVNarrowI8BlockU16NEON computes SpMV on 32-bit row pointers, uint16
// column indices and int8 codes with a float32 scale per block of b values
// from value first on:
//
//	s := sum of (float32(int8(codes[first+k]))*scale[p(k)/b])*x[col[k]] over k in ptr[i]..ptr[i+1] with col[k] < len(x)
//	y[i] = alpha*s (+ beta*y[i] unless beta is +0)
//
// with the scale position p(k) = first+k, or spos[i]+k-lo (lo the row's
// clamped start) when len(spos) > 0. Each segment is clamped to
// 0..len(col) and an entry whose index is not below len(x) is skipped. It
// assumes len(ptr) == len(y)+1, b >= 1, codes for values
// first..first+len(col)-1, a scale for each block of their scale
// positions and len(spos) == len(y) or 0, and is not preemptible: callers
// pass a bounded number of rows.
//
//go:noescape
func QSpMVNarrowI8BlockU16NEON(y, x []float32, ptr []uint32, col []uint16, codes []byte, first int, scale []float32, b int, alpha, beta float32, spos []uint32)

// QSpMVNarrowI8BlockU32NEON is QSpMVNarrowI8BlockU16NEON on 32-bit indices.
//
//go:noescape
func QSpMVNarrowI8BlockU32NEON(y, x []float32, ptr []uint32, col []uint32, codes []byte, first int, scale []float32, b int, alpha, beta float32, spos []uint32)

// QSpMVNarrow4BlockU16NEON is QSpMVNarrowI8BlockU16NEON on 4-bit codes, two
// a byte (value p in the low nibble of codes[p/2] when p is even, the high
// one otherwise), through table:
//
//	s += (table[nibble first+k]*scale[p(k)/b])*x[col[k]]
//
// It assumes len(table) == 16 and (first+len(col)+1)/2 <= len(codes).
//
//go:noescape
func QSpMVNarrow4BlockU16NEON(y, x []float32, ptr []uint32, col []uint16, codes []byte, first int, table, scale []float32, b int, alpha, beta float32, spos []uint32)

// QSpMVNarrow4BlockU32NEON is QSpMVNarrow4BlockU16NEON on 32-bit indices.
//
//go:noescape
func QSpMVNarrow4BlockU32NEON(y, x []float32, ptr []uint32, col []uint32, codes []byte, first int, table, scale []float32, b int, alpha, beta float32, spos []uint32)

// QSpMVNarrow4MXU16NEON is QSpMVNarrow4BlockU16NEON with MX scales: block
// g's scale is E8M0(exps[g]), 2^(exps[g]-127) (exponent 0: 2^-127).
// Exponent 0xFF (NaN, which validation rejects) gives +Inf.
//
//go:noescape
func QSpMVNarrow4MXU16NEON(y, x []float32, ptr []uint32, col []uint16, codes []byte, first int, table []float32, exps []byte, b int, alpha, beta float32, spos []uint32)

// QSpMVNarrow4MXU32NEON is QSpMVNarrow4MXU16NEON on 32-bit indices.
//
//go:noescape
func QSpMVNarrow4MXU32NEON(y, x []float32, ptr []uint32, col []uint32, codes []byte, first int, table []float32, exps []byte, b int, alpha, beta float32, spos []uint32)

// Family spmm: spmm_arm64.s.

// SpMMF64NEON and SpMMF32NEON compute Y = alpha*A*X + beta*Y on a w-column
// panel, row by row of the compressed matrix (ptr, idx, vals): Y's row is
// built in blocks of four vectors, one vector and single columns, two
// entries per pass into two accumulator sets. Row r of X is
// x[r*ldx : r*ldx+w], row i of Y is y[i*ldy : i*ldy+w].
//
// They check each row's segment (ptr[i] <= ptr[i+1] <= len(idx)) when the
// row starts and each index below xrows every time they read it, and
// return 1 at the first out of range (the rows before it written), else
// 0. The caller guarantees len(ptr) >= 1, len(vals) >= len(idx), xrows
// rows in X, len(y) >= (len(ptr)-2)*ldy + w, ldx, ldy >= w >= 0, and beta
// == +0 for "do not read y". They are not preemptible: callers bound the
// work of one call.
//
//go:noescape
func SpMMF64NEON(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha, beta float64, xrows uint64) int

// SpMMF32NEON is SpMMF64NEON for float32 values.
//
//go:noescape
func SpMMF32NEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha, beta float32, xrows uint64) int

// Family spmmscatter: spmmscatter_arm64.s.

// SpMMScatterF64NEON and SpMMScatterF32NEON compute Y += alpha * Aᵀ X on a
// w-column panel for the compressed matrix (ptr, idx, vals): per row i and
// column block, ax := alpha*X[i, block] stays in registers while each entry
// adds vals[k]*ax into Y's row idx[k], one entry at a time, so repeated
// indices accumulate as in the loop. They check what SpMMF64NEON checks,
// each index against yrows (the rows Y holds), and return 1 at the first
// out of range, else 0; the caller guarantees what SpMMF64NEON assumes with
// the roles of x and y exchanged (len(ptr)-1 rows of X).
//
//go:noescape
func SpMMScatterF64NEON(y []float64, ldy int, x []float64, ldx, w int, ptr, idx []uint64, vals []float64, alpha float64, yrows uint64) int

// SpMMScatterF32NEON is SpMMScatterF64NEON for float32 values.
//
//go:noescape
func SpMMScatterF32NEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, vals []float32, alpha float32, yrows uint64) int

// Family spmmnarrow: spmmnarrow_arm64.s.

// SpMMNarrowF64U16NEON and the other three are SpMMF64NEON and SpMMF32NEON
// on 32-bit row pointers and 16- or 32-bit indices, read zero-extended and
// checked as there: each segment against len(idx) and each index against
// xrows when it is read, returning 1 at the first out of range, else 0.
// They assume what SpMMF64NEON assumes and are not preemptible: callers
// bound the work of one call.
//
//go:noescape
func SpMMNarrowF64U16NEON(y []float64, ldy int, x []float64, ldx, w int, ptr []uint32, idx []uint16, vals []float64, alpha, beta float64, xrows uint64) int

// SpMMNarrowF64U32NEON is SpMMNarrowF64U16NEON on 32-bit indices.
//
//go:noescape
func SpMMNarrowF64U32NEON(y []float64, ldy int, x []float64, ldx, w int, ptr []uint32, idx []uint32, vals []float64, alpha, beta float64, xrows uint64) int

// SpMMNarrowF32U16NEON is SpMMNarrowF64U16NEON for float32 values.
//
//go:noescape
func SpMMNarrowF32U16NEON(y []float32, ldy int, x []float32, ldx, w int, ptr []uint32, idx []uint16, vals []float32, alpha, beta float32, xrows uint64) int

// SpMMNarrowF32U32NEON is SpMMNarrowF32U16NEON on 32-bit indices.
//
//go:noescape
func SpMMNarrowF32U32NEON(y []float32, ldy int, x []float32, ldx, w int, ptr []uint32, idx []uint32, vals []float32, alpha, beta float32, xrows uint64) int

// Family spmmscatternarrow: spmmscatternarrow_arm64.s.

// SpMMScatterNarrowF64U16NEON and the other three are SpMMScatterF64NEON
// and SpMMScatterF32NEON on 32-bit row pointers and 16- or 32-bit indices,
// read zero-extended and checked as there (each index against yrows),
// returning 1 at the first out of range, else 0. They assume what
// SpMMScatterF64NEON assumes and are not preemptible.
//
//go:noescape
func SpMMScatterNarrowF64U16NEON(y []float64, ldy int, x []float64, ldx, w int, ptr []uint32, idx []uint16, vals []float64, alpha float64, yrows uint64) int

// SpMMScatterNarrowF64U32NEON is SpMMScatterNarrowF64U16NEON on 32-bit
// indices.
//
//go:noescape
func SpMMScatterNarrowF64U32NEON(y []float64, ldy int, x []float64, ldx, w int, ptr []uint32, idx []uint32, vals []float64, alpha float64, yrows uint64) int

// SpMMScatterNarrowF32U16NEON is SpMMScatterNarrowF64U16NEON for float32
// values.
//
//go:noescape
func SpMMScatterNarrowF32U16NEON(y []float32, ldy int, x []float32, ldx, w int, ptr []uint32, idx []uint16, vals []float32, alpha float32, yrows uint64) int

// SpMMScatterNarrowF32U32NEON is SpMMScatterNarrowF32U16NEON on 32-bit
// indices.
//
//go:noescape
func SpMMScatterNarrowF32U32NEON(y []float32, ldy int, x []float32, ldx, w int, ptr []uint32, idx []uint32, vals []float32, alpha float32, yrows uint64) int

// Family scatteraddnarrow: scatteraddnarrow_arm64.s.

// ScatterAddNarrowF64U16NEON and the other three are ScatterAddF64NEON and
// ScatterAddF32NEON on 32-bit row pointers and 16- or 32-bit indices: the
// same loop (one fused multiply-add an entry, in the loop's order), the
// same clamping and skipping, and the same assumptions.
//
//go:noescape
func ScatterAddNarrowF64U16NEON(y, x []float64, ptr []uint32, idx []uint16, vals []float64, alpha float64)

// ScatterAddNarrowF64U32NEON is ScatterAddNarrowF64U16NEON on 32-bit
// indices.
//
//go:noescape
func ScatterAddNarrowF64U32NEON(y, x []float64, ptr []uint32, idx []uint32, vals []float64, alpha float64)

// ScatterAddNarrowF32U16NEON is ScatterAddNarrowF64U16NEON for float32
// values.
//
//go:noescape
func ScatterAddNarrowF32U16NEON(y, x []float32, ptr []uint32, idx []uint16, vals []float32, alpha float32)

// ScatterAddNarrowF32U32NEON is ScatterAddNarrowF32U16NEON on 32-bit
// indices.
//
//go:noescape
func ScatterAddNarrowF32U32NEON(y, x []float32, ptr []uint32, idx []uint32, vals []float32, alpha float32)

// Family scatteradd: scatteradd_arm64.s.

// ScatterAddF64NEON and ScatterAddF32NEON compute, for every row i of a compressed
// matrix,
//
//	a := alpha * x[i]
//	for k := ptr[i]; k < ptr[i+1]; k++ {
//		if idx[k] < len(y) { y[idx[k]] += a * vals[k] }   // fused multiply-add
//	}
//
// with scalar loads and stores in the loop's order, so repeated indices in a
// segment accumulate as in the loop. Each segment is clamped to 0..len(idx)
// and out-of-range indices are skipped, so no index data can make them touch
// memory outside the slices. They assume len(ptr) == len(x)+1 and
// len(vals) == len(idx). They are not preemptible: callers pass a bounded
// number of rows.
//
//go:noescape
func ScatterAddF64NEON(y, x []float64, ptr, idx []uint64, vals []float64, alpha float64)

// ScatterAddF32NEON is ScatterAddF64NEON for float32 values.
//
//go:noescape
func ScatterAddF32NEON(y, x []float32, ptr, idx []uint64, vals []float32, alpha float32)

// Family gatherhadamard: gatherhadamard_arm64.s.

// GatherHadamardF32NEON computes, for every node c (len(ptr)-1 of them) and
// every column k < w:
//
//	t := Σ_{j=ptr[c]}^{ptr[c+1]-1} vals[j] * x[idx[j]*r+k]
//	out[ocrd[c]*sO+c*cO+k] += y[ycrd[c]*sU+k] * t
//
// with fused multiply-adds. Columns w..r-1 are the caller's. It checks each
// node's segment (ptr[c] <= ptr[c+1] <= len(idx)), idx[j] < xrows, ocrd[c]
// < obound and ycrd[c] < ybound (out's and y's rows, or 2^64-1 where the
// stride is 0) when it reads them, and returns 1 at the first out of range,
// else 0. It assumes r >= 1, w a multiple of 4 with 4 <= w <= r, sO, cO and
// sU each 0 or r (sO and cO not both), len(ptr) >= 1, len(vals) >=
// len(idx), ocrd and ycrd holding len(ptr)-1 entries, and the rows read
// without an index (row 0 at stride 0, row c when cO = r) present: package
// engine checks. It is not preemptible: callers bound the nodes and leaves
// of one call.
//
//go:noescape
func GatherHadamardF32NEON(out, y []float32, ocrd, ycrd, ptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU, w int, xrows, obound, ybound uint64) int

// GatherHadamardF64NEON is GatherHadamardF32NEON for float64, with w a
// multiple of 2 (2 <= w <= r).
//
//go:noescape
func GatherHadamardF64NEON(out, y []float64, ocrd, ycrd, ptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU, w int, xrows, obound, ybound uint64) int

// Family gatherhadamard2: gatherhadamard2_arm64.s.

// GatherHadamard2F32NEON is the two-level gather: for every node c
// (len(ptr)-1 of them) and every column k < w:
//
//	s := Σ_{e=ptr[c]}^{ptr[c+1]-1} z[crd[e]*r+k] * Σ_{j=lptr[e]}^{lptr[e+1]-1} vals[j] * x[idx[j]*r+k]
//	out[ocrd[c]*sO+c*cO+k] += y[ycrd[c]*sU+k] * s
//
// with fused multiply-adds. Columns w..r-1 are the caller's. It checks
// ptr[c] <= ptr[c+1] <= len(crd), lptr[e] <= lptr[e+1] <= len(idx), idx[j]
// < xrows, crd[e] < zrows, ocrd[c] < obound and ycrd[c] < ybound when it
// reads them, and returns 1 at the first out of range, else 0. It assumes
// what GatherHadamardF32NEON does and len(lptr) > len(crd). Every leaf
// pointer is read less lbase (lptr[e] above stands for lptr[e]-lbase,
// wrapping, so that one below lbase fails the check): a caller whose vals
// and idx start at leaf lbase passes absolute pointers. It is not
// preemptible: callers bound the nodes, children and leaves of one call.
//
//go:noescape
func GatherHadamard2F32NEON(out, y []float32, ocrd, ycrd, ptr, crd []uint64, z []float32, lptr []uint64, vals []float32, idx []uint64, x []float32, r, sO, cO, sU, w int, xrows, zrows, obound, ybound, lbase uint64) int

// GatherHadamard2F64NEON is GatherHadamard2F32NEON for float64, with w a
// multiple of 2 (2 <= w <= r).
//
//go:noescape
func GatherHadamard2F64NEON(out, y []float64, ocrd, ycrd, ptr, crd []uint64, z []float64, lptr []uint64, vals []float64, idx []uint64, x []float64, r, sO, cO, sU, w int, xrows, zrows, obound, ybound, lbase uint64) int

// Family scatterhadamard: scatterhadamard_arm64.s.

// ScatterHadamardF32NEON computes, for every node c (len(ptr)-1 of them) with
// ptr[c] < ptr[c+1], and every column k < w:
//
//	p := base[bcrd[c]*sB+k] * y[crd[c]*r+k]
//	out[idx[j]*r+k] += vals[j] * p   for j := ptr[c]; j < ptr[c+1]; j++
//
// with fused multiply-adds. Columns w..r-1 are the caller's. It checks
// each node's segment (ptr[c] <= ptr[c+1] <= len(idx)), idx[j] < orows
// and, for a node with leaves, crd[c] < yrows and bcrd[c] < bbound (base's
// rows, or 2^64-1 when sB = 0) when it reads them, and returns 1 at the
// first out of range, else 0. It assumes r >= 1, w a multiple of 4 with 4
// <= w <= r, sB 0 or r, len(ptr) >= 1, len(vals) >= len(idx), bcrd and crd
// holding len(ptr)-1 entries and len(base) >= r when sB = 0: package
// engine checks. It is not preemptible: callers bound the leaves of one
// call.
//
//go:noescape
func ScatterHadamardF32NEON(out, base, y []float32, bcrd, crd, ptr []uint64, vals []float32, idx []uint64, r, sB, w int, orows, yrows, bbound uint64) int

// ScatterHadamardF64NEON is ScatterHadamardF32NEON for float64, with w a
// multiple of 2 (2 <= w <= r).
//
//go:noescape
func ScatterHadamardF64NEON(out, base, y []float64, bcrd, crd, ptr []uint64, vals []float64, idx []uint64, r, sB, w int, orows, yrows, bbound uint64) int

// Family pushhadamard2: pushhadamard2_arm64.s.

// PushHadamard2F32NEON is the two-level push: for every node c (len(ptr)-1
// of them), every child e in ptr[c]..ptr[c+1]-1 and every column k < w, with
// p := above[k] * y[ycrd[c]*r+k],
//
//	mode 0: out[idx[j]*r+k] += vals[j] * (p * f[crd[e]*r+k])   for j := lptr[e]; j < lptr[e+1]; j++
//	mode 1: out[crd[e]*r+k] += p * Σ_{j=lptr[e]}^{lptr[e+1]-1} vals[j] * f[idx[j]*r+k]
//
// with fused multiply-adds. Columns w..r-1 are the caller's. It checks
// ptr[c] <= ptr[c+1] <= len(crd), lptr[e] <= lptr[e+1] <= len(idx),
// ycrd[c] < yrows, crd[e] < crows and idx[j] < irows (mode 0: f's rows and
// out's; mode 1 the other way round) when it reads them, and returns 1 at
// the first out of range, else 0. It assumes r >= 1, w a multiple of 4
// with 4 <= w <= r, len(above) >= w, mode 0 or 1, len(ptr) >= 1, len(lptr)
// > len(crd), len(vals) >= len(idx) and ycrd holding len(ptr)-1 entries:
// package engine checks. Leaf pointers are read less lbase, as in
// GatherHadamard2F32NEON. It is not preemptible: callers bound the nodes,
// children and leaves of one call.
//
//go:noescape
func PushHadamard2F32NEON(out, above, y []float32, ycrd, ptr, crd, lptr []uint64, vals []float32, idx []uint64, f []float32, r, mode, w int, yrows, crows, irows, lbase uint64) int

// PushHadamard2F64NEON is PushHadamard2F32NEON for float64, with w a
// multiple of 2 (2 <= w <= r).
//
//go:noescape
func PushHadamard2F64NEON(out, above, y []float64, ycrd, ptr, crd, lptr []uint64, vals []float64, idx []uint64, f []float64, r, mode, w int, yrows, crows, irows, lbase uint64) int

// Family dotrows: dotrows_arm64.s.

// DotRowsF32NEON computes, with d = len(q),
//
//	dst[j] = scale * Σ_{t<d} q[t] * k[idx[j]*d+t]   for every j < len(dst)
//
// with four vector partial sums and fused multiply-adds, so the result may
// differ from the sequential sum in the last bits. It checks each idx[j] <
// krows (the rows k holds) when it reads it and returns 1 at the first that
// is not, else 0. It assumes len(q) >= 1 and len(idx) >= len(dst): package
// engine checks. It is not preemptible: callers bound len(dst)*len(q).
//
//go:noescape
func DotRowsF32NEON(dst, q, k []float32, idx []uint64, scale float32, krows uint64) int

// DotRowsF64NEON is DotRowsF32NEON for float64.
//
//go:noescape
func DotRowsF64NEON(dst, q, k []float64, idx []uint64, scale float64, krows uint64) int

// Family dequantize: dequantize_arm64.s.

// DequantizeI8NEON decodes int8 codes into float32, one scale per group of
// values, four values a step, and returns how many it decoded:
//
//	n := len(dst) &^ 3
//	for i := range dst[:n] {
//		g := 0 for i < rem, 1 + (i-rem)/b after (b == 0: g = i)
//		dst[i] = float32(int8(codes[i])) * scale[g]
//	}
//	return n
//
// Each value is one float32 product, rounded once: bit for bit what
// quant.Values.At computes. It assumes rem >= 1, b == 0 or b >= 4,
// len(codes) >= n and a scale for every group of the values decoded, and
// reads a group's scale only when a value of it is decoded. It is not
// preemptible: callers bound len(dst).
//
//go:noescape
func DequantizeI8NEON(dst []float32, codes []byte, scale []float32, rem, b int) int

// DequantizeU8NEON is DequantizeI8NEON for uint8 codes with zero points:
//
//	dst[i] = float32(int32(codes[i]) - int32(zero[g])) * scale[g]
//
//go:noescape
func DequantizeU8NEON(dst []float32, codes []byte, scale []float32, zero []byte, rem, b int) int

// DequantizeE4M3NEON is DequantizeI8NEON for FP8 E4M3 codes (OCP MX v1.0),
// decoded without a table: the code sign-extended and shifted left by 20,
// masked to the sign and its seven value bits, is a float32 2^-120 times the
// code's value, so dst[i] = (bits * 2^120) * scale[g], the first product
// exact. The NaN codes (0x7F, 0xFF) decode to 480 and -480: validated values
// hold none. It assumes b >= 4.
//
//go:noescape
func DequantizeE4M3NEON(dst []float32, codes []byte, scale []float32, rem, b int) int

// Dequantize4NEON is DequantizeI8NEON for 4-bit codes, two a byte (value i
// is the low nibble of codes[i/2] when i is even, the high one otherwise),
// through a 16-entry float32 table given as its four byte planes (planes[16p+q]
// is byte p, little-endian, of entry q):
//
//	dst[i] = table[nibble i] * scale[g]
//
// It assumes len(planes) == 64, b >= 4 and codes holding (n+1)/2 bytes.
//
//go:noescape
func Dequantize4NEON(dst []float32, codes []byte, planes []byte, scale []float32, rem, b int) int

// Family qscatter: qscatter_arm64.s.

// QScatterI8RowNEON computes ScatterAdd on int8 codes with one scale per
// row:
//
//	for i := range x {
//		a := alpha * x[i]
//		for k := ptr[i]; k < ptr[i+1]; k++ { // clamped to len(idx)
//			if idx[k] < len(y) { y[idx[k]] += a * (float32(int8(codes[k])) * rs[i]) }
//		}
//	}
//
// each value one float32 product rounded once (quant.Values.At), then one
// fused multiply-add into y, as ScatterAddF32NEON adds a value, one entry at
// a time. It needs len(ptr) == len(x)+1, len(codes) >= len(idx) and len(rs)
// >= len(x). It is not preemptible: callers pass a bounded number of rows.
//
//go:noescape
func QScatterI8RowNEON(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, alpha float32)

// QScatterI8BlockNEON is QScatterI8RowNEON with one scale per block of b
// values, blocks running through the stored values across rows:
//
//	y[idx[k]] += a * (float32(int8(codes[k])) * scale[k/b])
//
// It needs b >= 1 and a scale for every block of the values of the rows;
// it reads a block's scale only when a value of the block is read.
//
//go:noescape
func QScatterI8BlockNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, b int, alpha float32)

// QScatter4BlockNEON is QScatterI8BlockNEON on 4-bit codes (two a byte,
// value k in the low nibble of codes[k/2] when k is even, the high one
// otherwise) through their table:
//
//	y[idx[k]] += a * (table[nibble k] * scale[k/b])
//
// It needs len(table) == 16 and len(codes) >= (len(idx)+1)/2.
//
//go:noescape
func QScatter4BlockNEON(y, x []float32, ptr, idx []uint64, codes []byte, table, scale []float32, b int, alpha float32)

// QScatter4MXNEON is QScatter4BlockNEON with MX scales: block g's scale is
// E8M0(exps[g]), 2^(exps[g]-127) (exponent 0: 2^-127). Exponent 0xFF (NaN,
// which validation rejects) gives +Inf.
//
//go:noescape
func QScatter4MXNEON(y, x []float32, ptr, idx []uint64, codes []byte, table []float32, exps []byte, b int, alpha float32)

// QScatter8MXNEON is QScatter4MXNEON on 8-bit codes (FP8 E4M3) through a
// 256-entry table: y[idx[k]] += a * (table[codes[k]] * E8M0(exps[k/b])). It
// needs len(table) == 256 and len(codes) >= len(idx).
//
//go:noescape
func QScatter8MXNEON(y, x []float32, ptr, idx []uint64, codes []byte, table []float32, exps []byte, b int, alpha float32)

// QScatterU8RowNEON is QScatterI8RowNEON on uint8 codes with a zero point
// per row:
//
//	y[idx[k]] += a * ((float32(codes[k]) - float32(rz[i])) * rs[i])
//
// the difference exact, then one product rounded once (quant.Values.At).
// It needs len(rz) >= len(x) and the rest as QScatterI8RowNEON.
//
//go:noescape
func QScatterU8RowNEON(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, rz []uint8, alpha float32)

// QScatterI8ColNEON is QScatterI8RowNEON with the scale of each value's
// index (channels by index):
//
//	y[idx[k]] += a * (float32(int8(codes[k])) * scale[idx[k]]) // idx[k] < len(y)
//
// It reads scale[j] only for an index j < len(y). It needs len(scale) >=
// len(y), len(ptr) == len(x)+1 and len(codes) >= len(idx).
//
//go:noescape
func QScatterI8ColNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, alpha float32)

// QScatterU8ColNEON is QScatterI8ColNEON on uint8 codes with a zero point
// per index:
//
//	y[idx[k]] += a * ((float32(codes[k]) - float32(zero[idx[k]])) * scale[idx[k]])
//
// It needs len(zero) >= len(y) and the rest as QScatterI8ColNEON.
//
//go:noescape
func QScatterU8ColNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, zero []uint8, alpha float32)

// QSpMMScatterI8RowNEON computes SpMMScatter on int8 codes with one scale
// per row (scale[i], the row's):
//
//	for i := 0; i+1 < len(ptr); i++ {
//		ax := alpha * x[i*ldx : i*ldx+w]
//		for k := ptr[i]; k < ptr[i+1]; k++ {
//			v := float32(int8(codes[k])) * scale[i]
//			y[idx[k]*ldy : idx[k]*ldy+w] += v * ax // one fused multiply-add a column
//		}
//	}
//
// each value one float32 product rounded once (quant.Values.At), then
// SpMMScatterF32NEON's arithmetic: the same bits as SpMMScatterF32NEON on
// the decoded values. Each row's columns go in blocks of four vectors, one
// vector and single columns, each block decoding the row's values again.
// It returns 1 at the first row whose segment is not within ptr[i] <=
// ptr[i+1] <= len(idx) or index not below yrows, 0 when done. It needs
// len(codes) >= len(idx), len(scale) >= len(ptr)-1, x's rows and y's yrows
// rows of w columns (ldx, ldy >= w). It is not preemptible: callers pass a
// bounded number of rows.
//
//go:noescape
func QSpMMScatterI8RowNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int

// QSpMMScatterI8BlockNEON is QSpMMScatterI8RowNEON on the codes and scales
// of QScatterI8BlockNEON (scale and b), with its block walk in each block
// of columns.
//
//go:noescape
func QSpMMScatterI8BlockNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int

// QSpMMScatter4BlockNEON is QSpMMScatterI8RowNEON on the codes and scales
// of QScatter4BlockNEON (table, scale and b), with its decode and block
// walk in each block of columns.
//
//go:noescape
func QSpMMScatter4BlockNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int

// QSpMMScatter4MXNEON is QSpMMScatterI8RowNEON on the codes and scales of
// QScatter4MXNEON (table, exps and b), with its decode and block walk in
// each block of columns.
//
//go:noescape
func QSpMMScatter4MXNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int

// QSpMMScatter8MXNEON is QSpMMScatterI8RowNEON on the codes and scales of
// QScatter8MXNEON (table, exps and b), with its decode and block walk in
// each block of columns.
//
//go:noescape
func QSpMMScatter8MXNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int

// QSpMMScatterU8RowNEON is QSpMMScatterI8RowNEON on the codes and scales
// of QScatterU8RowNEON: scale and exps the scale and the zero point of
// each row (len(exps) >= len(ptr)-1), with its decode in each block of
// columns.
//
//go:noescape
func QSpMMScatterU8RowNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int

// QSpMMScatterI8ColNEON is QSpMMScatterI8RowNEON on the codes and scales
// of QScatterI8ColNEON: scale the scale of each index (len(scale) >=
// yrows), with its decode in each block of columns.
//
//go:noescape
func QSpMMScatterI8ColNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int

// QSpMMScatterU8ColNEON is QSpMMScatterI8RowNEON on the codes and scales
// of QScatterU8ColNEON: scale and exps the scale and the zero point of
// each index (len(scale), len(exps) >= yrows), with its decode in each
// block of columns.
//
//go:noescape
func QSpMMScatterU8ColNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int

// QScatterU8BlockNEON is QScatterI8BlockNEON on uint8 codes with a zero
// point per block:
//
//	y[idx[k]] += a * (float32(int32(codes[k]) - int32(zero[k/b])) * scale[k/b])
//
// the difference exact. It needs a zero point for every block of the
// values of the rows (read only as the scale is) and the rest as
// QScatterI8BlockNEON.
//
//go:noescape
func QScatterU8BlockNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, zero []uint8, b int, alpha float32)

// QSpMMScatterU8BlockNEON is QSpMMScatterI8RowNEON on the codes and
// scales of QScatterU8BlockNEON: scale and exps the scale and the zero
// point of each block of b values, with its decode and block walk in each
// block of columns.
//
//go:noescape
func QSpMMScatterU8BlockNEON(y []float32, ldy int, x []float32, ldx, w int, ptr, idx []uint64, codes []byte, table, scale []float32, exps []byte, b int, alpha float32, yrows uint64) int

// QSpMV8MXNEON is QSpMVI8BlockNEON on FP8 E4M3 codes (OCP MX v1.0) with MX
// scales (as QSpMV4MXNEON's):
//
//	s += (e4m3(codes[k])*E8M0(exps[k/b]))*x[idx[k]]
//
// The NaN codes (0x7F, 0xFF), which validation rejects, decode to 480 and
// -480. It assumes len(codes) >= len(idx) and an exponent for every block
// of the values of the rows.
//
//go:noescape
func QSpMV8MXNEON(y, x []float32, ptr, idx []uint64, codes []byte, exps []byte, b int, alpha, beta float32)

// QSpMVU8BlockNEON is QSpMVI8BlockNEON on uint8 codes with a scale and a
// zero point per block:
//
//	s += ((float32(codes[k]) - float32(zero[k/b]))*scale[k/b])*x[idx[k]]
//
// (the subtraction exact). It assumes len(codes) >= len(idx) and a scale
// and a zero point for every block of the values of the rows.
//
//go:noescape
func QSpMVU8BlockNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, zero []byte, b int, alpha, beta float32)

// QSpMVI8ColNEON computes SpMV on int8 codes with one scale per column,
// read with x:
//
//	s := sum of (float32(int8(codes[k]))*scale[idx[k]])*x[idx[k]] over k in ptr[i]..ptr[i+1] with idx[k] < len(x)
//	y[i] = alpha*s (+ beta*y[i] unless beta is +0)
//
// each value one float32 product rounded once, as quant.Values.At
// computes it. Each segment is clamped to 0..len(idx) and an entry whose
// index is not below len(x) is skipped. It assumes len(ptr) == len(y)+1,
// len(codes) >= len(idx), len(scale) >= len(x), and beta == +0 for "do
// not read y". It is not preemptible: callers pass a bounded number of
// rows.
//
//go:noescape
func QSpMVI8ColNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale []float32, alpha, beta float32)

// QSpMVU8ColNEON is QSpMVI8ColNEON on uint8 codes with one scale and one
// zero point per column, the zero points as float32 (integers 0..255):
//
//	s += ((float32(codes[k]) - zero[idx[k]])*scale[idx[k]])*x[idx[k]]
//
// (the subtraction exact). It assumes len(zero) >= len(x) besides
// QSpMVI8ColNEON's conditions.
//
//go:noescape
func QSpMVU8ColNEON(y, x []float32, ptr, idx []uint64, codes []byte, scale, zero []float32, alpha, beta float32)

// Unpack12NEON writes the first len(dst) rounded down to 8 offsets of src,
// 12 bits packed two in three bytes from an even offset (offset 2p the low
// 12 bits of the little-endian 24-bit word at byte 3p, 2p+1 its high 12),
// into dst as uint16. Each step of 8 reads 16 bytes for its 12: it needs
// len(src) >= 3*(len(dst)/8*4)+4.
//
//go:noescape
func Unpack12NEON(dst []uint16, src []byte)
