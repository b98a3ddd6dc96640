package main

// nondecreasing_amd64.s: NonDecreasingAVX2, NonDecreasingAVX512.

func nonDecreasingFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(`NonDecreasing block scan. A descent at i is s[i-1] > s[i] (unsigned). The
vector of predecessors is the load one element before the load of the
successors, so a block of pairs costs two overlapping loads per vector and
no shuffles. AVX2 compares in the sign-flipped domain (x ^ 1<<63 with the
signed VPCMPGTQ); AVX-512 uses VPCMPUQ into mask registers. The kernel
stops at the first block holding a descent; Go finds the exact index.`)

	f.text("NonDecreasingAVX2", 0, "AVX, AVX2", "")
	nonDecreasingArgs(f)
	f.blank()
	signAVX2(f, "DX")
	f.blockLoop("for pairsLeft >= 8 { if any s[i-1+j] > s[i+j], j < 8 { break }; i += 8 }", 8)
	for h := range 2 {
		f.i("VPXOR %d(SI), Y15, Y%d // prev[%d:%d]", 32*h, 2*h, 4*h, 4*h+4)
		f.i("VPXOR %d(SI), Y15, Y%d // next[%d:%d]", 32*h+8, 2*h+1, 4*h, 4*h+4)
	}
	f.i("VPCMPGTQ Y1, Y0, Y0 // prev > next")
	f.i("VPCMPGTQ Y3, Y2, Y2")
	f.i("VPOR Y2, Y0, Y0")
	f.i("VPTEST Y0, Y0")
	f.i("JNZ done")
	nonDecreasingNext(f, 8)

	f.text("NonDecreasingAVX512", 0, "AVX512F", "")
	nonDecreasingArgs(f)
	f.blockLoop("for pairsLeft >= 16 { if any s[i-1+j] > s[i+j], j < 16 { break }; i += 16 }", 16)
	f.i("VMOVDQU64 8(SI), Z0")
	f.i("VMOVDQU64 72(SI), Z1")
	f.i("VPCMPUQ $1, (SI), Z0, K1 // K1 = next < prev")
	f.i("VPCMPUQ $1, 64(SI), Z1, K2")
	f.i("KORTESTW K1, K2")
	f.i("JNZ done")
	nonDecreasingNext(f, 16)
	return f.String()
}

// nonDecreasingArgs loads s and the pair count, and returns 0 when s has no
// pair.
func nonDecreasingArgs(f *asmFile) {
	f.i("MOVQ s_base+0(FP), SI // SI = &s[i-1], i = 1")
	f.i("MOVQ s_len+8(FP), CX")
	f.i("XORQ AX, AX // AX = k, pairs done")
	f.i("SUBQ $1, CX // CX = pairs left = len(s)-1")
	f.i("JLE done // len(s) <= 1: no pairs")
}

// nonDecreasingNext steps over a block of n pairs, and returns k.
func nonDecreasingNext(f *asmFile, n int) {
	f.blockNext(n, nil)
	f.doneAX(24)
}
