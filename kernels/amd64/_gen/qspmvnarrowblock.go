package main

import "fmt"

// qspmvnarrowblock_amd64.s: the SpMV row loop of the narrow kernels
// (spmvnarrow.go: 32-bit row pointers, 16- or 32-bit column indices, x
// gathered under the mask of the indices in range) on quantized values by
// block, the codes decoded where the float kernels load values, as the
// fused kernels of qfused.go decode them: int8 codes, or 4-bit codes
// through a 16-entry table, times the scale of their block (float32, or an
// E8M0 exponent), blocks of b values running through the stored values
// across rows from value first.

// qnbKind is what one kernel reads: int8 codes or 4-bit ones (nib), and
// float32 scales or E8M0 exponents (mx).
type qnbKind struct{ nib, mx bool }

// qnbKernel is one kernel: its kind and index width.
type qnbKernel struct {
	name string
	k    qnbKind
	iw   int // index size in bytes: 2 or 4
	f    *asmFile
	cold []func() // code the kernel emits after its loops (scaleInto)
}

func qnbKernels() []*qnbKernel {
	var ks []*qnbKernel
	qnbEach("AVX512", func(name string, k qnbKind, iw int) {
		ks = append(ks, &qnbKernel{name: name, k: k, iw: iw})
	})
	return ks
}

// qnbEach calls add for every narrow block kernel of one ISA (its name
// ending in isa) by kind and index width, in the order the AVX-512 and
// AVX2 generators both emit them.
func qnbEach(isa string, add func(name string, k qnbKind, iw int)) {
	for _, k := range []struct {
		stem string
		k    qnbKind
	}{{"I8Block", qnbKind{}}, {"4Block", qnbKind{nib: true}}, {"4MX", qnbKind{nib: true, mx: true}}} {
		for _, iw := range []int{2, 4} {
			add(fmt.Sprintf("QSpMVNarrow%sU%d%s", k.stem, 8*iw, isa), k.k, iw)
		}
	}
}

// sig is the Go signature of a kernel of kind k on column indices of type
// it.
func (k qnbKind) sig(it string) string {
	switch {
	case !k.nib:
		return fmt.Sprintf("(y, x []float32, ptr []uint32, col []%s, codes []byte, first int, scale []float32, b int, alpha, beta float32, spos []uint32)", it)
	case !k.mx:
		return fmt.Sprintf("(y, x []float32, ptr []uint32, col []%s, codes []byte, first int, table, scale []float32, b int, alpha, beta float32, spos []uint32)", it)
	}
	return fmt.Sprintf("(y, x []float32, ptr []uint32, col []%s, codes []byte, first int, table []float32, exps []byte, b int, alpha, beta float32, spos []uint32)", it)
}

// qnbHead opens kernel name (requiring feats) of kind k: y, x, ptr, col,
// len(col) and codes in DI, SI, DX, R9, R10 and R11, and for 4-bit codes
// the table's address in R8.
func qnbHead(f *asmFile, name, feats string, k qnbKind) {
	f.text(name, 0, feats, "")
	f.i("MOVQ y_base+0(FP), DI")
	f.i("MOVQ x_base+24(FP), SI")
	f.i("MOVQ ptr_base+48(FP), DX")
	f.i("MOVQ col_base+72(FP), R9")
	f.i("MOVQ col_len+80(FP), R10")
	f.i("MOVQ codes_base+96(FP), R11")
	if k.nib {
		f.i("MOVQ table_base+128(FP), R8")
	}
}

// qnbRowStart opens a row (labels from l): its range in R12..R13 (to
// <l>done after the last row), the four accumulators v0..v3 zeroed by
// instruction zero, to <l>sum when the row is empty, else BX, R15 and the
// broadcast scale (loadScale) of the block of its first value.
func qnbRowStart(f *asmFile, k qnbKind, l func(string) string, zero, v string, loadScale func()) {
	f.narrowRow(l("row"), l("done"))
	for a := range 4 {
		f.i("%s %s%d, %s%d, %s%d", zero, v, a, v, a, v, a)
	}
	f.i("CMPQ R12, R13")
	f.i("JAE %ssum", l(""))
	qnbRowScale(f, k, l("spos"))
	loadScale()
}

// qnbPhase starts a row's nibble steering (comment c): reg the offset,
// by the phase of the row's first value, of the phase's part of table
// data (parts 1<<shift bytes apart), R8 the table's address.
func qnbPhase(f *asmFile, k qnbKind, c, reg string, shift int, data string) {
	firstOff, _, _, _ := k.args()
	f.c("%s", c)
	f.i("MOVQ first+%d(FP), %s", firstOff, reg)
	f.i("ADDQ R12, %s", reg)
	f.i("ANDQ $1, %s", reg)
	f.i("SHLQ $%d, %s", shift, reg)
	f.i("LEAQ %s<>(SB), R8", data)
}

// qnbLoopHead opens the loop at <l>name that takes n entries a step: reg
// the step's end R12+n, to <l>exit when it passes the row's end R13.
func qnbLoopHead(f *asmFile, l func(string) string, name, reg string, n int, exit string) {
	f.label(l(name))
	f.i("LEAQ %d(R12), %s", n, reg)
	f.i("CMPQ %s, R13", reg)
	f.i("JA %s%s", l(""), exit)
}

// qnbBlockScale takes lanes values from R15, the values left in the
// block (labels from l, tagged tag): when the block ends among them it
// runs split (save the block's scale), steps BX to the next block's scale,
// loads it (loadScale) and runs blend (put it in the lanes from R15 on);
// else it runs keep (the block's scale in every lane).
func qnbBlockScale(f *asmFile, k qnbKind, l func(string) string, tag string, lanes int, split, loadScale, blend, keep func()) {
	_, _, bOff, _ := k.args()
	whole, next := l("whole"+tag), l("scaled"+tag)
	f.i("CMPQ R15, $%d", lanes)
	f.i("JGE %s", whole)
	f.c("lanes from R15 on are in the next block")
	split()
	f.i("ADDQ $%d, BX", k.scaleSize())
	loadScale()
	blend()
	f.i("ADDQ b+%d(FP), R15", bOff)
	f.i("SUBQ $%d, R15", lanes)
	f.i("JMP %s", next)
	f.label(whole)
	f.i("SUBQ $%d, R15", lanes)
	keep()
	f.label(next)
}

// qnbCodes loads the codes of lanes values from R12+off on into v (their
// position among the codes left in R14): int8 codes converted to float32;
// for 4-bit codes the lanes/2 or lanes/2+1 code bytes p/2 .. (p+lanes-1)/2
// into xb (load moves the first lanes/2), which nib then turns into v.
func qnbCodes(f *asmFile, k qnbKind, off, lanes int, v, xb, load string, nib func()) {
	firstOff, _, _, _ := k.args()
	f.i("MOVQ first+%d(FP), R14", firstOff)
	f.i("ADDQ R12, R14 // the value's position among the codes")
	if !k.nib {
		f.i("VPMOVSXBD %d(R11)(R14*1), %s", off, v)
		f.i("VCVTDQ2PS %s, %s", v, v)
		return
	}
	f.c("%s: table[nibble of each value], from code bytes p/2 .. (p+%d)/2", v, lanes-1)
	if off != 0 {
		f.i("ADDQ $%d, R14", off)
	}
	f.i("LEAQ %d(R14), R8", lanes-1)
	f.i("SHRQ $1, R14")
	f.i("SHRQ $1, R8")
	f.i("%s (R11)(R14*1), %s", load, xb)
	f.i("VPINSRB $%d, (R11)(R8*1), %s, %s", lanes/2, xb, xb)
	nib()
}

// qnbScalar is the checked loop over entries R12..R13-1 into X14, then a
// jump to sum, of a kernel of kind k and index width iw (labels from l):
// v is the value's register and s the block's scale, which loadScale
// reloads; lookup turns a 4-bit code in R14's low bits (the bits above
// them not cleared) into v.
func qnbScalar(f *asmFile, k qnbKind, iw int, l func(string) string, v, s string, loadScale, lookup func()) {
	firstOff, _, bOff, _ := k.args()
	f.label(l("tail"))
	f.i("CMPQ R12, R13")
	f.i("JAE %ssum", l(""))
	f.i("TESTQ R15, R15")
	f.i("JNZ %sone", l(""))
	f.c("the next block")
	f.i("ADDQ $%d, BX", k.scaleSize())
	loadScale()
	f.i("MOVQ b+%d(FP), R15", bOff)
	f.label(l("one"))
	f.i("DECQ R15")
	f.narrowEntryIndex(iw, l("skip"))
	f.i("MOVQ first+%d(FP), R14", firstOff)
	f.i("ADDQ R12, R14")
	if k.nib {
		f.i("MOVL R14, CX")
		f.i("ANDL $1, CX")
		f.i("SHLL $2, CX // the nibble's shift")
		f.i("SHRQ $1, R14")
		f.i("MOVBLZX (R11)(R14*1), R14")
		f.i("SHRL CX, R14")
		lookup()
	} else {
		f.i("MOVBLSX (R11)(R14*1), R14")
		f.i("VCVTSI2SSL R14, %s, %s", v, v)
	}
	f.i("VMULSS %s, %s, %s", s, v, v)
	f.i("VFMADD231SS (SI)(R8*4), %s, X14", v)
	f.label(l("skip"))
	f.i("INCQ R12")
	f.i("JMP %stail", l(""))
}

// qnbSum is a row's end at <l>sum: the accumulators V0..V3 (V is Z with
// z, else Y) and X14 summed, times alpha (an operand), plus beta (register
// beta, loaded from the frame first with loadBeta) times y[i] unless beta
// is +0, stored; then the next row, and the kernel's end at <l>done.
func qnbSum(f *asmFile, k qnbKind, l func(string) string, z bool, alpha, beta string, loadBeta bool) {
	_, _, _, aOff := k.args()
	v := "Y"
	if z {
		v = "Z"
	}
	f.label(l("sum"))
	f.i("VADDPS %s1, %s0, %s0", v, v, v)
	f.i("VADDPS %s3, %s2, %s2", v, v, v)
	f.i("VADDPS %s2, %s0, %s0", v, v, v)
	qfLines(f, spmvHsum(4, z))
	f.i("VADDSS X0, X14, X14")
	f.i("VMULSS %s, X14, X0", alpha)
	f.i("CMPL beta+%d(FP), $0", aOff+4)
	f.i("JEQ %snobeta", l(""))
	if loadBeta {
		f.i("VMOVSS beta+%d(FP), %s", aOff+4, beta)
	}
	f.i("VFMADD231SS (DI)(AX*4), %s, X0", beta)
	f.label(l("nobeta"))
	f.i("VMOVSS X0, (DI)(AX*4)")
	f.i("INCQ AX")
	f.i("JMP %srow", l(""))
	f.label(l("done"))
	f.i("VZEROUPPER")
	f.i("RET")
}

// args are the frame offsets of first, the scales (scale or exps), b and
// alpha (beta's 4 on, spos's slice header 8 on) of a kernel of kind k.
func (k qnbKind) args() (first, scale, b, alpha int) {
	if k.nib {
		return 120, 152, 176, 184
	}
	return 120, 128, 152, 160
}

// qnbRowScale points BX at the scale of the row's first value and sets R15
// to the values left in its block: the value's position is spos[i] when
// spos is given, else first+R12 (the code position). It keeps AX and DX
// (saved in R8 and R14) and clobbers CX; label is a free label.
func qnbRowScale(f *asmFile, k qnbKind, label string) {
	firstOff, sOff, bOff, aOff := k.args()
	f.c("the block of the row's first value: BX its scale, R15 its values from there on")
	f.i("MOVQ AX, R8")
	f.i("MOVQ DX, R14")
	f.i("MOVQ first+%d(FP), AX", firstOff)
	f.i("ADDQ R12, AX")
	f.i("MOVQ spos_base+%d(FP), CX", aOff+8)
	f.i("CMPQ spos_len+%d(FP), $0", aOff+16)
	f.i("JEQ %s", label)
	f.i("MOVLQZX (CX)(R8*4), AX // spos[i]: the scale position of the row's first value")
	f.label(label)
	f.i("XORL DX, DX")
	f.i("DIVQ b+%d(FP)", bOff)
	f.i("MOVQ b+%d(FP), R15", bOff)
	f.i("SUBQ DX, R15")
	f.i("MOVQ %s_base+%d(FP), BX", map[bool]string{false: "scale", true: "exps"}[k.mx], sOff)
	f.i("LEAQ (BX)(AX*%d), BX", k.scaleSize())
	f.i("MOVQ R8, AX")
	f.i("MOVQ R14, DX")
}

func (q *qnbKernel) l(s string) string { return "qnb" + q.name[len("QSpMVNarrow"):] + s }

// scaleSize is the bytes of one block's scale of a kernel of kind k.
func (k qnbKind) scaleSize() int {
	if k.mx {
		return 1
	}
	return 4
}

// loadScale broadcasts the scale at BX into Z31 (mx: E8M0, built from the
// exponent's bits, exponent 0 as 2^-127). It clobbers R8 and R14.
func (q *qnbKernel) loadScale() {
	f := q.f
	if !q.k.mx {
		f.i("VBROADCASTSS (BX), Z31")
		return
	}
	e8m0Bits(f, "R8", "R14")
	f.i("VPBROADCASTD R8, Z31")
}

// scaleInto multiplies v, the decoded codes of the 16 values from R12 on,
// by their scales and takes 16 from R15 (the values left in the block):
// in line by Z31 while the block holds all 16; when it ends among them,
// out of line (emitted with the kernel's cold code), by Z31 blended in zs
// with the next block's scale in the lanes from R15 on.
func (q *qnbKernel) scaleInto(tag, v, zs string) {
	f := q.f
	_, _, bOff, _ := q.k.args()
	split, back := q.l("split"+tag), q.l("scaled"+tag)
	f.i("SUBQ $16, R15")
	f.i("JLT %s", split)
	f.i("VMULPS Z31, %s, %s // value = code's value * scale", v, v)
	f.label(back)
	q.cold = append(q.cold, func() {
		f.label(split)
		f.c("lanes from R15+16 on are in the next block")
		f.i("LEAQ 16(R15), R8")
		f.i("MOVL $0xffff, R14")
		f.i("BZHIL R8, R14, R14")
		f.i("KMOVW R14, K7")
		f.i("KNOTW K7, K7")
		f.i("VMOVAPS Z31, %s", zs)
		f.i("ADDQ $%d, BX", q.k.scaleSize())
		q.loadScale()
		f.i("VMOVAPS Z31, K7, %s", zs)
		f.i("ADDQ b+%d(FP), R15", bOff)
		f.i("VMULPS %s, %s, %s", zs, v, v)
		f.i("JMP %s", back)
	})
}

// codeBase points DX at the codes of entry R12: its code byte (int8 codes:
// code first+R12; 4-bit codes: the byte (first+R12)/2 holding it).
func (q *qnbKernel) codeBase() {
	f := q.f
	firstOff, _, _, _ := q.k.args()
	f.i("MOVQ first+%d(FP), DX", firstOff)
	f.i("ADDQ R12, DX")
	if q.k.nib {
		f.i("SHRQ $1, DX")
	}
	f.i("ADDQ R11, DX // the codes of entry R12")
}

// codes decodes into v the codes of the 16 values from R12+off on (DX
// from codeBase): int8 codes converted to float32, 4-bit codes looked up
// in the table. A 4-bit step reads its 8 or 9 code bytes from DX+off/2:
// whole (16 bytes, those of the next step too) when wide, which a pass's
// first three steps may, else under K6 (the row's phase's bytes).
func (q *qnbKernel) codes(off int, v, xb string, wide bool) {
	f := q.f
	if !q.k.nib {
		f.i("VPMOVSXBD %d(DX), %s", off, v)
		f.i("VCVTDQ2PS %s, %s", v, v)
		return
	}
	if wide {
		f.i("VPMOVZXBD %d(DX), %s", off/2, v)
	} else {
		f.i("VMOVDQU8.Z %d(DX), K6, %s", off/2, xb)
		f.i("VPMOVZXBD %s, %s", xb, v)
	}
	f.i("VPERMD %s, Z28, %s", v, v)
	f.i("VPSRLVD Z30, %s, %s", v, v)
	f.i("VPERMPS Z29, %s, %s // table[nibble of each value]", v, v)
}

// block is 16 entries at R12+off into accumulator acc (block n of a pass,
// its labels tagged tag), its indices loaded and compared (idxCompare):
// the codes decoded and scaled, x built from scalar loads (every index in
// range) when loads is set, else gathered under the in-range lanes, the
// values of the others +0. wide is codes'.
func (q *qnbKernel) block(n, off int, acc, tag string, loads, wide bool) {
	f := q.f
	idx, v, x, zs := fmt.Sprintf("Z%d", 16+3*n), fmt.Sprintf("Z%d", 17+3*n), fmt.Sprintf("Z%d", 18+3*n), fmt.Sprintf("Z%d", 4+n)
	kc := fmt.Sprintf("K%d", 1+n)
	if loads {
		f.loadLanes(q.iw, off, [4]int{18 + 3*n, 16 + 3*n, 8 + n, 17 + 3*n}, "R14", "R8")
	}
	q.codes(off, v, fmt.Sprintf("X%d", 8+n), wide)
	q.scaleInto(tag, v, zs)
	if !loads {
		f.i("KMOVW %s, K7 // the gather clears its mask", kc)
		f.i("VMOVAPS.Z %s, %s, %s // +0 out of range", v, kc, v)
		f.i("VPXORQ %s, %s, %s", x, x, x)
		f.i("VGATHERDPS (SI)(%s*4), K7, %s", idx, x)
	}
	f.i("VFMADD231PS %s, %s, %s", v, x, acc)
}

// idxCompare loads the indices of block n at R12+off into Z16+3n and sets
// K1+n to the lanes in range.
func (q *qnbKernel) idxCompare(off, n int) {
	f := q.f
	idx := fmt.Sprintf("Z%d", 16+3*n)
	if q.iw == 2 {
		f.i("VPMOVZXWD %d(R9)(R12*2), %s", 2*off, idx)
	} else {
		f.i("VMOVDQU32 %d(R9)(R12*4), %s", 4*off, idx)
	}
	f.i("VPCMPUD $2, Z15, %s, K%d // lanes whose index <= maxIndex", idx, 1+n)
}

// pass is the 64-entry pass: the four blocks' indices compared first; all
// in range, each block's x is built from scalar loads, else gathered under
// its mask.
func (q *qnbKernel) pass() {
	f := q.f
	for n := range 4 {
		q.idxCompare(16*n, n)
	}
	f.i("KANDW K1, K2, K7")
	f.i("KANDW K3, K7, K7")
	f.i("KANDW K4, K7, K7")
	f.i("KORTESTW K7, K7")
	f.i("JCS %sloads", q.l(""))
	for n := range 4 {
		q.block(n, 16*n, fmt.Sprintf("Z%d", n), fmt.Sprint(n), false, n < 3)
	}
	f.i("JMP %spassed", q.l(""))
	f.label(q.l("loads"))
	for n := range 4 {
		q.block(n, 16*n, fmt.Sprintf("Z%d", n), fmt.Sprintf("l%d", n), true, n < 3)
	}
	f.label(q.l("passed"))
}

// one is the 16-entry step of the loop by1: its x loaded when its indices
// are all in range, else gathered.
func (q *qnbKernel) one() {
	f := q.f
	q.idxCompare(0, 0)
	f.i("KORTESTW K1, K1")
	f.i("JCS %sloads1", q.l(""))
	q.block(0, 0, "Z0", "one", false, false)
	f.i("JMP %sstepped", q.l(""))
	f.label(q.l("loads1"))
	q.block(0, 0, "Z0", "onel", true, false)
	f.label(q.l("stepped"))
}

// qnbPFD is the distance, in entries, at which a pass prefetches the codes
// and indices ahead.
const qnbPFD = 256

// prefetch is a pass's prefetch of the codes (from DX, see codeBase) and
// indices qnbPFD entries ahead: a line of each per 64 bytes the pass
// reads.
func (q *qnbKernel) prefetch() {
	f := q.f
	cb := 64 // code bytes a pass
	if q.k.nib {
		cb = 32
	}
	for b := 0; b < cb; b += 64 {
		f.i("PREFETCHT0 %d(DX)", qnbPFD*cb/64+b)
	}
	for b := 0; b < 64*q.iw; b += 64 {
		f.i("PREFETCHT0 %d(R9)(R12*%d)", qnbPFD*q.iw+b, q.iw)
	}
}

// last is a row's last 0..15 entries R12..R13-1 (DX from codeBase) as
// one step under the mask of those lanes (K5): their indices, codes and
// (4-bit) code bytes read under it, x gathered, the next block's scale
// read only when one of them is in it. Then DX is the pointers' base
// again, for the next row.
func (q *qnbKernel) last() {
	f := q.f
	firstOff, _, _, _ := q.k.args()
	f.c("the last 0..15 entries under a mask")
	f.i("MOVQ R13, CX")
	f.i("SUBQ R12, CX")
	f.i("JEQ %slasted", q.l(""))
	q.codeBase()
	f.i("MOVL $0xffff, R8")
	f.i("BZHIL CX, R8, R8")
	f.i("KMOVW R8, K5")
	if q.iw == 2 {
		f.i("VPMOVZXWD.Z (R9)(R12*2), K5, Z16")
	} else {
		f.i("VMOVDQU32.Z (R9)(R12*4), K5, Z16")
	}
	f.i("VPCMPUD $2, Z15, Z16, K5, K1 // lanes of K5 whose index <= maxIndex")
	if q.k.nib {
		f.c("the code bytes of the lanes: (phase+CX+1)/2 of them")
		f.i("MOVQ first+%d(FP), R8", firstOff)
		f.i("ADDQ R12, R8")
		f.i("ANDQ $1, R8")
		f.i("LEAQ 1(CX)(R8*1), R8")
		f.i("SHRQ $1, R8")
		f.i("MOVL $0xffff, R14")
		f.i("BZHIL R8, R14, R14")
		f.i("KMOVW R14, K2")
		f.i("VMOVDQU8.Z (DX), K2, X8")
		f.i("VPMOVZXBD X8, Z17")
		f.i("VPERMD Z17, Z28, Z17")
		f.i("VPSRLVD Z30, Z17, Z17")
		f.i("VPERMPS Z29, Z17, Z17 // table[nibble of each value]")
	} else {
		f.i("VPMOVSXBD.Z (DX), K5, Z17")
		f.i("VCVTDQ2PS Z17, Z17")
	}
	f.i("VMOVAPS Z31, Z4")
	f.i("CMPQ R15, CX")
	f.i("JGE %slastscaled", q.l(""))
	f.c("lanes from R15 on are in the next block")
	f.i("MOVL $0xffff, R8")
	f.i("BZHIL R15, R8, R8")
	f.i("KMOVW R8, K7")
	f.i("KNOTW K7, K7")
	f.i("ADDQ $%d, BX", q.k.scaleSize())
	q.loadScale()
	f.i("VMOVAPS Z31, K7, Z4")
	f.label(q.l("lastscaled"))
	f.i("KMOVW K1, K7 // the gather clears its mask")
	f.i("VMULPS.Z Z4, Z17, K1, Z17 // value = code's value * scale, +0 out of range")
	f.i("VPXORQ Z18, Z18, Z18")
	f.i("VGATHERDPS (SI)(Z16*4), K7, Z18")
	f.i("VFMADD231PS Z17, Z18, Z1")
	f.label(q.l("lasted"))
	f.i("MOVQ ptr_base+48(FP), DX // DX held the codes' address")
}

// emit writes the kernel.
func (q *qnbKernel) emit() {
	f := q.f
	_, _, _, aOff := q.k.args()
	q.cold = nil
	qnbHead(f, q.name, "AVX512F, AVX512BW, AVX512VL, FMA3, BMI2", q.k)
	if q.k.nib {
		f.i("VMOVUPS (R8), Z29")
	}
	f.maxIndex(q.iw, true)
	f.i("VMOVSS alpha+%d(FP), X13", aOff)
	f.i("VMOVSS beta+%d(FP), X12", aOff+4)
	qnbRowStart(f, q.k, q.l, "VPXORQ", "Z", q.loadScale)
	if q.k.nib {
		qnbPhase(f, q.k, "Z28, Z30: the nibble lanes' byte index and shift for the row's phase; K6 its code bytes a step", "R14", 7, "qnbnib")
		f.i("VMOVDQU32 (R8)(R14*1), Z28")
		f.i("VMOVDQU32 64(R8)(R14*1), Z30")
		f.i("SHLQ $1, R14 // the phase's ninth byte")
		f.i("ORQ $0xff, R14")
		f.i("KMOVW R14, K6")
	}
	qnbLoopHead(f, q.l, "by4", "CX", 64, "by1")
	q.codeBase()
	q.prefetch()
	q.pass()
	f.i("MOVQ CX, R12")
	f.i("JMP %sby4", q.l(""))
	qnbLoopHead(f, q.l, "by1", "CX", 16, "last")
	q.codeBase()
	q.one()
	f.i("MOVQ CX, R12")
	f.i("JMP %sby1", q.l(""))
	for _, c := range q.cold {
		c()
	}
	f.label(q.l("last"))
	q.last()
	qnbSum(f, q.k, q.l, true, "X13", "X12", false)
}

// qspmvNarrowBlockFile is qspmvnarrowblock_amd64.s. Its doc's row loop is
// the deliberate twin of qspmvNarrowBlockAVX2File's, on 16 lanes.
func qspmvNarrowBlockFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(`SpMV on 32-bit row pointers and 16- or 32-bit column indices, on
quantized values by block: int8 codes, or 4-bit codes (two a byte, value p
in the low nibble of codes[p/2] when p is even) through a 16-entry table;
entry k's code is code first+k; its scale is that of block p/b (float32,
or E8M0 2^(e-127) with exponent 0 as 2^-127) with p its scale position:
first+k, or with spos given spos[i]+k-lo for entry k of row i (the codes
in another order than the scales, as a prepared form's strips keep them).
Each value is one float32 product, rounded once, as quant.Values.At
computes it:

	for i := range y {
		lo, hi := clamp(ptr[i], ptr[i+1], len(col))   // inverted: empty
		p := first+lo, or spos[i] when spos is given
		BX, R15 := block of p, its values from there on   // DIVQ
		for ; lo+64 <= hi; lo += 64 {                 // 4 blocks of 16 entries a pass
			for n := range 4 {
				scale := Z31, the next block's blended in from lane R15 on (out of line)
				c := zero-extend col[lo+16n : lo+16n+16]   // 32-bit lanes
				m := c <= maxIndex                          // unsigned; maxIndex = min(len(x), 2^16 or 2^32)-1
				acc_n += (m ? value*scale : +0) * (m ? x[c] : +0)
			}
		}
		16 entries at a time while 16 remain; then the last 0..15 under a mask
		y[i] = alpha*hsum(acc0+acc1+acc2+acc3) + (beta != +0 ? beta*y[i] : 0)
	}

A step whose indices (a pass: all 64 of them) are all in range builds x
from scalar loads, else it gathers x under m.

4-bit codes: lane i of a step reads byte (p+i)/2 of the 8 or 9 bytes from
p/2 and shifts it right by 4*((p+i)&1) (qnbnib, by the phase p&1, which
16 entries a step keep for the whole row); VPERMPS looks the low 4 bits up
in the table. A pass's first three steps read 16 code bytes each, which
the pass's own 32 or 33 hold; the others read theirs under K6, and the
last step those of its lanes, so no step reads a code byte past the row's
last value.

Registers by role:
	DI y base       SI x base        R9 col base      R10 len(col)
	DX ptr base; in a row's steps the codes of entry k (byte (first+k)/2
	  for 4-bit codes)
	R11 codes base   BX the block's scale   AX row i
	R12 entry k     R13 row end      R15 values left in the block at k
	CX k+64 / k+16, a nibble's shift   R8 a checked entry's index, scratch
	R14 scratch
	Z15 maxIndex in every 32-bit lane; Z29 the table; Z31 the block's
	scale; Z28, Z30 the nibble lanes' byte index and shift; K6 the code
	bytes of a step of the row's phase (8 or 9)
	Z0..Z3 accumulators; X14 zero (qnbSum's scalar sum); X13 alpha, X12 beta
	the last step: K5 its lanes, K2 its code bytes
	block n: Z16+3n indices, Z17+3n values, Z18+3n x, Z4+n scales (a
	  block ending among its lanes), X8+n code bytes, K1+n in-range
	  lanes, K7 their AND over a pass, the gather's copy, the blend's
	  lanes

Assumes len(ptr) == len(y)+1, b >= 16, len(x) > 0, beta == +0 for "do not
read y", codes for values first..first+len(col)-1, a scale for each of
their blocks, and len(spos) == len(y) or 0 (the Go side checks all of it). No index or ptr value can make
it read outside the slices.`)
	for _, k := range qnbKernels() {
		k.f = f
		k.emit()
	}
	f.doc(`qnbnib: per phase p of the first value (0 even, 1 odd), lane i's byte
index (p+i)/2 among the step's code bytes and its shift 4*((p+i)&1).`)
	nibData(f, "qnbnib")
	return f.String()
}

func init() { decls = append(decls, qnbDecls()...) }

// qnbDecls are the kernels' declarations.
func qnbDecls() []decl {
	var ds []decl
	for _, k := range qnbKernels() {
		it := map[int]string{2: "uint16", 4: "uint32"}[k.iw]
		var doc string
		switch {
		case !k.k.nib:
			doc = fmt.Sprintf(`%s computes SpMV on 32-bit row pointers, %s column
indices and int8 codes with a float32 scale per block of b values from
value first on:

	for i := range y {
		s := 0 // over k in ptr[i]..ptr[i+1]-1 clamped to len(col), col[k] < len(x)
		s += (float32(int8(codes[first+k])) * scale[p(k)/b]) * x[col[k]]
		y[i] = alpha*s + beta*y[i] // y not read when beta == +0
	}

with p(k) = first+k, or spos[i]+k-lo (lo the row's clamped start) when
len(spos) > 0. It needs len(ptr) == len(y)+1, b >= 16, len(x) > 0,
first+len(col) <= len(codes), a scale for every block of those scale
positions, len(spos) == len(y) or 0 and beta == +0 for "do not read y";
see qspmvnarrowblock_amd64.s.
Requires: AVX512F, AVX512BW, AVX512VL, FMA3, BMI2.`, k.name, it)
		case !k.k.mx:
			doc = fmt.Sprintf(`%s is the int8 kernel on 4-bit codes, two a byte
(value p in the low nibble of codes[p/2] when p is even), through table:

	s += (table[nibble first+k] * scale[p(k)/b]) * x[col[k]]

It needs len(table) == 16 and (first+len(col)+1)/2 <= len(codes).
Requires: AVX512F, AVX512BW, AVX512VL, FMA3, BMI2.`, k.name)
		default:
			doc = fmt.Sprintf(`%s is the 4-bit kernel with MX scales: block g's
scale is E8M0(exps[g]), 2^(exps[g]-127) (exponent 0: 2^-127). Exponent
0xFF (NaN, which validation rejects) gives +Inf.
Requires: AVX512F, AVX512BW, AVX512VL, FMA3, BMI2.`, k.name)
		}
		ds = append(ds, decl{"qspmvnarrowblock", k.name, k.k.sig(it), doc})
	}
	return ds
}
