package main

import "fmt"

// pushhadamard2_amd64.s: the two-level push (PushHadamard2): node c forms p = above ∘ y[ycrd[c]];
// then, for each child e, either q = p ∘ f[crd[e]] is scattered into the out
// rows of e's leaves, each times its value (PushLeaves, mode 0), or e's
// leaves are gathered from f into one sum t and p ∘ t is added into out row
// crd[e] (PushChildren, mode 1). The node and child products stay in
// registers; the one-level kernels need them written as rows first. Both
// versions prefetch the y row pullPFD nodes ahead (see twolevel.go), and
// the rows the children name when package kernels sets
// push2PrefetchChildren. The AVX-512 version takes column blocks of 1, 2 or
// 4 vectors, the AVX2 version blocks of 4, 2 or 1 full vectors and then one
// masked vector (blocks256).
//
// Registers: AX node c, R8 child e, R9 children end, CX leaf j, DX leaves
// end and temp, R14 temp (row byte offsets), DI out block, SI y block, BX f
// block, R10 vals, R11 idx, R12 lptr, R13 row bytes, R15 the above block
// and then, in the node loops, irows (push2InReg). The frame holds the
// columns left (left-8(SP)) and the block's byte offset (blk-16(SP)); ptr,
// crd, ycrd and the other bounds are read through the argument frame.
// AVX-512 vectors: Z12..Z15 the above block, Z4..Z7 p, Z0..Z3 q or t, Z8 a
// value, Z24..Z27 out rows. AVX2: Y8..Y11 the above block, Y4..Y7 p, Y0..Y3
// q or t, Y12 a value, Y13 an out row (or the masked block's loaded row),
// Y15 the masked block's lanes.

const push2Body = `	p := above[block] * y[ycrd[c]*r + block]
	for e in ptr[c]..ptr[c+1]-1:
	  mode 0: q := p * f[crd[e]*r + block]
	          for j in lptr[e]..lptr[e+1]-1: out[idx[j]*r + block] += vals[j] * q
	  mode 1: t := sum over j in lptr[e]..lptr[e+1]-1 of vals[j] * f[idx[j]*r + block]
	          out[crd[e]*r + block] += p * t

Checks, each when its value is read (every block reads the index arrays
again): ptr[c] <= ptr[c+1] <= len(crd), lptr[e] <= lptr[e+1] <= len(idx),
ycrd[c] < yrows, crd[e] < crows and idx[j] < irows; a violation leaves
for bad (returns 1).`

// push2InReg keeps irows, the bound of every leaf, in R15 once a block has
// loaded its above vectors: the leaf loops compare with a register.
var push2InReg = map[string]string{"irows": "R15"}

// push2Loads loads PushHadamard2's bases.
const push2Loads = `	MOVQ out_base+0(FP), DI
	MOVQ y_base+48(FP), SI
	MOVQ lptr_base+144(FP), R12
	MOVQ vals_base+168(FP), R10
	MOVQ idx_base+192(FP), R11
	MOVQ f_base+216(FP), BX`

// push2PrefetchChildren is the bit of the kernels' mode argument (AVX2 and
// AVX-512) that turns on prefetchChild (package kernels sets it when the
// rows the children name exceed L2).
const push2PrefetchChildren = 2

// push2PrefetchLeaves is the bit of the kernels' mode argument (AVX2 and
// AVX-512) that makes each leaf prefetch the row the leaf pullPFD ahead
// names (f's in mode 1, out's in mode 0; package kernels sets it when those
// rows exceed L2). What it bought: see push2Prefetching in package kernels.
const push2PrefetchLeaves = 4

// push2LeafPF is the leaf prefetch of the PushHadamard2 kernels: the rows
// at base (out's, DI, in mode 0; f's, BX, in mode 1) when mode has
// push2PrefetchLeaves.
func push2LeafPF(base string) leafPF {
	return leafPF{"mode+248(FP)", push2PrefetchLeaves, "idx_len+200(FP)", base}
}

// prefetchChild prefetches, when mode has push2PrefetchChildren and crd
// holds a child pullPFD ahead of R8, the row (its block) that child names
// in base (BX: f's row in PushLeaves; DI: out's row in PushChildren). Any
// crd value is safe: a prefetch does not fault. Clobbers R14, DX.
func (a *asm) prefetchChild(nv int, l, base string) {
	a.f("\tTESTQ $%d, mode+248(FP)", push2PrefetchChildren)
	a.f("\tJZ   nocf%s", l)
	a.prefetchCrdRow(nv, l, base)
}

// prefetchCrdRow is prefetchChild without the mode test (label nocf<l>).
func (a *asm) prefetchCrdRow(nv int, l, base string) {
	a.f("\tLEAQ %d(R8), R14", pullPFD)
	a.f("\tCMPQ R14, crd_len+128(FP)")
	a.f("\tJAE  nocf%s", l)
	a.f("\tMOVQ  crd_base+120(FP), DX")
	a.f("\tMOVQ  (DX)(R14*8), DX")
	a.f("\tIMULQ R13, DX")
	for v := range nv {
		a.f("\tPREFETCHT0 %d(%s)(DX*1)", v*64, base)
	}
	a.f("nocf%s:", l)
}

// push2Node sets DX to y's row byte offset and R8, R9 to node AX's
// children, leaving for bad unless ycrd[c] < yrows and ptr[c] <= ptr[c+1]
// <= len(crd).
func (a *asm) push2Node() {
	a.f(`	MOVQ  ycrd_base+72(FP), DX
	MOVQ  (DX)(AX*8), DX`)
	a.check("DX", "yrows")
	a.f(`	IMULQ R13, DX
	MOVQ  ptr_base+96(FP), R14
	MOVQ  (R14)(AX*8), R8
	MOVQ  8(R14)(AX*8), R9`)
	a.span("R8", "R9", "crd")
}

// rowOf sets R14 to the row byte offset of entry reg of array arg,
// leaving for bad unless the entry is below the argument bound.
func (a *asm) rowOf(arg, reg, bound string) {
	a.f("\tMOVQ  %s, R14", arg)
	a.f("\tMOVQ  (R14)(%s*8), R14", reg)
	a.check("R14", bound)
	a.f("\tIMULQ R13, R14")
}

// push2Nodes starts a mode's node loop (label p+"node"+l) from node 0:
// y's row prefetched (lines cache lines), p = the y row times above (mul,
// for each of nv vectors), and a jump to p+"ne"+l for a node without
// children.
func (a *asm) push2Nodes(p, l string, lines, nv int, mul func(v int)) {
	a.f("\tXORQ AX, AX")
	a.f("%snode%s:", p, l)
	a.prefetchY(lines, p+l, true)
	a.push2Node()
	for v := range nv {
		mul(v)
	}
	a.f("\tJE   %sne%s", p, l) // push2Node's span set the flags
}

// push2NextChild ends a mode's child loop (label p+"child"+l) and its node
// loop (label p+"node"+l), with p+"ne"+l for a node without children.
func (a *asm) push2NextChild(p, l string) {
	a.f("\tINCQ R8")
	a.f("\tCMPQ R8, R9")
	a.f("\tJB   %schild%s", p, l)
	a.f("%sne%s:", p, l)
	a.nextNode("JB", p+"node"+l)
}

func push2Block512(a *asm, nv int) {
	l := fmt.Sprint(nv)
	mulY := func(v int) { a.f("\tVMUL{P}.Z %d(SI)(DX*1), Z%d, K%d, Z%d", v*64, 12+v, v+1, 4+v) }
	a.f("blk%s:", l)
	a.masks(nv)
	a.f("\tMOVQ above_base+24(FP), R15")
	a.f("\tADDQ blk-16(SP), R15")
	for v := range nv {
		a.f("\tVMOVU{P}.Z %d(R15), K%d, Z%d", v*64, v+1, 12+v)
	}
	a.loadBounds()
	a.f("\tTESTQ $1, mode+248(FP)")
	a.f("\tJNZ  gather%s", l)

	a.f("\t// Mode 0: scatter every leaf times q = p * f row crd[e].")
	a.push2Nodes("l", l, nv, nv, mulY)
	a.f("lchild%s:", l)
	a.prefetchChild(nv, "l"+l, "BX")
	a.rowOf("crd_base+120(FP)", "R8", a.crdBound)
	for v := range nv {
		a.f("\tVMUL{P}.Z %d(BX)(R14*1), Z%d, K%d, Z%d", v*64, 4+v, v+1, v)
	}
	a.lptrSpan(280)
	a.span("CX", "DX", "idx")
	a.f("\tJE   lce%s", l)
	a.leaves(nv, "lleaf"+l, push2LeafPF("DI"))
	a.f("lce%s:", l)
	a.push2NextChild("l", l)
	a.f("\tJMP  next%s", l)

	a.f("gather%s:", l)
	a.f("\t// Mode 1: out row crd[e] += p * (sum of e's leaves).")
	a.push2Nodes("c", l, nv, nv, mulY)
	a.f("cchild%s:", l)
	a.prefetchChild(nv, "c"+l, "DI")
	a.lptrSpan(280)
	a.fiber(nv, "c"+l, push2LeafPF("BX"))
	a.rowOf("crd_base+120(FP)", "R8", a.crdBound)
	for v := range nv {
		a.fmaVec(v, "(DI)(R14*1)", 24+v, fmt.Sprintf("Z%d, Z%d", 4+v, v))
	}
	a.push2NextChild("c", l)

	a.nextBlock512(nv)
}

// push2PrefetchDoc is the kernels' header paragraph on prefetching.
func push2PrefetchDoc() string {
	return fmt.Sprintf("\n\nEach node prefetches the y row of the node %d ahead (pullPFD). With %d\nadded to mode, each child also prefetches the row that the child as far\nahead names (f's in mode 0, out's in mode 1); mode&1 is the mode. With %d added, each leaf\nprefetches the row that the leaf as far ahead names (out's in mode 0, f's\nin mode 1).", pullPFD, push2PrefetchChildren, push2PrefetchLeaves)
}

func push2AVX512(e elem) string {
	a := &asm{e: e, leafBound: "irows", crdBound: "crows", inReg: push2InReg}
	fn := "PushHadamard2" + e.T + "AVX512"
	a.twoLevelDoc(fn, "1, 2 or 4 vectors", push2Body+push2PrefetchDoc(), "pushhadamard2.go", "AVX512F, AVX512DQ, BMI2")
	a.prologue(fn, 240, 104, push2Loads)
	a.blocks512(leftReload, push2Block512)
	return a.expand()
}

func push2Block256(b blk256) {
	a, l := b.a, b.label()
	mulY := func(v int) { b.mul(v, "(SI)(DX*1)", 8+v, 4+v) }
	a.f("\tMOVQ above_base+24(FP), R15")
	a.f("\tADDQ blk-16(SP), R15")
	for v := range b.nv {
		b.load(v, "(R15)", 8+v)
	}
	a.loadBounds()
	a.f("\tTESTQ $1, mode+248(FP)")
	a.f("\tJNZ  gather%s", l)

	a.f("\t// Mode 0: scatter every leaf times q = p * f row crd[e].")
	a.push2Nodes("l", l, b.lines(), b.nv, mulY)
	a.f("lchild%s:", l)
	a.prefetchChild(b.lines(), "l"+l, "BX")
	a.rowOf("crd_base+120(FP)", "R8", a.crdBound)
	for v := range b.nv {
		b.mul(v, "(BX)(R14*1)", 4+v, v)
	}
	a.lptrSpan(280)
	a.span("CX", "DX", "idx")
	a.f("\tJE   lce%s", l)
	b.leaves("lleaf"+l, 12, 13, push2LeafPF("DI"))
	a.f("lce%s:", l)
	a.push2NextChild("l", l)
	a.f("\tJMP  next%s", l)

	a.f("gather%s:", l)
	a.f("\t// Mode 1: out row crd[e] += p * (sum of e's leaves).")
	a.push2Nodes("c", l, b.lines(), b.nv, mulY)
	a.f("cchild%s:", l)
	a.prefetchChild(b.lines(), "c"+l, "DI")
	a.lptrSpan(280)
	b.fiber("c"+l, 12, push2LeafPF("BX"))
	a.rowOf("crd_base+120(FP)", "R8", a.crdBound)
	for v := range b.nv {
		b.load(v, "(DI)(R14*1)", 13)
		a.f("\tVFMADD231{P} Y%d, Y%d, Y13", 4+v, v)
		b.store(13, v, "(DI)(R14*1)")
	}
	a.push2NextChild("c", l)
}

func push2AVX2(e elem, iota string) string {
	a := &asm{e: e, leafBound: "irows", crdBound: "crows", inReg: push2InReg}
	fn := "PushHadamard2" + e.T + "AVX2"
	a.twoLevelDoc(fn, "4, 2 or 1 full vectors, then a last one", push2Body+push2PrefetchDoc(), "pushhadamard2.go", "AVX, AVX2, FMA3")
	a.prologue(fn, 240, 104, push2Loads)
	a.blocks256(13, iota, push2Block256)
	return a.expand()
}

func pushHadamard2File() string {
	return productFile(`// PushHadamard2: the two-level push, for every node c, a column block at a
// time, p := above[block] * y[ycrd[c]*r + block], then for each child e
// either (mode 0) the leaves of e get vals[j] * p * f[crd[e]*r + block] in
// out row idx[j], or (mode 1) out row crd[e] gets p times the sum over the
// leaves of vals[j] * f[idx[j]*r + block]
//
// (pushhadamard2.go in kernels/amd64/_gen).
`, func(e elem, iota string) string { return push2AVX2(e, iota) + push2AVX512(e) })
}
