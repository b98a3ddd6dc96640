package main

import "fmt"

// exclusivescan_amd64.s: ExclusiveScanAVX2, ExclusiveScanAVX512.

func exclusiveScanFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(`Exclusive prefix sum, in-register (Hillis-Steele) within a vector:
  AVX2, 4 lanes: t1 = x shifted up one lane (VPERMQ + VPBLENDD with zero),
  x1 = x + t1, t2 = x1 shifted up two lanes; exclusive = t1 + t2 and
  inclusive = x1 + t2.
  AVX-512, 8 lanes: shifts of 1, 2, 4 lanes by VALIGNQ against a zero
  vector; exclusive = inclusive - x.
The running carry is a broadcast vector; each block adds it and then adds
the block total (VPERMQ broadcast of the last inclusive lane). A step takes
two blocks, each instruction of block 0 followed by its twin for block 1
(registers 5 up), so that the two dependency chains overlap. Each block is
loaded before it is stored, so dst == src works.`)

	// ExclusiveScanAVX2 and ExclusiveScanAVX512 below are twins of the
	// same shape: the two blocks' scans differ in their instructions.
	f.text("ExclusiveScanAVX2", 0, "AVX, AVX2", "")
	exclusiveScanArgs(f, 8, "Y", "VPXOR")
	f.loopHead("for n > 0 { two blocks of 4: dst = CARRY + exclusive; CARRY += total }", "done")
	f.i("VMOVDQU (SI), Y0")
	f.i("VMOVDQU 32(SI), Y5")
	y := scanPair{f, "Y"}
	y.twin("VPERMQ $0x90, %s, %s", "[x0 x0 x1 x2]", 0, 1)
	y.twin("VPBLENDD $0x03, Y15, %s, %s", "t1 = [0 x0 x1 x2]", 1, 1)
	y.twin("VPADDQ %s, %s, %s", "x1 = x + t1", 1, 0, 2)
	y.twin("VPERMQ $0x40, %s, %s", "[x1_0 x1_0 x1_0 x1_1]", 2, 3)
	y.twin("VPBLENDD $0x0f, Y15, %s, %s", "t2 = [0 0 x1_0 x1_1]", 3, 3)
	y.twin("VPADDQ %s, %s, %s", "exclusive = t1 + t2", 3, 1, 4)
	y.twin("VPADDQ %s, %s, %s", "inclusive = x1 + t2", 3, 2, 2)
	y.twin("VPERMQ $0xff, %s, %s", "total of block 0 in every lane", 2, 2)
	f.i("VPADDQ Y14, Y4, Y4 // dst0 = CARRY + exclusive0")
	f.i("VPADDQ Y2, Y14, Y14 // CARRY += total0")
	f.i("VPADDQ Y14, Y9, Y9 // dst1 = CARRY + exclusive1")
	f.i("VPADDQ Y7, Y14, Y14 // CARRY += total1")
	f.i("VMOVDQU Y4, (DI)")
	f.i("VMOVDQU Y9, 32(DI)")
	exclusiveScanNext(f, 8)

	// ExclusiveScanAVX512 is ExclusiveScanAVX2's twin of the same shape
	// (two blocks, then the carry): it scans a block by lane shifts
	// (VALIGNQ) where the AVX2 kernel permutes and blends.
	f.text("ExclusiveScanAVX512", 0, "AVX512F", "")
	exclusiveScanArgs(f, 16, "Z", "VPXORQ")
	f.i("MOVQ $7, AX")
	f.i("VPBROADCASTQ AX, Z13 // IDX7: permute index of the last lane")
	f.loopHead("for n > 0 { two blocks of 8: dst = CARRY + inclusive - x; CARRY += total }", "done")
	f.i("VMOVDQU64 (SI), Z0")
	f.i("VMOVDQU64 64(SI), Z5")
	z := scanPair{f, "Z"}
	// inclusive = x; for s := 1; s < 8; s *= 2 { inclusive += inclusive shifted up s lanes }
	z.twin("VALIGNQ $7, Z15, %s, %s", "x shifted up 1 lane", 0, 1)
	z.twin("VPADDQ %s, %s, %s", "", 1, 0, 1)
	z.twin("VALIGNQ $6, Z15, %s, %s", "shifted up 2", 1, 2)
	z.twin("VPADDQ %s, %s, %s", "", 2, 1, 1)
	z.twin("VALIGNQ $4, Z15, %s, %s", "shifted up 4", 1, 2)
	z.twin("VPADDQ %s, %s, %s", "inclusive", 2, 1, 1)
	z.twin("VPSUBQ %s, %s, %s", "exclusive = inclusive - x", 0, 1, 0)
	z.twin("VPERMQ %s, Z13, %s", "total in every lane", 1, 1)
	f.i("VPADDQ Z14, Z0, Z0 // dst0 = CARRY + exclusive0")
	f.i("VPADDQ Z1, Z14, Z14")
	f.i("VPADDQ Z14, Z5, Z5 // dst1 = CARRY + exclusive1")
	f.i("VPADDQ Z6, Z14, Z14")
	f.i("VMOVDQU64 Z0, (DI)")
	f.i("VMOVDQU64 Z5, 64(DI)")
	exclusiveScanNext(f, 16)
	return f.String()
}

// exclusiveScanArgs loads the arguments: DI dst, SI src, CX its length (a
// multiple of n), reg14 the carry in every lane and reg15 zero (xor).
func exclusiveScanArgs(f *asmFile, n int, reg, xor string) {
	f.i("MOVQ dst_base+0(FP), DI")
	f.i("MOVQ src_base+24(FP), SI")
	f.i("MOVQ src_len+32(FP), CX // a multiple of %d", n)
	f.i("VPBROADCASTQ carry+48(FP), %s14 // CARRY", reg)
	f.i("%[1]s %[2]s15, %[2]s15, %[2]s15 // ZERO", xor, reg)
}

// scanPair writes an instruction for block 0 of a step and its twin for
// block 1, whose registers are block 0's plus 5.
type scanPair struct {
	f   *asmFile
	reg string // Y or Z
}

// twin writes format with the registers regs (numbers of block 0), a
// comment on block 0's line when comment is not empty, then block 1's.
func (p scanPair) twin(format, comment string, regs ...int) {
	for b := range 2 {
		args := make([]any, len(regs))
		for i, r := range regs {
			args[i] = fmt.Sprintf("%s%d", p.reg, r+5*b)
		}
		s := fmt.Sprintf(format, args...)
		if b == 0 && comment != "" {
			s += " // " + comment
		}
		p.f.i("%s", s)
	}
}

// exclusiveScanNext steps over n elements and loops; done returns the
// carry.
func exclusiveScanNext(f *asmFile, n int) {
	f.i("ADDQ $%d, SI", 8*n)
	f.i("ADDQ $%d, DI", 8*n)
	f.i("SUBQ $%d, CX", n)
	f.i("JMP loop")
	f.label("done")
	f.i("VMOVQ X14, AX")
	f.i("MOVQ AX, ret+56(FP)")
	vzeroRet(f)
}
