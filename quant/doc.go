// Package quant stores sparse values as 8- or 4-bit codes with scales (int8,
// uint8, int4, nf4, mxfp4, mxfp8), independent of any layout: the schemes'
// spelling, parameter buffers, validation, quantizing, dequantizing and
// decode tables. A scheme decorates the values
// buffer (buffer 0) of COO, CSR, CSC and CSF; the layout packages hold their
// index structure beside a Values.
//
// # Schemes
//
// A Scheme is a kind (the code type), a granularity (which values share
// parameters: a group) and its parameter. Parse reads the spelling and
// String writes it back with every parameter written out:
//
//	spelling               codes in buffer 0          parameter buffers, in order   group of value i
//	int8:tensor            int8, one a byte           scale float32[1]              0
//	int8:channel:axis=A    int8                       scale float32[shape[A]]       its coordinate on A
//	int8:block=B           int8                       scale float32[⌈n/B⌉]          i/B
//	uint8:tensor           uint8                      scale float32[1], zero_point uint8[1]
//	uint8:channel:axis=A   uint8                      scale float32[shape[A]], zero_point uint8[shape[A]]
//	uint8:block=B          uint8                      scale float32[⌈n/B⌉], zero_point uint8[⌈n/B⌉]
//	int4:block=B           int4, two a byte           scale float32[⌈n/B⌉]          i/B
//	nf4:block=B            NF4 index, two a byte      absmax float32[⌈n/B⌉]         i/B (nf4 alone: B = 64)
//	mxfp4                  FP4 E2M1, two a byte       scale E8M0 uint8[⌈n/32⌉]      i/32
//	mxfp8                  FP8 E4M3, one a byte       scale E8M0 uint8[⌈n/32⌉]      i/32
//
// n is the number of stored values, in storage order. A block is B
// consecutive stored values, the last one possibly short; a channel is a
// logical axis A < rank, and a value's channel is its coordinate on A (for
// CSR with A = 0, its row). Groups gives the length of every parameter
// buffer.
//
// The stored value of code q in group g, as At, Dequantize and every fused
// kernel compute it: one float32 product, rounded once (IEEE 754 binary32,
// round to nearest even):
//
//	int8   float32(int8(q)) * scale[g]
//	uint8  float32(int32(q) - int32(zero_point[g])) * scale[g]
//	int4   float32(q sign-extended from 4 bits, -8..7) * scale[g]
//	nf4    NF4Levels()[q] * absmax[g]
//	mxfp4  E2M1Values()[q] * E8M0(scale[g])
//	mxfp8  E4M3Values()[q] * E8M0(scale[g])
//
// E8M0(s) is 2^(s−127) exactly (2^-127 for s = 0 is a float32 subnormal),
// so the MX products are exact unless they overflow to ±Inf (a large code
// with s near 254; quantizing never writes one). NF4Levels holds the 16
// QLoRA NormalFloat4 levels (Dettmers et al., 2023) as float32;
// E2M1Values and E4M3Values decode every code of OCP Microscaling Formats
// v1.0's FP4 E2M1 and FP8 E4M3 (E4M3's S.1111.111 codes are NaN, and there
// are no infinities).
//
// # Rounding
//
// Quantize reads float32 or float64 values, each finite and within the
// float32 range, and sets each group's parameters from the values in it,
// then each value's code:
//
//   - int8: scale = absmax/127; q = round(v/scale), −127..127.
//   - int4: scale = absmax/7; q = round(v/scale), −7..7.
//   - uint8: over [lo, hi] = [min(0, min v), max(0, max v)]: scale =
//     (hi − lo)/255, zero_point = round(−lo/scale) clamped to 0..255, q =
//     zero_point + round(v/scale) clamped to 0..255.
//   - nf4: absmax = max |v| as float32; q = the level nearest to v/absmax,
//     the lower one on a tie.
//   - mxfp4, mxfp8 (OCP MX v1.0): the shared exponent is
//     X = ⌊log2 absmax⌋ − emax, emax = 2 for E2M1 and 8 for E4M3, clamped
//     to −127..127; the E8M0 scale is X + 127; each element is v·2^-X
//     (exact) rounded to the nearest element value, ties to even, and
//     saturated to the largest normal (6 for E2M1, 448 for E4M3), with v's
//     sign (−0 included).
//
// round is to the nearest integer, ties to even, of the exact quotient
// (the implementation multiplies by the reciprocal and settles near-halves
// with an exact remainder, so that it gives exactly that). A scale is the
// quotient computed in float64 and rounded to the nearest float32, with two
// exceptions. A scale below the smallest normal float32 that rounds down is
// rounded up instead, so that no value is clamped. A scale for which the
// value of the group's largest code, float32(m)·scale with m the largest
// |q − zero_point|, would overflow float32 is lowered to the largest float32
// for which it does not: for int8 and int4 that is at most one ulp, and for
// uint8 it happens only to a group spanning nearly twice the largest
// float32, whose extreme values are then clamped, within one step.
//
// A group whose values are all zero, or that holds no value, gets scale 1
// and zero point 0 (nf4: absmax 0, and code 7, the zero level; MX: scale
// exponent 0, that is E8M0 127).
//
// So each dequantized value is within half a step of its value: scale/2
// for the integer kinds (plus the float32 rounding of the product), half the
// gap to the neighbouring level times absmax for nf4, and half an element
// ulp times 2^X for MX; the exceptions are MX elements above the largest
// normal, which saturate, and the uint8 groups above. Quantize reports the
// largest and the RMS absolute error, computed in float64 against the
// dequantized values, and the bytes a value costs.
//
// # Validation
//
// Values.Validate applies every rule of strict validation: a scheme's axis
// below the rank; the code buffer's exact length, CodeBytes(n); the padding
// nibble after an odd count of 4-bit codes zero; no E4M3 NaN code (0x7F,
// 0xFF); every parameter buffer exactly one element per group; scales
// finite and positive, subnormals included; nf4 absmax finite and ≥ 0;
// E8M0 scales not 0xFF (NaN). Every other code is valid: int8's −128 and
// int4's −8 are accepted on read though quantizing never writes them, every
// uint8 code and zero point, every NF4 index and every E2M1 code. A
// failure is a *layout.ValidationError (errors.Is(err, layout.ErrInvalid))
// naming the layout, the buffer by its index in the whole table, the
// element index and the value found. Parse rejects a malformed spelling
// with an error matching layout.ErrInvalid, and an unknown kind with one
// matching layout.ErrUnsupported, so that a permissive reader can hold an
// unknown scheme byte for byte.
//
// # Buffers
//
// The codes are buffer 0, in storage order, one per stored value; 4-bit
// codes pack two a byte, the lower-indexed value in the low nibble, and an
// odd count ends with a zero high nibble. The parameter buffers follow the
// layout's own, in the order of the table: COO from buffer 2, CSR and CSC
// from 3, CSF from 2·rank+1. Loc carries that first index (and the layout)
// into FromBuffers and Validate, so that errors name the buffer as the
// file's table numbers it. Every buffer is little-endian; FromBuffers
// aliases them (a float32 buffer only when it is 4-byte aligned on a
// little-endian host; it is copied otherwise) and ParamBuffers returns them
// without copying.
//
// Quantizing and dequantizing a channel scheme needs each value's channel:
// PerRun gives it as runs of consecutive values (a CSR matrix's row_ptr for
// axis 0, read once per row), PerValue as an index array with a stride (a
// CSR matrix's col_idx for axis 1, a COO tensor's coordinates).
//
// This package imports no other package of the module but layout and
// internal/mem, so that package kernels may import it for the decode
// tables.
package quant
