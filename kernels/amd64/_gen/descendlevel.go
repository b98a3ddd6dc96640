package main

import "strings"

// descendlevel_amd64.s: DescendLevelAVX2, DescendLevelAVX512.

func descendLevelFile() string {
	f := &asmFile{}
	f.line(`#include "textflag.h"`)
	f.blank()
	f.doc(`One CSF level of a batch of lookups, a vector of queries at a time.

Each lane is one query. Parents are loaded from node; a lane is live when
0 <= p < len(pos)-1 (a negative p is left as it is, a p past the end
misses). lo = pos[p], hi = pos[p+1] are gathered for live lanes only and
clamped to len(crd) (unsigned min via the sign flip on AVX2, VPMINUQ on
AVX-512), hi = max(hi, lo). Keys are gathered from coords with the index
vector [off, stride+off, ...]. Then every lane runs the halving of
lowerBoundGeneric in lockstep:

	for any(n > 1) {
		half := n >> 1                    // 0 in finished lanes
		v := gather crd[base+half-1]      // only lanes with n > 1
		base += (v < key) ? half : 0
		n -= half
	}
	found := n == 1 && gather crd[base] == key
	node = p < 0 ? p : found ? base : -1

The gathers of the lanes (and of the two interleaved vectors on AVX-512)
are independent, so their cache misses overlap; that is the point.

Software pipelining: before a vector of queries q.., the queries 32 ahead
get their pos line prefetched (a prefetch never faults, so p is not
checked), and the queries 16 ahead, whose pos lines are in cache by then,
get the first, middle and last crd lines of their segment prefetched when
their parent is live.`)

	f.text("DescendLevelAVX2", 0, "AVX, AVX2", "")
	descendArgs(f, 4)
	f.blank()
	f.c("KIDX = [off, off+stride, off+2*stride, off+3*stride]")
	f.i("VMOVQ AX, X12")
	f.i("ADDQ R12, AX")
	f.i("VPINSRQ $1, AX, X12, X12")
	f.i("ADDQ R12, AX")
	f.i("VMOVQ AX, X1")
	f.i("ADDQ R12, AX")
	f.i("VPINSRQ $1, AX, X1, X1")
	f.i("VINSERTI128 $1, X1, Y12, Y12")
	f.i("SHLQ $5, R12 // R12 = 4*stride*8, coords bytes per vector")
	f.blank()
	signAVX2(f, "AX")
	f.i("XORQ R10, AX")
	broadcastAVX2(f, "AX", 14, "NCRD ^ SIGN")
	broadcastAVX2(f, "R9", 13, "NPARENT")
	f.i("VPCMPEQQ Y11, Y11, Y11 // -1")
	f.i("VPSUBQ Y11, Y11, Y10")
	f.i("VPSUBQ Y11, Y10, Y10 // 1")

	f.label("group")
	f.i("TESTQ CX, CX")
	f.i("JZ done")
	f.blank()
	f.c("The look-ahead: pos for queries q+32..q+35, crd for q+16..q+19.")
	descendLookAhead(f, 4, "gather", "pf")

	f.label("gather")
	f.c("p = node[q:q+4]; valid = p >= 0; live = valid && p < nparent")
	f.i("VMOVDQU (DI), Y0")
	f.i("VPCMPGTQ Y11, Y0, Y1 // Y1 = valid")
	f.i("VPCMPGTQ Y0, Y13, Y2")
	f.i("VPAND Y1, Y2, Y2 // Y2 = live")
	f.blank()
	f.c("lo, hi = pos[p], pos[p+1] for live lanes, else 0")
	f.i("VPXOR Y3, Y3, Y3")
	f.i("VPXOR Y5, Y5, Y5")
	f.i("VMOVDQU Y2, Y4")
	f.i("VPGATHERQQ Y4, (R8)(Y0*8), Y3")
	f.i("VMOVDQU Y2, Y4")
	f.i("VPGATHERQQ Y4, 8(R8)(Y0*8), Y5")
	f.blank()
	f.c("lo = minu(lo, ncrd); hi = minu(hi, ncrd); hi = max(hi, lo)")
	f.i("VPXOR Y3, Y15, Y6")
	f.i("VPCMPGTQ Y14, Y6, Y6 // lo > ncrd")
	f.i("VPXOR Y15, Y14, Y7 // ncrd")
	f.i("VBLENDVPD Y6, Y7, Y3, Y3")
	f.i("VPXOR Y5, Y15, Y6")
	f.i("VPCMPGTQ Y14, Y6, Y6")
	f.i("VBLENDVPD Y6, Y7, Y5, Y5")
	f.i("VPCMPGTQ Y5, Y3, Y6 // lo > hi (both < 2^63 now)")
	f.i("VBLENDVPD Y6, Y3, Y5, Y5")
	f.i("VPSUBQ Y3, Y5, Y5 // Y5 = n, Y3 = base")
	f.blank()
	f.c("key ^ SIGN = coords[q*stride+off+j*stride] ^ SIGN")
	f.i("VPCMPEQQ Y4, Y4, Y4")
	f.i("VPGATHERQQ Y4, (R11)(Y12*8), Y6")
	f.i("VPXOR Y6, Y15, Y6 // Y6 = KEY ^ SIGN")

	f.label("halve")
	f.c("while any(n > 1) { one halving step in every lane }")
	f.i("VPCMPGTQ Y10, Y5, Y7 // Y7 = n > 1")
	f.i("VPTEST Y7, Y7")
	f.i("JZ last")
	f.i("VPSRLQ $1, Y5, Y8 // Y8 = half")
	f.i("VPADDQ Y8, Y3, Y9")
	f.i("VPADDQ Y11, Y9, Y9 // Y9 = base+half-1")
	f.i("VPGATHERQQ Y7, (SI)(Y9*8), Y4")
	f.i("VPXOR Y4, Y15, Y4")
	f.i("VPCMPGTQ Y4, Y6, Y4 // key > v")
	f.i("VPAND Y8, Y4, Y4")
	f.i("VPADDQ Y4, Y3, Y3 // base += lt ? half : 0")
	f.i("VPSUBQ Y8, Y5, Y5 // n -= half")
	f.i("JMP halve")

	f.label("last")
	f.c("found = n == 1 && crd[base] == key; node = valid ? (found ? base : -1) : p")
	f.i("VPCMPEQQ Y10, Y5, Y7")
	f.i("VMOVDQU Y7, Y8")
	f.i("VPGATHERQQ Y8, (SI)(Y3*8), Y4")
	f.i("VPXOR Y4, Y15, Y4")
	f.i("VPCMPEQQ Y6, Y4, Y4")
	f.i("VPAND Y7, Y4, Y4")
	f.i("VBLENDVPD Y4, Y3, Y11, Y9")
	f.i("VBLENDVPD Y1, Y9, Y0, Y0")
	f.i("VMOVDQU Y0, (DI)")
	descendNext(f, 4, "ADDQ R12, R11", "group")
	vzeroDone(f, "done")

	f.blank()
	for k := range 8 {
		f.line("DATA iota8<>+%d(SB)/8, $%d", 8*k, k)
	}
	f.line("GLOBL iota8<>(SB), RODATA|NOPTR, $64")

	f.text("DescendLevelAVX512", 0, "AVX512F, AVX512DQ", "")
	descendArgs(f, 8)
	f.blank()
	f.c("KIDX = off + [0..7]*stride")
	f.i("VPBROADCASTQ R12, Z1")
	f.i("VPMULLQ iota8<>(SB), Z1, Z12")
	f.i("VPBROADCASTQ AX, Z1")
	f.i("VPADDQ Z1, Z12, Z12")
	f.i("SHLQ $3, R12")
	f.i("VPBROADCASTQ R12, Z1")
	f.i("VPADDQ Z1, Z12, Z15 // KIDX of vector B = KIDX + 8*stride")
	f.i("SHLQ $3, R12 // R12 = 8*stride*8, coords bytes per vector")
	f.blank()
	f.i("VPBROADCASTQ R10, Z14 // NCRD")
	f.i("VPBROADCASTQ R9, Z13 // NPARENT")
	f.i("VPTERNLOGQ $0xff, Z11, Z11, Z11 // -1")
	f.i("VPSUBQ Z11, Z11, Z10")
	f.i("VPSUBQ Z11, Z10, Z10 // 1")

	// Two vectors a pass, A = queries q..q+7 and B = q+8..q+15, so that their
	// gathers overlap; then one vector a pass for the last 8 (group).
	a := descendLanes{p: "Z0", base: "Z3", n: "Z5", key: "Z6", v: "Z4", half: "Z8", probe: "Z9", kidx: "Z12", valid: "K1", live: "K2", active: "K3", gk: "K4"}
	b := descendLanes{p: "Z16", base: "Z19", n: "Z21", key: "Z22", v: "Z20", half: "Z24", probe: "Z25", kidx: "Z15", valid: "K6", live: "K5", active: "K7", gk: "K2"}
	f.label("pair")
	f.c("Two vectors, A = queries q..q+7 and B = q+8..q+15, interleaved so that")
	f.c("their gathers overlap. K1/K6 = valid, K3/K7 = active, K2/K4/K5 temps.")
	f.i("CMPQ CX, $16")
	f.i("JLT group")
	descendLookAhead(f, 16, "pairload", "pairpf")

	f.label("pairload")
	f.c("p, valid, live, lo, hi, n, key for A (Z0, Z3, Z5, Z6) and B (Z16, Z19, Z21, Z22)")
	f.i("VMOVDQU64 (DI), Z0")
	f.i("VMOVDQU64 64(DI), Z16")
	ab := []descendLanes{a, b}
	eachLane(f, ab, "VPCMPQ $1, {p}, Z11, {valid}")
	eachLane(f, ab, "VPCMPQ $1, Z13, {p}, {valid}, {live}")
	eachLane(f, ab, "VPXORQ {base}, {base}, {base}", "VPXORQ {n}, {n}, {n}")
	eachLane(f, ab, "KMOVB {live}, {active}", "VPGATHERQQ (R8)({p}*8), {active}, {base}",
		"KMOVB {live}, {active}", "VPGATHERQQ 8(R8)({p}*8), {active}, {n}")
	eachLane(f, ab, "VPMINUQ Z14, {base}, {base}", "VPMINUQ Z14, {n}, {n}")
	eachLane(f, ab, "VPMAXUQ {base}, {n}, {n}")
	eachLane(f, ab, "VPSUBQ {base}, {n}, {n}")
	eachLane(f, ab, "KXNORB {active}, {active}, {active}", "VPGATHERQQ (R11)({kidx}*8), {active}, {key}")

	f.label("pairhalve")
	f.c("while any(nA > 1 || nB > 1) { one halving step in every lane of both }")
	eachLane(f, ab, "VPCMPUQ $6, Z10, {n}, {active}")
	f.i("KORTESTB K3, K7")
	f.i("JZ pairlast")
	eachLane(f, ab, "VPSRLQ $1, {n}, {half}")
	eachLane(f, ab, "VPADDQ {half}, {base}, {probe}")
	eachLane(f, ab, "VPADDQ Z11, {probe}, {probe}")
	eachLane(f, ab, "KMOVB {active}, {gk}", "VPGATHERQQ (SI)({probe}*8), {gk}, {v}")
	eachLane(f, ab, "VPCMPUQ $1, {key}, {v}, {active}, K5", "VPADDQ {half}, {base}, K5, {base}")
	eachLane(f, ab, "VPSUBQ {half}, {n}, {n}")
	f.i("JMP pairhalve")

	f.label("pairlast")
	eachLane(f, ab, "VPCMPUQ $0, Z10, {n}, {active}")
	eachLane(f, ab, "KMOVB {active}, {gk}", "VPGATHERQQ (SI)({base}*8), {gk}, {v}")
	for _, l := range ab {
		descendResult512(f, l)
	}
	f.i("VMOVDQU64 Z0, (DI)")
	f.i("VMOVDQU64 Z16, 64(DI)")
	descendNext(f, 16, "LEAQ (R11)(R12*2), R11", "pair")

	f.label("group")
	f.i("TESTQ CX, CX")
	f.i("JZ done")
	f.blank()
	f.c("The look-ahead: pos for queries q+32..q+39, crd for q+16..q+23.")
	descendLookAhead(f, 8, "gather", "pf")

	f.label("gather")
	f.c("p = node[q:q+8]; K1 = valid (p >= 0); K2 = live (valid && p < nparent)")
	f.i("VMOVDQU64 (DI), Z0")
	f.i("VPCMPQ $1, Z0, Z11, K1")
	f.i("VPCMPQ $1, Z13, Z0, K1, K2")
	f.blank()
	f.c("lo, hi = pos[p], pos[p+1] for live lanes, else 0; clamp to len(crd)")
	f.i("VPXORQ Z3, Z3, Z3")
	f.i("VPXORQ Z5, Z5, Z5")
	f.i("KMOVB K2, K3")
	f.i("VPGATHERQQ (R8)(Z0*8), K3, Z3")
	f.i("KMOVB K2, K3")
	f.i("VPGATHERQQ 8(R8)(Z0*8), K3, Z5")
	f.i("VPMINUQ Z14, Z3, Z3")
	f.i("VPMINUQ Z14, Z5, Z5")
	f.i("VPMAXUQ Z3, Z5, Z5")
	f.i("VPSUBQ Z3, Z5, Z5 // Z5 = n, Z3 = base")
	f.blank()
	f.c("Z6 = key")
	f.i("KXNORB K3, K3, K3")
	f.i("VPGATHERQQ (R11)(Z12*8), K3, Z6")

	f.label("halve")
	f.c("while any(n > 1) { one halving step in every lane }")
	f.i("VPCMPUQ $6, Z10, Z5, K3 // K3 = n > 1")
	f.i("KORTESTB K3, K3")
	f.i("JZ last")
	f.i("VPSRLQ $1, Z5, Z8 // Z8 = half")
	f.i("VPADDQ Z8, Z3, Z9")
	f.i("VPADDQ Z11, Z9, Z9 // Z9 = base+half-1")
	f.i("KMOVB K3, K4")
	f.i("VPGATHERQQ (SI)(Z9*8), K4, Z4")
	f.i("VPCMPUQ $1, Z6, Z4, K3, K5 // K5 = active && v < key")
	f.i("VPADDQ Z8, Z3, K5, Z3 // base += half")
	f.i("VPSUBQ Z8, Z5, Z5 // n -= half")
	f.i("JMP halve")

	f.label("last")
	f.c("found = n == 1 && crd[base] == key; node = valid ? (found ? base : -1) : p")
	f.i("VPCMPUQ $0, Z10, Z5, K3")
	f.i("KMOVB K3, K4")
	f.i("VPGATHERQQ (SI)(Z3*8), K4, Z4")
	descendResult512(f, a)
	f.i("VMOVDQU64 Z0, (DI)")
	descendNext(f, 8, "ADDQ R12, R11", "group")
	vzeroDone(f, "done")
	return f.String()
}

// descendLanes names the registers of one vector of queries in the AVX-512
// kernel: A (the group loop's only vector) or B (the pair loop's second).
type descendLanes struct {
	p, base, n, key, v, half, probe, kidx string // vectors
	valid, live, active, gk               string // masks (gk: a gather's copy)
}

// fill replaces the field names in braces in s ({p}, {base}, ...) by the
// lanes' registers.
func (l descendLanes) fill(s string) string {
	return strings.NewReplacer("{p}", l.p, "{base}", l.base, "{n}", l.n, "{key}", l.key, "{v}", l.v,
		"{half}", l.half, "{probe}", l.probe, "{kidx}", l.kidx, "{valid}", l.valid, "{live}", l.live,
		"{active}", l.active, "{gk}", l.gk).Replace(s)
}

// eachLane writes the instructions lines (templates for fill) for each
// vector of queries of ls in turn: the interleaved steps of the pair loop.
func eachLane(f *asmFile, ls []descendLanes, lines ...string) {
	for _, l := range ls {
		for _, s := range lines {
			f.i("%s", l.fill(s))
		}
	}
}

// descendResult512 stores into l.p, for the valid lanes, base where the key
// was found and -1 elsewhere (l.active holds n == 1, l.v crd[base]).
func descendResult512(f *asmFile, l descendLanes) {
	f.i("VPCMPUQ $0, %s, %s, %s, K5", l.key, l.v, l.active)
	f.i("VMOVDQA64 Z11, %s", l.probe)
	f.i("VMOVDQA64 %s, K5, %s", l.base, l.probe)
	f.i("VMOVDQA64 %s, %s, %s", l.probe, l.valid, l.p)
}

// descendArgs loads the arguments; lanes is the queries per vector.
func descendArgs(f *asmFile, lanes int) {
	f.i("MOVQ node_base+0(FP), DI // DI = &node[q]")
	f.i("MOVQ node_len+8(FP), R13 // R13 = len(node) - q, for the look-ahead")
	f.i("MOVQ n+24(FP), CX // CX = queries left, a multiple of %d", lanes)
	f.i("MOVQ pos_base+32(FP), R8 // R8 = &pos[0]")
	f.i("MOVQ pos_len+40(FP), R9")
	f.i("DECQ R9 // R9 = nparent")
	f.i("MOVQ crd_base+56(FP), SI // SI = &crd[0]")
	f.i("MOVQ crd_len+64(FP), R10 // R10 = len(crd)")
	f.i("MOVQ coords_base+80(FP), R11 // R11 = &coords[q*stride]")
	f.i("MOVQ stride+104(FP), R12")
	f.i("MOVQ off+112(FP), AX")
}

// descendLookAhead prefetches, when node holds 32+n queries from q on, the
// pos entries of queries q+32..q+32+n-1 and the crd lines of the live
// parents of queries q+16..q+16+n-1; skip is the label after it, and prefix
// names its own labels.
func descendLookAhead(f *asmFile, n int, skip, prefix string) {
	f.i("CMPQ R13, $%d", 32+n)
	f.i("JLT %s", skip)
	f.c("prefetch pos[node[q+32+j]], j < %d (a prefetch never faults: p is not checked)", n)
	for q := range n {
		f.i("MOVQ %d(DI), AX", 256+8*q)
		f.i("PREFETCHT0 (R8)(AX*8)")
	}
	for q := range n {
		d := 128 + 8*q
		if q > 0 {
			f.label(prefix + itoa(d-8))
		}
		f.c("p := node[q+%d]; if uint(p) < nparent { prefetch crd[lo], crd[hi-1], crd[(lo+hi)/2] }", 16+q)
		f.i("MOVQ %d(DI), AX", d)
		f.i("CMPQ AX, R9")
		f.i("JCC %s%d", prefix, d)
		f.i("MOVQ (R8)(AX*8), BX")
		f.i("MOVQ 8(R8)(AX*8), DX")
		f.i("PREFETCHT0 (SI)(BX*8)")
		f.i("PREFETCHT0 -8(SI)(DX*8)")
		f.i("ADDQ BX, DX")
		f.i("SHRQ $1, DX")
		f.i("PREFETCHT0 (SI)(DX*8)")
	}
	f.label(prefix + itoa(128+8*(n-1)))
}

// descendNext steps to the next n queries (advance moves the coords
// pointer) and jumps to loop.
func descendNext(f *asmFile, n int, advance, loop string) {
	f.blank()
	f.i("ADDQ $%d, DI", 8*n)
	f.i("%s", advance)
	f.i("SUBQ $%d, CX", n)
	f.i("SUBQ $%d, R13", n)
	f.i("JMP %s", loop)
}
