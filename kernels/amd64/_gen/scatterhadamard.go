package main

import "fmt"

// scatterhadamard_amd64.s: ScatterHadamardF32AVX2, ScatterHadamardF32AVX512,
// ScatterHadamardF64AVX2, ScatterHadamardF64AVX512, the one-level scatter,
// on the column-block emitters of blocked.go.

func scatterHadamardFile() string {
	return productFile(`// ScatterHadamard: for every node c, a column block at a time,
//
//	p := base[bcrd[c]*sB + block] * y[crd[c]*r + block]
//	for j in ptr[c]..ptr[c+1]-1: out[idx[j]*r + block] += vals[j] * p
//
// (scatterhadamard.go in kernels/amd64/_gen).
`, func(e elem, iota string) string { return scatter256Blocked(e, iota) + scatter512Blocked(e) })
}

// scatterSum is the ScatterHadamard kernels' sum and checks paragraphs.
const scatterSum = `//	p := base[bcrd[c]*sB + block] * y[crd[c]*r + block]
//	for j in ptr[c]..ptr[c+1]-1: out[idx[j]*r + block] += vals[j] * p
//
// Checks, each when its value is read (every block reads the index arrays
// again): ptr[c] <= ptr[c+1] <= len(idx), idx[j] < orows and, for a node
// with leaves, bcrd[c] < bbound and crd[c] < yrows; a violation leaves for
// bad (returns 1).
//
`

// scatterNodeHead opens ScatterHadamard's node loop (label node+l) from
// node 0: its leaves CX..DX (a jump to skip+l when it has none) and R14 =
// bcrd[c]*sB, bcrd[c] checked.
func (a *asm) scatterNodeHead(l string) {
	a.f("\tXORQ AX, AX")
	a.f("node%s:", l)
	a.f("\tMOVQ (R9)(AX*8), CX")
	a.f("\tMOVQ 8(R9)(AX*8), DX")
	a.span("CX", "DX", "idx")
	a.f("\tJE   skip%s", l)
	a.f("\tMOVQ  bcrd_base+72(FP), R14")
	a.f("\tMOVQ  (R14)(AX*8), R14")
	a.check("R14", "bbound")
	a.f("\tIMULQ sB+200(FP), R14")
}

func scatterBlock(a *asm, nv int) {
	l := fmt.Sprint(nv)
	a.f("blk%s:", l)
	a.masks(nv)
	a.scatterNodeHead(l)
	for v := range nv {
		a.f("\tVMOVU{P}.Z %d(SI)(R14*{ES}), K%d, Z%d", v*64, v+1, 16+v)
	}
	a.f("\tMOVQ  (R8)(AX*8), R14")
	a.check("R14", "yrows")
	a.f("\tIMULQ R13, R14")
	for v := range nv {
		a.f("\tVMUL{P}.Z %d(BX)(R14*1), Z%d, K%d, Z%d", v*64, 16+v, v+1, v)
	}
	a.leaves(nv, "leaf"+l, leafPF{})
	a.f("skip%s:", l)
	a.f("\tINCQ AX")
	a.f("\tCMPQ AX, R12")
	a.f("\tJB   node%s", l)
	a.advance512(nv, false)
}

// scatter512Doc is the doc of the AVX-512 ScatterHadamard kernels after their
// column blocks.
const scatter512Doc = scatterSum + `// Registers: DI out block, SI base block, BX y block, R8 crd, R9 ptr, R10
// vals, R11 idx, R12 nodes, R13 row bytes, R15 columns left, AX node c, CX
// leaf j, DX fiber end, R14 row offset; Z0..Z3 p, Z8 value, Z16..Z19 base row,
// Z24..Z27 out; the bounds are read from the argument frame.`

// scatter512Loads loads ScatterHadamard's bases (for AVX2 too).
const scatter512Loads = `	MOVQ out_base+0(FP), DI
	MOVQ base_base+24(FP), SI
	MOVQ y_base+48(FP), BX
	MOVQ crd_base+96(FP), R8
	MOVQ ptr_base+120(FP), R9
	MOVQ ptr_len+128(FP), R12
	DECQ R12
	MOVQ vals_base+144(FP), R10
	MOVQ idx_base+168(FP), R11`

func scatter512Blocked(e elem) string {
	a := &asm{e: e, leafBound: "orows"}
	a.kernel512("ScatterHadamard"+e.T+"AVX512", scatter512Doc, scatter512Loads, scatterBlock)
	return a.b.String()
}

func scatterBlock256(b blk256) {
	a, l := b.a, b.label()
	a.scatterNodeHead(l)
	for v := range b.nv {
		b.load(v, "(SI)(R14*{ES})", 4+v)
	}
	a.f("\tMOVQ  (R8)(AX*8), R14")
	a.check("R14", "yrows")
	a.f("\tIMULQ R13, R14")
	for v := range b.nv {
		b.mul(v, "(BX)(R14*1)", 4+v, v)
	}
	b.leaves("leaf"+l, 8, 12, leafPF{})
	a.f("skip%s:", l)
	a.f("\tINCQ AX")
	a.f("\tCMPQ AX, R12")
	a.f("\tJB   node%s", l)
}

// scatter256Doc is the doc of the AVX2 ScatterHadamard kernels after their
// column blocks.
const scatter256Doc = scatterSum + `// Registers: DI out block, SI base block, BX y block, R8 crd, R9 ptr, R10
// vals, R11 idx, R12 nodes, R13 row bytes, AX node c, CX leaf j, DX fiber
// end, R14 row offset, R15 temp; the frame holds the columns left
// (left-8(SP)) and the block's byte offset (blk-16(SP)). Y0..Y3 p, Y4..Y7
// the base row, Y8 value, Y12 an out row, Y13 the masked block's loaded row,
// Y15 the masked block's lanes. The bounds are read from the argument frame.`

func scatter256Blocked(e elem, iota string) string {
	a := &asm{e: e, leafBound: "orows"}
	return a.kernel256("ScatterHadamard"+e.T+"AVX2", scatter256Doc, 128, scatter512Loads, 13, iota, scatterBlock256)
}
