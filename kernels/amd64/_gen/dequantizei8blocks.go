package main

// dequantizei8blocks_amd64.s: DequantizeI8BlocksAVX512.

func dequantizeI8BlocksFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(`Int8 codes with one scale per power-of-two block of at least 16 values (or
one scale for all), decoded a whole vector at a time: every 16 values from a
multiple of 16 share a scale, so a vector's codes load and widen in one
instruction and multiply by one broadcast scale, with no mask and no group
walk. Four vectors an iteration, then one.`)

	f.text("DequantizeI8BlocksAVX512", 0, "AVX512F, BMI2", "")
	f.i("MOVQ dst_base+0(FP), DI")
	f.i("MOVQ dst_len+8(FP), CX // a multiple of 16")
	f.i("MOVQ codes_base+24(FP), SI")
	f.i("MOVQ scale_base+48(FP), R8")
	f.i("MOVQ j0+72(FP), DX // DX = the value's index j, for its scale")
	f.i("MOVQ shift+80(FP), R9")
	f.label("loop4")
	f.c("four vectors: dst[16k+l] = float32(int8(codes[16k+l])) * scale[(j+16k)>>shift]")
	f.i("CMPQ CX, $64")
	f.i("JLT loop1")
	for k := range 4 {
		if k == 0 {
			f.i("SHRXQ R9, DX, AX")
		} else {
			f.i("LEAQ %d(DX), AX", 16*k)
			f.i("SHRXQ R9, AX, AX")
		}
		f.i("VPMOVSXBD %d(SI), Z%d", 16*k, k)
		f.i("VCVTDQ2PS Z%d, Z%d", k, k)
		f.i("VMULPS.BCST (R8)(AX*4), Z%d, Z%d", k, k)
		f.i("VMOVUPS Z%d, %d(DI)", k, 64*k)
	}
	f.i("ADDQ $64, SI")
	f.i("ADDQ $256, DI")
	f.i("ADDQ $64, DX")
	f.i("SUBQ $64, CX")
	f.i("JMP loop4")
	f.label("loop1")
	f.c("one vector")
	f.i("TESTQ CX, CX")
	f.i("JZ done")
	f.i("SHRXQ R9, DX, AX")
	f.i("VPMOVSXBD (SI), Z0")
	f.i("VCVTDQ2PS Z0, Z0")
	f.i("VMULPS.BCST (R8)(AX*4), Z0, Z0")
	f.i("VMOVUPS Z0, (DI)")
	f.i("ADDQ $16, SI")
	f.i("ADDQ $64, DI")
	f.i("ADDQ $16, DX")
	f.i("SUBQ $16, CX")
	f.i("JMP loop1")
	vzeroDone(f, "done")
	return f.String()
}

func init() {
	decls = append(decls, decl{"dequantizei8blocks", "DequantizeI8BlocksAVX512", "(dst []float32, codes []byte, scale []float32, j0, shift uint64)", `DequantizeI8BlocksAVX512 decodes int8 codes whose scales go by blocks of
2^shift values, value i being value j0+i of its tensor:

	for i := range dst {
		dst[i] = float32(int8(codes[i])) * scale[(j0+i)>>shift]
	}

each product rounded once, as DequantizeI8AVX512 rounds it. It assumes
len(dst) a multiple of 16, j0 a multiple of 16, shift >= 4 (63: one
scale for all), len(codes) >= len(dst) and len(scale) >
(j0+len(dst)-1)>>shift.`})
}
