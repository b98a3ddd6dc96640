package main

import (
	"fmt"
	"strings"
)

// spmv_amd64.s: the CSR SpMV row loop (y = alpha*A*x + beta*y) for AVX2 and
// AVX-512, float32 and float64, from one template: the four functions differ
// only in how eight indices are range-checked and how wide the accumulators
// are.
//
// What the kernels do, and why:
//   - x's vector is built from scalar loads (VMOVSD+VMOVHPD, VMOVSS+
//     VINSERTPS, VINSERTF128). It beats both one scalar FMA per entry (three
//     loads per entry plus a compare and branch) and VGATHERQPD/VGATHERQPS,
//     which issue one load per lane anyway and add the gather's own
//     latency on top.
//   - One range check per eight entries (VPCMPUQ; AVX2: VPXOR of the sign bit
//     and VPCMPGTQ) replaces a compare and branch per entry; a block with an
//     index out of range sends the rest of the row to the checked scalar
//     loop.
//   - Software prefetch of the streams with PREFETCHT0, spmvPFD32 (float32)
//     or spmvPFD64 (float64) bytes of idx ahead: two lines of idx and the
//     values' lines of the same entries. A matrix streamed from DRAM gains
//     most at those distances; shorter ones leave the index loads waiting,
//     longer ones and a second, far PREFETCHT1 into L2 are slower on
//     streamed matrices and on matrices in L3 alike (the extra prefetch
//     instructions cost more than they hide). The batches (below) keep one
//     PREFETCHT0 spmvBatchPFD ahead. Not PREFETCHNTA: NTA is no faster on
//     AMD cores, and on Intel server cores with a large private L2 it
//     makes the stream slower than no prefetch at all (NTA fills likely
//     bypass L2 there).
//   - Rows under 8 entries skip the vector set-up and reduction. With batches
//     (below) those rows go there, and the checked loop keeps only the short
//     rows a batch cannot take.
//   - Rows under spmvLong entries go through batches of up to spmvBatch
//     entries: products first, then the per-row sums from a buffer in the
//     frame. This takes the row boundaries out of the loop that reads x, so
//     the x loads of many rows are in flight at once. Batch sizes from 256 to
//     1024 behave alike; spmvLong 16 is slower than 32 (rows of 16-31 then
//     take the 16-entry loop and its tail), 64 no better than 32, and 32
//     keeps rows of 32 on the direct path. Phase 1 takes 16 entries a pass
//     (two blocks under one range test) rather than 8 (spmvP1By16).
//   - Rows of exactly 16 entries (spmvDirect16) stay on the direct path,
//     which has no tail for them and so no length-dependent branch: batching
//     them made a matrix of 16-entry rows slower.
//   - AVX2 batches the same rows (spmvAVX2Batch). Phase 2 adds 8 products a
//     pass and the last 0..8 under a VMASKMOV load mask taken from a window of
//     lanemask<> (AVX2 has no mask registers).
//
// Rejected (short rows): one masked 8-lane block per short row and per row
// tail (mask from the length by BZHI + KMOVB, masked index load, masked range
// compare), with x by VGATHERQPD/QPS under the mask, or with x by scalar
// loads of the indices moved to GPRs (invalid lanes pointed at x[0], FMA
// under the mask): both slower than the scalar loop they replace, because
// the padded lanes and the longer chain from the index to the x load cost
// more than the mispredicted row exits. Taking the row boundaries out of the
// loop that reads x (the batches) is what helps.
// Rejected: gathers (above); eight scalar FMA chains on AVX2 (the same
// speed in cache, no vector range check); prefetching x at the
// indices 32, 64 or 128 entries ahead (one more index load and a PREFETCHT0
// per entry): no gain where x is not in L2, and slower where it is; AVX-512
// gathering the second 8-entry block of each pass beside the scalar loads of
// the first (in case the gather had load bandwidth of its own): no gain on
// streamed matrices, slower on cache-resident rows; prefetching the stream
// at the start of every row (or every short row) too: no gain for short
// rows, slower for rows of 16 and for short rows in cache.

const (
	spmvPFD32     = 3584 // float32 direct loop's prefetch distance in bytes of idx
	spmvPFD64     = 2816 // float64 direct loop's prefetch distance in bytes of idx
	spmvBatchPFD  = 2048 // the batches' prefetch distance in bytes of idx
	spmvBatch     = 512  // entries per batch; 0 turns batches off
	spmvLong      = 32   // rows this long or longer go direct
	spmvDirect16  = true // rows of 16, 32, ... stay direct
	spmvP1By16    = true // phase 1 takes 16 entries a pass
	spmvAVX2Batch = true // AVX2 batches short rows too
)

// spmvPrefetch16 is the stream prefetch of a 16-entry step, pfd bytes of
// idx ahead (none when pfd is 0): PREFETCHT0 of two lines of idx and of the
// values' one or two lines.
func spmvPrefetch16(pfd, es int) []string {
	if pfd == 0 {
		return nil
	}
	o := []string{fmt.Sprintf("\tPREFETCHT0 %d(R9)(R12*8)", pfd), fmt.Sprintf("\tPREFETCHT0 %d(R9)(R12*8)", pfd+64),
		fmt.Sprintf("\tPREFETCHT0 %d(R11)(R12*%d)", pfd*es/8, es)}
	if es == 8 {
		o = append(o, fmt.Sprintf("\tPREFETCHT0 %d(R11)(R12*8)", pfd+64))
	}
	return o
}

// spmvProducts is block b's code with each of its closing FMAs into an
// accumulator, VFMADD231Px d(R11)(R12*es), V, acc, turned into V = V * vals
// at d and a store of V at d(R10): the entries' products into the batch
// buffer.
func spmvProducts(b []string) []string {
	var o []string
	for _, ln := range b {
		if !strings.HasPrefix(ln, "\tVFMADD231") {
			o = append(o, ln)
			continue
		}
		op, args, _ := strings.Cut(strings.TrimLeft(ln, "\t"), " ")
		parts := strings.Split(args, ",")
		mem, v := strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1])
		p := op[len(op)-2:]
		d := mem[:strings.Index(mem, "(")]
		o = append(o, fmt.Sprintf("\tVMUL%s %s, %s, %s", p, mem, v, v), fmt.Sprintf("\tVMOVU%s %s, %s(R10)", p, v, d))
	}
	return o
}

// spmvKernel holds what one SpMV function's code depends on.
type spmvKernel struct {
	isa     string // "avx2" or "avx512"
	es      int    // element size: 4 or 8
	sd      string // scalar suffix: SS or SD
	betaOff int    // beta's offset in the argument frame
	l       string // label prefix
	pfd     int
	xa, xb  []string // the X registers that build x's two 8-entry vectors
}

// direct16 lists the row lengths under spmvLong that stay on the direct
// path (16, 32, ...).
func direct16() []int {
	var ms []int
	if spmvDirect16 {
		for m := 16; m < spmvLong; m += 16 {
			ms = append(ms, m)
		}
	}
	return ms
}

// check is the range check of nblk 8-entry blocks of idx at R12: a jump to
// fail when any index is not below len(x).
func (k *spmvKernel) check(nblk int, fail string) []string {
	var c []string
	if k.isa == "avx512" {
		c = append(c, "\tVPCMPUQ  $2, (R9)(R12*8), Z30, K1")
		if nblk == 2 {
			c = append(c, "\tVPCMPUQ  $2, 64(R9)(R12*8), Z30, K2", "\tKORTESTB K1, K2")
		} else {
			c = append(c, "\tKORTESTB K1, K1")
		}
		return append(c, "\tJNZ      "+fail)
	}
	// in range iff (n ^ 2^63) > (idx ^ 2^63) as signed
	regs := []string{"Y3", "Y4", "Y5", "Y6"}[:2*nblk]
	for i, r := range regs {
		c = append(c, fmt.Sprintf("\tVPXOR    %d(R9)(R12*8), Y14, %s", 32*i, r), fmt.Sprintf("\tVPCMPGTQ %s, Y15, %s", r, r))
	}
	for len(regs) > 1 {
		c = append(c, fmt.Sprintf("\tVPAND    %s, %s, %s", regs[1], regs[0], regs[0]))
		if len(regs) == 4 {
			c = append(c, fmt.Sprintf("\tVPAND    %s, %s, %s", regs[3], regs[2], regs[2]))
			regs = []string{regs[0], regs[2]}
		} else {
			regs = regs[:1]
		}
	}
	return append(c, fmt.Sprintf("\tVMOVMSKPD %s, R14", regs[0]), "\tCMPL     R14, $15", "\tJNE      "+fail)
}

// yreg renames an X register to its Y or Z form.
func yreg(x, to string) string { return strings.ReplaceAll(x, "X", to) }

// block is 8 entries at idx/vals offset off (in entries) into accumulator
// acc, x's vector built in the registers xr.
func (k *spmvKernel) block(off int, xr []string, acc string) []string {
	es, sd := k.es, k.sd
	gp := []string{"R8", "R14", "R15"}
	var loads, ins []string
	for j := range 8 {
		loads = append(loads, fmt.Sprintf("\tMOVQ %d(R9)(R12*8), %s", 8*(off+j), gp[j%3]))
	}
	per := 4
	if es == 8 {
		per = 2
	}
	for j := range 8 {
		g := gp[j%3]
		a := xr[j/per]
		pos := j % per
		switch {
		case pos == 0:
			ins = append(ins, fmt.Sprintf("\tVMOV%s (SI)(%s*%d), %s", sd, g, es, a))
		case es == 8:
			ins = append(ins, fmt.Sprintf("\tVMOVHPD (SI)(%s*8), %s, %s", g, a, a))
		default:
			ins = append(ins, fmt.Sprintf("\tVINSERTPS $%#x, (SI)(%s*4), %s, %s", pos<<4, g, a, a))
		}
	}
	// interleave: index loads run two ahead of their use
	b := append([]string(nil), loads[:2]...)
	for j := range 8 {
		if j+2 < 8 {
			b = append(b, loads[j+2])
		}
		b = append(b, ins[j])
	}
	if es == 8 {
		b = append(b, fmt.Sprintf("\tVINSERTF128 $1, %s, %s, %s", xr[1], yreg(xr[0], "Y"), yreg(xr[0], "Y")),
			fmt.Sprintf("\tVINSERTF128 $1, %s, %s, %s", xr[3], yreg(xr[2], "Y"), yreg(xr[2], "Y")))
		if k.isa == "avx512" {
			b = append(b, fmt.Sprintf("\tVINSERTF64X4 $1, %s, %s, %s", yreg(xr[2], "Y"), yreg(xr[0], "Z"), yreg(xr[0], "Z")),
				fmt.Sprintf("\tVFMADD231PD %d(R11)(R12*8), %s, %s", 8*off, yreg(xr[0], "Z"), acc))
		} else {
			b = append(b, fmt.Sprintf("\tVFMADD231PD %d(R11)(R12*8), %s, %s", 8*off, yreg(xr[0], "Y"), acc),
				fmt.Sprintf("\tVFMADD231PD %d(R11)(R12*8), %s, %s", 8*off+32, yreg(xr[2], "Y"), acc))
		}
	} else {
		b = append(b, fmt.Sprintf("\tVINSERTF128 $1, %s, %s, %s", xr[1], yreg(xr[0], "Y"), yreg(xr[0], "Y")),
			fmt.Sprintf("\tVFMADD231PS %d(R11)(R12*4), %s, %s", 4*off, yreg(xr[0], "Y"), acc))
	}
	return b
}

// batchCode is the code for rows under spmvLong entries, in batches of
// consecutive rows with at most spmvBatch entries: phase 1 writes the
// products vals[k]*x[idx[k]] of the whole batch to the buffer at 0(SP), 8 at
// a time with no branch on row boundaries (0 for an index out of range);
// phase 2 sums each row's products from the buffer (16 at a time, AVX2 8, the
// last ones under a mask).
func (k *spmvKernel) batchCode() []string {
	L, es, sd := k.l, k.es, k.sd
	jslot, sslot := spmvBatch*es, spmvBatch*es+8
	o := []string{L + "batch:",
		// only rows whose raw segment is in order and within idx batch
		"\tCMPQ BX, R13", "\tJNE  " + L + "short0",
		"\tMOVQ (DX)(AX*8), R15", "\tCMPQ R15, R12", "\tJNE  " + L + "short0",
		"\tLEAQ 1(AX), R14", "\tMOVQ R13, R8",
		L + "scan:",
		"\tCMPQ R14, y_len+8(FP)", "\tJAE  " + L + "scanned",
		"\tMOVQ 8(DX)(R14*8), CX",
		"\tCMPQ CX, R8", "\tJB   " + L + "scanned",
		"\tCMPQ CX, R10", "\tJA   " + L + "scanned",
		"\tMOVQ CX, R12", "\tSUBQ R8, R12", fmt.Sprintf("\tCMPQ R12, $%d", spmvLong), "\tJAE  " + L + "scanned"}
	for _, m := range direct16() {
		o = append(o, fmt.Sprintf("\tCMPQ R12, $%d", m), "\tJEQ  "+L+"scanned")
	}
	o = append(o,
		"\tMOVQ CX, R12", "\tSUBQ R15, R12", fmt.Sprintf("\tCMPQ R12, $%d", spmvBatch), "\tJA   "+L+"scanned",
		"\tMOVQ CX, R8", "\tINCQ R14", "\tJMP  "+L+"scan", "",
		L+"scanned:",
		fmt.Sprintf("\tMOVQ R14, %d(SP)", jslot), fmt.Sprintf("\tMOVQ R15, %d(SP)", sslot),
		"\tMOVQ R15, R12", "\tMOVQ R8, R13", "\tLEAQ 0(SP), R10", "")
	// phase 1
	if spmvP1By16 {
		o = append(o, L+"p1by16:", "\tLEAQ 16(R12), CX", "\tCMPQ CX, R13", "\tJA   "+L+"p1")
		o = append(o, k.check(2, L+"p1s")...)
		o = append(o, spmvPrefetch16(k.pfd, es)...)
		o = append(o, spmvProducts(k.block(0, k.xa, "acc"))...)
		o = append(o, spmvProducts(k.block(8, k.xb, "acc"))...)
		o = append(o, fmt.Sprintf("\tADDQ $%d, R10", 16*es), "\tMOVQ CX, R12", "\tJMP  "+L+"p1by16", "")
	}
	o = append(o, L+"p1:", "\tLEAQ 8(R12), CX", "\tCMPQ CX, R13", "\tJA   "+L+"p1tail")
	o = append(o, k.check(1, L+"p1s")...)
	if k.pfd != 0 {
		o = append(o, fmt.Sprintf("\tPREFETCHT0 %d(R9)(R12*8)", k.pfd), fmt.Sprintf("\tPREFETCHT0 %d(R11)(R12*%d)", k.pfd*es/8, es))
	}
	o = append(o, spmvProducts(k.block(0, k.xa, "acc"))...)
	p1again := L + "p1"
	if spmvP1By16 {
		p1again += "by16"
	}
	o = append(o,
		fmt.Sprintf("\tADDQ $%d, R10", 8*es), "\tMOVQ CX, R12", "\tJMP  "+L+"p1", "",
		L+"p1tail:", "\tMOVQ R13, CX", "\tCMPQ R12, R13", "\tJAE  "+L+"p2", "",
		// checked products of entries R12..CX
		L+"p1s:", "\tCMPQ R12, CX", "\tJAE  "+p1again, "\tMOVQ (R9)(R12*8), R8",
		"\tVXORPS X4, X4, X4", "\tCMPQ R8, x_len+32(FP)", "\tJAE  "+L+"p1z",
		fmt.Sprintf("\tVMOV%s (R11)(R12*%d), X4", sd, es), fmt.Sprintf("\tVMUL%s (SI)(R8*%d), X4, X4", sd, es), "",
		L+"p1z:", fmt.Sprintf("\tVMOV%s X4, (R10)", sd), fmt.Sprintf("\tADDQ $%d, R10", es), "\tINCQ R12",
		"\tJMP  "+L+"p1s", "")
	// phase 2
	o = append(o, L+"p2:", "\tLEAQ 0(SP), R10", fmt.Sprintf("\tMOVQ %d(SP), R14", jslot), fmt.Sprintf("\tMOVQ %d(SP), R15", sslot),
		"\tMOVQ (DX)(AX*8), BX", "",
		L+"p2row:", "\tCMPQ AX, R14", "\tJAE  "+L+"p2done",
		"\tMOVQ 8(DX)(AX*8), R13", "\tMOVQ R13, CX", "\tSUBQ BX, CX",
		"\tMOVQ BX, R8", "\tSUBQ R15, R8", fmt.Sprintf("\tLEAQ (R10)(R8*%d), R8", es))
	if k.isa == "avx2" {
		return append(o, k.p2AVX2()...)
	}
	o = append(o, k.p2Sums("Z")...)
	o = append(o, L+"p2last:", "\tMOVL $0xffff, R12", "\tBZHIL CX, R12, R12", "\tKMOVW R12, K1")
	if es == 8 {
		o = append(o, "\tKSHIFTRW $8, K1, K2", "\tVMOVUPD.Z (R8), K1, Z4", "\tVMOVUPD.Z 64(R8), K2, Z5",
			"\tVADDPD Z4, Z0, Z0", "\tVADDPD Z5, Z1, Z1", "\tVADDPD Z1, Z0, Z0")
	} else {
		o = append(o, "\tVMOVUPS.Z (R8), K1, Z4", "\tVADDPS Z4, Z0, Z0")
	}
	o = append(o, spmvHsum(es, true)...)
	return append(o, k.p2End()...)
}

// spmvHsum sets X0 to the sum of Y0's lanes (with fold, of Z0's: its upper
// half added into Y0 first). It clobbers X1 (Y1).
func spmvHsum(es int, fold bool) []string {
	p := "PS"
	if es == 8 {
		p = "PD"
	}
	var o []string
	if fold {
		o = append(o, "\tVEXTRACTF64X4 $1, Z0, Y1", "\tVADD"+p+" Y1, Y0, Y0")
	}
	o = append(o, "\tVEXTRACTF128 $1, Y0, X1", "\tVADD"+p+" X1, X0, X0")
	if es == 8 {
		return append(o, "\tVPERMILPD $1, X0, X1", "\tVADDSD X1, X0, X0")
	}
	return append(o, "\tVMOVHLPS X0, X0, X1", "\tVADDPS X1, X0, X0", "\tVMOVSHDUP X0, X1",
		"\tVADDSS X1, X0, X0")
}

// scale sets X0 = alpha * src, and the flags of beta's test against +0.
func (k *spmvKernel) scale(src string) []string {
	cmp := "L"
	if k.es == 8 {
		cmp = "Q"
	}
	return []string{fmt.Sprintf("\tVMUL%s X13, %s, X0", k.sd, src), fmt.Sprintf("\tCMP%s beta+%d(FP), $0", cmp, k.betaOff)}
}

// storeY sets y[AX] = X0 (+ beta*y[AX] unless the flags say beta is +0),
// then runs after.
func (k *spmvKernel) storeY(nobeta string, after ...string) []string {
	return append([]string{"\tJEQ  " + nobeta, fmt.Sprintf("\tVFMADD231%s (DI)(AX*%d), X12, X0", k.sd, k.es), "",
		nobeta + ":", fmt.Sprintf("\tVMOV%s X0, (DI)(AX*%d)", k.sd, k.es)}, after...)
}

// p2End is phase 2's store of row AX's y (X0 its sum), and the end of the
// batch.
func (k *spmvKernel) p2End() []string {
	L := k.l
	return append(k.scale("X0"), k.storeY(L+"p2nobeta",
		"\tMOVQ R13, BX", "\tINCQ AX", "\tJMP  "+L+"p2row", "",
		L+"p2done:", "\tMOVQ idx_len+80(FP), R10", "\tJMP  "+L+"row", "")...)
}

// p2Sums is phase 2's loop over row AX's products in the buffer (R8, CX of
// them) while more than a pass is left: a pass adds one vector of float32
// or two of float64 (reg: Z or Y) into reg0 (and reg1), 16 (Z) or 8 (Y)
// products, then goes on at <L>p2last.
func (k *spmvKernel) p2Sums(reg string) []string {
	L := k.l
	vb := 32
	xor := "VXORPS"
	if reg == "Z" {
		vb, xor = 64, "VPXORQ"
	}
	n := vb / 4
	o := []string{fmt.Sprintf("\t%s %s0, %s0, %s0", xor, reg, reg, reg), fmt.Sprintf("\t%s %s1, %s1, %s1", xor, reg, reg, reg), "",
		fmt.Sprintf("%sp2by%d:", L, n), fmt.Sprintf("\tCMPQ CX, $%d", n), "\tJBE  " + L + "p2last"}
	if k.es == 8 {
		o = append(o, fmt.Sprintf("\tVADDPD (R8), %s0, %s0", reg, reg), fmt.Sprintf("\tVADDPD %d(R8), %s1, %s1", vb, reg, reg), fmt.Sprintf("\tADDQ $%d, R8", 2*vb))
	} else {
		o = append(o, fmt.Sprintf("\tVADDPS (R8), %s0, %s0", reg, reg), fmt.Sprintf("\tADDQ $%d, R8", vb))
	}
	return append(o, fmt.Sprintf("\tSUBQ $%d, CX", n), fmt.Sprintf("\tJMP  %sp2by%d", L, n), "")
}

// p2AVX2 is AVX2 phase 2 for row AX (CX its length, R8 its first product in
// the buffer): 8 products a pass into Y0 (and Y1 for float64), then the last
// 0..8 under a VMASKMOV mask loaded from the window of lanemask<> that
// starts 8-CX lanes in.
func (k *spmvKernel) p2AVX2() []string {
	L, es := k.l, k.es
	p, mask := "PS", "d"
	if es == 8 {
		p, mask = "PD", "q"
	}
	o := append(k.p2Sums("Y"),
		L+"p2last:", fmt.Sprintf("\tLEAQ lanemask%s<>+%d(SB), R12", mask, 8*es),
		"\tNEGQ CX", fmt.Sprintf("\tLEAQ (R12)(CX*%d), R12", es), "\tVMOVDQU (R12), Y6",
		"\tVMASKMOV"+p+" (R8), Y6, Y4", "\tVADD"+p+" Y4, Y0, Y0")
	if es == 8 {
		o = append(o, "\tVMOVDQU 32(R12), Y7", "\tVMASKMOVPD 32(R8), Y7, Y5", "\tVADDPD Y5, Y1, Y1",
			"\tVADDPD Y1, Y0, Y0")
	}
	o = append(o, spmvHsum(es, false)...)
	return append(o, k.p2End()...)
}

// spmvFunc emits SpMV<T><ISA>.
func spmvFunc(t, isa, name string, pfd int) []string {
	k := &spmvKernel{isa: isa, es: 4, sd: "SS", betaOff: 124, l: strings.ToLower(name)}
	if pfd != 0 {
		k.pfd = spmvBatchPFD
	}
	tn, frame := "float32", 128
	if t == "f64" {
		k.es, k.sd, k.betaOff = 8, "SD", 128
		tn, frame = "float64", 136
	}
	es, sd, L := k.es, k.sd, k.l
	req := "AVX, AVX2, FMA3"
	if isa == "avx512" {
		req = "AVX512F, AVX512VL, FMA3"
	}
	o := []string{fmt.Sprintf("// func %s(y, x []%s, ptr, idx []uint64, vals []%s, alpha, beta %s)", name, tn, tn, tn), "// Requires: " + req}
	batch := spmvBatch > 0 && (isa == "avx512" || spmvAVX2Batch)
	if batch {
		// the product buffer and two slots: too big for NOSPLIT
		o = append(o, fmt.Sprintf("TEXT ·%s(SB), 0, $%d-%d", name, spmvBatch*es+16, frame))
	} else {
		o = append(o, fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $0-%d", name, frame))
	}
	o = append(o, "\tMOVQ y_base+0(FP), DI", "\tMOVQ x_base+24(FP), SI", "\tMOVQ x_len+32(FP), R8",
		"\tMOVQ ptr_base+48(FP), DX", "\tMOVQ idx_base+72(FP), R9", "\tMOVQ idx_len+80(FP), R10",
		"\tMOVQ vals_base+96(FP), R11")
	if isa == "avx512" {
		o = append(o, "\tVPBROADCASTQ R8, Z30")
	} else {
		o = append(o, "\tMOVQ $0x8000000000000000, R14", "\tMOVQ R14, X14", "\tVPBROADCASTQ X14, Y14",
			"\tXORQ R8, R14", "\tMOVQ R14, X15", "\tVPBROADCASTQ X15, Y15")
	}
	o = append(o, fmt.Sprintf("\tVMOV%s alpha+120(FP), X13", sd), fmt.Sprintf("\tVMOV%s beta+%d(FP), X12", sd, k.betaOff),
		"\tXORQ AX, AX", "\tMOVQ (DX), BX", "",
		L+"row:", "\tCMPQ AX, y_len+8(FP)", "\tJAE  "+L+"done", "\tMOVQ BX, R12",
		"\tMOVQ 8(DX)(AX*8), R13", "\tMOVQ R13, BX", "\tCLAMP")
	acc := []string{"Y0", "Y1"}
	if isa == "avx512" && es == 8 {
		acc = []string{"Z0", "Z1"}
	}
	if batch {
		// rows of a multiple of 16 entries stay direct: no tail there
		o = append(o, "\tMOVQ R13, CX", "\tSUBQ R12, CX", fmt.Sprintf("\tCMPQ CX, $%d", spmvLong), "\tJAE  "+L+"direct")
		for _, m := range direct16() {
			o = append(o, fmt.Sprintf("\tCMPQ CX, $%d", m), "\tJEQ  "+L+"direct")
		}
		o = append(o, "\tJMP  "+L+"batch", L+"direct:")
	}
	zero := "VXORPS"
	if isa == "avx512" {
		zero = "VPXORQ"
	}
	o = append(o, fmt.Sprintf("\t%s %s, %s, %s", zero, acc[0], acc[0], acc[0]), fmt.Sprintf("\t%s %s, %s, %s", zero, acc[1], acc[1], acc[1]),
		"\tVXORPS X2, X2, X2")
	// rows under 8 entries skip the vector set-up and reduction
	if !batch {
		o = append(o, "\tMOVQ R13, CX", "\tSUBQ R12, CX", "\tCMPQ CX, $8", "\tJB   "+L+"short")
	}
	o = append(o, "")

	k.xa = []string{"X8", "X9", "X10", "X11"}
	k.xb = []string{"X4", "X5", "X6", "X7"}
	if isa == "avx2" && es == 8 {
		// the check's scratch (Y3..Y6) is dead by then
		k.xa, k.xb = []string{"X7", "X8", "X9", "X10"}, []string{"X3", "X4", "X5", "X6"}
	}
	o = append(o, L+"by16:", "\tLEAQ 16(R12), CX", "\tCMPQ CX, R13", "\tJA   "+L+"by8")
	o = append(o, k.check(2, L+"tail")...)
	o = append(o, spmvPrefetch16(pfd, es)...)
	o = append(o, k.block(0, k.xa, acc[0])...)
	o = append(o, k.block(8, k.xb, acc[1])...)
	o = append(o, "\tMOVQ CX, R12", "\tJMP  "+L+"by16", "")
	o = append(o, L+"by8:", "\tLEAQ 8(R12), CX", "\tCMPQ CX, R13", "\tJA   "+L+"tail")
	o = append(o, k.check(1, L+"tail")...)
	o = append(o, k.block(0, k.xa, acc[0])...)
	o = append(o, "\tMOVQ CX, R12", "")
	o = append(o, L+"tail:", "\tCMPQ R12, R13", "\tJAE  "+L+"sum", "\tMOVQ (R9)(R12*8), R8",
		"\tCMPQ R8, x_len+32(FP)", "\tJAE  "+L+"skip", fmt.Sprintf("\tVMOV%s (R11)(R12*%d), X8", sd, es),
		fmt.Sprintf("\tVFMADD231%s (SI)(R8*%d), X8, X2", sd, es), "", L+"skip:", "\tINCQ R12", "\tJMP  "+L+"tail", "")
	if batch {
		o = append(o, L+"short0:", "\tVXORPS X2, X2, X2")
	}
	o = append(o, L+"short:", "\tCMPQ R12, R13", "\tJAE  "+L+"scale", "\tMOVQ (R9)(R12*8), R8",
		"\tCMPQ R8, x_len+32(FP)", "\tJAE  "+L+"sskip", fmt.Sprintf("\tVMOV%s (R11)(R12*%d), X8", sd, es),
		fmt.Sprintf("\tVFMADD231%s (SI)(R8*%d), X8, X2", sd, es), "", L+"sskip:", "\tINCQ R12", "\tJMP  "+L+"short", "")
	o = append(o, L+"sum:")
	if acc[0][0] == 'Z' {
		o = append(o, "\tVADDPD Z1, Z0, Z0")
		o = append(o, spmvHsum(es, true)...)
	} else {
		p := "PS"
		if es == 8 {
			p = "PD"
		}
		o = append(o, "\tVADD"+p+" Y1, Y0, Y0")
		o = append(o, spmvHsum(es, false)...)
	}
	o = append(o, fmt.Sprintf("\tVADD%s X0, X2, X2", sd), "", L+"scale:")
	o = append(o, k.scale("X2")...)
	o = append(o, k.storeY(L+"nobeta", "\tINCQ AX", "\tJMP  "+L+"row", "")...)
	if batch {
		o = append(o, k.batchCode()...)
	}
	return append(o, L+"done:", "\tVZEROUPPER", "\tRET", "")
}

// spmvDoc is the file's opening comment, after the build line.
func spmvDoc() string {
	other := "of any length"
	if ms := direct16(); len(ms) > 0 {
		var s []string
		for _, m := range ms {
			s = append(s, fmt.Sprint(m))
		}
		other = "other than " + strings.Join(s, ", ")
	}
	return fmt.Sprintf(`// SpMV, CSR row loop (T = float32 or float64):
//
//	for i := range y {
//		lo, hi := clamp(ptr[i], ptr[i+1], len(idx))    // inverted: empty
//		s := 0
//		if hi-lo < 8 { s = checked(lo, hi) } else {   // (short rows batch: below)
//			acc0, acc1 := 0, 0                          // vectors of 8 (AVX2 f64: 4) lanes
//			for ; lo+16 <= hi; lo += 16 {               // 16 entries a pass
//				if any idx[lo:lo+16] >= len(x) { break }  // to the checked loop
//				prefetch (T0) idx[lo+256], vals[lo+256]
//				acc0 += vals[lo:lo+8] * {x[idx[lo]], ..., x[idx[lo+7]]}
//				acc1 += vals[lo+8:lo+16] * {x[idx[lo+8]], ...}
//			}
//			one more 8-entry block the same way if 8 remain
//			s = hsum(acc0+acc1) + checked(lo, hi)
//		}
//		y[i] = alpha*s + (beta != +0 ? beta*y[i] : 0)
//	}
//	checked(lo, hi): sum of vals[k]*x[idx[k]] over k in lo..hi with idx[k] < len(x), one chain
//
// A row under %d entries, %s, whose segment needs
// no clamping starts a batch instead, the rows i..j-1 after it with the same property
// and at most %d entries in all (segments in order, within idx):
//
//	s, e := ptr[i], ptr[j]
//	for k := s; k < e; k += 8 {                     // phase 1: no row boundaries
//		buf[k-s:k-s+8] = vals[k:k+8] * {x[idx[k]], ...}  // 16, then 8 at a time, x as below
//	}                                               // (checked one by one, 0 if out
//	                                                // of range, for a bad block and
//	                                                // the last e-s mod 8)
//	for ; i < j; i++ {                              // phase 2: the rows from buf
//		s := sum of buf[ptr[i]-s:ptr[i+1]-s], 16 (AVX2: 8) at a time, the last masked
//		y[i] = alpha*s (+ beta*y[i])
//	}
//
// so a short row costs no branch that depends on its length while x is
// being read: the x loads of many rows are in flight at once, and the
// per-row sums read only buf (in L1).
//
// x's vector is built with scalar loads (VMOVSD/VMOVHPD, VMOVSS/VINSERTPS,
// then VINSERTF128 and for AVX-512 f64 VINSERTF64X4), not gathers.
//
// Registers by role:
//	DI y base        SI x base        DX ptr base     R9 idx base
//	R10 nnz          R11 vals base    AX row i        BX raw ptr[i+1]
//	R12 k (lo)       R13 hi           CX k+16 / k+8 / row length
//	R8, R14, R15 indices being loaded (R8 len(x) until the broadcast)
//	Z30 len(x) per lane (AVX-512); Y14 2^63, Y15 len(x)^2^63 per lane (AVX2)
//	Y3..Y6 range-check scratch (AVX2); K1, K2 out-of-range lanes (AVX-512)
//	Z0/Y0, Z1/Y1 accumulators; X2 checked-loop sum; X3..X11 x being built
//	X13 alpha, X12 beta, X1 reduction scratch
// Batches (the frame holds buf, then the slots j and s):
//	scan: R15 s, R8 ptr[j] so far, R14 j, CX ptr[j+1], R12 scratch
//	phase 1: R12 k, R13 e, CX k+8, R10 &buf[k-s] (R10 reloaded with len(idx)
//	after phase 2), X4 a checked product
//	phase 2: R10 &buf[0], R14 j, R15 s, BX ptr[i], R13 ptr[i+1], CX row length
//	left, R8 &buf[ptr[i]-s+...], R12/K1/K2 the last block's mask, Z4, Z5 its
//	products, Z0, Z1 sums (AVX2: R12 the mask's address in lanemask<>, Y6, Y7
//	the mask, Y4, Y5 the masked products, Y0, Y1 sums)
//
// Assumes len(ptr) == len(y)+1, len(vals) == len(idx), beta == +0 for "do
// not read y" (the Go side turns -0 into +0). Nothing else: no index or
// ptr value can make it read outside the slices.

#include "textflag.h"

#define CLAMP \
	CMPQ    R12, R10 \
	CMOVQHI R10, R12 \
	CMPQ    R13, R10 \
	CMOVQHI R10, R13 \
	CMPQ    R13, R12 \
	CMOVQCS R12, R13

`, spmvLong, other, spmvBatch)
}

// spmvFile is spmv_amd64.s after the build line.
func spmvFile() string {
	out := []string{spmvDoc()}
	if spmvAVX2Batch && spmvBatch > 0 {
		var m strings.Builder
		m.WriteString("// The AVX2 batches' last block of a row: 8-CX lanes into these, 8 lanes\n// of -1 then 8 of 0, the first CX lanes are set.\n")
		for i := range 16 {
			fmt.Fprintf(&m, "DATA lanemaskq<>+%d(SB)/8, $%d\n", 8*i, laneMask(i))
		}
		m.WriteString("GLOBL lanemaskq<>(SB), RODATA|NOPTR, $128\n\n")
		for i := range 16 {
			fmt.Fprintf(&m, "DATA lanemaskd<>+%d(SB)/4, $%d\n", 4*i, laneMask(i))
		}
		m.WriteString("GLOBL lanemaskd<>(SB), RODATA|NOPTR, $64\n")
		out = append(out, m.String())
	}
	for _, t := range []string{"f64", "f32"} {
		for _, isa := range []string{"avx512", "avx2"} {
			name := "SpMV" + strings.ToUpper(t) + map[string]string{"avx512": "AVX512", "avx2": "AVX2"}[isa]
			pfd := spmvPFD32
			if t == "f64" {
				pfd = spmvPFD64
			}
			out = append(out, strings.Join(spmvFunc(t, isa, name, pfd), "\n"))
		}
	}
	return strings.Join(out, "\n")
}

// laneMask is lane i of the 16-lane window table: -1 for the first 8.
func laneMask(i int) int {
	if i < 8 {
		return -1
	}
	return 0
}
