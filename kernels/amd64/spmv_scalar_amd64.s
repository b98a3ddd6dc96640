//go:build !purego && !noasm && gc

// Hand-written. SpMV row loop without gathers: eight independent scalar FMA
// chains per row, each entry one index load, one value load and one x load
// (x[idx] as the FMA's memory operand), then a horizontal sum. On the Zen 5
// test machine this issues faster than VGATHERQPD/VGATHERQPS.
//
//	for i := range y {
//		lo, hi := clamp(ptr[i], ptr[i+1], len(idx))
//		var s [8]T                      // entry k of a block of 8 goes to s[k%8], the rest to s[0]
//		for k := lo; k < hi; k++ {
//			if idx[k] < len(x) { s[k%8] += vals[k] * x[idx[k]] }
//		}
//		y[i] = alpha*(pairwise sum of s) + (beta != 0 ? beta*y[i] : 0)
//	}
//
// Registers by role:
//	DI y base        CX rows        SI x base      R8 len(x)
//	DX ptr base      R9 idx base    R10 nnz        R11 vals base
//	AX row i         R12 k          R13 hi         BX raw ptr[i+1]
//	R14 index        R15 k+8        X0..X7 sums    X13 alpha, X12 beta
//	X8..X11 values (eight chains: with FMA latency 4, four chains held the
//	loop to one entry per cycle)

#include "textflag.h"

#define CLAMP \
	CMPQ    R12, R10 \
	CMOVQHI R10, R12 \
	CMPQ    R13, R10 \
	CMOVQHI R10, R13 \
	CMPQ    R13, R12 \
	CMOVQCS R12, R13

// func SpMVF64Scalar(y, x []float64, ptr, idx []uint64, vals []float64, alpha, beta float64)
// Requires: AVX, FMA3
TEXT ·SpMVF64Scalar(SB), NOSPLIT, $0-136
	MOVQ y_base+0(FP), DI
	MOVQ y_len+8(FP), CX
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), R8
	MOVQ ptr_base+48(FP), DX
	MOVQ idx_base+72(FP), R9
	MOVQ idx_len+80(FP), R10
	MOVQ vals_base+96(FP), R11
	VMOVSD alpha+120(FP), X13
	VMOVSD beta+128(FP), X12
	XORQ AX, AX
	MOVQ (DX), BX
spmvf64scalarrow:
	CMPQ AX, CX
	JAE spmvf64scalardone
	MOVQ BX, R12
	MOVQ 8(DX)(AX*8), R13
	MOVQ R13, BX
	CLAMP
	VXORPS X0, X0, X0
	VXORPS X1, X1, X1
	VXORPS X2, X2, X2
	VXORPS X3, X3, X3
	VXORPS X4, X4, X4
	VXORPS X5, X5, X5
	VXORPS X6, X6, X6
	VXORPS X7, X7, X7
spmvf64scalarby8:
	LEAQ 8(R12), R15
	CMPQ R15, R13
	JA spmvf64scalartail
	MOVQ 0(R9)(R12*8), R14
	CMPQ R14, R8
	JAE spmvf64scalars0
	VMOVSD 0(R11)(R12*8), X8
	VFMADD231SD (SI)(R14*8), X8, X0
spmvf64scalars0:
	MOVQ 8(R9)(R12*8), R14
	CMPQ R14, R8
	JAE spmvf64scalars1
	VMOVSD 8(R11)(R12*8), X9
	VFMADD231SD (SI)(R14*8), X9, X1
spmvf64scalars1:
	MOVQ 16(R9)(R12*8), R14
	CMPQ R14, R8
	JAE spmvf64scalars2
	VMOVSD 16(R11)(R12*8), X10
	VFMADD231SD (SI)(R14*8), X10, X2
spmvf64scalars2:
	MOVQ 24(R9)(R12*8), R14
	CMPQ R14, R8
	JAE spmvf64scalars3
	VMOVSD 24(R11)(R12*8), X11
	VFMADD231SD (SI)(R14*8), X11, X3
spmvf64scalars3:
	MOVQ 32(R9)(R12*8), R14
	CMPQ R14, R8
	JAE spmvf64scalars4
	VMOVSD 32(R11)(R12*8), X8
	VFMADD231SD (SI)(R14*8), X8, X4
spmvf64scalars4:
	MOVQ 40(R9)(R12*8), R14
	CMPQ R14, R8
	JAE spmvf64scalars5
	VMOVSD 40(R11)(R12*8), X9
	VFMADD231SD (SI)(R14*8), X9, X5
spmvf64scalars5:
	MOVQ 48(R9)(R12*8), R14
	CMPQ R14, R8
	JAE spmvf64scalars6
	VMOVSD 48(R11)(R12*8), X10
	VFMADD231SD (SI)(R14*8), X10, X6
spmvf64scalars6:
	MOVQ 56(R9)(R12*8), R14
	CMPQ R14, R8
	JAE spmvf64scalars7
	VMOVSD 56(R11)(R12*8), X11
	VFMADD231SD (SI)(R14*8), X11, X7
spmvf64scalars7:
	MOVQ R15, R12
	JMP spmvf64scalarby8
spmvf64scalartail:
	CMPQ R12, R13
	JAE spmvf64scalarsum
	MOVQ (R9)(R12*8), R14
	CMPQ R14, R8
	JAE spmvf64scalart
	VMOVSD (R11)(R12*8), X8
	VFMADD231SD (SI)(R14*8), X8, X0
spmvf64scalart:
	INCQ R12
	JMP spmvf64scalartail
spmvf64scalarsum:
	VADDSD X1, X0, X0
	VADDSD X3, X2, X2
	VADDSD X5, X4, X4
	VADDSD X7, X6, X6
	VADDSD X2, X0, X0
	VADDSD X6, X4, X4
	VADDSD X4, X0, X0
	VMULSD X13, X0, X0
	CMPQ beta+128(FP), $0
	JEQ spmvf64scalarnobeta
	VFMADD231SD (DI)(AX*8), X12, X0
spmvf64scalarnobeta:
	VMOVSD X0, (DI)(AX*8)
	INCQ AX
	JMP spmvf64scalarrow
spmvf64scalardone:
	RET

// func SpMVF32Scalar(y, x []float32, ptr, idx []uint64, vals []float32, alpha, beta float32)
// Requires: AVX, FMA3
TEXT ·SpMVF32Scalar(SB), NOSPLIT, $0-128
	MOVQ y_base+0(FP), DI
	MOVQ y_len+8(FP), CX
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), R8
	MOVQ ptr_base+48(FP), DX
	MOVQ idx_base+72(FP), R9
	MOVQ idx_len+80(FP), R10
	MOVQ vals_base+96(FP), R11
	VMOVSS alpha+120(FP), X13
	VMOVSS beta+124(FP), X12
	XORQ AX, AX
	MOVQ (DX), BX
spmvf32scalarrow:
	CMPQ AX, CX
	JAE spmvf32scalardone
	MOVQ BX, R12
	MOVQ 8(DX)(AX*8), R13
	MOVQ R13, BX
	CLAMP
	VXORPS X0, X0, X0
	VXORPS X1, X1, X1
	VXORPS X2, X2, X2
	VXORPS X3, X3, X3
	VXORPS X4, X4, X4
	VXORPS X5, X5, X5
	VXORPS X6, X6, X6
	VXORPS X7, X7, X7
spmvf32scalarby8:
	LEAQ 8(R12), R15
	CMPQ R15, R13
	JA spmvf32scalartail
	MOVQ 0(R9)(R12*8), R14
	CMPQ R14, R8
	JAE spmvf32scalars0
	VMOVSS 0(R11)(R12*4), X8
	VFMADD231SS (SI)(R14*4), X8, X0
spmvf32scalars0:
	MOVQ 8(R9)(R12*8), R14
	CMPQ R14, R8
	JAE spmvf32scalars1
	VMOVSS 4(R11)(R12*4), X9
	VFMADD231SS (SI)(R14*4), X9, X1
spmvf32scalars1:
	MOVQ 16(R9)(R12*8), R14
	CMPQ R14, R8
	JAE spmvf32scalars2
	VMOVSS 8(R11)(R12*4), X10
	VFMADD231SS (SI)(R14*4), X10, X2
spmvf32scalars2:
	MOVQ 24(R9)(R12*8), R14
	CMPQ R14, R8
	JAE spmvf32scalars3
	VMOVSS 12(R11)(R12*4), X11
	VFMADD231SS (SI)(R14*4), X11, X3
spmvf32scalars3:
	MOVQ 32(R9)(R12*8), R14
	CMPQ R14, R8
	JAE spmvf32scalars4
	VMOVSS 16(R11)(R12*4), X8
	VFMADD231SS (SI)(R14*4), X8, X4
spmvf32scalars4:
	MOVQ 40(R9)(R12*8), R14
	CMPQ R14, R8
	JAE spmvf32scalars5
	VMOVSS 20(R11)(R12*4), X9
	VFMADD231SS (SI)(R14*4), X9, X5
spmvf32scalars5:
	MOVQ 48(R9)(R12*8), R14
	CMPQ R14, R8
	JAE spmvf32scalars6
	VMOVSS 24(R11)(R12*4), X10
	VFMADD231SS (SI)(R14*4), X10, X6
spmvf32scalars6:
	MOVQ 56(R9)(R12*8), R14
	CMPQ R14, R8
	JAE spmvf32scalars7
	VMOVSS 28(R11)(R12*4), X11
	VFMADD231SS (SI)(R14*4), X11, X7
spmvf32scalars7:
	MOVQ R15, R12
	JMP spmvf32scalarby8
spmvf32scalartail:
	CMPQ R12, R13
	JAE spmvf32scalarsum
	MOVQ (R9)(R12*8), R14
	CMPQ R14, R8
	JAE spmvf32scalart
	VMOVSS (R11)(R12*4), X8
	VFMADD231SS (SI)(R14*4), X8, X0
spmvf32scalart:
	INCQ R12
	JMP spmvf32scalartail
spmvf32scalarsum:
	VADDSS X1, X0, X0
	VADDSS X3, X2, X2
	VADDSS X5, X4, X4
	VADDSS X7, X6, X6
	VADDSS X2, X0, X0
	VADDSS X6, X4, X4
	VADDSS X4, X0, X0
	VMULSS X13, X0, X0
	CMPL beta+124(FP), $0
	JEQ spmvf32scalarnobeta
	VFMADD231SS (DI)(AX*4), X12, X0
spmvf32scalarnobeta:
	VMOVSS X0, (DI)(AX*4)
	INCQ AX
	JMP spmvf32scalarrow
spmvf32scalardone:
	RET
