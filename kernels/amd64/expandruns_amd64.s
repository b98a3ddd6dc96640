//go:build !purego && !noasm && gc

#include "textflag.h"

// Run fill (ExpandPos and ExpandRuns with stride 1). For each run the pos
// pair is loaded and clamped with CMOVs (so any pos is memory-safe), the
// value is broadcast, and the run is written with full vector stores plus one
// overlapping vector store ending exactly at hi; runs shorter than a vector
// use 16/8-byte stores (AVX2) or one masked store (AVX-512). Nothing outside
// dst[lo:hi] is written. The kernel returns to Go after about MaxRun
// elements, and before a run longer than MaxRun, which Go fills.

// func ExpandRunsAVX2(dst, ptr, vals []uint64, first uint64) int
// Requires: AVX, AVX2, CMOV
TEXT ·ExpandRunsAVX2(SB), NOSPLIT, $0-88
	MOVQ dst_base+0(FP), DI   // DI = &dst[0]
	MOVQ dst_len+8(FP), R8    // R8 = len(dst), the clamp
	MOVQ ptr_base+24(FP), SI  // SI = &ptr[k]
	MOVQ ptr_len+32(FP), CX
	MOVQ vals_base+48(FP), R9 // R9 = &vals[0]
	MOVQ vals_len+56(FP), R12 // R12 = 0: values are first+k
	MOVQ first+72(FP), R10    // R10 = first
	XORQ AX, AX               // AX = k
	XORQ R11, R11             // R11 = elements written
	SUBQ $1, CX               // CX = runs
	JLE  done

loop:
	// lo, hi := clamp(ptr[k], ptr[k+1], len(dst))
	MOVQ    (SI), BX
	MOVQ    8(SI), DX
	CMPQ    BX, R8
	CMOVQHI R8, BX
	CMPQ    DX, R8
	CMOVQHI R8, DX
	CMPQ    DX, BX
	CMOVQCS BX, DX
	SUBQ    BX, DX            // DX = n = hi - lo
	CMPQ    DX, $0x10000
	JHI     done              // a run longer than MaxRun: Go fills it
	LEAQ    (DI)(BX*8), BX    // BX = &dst[lo]

	// V = broadcast(len(vals) > 0 ? vals[k] : first + k)
	TESTQ R12, R12
	JZ    counter
	VPBROADCASTQ (R9)(AX*8), Y0
	JMP   fill

counter:
	LEAQ  (R10)(AX*1), R13
	VMOVQ R13, X0
	VPBROADCASTQ X0, Y0

fill:
	// if n >= 4 { vector stores, last one overlapping, ending at hi }
	CMPQ DX, $4
	JCS  small
	LEAQ -32(BX)(DX*8), R13 // R13 = &dst[hi-4]

fill4:
	CMPQ    BX, R13
	JCC     lastvec
	VMOVDQU Y0, (BX)
	ADDQ    $32, BX
	JMP     fill4

lastvec:
	VMOVDQU Y0, (R13)
	JMP     next

small:
	// n < 4: a 16-byte store if n&2, an 8-byte store if n&1
	TESTQ   $2, DX
	JZ      one
	VMOVDQU X0, (BX)
	ADDQ    $16, BX

one:
	TESTQ $1, DX
	JZ    next
	VMOVQ X0, (BX)

next:
	// k++; stop after MaxRun elements
	ADDQ $8, SI
	INCQ AX
	ADDQ DX, R11
	CMPQ R11, $0x10000
	JCC  done
	CMPQ AX, CX
	JLT  loop

done:
	MOVQ AX, ret+80(FP)
	VZEROUPPER
	RET

// func ExpandRunsAVX512(dst, ptr, vals []uint64, first uint64) int
// Requires: AVX512F, AVX512DQ, BMI2, CMOV
TEXT ·ExpandRunsAVX512(SB), NOSPLIT, $0-88
	MOVQ dst_base+0(FP), DI   // DI = &dst[0]
	MOVQ dst_len+8(FP), R8    // R8 = len(dst), the clamp
	MOVQ ptr_base+24(FP), SI  // SI = &ptr[k]
	MOVQ ptr_len+32(FP), CX
	MOVQ vals_base+48(FP), R9 // R9 = &vals[0]
	MOVQ vals_len+56(FP), R12 // R12 = 0: values are first+k
	MOVQ first+72(FP), R10    // R10 = first
	XORQ AX, AX               // AX = k
	XORQ R11, R11             // R11 = elements written
	SUBQ $1, CX               // CX = runs
	JLE  done

loop:
	// lo, hi := clamp(ptr[k], ptr[k+1], len(dst))
	MOVQ    (SI), BX
	MOVQ    8(SI), DX
	CMPQ    BX, R8
	CMOVQHI R8, BX
	CMPQ    DX, R8
	CMOVQHI R8, DX
	CMPQ    DX, BX
	CMOVQCS BX, DX
	SUBQ    BX, DX            // DX = n = hi - lo
	CMPQ    DX, $0x10000
	JHI     done              // a run longer than MaxRun: Go fills it
	LEAQ    (DI)(BX*8), BX    // BX = &dst[lo]

	// V = broadcast(len(vals) > 0 ? vals[k] : first + k)
	TESTQ R12, R12
	JZ    counter
	VPBROADCASTQ (R9)(AX*8), Z0
	JMP   fill

counter:
	LEAQ  (R10)(AX*1), R13
	VMOVQ R13, X0
	VPBROADCASTQ X0, Z0

fill:
	// if n >= 8 { vector stores, last one overlapping, ending at hi }
	CMPQ DX, $8
	JCS  small
	LEAQ -64(BX)(DX*8), R13 // R13 = &dst[hi-8]

fill8:
	CMPQ      BX, R13
	JCC       lastvec
	VMOVDQU64 Z0, (BX)
	ADDQ      $64, BX
	JMP       fill8

lastvec:
	VMOVDQU64 Z0, (R13)
	JMP       next

small:
	// n < 8: one store masked to the first n lanes
	MOVL      $0xff, R13
	BZHIL     DX, R13, R13
	KMOVB     R13, K1
	VMOVDQU64 Z0, K1, (BX)

next:
	// k++; stop after MaxRun elements
	ADDQ $8, SI
	INCQ AX
	ADDQ DX, R11
	CMPQ R11, $0x10000
	JCC  done
	CMPQ AX, CX
	JLT  loop

done:
	MOVQ AX, ret+80(FP)
	VZEROUPPER
	RET
