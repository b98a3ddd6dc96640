package main

import "fmt"

// gatherhadamard_amd64.s: GatherHadamardF32AVX2, GatherHadamardF32AVX512,
// GatherHadamardF64AVX2, GatherHadamardF64AVX512, the one-level gather, on
// the column-block emitters of blocked.go and the node loops of
// twolevel.go.

func gatherHadamardFile() string {
	return productFile(`// GatherHadamard: for every node c, a column block at a time,
//
//	t := sum over j in ptr[c]..ptr[c+1]-1 of vals[j] * x[idx[j]*r + block]
//	out[ocrd[c]*sO + c*cO + block] += y[ycrd[c]*sU + block] * t
//
// (gatherhadamard.go in kernels/amd64/_gen).
`, func(e elem, iota string) string { return gather256Blocked(e, iota) + gather512Blocked(e) })
}

func gatherBlock(a *asm, nv int) {
	l := fmt.Sprint(nv)
	a.f("blk%s:", l)
	a.masks(nv)
	a.scatterOrPull(200, l)
	a.f("\tMOVQ (R9)(AX*8), CX")
	a.f("\tMOVQ 8(R9)(AX*8), DX")
	a.fiber(nv, "s"+l, leafPF{})
	a.f("\tMOVQ  ocrd_base+48(FP), R14")
	a.f("\tMOVQ  (R14)(AX*8), R14")
	a.check("R14", "obound")
	a.f("\tIMULQ sO+200(FP), R14")
	a.f("\tMOVQ  AX, DX")
	a.f("\tIMULQ cO+208(FP), DX")
	a.f("\tADDQ  DX, R14")
	a.f("\tMOVQ  (R8)(AX*8), DX")
	a.check("DX", "ybound")
	a.f("\tIMULQ sU+216(FP), DX")
	for v := range nv {
		a.f("\tVMOVU{P}.Z   %d(SI)(DX*{ES}), K%d, Z%d", v*64, v+1, 24+v)
		a.fmaVec(v, "(DI)(R14*{ES})", 28+v, fmt.Sprintf("Z%d, Z%d", 24+v, v))
	}
	a.f("\tINCQ AX")
	a.f("\tCMPQ AX, R12")
	a.f("\tJB   snode%s", l)
	a.f("\tJMP  next%s", l)

	a.f("pull%s:", l)
	a.f("\t// Pull: the out block stays in Z16.. (even nodes) and Z20.. (odd nodes).")
	for v := range nv {
		a.f("\tVMOVU{P}.Z (DI), K%d, Z%d", v+1, 16+v)
		a.f("\tVPXORQ     Z%d, Z%d, Z%d", 20+v, 20+v, 20+v)
	}
	// Offsets of the out block's vectors: DI + v*64. (The .Z load above uses
	// (DI) for every v; fix the displacement.)
	a.f("\tXORQ AX, AX")
	a.f("pnode%s:", l)
	for half, accBase := range []int{16, 20} {
		a.f("\tMOVQ (R9)(AX*8), CX")
		a.f("\tMOVQ 8(R9)(AX*8), DX")
		a.fiber(nv, fmt.Sprintf("p%s%d", l, half), leafPF{})
		a.f("\tMOVQ  (R8)(AX*8), DX")
		a.check("DX", "ybound")
		a.f("\tIMULQ sU+216(FP), DX")
		for v := range nv {
			a.f("\tVFMADD231{P} %d(SI)(DX*{ES}), Z%d, K%d, Z%d", v*64, v, v+1, accBase+v)
		}
		a.f("\tINCQ AX")
		a.f("\tCMPQ AX, R12")
		if half == 0 {
			a.f("\tJAE  pend%s", l)
		} else {
			a.f("\tJB   pnode%s", l)
		}
	}
	a.f("pend%s:", l)
	for v := range nv {
		a.f("\tVADD{P}  Z%d, Z%d, Z%d", 20+v, 16+v, 16+v)
		a.f("\tVMOVU{P} Z%d, K%d, %d(DI)", 16+v, v+1, v*64)
	}
	a.f("next%s:", l)
	a.advance512(nv, false)
}

// gatherSum and gatherChecks open and close the GatherHadamard kernels'
// sum and checks paragraphs.
const gatherSum = `//	t := sum over j in ptr[c]..ptr[c+1]-1 of vals[j] * x[idx[j]*r + block]
//	out[ocrd[c]*sO + c*cO + block] += y[ycrd[c]*sU + block] * t
//
`

const gatherChecks = `
//
// Checks, each when its value is read (every block reads the index arrays
// again): ptr[c] <= ptr[c+1] <= len(idx), idx[j] < xrows, ocrd[c] <
// obound and ycrd[c] < ybound; a violation leaves for bad (returns 1).
//
`

// gather512Doc is the doc of the AVX-512 GatherHadamard kernels after their
// column blocks.
const gather512Doc = gatherSum + `// When sO = cO = 0 (GatherPull) the out block stays in registers (one set
// for even nodes, one for odd) and is stored once per block.` + gatherChecks + `// Registers: DI out block, SI y block, BX x block, R8 ycrd, R9 ptr, R10 vals,
// R11 idx, R12 nodes, R13 row bytes, R15 columns left, AX node c, CX leaf j,
// DX fiber end and temp, R14 temp; Z0..Z3 fiber sums, Z8 value, Z16..Z23 pull
// sums, Z24..Z31 y and out; the bounds are read from the argument frame.`

// gather512Loads loads GatherHadamard's bases.
const gather512Loads = `	MOVQ out_base+0(FP), DI
	MOVQ y_base+24(FP), SI
	MOVQ ycrd_base+72(FP), R8
	MOVQ ptr_base+96(FP), R9
	MOVQ ptr_len+104(FP), R12
	DECQ R12
	MOVQ vals_base+120(FP), R10
	MOVQ idx_base+144(FP), R11
	MOVQ x_base+168(FP), BX`

func gather512Blocked(e elem) string {
	a := &asm{e: e, leafBound: "xrows"}
	a.kernel512("GatherHadamard"+e.T+"AVX512", gather512Doc, gather512Loads, gatherBlock)
	return fixPullLoads(a.b.String())
}

func gatherBlock256(b blk256) {
	b.gatherNodes(gather1SOff, 0, false, func(l string) {
		b.a.f("\tMOVQ (R9)(AX*8), CX")
		b.a.f("\tMOVQ 8(R9)(AX*8), DX")
		b.fiber(l, 8, leafPF{})
	})
}

// gather256Doc is the doc of the AVX2 GatherHadamard kernels after their
// column blocks.
const gather256Doc = gatherSum + `// When sO = cO = 0 (GatherPull) the out block stays in registers and is
// stored once per block.` + gatherChecks + `// Registers: DI out block, SI y block, BX x block, R9 ptr, R10 vals, R11
// idx, R13 row bytes, AX node c, CX leaf j, DX fiber end and temp, R14 and
// R15 temp; ptr's length, ocrd, ycrd, the strides and the bounds are read
// through the argument frame; the local frame holds the columns left
// (left-8(SP)) and the block's byte offset (blk-16(SP)). Y0..Y3 fiber sums,
// Y8 value, Y9 the masked block's loaded row, Y10..Y13 pull sums (or Y10 an
// out row), Y15 the masked block's lanes.`

// gather256Loads loads GatherHadamard's bases.
const gather256Loads = `	MOVQ out_base+0(FP), DI
	MOVQ y_base+24(FP), SI
	MOVQ ptr_base+96(FP), R9
	MOVQ vals_base+120(FP), R10
	MOVQ idx_base+144(FP), R11
	MOVQ x_base+168(FP), BX`

func gather256Blocked(e elem, iota string) string {
	a := &asm{e: e, leafBound: "xrows"}
	return a.kernel256("GatherHadamard"+e.T+"AVX2", gather256Doc, 104, gather256Loads, 9, iota, gatherBlock256)
}
