package main

// qfused_amd64.s: the fused quantized SpMV kernels, which read the codes
// where the float32 SpMV kernels read values (see internal/engine's
// qfused.go for the modes).

func init() { decls = append(decls, qfDecls()...) }

// qfDecls are the family's declarations.
func qfDecls() []decl {
	return []decl{
		{"qfused", "QSpMVI8RowAVX2", "(y, x []float32, ptr, idx []uint64, codes []byte, rs []float32, alpha, beta float32)", `QSpMVI8RowAVX2 computes SpMV on int8 codes with one scale per row:

	for i := range y {
		s := 0 // over k in ptr[i]..ptr[i+1]-1 clamped to len(idx), idx[k] < len(x)
		s += float32(int8(codes[k])) * x[idx[k]]
		y[i] = alpha*(s*rs[i]) + beta*y[i] // y not read when beta == +0
	}

It reads 16 entries a step (one range check of their indices, x by scalar
loads, the codes sign-extended and converted, two accumulators), then one
at a time, skipping entries whose index is not below len(x). It needs
len(ptr) == len(y)+1, len(codes) >= len(idx) and len(rs) >= len(y).
Requires: AVX, AVX2, FMA3.`},
	}
}

// qfusedFile is qfused_amd64.s.
func qfusedFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(`The fused quantized SpMV kernels: the float32 SpMV loop with the values
decoded from their codes in the loop.

Registers: DI y, SI x, DX ptr, R9 idx, R10 len(idx), R11 codes, BX rs, AX
the row, R12 the entry, R13 the row's end; R8, R14, R15 and CX scratch; Y14
the sign bit in every lane, Y15 len(x) xor the sign bit (the unsigned range
check as a signed compare), X13 alpha, X12 beta, Y0 and Y1 the row's
accumulators, X2 its scalar sum.`)
	f.text("QSpMVI8RowAVX2", 0, "AVX, AVX2, FMA3", "")
	p := "qi8avx2"
	f.i("MOVQ y_base+0(FP), DI")
	f.i("MOVQ x_base+24(FP), SI")
	f.i("MOVQ ptr_base+48(FP), DX")
	f.i("MOVQ idx_base+72(FP), R9")
	f.i("MOVQ idx_len+80(FP), R10")
	f.i("MOVQ codes_base+96(FP), R11")
	f.i("MOVQ rs_base+120(FP), BX")
	f.i("MOVQ $0x8000000000000000, R14")
	f.i("MOVQ R14, X14")
	f.i("VPBROADCASTQ X14, Y14")
	f.i("XORQ x_len+32(FP), R14")
	f.i("MOVQ R14, X15")
	f.i("VPBROADCASTQ X15, Y15")
	f.i("VMOVSS alpha+144(FP), X13")
	f.i("VMOVSS beta+148(FP), X12")
	f.i("XORQ AX, AX")
	f.label(p + "row")
	f.i("CMPQ AX, y_len+8(FP)")
	f.i("JAE %sdone", p)
	f.i("MOVQ (DX)(AX*8), R12")
	f.i("MOVQ 8(DX)(AX*8), R13")
	f.c("clamp the row to 0..len(idx)")
	f.i("CMPQ R12, R10")
	f.i("CMOVQHI R10, R12")
	f.i("CMPQ R13, R10")
	f.i("CMOVQHI R10, R13")
	f.i("CMPQ R13, R12")
	f.i("CMOVQCS R12, R13")
	f.i("VXORPS Y0, Y0, Y0")
	f.i("VXORPS Y1, Y1, Y1")
	f.i("VXORPS X2, X2, X2")
	f.label(p + "by16")
	f.i("LEAQ 16(R12), CX")
	f.i("CMPQ CX, R13")
	f.i("JA %stail", p)
	for i, r := range []string{"Y3", "Y4", "Y5", "Y6"} {
		f.i("VPXOR %d(R9)(R12*8), Y14, %s", 32*i, r)
		f.i("VPCMPGTQ %s, Y15, %s", r, r)
	}
	f.i("VPAND Y4, Y3, Y3")
	f.i("VPAND Y6, Y5, Y5")
	f.i("VPAND Y5, Y3, Y3")
	f.i("VMOVMSKPD Y3, R14")
	f.i("CMPL R14, $15")
	f.i("JNE %stail", p) // an index out of range: the rest one by one
	f.i("PREFETCHT0 2048(R9)(R12*8)")
	f.i("PREFETCHT0 2112(R9)(R12*8)")
	f.i("PREFETCHT0 256(R11)(R12*1)")
	for h, acc := range []string{"Y0", "Y1"} {
		lo, hi, v := "X8", "X9", "Y8"
		c := "Y10"
		if h == 1 {
			lo, hi, v, c = "X4", "X5", "Y4", "Y11"
		}
		o := 64 * h
		// x[idx[k]] for the 8 entries: 4 into lo, 4 into hi
		f.i("MOVQ %d(R9)(R12*8), R8", o)
		f.i("MOVQ %d(R9)(R12*8), R14", o+8)
		f.i("MOVQ %d(R9)(R12*8), R15", o+16)
		f.i("VMOVSS (SI)(R8*4), %s", lo)
		f.i("MOVQ %d(R9)(R12*8), R8", o+24)
		f.i("VINSERTPS $0x10, (SI)(R14*4), %s, %s", lo, lo)
		f.i("MOVQ %d(R9)(R12*8), R14", o+32)
		f.i("VINSERTPS $0x20, (SI)(R15*4), %s, %s", lo, lo)
		f.i("MOVQ %d(R9)(R12*8), R15", o+40)
		f.i("VINSERTPS $0x30, (SI)(R8*4), %s, %s", lo, lo)
		f.i("MOVQ %d(R9)(R12*8), R8", o+48)
		f.i("VMOVSS (SI)(R14*4), %s", hi)
		f.i("MOVQ %d(R9)(R12*8), R14", o+56)
		f.i("VINSERTPS $0x10, (SI)(R15*4), %s, %s", hi, hi)
		f.i("VINSERTPS $0x20, (SI)(R8*4), %s, %s", hi, hi)
		f.i("VINSERTPS $0x30, (SI)(R14*4), %s, %s", hi, hi)
		f.i("VINSERTF128 $1, %s, %s, %s", hi, v, v)
		f.i("VPMOVSXBD %d(R11)(R12*1), %s", 8*h, c)
		f.i("VCVTDQ2PS %s, %s", c, c)
		f.i("VFMADD231PS %s, %s, %s", c, v, acc)
	}
	f.i("MOVQ CX, R12")
	f.i("JMP %sby16", p)
	f.label(p + "tail")
	f.i("CMPQ R12, R13")
	f.i("JAE %ssum", p)
	f.i("MOVQ (R9)(R12*8), R8")
	f.i("CMPQ R8, x_len+32(FP)")
	f.i("JAE %sskip", p)
	f.i("MOVBLSX (R11)(R12*1), R14")
	f.i("VCVTSI2SSL R14, X8, X8")
	f.i("VFMADD231SS (SI)(R8*4), X8, X2")
	f.label(p + "skip")
	f.i("INCQ R12")
	f.i("JMP %stail", p)
	f.label(p + "sum")
	f.i("VADDPS Y1, Y0, Y0")
	f.i("VEXTRACTF128 $1, Y0, X1")
	f.i("VADDPS X1, X0, X0")
	f.i("VMOVHLPS X0, X0, X1")
	f.i("VADDPS X1, X0, X0")
	f.i("VMOVSHDUP X0, X1")
	f.i("VADDSS X1, X0, X0")
	f.i("VADDSS X0, X2, X2")
	f.i("VMULSS (BX)(AX*4), X2, X2")
	f.i("VMULSS X13, X2, X0")
	f.i("CMPL beta+148(FP), $0")
	f.i("JEQ %snobeta", p)
	f.i("VFMADD231SS (DI)(AX*4), X12, X0")
	f.label(p + "nobeta")
	f.i("VMOVSS X0, (DI)(AX*4)")
	f.i("INCQ AX")
	f.i("JMP %srow", p)
	f.label(p + "done")
	f.i("VZEROUPPER")
	f.i("RET")
	return f.String()
}
