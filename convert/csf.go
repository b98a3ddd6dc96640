package convert

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sort"
	"unsafe"

	"github.com/hurray-format/hurray-go/coo"
	"github.com/hurray-format/hurray-go/csf"
	"github.com/hurray-format/hurray-go/internal/engine"
	"github.com/hurray-format/hurray-go/internal/levels"
	"github.com/hurray-format/hurray-go/internal/parallel"
	"github.com/hurray-format/hurray-go/internal/radix"
	"github.com/hurray-format/hurray-go/layout"
)

// COOToCSF converts a COO tensor of rank 3 or more to CSF with the given mode
// order, summing duplicates. modeOrder[L] is the mode stored at level L (level
// 0 the root); nil means the identity order 0, 1, ..., rank-1. A modeOrder
// that is not a permutation of the modes is an error.
func COOToCSF[T Float](t *coo.Tensor[T], modeOrder []uint32) (*csf.Tensor[T], error) {
	return COOToCSFTo(nil, t, modeOrder, nil, Options{})
}

// COOToCSFWith converts a COO tensor of rank 3 or more to CSF with the given
// mode order (nil for identity).
func COOToCSFWith[T Float](t *coo.Tensor[T], modeOrder []uint32, opts Options) (*csf.Tensor[T], error) {
	return COOToCSFTo(nil, t, modeOrder, nil, opts)
}

// COOToCSFTo is COOToCSFWith (modeOrder nil for identity) writing into
// dst's buffers (dst may be nil) and using ws for scratch (nil for a pooled
// one). dst must not be used after the
// call; one that shares memory with t, or holds another tensor's levels,
// is not reused (see Results and reuse).
func COOToCSFTo[T Float](dst *csf.Tensor[T], t *coo.Tensor[T], modeOrder []uint32, ws *Workspace, opts Options) (*csf.Tensor[T], error) {
	shape := t.Shape()
	modeOrder, err := levelOrder(t.Valid(), shape, modeOrder, opts)
	if err != nil {
		return nil, err
	}
	dst = reuseCSF(dst, cooArrays(t))
	r := len(shape)
	n := t.NNZ()
	if uint64(n) >= math.MaxUint32 {
		return cooToCSFRef(t, modeOrder, opts)
	}
	ws, release := scratch(ws)
	defer release()
	kp := newKeyPlan(shape, modeOrder)
	c := t.Coords()
	w := workers(opts, n)
	b := builder[T]{
		shape: shape, mo: modeOrder, r: r, coords: c, vals: t.Values(),
		dup: opts.Duplicates, w: w, src: t, tu: opts.tuning(),
	}
	if len(kp.groups) == 2 {
		// One 64-bit key: packing it also tells whether the input is
		// already in level order, and the values ride along with it.
		ws.keys = grow(ws.keys, n)
		b.keys, b.kp = ws.keys, kp
		nodes := make([]int, (len(buildParts(n, w))-1)*r)
		if packKeys(ws.keys, c, r, modeOrder, kp, 0, nil, w, nodes, b.tu) {
			b.nodes = nodes
		} else {
			ws.hist = grow(ws.hist, w<<radix.MaxWidth)
			ws.keys2 = grow(ws.keys2, n)
			va, vb := valueBufs[T](ws, n)
			from := 0
			if t.IsSorted() {
				from = kp.sortedLow(identity(r), modeOrder)
			}
			b.keys, b.vals = radix.SortParallel(b.tu.radix, ws.keys, ws.keys2, t.Values(), va, vb, from, kp.groupBits(0)-from, w, ws.hist)
			b.moved = true
		}
	} else if !(t.IsSorted() && isIdentity(modeOrder)) && !sortedInOrder(c, r, modeOrder, w) {
		// One stable pass per group, least significant first, carrying
		// the permutation.
		ws.hist = grow(ws.hist, w<<radix.MaxWidth)
		ws.keys = grow(ws.keys, n)
		ws.keys2 = grow(ws.keys2, n)
		ws.pa = grow(ws.pa, n)
		ws.pb = grow(ws.pb, n)
		perm := ws.pa
		for i := range perm {
			perm[i] = uint32(i)
		}
		keys, other := ws.keys, ws.keys2
		for g := len(kp.groups) - 2; g >= 0; g-- {
			packKeys(keys, c, r, modeOrder, kp, g, perm, w, nil, b.tu)
			keys, perm = radix.SortParallel(b.tu.radix, keys, other, perm, ws.pa, ws.pb, 0, kp.groupBits(g), w, ws.hist)
			if &keys[0] == &ws.keys[0] {
				other = ws.keys2
			} else {
				other = ws.keys
			}
		}
		b.perm = perm
	}
	return b.build(dst)
}

// valueBuf returns the workspace's first value buffer with n elements,
// leaving the second as it is.
func valueBuf[T Float](ws *Workspace, n int) []T { return valuesIn[T](&ws.va, n) }

// valueBufs returns the workspace's two value buffers of n elements.
func valueBufs[T Float](ws *Workspace, n int) ([]T, []T) {
	return valuesIn[T](&ws.va, n), valuesIn[T](&ws.vb, n)
}

// valuesIn returns n values of type T in the words of *raw, grown when
// short, whatever type viewed them before (float32 and float64 hold no
// pointers, and the words are 8-byte aligned for both).
func valuesIn[T Float](raw *[]uint64, n int) []T {
	var z T
	*raw = grow(*raw, (n*int(unsafe.Sizeof(z))+7)/8)
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(*raw))), n)
}

// isIdentity reports whether mo is 0, 1, ..., len(mo)-1.
func isIdentity(mo []uint32) bool {
	for i, m := range mo {
		if m != uint32(i) {
			return false
		}
	}
	return true
}

// keyPlan packs the levels' coordinates into 64-bit keys: group g holds
// levels groups[g]..groups[g+1]-1, level L at bit shift sh[L] with mask
// msk[L]; within a group earlier levels are more significant.
type keyPlan struct {
	nbits  []int
	sh     []uint
	msk    []uint64
	groups []int
	// bitLevel[b] is the level whose field holds bit b of a one-group key.
	bitLevel [64]uint8
}

func newKeyPlan(shape []uint64, mo []uint32) *keyPlan {
	r := len(mo)
	kp := &keyPlan{nbits: make([]int, r), sh: make([]uint, r), msk: make([]uint64, r)}
	for L, m := range mo {
		kp.nbits[L] = levels.Bits(shape[m])
		if kp.nbits[L] == 64 {
			kp.msk[L] = math.MaxUint64
		} else {
			kp.msk[L] = 1<<kp.nbits[L] - 1
		}
	}
	kp.groups = []int{0}
	total := 0
	for L := range r {
		if total+kp.nbits[L] > 64 {
			kp.groups = append(kp.groups, L)
			total = 0
		}
		total += kp.nbits[L]
	}
	kp.groups = append(kp.groups, r)
	for g := 0; g+1 < len(kp.groups); g++ {
		s := uint(0)
		for L := kp.groups[g+1] - 1; L >= kp.groups[g]; L-- {
			kp.sh[L] = s
			if len(kp.groups) == 2 {
				for bit := s; bit < s+uint(kp.nbits[L]); bit++ {
					kp.bitLevel[bit] = uint8(L)
				}
			}
			s += uint(kp.nbits[L])
		}
	}
	return kp
}

// sortedLow is, for a one-group plan of level order mo, the number of low
// key bits on which entries visited in level order old are non-decreasing
// already within each subtree of the p levels both orders share (all of
// them when p = 0): those of mo's last levels when they are the levels
// that follow the p in old, in the same order (a reversal: the new leaf is
// the old root; a swap of the two lowest levels: the new leaf is the old
// parent of the leaves). The shared levels' bits are above them and in
// order, so a stable sort on the bits from there up orders the keys
// whole: the LSD passes on the bits below would move nothing, and the
// sorts start above them (Reorder of T3u to the reversed order or with
// its two lowest levels swapped: 15 of 45 bits).
func (kp *keyPlan) sortedLow(old, mo []uint32) int {
	r := len(mo)
	p := commonPrefix(old, mo)
	for s := p + 1; s < r; s++ {
		if slices.Equal(mo[s:], old[p:p+r-s]) {
			return int(kp.sh[s-1])
		}
	}
	return 0
}

func (kp *keyPlan) groupBits(g int) int {
	s := 0
	for L := kp.groups[g]; L < kp.groups[g+1]; L++ {
		s += kp.nbits[L]
	}
	return s
}

// packRange writes into dst[j] the group-g key of entry perm[a+j] (a+j when
// perm is nil).
func packRange(dst, c []uint64, r int, mo []uint32, kp *keyPlan, g int, perm []uint32, a int) {
	lo, hi := kp.groups[g], kp.groups[g+1]
	if perm == nil && lo == 0 && hi == r && (r == 3 || r == 4) {
		// Every level in one key, entries in input order: mode m's
		// coordinate goes to the shift of the level that holds it, so the
		// tuple is read in place with constant offsets, without the mode
		// order's indirection and Go's guard for shifts of 64 or more of
		// the loop below: with packKeys' order check by
		// engine.NonDecreasing, this is most of the cost of COO to CSF
		// of input already sorted. A shift is at most 64, and 64 only for
		// a level of dimension 1, whose coordinate is 0: the mask to 63
		// changes no key. The mask sits at each shift, where the compiler
		// sees it and drops the guard (masked only in shm, the guard
		// stays).
		var shm [4]uint
		for L, m := range mo {
			shm[m] = kp.sh[L]
		}
		s0, s1, s2, s3 := shm[0], shm[1], shm[2], shm[3]
		if r == 3 {
			c := c[a*3 : (a+len(dst))*3]
			for j := range dst {
				t := c[j*3 : j*3+3 : j*3+3]
				dst[j] = t[0]<<(s0&63) | t[1]<<(s1&63) | t[2]<<(s2&63)
			}
			return
		}
		c := c[a*4 : (a+len(dst))*4]
		for j := range dst {
			t := c[j*4 : j*4+4 : j*4+4]
			dst[j] = t[0]<<(s0&63) | t[1]<<(s1&63) | t[2]<<(s2&63) | t[3]<<(s3&63)
		}
		return
	}
	for j := range dst {
		p := a + j
		if perm != nil {
			p = int(perm[p])
		}
		t := c[p*r : p*r+r]
		var k uint64
		for L := lo; L < hi; L++ {
			k |= t[mo[L]] << kp.sh[L]
		}
		dst[j] = k
	}
}

// packKeys writes into keys[i] the group-g key of entry perm[i] (i when perm
// is nil) and reports whether the keys came out non-decreasing. With nodes
// set (len(nodes) = r x the parts of buildParts(len(keys), w)) it also
// counts, block by block (tu.levels.Block keys) while the keys are in
// cache, the nodes each part starts (as builder.count), until a part finds
// a key out of order.
func packKeys(keys, c []uint64, r int, mo []uint32, kp *keyPlan, g int, perm []uint32, w int, nodes []int, tu *tuning) bool {
	lt := tu.levels
	b := buildParts(len(keys), w)
	bad := make([]bool, len(b)-1)
	parallel.Share(b, w, func(_, part, a, z int) {
		down := false
		var nd []int
		if nodes != nil {
			nd = nodes[part*r : (part+1)*r]
			clear(nd)
		}
		for s := a; s < z; s += lt.Block {
			e := min(s+lt.Block, z)
			packRange(keys[s:e], c, r, mo, kp, g, perm, s)
			if !down {
				// From the block's predecessor, the previous block's last key.
				down = engine.NonDecreasing(keys[max(s-1, a):e]) >= 0
			}
			if nd != nil && !down {
				from := s
				if s == a && a > 0 {
					// The part's first entry compares with the previous
					// part's last key: counted after Run.
					from = a + 1
				}
				levels.Count(lt, keys, kp.sh, nd, from, e)
			}
		}
		bad[part] = down
	})
	for k := 1; k+1 < len(b); k++ {
		i := b[k]
		bad[k] = bad[k] || keys[i-1] > keys[i]
		if nodes != nil {
			levels.Count(lt, keys, kp.sh, nodes[k*r:(k+1)*r], i, i+1)
		}
	}
	return !slices.Contains(bad, true)
}

// sortedInOrder reports whether the tuples of c are non-decreasing in the
// level order mo. Each part stops at its first inversion.
func sortedInOrder(c []uint64, r int, mo []uint32, w int) bool {
	n := len(c) / r
	if n < 2 {
		return true
	}
	b := parallel.Even(n-1, w)
	bad := make([]bool, len(b)-1)
	parallel.Run(b, func(k, lo, hi int) {
		for i := lo + 1; i <= hi; i++ {
			p, q := c[(i-1)*r:i*r], c[i*r:(i+1)*r]
			for _, m := range mo {
				if p[m] != q[m] {
					if p[m] > q[m] {
						bad[k] = true
						return
					}
					break
				}
			}
		}
	})
	return !slices.Contains(bad, true)
}

// builder builds the CSF levels from entries visited in sorted order: entry
// i of the order is perm[i] (i when perm is nil). With keys set (one-group
// plans) the level coordinates and the first differing level come from the
// sorted keys, else from the coordinates.
type builder[T Float] struct {
	shape  []uint64
	mo     []uint32
	r      int
	coords []uint64
	vals   []T
	perm   []uint32
	keys   []uint64
	kp     *keyPlan
	// nodes, when set, holds the result of pass 1 of build for the parts
	// of bounds, or of buildParts(n, w) when bounds is nil (packKeys and
	// sortBelow counted them).
	nodes  []int
	bounds []int
	// moved says the sort moved the values without their input
	// positions (only the keys and values are sorted).
	moved bool
	// out, when set, is the result's value array (one value a leaf): a
	// sort may have left vals in it already (Reorder), and then nothing
	// is copied (levels.Filler).
	out []T
	dup Duplicates
	w   int
	src *coo.Tensor[T] // for error messages; nil when no duplicates can occur
	tu  *tuning
}

// buildParts splits n sorted entries into the parts that packKeys and build
// count and fill, several a goroutine (parallel.Parts): the goroutines take
// them as they finish (parallel.Share), so that a faster core does more.
func buildParts(n, w int) []int {
	return parallel.Even(n, parallel.Parts(w))
}

// resultValues is the value array of n leaves for a rank-r result: dst's,
// grown, when dst is reused, else a new one.
func resultValues[T Float](dst *csf.Tensor[T], r, n int) []T {
	var vals []T
	if dst != nil && dst.Rank() == r {
		vals = dst.Values()
	}
	return grow(vals, n)
}

// diff returns the first level at which sorted entry i differs from entry
// i-1 (0 for i == 0; r when they are equal).
func (b *builder[T]) diff(i int) int {
	if i == 0 {
		return 0
	}
	if b.keys != nil {
		x := b.keys[i] ^ b.keys[i-1]
		if x == 0 {
			return b.r
		}
		return int(b.kp.bitLevel[63-bits.LeadingZeros64(x)])
	}
	p, q := i-1, i
	if b.perm != nil {
		p, q = int(b.perm[p]), int(b.perm[q])
	}
	r := b.r
	tp, tq := b.coords[p*r:p*r+r], b.coords[q*r:q*r+r]
	for L, m := range b.mo {
		if tp[m] != tq[m] {
			return L
		}
	}
	return r
}

func (b *builder[T]) build(dst *csf.Tensor[T]) (*csf.Tensor[T], error) {
	r := b.r
	n := len(b.vals)
	bounds := b.bounds
	if bounds == nil {
		bounds = buildParts(n, b.w)
	}
	parts := len(bounds) - 1
	if n == 0 {
		parts = 0
	}
	// Pass 1: per part, how many nodes of each level its entries start
	// (nodes[k*r+L]); an entry starting no leaf repeats its predecessor.
	nodes := b.nodes
	if nodes == nil && parts > 0 {
		nodes = make([]int, parts*r)
		parallel.Share(bounds, b.w, func(_, k, lo, hi int) {
			b.count(nodes[k*r:(k+1)*r], lo, hi)
		})
	}
	anyDup := false
	for k := range parts {
		anyDup = anyDup || nodes[k*r+r-1] < bounds[k+1]-bounds[k]
	}
	if anyDup && b.dup == Reject {
		if b.moved {
			// The values were sorted without their input positions:
			// the reference names them.
			_, err := cooToCSFRef(b.src, b.mo, Options{Duplicates: Reject})
			return nil, err
		}
		i := 1
		for b.diff(i) < r {
			i++
		}
		p, q := i-1, i
		if b.perm != nil {
			p, q = int(b.perm[p]), int(b.perm[q])
		}
		return nil, dupError(b.coords, r, p, q)
	}
	// offs[k*r+L]: where part k starts writing level L; counts[L] = n_L.
	offs := nodes
	counts := levels.Offsets(offs, r)
	// Outputs, reusing dst's buffers.
	pos := make([][]uint64, r)
	crd := make([][]uint64, r)
	var vals []T
	reuse := dst != nil && dst.Rank() == r
	for L := range r {
		np := 2
		if L > 0 {
			np = counts[L-1] + 1
		}
		var op, oc []uint64
		if reuse {
			op, oc = dst.Pos(L), dst.Crd(L)
		}
		pos[L] = grow(op, np)
		crd[L] = grow(oc, counts[L])
	}
	if vals = b.out; vals == nil {
		vals = resultValues(dst, r, counts[r-1])
	}
	pos[0][0], pos[0][1] = 0, uint64(counts[0])
	for L := 1; L < r; L++ {
		pos[L][counts[L-1]] = uint64(counts[L])
	}
	// Pass 2: parts start at the first entry of a distinct tuple, so a run
	// of duplicates is merged by one part, in order.
	if parts > 0 {
		starts := levels.Starts(bounds, func(i int) bool { return b.diff(i) == r })
		var f *levels.Filler[T]
		if b.keys != nil {
			f = &levels.Filler[T]{
				Pos: pos, Crd: crd, Dst: vals,
				Keys: b.keys, Shift: b.kp.sh, Mask: b.kp.msk, Vals: b.vals,
				KeepLast: b.dup == KeepLast, AnyDup: anyDup, Tuning: b.tu.levels,
			}
		}
		parallel.Share(starts, b.w, func(_, k, lo, hi int) {
			if f != nil {
				f.Fill(offs[k*r:(k+1)*r], lo, hi)
			} else {
				b.fill(pos, crd, vals, offs[k*r:(k+1)*r], lo, hi)
			}
		})
	}
	return trustedCSF(b.shape, b.mo, pos, crd, vals), nil
}

// count sets nodes[L] to the number of level-L nodes that sorted entries
// lo..hi-1 start.
func (b *builder[T]) count(nodes []int, lo, hi int) {
	clear(nodes)
	if b.keys != nil {
		levels.Count(b.tu.levels, b.keys, b.kp.sh, nodes, lo, hi)
		return
	}
	var h [65]int
	for i := lo; i < hi; i++ {
		h[b.diff(i)]++ // diff(0) is 0: the first entry starts every level
	}
	run := 0
	for L := range b.r {
		run += h[L]
		nodes[L] = run
	}
}

// fill writes the nodes started by sorted entries lo..hi-1, taking the
// coordinates from the input (plans of several groups);
// off[L] is the first node of level L they start.
func (b *builder[T]) fill(pos, crd [][]uint64, vals []T, off0 []int, lo, hi int) {
	r := b.r
	var off [64]int
	copy(off[:], off0)
	src := b.vals
	leaf := r - 1
	for i := lo; i < hi; i++ {
		d := b.diff(i)
		p := i
		if b.perm != nil {
			p = int(b.perm[i])
		}
		v := src[p]
		if d == r {
			switch b.dup {
			case KeepLast:
				vals[off[leaf]-1] = v
			default:
				vals[off[leaf]-1] += v
			}
			continue
		}
		t := b.coords[p*r : p*r+r]
		for L := d; L < r; L++ {
			o := off[L]
			if L < leaf {
				pos[L+1][o] = uint64(off[L+1])
			}
			crd[L][o] = t[b.mo[L]]
			off[L] = o + 1
		}
		vals[off[leaf]-1] = v
	}
}

// leafPtrs returns, for every level L < r-1, the first leaf of each node of
// level L (n_L+1 entries): level r-2 is pos[r-1] itself, the others
// (levels.LeafStarts) are stored in ws.aux. With viaChildren set, level r-3's
// are left out (nil): expandCOO walks it through its child pointers
// (fillVia).
func leafPtrs[T Float](t *csf.Tensor[T], ws *Workspace, w int, viaChildren bool) [][]uint64 {
	r := t.Rank()
	pos := make([][]uint64, r)
	for L := range r {
		pos[L] = t.Pos(L)
	}
	lp := make([][]uint64, r-1)
	lp[r-2] = pos[r-1]
	top := r - 3
	if viaChildren {
		top--
	}
	total := 0
	for L := 0; L <= top; L++ {
		total += len(pos[L+1])
	}
	ws.aux = grow(ws.aux, total)
	at := 0
	for L := top; L >= 0; L-- {
		m := len(pos[L+1])
		lp[L] = levels.LeafStarts(pos, L, ws.aux[at:at+m], w)
		at += m
	}
	return lp
}

// expansion writes every level's coordinate of a range of leaves into one
// array of words: level L's coordinate of leaf j, shifted left by sh[L], goes
// to dst[j*stride+off[L]] (CSFToCOO: the tuples, stride = rank, off = the
// level's mode, no shift), or, with or set, is ORed into the word the leaf
// level stored there (Reorder: packed keys, stride 1, off 0).
type expansion struct {
	lp     [][]uint64 // leaf pointers of the levels above the leaf (leafPtrs)
	pp     []uint64   // with lp[r-3] nil: level r-3's child pointers (fillVia)
	crd    [][]uint64 // every level's coordinates
	dst    []uint64
	stride int
	off    []int
	sh     []uint
	or     bool
	block  int // leaves expanded at a time (tuning.expandBlock)
}

// run expands leaves a..b-1 in blocks of x.block, so that every level
// writes a block while it is in cache: per block, the leaf level, then every
// level above from the leaf up (fillSet, or fillOr for keys). It writes dst
// only at those leaves' words, so parts of the leaves may run on different
// goroutines.
func (x *expansion) run(a, b int) {
	if a >= b {
		return
	}
	x.expand(x.start(a), a, b)
}

// start returns, for every level above the leaf, the node that holds leaf
// a (the first that ends after it): the state expand begins from there.
func (x *expansion) start(a int) []int {
	cur := make([]int, len(x.lp))
	for L := len(x.lp) - 1; L >= 0; L-- {
		p, at := x.lp[L], uint64(a)
		if p == nil {
			// Level r-3 without leaf pointers: the parent of the
			// level-(r-2) node found.
			p, at = x.pp, uint64(cur[L+1])
		}
		cur[L] = sort.Search(len(p)-1, func(i int) bool { return p[i+1] > at })
	}
	return cur
}

// expand is run from the state cur (start(a), or what expanding the leaves
// before a left), which it advances to b.
func (x *expansion) expand(cur []int, a, b int) {
	r := len(x.crd)
	leafCrd, lsh, loff, st := x.crd[r-1], x.sh[r-1]&63, x.off[r-1], x.stride
	for s := a; s < b; s += x.block {
		e := min(s+x.block, b)
		d := x.dst[s*st : e*st]
		for j, c := range leafCrd[s:e] {
			d[j*st+loff] = c << lsh
		}
		for L := r - 2; L >= 0; L-- {
			if x.lp[L] == nil {
				cur[L] = fillVia(d[x.off[L]:], x.pp, x.lp[L+1], x.crd[L], st, cur[L], s, e)
			} else if x.or {
				cur[L] = fillOr(d, x.lp[L], x.crd[L], x.sh[L]&63, cur[L], s, e)
			} else {
				cur[L] = fillSet(d[x.off[L]:], x.lp[L], x.crd[L], st, cur[L], s, e)
			}
		}
	}
}

// fillSet writes a level's coordinates (c, with leaf pointers p) of the
// leaves s..e-1, the first of which lies in node i, to dst[(j-s)*st] (dst
// starts at the block's first tuple, at the level's mode), and returns the
// last node that starts before e (the next block's first node). A node
// starts where the one before it ended, so a node with one leaf, as most
// nodes of deep trees have, costs two loads (its end and its coordinate),
// one store and one test: 16 instructions against 20 if each node read
// its start too. There is no search for the block's nodes and no clipping
// of their ranges, which a loop that searches each block's first node and
// clips every node's range to the block pays for. Staging the block in a
// buffer and streaming it out with non-temporal stores is slower than
// these stores, which hit the block's lines in L1. It and fillOr are
// functions of their own, each with few arguments: as one method reading
// the expansion's fields and testing a flag per node, the compiler keeps
// half of its values on the stack. fillVia is its deliberate twin (the
// leaf pointers read through child pointers; fillVia says why apart).
func fillSet(dst, p, c []uint64, st, i, s, e int) int {
	nn := len(p) - 1
	c = c[:nn] // i < nn then bounds c[i]: no check per node
	// Node i may have started in an earlier block, or be empty and
	// followed by empty nodes: a plain loop.
	v := c[i]
	lo := min(int(p[i+1]), e)
	k := 0
	for j := lo - s; j > 0; j-- {
		dst[k] = v
		k += st
	}
	for i++; i < nn && lo < e; i++ {
		hi := int(p[i+1])
		v := c[i]
		dst[k] = v
		if hi == lo+1 {
			k += st
			lo = hi
			continue
		}
		// An empty node's store lands on the first leaf of a later node
		// in this block, which overwrites it.
		if hi = min(hi, e); hi > lo {
			for lo++; lo < hi; lo++ {
				k += st
				dst[k] = v
			}
			k += st
		}
	}
	return i - 1
}

// fillVia is fillSet for level r-3 when leafPtrs left its leaf pointers
// out: node i's leaves end where those of its last child end, q[pp[i+1]]
// (pp: its child pointers; q: level r-2's leaf pointers, which that level's
// fillSet has just read for the block, so the extra load hits the cache).
// It saves the pass that would write level r-3's leaf pointers and the
// read of them here: one load more a node against 16 bytes of memory
// traffic, which pays for levels with about a node a leaf
// (tuning.viaLeavesPerNode).
// It is fillSet's loop with the other load, a deliberate twin kept apart
// from it: one fillSet taking q, nil for the direct lookup, makes
// CSFToCOO slower on every input; as a generic function over the two
// lookups, Go calls the lookup through the instantiation's dictionary, a
// call a node; gathering each block's ends into a buffer for fillSet costs
// more than the separate pass that writes the leaf pointers.
func fillVia(dst, pp, q, c []uint64, st, i, s, e int) int {
	nn := len(pp) - 1
	c = c[:nn]
	v := c[i]
	lo := min(int(q[pp[i+1]]), e)
	k := 0
	for j := lo - s; j > 0; j-- {
		dst[k] = v
		k += st
	}
	for i++; i < nn && lo < e; i++ {
		hi := int(q[pp[i+1]])
		v := c[i]
		dst[k] = v
		if hi == lo+1 {
			k += st
			lo = hi
			continue
		}
		if hi = min(hi, e); hi > lo {
			for lo++; lo < hi; lo++ {
				k += st
				dst[k] = v
			}
			k += st
		}
	}
	return i - 1
}

// fillOr is fillSet for packed keys (Reorder): a level's coordinate of each
// leaf of s..e-1, shifted left by sh, is ORed into dst[j-s].
func fillOr(dst, p, c []uint64, sh uint, i, s, e int) int {
	nn := len(p) - 1
	c = c[:nn] // as in fillSet
	v := c[i] << sh
	n := e - s
	l := min(int(p[i+1])-s, n) // the block's leaves are 0..n-1 here
	for j := range l {
		dst[j] |= v
	}
	for i++; i < nn && l < n; i++ {
		hi := int(p[i+1]) - s
		v := c[i] << sh
		if hi == l+1 {
			dst[l] |= v
			l = hi
			continue
		}
		// No store for an empty node: an OR would not be overwritten.
		for hi = min(hi, n); l < hi; l++ {
			dst[l] |= v
		}
	}
	return i - 1
}

// CSFToCOO expands a CSF tensor into a COO tensor in storage order (sorted
// lexicographically by the levels' modes). It panics on an unvalidated
// tensor, like every compute call.
func CSFToCOO[T Float](t *csf.Tensor[T]) *coo.Tensor[T] {
	return CSFToCOOTo(nil, t, nil, Options{})
}

// CSFToCOOTo is CSFToCOO writing into dst's buffers (dst may be nil; one that
// shares memory with t is not reused), with
// ws for scratch (may be nil) and opts.Workers goroutines.
func CSFToCOOTo[T Float](dst *coo.Tensor[T], t *csf.Tensor[T], ws *Workspace, opts Options) *coo.Tensor[T] {
	if !t.Valid() {
		panic(fmt.Errorf("convert: CSFToCOO: %w", layout.ErrUnvalidated))
	}
	n := t.NNZ()
	coords, vals := cooBuffers(dst, csfArrays(t), n, t.Rank())
	ws, release := scratch(ws)
	defer release()
	expandCOO(coords, vals, t, ws, workers(opts, n), opts.tuning())
	// Storage order is row-major order when the levels are the modes in order.
	return trustedCOO(t.Shape(), coords, vals, isIdentity(t.ModeOrder()))
}

func expandCOO[T Float](coords []uint64, vals []T, t *csf.Tensor[T], ws *Workspace, w int, tu *tuning) {
	r := t.Rank()
	n := t.NNZ()
	mo := t.ModeOrder()
	viaChildren := r >= 3 && tu.viaLeavesPerNode*len(t.Crd(r-3)) > n
	lp := leafPtrs(t, ws, w, viaChildren)
	crd := make([][]uint64, r)
	for L := range r {
		crd[L] = t.Crd(L)
	}
	src := t.Values()
	off := make([]int, r)
	for L, m := range mo {
		off[L] = int(m)
	}
	x := expansion{lp: lp, crd: crd, dst: coords, stride: r, off: off, sh: make([]uint, r), block: tu.expandBlock}
	if viaChildren {
		x.pp = t.Pos(r - 2)
	}
	parallel.Share(leafPieces(n, w, tu.expandPiece), w, func(_, _, a, b int) {
		copy(vals[a:b], src[a:b])
		x.run(a, b)
	})
}

// leafPieces splits n leaves into pieces of at most piece leaves
// (tuning.expandPiece), and at most n/w, so that each of w goroutines has
// one at least; one goroutine takes them all at once.
func leafPieces(n, w, piece int) []int {
	if w <= 1 {
		return parallel.Even(n, 1)
	}
	return parallel.Pieces(n, min(piece, (n+w-1)/w))
}
