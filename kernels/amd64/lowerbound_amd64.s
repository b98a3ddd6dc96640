//go:build !purego && !noasm && gc

#include "textflag.h"

// Lower bound in a sorted []uint64.
//
// Phase 1, while the window holds more than 32 elements: the branch-free
// halving of lowerBoundGeneric (CMOV, no predicted branch), prefetching the
// two positions the next step may probe so that on large slices the next
// miss overlaps the current one:
//
//	for n > 32 {
//		half := n >> 1
//		prefetch s[base+(n-half)>>1-1], s[base+half+(n-half)>>1-1]
//		if s[base+half-1] < key { base += half }
//		n -= half
//	}
//
// Phase 2: the answer is base + #{j < n : s[base+j] < key}, counted with
// vector compares (this is also the whole search for n <= 32, where it beats
// a chain of dependent loads). AVX2 compares signed in the sign-flipped
// domain and counts by subtracting the all-ones lanes; a scalar CMP/ADC
// loop takes the last n%4 elements. AVX-512 compares with VPCMPUQ into a mask
// and POPCNTs it; the last partial vector is a masked (fault-suppressing)
// load.

// func LowerBoundAVX2(s []uint64, key uint64) int
// Requires: AVX, AVX2, CMOV, POPCNT
TEXT ·LowerBoundAVX2(SB), NOSPLIT, $0-40
	MOVQ s_base+0(FP), SI // SI = &s[0]
	MOVQ s_len+8(FP), CX  // CX = n, the window length
	MOVQ key+24(FP), DX   // DX = key
	MOVQ SI, BX           // BX = &s[base]

narrow:
	CMPQ       CX, $32
	JLE        count
	MOVQ       CX, R8
	SHRQ       $1, R8            // R8 = half
	LEAQ       (BX)(R8*8), R10   // R10 = &s[base+half]
	MOVQ       CX, R11
	SUBQ       R8, R11
	SHRQ       $1, R11           // R11 = next half
	PREFETCHT0 -8(BX)(R11*8)
	PREFETCHT0 -8(R10)(R11*8)
	CMPQ       -8(R10), DX       // CF = s[base+half-1] < key
	CMOVQCS    R10, BX
	SUBQ       R8, CX
	JMP        narrow

count:
	MOVQ         BX, R9            // R9 = &s[base], kept for the result
	VPBROADCASTQ signbit<>(SB), Y15 // SIGN
	VPBROADCASTQ key+24(FP), Y14
	VPXOR        Y15, Y14, Y14     // KEY ^ SIGN
	XORQ         AX, AX            // AX = count

loop8:
	// for n >= 8 { AX += popcount(movmsk(key > s[j:j+8])) }
	CMPQ      CX, $8
	JLT       loop4
	VPXOR     (BX), Y15, Y2
	VPXOR     32(BX), Y15, Y3
	VPCMPGTQ  Y2, Y14, Y2
	VPCMPGTQ  Y3, Y14, Y3
	VMOVMSKPD Y2, R8
	VMOVMSKPD Y3, R10
	SHLL      $4, R10
	ORL       R10, R8
	POPCNTL   R8, R8
	ADDQ      R8, AX
	ADDQ      $64, BX
	SUBQ      $8, CX
	JMP       loop8

loop4:
	CMPQ      CX, $4
	JLT       tail
	VPXOR     (BX), Y15, Y2
	VPCMPGTQ  Y2, Y14, Y2
	VMOVMSKPD Y2, R8
	POPCNTL   R8, R8
	ADDQ      R8, AX
	ADDQ      $32, BX
	SUBQ      $4, CX

tail:
	// for n > 0 { AX += s[j] < key }
	TESTQ CX, CX
	JZ    done
	CMPQ  (BX), DX
	ADCQ  $0, AX
	ADDQ  $8, BX
	DECQ  CX
	JMP   tail

done:
	// return base + count
	SUBQ R9, SI
	NEGQ SI
	SHRQ $3, SI
	ADDQ SI, AX
	MOVQ AX, ret+32(FP)
	VZEROUPPER
	RET

// func LowerBoundAVX512(s []uint64, key uint64) int
// Requires: AVX512F, AVX512DQ, BMI2, CMOV, POPCNT
TEXT ·LowerBoundAVX512(SB), NOSPLIT, $0-40
	MOVQ s_base+0(FP), SI // SI = &s[0]
	MOVQ s_len+8(FP), CX  // CX = n
	MOVQ key+24(FP), DX   // DX = key
	MOVQ SI, BX           // BX = &s[base]

narrow:
	CMPQ       CX, $32
	JLE        count
	MOVQ       CX, R8
	SHRQ       $1, R8            // R8 = half
	LEAQ       (BX)(R8*8), R10   // R10 = &s[base+half]
	MOVQ       CX, R11
	SUBQ       R8, R11
	SHRQ       $1, R11           // R11 = next half
	PREFETCHT0 -8(BX)(R11*8)
	PREFETCHT0 -8(R10)(R11*8)
	CMPQ       -8(R10), DX       // CF = s[base+half-1] < key
	CMOVQCS    R10, BX
	SUBQ       R8, CX
	JMP        narrow

count:
	MOVQ         BX, R9            // R9 = &s[base]
	VPBROADCASTQ key+24(FP), Z15   // KEY
	XORQ         AX, AX            // AX = count

loop8:
	// for n >= 8 { AX += popcount(key > s[j:j+8]) }
	CMPQ    CX, $8
	JLT     last
	VPCMPUQ $6, (BX), Z15, K1 // K1 = key > s
	KMOVB   K1, R8
	POPCNTL R8, R8
	ADDQ    R8, AX
	ADDQ    $64, BX
	SUBQ    $8, CX
	JMP     loop8

last:
	// n < 8 left: masked (fault-suppressing) load of n lanes
	TESTQ       CX, CX
	JZ          done
	MOVL        $0xff, R8
	BZHIL       CX, R8, R8
	KMOVB       R8, K2
	VMOVDQU64.Z (BX), K2, Z1
	VPCMPUQ     $6, Z1, Z15, K2, K1
	KMOVB       K1, R8
	POPCNTL     R8, R8
	ADDQ        R8, AX

done:
	// return base + count
	SUBQ R9, SI
	NEGQ SI
	SHRQ $3, SI
	ADDQ SI, AX
	MOVQ AX, ret+32(FP)
	VZEROUPPER
	RET

DATA signbit<>+0(SB)/8, $0x8000000000000000
GLOBL signbit<>(SB), RODATA|NOPTR, $8
