package main

// expandruns_amd64.s: ExpandRunsAVX2, ExpandRunsAVX512.

func expandRunsFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(`Run fill (ExpandPos and ExpandRuns with stride 1). For each run the pos
pair is loaded and clamped with CMOVs (so any pos is memory-safe), the
value is broadcast, and the run is written with full vector stores plus one
overlapping vector store ending exactly at hi; runs shorter than a vector
use 16/8-byte stores (AVX2) or one masked store (AVX-512). Nothing outside
dst[lo:hi] is written. The kernel returns to Go after about MaxRun
elements, and before a run longer than MaxRun, which Go fills.`)

	for _, v := range []struct {
		name, req, vreg, mov string
		lanes                int
	}{
		{"ExpandRunsAVX2", "AVX, AVX2, CMOV", "Y0", "VMOVDQU", 4},
		{"ExpandRunsAVX512", "AVX512F, AVX512DQ, BMI2, CMOV", "Z0", "VMOVDQU64", 8},
	} {
		f.text(v.name, 0, v.req, "")
		f.i("MOVQ dst_base+0(FP), DI // DI = &dst[0]")
		f.i("MOVQ dst_len+8(FP), R8 // R8 = len(dst), the clamp")
		f.i("MOVQ ptr_base+24(FP), SI // SI = &ptr[k]")
		f.i("MOVQ ptr_len+32(FP), CX")
		f.i("MOVQ vals_base+48(FP), R9 // R9 = &vals[0]")
		f.i("MOVQ vals_len+56(FP), R12 // R12 = 0: values are first+k")
		f.i("MOVQ first+72(FP), R10 // R10 = first")
		f.i("XORQ AX, AX // AX = k")
		f.i("XORQ R11, R11 // R11 = elements written")
		f.i("SUBQ $1, CX // CX = runs")
		f.i("JLE done")

		f.label("loop")
		f.c("lo, hi := clamp(ptr[k], ptr[k+1], len(dst))")
		f.i("MOVQ (SI), BX")
		f.i("MOVQ 8(SI), DX")
		f.i("CMPQ BX, R8")
		f.i("CMOVQHI R8, BX")
		f.i("CMPQ DX, R8")
		f.i("CMOVQHI R8, DX")
		f.i("CMPQ DX, BX")
		f.i("CMOVQCS BX, DX")
		f.i("SUBQ BX, DX // DX = n = hi - lo")
		f.i("CMPQ DX, $%#x", maxRun)
		f.i("JHI done // a run longer than MaxRun: Go fills it")
		f.i("LEAQ (DI)(BX*8), BX // BX = &dst[lo]")
		f.blank()
		f.c("V = broadcast(len(vals) > 0 ? vals[k] : first + k)")
		f.i("TESTQ R12, R12")
		f.i("JZ counter")
		f.i("VPBROADCASTQ (R9)(AX*8), %s", v.vreg)
		f.i("JMP fill")
		f.label("counter")
		f.i("LEAQ (R10)(AX*1), R13")
		f.i("VMOVQ R13, X0")
		f.i("VPBROADCASTQ X0, %s", v.vreg)

		fill := "fill" + itoa(v.lanes)
		f.label("fill")
		f.c("if n >= %d { vector stores, last one overlapping, ending at hi }", v.lanes)
		f.i("CMPQ DX, $%d", v.lanes)
		f.i("JCS small")
		f.i("LEAQ -%d(BX)(DX*8), R13 // R13 = &dst[hi-%d]", 8*v.lanes, v.lanes)
		f.label(fill)
		f.i("CMPQ BX, R13")
		f.i("JCC lastvec")
		f.i("%s %s, (BX)", v.mov, v.vreg)
		f.i("ADDQ $%d, BX", 8*v.lanes)
		f.i("JMP %s", fill)
		f.label("lastvec")
		f.i("%s %s, (R13)", v.mov, v.vreg)
		f.i("JMP next")

		f.label("small")
		if v.lanes == 4 {
			f.c("n < 4: a 16-byte store if n&2, an 8-byte store if n&1")
			f.i("TESTQ $2, DX")
			f.i("JZ one")
			f.i("VMOVDQU X0, (BX)")
			f.i("ADDQ $16, BX")
			f.label("one")
			f.i("TESTQ $1, DX")
			f.i("JZ next")
			f.i("VMOVQ X0, (BX)")
		} else {
			f.c("n < 8: one store masked to the first n lanes")
			f.i("MOVL $0xff, R13")
			f.i("BZHIL DX, R13, R13")
			f.i("KMOVB R13, K1")
			f.i("VMOVDQU64 Z0, K1, (BX)")
		}

		f.label("next")
		f.c("k++; stop after MaxRun elements")
		f.i("ADDQ $8, SI")
		f.i("INCQ AX")
		f.i("ADDQ DX, R11")
		f.i("CMPQ R11, $%#x", maxRun)
		f.i("JCC done")
		f.i("CMPQ AX, CX")
		f.i("JLT loop")
		f.doneAX(80)
	}
	return f.String()
}

// maxRun is MaxRun of package amd64 (stubs_amd64.go's constant): a kernel
// call writes about that many elements at most, so that the goroutine
// reaches a preemption point often enough.
const (
	maxRunLog = 16
	maxRun    = 1 << maxRunLog
)
