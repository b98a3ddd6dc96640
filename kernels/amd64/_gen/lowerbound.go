package main

// lowerbound_amd64.s: LowerBoundAVX2, LowerBoundAVX512.

func lowerBoundFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(`Lower bound in a sorted []uint64.

Phase 1, while the window holds more than 32 elements: the branch-free
halving of lowerBoundGeneric (CMOV, no predicted branch), prefetching the
two positions the next step may probe so that on large slices the next
miss overlaps the current one:

	for n > 32 {
		half := n >> 1
		prefetch s[base+(n-half)>>1-1], s[base+half+(n-half)>>1-1]
		if s[base+half-1] < key { base += half }
		n -= half
	}

Phase 2: the answer is base + #{j < n : s[base+j] < key}, counted with
vector compares (this is also the whole search for n <= 32, where it beats
a chain of dependent loads). AVX2 compares signed in the sign-flipped
domain and counts by subtracting the all-ones lanes; a scalar CMP/ADC
loop takes the last n%4 elements. AVX-512 compares with VPCMPUQ into a mask
and POPCNTs it; the last partial vector is a masked (fault-suppressing)
load.`)

	f.text("LowerBoundAVX2", 0, "AVX, AVX2, CMOV, POPCNT", "")
	lowerBoundNarrow(f)
	f.label("count")
	f.i("MOVQ BX, R9 // R9 = &s[base], kept for the result")
	f.i("VPBROADCASTQ signbit<>(SB), Y15 // SIGN")
	f.i("VPBROADCASTQ key+24(FP), Y14")
	f.i("VPXOR Y15, Y14, Y14 // KEY ^ SIGN")
	f.i("XORQ AX, AX // AX = count")
	f.label("loop8")
	f.c("for n >= 8 { AX += popcount(movmsk(key > s[j:j+8])) }")
	f.i("CMPQ CX, $8")
	f.i("JLT loop4")
	f.i("VPXOR (BX), Y15, Y2")
	f.i("VPXOR 32(BX), Y15, Y3")
	f.i("VPCMPGTQ Y2, Y14, Y2")
	f.i("VPCMPGTQ Y3, Y14, Y3")
	f.i("VMOVMSKPD Y2, R8")
	f.i("VMOVMSKPD Y3, R10")
	f.i("SHLL $4, R10")
	f.i("ORL R10, R8")
	lowerBoundAdd(f, 64, 8)
	f.i("JMP loop8")
	f.label("loop4")
	f.i("CMPQ CX, $4")
	f.i("JLT tail")
	f.i("VPXOR (BX), Y15, Y2")
	f.i("VPCMPGTQ Y2, Y14, Y2")
	f.i("VMOVMSKPD Y2, R8")
	lowerBoundAdd(f, 32, 4)
	f.label("tail")
	f.c("for n > 0 { AX += s[j] < key }")
	f.i("TESTQ CX, CX")
	f.i("JZ done")
	f.i("CMPQ (BX), DX")
	f.i("ADCQ $0, AX")
	f.i("ADDQ $8, BX")
	f.i("DECQ CX")
	f.i("JMP tail")
	lowerBoundDone(f)

	f.text("LowerBoundAVX512", 0, "AVX512F, AVX512DQ, BMI2, CMOV, POPCNT", "")
	lowerBoundNarrow(f)
	f.label("count")
	f.i("MOVQ BX, R9 // R9 = &s[base]")
	f.i("VPBROADCASTQ key+24(FP), Z15 // KEY")
	f.i("XORQ AX, AX // AX = count")
	f.label("loop8")
	f.c("for n >= 8 { AX += popcount(key > s[j:j+8]) }")
	f.i("CMPQ CX, $8")
	f.i("JLT last")
	f.i("VPCMPUQ $6, (BX), Z15, K1 // K1 = key > s")
	f.i("KMOVB K1, R8")
	lowerBoundAdd(f, 64, 8)
	f.i("JMP loop8")
	f.label("last")
	f.c("n < 8 left: masked (fault-suppressing) load of n lanes")
	f.i("TESTQ CX, CX")
	f.i("JZ done")
	f.i("MOVL $0xff, R8")
	f.i("BZHIL CX, R8, R8")
	f.i("KMOVB R8, K2")
	f.i("VMOVDQU64.Z (BX), K2, Z1")
	f.i("VPCMPUQ $6, Z1, Z15, K2, K1")
	f.i("KMOVB K1, R8")
	f.i("POPCNTL R8, R8")
	f.i("ADDQ R8, AX")
	lowerBoundDone(f)

	f.blank()
	f.line("DATA signbit<>+0(SB)/8, $0x8000000000000000")
	f.line("GLOBL signbit<>(SB), RODATA|NOPTR, $8")
	return f.String()
}

// lowerBoundNarrow is phase 1, shared by both kernels: the arguments, then
// the branch-free halving while the window holds more than 32 elements.
func lowerBoundNarrow(f *asmFile) {
	f.i("MOVQ s_base+0(FP), SI // SI = &s[0]")
	f.i("MOVQ s_len+8(FP), CX // CX = n, the window length")
	f.i("MOVQ key+24(FP), DX // DX = key")
	f.i("MOVQ SI, BX // BX = &s[base]")
	f.label("narrow")
	f.i("CMPQ CX, $32")
	f.i("JLE count")
	f.i("MOVQ CX, R8")
	f.i("SHRQ $1, R8 // R8 = half")
	f.i("LEAQ (BX)(R8*8), R10 // R10 = &s[base+half]")
	f.i("MOVQ CX, R11")
	f.i("SUBQ R8, R11")
	f.i("SHRQ $1, R11 // R11 = next half")
	f.i("PREFETCHT0 -8(BX)(R11*8)")
	f.i("PREFETCHT0 -8(R10)(R11*8)")
	f.i("CMPQ -8(R10), DX // CF = s[base+half-1] < key")
	f.i("CMOVQCS R10, BX")
	f.i("SUBQ R8, CX")
	f.i("JMP narrow")
}

// lowerBoundAdd adds the popcount of the compare mask in R8 to the count
// and steps over n elements (bytes of them).
func lowerBoundAdd(f *asmFile, bytes, n int) {
	f.i("POPCNTL R8, R8")
	f.i("ADDQ R8, AX")
	f.i("ADDQ $%d, BX", bytes)
	f.i("SUBQ $%d, CX", n)
}

// lowerBoundDone returns base + count.
func lowerBoundDone(f *asmFile) {
	f.label("done")
	f.c("return base + count")
	f.i("SUBQ R9, SI")
	f.i("NEGQ SI")
	f.i("SHRQ $3, SI")
	f.i("ADDQ SI, AX")
	f.i("MOVQ AX, ret+32(FP)")
	f.i("VZEROUPPER")
	f.i("RET")
}
