//go:build !purego && !noasm && gc

#include "textflag.h"

// Node starts in a sorted run of packed CSF keys (package convert packs every
// level's coordinate into one uint64, upper levels in the higher bits). Key
// i starts a node at a level when x = keys[i] ^ keys[i-1] has a bit at or
// above the level's shift, that is when x > limit = 1<<shift - 1 (unsigned):
// one compare a lane, whatever the shift, and limit = 2^64-1 (never) for a
// shift of 64 or more.
//
// Count: the pairs (keys[i-1], keys[i]) are two overlapping loads, XOR,
// compare; AVX-512 adds 1 under the compare mask (4 accumulators, 32 pairs
// a step), AVX2 subtracts the compare's -1s (signed compare after flipping
// the sign bits, 16 pairs a step); a horizontal add at the end.
//
// Compress: per group of lanes, the start masks m (this level) and m1 (the
// level below); crd values (k >> shift) & mask; pos values c plus the number
// of m1 bits below each lane (a table indexed by m1: startsTables.prefix);
// the lanes of m are packed to the front of a register and stored; c +=
// popcount(m1). The kernels write crd and pos exactly up to the n they
// return (callers hand them the rest of a level that another goroutine
// fills further on), never past it:
//
//   AVX-512, 8 lanes: VPCOMPRESSQ into a register (its memory form is slow
//   on AMD), then a store masked to the popcount(m) packed lanes. (An
//   unmasked store, which would write past n, measured no faster on Zen 5:
//   0.29-0.37 against 0.29 ns a key with nearly every key a start.)
//
//   AVX2, 4 lanes: no compress, and no masked store known to be fast on
//   AMD (VPMASKMOVQ stores were not tried), so the packed nodes gather in a
//   pending register pair (crd, pos) holding p nodes, p < 4: one VPERMD
//   from a table indexed by (m, p) packs the group's nodes and rotates them
//   up by p lanes (R), and VPBLENDVB puts lanes p..3 of R after the pending
//   ones. When that fills
//   the vector (p + cnt >= 4) it is stored whole and R, whose low lanes
//   hold the nodes that did not fit, becomes the pending pair; else the
//   blend does. The last p nodes are stored one by one at the end. (The
//   branch on a full vector measured faster than a branch-free form that
//   sent the other stores to a scratch slot, by CMOV, even at 50% starts:
//   0.46 against 0.64 ns a key in L2.)
//
//   Both skip a group without a start at the level after counting its m1
//   bits: high levels start few nodes (a branch well predicted there).
//
// A group is taken only while a whole group of keys is left and crd and pos
// have room for a whole group of nodes; the Go glue finishes the rest.

// The offsets of startsTables' fields (starts_amd64.go checks them).
#define PREFIX 0
#define PERM 2048
#define FROM 4096

// WHOLE_PAIRS(w) turns keys_len, in CX, into the pairs of keys in whole
// steps of w: CX = (len(keys)-1) rounded down to a multiple of w, 0 for an
// empty keys. It clobbers AX.
#define WHOLE_PAIRS(w) \
	DECQ    CX;     \
	XORQ    AX, AX; \
	CMPQ    CX, AX; \
	CMOVQLT AX, CX; \
	ANDQ    $-w, CX

// ROOM(w) turns len(crd) in R8 and len(pos) in AX into the largest n at
// which w more nodes fit: R8 = min(len(crd), len(pos)) - w.
#define ROOM(w) \
	CMPQ    AX, R8;     \
	CMOVQLT AX, R8;     \
	SUBQ    $w, R8

// NEXT_GROUP(exit) leaves the group loop for exit unless a whole group of
// keys is left (SI below R9) and its nodes fit (n in R11 at most R8).
#define NEXT_GROUP(exit) \
	CMPQ SI, R9;  \
	JAE  exit;    \
	CMPQ R11, R8; \
	JGT  exit

// func CountStartsAVX512(keys []uint64, limit uint64) int
// Requires: AVX512F
TEXT ·CountStartsAVX512(SB), NOSPLIT, $0-40
	MOVQ         keys_base+0(FP), SI // SI = &keys[i-1], the first key of the next 32 pairs
	MOVQ         keys_len+8(FP), CX
	WHOLE_PAIRS(32)                 // CX = pairs left, whole steps
	VPBROADCASTQ limit+24(FP), Z31   // LIMIT
	MOVQ         $1, AX
	VPBROADCASTQ AX, Z30             // ONES
	VPXORQ       Z0, Z0, Z0          // four ACCumulators
	VPXORQ       Z1, Z1, Z1
	VPXORQ       Z2, Z2, Z2
	VPXORQ       Z3, Z3, Z3

loop:
	// for ; pairs > 0; pairs -= 32 { ACC += keys[i+j]^keys[i+j-1] > LIMIT, j < 32 }
	TESTQ     CX, CX
	JZ        reduce
	VMOVDQU64 8(SI), Z4
	VMOVDQU64 72(SI), Z5
	VMOVDQU64 136(SI), Z6
	VMOVDQU64 200(SI), Z7
	VPXORQ    (SI), Z4, Z4
	VPXORQ    64(SI), Z5, Z5
	VPXORQ    128(SI), Z6, Z6
	VPXORQ    192(SI), Z7, Z7
	VPCMPUQ   $6, Z31, Z4, K1   // x > LIMIT
	VPCMPUQ   $6, Z31, Z5, K2
	VPCMPUQ   $6, Z31, Z6, K3
	VPCMPUQ   $6, Z31, Z7, K4
	VPADDQ    Z30, Z0, K1, Z0
	VPADDQ    Z30, Z1, K2, Z1
	VPADDQ    Z30, Z2, K3, Z2
	VPADDQ    Z30, Z3, K4, Z3
	ADDQ      $256, SI
	SUBQ      $32, CX
	JMP       loop

reduce:
	// return the sum of the ACC lanes
	VPADDQ        Z1, Z0, Z0
	VPADDQ        Z3, Z2, Z2
	VPADDQ        Z2, Z0, Z0
	VEXTRACTI64X4 $1, Z0, Y1
	VPADDQ        Y1, Y0, Y0
	VEXTRACTI128  $1, Y0, X1
	VPADDQ        X1, X0, X0
	VPSHUFD       $0x4e, X0, X1
	VPADDQ        X1, X0, X0
	VMOVQ         X0, AX
	MOVQ          AX, ret+32(FP)
	VZEROUPPER
	RET

// func CountStartsAVX2(keys []uint64, limit uint64) int
// Requires: AVX, AVX2
TEXT ·CountStartsAVX2(SB), NOSPLIT, $0-40
	MOVQ         keys_base+0(FP), SI // SI = &keys[i-1], the first key of the next 16 pairs
	MOVQ         keys_len+8(FP), CX
	WHOLE_PAIRS(16)                 // CX = pairs left, whole steps
	MOVQ         $0x8000000000000000, AX
	VMOVQ        AX, X15
	VPBROADCASTQ X15, Y15            // SIGN
	VPBROADCASTQ limit+24(FP), Y14
	VPXOR        Y15, Y14, Y14       // LIMIT ^ SIGN
	VPXOR        Y0, Y0, Y0          // four ACCumulators of -count
	VPXOR        Y1, Y1, Y1
	VPXOR        Y2, Y2, Y2
	VPXOR        Y3, Y3, Y3

loop:
	// for ; pairs > 0; pairs -= 16 { ACC -= (x^SIGN > LIMIT^SIGN) ? -1 : 0, x = keys[i+j]^keys[i+j-1], j < 16 }
	TESTQ    CX, CX
	JZ       reduce
	VMOVDQU  8(SI), Y4
	VMOVDQU  40(SI), Y5
	VMOVDQU  72(SI), Y6
	VMOVDQU  104(SI), Y7
	VPXOR    (SI), Y4, Y4
	VPXOR    32(SI), Y5, Y5
	VPXOR    64(SI), Y6, Y6
	VPXOR    96(SI), Y7, Y7
	VPXOR    Y15, Y4, Y4
	VPXOR    Y15, Y5, Y5
	VPXOR    Y15, Y6, Y6
	VPXOR    Y15, Y7, Y7
	VPCMPGTQ Y14, Y4, Y4
	VPCMPGTQ Y14, Y5, Y5
	VPCMPGTQ Y14, Y6, Y6
	VPCMPGTQ Y14, Y7, Y7
	VPSUBQ   Y4, Y0, Y0
	VPSUBQ   Y5, Y1, Y1
	VPSUBQ   Y6, Y2, Y2
	VPSUBQ   Y7, Y3, Y3
	ADDQ     $128, SI
	SUBQ     $16, CX
	JMP      loop

reduce:
	// return the sum of the ACC lanes
	VPADDQ       Y1, Y0, Y0
	VPADDQ       Y3, Y2, Y2
	VPADDQ       Y2, Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPADDQ       X1, X0, X0
	VPSHUFD      $0x4e, X0, X1
	VPADDQ       X1, X0, X0
	VMOVQ        X0, AX
	MOVQ         AX, ret+32(FP)
	VZEROUPPER
	RET

// func CompressStartsAVX512(crd, pos, keys []uint64, limit, limit1 uint64, shift uint, mask, c uint64) (n int, next uint64, done int)
//
// Registers: SI &keys[i-1] (the key before the group), R9 where the groups
// end, R14 &keys[0] (for done); DI &crd[0], DX &pos[0], R11 n, R8 room-8;
// R10 c, R12 &startsTables, R13 0xff; Z31 LIMIT, Z30 LIMIT1, Z29 MASK,
// X28 SHIFT; K1 m, K2 m1, K3 the packed lanes.
// Requires: AVX512F, AVX512DQ, BMI2, POPCNT
TEXT ·CompressStartsAVX512(SB), NOSPLIT, $0-136
	MOVQ         crd_base+0(FP), DI
	MOVQ         crd_len+8(FP), R8
	MOVQ         pos_base+24(FP), DX
	MOVQ         pos_len+32(FP), AX
	ROOM(8)                        // a group fits while n <= R8
	MOVQ         keys_base+48(FP), SI
	MOVQ         SI, R14
	MOVQ         keys_len+56(FP), CX
	WHOLE_PAIRS(8)
	LEAQ         (SI)(CX*8), R9      // the groups end where SI reaches R9
	VPBROADCASTQ limit+72(FP), Z31
	VPBROADCASTQ limit1+80(FP), Z30
	VPBROADCASTQ mask+96(FP), Z29
	VMOVQ        shift+88(FP), X28
	MOVQ         c+104(FP), R10
	XORQ         R11, R11
	LEAQ         ·startsTables(SB), R12
	MOVL         $0xff, R13

loop:
	// for a whole group left and room for 8 nodes
	NEXT_GROUP(done)

	// k := keys[i:i+8]; x := k ^ keys[i-1:i+7]; m := x > LIMIT; m1 := x > LIMIT1
	VMOVDQU64 8(SI), Z0
	VPXORQ    (SI), Z0, Z1
	VPCMPUQ   $6, Z31, Z1, K1
	VPCMPUQ   $6, Z30, Z1, K2

	// posv := c + prefix[m1]; c += popcount(m1)
	KMOVB        K2, AX
	VPMOVZXBQ    PREFIX(R12)(AX*8), Z2
	VPBROADCASTQ R10, Z3
	VPADDQ       Z3, Z2, Z2
	POPCNTL      AX, AX
	ADDQ         AX, R10

	// no node at the level: next group
	KORTESTB K1, K1
	JZ       next

	// crdv := k >> SHIFT & MASK
	VPSRLQ X28, Z0, Z0
	VPANDQ Z29, Z0, Z0

	// pack the m lanes of crdv and posv to the front; store those
	// cnt = popcount(m) lanes at crd[n:], pos[n:]; n += cnt
	VPCOMPRESSQ Z0, K1, Z0
	VPCOMPRESSQ Z2, K1, Z2
	KMOVB       K1, AX
	POPCNTL     AX, AX
	BZHIL       AX, R13, BX
	KMOVB       BX, K3
	VMOVDQU64   Z0, K3, (DI)(R11*8)
	VMOVDQU64   Z2, K3, (DX)(R11*8)
	ADDQ        AX, R11

next:
	ADDQ $64, SI
	JMP  loop

done:
	// return n, c, (SI - &keys[0]) / 8
	MOVQ R11, n+112(FP)
	MOVQ R10, next+120(FP)
	SUBQ R14, SI
	SHRQ $3, SI
	MOVQ SI, done+128(FP)
	VZEROUPPER
	RET

// func CompressStartsAVX2(crd, pos, keys []uint64, limit, limit1 uint64, shift uint, mask, c uint64) (n int, next uint64, done int)
//
// Registers: SI &keys[i-1] (the key before the group), R9 where the groups
// end, R8 room-4; DI &crd[n-p], DX &pos[n-p] (where the pending nodes go),
// R11 n, BX p, R10 c, R12 &startsTables; Y15 SIGN,
// Y14 LIMIT^SIGN, Y13 LIMIT1^SIGN, Y12 MASK, X11 SHIFT; Y10 and Y9 the
// pending crd and pos nodes (lanes 0..p-1).
// Requires: AVX, AVX2, BMI2, POPCNT
TEXT ·CompressStartsAVX2(SB), NOSPLIT, $0-136
	MOVQ         crd_base+0(FP), DI
	MOVQ         crd_len+8(FP), R8
	MOVQ         pos_base+24(FP), DX
	MOVQ         pos_len+32(FP), AX
	ROOM(4)                        // a group fits while n <= R8
	MOVQ         keys_base+48(FP), SI
	MOVQ         keys_len+56(FP), CX
	WHOLE_PAIRS(4)
	LEAQ         (SI)(CX*8), R9      // the groups end where SI reaches R9
	MOVQ         $0x8000000000000000, AX
	VMOVQ        AX, X15
	VPBROADCASTQ X15, Y15
	VPBROADCASTQ limit+72(FP), Y14
	VPXOR        Y15, Y14, Y14
	VPBROADCASTQ limit1+80(FP), Y13
	VPXOR        Y15, Y13, Y13
	VPBROADCASTQ mask+96(FP), Y12
	VMOVQ        shift+88(FP), X11
	MOVQ         c+104(FP), R10
	XORQ         R11, R11
	XORQ         BX, BX
	LEAQ         ·startsTables(SB), R12

loop:
	// for a whole group left and room for 4 nodes
	NEXT_GROUP(flush)

	// k := keys[i:i+4]; x := k ^ keys[i-1:i+3]; m := x > LIMIT; m1 := x > LIMIT1
	VMOVDQU   8(SI), Y0
	VPXOR     (SI), Y0, Y1
	VPXOR     Y15, Y1, Y1
	VPCMPGTQ  Y14, Y1, Y2
	VPCMPGTQ  Y13, Y1, Y3
	VMOVMSKPD Y2, AX
	VMOVMSKPD Y3, CX

	// posv := c + prefix[m1]; c += popcount(m1)
	VPMOVZXBQ    PREFIX(R12)(CX*8), Y4
	VMOVQ        R10, X5
	VPBROADCASTQ X5, Y5
	VPADDQ       Y5, Y4, Y4
	POPCNTL      CX, CX
	ADDQ         CX, R10

	// no node at the level: next group
	TESTQ AX, AX
	JZ    next

	// crdv := k >> SHIFT & MASK
	VPSRLQ X11, Y0, Y0
	VPAND  Y12, Y0, Y0

	// R := the m lanes packed and rotated up by p (perm[m*4+p])
	LEAQ    (BX)(AX*4), CX
	SHLQ    $5, CX
	VMOVDQU PERM(R12)(CX*1), Y6
	VPERMD  Y0, Y6, Y0
	VPERMD  Y4, Y6, Y4

	// merged := pending lanes 0..p-1, R's lanes p..3 (from[p])
	MOVQ      BX, CX
	SHLQ      $5, CX
	VMOVDQU   FROM(R12)(CX*1), Y7
	VPBLENDVB Y7, Y0, Y10, Y1
	VPBLENDVB Y7, Y4, Y9, Y2

	// n += cnt; t := p + cnt; p = t % 4
	POPCNTL AX, AX
	ADDQ    AX, R11
	ADDQ    BX, AX
	MOVQ    AX, BX
	ANDQ    $3, BX
	CMPQ    AX, $4
	JLT     pending

	// t >= 4: merged is a whole vector of nodes: store it; R's low lanes
	// hold the nodes that did not fit, the new pending ones
	VMOVDQU Y1, (DI)
	VMOVDQU Y2, (DX)
	ADDQ    $32, DI
	ADDQ    $32, DX
	VMOVDQA Y0, Y10
	VMOVDQA Y4, Y9
	JMP     next

pending:
	// t < 4: merged holds all the pending nodes
	VMOVDQA Y1, Y10
	VMOVDQA Y2, Y9

next:
	ADDQ $32, SI
	JMP  loop

flush:
	// store the p pending nodes one by one
	TESTQ        BX, BX
	JZ           done
	VMOVQ        X10, (DI)
	VMOVQ        X9, (DX)
	CMPQ         BX, $1
	JEQ          done
	VPEXTRQ      $1, X10, 8(DI)
	VPEXTRQ      $1, X9, 8(DX)
	CMPQ         BX, $2
	JEQ          done
	VEXTRACTI128 $1, Y10, X10
	VEXTRACTI128 $1, Y9, X9
	VMOVQ        X10, 16(DI)
	VMOVQ        X9, 16(DX)

done:
	// return n, c, (SI - &keys[0]) / 8
	MOVQ R11, n+112(FP)
	MOVQ R10, next+120(FP)
	MOVQ keys_base+48(FP), AX
	SUBQ AX, SI
	SHRQ $3, SI
	MOVQ SI, done+128(FP)
	VZEROUPPER
	RET
