//go:build !purego && !noasm && gc

// Hand-written (not avo; see the commit message). SpMV row loop with
// AVX-512 gathers (the AVX2 path is spmv_scalar_amd64.s: 4-lane
// VGATHERQPD/VGATHERQPS kernels were measured slower than scalar FMA chains
// on the Zen 5 test machine and removed; see git history):
//
//	for i := range y {
//		lo, hi := clamp(ptr[i], ptr[i+1], len(idx))
//		var s T
//		for k := lo; k < hi; k++ {
//			if idx[k] < len(x) { s += vals[k] * x[idx[k]] }
//		}
//		y[i] = alpha*s + (beta != 0 ? beta*y[i] : 0)
//	}
//
// Registers by role (both kernels):
//	DI y base        CX rows        SI x base      R8 len(x)
//	DX ptr base      R9 idx base    R10 nnz        R11 vals base
//	AX row i         R12 k (lo)     R13 hi         BX raw ptr[i+1] (next lo)
//	R14, R15 scratch

#include "textflag.h"

// clamp R12 (lo) and R13 (hi) into 0..R10 with hi >= lo, as clampRange.
#define CLAMP \
	CMPQ    R12, R10 \
	CMOVQHI R10, R12 \
	CMPQ    R13, R10 \
	CMOVQHI R10, R13 \
	CMPQ    R13, R12 \
	CMOVQCS R12, R13

// func SpMVF64AVX512(y, x []float64, ptr, idx []uint64, vals []float64, alpha, beta float64)
// Requires: AVX512F, AVX512VL, BMI2, FMA3
//	Z30 = len(x) per lane; K1 = lanes in range, K2 = its copy for the gather
//	(which clears it); Z0..Z3 partial sums; R14 = entries left in the row.
TEXT ·SpMVF64AVX512(SB), NOSPLIT, $0-136
	MOVQ y_base+0(FP), DI
	MOVQ y_len+8(FP), CX
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), R8
	MOVQ ptr_base+48(FP), DX
	MOVQ idx_base+72(FP), R9
	MOVQ idx_len+80(FP), R10
	MOVQ vals_base+96(FP), R11

	VPBROADCASTQ R8, Z30
	VMOVSD       alpha+120(FP), X13
	VMOVSD       beta+128(FP), X12

	XORQ AX, AX
	MOVQ (DX), BX

f64avx512row:
	CMPQ AX, CX
	JAE  f64avx512done
	MOVQ BX, R12
	MOVQ 8(DX)(AX*8), R13
	MOVQ R13, BX
	CLAMP
	MOVQ   R13, R14
	SUBQ   R12, R14
	VPXORQ Z0, Z0, Z0
	VPXORQ Z1, Z1, Z1
	VPXORQ Z2, Z2, Z2
	VPXORQ Z3, Z3, Z3

f64avx512by32:
	CMPQ R14, $32
	JB   f64avx512by8
	VMOVDQU64   (R9)(R12*8), Z4
	VMOVDQU64   64(R9)(R12*8), Z5
	VMOVDQU64   128(R9)(R12*8), Z6
	VMOVDQU64   192(R9)(R12*8), Z7
	VPCMPUQ     $1, Z30, Z4, K1
	VPCMPUQ     $1, Z30, Z5, K3
	VPCMPUQ     $1, Z30, Z6, K5
	VPCMPUQ     $1, Z30, Z7, K7
	KMOVB       K1, K2
	KMOVB       K3, K4
	KMOVB       K5, K6
	VPXORQ      Z8, Z8, Z8
	VPXORQ      Z9, Z9, Z9
	VPXORQ      Z10, Z10, Z10
	VPXORQ      Z11, Z11, Z11
	VGATHERQPD  (SI)(Z4*8), K2, Z8
	VGATHERQPD  (SI)(Z5*8), K4, Z9
	VGATHERQPD  (SI)(Z6*8), K6, Z10
	KMOVB       K7, K2
	VGATHERQPD  (SI)(Z7*8), K2, Z11
	VFMADD231PD (R11)(R12*8), Z8, K1, Z0
	VFMADD231PD 64(R11)(R12*8), Z9, K3, Z1
	VFMADD231PD 128(R11)(R12*8), Z10, K5, Z2
	VFMADD231PD 192(R11)(R12*8), Z11, K7, Z3
	ADDQ        $32, R12
	SUBQ        $32, R14
	JMP         f64avx512by32

f64avx512by8:
	CMPQ R14, $8
	JB   f64avx512tail
	VMOVDQU64   (R9)(R12*8), Z4
	VPCMPUQ     $1, Z30, Z4, K1
	KMOVB       K1, K2
	VPXORQ      Z8, Z8, Z8
	VGATHERQPD  (SI)(Z4*8), K2, Z8
	VFMADD231PD (R11)(R12*8), Z8, K1, Z0
	ADDQ        $8, R12
	SUBQ        $8, R14
	JMP         f64avx512by8

f64avx512tail:
	// 0..7 entries: masked loads do not touch masked-out lanes.
	TESTQ R14, R14
	JZ    f64avx512reduce
	MOVL        $0xff, R15
	BZHIQ       R14, R15, R15
	KMOVB       R15, K3
	VMOVDQU64.Z (R9)(R12*8), K3, Z4
	VPCMPUQ     $1, Z30, Z4, K3, K1
	KMOVB       K1, K2
	VPXORQ      Z8, Z8, Z8
	VGATHERQPD  (SI)(Z4*8), K2, Z8
	VFMADD231PD (R11)(R12*8), Z8, K1, Z1

f64avx512reduce:
	VADDPD        Z1, Z0, Z0
	VADDPD        Z3, Z2, Z2
	VADDPD        Z2, Z0, Z0
	VEXTRACTF64X4 $1, Z0, Y1
	VADDPD        Y1, Y0, Y0
	VEXTRACTF128  $1, Y0, X1
	VADDPD        X1, X0, X0
	VPERMILPD     $1, X0, X1
	VADDSD        X1, X0, X0
	VMULSD        X13, X0, X0
	CMPQ          beta+128(FP), $0
	JEQ           f64avx512nobeta
	VFMADD231SD   (DI)(AX*8), X12, X0

f64avx512nobeta:
	VMOVSD X0, (DI)(AX*8)
	INCQ   AX
	JMP    f64avx512row

f64avx512done:
	VZEROUPPER
	RET

// func SpMVF32AVX512(y, x []float32, ptr, idx []uint64, vals []float32, alpha, beta float32)
// Requires: AVX512F, AVX512VL, BMI2, FMA3
//	As SpMVF64AVX512; each 8-lane qword index vector gathers 8 floats into a
//	YMM register, Y0..Y3 are the partial sums.
TEXT ·SpMVF32AVX512(SB), NOSPLIT, $0-128
	MOVQ y_base+0(FP), DI
	MOVQ y_len+8(FP), CX
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), R8
	MOVQ ptr_base+48(FP), DX
	MOVQ idx_base+72(FP), R9
	MOVQ idx_len+80(FP), R10
	MOVQ vals_base+96(FP), R11

	VPBROADCASTQ R8, Z30
	VMOVSS       alpha+120(FP), X13
	VMOVSS       beta+124(FP), X12

	XORQ AX, AX
	MOVQ (DX), BX

f32avx512row:
	CMPQ AX, CX
	JAE  f32avx512done
	MOVQ BX, R12
	MOVQ 8(DX)(AX*8), R13
	MOVQ R13, BX
	CLAMP
	MOVQ   R13, R14
	SUBQ   R12, R14
	VPXORQ Y0, Y0, Y0
	VPXORQ Y1, Y1, Y1
	VPXORQ Y2, Y2, Y2
	VPXORQ Y3, Y3, Y3

f32avx512by32:
	CMPQ R14, $32
	JB   f32avx512by8
	VMOVDQU64   (R9)(R12*8), Z4
	VMOVDQU64   64(R9)(R12*8), Z5
	VMOVDQU64   128(R9)(R12*8), Z6
	VMOVDQU64   192(R9)(R12*8), Z7
	VPCMPUQ     $1, Z30, Z4, K1
	VPCMPUQ     $1, Z30, Z5, K3
	VPCMPUQ     $1, Z30, Z6, K5
	VPCMPUQ     $1, Z30, Z7, K7
	KMOVB       K1, K2
	KMOVB       K3, K4
	KMOVB       K5, K6
	VPXORQ      Y8, Y8, Y8
	VPXORQ      Y9, Y9, Y9
	VPXORQ      Y10, Y10, Y10
	VPXORQ      Y11, Y11, Y11
	VGATHERQPS  (SI)(Z4*4), K2, Y8
	VGATHERQPS  (SI)(Z5*4), K4, Y9
	VGATHERQPS  (SI)(Z6*4), K6, Y10
	KMOVB       K7, K2
	VGATHERQPS  (SI)(Z7*4), K2, Y11
	VFMADD231PS (R11)(R12*4), Y8, K1, Y0
	VFMADD231PS 32(R11)(R12*4), Y9, K3, Y1
	VFMADD231PS 64(R11)(R12*4), Y10, K5, Y2
	VFMADD231PS 96(R11)(R12*4), Y11, K7, Y3
	ADDQ        $32, R12
	SUBQ        $32, R14
	JMP         f32avx512by32

f32avx512by8:
	CMPQ R14, $8
	JB   f32avx512tail
	VMOVDQU64   (R9)(R12*8), Z4
	VPCMPUQ     $1, Z30, Z4, K1
	KMOVB       K1, K2
	VPXORQ      Y8, Y8, Y8
	VGATHERQPS  (SI)(Z4*4), K2, Y8
	VFMADD231PS (R11)(R12*4), Y8, K1, Y0
	ADDQ        $8, R12
	SUBQ        $8, R14
	JMP         f32avx512by8

f32avx512tail:
	TESTQ R14, R14
	JZ    f32avx512reduce
	MOVL        $0xff, R15
	BZHIQ       R14, R15, R15
	KMOVB       R15, K3
	VMOVDQU64.Z (R9)(R12*8), K3, Z4
	VPCMPUQ     $1, Z30, Z4, K3, K1
	KMOVB       K1, K2
	VPXORQ      Y8, Y8, Y8
	VGATHERQPS  (SI)(Z4*4), K2, Y8
	VFMADD231PS (R11)(R12*4), Y8, K1, Y1

f32avx512reduce:
	VADDPS       Y1, Y0, Y0
	VADDPS       Y3, Y2, Y2
	VADDPS       Y2, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VADDPS       X1, X0, X0
	VMOVHLPS     X0, X0, X1
	VADDPS       X1, X0, X0
	VMOVSHDUP    X0, X1
	VADDSS       X1, X0, X0
	VMULSS       X13, X0, X0
	CMPL         beta+124(FP), $0
	JEQ          f32avx512nobeta
	VFMADD231SS  (DI)(AX*4), X12, X0

f32avx512nobeta:
	VMOVSS X0, (DI)(AX*4)
	INCQ   AX
	JMP    f32avx512row

f32avx512done:
	VZEROUPPER
	RET
