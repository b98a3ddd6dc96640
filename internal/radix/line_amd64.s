//go:build !purego && !noasm && gc

#include "textflag.h"

// func storeLines(dst, src unsafe.Pointer, n uintptr)
//
// Copies n bytes (a multiple of 16, dst 16-byte aligned) with
// non-temporal stores (SSE2, every amd64).
TEXT ·storeLines(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
loop:
	MOVOU 0(SI), X0
	MOVNTO X0, 0(DI)
	ADDQ $16, SI
	ADDQ $16, DI
	SUBQ $16, CX
	JA loop
	RET

// func storeFence()
TEXT ·storeFence(SB), NOSPLIT, $0-0
	SFENCE
	RET
