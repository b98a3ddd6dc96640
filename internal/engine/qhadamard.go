package engine

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/hurray-format/hurray-go/quant"
)

// The Hadamard families on quantized values: the kernels of CSF's MTTKRP,
// TTM and leaf SpMM (and SDDMM's sparse-times-dense), each taking the
// values as quant.Values with their channels instead of a []T, leaf
// indices absolute as in the float32 kernels. They are the Unchecked
// entry points' contracts: the caller passes the levels of a validated
// tensor, validated values, and operands whose sizes it has checked against
// the tensor's shape. They check the lengths that tie the levels to the
// values, and decode the leaves in tiles along the kernels' node runs (see
// qtile.go): whole nodes where they fit, else a node's children in groups
// and a child's leaves in pieces (every one of these products is linear in
// the leaves, so the pieces add up to the node's result, rounded piece by
// piece).

// QGatherHadamard is GatherHadamardUnchecked on quantized values: leaves
// ptr[c]..ptr[c+1]-1 of node c, values v, leaf indices idx (len(idx) ==
// v.N).
func QGatherHadamard(mode GatherMode, out, y []float32, crd, ptr []uint64, v *quant.Values, ch Channels, idx []uint64, x []float32, r int) {
	qCheckRows("QGatherHadamard", ptr, idx, v, &ch)
	s := getQScratch(v, ch)
	s.rows("QGatherHadamard", ptr, func(i, j int, t0, t1 uint64, rp []uint64, tile []float32, _ bool) {
		o, c := out, crd
		if mode == GatherRows {
			o = out[i*r:]
		} else {
			c = crd[i:j]
		}
		GatherHadamardUnchecked(mode, o, y, c, rp, tile, idx[t0:t1], x, r)
	})
	putQScratch(s)
}

// QScatterHadamard is ScatterHadamardUnchecked on quantized values.
func QScatterHadamard(out, base, y []float32, crd, ptr []uint64, v *quant.Values, ch Channels, idx []uint64, r int) {
	qCheckRows("QScatterHadamard", ptr, idx, v, &ch)
	s := getQScratch(v, ch)
	s.rows("QScatterHadamard", ptr, func(i, j int, t0, t1 uint64, rp []uint64, tile []float32, _ bool) {
		ScatterHadamardUnchecked(out, base, y, crd[i:j], rp, tile, idx[t0:t1], r)
	})
	putQScratch(s)
}

// QGatherHadamard2 is GatherHadamard2Unchecked on quantized values: node c
// has children ptr[c]..ptr[c+1]-1 (crd), child e leaves lptr[e]..lptr[e+1]-1
// (values v, leaf indices idx, len(idx) == v.N).
func QGatherHadamard2(mode GatherMode, out, y []float32, ncrd, ptr, crd []uint64, z []float32, lptr []uint64, v *quant.Values, ch Channels, idx []uint64, x []float32, r int) {
	s := qCheck2("QGatherHadamard2", ptr, crd, lptr, idx, v, ch)
	if s == nil {
		return
	}
	s.nodes2("QGatherHadamard2", ptr, crd, lptr, idx, func(c0, c1 int, np, ccrd, lp []uint64, tile []float32, tidx []uint64, lbase uint64) {
		o, nc := out, ncrd
		if mode == GatherRows {
			o = out[c0*r:]
		} else {
			nc = ncrd[c0:c1]
		}
		gatherHadamard2Based(mode, o, y, nc, np, ccrd, z, lp, tile, tidx, x, r, lbase)
	})
	putQScratch(s)
}

// QPushHadamard2 is PushHadamard2Unchecked on quantized values, the levels
// as QGatherHadamard2's.
func QPushHadamard2(mode PushMode, out, above, y []float32, ycrd, ptr, crd, lptr []uint64, v *quant.Values, ch Channels, idx []uint64, f []float32, r int) {
	s := qCheck2("QPushHadamard2", ptr, crd, lptr, idx, v, ch)
	if s == nil {
		return
	}
	s.nodes2("QPushHadamard2", ptr, crd, lptr, idx, func(c0, c1 int, np, ccrd, lp []uint64, tile []float32, tidx []uint64, lbase uint64) {
		if mode > PushChildren {
			panic("kernels: PushHadamard2: unknown mode")
		}
		if len(np) > 1 {
			pushHadamard2F32.fn(out, above, y, ycrd[c0:c1], np, ccrd, lp, tile, tidx, f, r, int(mode), lbase)
		}
	})
	putQScratch(s)
}

// qCheck2 checks the two-level kernels' levels against the values and
// returns a scratch, or nil when there are no nodes.
func qCheck2(name string, ptr, crd, lptr, idx []uint64, v *quant.Values, ch Channels) *qScratch {
	if len(ptr) <= 1 {
		return nil
	}
	if len(idx) != v.N {
		panic(fmt.Sprintf("kernels: %s: %d indices for %d values", name, len(idx), v.N))
	}
	e0, e1 := ptr[0], ptr[len(ptr)-1]
	if e1 < e0 || e1 >= uint64(len(lptr)) || e1 > uint64(len(crd)) {
		panic(fmt.Sprintf("kernels: %s: ptr spans %d..%d, outside %d children", name, e0, e1, len(crd)))
	}
	j0, j1 := lptr[e0], lptr[e1]
	if j1 < j0 || j1 > uint64(len(idx)) {
		panic(fmt.Sprintf("kernels: %s: children span leaves %d..%d, outside the %d values", name, j0, j1, len(idx)))
	}
	checkQuant(name, v, int(j0), int(j1-j0), &ch, false)
	return getQScratch(v, ch)
}

// gatherHadamard2Based is GatherHadamard2Unchecked on float32 with leaf
// pointers read less lbase (the kernels' lbase).
func gatherHadamard2Based(mode GatherMode, out, y []float32, ncrd, ptr, crd []uint64, z []float32, lptr []uint64, vals []float32, idx []uint64, x []float32, r int, lbase uint64) {
	if len(ptr) <= 1 {
		return
	}
	sO, cO, sU := gatherStrides(mode, r)
	if mode == GatherRows {
		ncrd = ptr // any slice of >= nc entries: its values are multiplied by 0
	}
	gatherHadamard2F32.fn(out, y, ncrd, ncrd, ptr, crd, z, lptr, vals, idx, x, r, sO, cO, sU, lbase)
}

// qLeafBlock is the most leaves nodes2 decodes for whole nodes at once.
const qLeafBlock = 1 << 14

// qLeafScratch holds nodes2's decoded leaves of whole nodes, with room for
// decodeI8Blocks to start at the multiple of 16 below a tile's first leaf.
type qLeafScratch struct {
	vals [qLeafBlock + 16]float32
}

// qI8Blocks returns the scales of v and the shift that takes a value's
// index to its scale's, when dequantizeI8Blocks can decode v: int8 codes
// per tensor (shift 63) or per block of 2^shift >= 16 values.
func qI8Blocks(v *quant.Values) (scale []float32, shift uint64, ok bool) {
	s := v.Scheme
	if s.Kind() != quant.Int8 {
		return nil, 0, false
	}
	switch s.Granularity() {
	case quant.PerTensor:
		return v.Scale, 63, true
	case quant.PerBlock:
		if b := s.BlockSize(); b >= 16 && b&(b-1) == 0 {
			return v.Scale, uint64(bits.TrailingZeros(uint(b))), true
		}
	}
	return nil, 0, false
}

// decodeI8Blocks decodes values j0..j1-1 (j0 < j1, j1-j0 <= qLeafBlock)
// of int8 codes whose scales go by 2^shift values into buf, from index
// j0%16 on, and returns them: k from the multiple of 16 at or below j0
// over the whole vectors, the values after them in Go (the same product,
// rounded once).
func decodeI8Blocks(k dequantizeI8BlocksFunc, buf *[qLeafBlock + 16]float32, codes []byte, scale []float32, shift, j0, j1 uint64) []float32 {
	_, _ = codes[j1-1], scale[(j1-1)>>shift] // the kernel reads no further
	ja := j0 &^ 15
	n := (j1 - ja) &^ 15
	k(buf[:n], codes[ja:j1], scale, ja, shift)
	for j := ja + n; j < j1; j++ {
		buf[j-ja] = float32(int8(codes[j])) * scale[j>>shift]
	}
	return buf[j0-ja : j1-ja]
}

var qLeafPool = sync.Pool{New: func() any { return new(qLeafScratch) }}

// nodes2 walks the nodes of ptr (children crd, whose leaves lptr's
// pointers bound, leaf indices idx) in tiles of at most qLeafBlock leaves,
// decoded into a pooled scratch: fn(c0, c1, np, ccrd, lp, tile, tidx,
// lbase) for nodes c0..c1-1 with node pointers np into the children ccrd
// and child pointers lp, read less lbase, into the decoded leaves tile and
// their indices tidx. Whole nodes go together while their leaves fit: np,
// ccrd and lp are then ptr, crd and lptr themselves and lbase the first
// leaf, so nothing is rebased. A node that does not fit alone goes by
// groups of its children (c1 = c0+1, np the group's two child indices), and
// a child that does not fit alone by pieces of its leaves (np and lp then
// the piece's, rebased to it, ccrd from the child on, and lbase 0).
//
// Every tile lies within the children ptr's ends name and the leaves their
// pointers name, the ranges qCheck2 checked: a node's end outside the
// children, or a child's end outside the leaves or before its start
// (pointers changed after validation), panics, naming the product, before
// anything of it is decoded. Pointers inside a tile are the kernels' to
// check: one below lbase wraps above the tile, which they refuse.
func (s *qScratch) nodes2(name string, ptr, crd, lptr, idx []uint64, fn func(c0, c1 int, np, ccrd, lp []uint64, tile []float32, tidx []uint64, lbase uint64)) {
	nc := len(ptr) - 1
	eEnd := ptr[nc]
	jEnd := lptr[eEnd]
	blk := qLeafPool.Get().(*qLeafScratch)
	k := dequantizeI8Blocks.fn
	scale, shift, i8 := qI8Blocks(&s.v)
	decode := func(j0, j1 uint64) []float32 {
		if i8 && j1 > j0 {
			return decodeI8Blocks(k, &blk.vals, s.v.Codes, scale, shift, j0, j1)
		}
		tile := blk.vals[:j1-j0]
		for t := 0; t < len(tile); t += qTile {
			s.hint = dequantizeTile(tile[t:min(len(tile), t+qTile)], s, int(j0)+t)
		}
		return tile
	}
	for c := 0; c < nc; {
		e0 := ptr[c]
		j0 := lptr[e0]
		lim := qLeafLimit(j0, jEnd)
		// Node boundaries from c whose children start within e0..eEnd and
		// whose leaves within j0..lim.
		d := gallop(c, nc, func(d int) bool {
			e := ptr[d]
			return e >= e0 && e <= eEnd && lptr[e] >= j0 && lptr[e] <= lim
		})
		if d > c {
			j1 := lptr[ptr[d]]
			fn(c, d, ptr[c:d+1], crd, lptr, decode(j0, j1), idx[j0:j1], j0)
			c = d
			continue
		}
		// Node c alone does not fit: its children in groups.
		end := ptr[c+1]
		if end < e0 || end > eEnd {
			panic(fmt.Sprintf("kernels: %s: ptr[%d] = %d out of range %d..%d", name, c+1, end, e0, eEnd))
		}
		np := s.ptr[:2]
		for e := e0; e < end; {
			jf := lptr[e]
			lim := qLeafLimit(jf, jEnd)
			f := uint64(gallop(int(e), int(end), func(f int) bool {
				return lptr[f] >= jf && lptr[f] <= lim
			}))
			if f > e {
				j1 := lptr[f]
				np[0], np[1] = e, f
				fn(c, c+1, np, crd, lptr, decode(jf, j1), idx[jf:j1], jf)
				e = f
				continue
			}
			// Child e alone does not fit: its leaves in pieces.
			jl := lptr[e+1]
			if jl < jf || jl > jEnd {
				panic(fmt.Sprintf("kernels: %s: lptr[%d] = %d out of range %d..%d", name, e+1, jl, jf, jEnd))
			}
			lp := s.ptr2[:2]
			for q := jf; q < jl; q += qLeafBlock {
				q1 := min(jl, q+qLeafBlock)
				np[0], np[1] = 0, 1
				lp[0], lp[1] = 0, q1-q
				fn(c, c+1, np, crd[e:], lp, decode(q, q1), idx[q:q1], 0)
			}
			e++
		}
		c++
	}
	qLeafPool.Put(blk)
}

// qLeafLimit is the last leaf pointer a tile from leaf j0 may end at: j0 +
// qLeafBlock, or jEnd before it.
func qLeafLimit(j0, jEnd uint64) uint64 {
	if jEnd < j0 || jEnd-j0 < qLeafBlock {
		return jEnd
	}
	return j0 + qLeafBlock
}

// gallop returns the last d in lo..n at which fits holds, found by a
// galloping search from lo (fits(lo) is taken to hold): steps of 1, 2, 4,
// ... while fits holds, then a binary search of the last step. On a fits
// that is monotone (valid levels) that is the last such d; on any other it
// is still one at which fits holds, or lo. A few probes a tile, where a
// walk over every boundary would load a line of lptr for each.
func gallop(lo, n int, fits func(int) bool) int {
	step := 1
	for lo+step <= n && fits(lo+step) {
		lo += step
		step *= 2
	}
	hi := min(lo+step, n+1) // fits(hi) is false, or hi is past n
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}
