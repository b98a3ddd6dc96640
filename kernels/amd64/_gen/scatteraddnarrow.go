package main

import "fmt"

// scatteraddnarrow_amd64.s: ScatterAddNarrow{F32,F64}{U16,U32}{AVX2,AVX512},
// ScatterAdd (scatteradd.go) on 32-bit row pointers and 16- or 32-bit
// indices; the entry bodies and the row's end are scatteradd.go's.

// scatterAddNarrowTypes lists the four type pairs: the names' part, the
// scalar and packed suffixes, the value size and the index size.
var scatterAddNarrowTypes = []struct {
	name, s, p string
	es, iw     int
}{
	{"F32U16", "SS", "PS", 4, 2}, {"F32U32", "SS", "PS", 4, 4},
	{"F64U16", "SD", "PD", 8, 2}, {"F64U32", "SD", "PD", 8, 4},
}

func scatterAddNarrowFile() string {
	f := &asmFile{}
	f.doc(`ScatterAddNarrow row loop (transposed SpMV on a prepared matrix):

	for i := range x {
		a := alpha * x[i]
		lo, hi := clamp(ptr[i], ptr[i+1], len(idx))   // ptr: uint32
		for k := lo; k < hi; k++ {
			if idx[k] < len(y) { y[idx[k]] += a * vals[k] }   // idx: uint16 or uint32
		}
	}

The product and the sum are separate instructions (multiply, then add), not
a fused multiply-add, as the loop rounds. AVX2 runs the loop in scalar
code, four entries a pass. AVX-512 widens 8 indices to 32-bit lanes,
gathers the 8 y values, adds and scatters them back, under a mask of the
indices in range (idx <= min(len(y), 2^16 or 2^32) - 1, unsigned) and,
for a row's last entries, of the lanes left. A block whose indices do not
increase lane to lane (a repeated index would lose a term in the scatter)
runs one entry at a time instead, so each y element gets its terms in the
loop's order on any data.

Registers by role:
	DI y base        R8 len(y)      SI x base      CX rows = len(x)
	DX ptr base      R9 idx base    R10 nnz        R11 vals base
	AX row i         R12 k          R13 hi         R14 entries left
	R15 index j      X12 alpha      X13 a          Y30 largest index in range
	Y4 indices       K1 lanes in range             K3 lanes left
	K5 lanes 1..7    BX end of a block run one entry at a time`)
	f.blank()
	f.line(`#include "textflag.h"`)
	for _, t := range scatterAddNarrowTypes {
		scatterAddNarrowAVX2(f, "ScatterAddNarrow"+t.name+"AVX2", t.s, t.es, t.iw)
	}
	for _, t := range scatterAddNarrowTypes {
		scatterAddNarrowAVX512(f, "ScatterAddNarrow"+t.name+"AVX512", t.s, t.p, t.es, t.iw)
	}
	return f.String()
}

// scatterAddNarrowRow opens the row loop of either kernel: the arguments,
// then for row AX the segment (R12, R13) read from the 32-bit pointers and
// clamped to len(idx), and X13 = alpha * x[i]. It is scatterAddRow
// (scatteradd.go) with 32-bit pointers; avx512 also sets Y30 to the
// largest index in range and returns at once when y is empty.
func scatterAddNarrowRow(f *asmFile, s string, es, iw int, avx512 bool) {
	scatterAddArgs(f, s)
	if avx512 {
		f.c("Y30 = min(len(y), 2^%d) - 1 in every 32-bit lane; no index is in range of an empty y", 8*iw)
		f.i("TESTQ R8, R8")
		f.i("JZ done")
		f.i("MOVQ $%#x, R15", uint64(1)<<(8*iw))
		f.i("CMPQ R8, R15")
		f.i("CMOVQCS R8, R15")
		f.i("DECQ R15")
		f.i("VPBROADCASTD R15, Y30")
		f.i("MOVL $0xfe, R15")
		f.i("KMOVW R15, K5 // lanes 1..7: those with a lane before them")
	}
	f.i("XORQ AX, AX")
	f.label("row")
	f.i("CMPQ AX, CX")
	f.i("JAE done")
	f.c("lo, hi := clamp(ptr[i], ptr[i+1], len(idx)); an inverted range is empty")
	f.i("MOVL (DX)(AX*4), R12")
	f.i("MOVL 4(DX)(AX*4), R13")
	f.clampSegment()
	f.i("VMUL%s (SI)(AX*%d), X12, X13 // a = alpha * x[i]", s, es)
}

// scatterAddNarrowIndex loads the index of entry R12+e into R15.
func scatterAddNarrowIndex(f *asmFile, iw, e int) {
	if iw == 2 {
		f.i("MOVWQZX %s(R9)(R12*2), R15", disp(2*e))
		return
	}
	f.i("MOVL %s(R9)(R12*4), R15", disp(4*e))
}

// scatterAddNarrowEntry adds a * vals[k+e] into y[idx[k+e]] (X(e) as
// scratch) unless the index is not below len(y), then places label skip.
func scatterAddNarrowEntry(f *asmFile, s string, es, iw, e int, skip string) {
	scatterAddNarrowIndex(f, iw, e)
	f.i("CMPQ R15, R8")
	f.i("JAE %s", skip)
	scatterAddOne(f, s, es, e)
	f.label(skip)
}

// scatterAddNarrowAVX2 is the scalar kernel, four entries a pass.
func scatterAddNarrowAVX2(f *asmFile, name, s string, es, iw int) {
	f.text(name, 0, "AVX", "")
	scatterAddNarrowRow(f, s, es, iw, false)
	f.label("by4")
	f.c("for ; lo+4 <= hi; lo += 4 { the entries lo..lo+3, each skipped when out of range }")
	f.i("LEAQ 4(R12), R14")
	f.i("CMPQ R14, R13")
	f.i("JA by1")
	for e := range 4 {
		scatterAddNarrowEntry(f, s, es, iw, e, fmt.Sprintf("s%d", e))
	}
	f.i("MOVQ R14, R12")
	f.i("JMP by4")
	f.label("by1")
	f.c("the last 0..3 entries, one a pass")
	f.i("CMPQ R12, R13")
	f.i("JAE next")
	scatterAddNarrowEntry(f, s, es, iw, 0, "t0")
	f.i("INCQ R12")
	f.i("JMP by1")
	scatterAddEnd(f)
}

// scatterAddNarrowAVX512 gathers, adds and scatters 8 entries a pass
// (indices in a Y register of 32-bit lanes, values in Y for float32 and Z
// for float64), the row's last 0..7 under a lane mask: scatterAddAVX512
// (scatteradd.go) on 32-bit lanes of indices, with the check for a block
// whose indices do not increase.
func scatterAddNarrowAVX512(f *asmFile, name, s, p string, es, iw int) {
	f.text(name, 0, "AVX512F, AVX512VL, AVX512BW, BMI2", "")
	scatterAddNarrowRow(f, s, es, iw, true)
	v := "Y"
	if es == 8 {
		v = "Z"
	}
	idxLoad := func(mask string) {
		z := ""
		if mask != "" {
			z, mask = ".Z", mask+", "
		}
		if iw == 2 {
			f.i("VPMOVZXWD%s (R9)(R12*2), %sY4", z, mask)
			return
		}
		f.i("VMOVDQU32%s (R9)(R12*4), %sY4", z, mask)
	}
	scatterAddBy8(f, s, v)
	idxLoad("")
	f.i("VPCMPUD $2, Y30, Y4, K1 // lanes with idx <= Y30")
	f.i("KXNORW K3, K3, K3 // every lane is the block's")
	f.label("vec")
	f.c("a block whose indices do not increase lane to lane (lanes of K3) takes the scalar loop")
	f.i("VALIGND $7, Y4, Y4, Y5 // Y5[l] = Y4[l-1]")
	f.i("KANDW K3, K5, K6")
	f.i("VPCMPUD $2, Y5, Y4, K6, K6 // lanes whose index is not above the one before")
	f.i("KORTESTW K6, K6")
	f.i("JNZ dup")
	f.i("KMOVB K1, K2 // the gather clears its mask")
	scatterAddLanes(f, "D", p, v, "Y4", es, func() {
		idxLoad("K3")
		f.i("VPCMPUD $2, Y30, Y4, K3, K1")
	})
	f.label("dup")
	f.c("the block's entries R12..BX-1 (BX = min(R12+8, hi)) one at a time, in order")
	f.i("LEAQ 8(R12), BX")
	f.i("CMPQ BX, R13")
	f.i("CMOVQHI R13, BX")
	f.label("dup1")
	f.i("CMPQ R12, BX")
	f.i("JAE dupend")
	scatterAddNarrowEntry(f, s, es, iw, 0, "dupskip")
	f.i("INCQ R12")
	f.i("JMP dup1")
	f.label("dupend")
	f.i("MOVQ R13, R14")
	f.i("SUBQ R12, R14")
	f.i("JMP by8")
	scatterAddEnd(f)
}

func init() { decls = append(decls, scatterAddNarrowDecls()...) }

// scatterAddNarrowDecls declares the eight kernels, the first with the doc
// the others point to.
func scatterAddNarrowDecls() []decl {
	var ds []decl
	first := "ScatterAddNarrowF32U16AVX2"
	for _, isa := range []string{"AVX2", "AVX512"} {
		for _, t := range scatterAddNarrowTypes {
			name := "ScatterAddNarrow" + t.name + isa
			vt := map[int]string{4: "float32", 8: "float64"}[t.es]
			it := map[int]string{2: "uint16", 4: "uint32"}[t.iw]
			sig := fmt.Sprintf("(y, x []%[1]s, ptr []uint32, idx []%[2]s, vals []%[1]s, alpha %[1]s)", vt, it)
			doc := fmt.Sprintf("%s is the %s %s-index %s form of ScatterAddNarrow: see %s.", name, vt, it, isa, first)
			if name == first {
				doc = name + ` and the other ScatterAddNarrow kernels are the
ScatterAdd kernels (see ScatterAddF64AVX2) on 32-bit row pointers and 16-
or 32-bit indices: the same loop, clamping, skipping and assumptions. The
AVX-512 kernels gather 8 y values, add and scatter them back when the
block's 8 indices increase lane to lane (a validated matrix's are
strictly increasing), and run any other block one entry at a time, so
that they match the loop on any data.`
			}
			ds = append(ds, decl{"scatteraddnarrow", name, sig, doc})
		}
	}
	return ds
}
