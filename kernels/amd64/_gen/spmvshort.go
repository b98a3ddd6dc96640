package main

import (
	"fmt"
	"strings"
)

// spmvshort_amd64.s: SpMV on a compressed matrix whose rows hold a few
// entries each (32-bit row pointers, 16- or 32-bit column indices, float32
// or float64 values), where the cost is the work per row, not the bytes
// per entry.
//
// What the kernels do, and why:
//   - The row loop is rotated: a row's first entry is where the previous
//     row stopped, so a row loads one pointer (its end), clamps it to
//     len(col) with a CMOV and never reads ptr[i] again. The row count and
//     len(x) stay in registers.
//   - No alpha, no beta: a row's sum is stored as it is (the Go side scales
//     y by alpha in a separate pass when alpha != 1), so the store is one
//     instruction and never branches.
//   - Scalar FMA on VEX registers: at 2-16 entries a row, the set-up and
//     horizontal sum of a vector (or a gather) cost more than the entries.
//   - One, two or four partial sums (sums): entry k of a row goes to sum
//     k mod sums while a whole group of sums entries remains, the rest to
//     sum 0; rows of 8 and more entries overlap their FMA chains in two or
//     four sums, rows of a few entries take one and no group set-up.
//   - An index not below len(x) is skipped by a branch that a valid
//     matrix never takes.
// Rejected: a negative count to zero per row (one compare fewer per entry,
// two address computations more per row: no gain at 2-7 entries a row).
// Rejected: an AVX-512 row under a lane mask (masked index and value loads,
// one masked gather, a tree of the lanes; no branch on the row's length):
// on AMD EPYC with AVX-512 a gather of 8 lanes costs more than the scalar
// loads of a row of 4-11 entries, and a gather of 16 lanes more still.
// Rejected: AVX-512 rows side by side, one a lane (a group of 16 float32
// rows whose entries fit in a window of 64; the window's indices and
// values in contiguous masked loads, one permute of x and one of the
// values to the rows' lanes a step, a masked FMA a step; bit for bit the
// scalar sums). Without reading x that work runs at about twice the
// scalar kernels' speed, but every way of bringing x to the window costs
// more than it saves: one gather a vector of entries (on AMD EPYC Zen 5 a
// 16-lane gather of scattered x costs about three scalar loads a lane);
// x from a contiguous window around the group's middle index, the entries
// outside it (a fifth of a road network's) patched in through the stack;
// every entry's x loaded scalar into the stack and read back as vectors.
// Rejected: a group's indices and values in one load each, split in
// registers (one load an entry instead of three): no gain, the kernels are
// not bound by their loads at these row lengths.
// Rejected: four sums with the last entries of a row spread over them (a
// shorter FMA chain a row): no gain over two sums on rows of 2-11 entries.

// shortKernel holds what one short-row SpMV function's code depends on.
type shortKernel struct {
	name string
	es   int // value size in bytes: 4 or 8
	iw   int // index size in bytes: 2 or 4
	sums int // partial sums: 1, 2 or 4
	f    *asmFile
}

func (k *shortKernel) l(s string) string { return strings.ToLower(k.name) + s }

// sd is the scalar suffix of the value type.
func (k *shortKernel) sd() string {
	if k.es == 8 {
		return "SD"
	}
	return "SS"
}

// entry emits entry R12+j into accumulator Xacc: its index into R8,
// skipped (to label skip) unless below len(x) (BX), its value into
// X(4+acc).
func (k *shortKernel) entry(j, acc int, skip string) {
	f := k.f
	if k.iw == 2 {
		f.i("MOVWQZX %s(R9)(R12*2), R8", disp(2*j))
	} else {
		f.i("MOVL %s(R9)(R12*4), R8", disp(4*j))
	}
	f.i("CMPQ R8, BX")
	f.i("JAE %s", skip)
	f.i("VMOV%s %s(R11)(R12*%d), X%d", k.sd(), disp(k.es*j), k.es, 4+acc)
	f.i("VFMADD231%s (SI)(R8*%d), X%d, X%d", k.sd(), k.es, 4+acc, acc)
	f.label(skip)
}

// emit writes the function.
func (k *shortKernel) emit() {
	f, sd := k.f, k.sd()
	f.text(k.name, 0, "AVX, FMA3", "")
	f.i("MOVQ y_base+0(FP), DI")
	f.i("MOVQ y_len+8(FP), R14")
	f.i("MOVQ x_base+24(FP), SI")
	f.i("MOVQ x_len+32(FP), BX")
	f.i("MOVQ ptr_base+48(FP), DX")
	f.i("MOVQ col_base+72(FP), R9")
	f.i("MOVQ vals_base+96(FP), R11")
	f.i("MOVQ col_len+80(FP), R10")
	f.i("XORQ AX, AX")
	f.c("k = min(k, len(col)), unsigned")
	f.i("MOVQ k+120(FP), R12")
	f.i("CMPQ R12, R10")
	f.i("CMOVQHI R10, R12")
	f.i("TESTQ R14, R14")
	f.i("JEQ %sdone", k.l(""))
	f.label(k.l("row"))
	f.c("end = min(ptr[i+1], len(col))")
	f.i("MOVL 4(DX)(AX*4), R13")
	f.i("CMPQ R13, R10")
	f.i("CMOVQHI R10, R13")
	for a := range k.sums {
		f.i("VXORPS X%d, X%d, X%d", a, a, a)
	}
	if k.sums > 1 {
		f.c("groups of %d entries, entry j into sum j", k.sums)
		f.i("LEAQ %d(R12), CX", k.sums)
		f.i("CMPQ CX, R13")
		f.i("JA %stail", k.l(""))
		f.label(k.l("group"))
		for j := range k.sums {
			k.entry(j, j, k.l(fmt.Sprintf("skip%d", j)))
		}
		f.i("MOVQ CX, R12")
		f.i("LEAQ %d(R12), CX", k.sums)
		f.i("CMPQ CX, R13")
		f.i("JBE %sgroup", k.l(""))
		f.label(k.l("tail"))
	}
	f.c("the rest one at a time into sum 0")
	f.i("CMPQ R12, R13")
	f.i("JAE %ssum", k.l(""))
	f.label(k.l("one"))
	k.entry(0, 0, k.l("skip"))
	f.i("INCQ R12")
	f.i("CMPQ R12, R13")
	f.i("JB %sone", k.l(""))
	f.label(k.l("sum"))
	switch k.sums {
	case 2:
		f.i("VADD%s X1, X0, X0", sd)
	case 4:
		f.i("VADD%s X1, X0, X0", sd)
		f.i("VADD%s X3, X2, X2", sd)
		f.i("VADD%s X2, X0, X0", sd)
	}
	f.i("VMOV%s X0, (DI)(AX*%d)", sd, k.es)
	f.i("INCQ AX")
	f.i("CMPQ AX, R14")
	f.i("JB %srow", k.l(""))
	f.label(k.l("done"))
	f.i("MOVQ R12, ret+128(FP)")
	vzeroRet(f)
}

// spmvShortKernels are the kernels of the family.
func spmvShortKernels() []*shortKernel {
	var ks []*shortKernel
	for _, es := range []int{4, 8} {
		for _, iw := range []int{2, 4} {
			for _, s := range []int{1, 2, 4} {
				ks = append(ks, &shortKernel{name: shortName(es, iw, s), es: es, iw: iw, sums: s})
			}
		}
	}
	return ks
}

// shortName is the name of a kernel: SpMVShortF32U16AVX2,
// SpMVShort2F32U16AVX2, SpMVShort4F32U16AVX2 and so on.
func shortName(es, iw, sums int) string {
	s := ""
	if sums > 1 {
		s = fmt.Sprint(sums)
	}
	return fmt.Sprintf("SpMVShort%sF%dU%dAVX2", s, 8*es, 8*iw)
}

// spmvShortFile is spmvshort_amd64.s.
func spmvShortFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(`SpMV on 32-bit row pointers and 16- or 32-bit column indices for rows of
a few entries, the row loop rotated, no alpha or beta:

	k = min(k, len(col))                  // unsigned
	for i := range y {
		end := min(ptr[i+1], len(col))
		s0..s(S-1) := +0                  // S = 1, 2 or 4 partial sums
		for ; k+S <= end; k += S {        // S > 1 only
			for j := range S {
				if col[k+j] < len(x) { sj += vals[k+j] * x[col[k+j]] }   // FMA
			}
		}
		for ; k < end; k++ {
			if col[k] < len(x) { s0 += vals[k] * x[col[k]] }            // FMA
		}
		y[i] = (s0 + s1) + (s2 + s3)      // S = 4; S = 2: s0 + s1
	}
	return k

Called with k = ptr[0] on a non-decreasing ptr whose last value is at most
len(col), row i is entries ptr[i]..ptr[i+1]-1. On any other ptr, k never
decreases and stays at most len(col): a row that ends before k is empty.
The result is where the next row would start: a caller that splits the
rows passes it to the next call.

Registers by role:
	DI y base       SI x base        DX ptr base      R9 col base
	R10 len(col)    R11 vals base    BX len(x)        R14 len(y)
	AX row i        R12 entry k      R13 row end      CX k+S
	R8 an entry's index
	X0..X3 the partial sums, X4..X7 an entry's value

Assumes len(ptr) == len(y)+1 and len(vals) == len(col); reads ptr[1:]
only. No index, ptr or k value can make it read outside the slices.`)
	for _, k := range spmvShortKernels() {
		k.f = f
		k.emit()
	}
	return f.String()
}

func init() { decls = append(decls, spmvShortDecls()...) }

// spmvShortDecls are the declarations of the family's kernels.
func spmvShortDecls() []decl {
	var ds []decl
	for _, k := range spmvShortKernels() {
		it := map[int]string{2: "uint16", 4: "uint32"}[k.iw]
		tn := map[int]string{4: "float32", 8: "float64"}[k.es]
		how := "one sum a row"
		if k.sums > 1 {
			how = fmt.Sprintf("%d partial sums a row (entry k of a group of %d into sum k,\nthe rest into sum 0, added in pairs at the end)", k.sums, k.sums)
		}
		ds = append(ds, decl{"spmvshort", k.name, fmt.Sprintf("(y, x []%s, ptr []uint32, col []%s, vals []%s, k int) int", tn, it, tn),
			fmt.Sprintf(`%s computes y = A x on 32-bit row pointers and %s column
indices for rows of a few entries, with %s:

	k = min(k, len(col))
	for i := range y {
		end := min(ptr[i+1], len(col))
		s := 0 // over k..end-1, col[k] < len(x)
		s += vals[k] * x[col[k]]
		y[i] = s
	}
	return k // max(k, the last end)

Called with k = ptr[0] on a non-decreasing ptr, row i is entries
ptr[i]..ptr[i+1]-1; any other ptr or k gives other sums, never a read
out of bounds. It needs len(ptr) == len(y)+1 and len(vals) == len(col);
see spmvshort_amd64.s (generated by _gen/spmvshort.go).
Requires: AVX, FMA3.`, k.name, it, how)})
	}
	return ds
}
