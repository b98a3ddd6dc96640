package main

import "fmt"

// The two-level gather (GatherHadamard2): for every node c of a level, the
// sum over its children e of z's row crd[e] times the child's fiber sum,
// times a row of y, into a row of out. It walks three levels in one pass:
// the child sums and the node sum stay in registers, where the one-level
// kernel called twice writes a row per child and reads it back. The AVX-512
// version takes column blocks of 1, 2 or 4 vectors as the one-level kernel
// does (one walk of the index arrays per block); the AVX2 version blocks of
// 4, 2 or 1 full vectors and then one masked vector (blocks256).
//
// Registers: AX node c, R8 child e, R9 children end, CX leaf j, DX leaves
// end and temp, R14 temp, DI out block, SI y block, BX x block, R15 z block,
// R10 vals, R11 idx, R12 lptr, R13 row bytes. The frame holds the columns
// left (left-8(SP)) and the block's byte offset (blk-16(SP)); ptr, crd, ocrd
// and ycrd are read through the argument frame. AVX-512 vectors: Z0..Z3
// fiber sums, Z4..Z7 child sums, Z8 value, Z16..Z23 pull sums, Z24..Z31 y
// and out rows. AVX2: Y0..Y3 fiber sums, Y4..Y7 child sums, Y8 value, Y9
// the masked block's loaded row, Y10..Y13 pull sums (or Y10 an out row),
// Y15 the masked block's lanes.

// gather2PrefetchX is the bit of the GatherHadamard2 kernels' last argument,
// pf, that makes each leaf prefetch the x row of the leaf pullPFD ahead
// (package kernels sets it when x exceeds L2).
const gather2PrefetchX = 1

// prologue opens kernel fn (frame: left-8(SP), blk-16(SP); the argument
// size from its declaration), runs loads (the bases), sets R13 to the row
// bytes from the argument r at rOff, and leaves for done when ptr (its
// length at ptrLen) has no node. Every blocked kernel but the AVX-512
// one-level ones opens so.
func (a *asm) prologue(fn string, rOff, ptrLen int, loads string) {
	a.text(fn, 16)
	a.f("%s", loads)
	a.f(`	MOVQ r+%d(FP), R13
	MOVQ R13, left-8(SP)
	MOVQ $0, blk-16(SP)
	SHLQ ${LOG}, R13
	MOVQ ptr_len+%d(FP), AX
	CMPQ AX, $1
	JLE  done`, rOff, ptrLen)
}

// twoLevelDoc writes a kernel's header comment: its Go signature (from
// its declaration), its column blocks and pseudo-code (body, without the
// leading "// ", which says what it checks), the generator file naming its
// registers, and the features it requires.
func (a *asm) twoLevelDoc(fn, blocks, body, regs, req string) {
	a.f("\n// func %s%s\n//\n// Column blocks (%s, masked past r), and for each block every node c:\n//", fn, declOf(fn).sig, blocks)
	for _, ln := range commentLines(body) {
		a.f("%s", ln)
	}
	a.f("//\n// Registers: see %s in kernels/amd64/_gen.\n// Requires: %s", regs, req)
}

// nextBlock512 ends an AVX-512 column block of nv vectors (label next<nv>):
// the bases and the block offset advance, and the loop goes on while columns
// are left.
func (a *asm) nextBlock512(nv int) {
	a.f("next%d:", nv)
	a.f("\tADDQ $%d, DI", nv*64)
	a.f("\tADDQ $%d, SI", nv*64)
	a.f("\tADDQ $%d, BX", nv*64)
	a.f("\tADDQ $%d, blk-16(SP)", nv*64)
	a.f("\tSUBQ $%d, left-8(SP)", nv*a.w())
	a.f("\tJG   chunk")
	a.f("\tJMP  done")
}

// blocks512 writes the AVX-512 column-block dispatch (label chunk, then
// reload, which leaves the columns left in R15), the blocks (one emitter
// call per width 1, 2, 4) and the return.
func (a *asm) blocks512(reload string, block func(a *asm, nv int)) {
	a.f("\nchunk:%s", reload)
	a.f(`	CMPQ R15, $%d
	JGT  blk4
	CMPQ R15, $%d
	JGT  blk2
	JMP  blk1
`, 2*a.w(), a.w())
	for _, nv := range []int{1, 2, 4} {
		block(a, nv)
	}
	a.returns()
}

// leftReload is blocks512's reload for kernels that keep the columns left
// in their frame.
const leftReload = "\n\tMOVQ left-8(SP), R15"

// gather2Loads loads GatherHadamard2's bases.
const gather2Loads = `	MOVQ out_base+0(FP), DI
	MOVQ y_base+24(FP), SI
	MOVQ lptr_base+168(FP), R12
	MOVQ vals_base+192(FP), R10
	MOVQ idx_base+216(FP), R11
	MOVQ x_base+240(FP), BX`

const gather2Body = `	s := sum over e in ptr[c]..ptr[c+1]-1 of z[crd[e]*r + block] *
	     (sum over j in lptr[e]..lptr[e+1]-1 of vals[j] * x[idx[j]*r + block])
	out[ocrd[c]*sO + c*cO + block] += y[ycrd[c]*sU + block] * s

When sO = cO = 0 (GatherPull) the out block stays in registers and is
stored once per block.

Checks, each when its value is read (every block reads the index arrays
again): ptr[c] <= ptr[c+1] <= len(crd), lptr[e] <= lptr[e+1] <= len(idx),
idx[j] < xrows, crd[e] < zrows, ocrd[c] < obound and ycrd[c] < ybound; a
violation leaves for bad (returns 1).`

// The one- and two-level gathers share their first five arguments (out, y,
// ocrd, ycrd, ptr); their strides sO, cO, sU stand at sOff, sOff+8 and
// sOff+16 of the frame: 200 (GatherHadamard) or 272 (GatherHadamard2).
const (
	gather1SOff = 200
	gather2SOff = 272
)

// nodeRows sets R14 to out's row offset (elements) ocrd[c]*sO + c*cO and DX
// to y's, ycrd[c]*sU, for node AX, leaving for bad unless ocrd[c] < obound
// and ycrd[c] < ybound.
func (a *asm) nodeRows(sOff int) {
	a.f(`	MOVQ  ocrd_base+48(FP), R14
	MOVQ  (R14)(AX*8), R14`)
	a.check("R14", "obound")
	a.f(`	IMULQ sO+%d(FP), R14
	MOVQ  AX, DX
	IMULQ cO+%d(FP), DX
	ADDQ  DX, R14`, sOff, sOff+8)
	a.yRow(sOff)
}

// pullPFD is how many nodes ahead the node loops of GatherHadamard2 (pull
// mode) and PushHadamard2 prefetch y's rows: MTTKRP reads a row of the
// factor of level N-3 per node of that level, from beyond L2, and the
// hardware prefetcher does not follow rows named by an index. The prefetch
// pays for float64 rows in both the pull and the push, on one thread and
// two; float32 rows of one line gain nothing from it and lose nothing. 8
// nodes ahead is too close to hide the miss.
//
// The scatter loop of GatherHadamard2 prefetches the out row of the node as
// far ahead (prefetchOut), for the same reason.
//
// The AVX2 kernels prefetch the same rows as far ahead (a block's half of
// the lines, the 256-bit blocks being half as wide).
const pullPFD = 24

// prefetchY prefetches the y row (its block) of node AX+pullPFD when there
// is one. Clobbers R14, DX.
//
// The row offset is ycrd[...] times the argument sU+288(FP) in elements
// (GatherHadamard2) or, with bytes set, times R13 in bytes (PushHadamard2).
func (a *asm) prefetchY(nv int, l string, bytes bool) {
	if bytes {
		a.prefetchAhead(nv, "nopf"+l, "ycrd_base+72(FP)", "R13", "", "SI", "1")
		return
	}
	a.prefetchAhead(nv, "nopf"+l, "ycrd_base+72(FP)", "sU+288(FP)", "", "SI", "{ES}")
}

// prefetchOut prefetches the out row (its block) of node AX+pullPFD when
// there is one: ocrd[c]*sO + c*cO elements in. Clobbers R14, DX.
func (a *asm) prefetchOut(nv int, l string) {
	a.prefetchAhead(nv, "noof"+l, "ocrd_base+48(FP)", "sO+272(FP)", "cO+280(FP)", "DI", "{ES}")
}

// prefetchAhead is prefetchY's and prefetchOut's code: when node
// c = AX+pullPFD exists, it prefetches nv lines at base + scale * (table[c]
// * stride (+ c * nodeStride when that is not empty)), then places label.
// Clobbers R14, DX.
func (a *asm) prefetchAhead(nv int, label, table, stride, nodeStride, base, scale string) {
	a.f("\tLEAQ %d(AX), R14", pullPFD+1)
	a.f("\tCMPQ R14, ptr_len+104(FP)")
	a.f("\tJAE  %s", label)
	a.f("\tMOVQ  %s, DX", table)
	a.f("\tMOVQ  %d(DX)(AX*8), DX", pullPFD*8)
	a.f("\tIMULQ %s, DX", stride)
	if nodeStride != "" {
		a.f("\tDECQ  R14")
		a.f("\tIMULQ %s, R14", nodeStride)
		a.f("\tADDQ  R14, DX")
	}
	for v := range nv {
		a.f("\tPREFETCHT0 %d(%s)(DX*%s)", v*64, base, scale)
	}
	a.f("%s:", label)
}

// yRow sets DX to y's row offset (elements) ycrd[c]*sU for node AX,
// leaving for bad unless ycrd[c] < ybound.
func (a *asm) yRow(sOff int) {
	a.f(`	MOVQ  ycrd_base+72(FP), DX
	MOVQ  (DX)(AX*8), DX`)
	a.check("DX", "ybound")
	a.f(`	IMULQ sU+%d(FP), DX`, sOff+16)
}

// childrenOpen loads node AX's children range into R8, R9, leaving for
// bad unless ptr[c] <= ptr[c+1] <= len(crd) (the children lptr holds too).
func (a *asm) childrenOpen(l string) {
	a.f(`	MOVQ ptr_base+96(FP), R14
	MOVQ (R14)(AX*8), R8
	MOVQ 8(R14)(AX*8), R9`)
	a.span("R8", "R9", "crd")
}

// children512 sets Z4..Z(3+nv) to node AX's sum over its children of z row
// crd[e] times the child's fiber sum. Clobbers R8, R9, CX, DX, R14, Z0..Z3,
// Z8.
func (a *asm) children512(nv int, l string) {
	a.childrenOpen(l)
	a.f("\t// Z4..Z%d = sum over children e in [R8, R9) of z row crd[e] * fiber sum of e", 3+nv)
	for v := range nv {
		a.f("\tVPXORQ Z%d, Z%d, Z%d", 4+v, 4+v, 4+v)
	}
	a.f("\tJE   ce%s", l) // childrenOpen's span set the flags
	a.f("cl%s:", l)
	// As children256: the z row of the child pullPFD ahead always, the x
	// rows of the leaves with gather2PrefetchX in pf.
	a.prefetchCrdRow(nv, l, "R15")
	a.lptrSpan(336)
	a.fiber(nv, l, gather2LeafPF)
	a.f("\tMOVQ  crd_base+120(FP), R14")
	a.f("\tMOVQ  (R14)(R8*8), R14")
	a.check("R14", a.crdBound)
	a.f("\tIMULQ R13, R14")
	for v := range nv {
		a.f("\tVFMADD231{P} %d(R15)(R14*1), Z%d, K%d, Z%d", v*64, v, v+1, 4+v)
	}
	a.f("\tINCQ R8")
	a.f("\tCMPQ R8, R9")
	a.f("\tJB   cl%s", l)
	a.f("ce%s:", l)
}

// nextNode advances AX and jumps to label (jump JB) while nodes are left,
// or (jump JAE) when none are.
func (a *asm) nextNode(jump, label string) {
	a.f("\tINCQ AX")
	a.f("\tLEAQ 1(AX), R14")
	a.f("\tCMPQ R14, ptr_len+104(FP)")
	a.f("\t%s  %s", jump, label)
}

// scatterOrPull leaves for pull+l when sO (at sOff in the argument frame)
// and cO, after it, are 0 (GatherPull), and otherwise opens the node loop
// of the scatter or rows modes (label snode+l) from node 0.
func (a *asm) scatterOrPull(sOff int, l string) {
	a.f("\tMOVQ sO+%d(FP), AX", sOff)
	a.f("\tORQ  cO+%d(FP), AX", sOff+8)
	a.f("\tJZ   pull%s", l)
	a.f("\t// Scatter or rows: out row ocrd[c]*sO + c*cO, y row ycrd[c]*sU.")
	a.f("\tXORQ AX, AX")
	a.f("snode%s:", l)
}

func gather2Block512(a *asm, nv int) {
	l := fmt.Sprint(nv)
	a.f("blk%s:", l)
	a.masks(nv)
	a.f("\tMOVQ z_base+144(FP), R15")
	a.f("\tADDQ blk-16(SP), R15")
	a.scatterOrPull(272, l)
	a.prefetchOut(nv, "s"+l)
	a.children512(nv, "s"+l)
	a.nodeRows(gather2SOff)
	for v := range nv {
		a.f("\tVMOVU{P}.Z   %d(SI)(DX*{ES}), K%d, Z%d", v*64, v+1, 24+v)
		a.fmaVec(v, "(DI)(R14*{ES})", 28+v, fmt.Sprintf("Z%d, Z%d", 24+v, 4+v))
	}
	a.nextNode("JB", "snode"+l)
	a.f("\tJMP  next%s", l)

	a.f("pull%s:", l)
	a.f("\t// Pull: the out block stays in Z16.. (even nodes) and Z20.. (odd nodes).")
	for v := range nv {
		a.f("\tVMOVU{P}.Z %d(DI), K%d, Z%d", v*64, v+1, 16+v)
		a.f("\tVPXORQ     Z%d, Z%d, Z%d", 20+v, 20+v, 20+v)
	}
	a.f("\tXORQ AX, AX")
	a.f("pnode%s:", l)
	for half, accBase := range []int{16, 20} {
		a.prefetchY(nv, fmt.Sprintf("p%s%d", l, half), false)
		a.children512(nv, fmt.Sprintf("p%s%d", l, half))
		a.yRow(gather2SOff)
		for v := range nv {
			a.f("\tVFMADD231{P} %d(SI)(DX*{ES}), Z%d, K%d, Z%d", v*64, 4+v, v+1, accBase+v)
		}
		if half == 0 {
			a.nextNode("JAE", "pend"+l)
		} else {
			a.nextNode("JB", "pnode"+l)
		}
	}
	a.f("pend%s:", l)
	for v := range nv {
		a.f("\tVADD{P}  Z%d, Z%d, Z%d", 20+v, 16+v, 16+v)
		a.f("\tVMOVU{P} Z%d, K%d, %d(DI)", 16+v, v+1, v*64)
	}
	a.nextBlock512(nv)
}

// gather2PrefetchDoc is the kernels' header paragraph on prefetching.
func gather2PrefetchDoc() string {
	return fmt.Sprintf("\n\nThe pull loop prefetches the y row, the scatter loop the out row, of the\nnode %d ahead (pullPFD). Each child prefetches the z\nrow that the child as far ahead names; with %d in pf, each leaf the x row\nthat the leaf as far ahead names.", pullPFD, gather2PrefetchX)
}

// gather2LeafPF is the leaf prefetch of both GatherHadamard2 kernels: x's
// row, when pf has gather2PrefetchX.
var gather2LeafPF = leafPF{"pf+296(FP)", gather2PrefetchX, "idx_len+224(FP)", "BX"}

func gather2AVX512(e elem) string {
	a := &asm{e: e, leafBound: "xrows", crdBound: "zrows"}
	fn := "GatherHadamard2" + e.T + "AVX512"
	a.twoLevelDoc(fn, "1, 2 or 4 vectors", gather2Body+gather2PrefetchDoc(), "twolevel.go", "AVX512F, AVX512DQ, BMI2")
	a.prologue(fn, 264, 104, gather2Loads)
	a.blocks512(leftReload, gather2Block512)
	return a.expand()
}

// children256 sets Y4.. to node AX's sum over its children of z row crd[e]
// times the child's fiber sum (this block). Clobbers R8, R9, CX, DX, R14,
// Y0..Y3, Y8, Y9.
func (a *asm) children256(b blk256, l string) {
	a.childrenOpen(l)
	a.f("\t// Y4..Y%d = sum over children e in [R8, R9) of z row crd[e] * fiber sum of e", 3+b.nv)
	b.zero(4)
	a.f("\tJE   ce%s", l) // childrenOpen's span set the flags
	a.f("cl%s:", l)
	// The z row of the child pullPFD ahead, whatever z's size: it pays
	// where z exceeds L2 and costs next to nothing where z's rows sit in L2,
	// while a test of z's size against L2 costs more than it saves, so
	// there is none. With gather2PrefetchX in pf, each leaf likewise
	// prefetches its x row (gather2Prefetching in package kernels).
	// children512 does the same.
	a.prefetchCrdRow(b.lines(), l, "R15")
	a.lptrSpan(336)
	b.fiber(l, 8, gather2LeafPF)
	a.rowOf("crd_base+120(FP)", "R8", a.crdBound)
	for v := range b.nv {
		b.fma(v, "(R15)(R14*1)", v, 4+v)
	}
	a.f("\tINCQ R8")
	a.f("\tCMPQ R8, R9")
	a.f("\tJB   cl%s", l)
	a.f("ce%s:", l)
}

func gather2Block256(b blk256) {
	b.a.f("\tMOVQ z_base+144(FP), R15")
	b.a.f("\tADDQ blk-16(SP), R15")
	b.gatherNodes(gather2SOff, 4, true, func(l string) { b.a.children256(b, l) })
}

// gatherNodes writes an AVX2 gather block's two node loops, over the nodes
// ptr names: node(l) (l its label suffix) sets Y sum.. to node AX's sum;
// then the scatter-or-rows loop adds y row times the sum into out's row for
// the node (nodeRows), or, when sO = cO = 0 (GatherPull), the pull loop adds
// it into the out block held in Y10.. and stored at the end. With prefetch,
// the scatter loop prefetches the out row and the pull loop the y row of
// the node pullPFD ahead.
func (b blk256) gatherNodes(sOff, sum int, prefetch bool, node func(l string)) {
	a, l := b.a, b.label()
	a.scatterOrPull(sOff, l)
	if prefetch {
		a.prefetchOut(b.lines(), "s"+l)
	}
	node("s" + l)
	a.nodeRows(sOff)
	for v := range b.nv {
		b.load(v, "(DI)(R14*{ES})", 10)
		b.fma(v, "(SI)(DX*{ES})", sum+v, 10)
		b.store(10, v, "(DI)(R14*{ES})")
	}
	a.nextNode("JB", "snode"+l)
	a.f("\tJMP  next%s", l)

	a.f("pull%s:", l)
	a.f("\t// Pull: the out block stays in Y10..Y%d.", 9+b.nv)
	for v := range b.nv {
		b.load(v, "(DI)", 10+v)
	}
	a.f("\tXORQ AX, AX")
	a.f("pnode%s:", l)
	if prefetch {
		a.prefetchY(b.lines(), "p"+l, false)
	}
	node("p" + l)
	a.yRow(sOff)
	for v := range b.nv {
		b.fma(v, "(SI)(DX*{ES})", sum+v, 10+v)
	}
	a.nextNode("JB", "pnode"+l)
	for v := range b.nv {
		b.store(10+v, v, "(DI)")
	}
}

func gather2AVX2(e elem, iota string) string {
	a := &asm{e: e, leafBound: "xrows", crdBound: "zrows"}
	fn := "GatherHadamard2" + e.T + "AVX2"
	a.twoLevelDoc(fn, "4, 2 or 1 full vectors, then a last one", gather2Body+gather2PrefetchDoc(), "twolevel.go", "AVX, AVX2, FMA3")
	a.prologue(fn, 264, 104, gather2Loads)
	a.blocks256(9, iota, gather2Block256)
	return a.expand()
}

// expand substitutes the element tokens that a.f leaves ({LOG} and friends).
func (a *asm) expand() string {
	return expand(a.b.String(), nil, a.e)
}

// lptrSpan sets CX and DX to child R8's leaf span lptr[e]-lbase and
// lptr[e+1]-lbase, lbase standing at off in the frame (a caller whose
// vals and idx start at leaf lbase passes the absolute pointers). A pointer
// below lbase wraps above every length, which the span's checks refuse.
func (a *asm) lptrSpan(off int) {
	a.f("\tMOVQ (R12)(R8*8), CX")
	a.f("\tMOVQ 8(R12)(R8*8), DX")
	a.f("\tSUBQ lbase+%d(FP), CX", off)
	a.f("\tSUBQ lbase+%d(FP), DX", off)
}
