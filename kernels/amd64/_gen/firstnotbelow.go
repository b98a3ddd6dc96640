package main

// firstnotbelow_amd64.s: FirstNotBelowAVX2, FirstNotBelowAVX512,
// FirstNotBelowCycleAVX2, FirstNotBelowCycleAVX512.

func firstNotBelowFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(`FirstNotBelow block scan: find the first block holding s[i] >= bound[i].
AVX2 tests "all lanes below": in the sign-flipped domain below means
bound > s for the signed VPCMPGTQ; the AND of the block's masks is tested
against all-ones with VPTEST (CF = 1 when every lane is below). AVX-512 uses
VPCMPUQ (not-less-than) into masks and KORTEST. The cyclic form walks a
pattern of bounds whose length is a multiple of the block, wrapping the
pattern pointer; Go builds the pattern by tiling the bounds.`)

	f.text("FirstNotBelowAVX2", 0, "AVX, AVX2", "")
	f.i("MOVQ s_base+0(FP), SI // SI = &s[k]")
	f.i("MOVQ s_len+8(FP), CX // CX = elements left")
	f.i("XORQ AX, AX // AX = k")
	f.blank()
	signAVX2(f, "DX")
	f.i("XORQ bound+24(FP), DX")
	broadcastAVX2(f, "DX", 14, "BOUND ^ SIGN")
	f.i("VPCMPEQQ Y13, Y13, Y13 // ONES")
	f.blockLoop("for left >= 8 { if !all(s[k+j] < bound) { break }; k += 8 }", 8)
	f.i("VPXOR (SI), Y15, Y0")
	f.i("VPXOR 32(SI), Y15, Y1")
	f.i("VPCMPGTQ Y0, Y14, Y0 // bound > s")
	f.i("VPCMPGTQ Y1, Y14, Y1")
	f.i("VPAND Y1, Y0, Y0")
	f.i("VPTEST Y13, Y0 // CF = every lane below")
	f.i("JCC done")
	firstNotBelowNext(f, 8, false)
	firstNotBelowDone(f, 32)

	f.text("FirstNotBelowAVX512", 0, "AVX512F", "")
	f.i("MOVQ s_base+0(FP), SI // SI = &s[k]")
	f.i("MOVQ s_len+8(FP), CX // CX = elements left")
	f.i("XORQ AX, AX // AX = k")
	f.i("VPBROADCASTQ bound+24(FP), Z15")
	f.blockLoop("for left >= 32 { if any(s[k+j] >= bound) { break }; k += 32 }", 32)
	for v := range 4 {
		if v == 0 {
			f.i("VPCMPUQ $2, (SI), Z15, K1 // K1 = bound <= s")
			continue
		}
		f.i("VPCMPUQ $2, %d(SI), Z15, K%d", 64*v, v+1)
	}
	f.i("KORW K1, K2, K1")
	f.i("KORW K3, K4, K3")
	f.i("KORTESTW K1, K3")
	f.i("JNZ done")
	firstNotBelowNext(f, 32, false)
	firstNotBelowDone(f, 32)

	f.text("FirstNotBelowCycleAVX2", 0, "AVX, AVX2", "")
	firstNotBelowCycleArgs(f)
	f.blank()
	signAVX2(f, "DX")
	f.i("VPCMPEQQ Y13, Y13, Y13 // ONES")
	f.blockLoop("for left >= 8 { if !all(s[k+j] < pat[(k+j)%P]) { break }; k += 8 }", 8)
	f.i("VPXOR (SI), Y15, Y0")
	f.i("VPXOR 32(SI), Y15, Y1")
	f.i("VPXOR (BX), Y15, Y2")
	f.i("VPXOR 32(BX), Y15, Y3")
	f.i("VPCMPGTQ Y0, Y2, Y0 // bound > s")
	f.i("VPCMPGTQ Y1, Y3, Y1")
	f.i("VPAND Y1, Y0, Y0")
	f.i("VPTEST Y13, Y0")
	f.i("JCC done")
	firstNotBelowNext(f, 8, true)
	firstNotBelowDone(f, 48)

	f.text("FirstNotBelowCycleAVX512", 0, "AVX512F", "")
	firstNotBelowCycleArgs(f)
	f.blockLoop("for left >= 16 { if any(s[k+j] >= pat[(k+j)%P]) { break }; k += 16 }", 16)
	f.i("VMOVDQU64 (SI), Z0")
	f.i("VMOVDQU64 64(SI), Z1")
	f.i("VPCMPUQ $1, (BX), Z0, K1 // K1 = s < bound")
	f.i("VPCMPUQ $1, 64(BX), Z1, K2")
	f.i("KANDW K1, K2, K1")
	f.i("KORTESTB K1, K1 // CF = all 8 lanes below")
	f.i("JCC done")
	firstNotBelowNext(f, 16, true)
	firstNotBelowDone(f, 48)
	return f.String()
}

// firstNotBelowCycleArgs loads s and the pattern's bounds and wrap point.
func firstNotBelowCycleArgs(f *asmFile) {
	f.i("MOVQ s_base+0(FP), SI // SI = &s[k]")
	f.i("MOVQ s_len+8(FP), CX // CX = elements left")
	f.i("MOVQ pat_base+24(FP), DI // DI = &pat[0]")
	f.i("MOVQ pat_len+32(FP), R8")
	f.i("LEAQ (DI)(R8*8), R8 // R8 = &pat[len(pat)], the wrap point")
	f.i("MOVQ DI, BX // BX = &pat[k %% len(pat)]")
	f.i("XORQ AX, AX // AX = k")
}

// firstNotBelowNext steps over a block of n elements (with cycle, of the
// pattern too, wrapping it) and loops.
func firstNotBelowNext(f *asmFile, n int, cycle bool) {
	f.i("ADDQ $%d, SI", 8*n)
	f.i("ADDQ $%d, AX", n)
	f.i("SUBQ $%d, CX", n)
	if cycle {
		f.i("ADDQ $%d, BX", 8*n)
		f.i("CMPQ BX, R8")
		f.i("CMOVQEQ DI, BX // wrap the pattern")
	}
	f.i("JMP loop")
}

// firstNotBelowDone returns k, the result at ret.
func firstNotBelowDone(f *asmFile, ret int) {
	f.label("done")
	f.i("MOVQ AX, ret+%d(FP)", ret)
	vzeroRet(f)
}
