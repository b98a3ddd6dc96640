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

	firstNotBelowAVX2(f, false)

	f.text("FirstNotBelowAVX512", 0, "AVX512F", "")
	firstNotBelowArgs(f, false)
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
	f.doneAX(32)

	firstNotBelowAVX2(f, true)

	f.text("FirstNotBelowCycleAVX512", 0, "AVX512F", "")
	firstNotBelowArgs(f, true)
	f.blockLoop("for left >= 16 { if any(s[k+j] >= pat[(k+j)%P]) { break }; k += 16 }", 16)
	f.i("VMOVDQU64 (SI), Z0")
	f.i("VMOVDQU64 64(SI), Z1")
	f.i("VPCMPUQ $1, (BX), Z0, K1 // K1 = s < bound")
	f.i("VPCMPUQ $1, 64(BX), Z1, K2")
	f.i("KANDW K1, K2, K1")
	f.i("KORTESTB K1, K1 // CF = all 8 lanes below")
	f.i("JCC done")
	firstNotBelowNext(f, 16, true)
	f.doneAX(48)
	return f.String()
}

// firstNotBelowAVX2 writes FirstNotBelowAVX2 (with cycle,
// FirstNotBelowCycleAVX2, its bounds from the pattern): blocks of eight in
// the sign-flipped domain.
func firstNotBelowAVX2(f *asmFile, cycle bool) {
	name, ret, bounds := "FirstNotBelowAVX2", 32, "bound"
	if cycle {
		name, ret, bounds = "FirstNotBelowCycleAVX2", 48, "pat[(k+j)%P]"
	}
	f.text(name, 0, "AVX, AVX2", "")
	firstNotBelowArgs(f, cycle)
	f.blank()
	signAVX2(f, "DX")
	if !cycle {
		f.i("XORQ bound+24(FP), DX")
		broadcastAVX2(f, "DX", 14, "BOUND ^ SIGN")
	}
	f.i("VPCMPEQQ Y13, Y13, Y13 // ONES")
	f.blockLoop("for left >= 8 { if !all(s[k+j] < "+bounds+") { break }; k += 8 }", 8)
	f.i("VPXOR (SI), Y15, Y0")
	f.i("VPXOR 32(SI), Y15, Y1")
	b0, b1 := "Y14", "Y14"
	if cycle {
		f.i("VPXOR (BX), Y15, Y2")
		f.i("VPXOR 32(BX), Y15, Y3")
		b0, b1 = "Y2", "Y3"
	}
	f.i("VPCMPGTQ Y0, %s, Y0 // bound > s", b0)
	f.i("VPCMPGTQ Y1, %s, Y1", b1)
	f.i("VPAND Y1, Y0, Y0")
	f.i("VPTEST Y13, Y0%s", cond(!cycle, " // CF = every lane below"))
	f.i("JCC done")
	firstNotBelowNext(f, 8, cycle)
	f.doneAX(ret)
}

// firstNotBelowArgs loads s, the elements left and k = 0; with cycle the
// pattern's bounds and wrap point too.
func firstNotBelowArgs(f *asmFile, cycle bool) {
	f.i("MOVQ s_base+0(FP), SI // SI = &s[k]")
	f.i("MOVQ s_len+8(FP), CX // CX = elements left")
	if cycle {
		f.i("MOVQ pat_base+24(FP), DI // DI = &pat[0]")
		f.i("MOVQ pat_len+32(FP), R8")
		f.i("LEAQ (DI)(R8*8), R8 // R8 = &pat[len(pat)], the wrap point")
		f.i("MOVQ DI, BX // BX = &pat[k %% len(pat)]")
	}
	f.i("XORQ AX, AX // AX = k")
}

// firstNotBelowNext steps over a block of n elements (with cycle, of the
// pattern too, wrapping it) and loops.
func firstNotBelowNext(f *asmFile, n int, cycle bool) {
	if !cycle {
		f.blockNext(n, nil)
		return
	}
	f.blockNext(n, func() {
		f.i("ADDQ $%d, BX", 8*n)
		f.i("CMPQ BX, R8")
		f.i("CMOVQEQ DI, BX // wrap the pattern")
	})
}
