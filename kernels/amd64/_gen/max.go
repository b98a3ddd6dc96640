package main

// max_amd64.s: MaxAVX2, MaxAVX512.

func maxFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(`Max over uint64.

AVX2 has no unsigned 64-bit max, so the AVX2 kernel works in the
sign-flipped domain: x ^ 1<<63 orders like a signed number, so a signed
VPCMPGTQ plus VBLENDVPD keeps the larger of two. Four accumulators of four
lanes take 16 elements per iteration; the result is flipped back at the end.
AVX-512 has VPMAXUQ: four accumulators of eight lanes, 32 per iteration.`)

	f.text("MaxAVX2", 0, "AVX, AVX2", "")
	f.i("MOVQ s_base+0(FP), SI // SI = &s[0]")
	f.i("MOVQ s_len+8(FP), CX // CX = len(s), a multiple of 16")
	f.blank()
	f.c("SIGN = 1<<63 in every lane; acc0..acc3 = flip(0) = SIGN")
	f.i("MOVQ $0x8000000000000000, AX")
	broadcastAVX2(f, "AX", 15, "")
	for k := range 4 {
		f.i("VMOVDQU Y15, Y%d", k)
	}
	f.stepLoop("for ; n > 0; n -= 16 { acc_k = maxs(acc_k, s[4k:4k+4] ^ SIGN) }", "reduce", 16, 128, func() {
		for k := range 4 {
			f.i("VPXOR %s(SI), Y15, Y%d", disp(32*k), 4+k)
		}
		for k := range 4 {
			f.i("VPCMPGTQ Y%d, Y%d, Y%d%s", k, 4+k, 8+k, cond(k == 0, " // Y8 = x > acc"))
		}
		for k := range 4 {
			f.i("VBLENDVPD Y%d, Y%d, Y%d, Y%d%s", 8+k, 4+k, k, k, cond(k == 0, " // acc = x > acc ? x : acc"))
		}
	})
	f.label("reduce")
	f.c("acc0 = maxs(acc0, acc1, acc2, acc3), then across the four lanes")
	maxsAVX2(f, "Y0", "Y1", "Y8")
	maxsAVX2(f, "Y2", "Y3", "Y9")
	maxsAVX2(f, "Y0", "Y2", "Y8")
	f.i("VEXTRACTI128 $1, Y0, X1")
	maxsAVX2(f, "X0", "X1", "X8")
	f.i("VPSHUFD $0x4e, X0, X1")
	maxsAVX2(f, "X0", "X1", "X8")
	f.blank()
	f.c("return lane0 ^ SIGN")
	f.i("VMOVQ X0, AX")
	f.i("BTCQ $63, AX")
	f.i("MOVQ AX, ret+24(FP)")
	vzeroRet(f)

	f.text("MaxAVX512", 0, "AVX512F, AVX512VL", "")
	f.i("MOVQ s_base+0(FP), SI // SI = &s[0]")
	f.i("MOVQ s_len+8(FP), CX // CX = len(s), a multiple of 32")
	f.zero4("VPXORQ", "Z", "acc0..acc3 = 0")
	f.stepLoop("for ; n > 0; n -= 32 { acc_k = maxu(acc_k, s[8k:8k+8]) }", "reduce", 32, 256, func() {
		for k := range 4 {
			f.i("VPMAXUQ %s(SI), Z%d, Z%d", disp(64*k), k, k)
		}
	})
	f.label("reduce")
	f.c("fold 4 accumulators, then 8 -> 4 -> 2 -> 1 lanes")
	f.i("VPMAXUQ Z1, Z0, Z0")
	f.i("VPMAXUQ Z3, Z2, Z2")
	f.i("VPMAXUQ Z2, Z0, Z0")
	f.i("VEXTRACTI64X4 $1, Z0, Y1")
	f.i("VPMAXUQ Y1, Y0, Y0")
	f.i("VEXTRACTI128 $1, Y0, X1")
	f.i("VPMAXUQ X1, X0, X0")
	f.i("VPSHUFD $0x4e, X0, X1")
	f.i("VPMAXUQ X1, X0, X0")
	f.i("VMOVQ X0, AX")
	f.i("MOVQ AX, ret+24(FP)")
	vzeroRet(f)
	return f.String()
}

// maxsAVX2 sets acc to the signed max of acc and x, lane by lane, with t
// the compare's scratch.
func maxsAVX2(f *asmFile, acc, x, t string) {
	f.i("VPCMPGTQ %s, %s, %s", acc, x, t)
	f.i("VBLENDVPD %s, %s, %s, %s", t, x, acc, acc)
}
