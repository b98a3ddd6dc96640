// Package radix is the LSD radix sort that hurray-go's sorting steps share:
// uint64 keys ordered stably by a range of their bits, with a payload
// (values, a permutation, or nothing) carried along: Sort on the calling
// goroutine, SortParallel on several with a split on the top digit for
// inputs out of cache. The conversions (package convert), TTV off the leaf
// level (package csf) and the benchmark generators use it.
package radix

import (
	"math/bits"
	"slices"
	"sort"
	"unsafe"

	"github.com/hurray-format/hurray-go/internal/parallel"
)

// Digits chooses the digit width for sorting keys of the given bit length:
// as few passes of at most MaxWidth bits as possible, spread evenly.
func Digits(nbits int) (passes, width int) {
	if nbits <= 0 {
		return 0, 0
	}
	passes = (nbits + MaxWidth - 1) / MaxWidth
	width = (nbits + passes - 1) / passes
	return passes, width
}

// Sort sorts keys stably by bits from..from+nbits-1 (LSD, Digits passes),
// moving the payload src along, on the calling goroutine and allocating
// nothing. keys2 is scratch of len(keys); pa and pb are payload buffers of
// that length, and src may be one of them or a separate read-only slice. A
// pass whose digit is the same for every key is skipped. It returns the
// sorted keys and payload: each one of the buffers, or keys and src when
// every pass was skipped. hist is scratch of at least 1<<MaxWidth entries.
// A zero-size payload type (struct{}) sorts keys alone.
//
// The histograms of all passes are counted in one read of the keys, into
// hist when it has room for them (passes<<width entries, from Digits) and
// otherwise, for inputs of at least 2K entries, into an array of 4K
// entries on the stack when they fit there (keys of up to 30 bits, or of 34
// to 40 bits); other sorts count pass by pass, which reads the keys once
// more per pass.
//
// It panics if a slice is shorter than keys or hist is too short.
func Sort[P any](keys, keys2 []uint64, src, pa, pb []P, from, nbits int, hist []int) ([]uint64, []P) {
	n := len(keys)
	keys2, src, pa, pb = keys2[:n], src[:n], pa[:n], pb[:n]
	passes, width := Digits(nbits)
	nb := 1 << width
	_ = hist[:nb]
	if need := passes * nb; passes > 1 && need > len(hist) && need <= upfrontLen && n >= upfrontMin {
		var local [upfrontLen]int
		return sortPasses(keys, keys2, src, pa, pb, from, nbits, local[:need], true)
	}
	return sortPasses(keys, keys2, src, pa, pb, from, nbits, hist, passes > 1 && passes*nb <= len(hist))
}

// sortTo is Sort of the non-empty keys, ping-ponging with ks, and of the
// payload from src into pd, ping-ponging with ps, with the result copied
// back where the number of passes left it in the scratch: keys and pd hold
// it on return. src may be pd.
func sortTo[P any](keys, ks []uint64, src, ps, pd []P, from, nbits int, h []int) {
	k2, p2 := Sort(keys, ks, src, ps, pd, from, nbits, h)
	if &k2[0] != &keys[0] {
		copy(keys, k2)
	}
	if !samePayload(p2, pd) {
		copy(pd, p2)
	}
}

// sortPasses is Sort, with the histograms of every pass counted up front
// into hist (passes<<width entries) or, when upfront is false, each pass's
// counted before it into hist[:1<<width].
func sortPasses[P any](keys, keys2 []uint64, src, pa, pb []P, from, nbits int, hist []int, upfront bool) ([]uint64, []P) {
	n := len(keys)
	passes, width := Digits(nbits)
	nb := 1 << width
	h := hist[:nb:nb]
	if upfront {
		countAll(keys, hist[:passes*nb], from, width, nbits)
	}
	for p := range passes {
		sh := uint(from+p*width) & 63
		mask := digitMask(p, width, nbits)
		if upfront {
			h = hist[p*nb : (p+1)*nb : (p+1)*nb]
		} else {
			clear(h)
			for _, x := range keys {
				h[(x>>sh)&mask]++
			}
		}
		sum := 0
		trivial := false
		for d, c := range h {
			h[d] = sum
			sum += c
			trivial = trivial || c == n
		}
		if trivial {
			continue
		}
		dst := pa
		if samePayload(src, pa) {
			dst = pb
		}
		scatter(keys, keys2, src, dst, h, sh, mask)
		keys, keys2 = keys2, keys
		src = dst
	}
	return keys, src
}

// scatter moves every key of ks and its payload of ps to k2 and pd at the
// offset off holds for its digit (bits sh.. under mask), advancing it. A
// function of its own, so that the loop has the registers to itself (inside
// Sort, the compiler spills the index and the key to the stack every
// iteration).
//
//go:noinline
func scatter[P any](ks, k2 []uint64, ps, pd []P, off []int, sh uint, mask uint64) {
	n := len(ks)
	ps, k2, pd = ps[:n], k2[:n], pd[:n]
	if n == 0 {
		return
	}
	_ = off[mask]
	// Unchecked stores: every digit is at most mask, an index of off, and
	// the offsets are prefix sums of the digits' counts in ks, so each
	// store lands below n. Without the three bounds checks the loop keeps
	// everything but the mask in registers.
	var zero P
	size := unsafe.Sizeof(zero)
	op, kp, pp := unsafe.Pointer(&off[0]), unsafe.Pointer(&k2[0]), unsafe.Pointer(unsafe.SliceData(pd))
	sh &= 63
	for i, x := range ks {
		oa := (*int)(unsafe.Add(op, uintptr(x>>sh&mask)*8))
		o := uintptr(*oa)
		*oa = int(o + 1)
		*(*uint64)(unsafe.Add(kp, o*8)) = x
		*(*P)(unsafe.Add(pp, o*size)) = ps[i]
	}
}

// countAll counts the histograms of every digit of keys (bits
// from..from+nbits-1 in digits of width bits) into h, nb = 1<<width entries
// per digit, in one read of the keys instead of one per pass.
func countAll(keys []uint64, h []int, from, width, nbits int) {
	nb := 1 << width
	clear(h)
	passes := len(h) / nb
	s0, m0 := uint(from)&63, digitMask(0, width, nbits)
	s1, m1 := uint(from+width)&63, digitMask(1, width, nbits)
	h0, h1 := h[:nb:nb], h[nb:2*nb:2*nb]
	switch passes {
	case 2:
		for _, x := range keys {
			h0[x>>s0&m0]++
			h1[x>>s1&m1]++
		}
	case 3:
		s2, m2 := uint(from+2*width)&63, digitMask(2, width, nbits)
		h2 := h[2*nb : 3*nb : 3*nb]
		for _, x := range keys {
			h0[x>>s0&m0]++
			h1[x>>s1&m1]++
			h2[x>>s2&m2]++
		}
	default:
		for p := range passes {
			sh, m, hp := uint(from+p*width)&63, digitMask(p, width, nbits), h[p*nb:(p+1)*nb:(p+1)*nb]
			for _, x := range keys {
				hp[x>>sh&m]++
			}
		}
	}
}

// digitMask is the mask of digit p of nbits bits in digits of width bits:
// the last digit is narrower when width does not divide nbits, and the bits
// above the range must not take part.
func digitMask(p, width, nbits int) uint64 {
	return 1<<min(width, nbits-p*width) - 1
}

// samePayload reports whether a and b start at the same element (always
// true for a zero-size payload, where the buffers do not matter).
func samePayload[P any](a, b []P) bool {
	return len(a) > 0 && len(b) > 0 && &a[0] == &b[0]
}

// SortParallel is Sort on w goroutines (w >= 1), for inputs out of cache,
// with the sizes of tu: when the keys need more than one pass and span more
// than tu.BucketMax entries per top digit, one pass on the top digit (bits
// up to from+nbits-1) splits them into buckets of about tu.BucketMax
// entries, which are then sorted in cache by Sort, the buckets shared
// among the goroutines; otherwise every pass runs in parallel over w even
// parts (sortBits). The split pays even where the bits left after the top
// digit would fit one pass (20-bit keys: the CSR to CSC transpose of a
// million-column matrix): two LSD passes from memory cost more than the
// top pass and the buckets' pass in cache. Passes over tu.StagingMin entries or more
// scatter through staging buffers (staging.scatter). hist is scratch of at
// least w<<MaxWidth entries. The result depends neither on w nor on tu.
func SortParallel[P any](tu Tuning, keys, keys2 []uint64, src, pa, pb []P, from, nbits, w int, hist []int) ([]uint64, []P) {
	n := len(keys)
	mw := min(bits.Len(uint(n/tu.BucketMax)), MaxWidth)
	if n == 0 || mw < 1 || nbits <= MaxWidth {
		return sortBits(tu, keys, keys2, src, pa, pb, from, nbits, w, hist)
	}
	// One pass on the top mw bits from memory, then every bucket (about
	// tu.BucketMax entries, in cache) by LSD on the rest.
	lo := nbits - mw
	k1, p1 := keys, src
	if !digitInOrder(keys, uint(from+lo), 1<<mw-1, w) {
		k1, p1 = sortBits(tu, keys, keys2, src, pa, pb, from+lo, mw, w, hist)
	}
	// Else the input is in order on the top digit already (entries sorted
	// on their leading levels: a CSF reordered below its root, TTV along a
	// middle level) and the pass would move nothing: it is skipped, as a
	// trivial pass is.
	ko := keys2
	if &k1[0] == &keys2[0] {
		ko = keys
	}
	// Every bucket is sorted where the top pass left it (k1, p1), ping-
	// ponging with a scratch bucket per goroutine, which stays in cache: the
	// start of ko and of the other payload buffer, free once the top pass is
	// done. The bucket's lines are then read from memory once and written
	// back once. (Ping-ponging with the bucket's part of ko and of the
	// other payload buffer instead also reads the lines of those parts (the
	// stores' reads for ownership) and writes back both: twice the memory
	// traffic. Reading those lines in order before each bucket, for the
	// prefetchers to bring them in, does not pay.) Buckets larger than the
	// scratch (skewed keys) ping-pong with
	// their own parts after all others, which may overwrite the scratch.
	// When the top pass was skipped, p1 is src, which must not be written
	// (unless it is pa or pb): then every bucket lands in k1 and pa.
	kc, pc := k1, p1
	q, po := pa, pb // the payload buffers Sort ping-pongs between, without scratch
	switch {
	case &p1[0] == &pa[0]:
		q, po = pb, pa
	case &p1[0] == &pb[0]:
	default:
		pc = pa
	}
	// Bucket bounds from the top digits of the sorted keys.
	nb := 1 << mw
	bounds := make([]uint64, nb+1)
	largest := 0
	for d := 1; d <= nb; d++ {
		bounds[d] = uint64(sort.Search(n, func(i int) bool { return int(k1[i]>>uint(from+lo)&uint64(nb-1)) >= d }))
		largest = max(largest, int(bounds[d]-bounds[d-1]))
	}
	split := parallel.SplitPtr(bounds, w, 64)
	// sc scratch entries per goroutine, at the start of ko and of sq. When
	// the top pass moved the payload, a bucket ping-pongs between its part
	// of p1 and the scratch of q; when it did not, p1 is src, which must
	// not be written, and the bucket ping-pongs between the scratch of po
	// and its part of the result pc (pa).
	sc := min(largest, 4*tu.BucketMax, n/(len(split)-1))
	sq := q
	if &pc[0] != &p1[0] {
		sq = po
	}
	// The top pass is done: its histogram scratch is free for the buckets.
	sortBuckets := func(k, a, z int, large bool) {
		h := hist[k<<MaxWidth : (k+1)<<MaxWidth]
		sk, sp := ko[k*sc:(k+1)*sc], sq[k*sc:(k+1)*sc]
		for d := a; d < z; d++ {
			s, e := int(bounds[d]), int(bounds[d+1])
			if large != (e-s > sc) {
				continue
			}
			if e-s < 2 {
				if e > s {
					pc[s] = p1[s]
				}
				continue
			}
			if large {
				// Its own parts of ko and of whichever of q and po is not
				// the result buffer as scratch.
				other := q
				if samePayload(pc, q) {
					other = po
				}
				sortTo(kc[s:e], ko[s:e], p1[s:e], other[s:e], pc[s:e], from, lo, h)
			} else {
				sortTo(kc[s:e], sk, p1[s:e], sp, pc[s:e], from, lo, h)
			}
		}
	}
	parallel.Run(split, func(k, a, z int) { sortBuckets(k, a, z, false) })
	if largest > sc {
		parallel.Run(split, func(k, a, z int) { sortBuckets(k, a, z, true) })
	}
	return kc, pc
}

// digitInOrder reports whether the digit x>>sh&mask of keys never decreases,
// checked on w goroutines, each stopping at its first inversion.
func digitInOrder(keys []uint64, sh uint, mask uint64, w int) bool {
	b := parallel.Even(len(keys), w)
	bad := make([]bool, len(b)-1)
	sh &= 63
	parallel.Run(b, func(k, a, z int) {
		prev := keys[a] >> sh & mask
		for _, x := range keys[a+1 : z] {
			d := x >> sh & mask
			if d < prev {
				bad[k] = true
				return
			}
			prev = d
		}
	})
	for k := 1; k+1 < len(b); k++ {
		if keys[b[k]-1]>>sh&mask > keys[b[k]]>>sh&mask {
			return false
		}
	}
	return !slices.Contains(bad, true)
}

// sortBits is SortParallel without the top-digit split: every LSD pass on
// bits lo..lo+nbits-1 runs over w even parts of the keys (per-part
// histograms, offsets in (digit, part) order, so the result is stable and
// the same for every w), through staging buffers where tu.Stages(n).
func sortBits[P any](tu Tuning, keys, keys2 []uint64, src, pa, pb []P, lo, nbits, w int, hist []int) ([]uint64, []P) {
	n := len(keys)
	if n == 0 {
		return keys, src
	}
	passes, width := Digits(nbits)
	nb := 1 << width
	b := parallel.Even(n, w)
	parts := len(b) - 1
	var wc []*staging[P]
	if tu.Stages(n) {
		wc = make([]*staging[P], parts)
		for k := range wc {
			wc[k] = getStaging[P]()
		}
		defer func() {
			for _, st := range wc {
				putStaging(st)
			}
		}()
	}
	for p := range passes {
		sh := uint(lo + p*width)
		mask := digitMask(p, width, nbits)
		h := hist[:parts*nb]
		parallel.Run(b, func(k, a, z int) {
			hk := h[k*nb : (k+1)*nb]
			clear(hk)
			for _, x := range keys[a:z] {
				hk[(x>>sh)&mask]++
			}
		})
		// Exclusive offsets in (digit, part) order: stable.
		sum := 0
		trivial := false
		for d := range nb {
			start := sum
			for k := range parts {
				c := h[k*nb+d]
				h[k*nb+d] = sum
				sum += c
			}
			if sum-start == n {
				trivial = true
			}
		}
		if trivial {
			continue
		}
		dst := pa
		if samePayload(src, pa) {
			dst = pb
		}
		ks, k2, ps := keys, keys2, src
		parallel.Run(b, func(k, a, z int) {
			// Locals, so the loop keeps the slices in registers.
			off := h[k*nb : (k+1)*nb : (k+1)*nb]
			if wc != nil {
				wc[k].scatter(ks[a:z], k2, ps[a:z], dst, sh, mask, off)
				return
			}
			scatter(ks[a:z], k2, ps[a:z], dst, off, sh, mask)
		})
		if wc != nil {
			// The partial lines left, once every part's full lines are out.
			parallel.Run(b, func(k, a, z int) { wc[k].flush(k2, dst, nb) })
		}
		keys, keys2 = keys2, keys
		src = dst
	}
	return keys, src
}

// line is the number of entries a staging buffer holds per bucket: 8 keys
// fill a 64-byte cache line.
const line = 8

// staging is one part's scratch for a write-combined scatter: per bucket, a
// line of keys and a line of payload, and the bucket's next and first
// destination offsets; fixed-size arrays, so that indexes masked to their
// size need no bounds checks (288 KiB for a float64 payload).
type staging[P any] struct {
	off, start [1 << MaxWidth]int
	keys       [line << MaxWidth]uint64
	pay        [line << MaxWidth]P
	// putLine's destinations (set by to) and whether they take
	// non-temporal stores
	dk       []uint64
	dv       []P
	ntk, ntp bool
}

// stagingPools holds the *staging[P] of each payload type P: a sort of a
// large input takes one per part, 288 KiB each for a float64 payload, and
// repeated conversions reuse them instead of allocating them every call. A
// scatter sets every field it reads, so a pooled buffer needs no clearing.
var stagingPools parallel.Pools

func getStaging[P any]() *staging[P] {
	if st, ok := parallel.PoolOf[P](&stagingPools).Get().(*staging[P]); ok {
		return st
	}
	return new(staging[P])
}

func putStaging[P any](st *staging[P]) { parallel.PoolOf[P](&stagingPools).Put(st) }

// scatter is the scatter of one part of a pass out of cache (ks and ps to
// k2 and pd at the offsets off) with software write combining. A plain
// scatter stores every entry into a line of its own bucket, and with 2048
// buckets (4096 write streams with the payload) nearly every store misses
// L1 and waits for its line to be read from memory. Here each entry goes to
// its bucket's line-sized staging buffer, which stays in cache, and a
// buffer that completes a destination line (offsets aligned to line) goes
// out as a whole line with non-temporal stores, which do not read the line
// first. With plain stores instead of non-temporal ones the staging makes
// the pass slower than the plain scatter, so sortBits only stages where
// storeLines exists (Tuning.Stages).
//
// A bucket's first line may start before the bucket: the entries there are
// garbage, which flush overwrites, so flush must run after every part's
// scatter. (Only the region holding a line's last entry writes the whole
// line; the regions before it in that line end inside it, so their last,
// partial line is written by flush.)
func (st *staging[P]) scatter(ks, k2 []uint64, ps, pd []P, sh uint, mask uint64, off []int) {
	const m = 1<<MaxWidth - 1
	sh &= 63
	of := &st.off
	copy(of[:], off)
	copy(st.start[:], off)
	kb, pb := &st.keys, &st.pay
	ps = ps[:len(ks)]
	st.to(k2, pd)
	for i, x := range ks {
		d := int(x>>sh&mask) & m
		o := of[d]
		of[d] = o + 1
		j := d*line | o&(line-1)
		kb[j] = x
		pb[j] = ps[i]
		if o&(line-1) == line-1 {
			st.putLine(d, o)
		}
	}
	storeFence()
	st.dk, st.dv = nil, nil
}

// to sets the destinations of putLine: lines of dk and dv take
// non-temporal stores when 16-byte aligned (large slices are page aligned);
// a payload they cannot store is copied.
func (st *staging[P]) to(dk []uint64, dv []P) {
	var zero P
	size := unsafe.Sizeof(zero)
	st.dk, st.dv = dk, dv
	st.ntk = uintptr(unsafe.Pointer(unsafe.SliceData(dk)))%16 == 0
	st.ntp = size > 0 && size*line%16 == 0 && uintptr(unsafe.Pointer(unsafe.SliceData(dv)))%16 == 0
}

// putLine writes bucket d's staged line, which ends at destination offset
// o, to the destinations set by to.
func (st *staging[P]) putLine(d, o int) {
	s, b := o-(line-1), d*line
	k2, pd := st.dk, st.dv
	if st.ntk {
		_ = k2[s+line-1]
		storeLines(unsafe.Pointer(&k2[s]), unsafe.Pointer(&st.keys[b]), line*8)
	} else {
		*(*[line]uint64)(k2[s : s+line]) = *(*[line]uint64)(st.keys[b : b+line])
	}
	if st.ntp {
		_ = pd[s+line-1]
		storeLines(unsafe.Pointer(&pd[s]), unsafe.Pointer(&st.pay[b]), line*unsafe.Sizeof(pd[0]))
	} else {
		*(*[line]P)(pd[s : s+line]) = *(*[line]P)(st.pay[b : b+line])
	}
}

// flush writes the staged entries of the last, partial line of every one of
// the nb buckets, after every part's scatter.
func (st *staging[P]) flush(k2 []uint64, pd []P, nb int) {
	for d, o := range st.off[:nb] {
		s := max(o&^(line-1), st.start[d])
		if s < o {
			b := d * line
			copy(k2[s:o], st.keys[b+s&(line-1):b+o&(line-1)])
			copy(pd[s:o], st.pay[b+s&(line-1):b+o&(line-1)])
		}
	}
}
