//go:build !purego && !noasm && gc

#include "textflag.h"

// The decode kernels of quantized values on NEON: codes into float32, one
// float32 product per value (bit for bit quant.Values.At), four values (one
// vector) a step. The scale of each value comes by its group: the first rem
// values in group 0, then b values a group (b >= 4), or b == 0 for a scale
// (and zero point) per value. Each vector's scales are the current group's
// broadcast scale; where the group ends inside the vector (m = values left
// in it < 4), the next group's broadcast scale is put in the lanes from m on
// with VBIT under a mask of the lanes before m (dqmask).
//
// The kernels decode whole vectors only, n = len(dst) rounded down to a
// multiple of 4, and return n; the caller decodes the tail (and, for 4-bit
// codes, a first value at an odd nibble: the 4-bit kernel starts on a low
// nibble). They assume rem >= 1, b == 0 or b >= 4, codes holding the codes
// of the values decoded and a parameter for every group of them; they read a
// group's parameter only when a value of it is decoded.
//
// Codes decode as: int8 sign-extended (SXTL) and converted (SCVTF); uint8
// zero-extended (UXTL), the zero point subtracted as an int32, converted;
// E4M3 sign-extended and shifted left by 20, masked to the sign and the
// seven exponent and mantissa bits (a float32 2^-120 times the code's
// value), times 2^120 (exact); 4-bit codes split into nibbles (one byte
// lane each) and looked up in the four byte planes of the 16-entry float32
// table (TBL per plane), the planes' bytes interleaved back into float32s
// with ZIP1 (bytes, then halfwords).
//
// Go's assembler lacks SXTL, SCVTF and the vector FMUL: they are WORD lines
// encoded by asm2plan9s from the mnemonic in their comment.
//
// Requires: NEON (ASIMD).
//
// Registers:
//
//    R0  &dst[i]        R1  &codes[..]     R2  vectors left   R8  &scale[g]
//    R9  &zero[g]       R10 values left in the group          R11 b
//    V0  the vector     V1  its scales     V2  its zero points
//    V3  blend mask     V31 current scale  V30 current zero point
//    V29, V28 the next group's scale and zero point
//    V27 2^120 (E4M3)   V26 E4M3's bit mask, or 0x0f bytes (4-bit)
//    V20..V23 the table's byte planes (4-bit)

// dqmask: four lanes of -1, then four of 0: four lanes from dqmask+16-4m are
// -1 in the lanes before m.
DATA dqmask<>+0(SB)/4, $0xffffffff
DATA dqmask<>+4(SB)/4, $0xffffffff
DATA dqmask<>+8(SB)/4, $0xffffffff
DATA dqmask<>+12(SB)/4, $0xffffffff
DATA dqmask<>+16(SB)/4, $0x00000000
DATA dqmask<>+20(SB)/4, $0x00000000
DATA dqmask<>+24(SB)/4, $0x00000000
DATA dqmask<>+28(SB)/4, $0x00000000
GLOBL dqmask<>(SB), RODATA|NOPTR, $32


// func DequantizeI8NEON(dst []float32, codes []byte, scale []float32, rem, b int) int
TEXT ·DequantizeI8NEON(SB), NOSPLIT, $0-96
	MOVD dst_base+0(FP), R0
	MOVD dst_len+8(FP), R2
	LSR  $2, R2, R2               // whole vectors
	MOVD codes_base+24(FP), R1
	MOVD scale_base+48(FP), R8
	MOVD rem+72(FP), R10
	MOVD b+80(FP), R11
	LSL  $2, R2, R3
	MOVD R3, ret+88(FP)           // n = 4 * vectors
	CBZ  R2, dequantizei8neondone
	CBZ  R11, dequantizei8neonpv
	VLD1R (R8), [V31.S4]          // the current group's scale

dequantizei8neonloop:
	// scales of this vector: the current group's, or split at lane m = R10
	CMP  $4, R10
	BLT  dequantizei8neonsplit
	VORR V31.B16, V31.B16, V1.B16
	SUB  $4, R10, R10
	B    dequantizei8neondecode

dequantizei8neonsplit:
	MOVD $dqmask<>+16(SB), R4
	SUB  R10<<2, R4, R4
	VLD1 (R4), [V3.S4]            // -1 in the lanes before m
	ADD  $4, R8, R8
	VLD1R (R8), [V29.S4]          // the next group's scale
	VORR V29.B16, V29.B16, V1.B16
	VBIT V3.B16, V31.B16, V1.B16  // lanes < m keep the current scale
	VORR V29.B16, V29.B16, V31.B16
	ADD  R11, R10, R10
	SUB  $4, R10, R10

dequantizei8neondecode:
	// dst[i:i+4] = float32(int8(codes)) * scales
	MOVWU.P 4(R1), R4
	VMOV R4, V0.S[0]
	WORD $0x0f08a400 // sxtl v0.8h, v0.8b
	WORD $0x0f10a400 // sxtl v0.4s, v0.4h
	WORD $0x4e21d800 // scvtf v0.4s, v0.4s
	WORD $0x6e21dc00 // fmul v0.4s, v0.4s, v1.4s
	VST1.P [V0.S4], 16(R0)
	SUBS $1, R2, R2
	BNE  dequantizei8neonloop
	B    dequantizei8neondone

dequantizei8neonpv:
	// b == 0: a scale (and zero point) per value
	VLD1.P 16(R8), [V1.S4]
	// dst[i:i+4] = float32(int8(codes)) * scales
	MOVWU.P 4(R1), R4
	VMOV R4, V0.S[0]
	WORD $0x0f08a400 // sxtl v0.8h, v0.8b
	WORD $0x0f10a400 // sxtl v0.4s, v0.4h
	WORD $0x4e21d800 // scvtf v0.4s, v0.4s
	WORD $0x6e21dc00 // fmul v0.4s, v0.4s, v1.4s
	VST1.P [V0.S4], 16(R0)
	SUBS $1, R2, R2
	BNE  dequantizei8neonpv

dequantizei8neondone:
	RET

// func DequantizeU8NEON(dst []float32, codes []byte, scale []float32, zero []byte, rem, b int) int
TEXT ·DequantizeU8NEON(SB), NOSPLIT, $0-120
	MOVD dst_base+0(FP), R0
	MOVD dst_len+8(FP), R2
	LSR  $2, R2, R2               // whole vectors
	MOVD codes_base+24(FP), R1
	MOVD scale_base+48(FP), R8
	MOVD zero_base+72(FP), R9
	MOVD rem+96(FP), R10
	MOVD b+104(FP), R11
	LSL  $2, R2, R3
	MOVD R3, ret+112(FP)           // n = 4 * vectors
	CBZ  R2, dequantizeu8neondone
	CBZ  R11, dequantizeu8neonpv
	VLD1R (R8), [V31.S4]          // the current group's scale
	MOVBU (R9), R4
	VDUP R4, V30.S4               // and zero point

dequantizeu8neonloop:
	// scales of this vector: the current group's, or split at lane m = R10
	CMP  $4, R10
	BLT  dequantizeu8neonsplit
	VORR V31.B16, V31.B16, V1.B16
	VORR V30.B16, V30.B16, V2.B16
	SUB  $4, R10, R10
	B    dequantizeu8neondecode

dequantizeu8neonsplit:
	MOVD $dqmask<>+16(SB), R4
	SUB  R10<<2, R4, R4
	VLD1 (R4), [V3.S4]            // -1 in the lanes before m
	ADD  $4, R8, R8
	VLD1R (R8), [V29.S4]          // the next group's scale
	VORR V29.B16, V29.B16, V1.B16
	VBIT V3.B16, V31.B16, V1.B16  // lanes < m keep the current scale
	VORR V29.B16, V29.B16, V31.B16
	ADD  $1, R9, R9
	MOVBU (R9), R4
	VDUP R4, V28.S4
	VORR V28.B16, V28.B16, V2.B16
	VBIT V3.B16, V30.B16, V2.B16
	VORR V28.B16, V28.B16, V30.B16
	ADD  R11, R10, R10
	SUB  $4, R10, R10

dequantizeu8neondecode:
	// dst[i:i+4] = float32(int32(codes) - zero) * scales
	MOVWU.P 4(R1), R4
	VMOV R4, V0.S[0]
	VUXTL V0.B8, V0.H8
	VUXTL V0.H4, V0.S4
	VSUB V2.S4, V0.S4, V0.S4
	WORD $0x4e21d800 // scvtf v0.4s, v0.4s
	WORD $0x6e21dc00 // fmul v0.4s, v0.4s, v1.4s
	VST1.P [V0.S4], 16(R0)
	SUBS $1, R2, R2
	BNE  dequantizeu8neonloop
	B    dequantizeu8neondone

dequantizeu8neonpv:
	// b == 0: a scale (and zero point) per value
	VLD1.P 16(R8), [V1.S4]
	MOVWU.P 4(R9), R4
	VMOV R4, V2.S[0]
	VUXTL V2.B8, V2.H8
	VUXTL V2.H4, V2.S4
	// dst[i:i+4] = float32(int32(codes) - zero) * scales
	MOVWU.P 4(R1), R4
	VMOV R4, V0.S[0]
	VUXTL V0.B8, V0.H8
	VUXTL V0.H4, V0.S4
	VSUB V2.S4, V0.S4, V0.S4
	WORD $0x4e21d800 // scvtf v0.4s, v0.4s
	WORD $0x6e21dc00 // fmul v0.4s, v0.4s, v1.4s
	VST1.P [V0.S4], 16(R0)
	SUBS $1, R2, R2
	BNE  dequantizeu8neonpv

dequantizeu8neondone:
	RET

// func DequantizeE4M3NEON(dst []float32, codes []byte, scale []float32, rem, b int) int
TEXT ·DequantizeE4M3NEON(SB), NOSPLIT, $0-96
	MOVD dst_base+0(FP), R0
	MOVD dst_len+8(FP), R2
	LSR  $2, R2, R2               // whole vectors
	MOVD codes_base+24(FP), R1
	MOVD scale_base+48(FP), R8
	MOVD rem+72(FP), R10
	MOVD b+80(FP), R11
	LSL  $2, R2, R3
	MOVD R3, ret+88(FP)           // n = 4 * vectors
	MOVW $0x87f00000, R4
	VDUP R4, V26.S4               // the sign and 7 value bits
	MOVW $0x7b800000, R4
	VDUP R4, V27.S4               // 2^120
	CBZ  R2, dequantizee4m3neondone
	VLD1R (R8), [V31.S4]          // the current group's scale

dequantizee4m3neonloop:
	// scales of this vector: the current group's, or split at lane m = R10
	CMP  $4, R10
	BLT  dequantizee4m3neonsplit
	VORR V31.B16, V31.B16, V1.B16
	SUB  $4, R10, R10
	B    dequantizee4m3neondecode

dequantizee4m3neonsplit:
	MOVD $dqmask<>+16(SB), R4
	SUB  R10<<2, R4, R4
	VLD1 (R4), [V3.S4]            // -1 in the lanes before m
	ADD  $4, R8, R8
	VLD1R (R8), [V29.S4]          // the next group's scale
	VORR V29.B16, V29.B16, V1.B16
	VBIT V3.B16, V31.B16, V1.B16  // lanes < m keep the current scale
	VORR V29.B16, V29.B16, V31.B16
	ADD  R11, R10, R10
	SUB  $4, R10, R10

dequantizee4m3neondecode:
	// dst[i:i+4] = (E4M3 bits << 20 masked) * 2^120 * scales
	MOVWU.P 4(R1), R4
	VMOV R4, V0.S[0]
	WORD $0x0f08a400 // sxtl v0.8h, v0.8b
	WORD $0x0f10a400 // sxtl v0.4s, v0.4h
	VSHL $20, V0.S4, V0.S4
	VAND V26.B16, V0.B16, V0.B16
	WORD $0x6e3bdc00 // fmul v0.4s, v0.4s, v27.4s
	WORD $0x6e21dc00 // fmul v0.4s, v0.4s, v1.4s
	VST1.P [V0.S4], 16(R0)
	SUBS $1, R2, R2
	BNE  dequantizee4m3neonloop

dequantizee4m3neondone:
	RET

// func Dequantize4NEON(dst []float32, codes []byte, planes []byte, scale []float32, rem, b int) int
TEXT ·Dequantize4NEON(SB), NOSPLIT, $0-120
	MOVD dst_base+0(FP), R0
	MOVD dst_len+8(FP), R2
	LSR  $2, R2, R2               // whole vectors
	MOVD codes_base+24(FP), R1
	MOVD planes_base+48(FP), R4
	VLD1 (R4), [V20.B16, V21.B16, V22.B16, V23.B16]
	VMOVI $15, V26.B16
	MOVD scale_base+72(FP), R8
	MOVD rem+96(FP), R10
	MOVD b+104(FP), R11
	LSL  $2, R2, R3
	MOVD R3, ret+112(FP)           // n = 4 * vectors
	CBZ  R2, dequantize4neondone
	VLD1R (R8), [V31.S4]          // the current group's scale

dequantize4neonloop:
	// scales of this vector: the current group's, or split at lane m = R10
	CMP  $4, R10
	BLT  dequantize4neonsplit
	VORR V31.B16, V31.B16, V1.B16
	SUB  $4, R10, R10
	B    dequantize4neondecode

dequantize4neonsplit:
	MOVD $dqmask<>+16(SB), R4
	SUB  R10<<2, R4, R4
	VLD1 (R4), [V3.S4]            // -1 in the lanes before m
	ADD  $4, R8, R8
	VLD1R (R8), [V29.S4]          // the next group's scale
	VORR V29.B16, V29.B16, V1.B16
	VBIT V3.B16, V31.B16, V1.B16  // lanes < m keep the current scale
	VORR V29.B16, V29.B16, V31.B16
	ADD  R11, R10, R10
	SUB  $4, R10, R10

dequantize4neondecode:
	// dst[i:i+4] = table[nibbles of codes[0:2]] * scales
	MOVHU.P 2(R1), R4
	VMOV R4, V0.H[0]
	VUSHR $4, V0.B16, V3.B16     // high nibbles
	VAND V26.B16, V0.B16, V0.B16  // low nibbles
	VZIP1 V3.B16, V0.B16, V0.B16  // lo0, hi0, lo1, hi1
	VTBL V0.B16, [V20.B16], V4.B16 // byte 0 of each value
	VTBL V0.B16, [V21.B16], V5.B16
	VTBL V0.B16, [V22.B16], V6.B16
	VTBL V0.B16, [V23.B16], V7.B16
	VZIP1 V5.B16, V4.B16, V4.B16  // bytes 0, 1 of each value
	VZIP1 V7.B16, V6.B16, V6.B16  // bytes 2, 3
	VZIP1 V6.H8, V4.H8, V0.H8     // the four float32s
	WORD $0x6e21dc00 // fmul v0.4s, v0.4s, v1.4s
	VST1.P [V0.S4], 16(R0)
	SUBS $1, R2, R2
	BNE  dequantize4neonloop

dequantize4neondone:
	RET
