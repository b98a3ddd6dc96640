package main

// strictlyincreasing_amd64.s: StrictlyIncreasingStartsAVX512,
// StrictlyIncreasingStartsAVX2, MarkStartsAVX512.

func strictlyIncreasingFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(`crd strictly increasing within each pos segment, and every entry at most
max: a descent is a pair with crd[k+1] <= crd[k]; it is allowed only where
a segment starts. The bound check rides along so that crd is read once.

The caller marks in start the pairs that begin a segment (bit k of start,
little-endian words, for the pair crd[k], crd[k+1]), so the scan needs no
merge with pos and no branch per descent. Per 32 pairs (AVX-512): four
VPCMPUQ less-or-equal masks are packed into one 32-bit word (KUNPCKBW,
KUNPCKWD), four VPCMPUQ greater-than-max masks into another, the 32 start
bits are loaded from byte k/8 (k is a multiple of 32), and
(descent &^ start) | above != 0 ends the scan; TZCNT gives the first k.
AVX2 does the same for 16 pairs with signed compares in the sign-flipped
domain and VMOVMSKPD. crd[0] is never a second entry: the caller checks it.`)

	f.text("StrictlyIncreasingStartsAVX512", 0, "AVX512F, AVX512BW, BMI1", "")
	f.i("MOVQ crd_base+0(FP), SI // SI = &crd[0]")
	f.i("MOVQ start_base+24(FP), DI // DI = &start[0]")
	f.i("MOVQ n+48(FP), CX // CX = n, a multiple of 32")
	f.i("VPBROADCASTQ max+56(FP), Z31 // MAX")
	f.i("XORQ AX, AX // AX = k")
	f.label("loop")
	f.c("for k < n { desc = bits of crd[k+j+1] <= crd[k+j]; above = bits of crd[k+j+1] > max; j < 32 }")
	f.i("CMPQ AX, CX")
	f.i("JGE none")
	for v := range 4 {
		f.i("VMOVDQU64 %d(SI)(AX*8), Z%d", 64*v+8, v)
	}
	for v := range 4 {
		f.i("VPCMPUQ $2, %s(SI)(AX*8), Z%d, K%d", disp(64*v), v, v+1)
	}
	strictlyPack32(f, "DX", "DX = descents", true)
	for v := range 4 {
		f.i("VPCMPUQ $6, Z31, Z%d, K%d", v, v+1)
	}
	strictlyPack32(f, "R9", "R9 = above max", false)
	f.blank()
	f.c("bad = desc &^ start[k/32 as uint32] | above")
	f.i("MOVQ AX, BX")
	f.i("SHRQ $3, BX")
	f.i("MOVL (DI)(BX*1), R8")
	strictlyBad(f, "R9", 32)

	f.text("StrictlyIncreasingStartsAVX2", 0, "AVX, AVX2, BMI1", "")
	f.i("MOVQ crd_base+0(FP), SI // SI = &crd[0]")
	f.i("MOVQ start_base+24(FP), DI // DI = &start[0]")
	f.i("MOVQ n+48(FP), CX // CX = n, a multiple of 16")
	f.i("XORQ AX, AX // AX = k")
	f.blank()
	signAVX2(f, "DX")
	f.i("VPBROADCASTQ max+56(FP), Y14")
	f.i("VPXOR Y15, Y14, Y14 // MAX ^ SIGN")
	f.label("loop")
	f.c("for k < n { ok = bits of crd[k+j+1] > crd[k+j]; above = bits of crd[k+j+1] > max (signed after the sign flip), j < 16 }")
	f.i("CMPQ AX, CX")
	f.i("JGE none")
	f.i("LEAQ (SI)(AX*8), R9")
	// Y(2v) = crd[k+4v:k+4v+4], Y(2v+1) = crd[k+4v+1:k+4v+5], sign-flipped
	for v := range 4 {
		f.i("VPXOR %s(R9), Y15, Y%d", disp(32*v), 2*v)
		f.i("VPXOR %d(R9), Y15, Y%d", 32*v+8, 2*v+1)
	}
	for v := range 4 {
		f.i("VPCMPGTQ Y14, Y%d, Y%d", 2*v+1, 8+v)
	}
	for v := range 4 {
		f.i("VPCMPGTQ Y%d, Y%d, Y%d", 2*v, 2*v+1, 2*v+1)
	}
	strictlyPack16(f, [4]string{"Y1", "Y3", "Y5", "Y7"}, "DX", "")
	f.i("XORL $0xffff, DX // DX = descents")
	strictlyPack16(f, [4]string{"Y8", "Y9", "Y10", "Y11"}, "R13", "R13 = above max")
	f.blank()
	f.c("bad = desc &^ start[k/16 as uint16] | above")
	f.i("MOVQ AX, BX")
	f.i("SHRQ $3, BX")
	f.i("MOVWLZX (DI)(BX*1), R8")
	strictlyBad(f, "R13", 16)

	f.text("MarkStartsAVX512", 0, "AVX512F", `The segment-start bitmap of one block, 8 entries of pos a pass: for each
v, bit v-a of start. Per pass: d = v - a, word = d/64 masked to
len(start) (a power of two), bit = 1 << (d%64); a segmented inclusive OR
of the bits over lanes with equal words (three VALIGNQ/VPCMPEQQ/masked
VPORQ steps: entries of a word are adjacent in a sorted pos); the lanes
of the previous pass's last word take its bits too (carry); every lane
that ends a run of equal words (the next lane's word differs, or it is
lane 7) scatters its OR to start[word]. A word is stored whole each time,
so start needs no read and stores never chain. len(pos) is a multiple
of 8. An unsorted pos loses bits but never leaves start (masked words).

Registers: DI &start[0], SI &pos[i], CX entries left; Z31 a, Z30 63s,
Z29 word mask, Z28 1s, Z27 carry word, Z26 carry bits, Z25 all-ones (the
word shifted in), Z24 zeros, Z23 7s (lane-7 index); Z0 d, Z1 words, Z3
bits, Z4..Z6 shifted vectors, K1..K3 masks.`)
	f.i("MOVQ start_base+0(FP), DI")
	f.i("MOVQ start_len+8(FP), AX")
	f.i("DECQ AX")
	f.i("VPBROADCASTQ AX, Z29")
	f.i("MOVQ pos_base+24(FP), SI")
	f.i("MOVQ pos_len+32(FP), CX")
	f.i("VPBROADCASTQ a+48(FP), Z31")
	for _, c := range []struct{ v, z int }{{63, 30}, {1, 28}, {7, 23}} {
		f.i("MOVQ $%d, AX", c.v)
		f.i("VPBROADCASTQ AX, Z%d", c.z)
	}
	f.i("VPTERNLOGQ $0xff, Z25, Z25, Z25")
	f.i("VPXORQ Z24, Z24, Z24")
	f.i("VMOVDQA64 Z25, Z27")
	f.i("VPXORQ Z26, Z26, Z26")
	f.i("TESTQ CX, CX")
	f.i("JLE msdone")
	f.label("msloop")
	f.i("VMOVDQU64 (SI), Z0")
	f.i("VPSUBQ Z31, Z0, Z0 // d = v - a")
	f.i("VPSRLQ $6, Z0, Z1")
	f.i("VPANDQ Z29, Z1, Z1 // words")
	f.i("VPANDQ Z30, Z0, Z2")
	f.i("VPSLLVQ Z2, Z28, Z3 // bits")
	f.blank()
	f.c("Segmented OR: lane i takes the bits of lane i-s when their words agree.")
	for _, s := range []int{1, 2, 4} {
		f.i("VALIGNQ $%d, Z25, Z1, Z4", 8-s)
		f.i("VALIGNQ $%d, Z24, Z3, Z5", 8-s)
		f.i("VPCMPEQQ Z4, Z1, K1")
		f.i("VPORQ Z5, Z3, K1, Z3")
	}
	f.blank()
	f.c("The previous pass's last word continues here: add its bits.")
	f.i("VPCMPEQQ Z27, Z1, K2")
	f.i("VPORQ Z26, Z3, K2, Z3")
	f.blank()
	f.c("Run ends (the next lane's word differs; lane 7 always) store.")
	f.i("VALIGNQ $1, Z1, Z25, Z6")
	f.i("VPCMPQ $4, Z6, Z1, K3")
	f.i("VPSCATTERQQ Z3, K3, (DI)(Z1*8)")
	f.blank()
	f.c("Carry lane 7's word and bits.")
	f.i("VPERMQ Z1, Z23, Z27")
	f.i("VPERMQ Z3, Z23, Z26")
	f.blank()
	f.i("ADDQ $64, SI")
	f.i("SUBQ $8, CX")
	f.i("JG msloop")
	vzeroDone(f, "msdone")
	return f.String()
}

// strictlyPack32 packs the masks K1..K4 (8 bits each, K1 lowest) into one
// 32-bit word in dst, through K5..K7 (with explain, saying how).
func strictlyPack32(f *asmFile, dst, comment string, explain bool) {
	note := func(s string) string { return cond(explain, " // "+s) }
	f.i("KUNPCKBW K1, K2, K5%s", note("K5 = K2<<8 | K1"))
	f.i("KUNPCKBW K3, K4, K6%s", note("K6 = K4<<8 | K3"))
	f.i("KUNPCKWD K5, K6, K7%s", note("K7 = K6<<16 | K5"))
	f.i("KMOVD K7, %s // %s", dst, comment)
}

// strictlyPack16 packs the sign bits of four 4-lane compares (v[0] lowest)
// into 16 bits of dst, through R10..R12.
func strictlyPack16(f *asmFile, v [4]string, dst, comment string) {
	regs := [4]string{dst, "R10", "R11", "R12"}
	for k := range 4 {
		f.i("VMOVMSKPD %s, %s", v[k], regs[k])
	}
	for k := 1; k < 4; k++ {
		f.i("SHLL $%d, %s", 4*k, regs[k])
	}
	f.i("ORL R10, %s", dst)
	f.i("ORL R11, R12")
	f.i("ORL R12, %s%s", dst, cond(comment != "", " // "+comment))
}

// strictlyBad ends the scan step of n pairs: with the start bits in R8, the
// descents in DX and the bounds in above, a bad pair returns its index
// (found), else the scan goes on; none returns -1.
func strictlyBad(f *asmFile, above string, n int) {
	f.i("NOTL R8")
	f.i("ANDL R8, DX")
	f.i("ORL %s, DX", above)
	f.i("JNZ found")
	f.i("ADDQ $%d, AX", n)
	f.i("JMP loop")
	f.label("found")
	f.i("TZCNTL DX, DX")
	f.i("ADDQ DX, AX")
	f.i("MOVQ AX, ret+64(FP)")
	vzeroRet(f)
	f.label("none")
	f.i("MOVQ $-1, ret+64(FP)")
	vzeroRet(f)
}
