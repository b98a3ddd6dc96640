//go:build !purego && !noasm && gc

// Hand-written. ScatterAdd row loop (transposed SpMV):
//
//	for i := range x {
//		a := alpha * x[i]
//		lo, hi := clamp(ptr[i], ptr[i+1], len(idx))
//		for k := lo; k < hi; k++ {
//			if idx[k] < len(y) { y[idx[k]] += a * vals[k] }
//		}
//	}
//
// Registers by role:
//	DI y base        R8 len(y)      SI x base      CX rows = len(x)
//	DX ptr base      R9 idx base    R10 nnz        R11 vals base
//	AX row i         R12 k          R13 hi         BX raw ptr[i+1]
//	R14 entries left R15 index j

#include "textflag.h"

#define CLAMP \
	CMPQ    R12, R10 \
	CMOVQHI R10, R12 \
	CMPQ    R13, R10 \
	CMOVQHI R10, R13 \
	CMPQ    R13, R12 \
	CMOVQCS R12, R13

// func ScatterF64AVX2(y, x []float64, ptr, idx []uint64, vals []float64, alpha float64)
// Requires: AVX, FMA3
TEXT ·ScatterF64AVX2(SB), NOSPLIT, $0-128
	MOVQ y_base+0(FP), DI
	MOVQ y_len+8(FP), R8
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), CX
	MOVQ ptr_base+48(FP), DX
	MOVQ idx_base+72(FP), R9
	MOVQ idx_len+80(FP), R10
	MOVQ vals_base+96(FP), R11
	VMOVSD alpha+120(FP), X12
	XORQ AX, AX
	MOVQ (DX), BX
scatterf64avx2row:
	CMPQ AX, CX
	JAE scatterf64avx2done
	MOVQ BX, R12
	MOVQ 8(DX)(AX*8), R13
	MOVQ R13, BX
	CLAMP
	VMULSD (SI)(AX*8), X12, X13   // a = alpha * x[i]
scatterf64avx2by2:
	LEAQ 2(R12), R14
	CMPQ R14, R13
	JA scatterf64avx2by1
	MOVQ (R9)(R12*8), R15
	CMPQ R15, R8
	JAE scatterf64avx2s0
	VMULSD (R11)(R12*8), X13, X0
	VADDSD (DI)(R15*8), X0, X0
	VMOVSD X0, (DI)(R15*8)
scatterf64avx2s0:
	MOVQ 8(R9)(R12*8), R15
	CMPQ R15, R8
	JAE scatterf64avx2s1
	VMULSD 8(R11)(R12*8), X13, X1
	VADDSD (DI)(R15*8), X1, X1
	VMOVSD X1, (DI)(R15*8)
scatterf64avx2s1:
	MOVQ R14, R12
	JMP scatterf64avx2by2
scatterf64avx2by1:
	CMPQ R12, R13
	JAE scatterf64avx2next
	MOVQ (R9)(R12*8), R15
	CMPQ R15, R8
	JAE scatterf64avx2next
	VMULSD (R11)(R12*8), X13, X0
	VADDSD (DI)(R15*8), X0, X0
	VMOVSD X0, (DI)(R15*8)
scatterf64avx2next:
	INCQ AX
	JMP scatterf64avx2row
scatterf64avx2done:
	VZEROUPPER
	RET

// func ScatterF32AVX2(y, x []float32, ptr, idx []uint64, vals []float32, alpha float32)
// Requires: AVX, FMA3
TEXT ·ScatterF32AVX2(SB), NOSPLIT, $0-124
	MOVQ y_base+0(FP), DI
	MOVQ y_len+8(FP), R8
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), CX
	MOVQ ptr_base+48(FP), DX
	MOVQ idx_base+72(FP), R9
	MOVQ idx_len+80(FP), R10
	MOVQ vals_base+96(FP), R11
	VMOVSS alpha+120(FP), X12
	XORQ AX, AX
	MOVQ (DX), BX
scatterf32avx2row:
	CMPQ AX, CX
	JAE scatterf32avx2done
	MOVQ BX, R12
	MOVQ 8(DX)(AX*8), R13
	MOVQ R13, BX
	CLAMP
	VMULSS (SI)(AX*4), X12, X13   // a = alpha * x[i]
scatterf32avx2by2:
	LEAQ 2(R12), R14
	CMPQ R14, R13
	JA scatterf32avx2by1
	MOVQ (R9)(R12*8), R15
	CMPQ R15, R8
	JAE scatterf32avx2s0
	VMULSS (R11)(R12*4), X13, X0
	VADDSS (DI)(R15*4), X0, X0
	VMOVSS X0, (DI)(R15*4)
scatterf32avx2s0:
	MOVQ 8(R9)(R12*8), R15
	CMPQ R15, R8
	JAE scatterf32avx2s1
	VMULSS 4(R11)(R12*4), X13, X1
	VADDSS (DI)(R15*4), X1, X1
	VMOVSS X1, (DI)(R15*4)
scatterf32avx2s1:
	MOVQ R14, R12
	JMP scatterf32avx2by2
scatterf32avx2by1:
	CMPQ R12, R13
	JAE scatterf32avx2next
	MOVQ (R9)(R12*8), R15
	CMPQ R15, R8
	JAE scatterf32avx2next
	VMULSS (R11)(R12*4), X13, X0
	VADDSS (DI)(R15*4), X0, X0
	VMOVSS X0, (DI)(R15*4)
scatterf32avx2next:
	INCQ AX
	JMP scatterf32avx2row
scatterf32avx2done:
	VZEROUPPER
	RET

// func ScatterF64AVX512(y, x []float64, ptr, idx []uint64, vals []float64, alpha float64)
// Requires: AVX512F, AVX512VL, BMI2
TEXT ·ScatterF64AVX512(SB), NOSPLIT, $0-128
	MOVQ y_base+0(FP), DI
	MOVQ y_len+8(FP), R8
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), CX
	MOVQ ptr_base+48(FP), DX
	MOVQ idx_base+72(FP), R9
	MOVQ idx_len+80(FP), R10
	MOVQ vals_base+96(FP), R11
	VMOVSD alpha+120(FP), X12
	VPBROADCASTQ R8, Z30
	XORQ AX, AX
	MOVQ (DX), BX
scatterf64avx512row:
	CMPQ AX, CX
	JAE scatterf64avx512done
	MOVQ BX, R12
	MOVQ 8(DX)(AX*8), R13
	MOVQ R13, BX
	CLAMP
	VMULSD (SI)(AX*8), X12, X13   // a = alpha * x[i]
	VBROADCASTSD X13, Z28
	MOVQ R13, R14
	SUBQ R12, R14
scatterf64avx512by8:
	CMPQ R14, $8
	JB scatterf64avx512tail
	VMOVDQU64 (R9)(R12*8), Z4
	VPCMPUQ $1, Z30, Z4, K1       // lanes with idx < len(y)
scatterf64avx512vec:
	KMOVB K1, K2
	VPXORQ Z8, Z8, Z8
	VGATHERQPD (DI)(Z4*8), K2, Z8
	VMULPD.Z (R11)(R12*8), Z28, K1, Z9
	VADDPD Z9, Z8, Z8
	VSCATTERQPD Z8, K1, (DI)(Z4*8)
	ADDQ $8, R12
	SUBQ $8, R14
	JMP scatterf64avx512by8
scatterf64avx512tail:
	TESTQ R14, R14
	JZ scatterf64avx512next
	MOVL $0xff, R15
	BZHIQ R14, R15, R15
	KMOVB R15, K3
	VMOVDQU64.Z (R9)(R12*8), K3, Z4
	VPCMPUQ $1, Z30, Z4, K3, K1
	MOVQ R13, R12  // the tail ends the row
	SUBQ R14, R12
	MOVQ $8, R14   // so that the shared body (8 lanes, masked) finishes it
	JMP scatterf64avx512vec
scatterf64avx512next:
	INCQ AX
	JMP scatterf64avx512row
scatterf64avx512done:
	VZEROUPPER
	RET

// func ScatterF32AVX512(y, x []float32, ptr, idx []uint64, vals []float32, alpha float32)
// Requires: AVX512F, AVX512VL, BMI2
TEXT ·ScatterF32AVX512(SB), NOSPLIT, $0-124
	MOVQ y_base+0(FP), DI
	MOVQ y_len+8(FP), R8
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), CX
	MOVQ ptr_base+48(FP), DX
	MOVQ idx_base+72(FP), R9
	MOVQ idx_len+80(FP), R10
	MOVQ vals_base+96(FP), R11
	VMOVSS alpha+120(FP), X12
	VPBROADCASTQ R8, Z30
	XORQ AX, AX
	MOVQ (DX), BX
scatterf32avx512row:
	CMPQ AX, CX
	JAE scatterf32avx512done
	MOVQ BX, R12
	MOVQ 8(DX)(AX*8), R13
	MOVQ R13, BX
	CLAMP
	VMULSS (SI)(AX*4), X12, X13   // a = alpha * x[i]
	VBROADCASTSS X13, Y28
	MOVQ R13, R14
	SUBQ R12, R14
scatterf32avx512by8:
	CMPQ R14, $8
	JB scatterf32avx512tail
	VMOVDQU64 (R9)(R12*8), Z4
	VPCMPUQ $1, Z30, Z4, K1       // lanes with idx < len(y)
scatterf32avx512vec:
	KMOVB K1, K2
	VPXORQ Y8, Y8, Y8
	VGATHERQPS (DI)(Z4*4), K2, Y8
	VMULPS.Z (R11)(R12*4), Y28, K1, Y9
	VADDPS Y9, Y8, Y8
	VSCATTERQPS Y8, K1, (DI)(Z4*4)
	ADDQ $8, R12
	SUBQ $8, R14
	JMP scatterf32avx512by8
scatterf32avx512tail:
	TESTQ R14, R14
	JZ scatterf32avx512next
	MOVL $0xff, R15
	BZHIQ R14, R15, R15
	KMOVB R15, K3
	VMOVDQU64.Z (R9)(R12*8), K3, Z4
	VPCMPUQ $1, Z30, Z4, K3, K1
	MOVQ R13, R12  // the tail ends the row
	SUBQ R14, R12
	MOVQ $8, R14   // so that the shared body (8 lanes, masked) finishes it
	JMP scatterf32avx512vec
scatterf32avx512next:
	INCQ AX
	JMP scatterf32avx512row
scatterf32avx512done:
	VZEROUPPER
	RET
