//go:build !purego && !noasm && gc

#include "textflag.h"

// crd strictly increasing within each pos segment.
//
// A descent is j with crd[j] <= crd[j-1]; it is allowed only where a segment
// starts (j is in pos). The kernel compares a block of pairs with two
// overlapping loads (predecessors one element before successors), turns the
// result into a bit mask of descents, and for each descent in order merges
// forward in pos (p only grows, so the whole check is O(len(crd)+len(pos)))
// and returns j when it does not start a segment. AVX2 compares signed in the
// sign-flipped domain (ok = next > prev, VMOVMSKPD, inverted); AVX-512 uses
// VPCMPUQ less-or-equal into masks.

// func StrictlyIncreasingAVX2(pos, crd []uint64, i, p int) (bad, next, np int)
// Requires: AVX, AVX2, BMI1
TEXT ·StrictlyIncreasingAVX2(SB), NOSPLIT, $0-88
	MOVQ pos_base+0(FP), R8  // R8 = &pos[0]
	MOVQ pos_len+8(FP), R9   // R9 = len(pos)
	MOVQ crd_base+24(FP), SI // SI = &crd[0]
	MOVQ crd_len+32(FP), CX  // CX = len(crd)
	MOVQ i+48(FP), AX        // AX = i, the first pair of the block
	MOVQ p+56(FP), BX        // BX = p

	MOVQ         $0x8000000000000000, DX
	VMOVQ        DX, X15
	VPBROADCASTQ X15, Y15 // SIGN

loop:
	// while i+8 <= len(crd): DX = mask of descents in pairs i..i+7
	LEAQ      8(AX), DX
	CMPQ      DX, CX
	JHI       out
	LEAQ      -8(SI)(AX*8), DI // DI = &crd[i-1]
	VPXOR     (DI), Y15, Y0    // prev
	VPXOR     8(DI), Y15, Y1   // next
	VPXOR     32(DI), Y15, Y2
	VPXOR     40(DI), Y15, Y3
	VPCMPGTQ  Y0, Y1, Y1       // next > prev: in order
	VPCMPGTQ  Y2, Y3, Y3
	VMOVMSKPD Y1, DX
	VMOVMSKPD Y3, R10
	SHLL      $4, R10
	ORL       R10, DX
	XORL      $0xff, DX        // descents
	JNZ       descent
	ADDQ      $8, AX
	JMP       loop

descent:
	// j := i + lowest set bit; for p < len(pos) && pos[p] < j { p++ }
	TZCNTL DX, R10
	ADDQ   AX, R10

merge:
	CMPQ BX, R9
	JCC  bad
	CMPQ (R8)(BX*8), R10
	JCC  check
	INCQ BX
	JMP  merge

check:
	// pos[p] >= j: j starts a segment only if pos[p] == j
	JNE   bad
	BLSRL DX, DX
	JNZ   descent
	ADDQ  $8, AX
	JMP   loop

bad:
	MOVQ R10, bad+64(FP)
	MOVQ AX, next+72(FP)
	MOVQ BX, np+80(FP)
	VZEROUPPER
	RET

out:
	MOVQ $-1, bad+64(FP)
	MOVQ AX, next+72(FP)
	MOVQ BX, np+80(FP)
	VZEROUPPER
	RET

// func StrictlyIncreasingAVX512(pos, crd []uint64, i, p int) (bad, next, np int)
// Requires: AVX512F, AVX512DQ, BMI1
TEXT ·StrictlyIncreasingAVX512(SB), NOSPLIT, $0-88
	MOVQ pos_base+0(FP), R8  // R8 = &pos[0]
	MOVQ pos_len+8(FP), R9   // R9 = len(pos)
	MOVQ crd_base+24(FP), SI // SI = &crd[0]
	MOVQ crd_len+32(FP), CX  // CX = len(crd)
	MOVQ i+48(FP), AX        // AX = i
	MOVQ p+56(FP), BX        // BX = p

loop:
	// while i+16 <= len(crd): DX = mask of descents in pairs i..i+15
	LEAQ      16(AX), DX
	CMPQ      DX, CX
	JHI       out
	LEAQ      -8(SI)(AX*8), DI // DI = &crd[i-1]
	VMOVDQU64 8(DI), Z0        // next
	VMOVDQU64 72(DI), Z1
	VPCMPUQ   $2, (DI), Z0, K1 // next <= prev
	VPCMPUQ   $2, 64(DI), Z1, K2
	KMOVB     K1, DX
	KMOVB     K2, R10
	SHLL      $8, R10
	ORL       R10, DX
	JNZ       descent
	ADDQ      $16, AX
	JMP       loop

descent:
	TZCNTL DX, R10
	ADDQ   AX, R10

merge:
	CMPQ BX, R9
	JCC  bad
	CMPQ (R8)(BX*8), R10
	JCC  check
	INCQ BX
	JMP  merge

check:
	JNE   bad
	BLSRL DX, DX
	JNZ   descent
	ADDQ  $16, AX
	JMP   loop

bad:
	MOVQ R10, bad+64(FP)
	MOVQ AX, next+72(FP)
	MOVQ BX, np+80(FP)
	VZEROUPPER
	RET

out:
	MOVQ $-1, bad+64(FP)
	MOVQ AX, next+72(FP)
	MOVQ BX, np+80(FP)
	VZEROUPPER
	RET
