package main

import "fmt"

// gatherhadamard2_amd64.s: GatherHadamard2F32AVX2, GatherHadamard2F32AVX512,
// GatherHadamard2F64AVX2, GatherHadamard2F64AVX512, the two-level gather
// described, with its registers, in twolevel.go, whose emitters it shares
// with pushhadamard2.

func gatherHadamard2File() string {
	return productFile(`// GatherHadamard2: the two-level gather, for every node c, a column block at
// a time,
//
//	s := sum over e in ptr[c]..ptr[c+1]-1 of z[crd[e]*r + block] *
//	     (sum over j in lptr[e]..lptr[e+1]-1 of vals[j] * x[idx[j]*r + block])
//	out[ocrd[c]*sO + c*cO + block] += y[ycrd[c]*sU + block] * s
//
// (gatherhadamard2.go in kernels/amd64/_gen).
`, func(e elem, iota string) string { return gather2AVX2(e, iota) + gather2AVX512(e) })
}

// gather2PrefetchX is the bit of the GatherHadamard2 kernels' last argument,
// pf, that makes each leaf prefetch the x row of the leaf pullPFD ahead
// (package kernels sets it when x exceeds L2).
const gather2PrefetchX = 1

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

func gather2AVX2(e elem, iota string) string {
	a := &asm{e: e, leafBound: "xrows", crdBound: "zrows"}
	fn := "GatherHadamard2" + e.T + "AVX2"
	a.twoLevelDoc(fn, "4, 2 or 1 full vectors, then a last one", gather2Body+gather2PrefetchDoc(), "twolevel.go", "AVX, AVX2, FMA3")
	a.prologue(fn, 264, 104, gather2Loads)
	a.blocks256(9, iota, gather2Block256)
	return a.expand()
}
