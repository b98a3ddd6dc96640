package engine

import (
	"fmt"

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
	s.nodes2("QGatherHadamard2", ptr, lptr, func(c0, c1 int, e0, j0 uint64, np, lp []uint64, tile []float32) {
		o, nc := out, ncrd
		if mode == GatherRows {
			o = out[c0*r:]
		} else {
			nc = ncrd[c0:c1]
		}
		GatherHadamard2Unchecked(mode, o, y, nc, np, crd[e0:], z, lp, tile, idx[j0:], x, r)
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
	s.nodes2("QPushHadamard2", ptr, lptr, func(c0, c1 int, e0, j0 uint64, np, lp []uint64, tile []float32) {
		PushHadamard2Unchecked(mode, out, above, y, ycrd[c0:c1], np, crd[e0:], lp, tile, idx[j0:], f, r)
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

// nodes2 walks the nodes of ptr (children in lptr's pointers over the
// leaves) in tiles: fn(c0, c1, e0, j0, np, lp, tile) for nodes c0..c1-1,
// whose children are e0 onwards with node pointers np rebased to e0, and
// whose leaves are j0 onwards with child pointers lp rebased to j0 and
// decoded into tile. Whole nodes go together while their leaves fit a tile
// and their children the rebased pointers; a node that does not fit alone
// goes by groups of its children, and a child that does not fit alone by
// pieces of its leaves (c1 = c0+1 then, and np and lp cover only the
// group or piece).
//
// Every group and piece lies within the children ptr's ends name and the
// leaves their pointers name, the ranges qCheck2 checked: a node's end
// outside the children, or a child's end outside the leaves or before its
// start (pointers changed after validation), panics, naming the product,
// before anything of it is decoded.
func (s *qScratch) nodes2(name string, ptr, lptr []uint64, fn func(c0, c1 int, e0, j0 uint64, np, lp []uint64, tile []float32)) {
	nc := len(ptr) - 1
	eEnd := ptr[nc]
	jEnd := lptr[eEnd]
	for c := 0; c < nc; {
		e0 := ptr[c]
		j0 := lptr[e0]
		d := c
		for d < nc && d-c < qTileRows && ptr[d+1] >= e0 && ptr[d+1]-e0 <= qTile && ptr[d+1] <= eEnd &&
			lptr[ptr[d+1]] >= j0 && lptr[ptr[d+1]]-j0 <= qTile && lptr[ptr[d+1]] <= jEnd {
			d++
		}
		if d > c {
			e1 := ptr[d]
			s.call2(fn, c, d, e0, e1, j0, lptr[e1], ptr, lptr)
			c = d
			continue
		}
		// Node c alone does not fit: its children in groups.
		end := ptr[c+1]
		if end < e0 || end > eEnd {
			panic(fmt.Sprintf("kernels: %s: ptr[%d] = %d out of range %d..%d", name, c+1, end, e0, eEnd))
		}
		for e := e0; e < end; {
			f := e
			jf := lptr[e]
			for f < end && f-e < qTile && lptr[f+1] >= jf && lptr[f+1]-jf <= qTile && lptr[f+1] <= jEnd {
				f++
			}
			if f > e {
				s.call2(fn, c, c+1, e, f, jf, lptr[f], ptr, lptr)
				e = f
				continue
			}
			// Child e alone does not fit: its leaves in pieces.
			jl := lptr[e+1]
			if jl < jf || jl > jEnd {
				panic(fmt.Sprintf("kernels: %s: lptr[%d] = %d out of range %d..%d", name, e+1, jl, jf, jEnd))
			}
			for q := jf; q < jl; q += qTile {
				s.call2(fn, c, c+1, e, e+1, q, min(jl, q+qTile), ptr, lptr)
			}
			e++
		}
		c++
	}
}

// call2 decodes leaves j0..j1-1, rebases the node pointers of c0..c1 to
// children e0..e1 and the child pointers of e0..e1 to the leaves (each
// clamped to the range, for a group or a piece) and calls fn.
func (s *qScratch) call2(fn func(c0, c1 int, e0, j0 uint64, np, lp []uint64, tile []float32), c0, c1 int, e0, e1, j0, j1 uint64, ptr, lptr []uint64) {
	tile := s.decode(j0, j1)
	np := s.ptr[:c1-c0+1]
	for k := range np {
		np[k] = min(max(ptr[c0+k], e0), e1) - e0
	}
	lp := s.ptr2[:e1-e0+1]
	for k := range lp {
		lp[k] = min(max(lptr[e0+uint64(k)], j0), j1) - j0
	}
	fn(c0, c1, e0, j0, np, lp, tile)
}
