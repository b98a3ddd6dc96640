//go:build !purego && !noasm && gc

#include "textflag.h"

// Unpack 12-bit offsets packed two in three bytes (family unpack12):
// offset 2p is the low 12 bits of the little-endian 24-bit word at byte
// 3p, offset 2p+1 its high 12 bits. Eight offsets a step from 12 bytes
// (16 loaded): TBL builds word j from bytes 3(j/2)+(j&1) and the next,
// the odd words take the word shifted right by 4 (USHR, BIT under
// u12odd), and AND keeps 12 bits.
//
// Requires: NEON (ASIMD).
//
// Registers:
//
//    R0  &dst[k]    R1  &src at offset k    R2  offsets left
//    V1  u12bytes   V4  u12odd   V5  0x0FFF in every word

// func Unpack12NEON(dst []uint16, src []byte)
TEXT ·Unpack12NEON(SB), NOSPLIT, $0-48
	MOVD dst_base+0(FP), R0
	MOVD dst_len+8(FP), R2
	MOVD src_base+24(FP), R1
	MOVD $u12bytes<>(SB), R3
	VLD1 (R3), [V1.B16]
	MOVD $u12odd<>(SB), R3
	VLD1 (R3), [V4.B16]
	MOVD $0x0fff, R3
	VDUP R3, V5.H8

u12loop:
	CMP  $8, R2
	BLT  u12done
	VLD1 (R1), [V0.B16]
	VTBL V1.B16, [V0.B16], V2.B16
	VUSHR $4, V2.H8, V3.H8
	VBIT V4.B16, V3.B16, V2.B16
	VAND V5.B16, V2.B16, V2.B16
	VST1 [V2.B16], (R0)
	ADD  $12, R1
	ADD  $16, R0
	SUB  $8, R2
	B    u12loop

u12done:
	RET

// u12bytes: word j of a step from bytes 3(j/2)+(j&1) and the next; u12odd:
// the odd words' bytes.
DATA u12bytes<>+0(SB)/8, $0x0504040302010100
DATA u12bytes<>+8(SB)/8, $0x0b0a0a0908070706
GLOBL u12bytes<>(SB), RODATA|NOPTR, $16
DATA u12odd<>+0(SB)/8, $0xffff0000ffff0000
DATA u12odd<>+8(SB)/8, $0xffff0000ffff0000
GLOBL u12odd<>(SB), RODATA|NOPTR, $16
