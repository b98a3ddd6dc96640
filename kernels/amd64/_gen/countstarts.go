package main

// countstarts_amd64.s: CountStartsAVX512, CountStartsAVX2, the number of
// node starts in a sorted run of packed CSF keys (starts.go holds what they
// share with compressstarts).

func countStartsFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(startsDoc + `

Count: the pairs (keys[i-1], keys[i]) are two overlapping loads, XOR,
compare; AVX-512 adds 1 under the compare mask (4 accumulators, 32 pairs
a step), AVX2 subtracts the compare's -1s (signed compare after flipping
the sign bits, 16 pairs a step); a horizontal add at the end.`)

	// CountStartsAVX512 and CountStartsAVX2 are twins of one shape: the
	// same pairs, counted under a mask (VPCMPUQ) here and by a signed
	// compare after flipping the sign bits there.
	countOpen(f, "CountStartsAVX512", "AVX512F", 32)
	f.i("VPBROADCASTQ limit+24(FP), Z31 // LIMIT")
	f.i("MOVQ $1, AX")
	f.i("VPBROADCASTQ AX, Z30 // ONES")
	f.zero4("VPXORQ", "Z", "four ACCumulators")
	f.stepLoop("for ; pairs > 0; pairs -= 32 { ACC += keys[i+j]^keys[i+j-1] > LIMIT, j < 32 }", "reduce", 32, 256, func() {
		pairXors(f, "VMOVDQU64", "VPXORQ", "Z", 64)
		for k := range 4 {
			f.i("VPCMPUQ $6, Z31, Z%d, K%d%s", 4+k, k+1, cond(k == 0, " // x > LIMIT"))
		}
		for k := range 4 {
			f.i("VPADDQ Z30, Z%d, K%d, Z%d", k, k+1, k)
		}
	})
	countReduce(f, "Z")

	countOpen(f, "CountStartsAVX2", "AVX, AVX2", 16)
	signAVX2(f, "AX")
	f.i("VPBROADCASTQ limit+24(FP), Y14")
	f.i("VPXOR Y15, Y14, Y14 // LIMIT ^ SIGN")
	f.zero4("VPXOR", "Y", "four ACCumulators of -count")
	f.stepLoop("for ; pairs > 0; pairs -= 16 { ACC -= (x^SIGN > LIMIT^SIGN) ? -1 : 0, x = keys[i+j]^keys[i+j-1], j < 16 }", "reduce", 16, 128, func() {
		pairXors(f, "VMOVDQU", "VPXOR", "Y", 32)
		for k := range 4 {
			f.i("VPXOR Y15, Y%d, Y%d", 4+k, 4+k)
		}
		for k := range 4 {
			f.i("VPCMPGTQ Y14, Y%d, Y%d", 4+k, 4+k)
		}
		for k := range 4 {
			f.i("VPSUBQ Y%d, Y%d, Y%d", 4+k, k, k)
		}
	})
	countReduce(f, "Y")
	return f.String()
}

// countOpen opens the count kernel name (requiring req): SI = &keys[0]
// and CX the pairs in whole steps of n.
func countOpen(f *asmFile, name, req string, n int) {
	f.text(name, 0, req, "")
	f.i("MOVQ keys_base+0(FP), SI // SI = &keys[i-1], the first key of the next %d pairs", n)
	f.i("MOVQ keys_len+8(FP), CX")
	wholePairs(f, n)
}

// pairXors sets the vectors reg4..reg7 (reg "Z" or "Y", vb bytes each) to
// keys[i+j] ^ keys[i+j-1] for the pairs of the step at SI = &keys[i-1]:
// the keys one ahead loaded with mov, the keys at SI XORed in with xor.
func pairXors(f *asmFile, mov, xor, reg string, vb int) {
	for k := range 4 {
		f.i("%s %d(SI), %s%d", mov, vb*k+8, reg, 4+k)
	}
	for k := range 4 {
		f.i("%s %s(SI), %s%d, %s%d", xor, disp(vb*k), reg, 4+k, reg, 4+k)
	}
}

// countReduce returns the sum of the lanes of the four accumulators
// (vector registers of kind reg, Z or Y, 0..3).
func countReduce(f *asmFile, reg string) {
	f.label("reduce")
	f.c("return the sum of the ACC lanes")
	f.i("VPADDQ %[1]s1, %[1]s0, %[1]s0", reg)
	f.i("VPADDQ %[1]s3, %[1]s2, %[1]s2", reg)
	f.i("VPADDQ %[1]s2, %[1]s0, %[1]s0", reg)
	if reg == "Z" {
		f.i("VEXTRACTI64X4 $1, Z0, Y1")
		f.i("VPADDQ Y1, Y0, Y0")
	}
	f.i("VEXTRACTI128 $1, Y0, X1")
	f.i("VPADDQ X1, X0, X0")
	f.i("VPSHUFD $0x4e, X0, X1")
	f.i("VPADDQ X1, X0, X0")
	f.i("VMOVQ X0, AX")
	f.i("MOVQ AX, ret+32(FP)")
	vzeroRet(f)
}
