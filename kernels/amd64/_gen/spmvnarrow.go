package main

import (
	"fmt"
	"strings"
)

// spmvnarrow_amd64.s (and, through qspmvnarrow.go, qspmvnarrow_amd64.s):
// the SpMV row loop on a
// compressed matrix with 32-bit row pointers and 16- or 32-bit column
// indices (a prepared matrix's compute form), float32 and float64 values,
// and int8 codes with a scale per row, for AVX2 and AVX-512, from one
// template.
//
// What the kernels do, and why:
//   - The indices are zero-extended to 32-bit lanes (VPMOVZXWD) or loaded
//     as they are, and x is gathered by them (VGATHERDPS/VGATHERDPD): with
//     4 or 2 bytes of index an entry, the scalar loads that build x's
//     vector in the uint64 kernels would cost more instructions than the
//     gather.
//   - The range check is the gather's mask: a lane whose index is above
//     maxIndex (min(len(x), 2^16 or 2^32) - 1, compared unsigned) is not
//     loaded and its value is masked to +0, so an index out of range is
//     skipped without a branch, and its value (even NaN or Inf) adds +0.
//   - Four accumulators, four blocks a pass, so that four gathers are in
//     flight; AVX-512 ends a row with one masked block, AVX2 with a
//     checked scalar loop; rows under 8 entries take only that loop (the
//     accumulators' set-up and sum cost more than their entries).

// narrowKernel holds what one narrow SpMV function's code depends on.
type narrowKernel struct {
	name string
	isa  string // "avx2" or "avx512"
	es   int    // value size in bytes: 4 or 8 (int8 codes: 4, the float32 they become)
	iw   int    // index size in bytes: 2 or 4
	q    bool   // int8 codes with a scale per row
	f    *asmFile
}

// spmvNarrowPFD is the distance, in entries, at which the pass prefetches
// the values and indices ahead.
const spmvNarrowPFD = 256

func (k *narrowKernel) l(s string) string { return strings.ToLower(k.name) + s }

// ps is the packed suffix of the value type, sd the scalar one.
func (k *narrowKernel) ps() string {
	if k.es == 8 {
		return "PD"
	}
	return "PS"
}

func (k *narrowKernel) sd() string {
	if k.es == 8 {
		return "SD"
	}
	return "SS"
}

// block is the number of entries one index load covers: a vector of
// values (AVX2 float64: two).
func (k *narrowKernel) block() int {
	if k.isa == "avx2" {
		return 8
	}
	return 64 / k.es
}

// offsets of the arguments in the frame.
func (k *narrowKernel) alphaOff() int {
	if k.q {
		return 144
	}
	return 120
}

func (k *narrowKernel) betaOff() int {
	switch {
	case k.q:
		return 148
	case k.es == 8:
		return 128
	}
	return 124
}

// idxLoad loads the indices of the block at entry R12+off into reg as
// 32-bit lanes (with mask, zeroing the lanes outside it).
func (k *narrowKernel) idxLoad(off int, reg, mask string) {
	z := ""
	if mask != "" {
		z, mask = ".Z", mask+", "
	}
	if k.iw == 2 {
		k.f.i("VPMOVZXWD%s %d(R9)(R12*2), %s%s", z, 2*off, mask, reg)
		return
	}
	if k.isa == "avx2" {
		k.f.i("VMOVDQU %d(R9)(R12*4), %s", 4*off, reg)
		return
	}
	k.f.i("VMOVDQU32%s %d(R9)(R12*4), %s%s", z, 4*off, mask, reg)
}

// avx2Block is AVX2's 8 entries at R12+off into acc, with the registers
// of r: the indices, the mask, the values, x (and, float64, four more).
func (k *narrowKernel) avx2Block(off int, acc string, r []string) {
	f := k.f
	idx, m, v, x := r[0], r[1], r[2], r[3]
	k.idxLoad(off, idx, "")
	f.i("VPMINUD %s, Y15, %s", idx, m)
	f.i("VPCMPEQD %s, %s, %s // lanes whose index <= maxIndex", idx, m, m)
	if k.es == 4 {
		if k.q {
			f.i("VPMOVSXBD %d(R11)(R12*1), %s", off, v)
			f.i("VCVTDQ2PS %s, %s", v, v)
			f.i("VPAND %s, %s, %s", v, m, v)
		} else {
			f.i("VPAND %d(R11)(R12*4), %s, %s", 4*off, m, v)
		}
		f.i("VXORPS %s, %s, %s", x, x, x)
		f.i("VGATHERDPS %s, (SI)(%s*4), %s", m, idx, x)
		f.i("VFMADD231PS %s, %s, %s", v, x, acc)
		return
	}
	// float64: two halves of 4 lanes, the mask and indices widened/split
	m0, hi, v1, x1 := r[4], r[5], r[6], r[7]
	xm, xidx, xhi := strings.Replace(m, "Y", "X", 1), strings.Replace(idx, "Y", "X", 1), strings.Replace(hi, "Y", "X", 1)
	f.i("VPMOVSXDQ %s, %s", xm, m0)
	f.i("VEXTRACTI128 $1, %s, %s", m, xm)
	f.i("VPMOVSXDQ %s, %s", xm, m)
	f.i("VEXTRACTI128 $1, %s, %s", idx, xhi)
	f.i("VPAND %d(R11)(R12*8), %s, %s", 8*off, m0, v)
	f.i("VPAND %d(R11)(R12*8), %s, %s", 8*off+32, m, v1)
	f.i("VXORPD %s, %s, %s", x, x, x)
	f.i("VGATHERDPD %s, (SI)(%s*8), %s", m0, xidx, x)
	f.i("VXORPD %s, %s, %s", x1, x1, x1)
	f.i("VGATHERDPD %s, (SI)(%s*8), %s", m, xhi, x1)
	f.i("VFMADD231PD %s, %s, %s", v, x, acc)
	f.i("VFMADD231PD %s, %s, %s", v1, x1, acc)
}

// avx512Block is AVX-512's block at R12+off into acc, idx, v and x its
// registers and kc the mask of its lanes in range. With tail set, only the
// lanes of K5 are read (and kc is K5's lanes in range).
func (k *narrowKernel) avx512Block(off int, acc, idx, v, x, kc string, tail bool) {
	f := k.f
	iv, lim := idx, "Z15" // the index vector: Z for float32, Y (8 lanes) for float64
	if k.es == 8 {
		iv, lim = strings.Replace(idx, "Z", "Y", 1), "Y15"
	}
	if tail {
		k.idxLoad(off, iv, "K5")
		f.i("VPCMPUD $2, %s, %s, K5, %s // lanes of K5 whose index <= maxIndex", lim, iv, kc)
	} else {
		k.idxLoad(off, iv, "")
		f.i("VPCMPUD $2, %s, %s, %s // lanes whose index <= maxIndex", lim, iv, kc)
	}
	f.i("KMOVW %s, K7 // the gather clears its mask", kc)
	if k.q {
		f.i("VPMOVSXBD.Z %d(R11)(R12*1), %s, %s", off, kc, v)
		f.i("VCVTDQ2PS %s, %s", v, v)
	} else {
		f.i("VMOVU%s.Z %d(R11)(R12*%d), %s, %s", k.ps(), k.es*off, k.es, kc, v)
	}
	f.i("VPXORQ %s, %s, %s", x, x, x)
	if k.es == 8 {
		f.i("VGATHERDPD (SI)(%s*8), K7, %s", iv, x)
	} else {
		f.i("VGATHERDPS (SI)(%s*4), K7, %s", iv, x)
	}
	f.i("VFMADD231%s %s, %s, %s", k.ps(), v, x, acc)
}

// prefetch is the pass's prefetch of the values (or codes) and indices
// spmvNarrowPFD entries ahead: a line of each per 64 bytes the pass reads.
func (k *narrowKernel) prefetch(n int) {
	vs := k.es
	if k.q {
		vs = 1
	}
	for b := 0; b < n*vs; b += 64 {
		k.f.i("PREFETCHT0 %d(R11)(R12*%d)", spmvNarrowPFD*vs+b, vs)
	}
	for b := 0; b < n*k.iw; b += 64 {
		k.f.i("PREFETCHT0 %d(R9)(R12*%d)", spmvNarrowPFD*k.iw+b, k.iw)
	}
}

// scalarLoop is AVX2's checked loop over entries R12..R13-1 into X14, then
// a jump to store.
func (k *narrowKernel) scalarLoop() {
	f, sd := k.f, k.sd()
	f.label(k.l("tail"))
	f.i("CMPQ R12, R13")
	f.i("JAE %sstore", k.l(""))
	f.narrowEntryIndex(k.iw, k.l("skip"))
	if k.q {
		f.i("MOVBLSX (R11)(R12*1), CX")
		f.i("VCVTSI2SSL CX, X6, X6")
	} else {
		f.i("VMOV%s (R11)(R12*%d), X6", sd, k.es)
	}
	f.i("VFMADD231%s (SI)(R8*%d), X6, X14", sd, k.es)
	f.label(k.l("skip"))
	f.i("INCQ R12")
	f.i("JMP %stail", k.l(""))
}

// store sets y[AX] = alpha*(X14 (*scale[AX])) (+ beta*y[AX] unless beta is
// +0) and goes on with the next row.
func (k *narrowKernel) store() {
	f, sd := k.f, k.sd()
	f.label(k.l("store"))
	if k.q {
		f.i("VMULSS (BX)(AX*4), X14, X14")
	}
	f.i("VMUL%s X13, X14, X0", sd)
	if k.es == 8 {
		f.i("CMPQ beta+%d(FP), $0", k.betaOff())
	} else {
		f.i("CMPL beta+%d(FP), $0", k.betaOff())
	}
	f.i("JEQ %snobeta", k.l(""))
	f.i("VFMADD231%s (DI)(AX*%d), X12, X0", sd, k.es)
	f.label(k.l("nobeta"))
	f.i("VMOV%s X0, (DI)(AX*%d)", sd, k.es)
	f.i("INCQ AX")
	f.i("JMP %srow", k.l(""))
}

// reduce adds the four accumulators (reg: Y or Z) into X0's low lane and
// that into X14.
func (k *narrowKernel) reduce(reg string) {
	f, p := k.f, k.ps()
	f.i("VADD%s %s1, %s0, %s0", p, reg, reg, reg)
	f.i("VADD%s %s3, %s2, %s2", p, reg, reg, reg)
	f.i("VADD%s %s2, %s0, %s0", p, reg, reg, reg)
	for _, ln := range spmvHsum(k.es, reg == "Z") {
		op, args, _ := strings.Cut(strings.TrimLeft(ln, "\t"), " ")
		f.i("%s %s", op, args)
	}
	f.i("VADD%s X0, X14, X14", k.sd())
}

// emit writes the function.
func (k *narrowKernel) emit() {
	f := k.f
	req := "AVX, AVX2, FMA3"
	if k.isa == "avx512" {
		req = "AVX512F, AVX512VL, FMA3, BMI2"
	}
	f.text(k.name, 0, req, "")
	f.i("MOVQ y_base+0(FP), DI")
	f.i("MOVQ x_base+24(FP), SI")
	f.i("MOVQ ptr_base+48(FP), DX")
	f.i("MOVQ col_base+72(FP), R9")
	f.i("MOVQ col_len+80(FP), R10")
	if k.q {
		f.i("MOVQ codes_base+96(FP), R11")
		f.i("MOVQ scale_base+120(FP), BX")
	} else {
		f.i("MOVQ vals_base+96(FP), R11")
	}
	f.maxIndex(k.iw, k.isa == "avx512")
	f.i("VMOV%s alpha+%d(FP), X13", k.sd(), k.alphaOff())
	f.i("VMOV%s beta+%d(FP), X12", k.sd(), k.betaOff())
	f.narrowRow(k.l("row"), k.l("done"))
	b := k.block()
	f.c("rows under 8 entries: the checked loop alone")
	f.i("MOVQ R13, CX")
	f.i("SUBQ R12, CX")
	f.i("CMPQ CX, $8")
	f.i("JB %stail", k.l(""))
	reg := "Y"
	if k.isa == "avx512" {
		reg = "Z"
	}
	for a := range 4 {
		if reg == "Z" {
			f.i("VPXORQ Z%d, Z%d, Z%d", a, a, a)
		} else {
			f.i("VXORPS Y%d, Y%d, Y%d", a, a, a)
		}
	}
	f.label(k.l("by4"))
	f.i("LEAQ %d(R12), CX", 4*b)
	f.i("CMPQ CX, R13")
	f.i("JA %sby1", k.l(""))
	k.prefetch(4 * b)
	if k.isa == "avx512" && k.es == 4 {
		k.pass512()
	} else {
		for a := range 4 {
			k.blockInto(a*b, a, a)
		}
	}
	f.i("MOVQ CX, R12")
	f.i("JMP %sby4", k.l(""))
	f.label(k.l("by1"))
	f.i("LEAQ %d(R12), CX", b)
	f.i("CMPQ CX, R13")
	f.i("JA %slast", k.l(""))
	if k.isa == "avx512" && k.es == 4 {
		f.c("one block: its x loaded when its indices are all in range, else gathered")
		k.idxLoad(0, "Z16", "")
		f.i("VPCMPUD $2, Z15, Z16, K1 // lanes whose index <= maxIndex")
		f.i("KORTESTW K1, K1")
		f.i("JCS %sload1", k.l(""))
		k.gatherBlock(0, 0)
		f.i("MOVQ CX, R12")
		f.i("JMP %sby1", k.l(""))
		f.label(k.l("load1"))
		k.loadBlock(0, 0)
	} else {
		k.blockInto(0, 0, 0)
	}
	f.i("MOVQ CX, R12")
	f.i("JMP %sby1", k.l(""))
	f.label(k.l("last"))
	if k.isa == "avx512" {
		f.c("the last 0..%d entries under a mask", b-1)
		f.i("MOVQ R13, CX")
		f.i("SUBQ R12, CX")
		f.i("JEQ %ssum", k.l(""))
		f.i("MOVL $0xffff, R8")
		f.i("BZHIL CX, R8, R8")
		f.i("KMOVW R8, K5")
		k.avx512Block(0, "Z1", "Z16", "Z17", "Z18", "K6", true)
		f.label(k.l("sum"))
		k.reduce("Z")
		k.store()
		k.scalarLoop()
	} else {
		k.reduce("Y")
		k.scalarLoop()
		k.store()
	}
	f.label(k.l("done"))
	f.i("VZEROUPPER")
	f.i("RET")
}

// pass512 is the AVX-512 float32 pass of 4 blocks at R12 into Z0..Z3. It
// loads the four blocks' indices and compares them with maxIndex first;
// when all 64 are in range, it builds each block's x from scalar loads
// (the indices read again as general registers), which issue faster than
// a gather's elements when x is in L1; else each block gathers under its
// mask. Both ways each lane adds the same product to the same
// accumulator.
// Rejected: x for a block of 16 increasing indices from the aligned
// 32-float windows of x they fall in (one load, one compare and one
// merge-masked VPERMI2PS a window), here and in the fused SpMV kernels
// (qfused.go). At 10% density a block spans about six windows; a window
// costs about two cycles, so the eight a block needs to cover nearly all
// blocks cost more than the scalar loads (about twelve cycles a block),
// and a choice between four and eight windows mispredicts. It broke even
// only near 30% density. Staging x through the stack and broadcast loads
// blended into halves were slower still.
func (k *narrowKernel) pass512() {
	f := k.f
	for n := range 4 {
		idx := fmt.Sprintf("Z%d", 16+3*n)
		k.idxLoad(16*n, idx, "")
		f.i("VPCMPUD $2, Z15, %s, K%d // lanes whose index <= maxIndex", idx, 1+n)
	}
	f.i("KANDW K1, K2, K7")
	f.i("KANDW K3, K4, K6")
	f.i("KANDW K6, K7, K7")
	f.i("KORTESTW K7, K7")
	f.i("JCS %sloads", k.l(""))
	for n := range 4 {
		k.gatherBlock(16*n, n)
	}
	f.i("JMP %spassed", k.l(""))
	f.label(k.l("loads"))
	for n := range 4 {
		k.loadBlock(16*n, n)
	}
	f.label(k.l("passed"))
}

// value loads the 16 values (or codes, converted) at entry R12+off into v,
// zeroing the lanes outside kc unless kc is empty.
func (k *narrowKernel) value(off int, v, kc string) {
	f := k.f
	z := ""
	if kc != "" {
		z, kc = ".Z", kc+", "
	}
	if k.q {
		f.i("VPMOVSXBD%s %d(R11)(R12*1), %s%s", z, off, kc, v)
		f.i("VCVTDQ2PS %s, %s", v, v)
		return
	}
	f.i("VMOVUPS%s %d(R11)(R12*4), %s%s", z, 4*off, kc, v)
}

// gatherBlock is block n of pass512 at R12+off when some index of the pass
// is out of range: x gathered under K1+n, the values masked by it.
func (k *narrowKernel) gatherBlock(off, n int) {
	f := k.f
	idx, v, x, kc := fmt.Sprintf("Z%d", 16+3*n), fmt.Sprintf("Z%d", 17+3*n), fmt.Sprintf("Z%d", 18+3*n), fmt.Sprintf("K%d", 1+n)
	f.i("KMOVW %s, K7 // the gather clears its mask", kc)
	k.value(off, v, kc)
	f.i("VPXORQ %s, %s, %s", x, x, x)
	f.i("VGATHERDPS (SI)(%s*4), K7, %s", idx, x)
	f.i("VFMADD231PS %s, %s, Z%d", v, x, n)
}

// loadBlock is block n of pass512 at R12+off with every index in range:
// x[col[k]] loaded one lane at a time into four quarters (X4..X7 or
// X8..X11 by n's parity) and joined.
func (k *narrowKernel) loadBlock(off, n int) {
	f := k.f
	r := 4 + 4*(n%2)
	f.loadLanes(k.iw, off, [4]int{r, r + 1, r + 2, r + 3}, "R14", "R15")
	v := fmt.Sprintf("Z%d", 17+3*n)
	k.value(off, v, "")
	f.i("VFMADD231PS %s, Z%d, Z%d", v, r, n)
}

// loadLanes sets Z<q[0]> to x[col[k]] for the 16 entries k from R12+off
// (indices of iw bytes at R9, x at SI, every index in range), one lane at
// a time: quarter j (4 lanes) in X<q[j]>, then the quarters joined into
// Z<q[0]>. It clobbers the general registers a and b and the other
// quarters' registers.
func (f *asmFile) loadLanes(iw, off int, q [4]int, a, b string) {
	per := 8 / iw // indices in one 8-byte load
	for qt := range 4 {
		xq := fmt.Sprintf("X%d", q[qt])
		for h := 0; h < 4/per; h++ {
			e := off + 4*qt + per*h // the first entry of the load
			f.i("MOVQ %d(R9)(R12*%d), %s", iw*e, iw, a)
			for j := range per {
				lane := per*h + j
				src := b
				switch {
				case j == per-1:
					src = a // the last index is what the shifts left
				case iw == 2:
					f.i("MOVWLZX %s, %s", a, b)
				default:
					f.i("MOVL %s, %s", a, b)
				}
				if lane == 0 {
					f.i("VMOVSS (SI)(%s*4), %s", src, xq)
				} else {
					f.i("VINSERTPS $%#x, (SI)(%s*4), %s, %s", lane<<4, src, xq, xq)
				}
				if j < per-1 {
					f.i("SHRQ $%d, %s", 8*iw, a)
				}
			}
		}
	}
	ins := "VINSERTF128" // VEX: registers 0..15 only
	if max(q[0], q[1], q[2], q[3]) >= 16 {
		ins = "VINSERTF32X4"
	}
	f.i("%s $1, X%d, Y%d, Y%d", ins, q[1], q[0], q[0])
	f.i("%s $1, X%d, Y%d, Y%d", ins, q[3], q[2], q[2])
	f.i("VINSERTF64X4 $1, Y%d, Z%d, Z%d", q[2], q[0], q[0])
}

// blockInto emits block number n (of a pass) at entry R12+off into
// accumulator acc.
func (k *narrowKernel) blockInto(off, n, acc int) {
	if k.isa == "avx512" {
		z := func(i int) string { return fmt.Sprintf("Z%d", 16+3*n+i) }
		k.avx512Block(off, fmt.Sprintf("Z%d", acc), z(0), z(1), z(2), fmt.Sprintf("K%d", 1+n), false)
		return
	}
	if k.es == 8 {
		k.avx2Block(off, fmt.Sprintf("Y%d", acc), []string{"Y4", "Y5", "Y6", "Y7", "Y8", "Y9", "Y10", "Y11"})
		return
	}
	r := []string{"Y4", "Y5", "Y6", "Y7"}
	if n%2 == 1 {
		r = []string{"Y8", "Y9", "Y10", "Y11"}
	}
	k.avx2Block(off, fmt.Sprintf("Y%d", acc), r)
}

// spmvNarrowKernels are the kernels of the family: q selects the int8 ones.
func spmvNarrowKernels(q bool) []*narrowKernel {
	var ks []*narrowKernel
	for _, isa := range []string{"avx2", "avx512"} {
		for _, es := range []int{4, 8} {
			if q && es == 8 {
				continue
			}
			for _, iw := range []int{2, 4} {
				ks = append(ks, &narrowKernel{name: narrowName(q, es, iw, isa), isa: isa, es: es, iw: iw, q: q})
			}
		}
	}
	return ks
}

// narrowName is the name of a kernel: SpMVNarrowF32U16AVX2 and so on,
// QSpMVNarrowI8U16AVX2 for the int8 ones.
func narrowName(q bool, es, iw int, isa string) string {
	isaName := map[string]string{"avx2": "AVX2", "avx512": "AVX512"}[isa]
	if q {
		return fmt.Sprintf("QSpMVNarrowI8U%d%s", 8*iw, isaName)
	}
	return fmt.Sprintf("SpMVNarrowF%dU%d%s", 8*es, 8*iw, isaName)
}

// spmvNarrowFile is spmvnarrow_amd64.s (q: qspmvnarrow_amd64.s, see
// qspmvNarrowFile).
func spmvNarrowFile(q bool) string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	what := "float32 or float64 values"
	value := "vals[k]"
	scale := ""
	if q {
		what, value, scale = "int8 codes with a scale per row", "float32(codes[k])", " * scale[i]"
	}
	f.doc(fmt.Sprintf(`SpMV on 32-bit row pointers and 16- or 32-bit column indices, %s:

	for i := range y {
		lo, hi := clamp(ptr[i], ptr[i+1], len(col))   // inverted: empty
		acc0..acc3 := 0                               // vectors
		for ; lo+4B <= hi; lo += 4B {                 // B entries a block, 4 blocks a pass
			prefetch the values and indices %d entries ahead
			for b := range 4 {
				c := zero-extend col[lo+bB : lo+bB+B]   // 32-bit lanes
				m := c <= maxIndex                      // unsigned; maxIndex = min(len(x), 2^16 or 2^32)-1
				acc_b += (m ? %s : +0) * (m ? gather x[c] : +0)
			}
		}
		one block at a time while B remain
		AVX-512: the last 0..B-1 under a mask as a block; AVX2: one at a time, checked
		(rows under 8 entries: only the checked loop, one at a time)
		s := hsum(acc0+acc1+acc2+acc3) (+ AVX2's last ones)
		y[i] = alpha*(s%s) + (beta != +0 ? beta*y[i] : 0)
	}

B is 8 (AVX2), 16 (AVX-512 float32) or 8 (AVX-512 float64).

Registers by role:
	DI y base       SI x base        DX ptr base      R9 col base
	R10 len(col)    R11 values base  BX scale base    AX row i
	R12 entry k     R13 row end      CX k+4B / k+B / row length, scratch
	R8 maxIndex, then a checked entry's index, a tail's mask
	Y15/Z15 maxIndex in every 32-bit lane
	Y0..Y3/Z0..Z3 accumulators; X14 the row's scalar sum; X13 alpha, X12 beta
	AVX2 block: Y4/Y8 indices, Y5/Y9 in-range mask, Y6/Y10 values, Y7/Y11 x
	  (float64: Y4 indices, Y5 upper half's mask, Y8 lower half's, Y9 upper
	  indices, Y6/Y10 values, Y7/Y11 x)
	AVX-512 block n: Z16+3n indices, Z17+3n values, Z18+3n x, K1+n in-range
	  lanes, K7 the gather's copy; K5 the tail's lanes, K6 those in range

Assumes len(ptr) == len(y)+1, len(vals) == len(col) (int8: len(codes) ==
len(col), len(scale) == len(y)), len(x) > 0 and beta == +0 for "do not
read y" (the Go side turns -0 into +0). No index or ptr value can make it
read outside the slices.`, what, spmvNarrowPFD, value, scale))
	for _, k := range spmvNarrowKernels(q) {
		k.f = f
		k.emit()
	}
	return f.String()
}

// The narrow SpMV declarations go in after the narrow SpMM ones and
// before the short SpMV ones (the init order of the files): spmvnarrow's,
// then qspmvnarrow's.
func init() { decls = append(append(decls, spmvNarrowDecls()...), qspmvNarrowDecls()...) }

// spmvNarrowDecls are the declarations of the float kernels.
func spmvNarrowDecls() []decl {
	var ds []decl
	for _, k := range spmvNarrowKernels(false) {
		it, _, req := k.declParts()
		tn := map[int]string{4: "float32", 8: "float64"}[k.es]
		ds = append(ds, decl{"spmvnarrow", k.name, fmt.Sprintf("(y, x []%s, ptr []uint32, col []%s, vals []%s, alpha, beta %s)", tn, it, tn, tn),
			fmt.Sprintf(`%s computes SpMV on 32-bit row pointers and %s column
indices:

	for i := range y {
		s := 0 // over k in ptr[i]..ptr[i+1]-1 clamped to len(col), col[k] < len(x)
		s += vals[k] * x[col[k]]
		y[i] = alpha*s + beta*y[i] // y not read when beta == +0
	}

It gathers x by blocks of indices, the gather's mask skipping those out of
range. It needs len(ptr) == len(y)+1, len(vals) == len(col), len(x) > 0
and beta == +0 for "do not read y"; see spmvnarrow_amd64.s (generated by
_gen/spmvnarrow.go).
Requires: %s.`, k.name, it, req)})
	}
	return ds
}

// declParts are the Go index type, the ISA's name and the requirements
// line of k's declaration.
func (k *narrowKernel) declParts() (it, isaName, req string) {
	it = map[int]string{2: "uint16", 4: "uint32"}[k.iw]
	isaName = map[string]string{"avx2": "AVX2", "avx512": "AVX512"}[k.isa]
	req = map[string]string{"avx2": "AVX, AVX2, FMA3", "avx512": "AVX512F, AVX512VL, FMA3, BMI2"}[k.isa]
	return it, isaName, req
}
