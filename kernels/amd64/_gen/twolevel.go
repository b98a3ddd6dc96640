package main

// The emitters the two-level kernels share (gatherhadamard2.go,
// pushhadamard2.go; the one-level gather takes the node loops too).
//
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
	a.advance512(nv, true)
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
