package main

import "fmt"

// qspmvnarrowblockavx2_amd64.s: the AVX2 twins of the kernels of
// qspmvnarrowblock.go, on 8-lane vectors: the row loop of the AVX2 narrow
// int8 kernel (x gathered under the mask of the indices in range) with
// the codes decoded as the AVX2 fused kernels of qfused.go decode them and
// scaled by block.

// qnb2Kernel is one AVX2 kernel: its kind and index width.
type qnb2Kernel struct {
	name string
	k    qnbKind
	iw   int // index size in bytes: 2 or 4
	f    *asmFile
}

func qnb2Kernels() []*qnb2Kernel {
	var ks []*qnb2Kernel
	qnbEach("AVX2", func(name string, k qnbKind, iw int) {
		ks = append(ks, &qnb2Kernel{name: name, k: k, iw: iw})
	})
	return ks
}

func (q *qnb2Kernel) l(s string) string { return "qnb2" + q.name[len("QSpMVNarrow"):] + s }

// loadScale broadcasts the scale at BX into Y4 (mx: E8M0, built from the
// exponent's bits, exponent 0 as 2^-127). It clobbers R8 and R14.
func (q *qnb2Kernel) loadScale() {
	f := q.f
	if !q.k.mx {
		f.i("VBROADCASTSS (BX), Y4")
		return
	}
	e8m0Bits(f, "R8", "R14")
	f.i("VMOVD R8, X4")
	f.i("VPBROADCASTD X4, Y4")
}

// blockScale sets Y9 to the scales of the 8 values from R12+off on: Y4,
// with the next block's scale in the lanes from R15 on when the block
// ends among them, and takes 8 from R15 (the values left in the block).
func (q *qnb2Kernel) blockScale(tag string) {
	f := q.f
	keep := func() { f.i("VMOVAPS Y4, Y9") }
	qnbBlockScale(f, q.k, q.l, tag, 8, keep, q.loadScale, func() {
		f.i("MOVQ R15, R14")
		f.i("NEGQ R14")
		f.i("LEAQ qnb2split<>+64(SB), R8")
		f.i("VMOVDQU (R8)(R14*4), Y10 // lanes from R15 on")
		f.i("VBLENDVPS Y10, Y4, Y9, Y9")
	}, keep)
}

// block is 8 entries at R12+off into accumulator acc (its labels tagged
// tag): the in-range lanes of their indices, their values decoded and
// scaled (+0 outside those lanes), x gathered under that mask.
func (q *qnb2Kernel) block(off int, acc, tag string) {
	f := q.f
	q.blockScale(tag)
	if q.iw == 2 {
		f.i("VPMOVZXWD %d(R9)(R12*2), Y5", 2*off)
	} else {
		f.i("VMOVDQU %d(R9)(R12*4), Y5", 4*off)
	}
	f.i("VPMINUD Y5, Y15, Y6")
	f.i("VPCMPEQD Y5, Y6, Y6 // lanes whose index <= maxIndex")
	qnbCodes(f, q.k, off, 8, "Y7", "X7", "VMOVD", func() {
		f.i("VPSHUFB (CX), X7, X7 // byte i: code byte (p+i)/2")
		f.i("VPMOVZXBD X7, Y7")
		f.i("VPSRLVD 16(CX), Y7, Y7")
		nibLookupAVX2(f, "Y7", "Y10", "Y11")
	})
	f.i("VMULPS Y9, Y7, Y7 // value = code's value * scale")
	f.i("VPAND Y7, Y6, Y7 // +0 out of range")
	f.i("VXORPS Y8, Y8, Y8")
	f.i("VGATHERDPS Y6, (SI)(Y5*4), Y8")
	f.i("VFMADD231PS Y7, Y8, %s", acc)
}

// scalar is the checked loop over entries R12..R13-1 into X14, then a
// jump to sum.
func (q *qnb2Kernel) scalar() {
	qnbScalar(q.f, q.k, q.iw, q.l, "X7", "X4", q.loadScale, func() {
		q.f.i("ANDL $15, R14")
		q.f.i("MOVQ table_base+128(FP), CX")
		q.f.i("VMOVSS (CX)(R14*4), X7")
	})
}

// emit writes the kernel.
func (q *qnb2Kernel) emit() {
	f := q.f
	firstOff, _, _, aOff := q.k.args()
	qnbHead(f, q.name, "AVX, AVX2, FMA3", q.k)
	if q.k.nib {
		f.i("VMOVUPS (R8), Y12")
		f.i("VMOVUPS 32(R8), Y13")
	}
	f.maxIndex(q.iw, false)
	qnbRowStart(f, q.k, q.l, "VXORPS", "Y", q.loadScale)
	if q.k.nib {
		qnbPhase(f, q.k, "CX: the nibble steering of the row's phase", "CX", 6, "qnb2nib")
		f.i("ADDQ R8, CX")
	}
	qnbLoopHead(f, q.l, "by4", "R8", 32, "by1")
	f.i("PREFETCHT0 %d(R9)(R12*%d)", 256*q.iw, q.iw)
	f.i("MOVQ first+%d(FP), R14", firstOff)
	f.i("ADDQ R12, R14")
	if q.k.nib {
		f.i("SHRQ $1, R14")
		f.i("PREFETCHT0 128(R11)(R14*1)")
	} else {
		f.i("PREFETCHT0 256(R11)(R14*1)")
	}
	for n := range 4 {
		q.block(8*n, fmt.Sprintf("Y%d", n), fmt.Sprint(n))
	}
	f.i("ADDQ $32, R12")
	f.i("JMP %sby4", q.l(""))
	qnbLoopHead(f, q.l, "by1", "R8", 8, "tail")
	q.block(0, "Y0", "one")
	f.i("ADDQ $8, R12")
	f.i("JMP %sby1", q.l(""))
	q.scalar()
	qnbSum(f, q.k, q.l, false, fmt.Sprintf("alpha+%d(FP)", aOff), "X1", true)
}

// qspmvNarrowBlockAVX2File is qspmvnarrowblockavx2_amd64.s. Its doc's row
// loop is the deliberate twin of qspmvNarrowBlockFile's, on 8 lanes.
func qspmvNarrowBlockAVX2File() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(`The AVX2 kernels of QSpMVNarrowBlock (see qspmvnarrowblock_amd64.s for
the AVX-512 ones and the values they read): 32-bit row pointers, 16- or
32-bit column indices, quantized values by block, each value one float32
product rounded once, as quant.Values.At computes it:

	for i := range y {
		lo, hi := clamp(ptr[i], ptr[i+1], len(col))   // inverted: empty
		p := first+lo, or spos[i] when spos is given
		BX, R15 := block of p, its values from there on   // DIVQ
		for ; lo+32 <= hi; lo += 32 {                 // 4 blocks of 8 entries a pass
			for n := range 4 {
				scale := Y4, the next block's blended in from lane R15 on
				c := zero-extend col[lo+8n : lo+8n+8]       // 32-bit lanes
				m := c <= maxIndex                          // unsigned; maxIndex = min(len(x), 2^16 or 2^32)-1
				acc_n += (m ? value*scale : +0) * (m ? gather x[c] : +0)
			}
		}
		8 entries at a time while 8 remain; then one at a time, checked
		y[i] = alpha*(hsum(acc0+acc1+acc2+acc3) + tail) + (beta != +0 ? beta*y[i] : 0)
	}

4-bit codes: a block reads the 4 or 5 code bytes p/2 .. (p+7)/2, steers
byte (p+i)/2 to lane i (VPSHUFB) and shifts it right by 4*((p+i)&1)
(qnb2nib, by the phase p&1, which 8 entries a step keep for the whole
row); two VPERMPS look the low 3 bits up in the table's halves and the
nibble's bit 3 picks one. The last entries of a row run one at a time,
so no step reads a code byte past the row's last value.

Registers by role:
	DI y base       SI x base        DX ptr base      R9 col base
	R10 len(col)    R11 codes base   BX the block's scale   AX row i
	R12 entry k     R13 row end      R15 values left in the block at k
	CX the row's nibble steering (the tail: a nibble's shift, the table)
	R8 a checked entry's index, scratch; R14 scratch
	Y15 maxIndex in every 32-bit lane; Y12, Y13 the table's halves; Y4
	the block's scale; Y0..Y3 accumulators; X14 the row's scalar sum
	a block: Y5 indices, Y6 in-range lanes (the gather clears them), Y7
	values, Y8 x, Y9 scales, Y10 and Y11 scratch

Assumes len(ptr) == len(y)+1, b >= 16, len(x) > 0, beta == +0 for "do not
read y", codes for values first..first+len(col)-1 and a scale for each of
their blocks (the Go side checks all of it). No index or ptr value can make
it read outside the slices.`)
	for _, k := range qnb2Kernels() {
		k.f = f
		k.emit()
	}
	f.blank()
	f.doc(`qnb2nib: per phase p of the first value (0 even, 1 odd), at 64p, the 16
bytes (p+i)/2 (lane i's byte among the block's code bytes), then 8 dwords
4*((p+i)&1) (lane i's shift).`)
	nib8Data(f, "qnb2nib")
	f.blank()
	f.doc(`qnb2split: 16 zero dwords, then 16 of all ones: the 8 dwords at
4*(16-m) select the lanes from m on.`)
	splitData(f, "qnb2split")
	return f.String()
}

func init() { decls = append(decls, qnb2Decls()...) }

// qnb2Decls are the kernels' declarations.
func qnb2Decls() []decl {
	var ds []decl
	for _, k := range qnb2Kernels() {
		it := map[int]string{2: "uint16", 4: "uint32"}[k.iw]
		twin := k.name[:len(k.name)-len("AVX2")] + "AVX512"
		doc := fmt.Sprintf(`%s is %s on 8-lane vectors, with its
contract; see qspmvnarrowblockavx2_amd64.s.
Requires: AVX, AVX2, FMA3.`, k.name, twin)
		ds = append(ds, decl{"qspmvnarrowblockavx2", k.name, k.k.sig(it), doc})
	}
	return ds
}
