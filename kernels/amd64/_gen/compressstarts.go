package main

// compressstarts_amd64.s: CompressStartsAVX512, CompressStartsAVX2, the
// node starts of a sorted run of packed CSF keys written out (starts.go
// holds what they share with countstarts).

// The offsets of the fields of startsTables (package amd64's
// compressstarts_amd64.go checks them), which the compress kernels address
// from one base register.
const (
	startsPrefix = 0
	startsPerm   = 2048
	startsFrom   = 4096
)

func compressStartsFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(startsDoc + `

Compress: per group of lanes, the start masks m (this level) and m1 (the
level below); crd values (k >> shift) & mask; pos values c plus the number
of m1 bits below each lane (a table indexed by m1: startsTables.prefix);
the lanes of m are packed to the front of a register and stored; c +=
popcount(m1). The kernels write crd and pos exactly up to the n they
return (callers hand them the rest of a level that another goroutine
fills further on), never past it:

  AVX-512, 8 lanes: VPCOMPRESSQ into a register (its memory form is slow
  on AMD), then a store masked to the popcount(m) packed lanes. (An
  unmasked store, which would write past n, is no faster.)

  AVX2, 4 lanes: no compress, and no masked store known to be fast on
  AMD (VPMASKMOVQ stores were not tried), so the packed nodes gather in a
  pending register pair (crd, pos) holding p nodes, p < 4: one VPERMD
  from a table indexed by (m, p) packs the group's nodes and rotates them
  up by p lanes (R), and VPBLENDVB puts lanes p..3 of R after the pending
  ones. When that fills the vector (p + cnt >= 4) it is stored whole and
  R, whose low lanes hold the nodes that did not fit, becomes the pending
  pair; else the blend does. The last p nodes are stored one by one at the
  end. (The branch on a full vector is faster than a branch-free form that
  sends the other stores to a scratch slot by CMOV, even at 50% starts.)

  Both skip a group without a start at the level after counting its m1
  bits: high levels start few nodes (a branch well predicted there).

A group is taken only while a whole group of keys is left and crd and pos
have room for a whole group of nodes; the Go glue finishes the rest.`)

	f.text("CompressStartsAVX512", 0, "AVX512F, AVX512DQ, BMI2, POPCNT", `Registers: SI &keys[i-1] (the key before the group), R9 where the groups
end, R14 &keys[0] (for done); DI &crd[0], DX &pos[0], R11 n, R8 room-8;
R10 c, R12 &startsTables, R13 0xff; Z31 LIMIT, Z30 LIMIT1, Z29 MASK,
X28 SHIFT; K1 m, K2 m1, K3 the packed lanes.`)
	f.i("MOVQ crd_base+0(FP), DI")
	f.i("MOVQ crd_len+8(FP), R8")
	f.i("MOVQ pos_base+24(FP), DX")
	f.i("MOVQ pos_len+32(FP), AX")
	room(f, 8)
	f.i("MOVQ keys_base+48(FP), SI")
	f.i("MOVQ SI, R14")
	f.i("MOVQ keys_len+56(FP), CX")
	wholePairs(f, 8)
	f.i("LEAQ (SI)(CX*8), R9 // the groups end where SI reaches R9")
	f.i("VPBROADCASTQ limit+72(FP), Z31")
	f.i("VPBROADCASTQ limit1+80(FP), Z30")
	f.i("VPBROADCASTQ mask+96(FP), Z29")
	f.i("VMOVQ shift+88(FP), X28")
	f.i("MOVQ c+104(FP), R10")
	f.i("XORQ R11, R11")
	f.i("LEAQ ·startsTables(SB), R12")
	f.i("MOVL $0xff, R13")
	f.label("loop")
	f.c("for a whole group left and room for 8 nodes")
	nextGroup(f, "done")
	f.blank()
	f.c("k := keys[i:i+8]; x := k ^ keys[i-1:i+7]; m := x > LIMIT; m1 := x > LIMIT1")
	f.i("VMOVDQU64 8(SI), Z0")
	f.i("VPXORQ (SI), Z0, Z1")
	f.i("VPCMPUQ $6, Z31, Z1, K1")
	f.i("VPCMPUQ $6, Z30, Z1, K2")
	f.blank()
	f.c("posv := c + prefix[m1]; c += popcount(m1)")
	f.i("KMOVB K2, AX")
	f.i("VPMOVZXBQ %d(R12)(AX*8), Z2", startsPrefix)
	f.i("VPBROADCASTQ R10, Z3")
	f.i("VPADDQ Z3, Z2, Z2")
	f.i("POPCNTL AX, AX")
	f.i("ADDQ AX, R10")
	f.blank()
	f.c("no node at the level: next group")
	f.i("KORTESTB K1, K1")
	f.i("JZ next")
	f.blank()
	f.c("crdv := k >> SHIFT & MASK")
	f.i("VPSRLQ X28, Z0, Z0")
	f.i("VPANDQ Z29, Z0, Z0")
	f.blank()
	f.c("pack the m lanes of crdv and posv to the front; store those")
	f.c("cnt = popcount(m) lanes at crd[n:], pos[n:]; n += cnt")
	f.i("VPCOMPRESSQ Z0, K1, Z0")
	f.i("VPCOMPRESSQ Z2, K1, Z2")
	f.i("KMOVB K1, AX")
	f.i("POPCNTL AX, AX")
	f.i("BZHIL AX, R13, BX")
	f.i("KMOVB BX, K3")
	f.i("VMOVDQU64 Z0, K3, (DI)(R11*8)")
	f.i("VMOVDQU64 Z2, K3, (DX)(R11*8)")
	f.i("ADDQ AX, R11")
	f.label("next")
	f.i("ADDQ $64, SI")
	f.i("JMP loop")
	f.label("done")
	f.c("return n, c, (SI - &keys[0]) / 8")
	f.i("MOVQ R11, n+112(FP)")
	f.i("MOVQ R10, next+120(FP)")
	f.i("SUBQ R14, SI")
	compressReturn(f)

	f.text("CompressStartsAVX2", 0, "AVX, AVX2, BMI2, POPCNT", `Registers: SI &keys[i-1] (the key before the group), R9 where the groups
end, R8 room-4; DI &crd[n-p], DX &pos[n-p] (where the pending nodes go),
R11 n, BX p, R10 c, R12 &startsTables; Y15 SIGN,
Y14 LIMIT^SIGN, Y13 LIMIT1^SIGN, Y12 MASK, X11 SHIFT; Y10 and Y9 the
pending crd and pos nodes (lanes 0..p-1).`)
	f.i("MOVQ crd_base+0(FP), DI")
	f.i("MOVQ crd_len+8(FP), R8")
	f.i("MOVQ pos_base+24(FP), DX")
	f.i("MOVQ pos_len+32(FP), AX")
	room(f, 4)
	f.i("MOVQ keys_base+48(FP), SI")
	f.i("MOVQ keys_len+56(FP), CX")
	wholePairs(f, 4)
	f.i("LEAQ (SI)(CX*8), R9 // the groups end where SI reaches R9")
	f.i("MOVQ $0x8000000000000000, AX")
	broadcastAVX2(f, "AX", 15, "")
	f.i("VPBROADCASTQ limit+72(FP), Y14")
	f.i("VPXOR Y15, Y14, Y14")
	f.i("VPBROADCASTQ limit1+80(FP), Y13")
	f.i("VPXOR Y15, Y13, Y13")
	f.i("VPBROADCASTQ mask+96(FP), Y12")
	f.i("VMOVQ shift+88(FP), X11")
	f.i("MOVQ c+104(FP), R10")
	f.i("XORQ R11, R11")
	f.i("XORQ BX, BX")
	f.i("LEAQ ·startsTables(SB), R12")
	f.label("loop")
	f.c("for a whole group left and room for 4 nodes")
	nextGroup(f, "flush")
	f.blank()
	f.c("k := keys[i:i+4]; x := k ^ keys[i-1:i+3]; m := x > LIMIT; m1 := x > LIMIT1")
	f.i("VMOVDQU 8(SI), Y0")
	f.i("VPXOR (SI), Y0, Y1")
	f.i("VPXOR Y15, Y1, Y1")
	f.i("VPCMPGTQ Y14, Y1, Y2")
	f.i("VPCMPGTQ Y13, Y1, Y3")
	f.i("VMOVMSKPD Y2, AX")
	f.i("VMOVMSKPD Y3, CX")
	f.blank()
	f.c("posv := c + prefix[m1]; c += popcount(m1)")
	f.i("VPMOVZXBQ %d(R12)(CX*8), Y4", startsPrefix)
	f.i("VMOVQ R10, X5")
	f.i("VPBROADCASTQ X5, Y5")
	f.i("VPADDQ Y5, Y4, Y4")
	f.i("POPCNTL CX, CX")
	f.i("ADDQ CX, R10")
	f.blank()
	f.c("no node at the level: next group")
	f.i("TESTQ AX, AX")
	f.i("JZ next")
	f.blank()
	f.c("crdv := k >> SHIFT & MASK")
	f.i("VPSRLQ X11, Y0, Y0")
	f.i("VPAND Y12, Y0, Y0")
	f.blank()
	f.c("R := the m lanes packed and rotated up by p (perm[m*4+p])")
	f.i("LEAQ (BX)(AX*4), CX")
	f.i("SHLQ $5, CX")
	f.i("VMOVDQU %d(R12)(CX*1), Y6", startsPerm)
	f.i("VPERMD Y0, Y6, Y0")
	f.i("VPERMD Y4, Y6, Y4")
	f.blank()
	f.c("merged := pending lanes 0..p-1, R's lanes p..3 (from[p])")
	f.i("MOVQ BX, CX")
	f.i("SHLQ $5, CX")
	f.i("VMOVDQU %d(R12)(CX*1), Y7", startsFrom)
	f.i("VPBLENDVB Y7, Y0, Y10, Y1")
	f.i("VPBLENDVB Y7, Y4, Y9, Y2")
	f.blank()
	f.c("n += cnt; t := p + cnt; p = t %% 4")
	f.i("POPCNTL AX, AX")
	f.i("ADDQ AX, R11")
	f.i("ADDQ BX, AX")
	f.i("MOVQ AX, BX")
	f.i("ANDQ $3, BX")
	f.i("CMPQ AX, $4")
	f.i("JLT pending")
	f.blank()
	f.c("t >= 4: merged is a whole vector of nodes: store it; R's low lanes")
	f.c("hold the nodes that did not fit, the new pending ones")
	f.i("VMOVDQU Y1, (DI)")
	f.i("VMOVDQU Y2, (DX)")
	f.i("ADDQ $32, DI")
	f.i("ADDQ $32, DX")
	f.i("VMOVDQA Y0, Y10")
	f.i("VMOVDQA Y4, Y9")
	f.i("JMP next")
	f.label("pending")
	f.c("t < 4: merged holds all the pending nodes")
	f.i("VMOVDQA Y1, Y10")
	f.i("VMOVDQA Y2, Y9")
	f.label("next")
	f.i("ADDQ $32, SI")
	f.i("JMP loop")
	f.label("flush")
	f.c("store the p pending nodes one by one")
	f.i("TESTQ BX, BX")
	f.i("JZ done")
	f.i("VMOVQ X10, (DI)")
	f.i("VMOVQ X9, (DX)")
	f.i("CMPQ BX, $1")
	f.i("JEQ done")
	f.i("VPEXTRQ $1, X10, 8(DI)")
	f.i("VPEXTRQ $1, X9, 8(DX)")
	f.i("CMPQ BX, $2")
	f.i("JEQ done")
	f.i("VEXTRACTI128 $1, Y10, X10")
	f.i("VEXTRACTI128 $1, Y9, X9")
	f.i("VMOVQ X10, 16(DI)")
	f.i("VMOVQ X9, 16(DX)")
	f.label("done")
	f.c("return n, c, (SI - &keys[0]) / 8")
	f.i("MOVQ R11, n+112(FP)")
	f.i("MOVQ R10, next+120(FP)")
	f.i("MOVQ keys_base+48(FP), AX")
	f.i("SUBQ AX, SI")
	compressReturn(f)
	return f.String()
}

// room turns len(crd) in R8 and len(pos) in AX into the largest n at which
// w more nodes fit: R8 = min(len(crd), len(pos)) - w.
func room(f *asmFile, w int) {
	f.i("CMPQ AX, R8")
	f.i("CMOVQLT AX, R8")
	f.i("SUBQ $%d, R8 // a group fits while n <= R8", w)
}

// nextGroup leaves the group loop for exit unless a whole group of keys is
// left (SI below R9) and its nodes fit (n in R11 at most R8).
func nextGroup(f *asmFile, exit string) {
	f.i("CMPQ SI, R9")
	f.i("JAE %s", exit)
	f.i("CMPQ R11, R8")
	f.i("JGT %s", exit)
}

// compressReturn stores done, the pairs gone through (SI - &keys[0], in
// bytes, over 8), and returns.
func compressReturn(f *asmFile) {
	f.i("SHRQ $3, SI")
	f.i("MOVQ SI, done+128(FP)")
	vzeroRet(f)
}
