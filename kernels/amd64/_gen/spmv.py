#!/usr/bin/env python3
"""Writes ../spmv_amd64.s: the CSR SpMV row loop (y = alpha*A*x + beta*y)
for AVX2 and AVX-512, float32 and float64, from one template (the four
functions differ only in how eight indices are range-checked and how wide
the accumulators are). Run: python3 spmv.py.

Measured on the Zen 5 test machine (bench SpMV M2/M4, cpu-ns/op, one
thread, interleaved runs) and recorded in bench/spmv_results.md:
- Building x's vector from scalar loads (VMOVSD+VMOVHPD / VMOVSS+VINSERTPS,
  VINSERTF128) beats both one scalar FMA per entry (three loads per entry
  plus a compare and branch) and VGATHERQPD/VGATHERQPS (slower than scalar
  loads on this CPU).
- One range check per eight entries (VPCMPUQ; AVX2: VPXOR of the sign bit
  and VPCMPGTQ) replaces a compare and branch per entry; a block with an
  index out of range sends the rest of the row to the checked scalar loop.
- Software prefetch PFD bytes ahead in idx (and the same entries of vals):
  M4 (streams from DRAM) 0: 3.7 / 4.4 ms, 1024: 3.0 / 3.4, 2048: 2.3 / 3.1,
  4096: 2.0-2.3 / 3.1-3.4, 8192: 2.3 / 3.7 ms (f32 / f64); M2 (L3) within
  noise. 2048 it is. PREFETCHT0, not PREFETCHNTA: on the Zen 5 NTA was
  within noise of T0 but for M2 f32 avx2 (-10%), and T0 within noise on
  the Zen 4; on an Intel Xeon (2 MiB L2, session 19; five alternating
  runs, one thread) NTA made the stream slower than no prefetch at all,
  and T0 ran M2 2.2-2.9x and M4 1.7-3.4x faster than NTA (f32 avx512
  1137 -> 522 us and 10.0 -> 3.0 ms), no prefetch M2 like T0 and M4 2.5x
  slower than T0 (likely cause: NTA fills bypass L2 on these Xeons).
- Rows under 8 entries skip the vector set-up and reduction (4 entries per
  row: 1.5x slower without). With batches (below) those rows go there, and
  the checked loop keeps only the short rows a batch cannot take.
- Rows under LONG entries go through batches of up to BATCH
  entries (products first, then the per-row sums from a buffer in the
  frame). kernels BenchmarkSpMVPowerLaw (M3-like rows, a quarter of M3),
  avx512, cpu time, 3 interleaved samples, f32 / f64: x beyond L2 5.3-6.0 /
  5.1-7.4 ms before, 3.0-3.2 / 3.6-4.5 after; x in L1 4.0 / 4.2 before,
  1.8-2.4 / 2.2-2.3 after; 10 entries every row 3.3-3.8 / 3.5-6.0 before,
  2.7-2.8 / 3.2-4.1 after. bench M3 (same run, 5 rounds): 19.9 / 20.7 ms
  before, 14.2 / 14.6 after, SciPy 15.2 / 17.3. BATCH 256, 512, 1024 within noise of each
  other; LONG 16 10-25% slower than 32 (M3's rows of 16-31 then take the
  by16 loop and its tail); LONG 64 within noise of 32 on these, and 32
  keeps M2's rows (32 each) on the direct path. Phase 1 takes 16 entries a
  pass (two blocks under one range test) rather than 8: M3-like f32
  3.3-4.1 against 3.7-4.4 ms, f64 3.9-6.4 against 4.8-7.8 (5 samples, a
  busy machine); rows of 16 (M1's) within noise of the direct path.
- Rows of exactly 16 entries (DIRECT16; M1's) stay on the direct path,
  which has no tail for them and so no length-dependent branch: batched,
  bench M1 f32 was 15-25% slower than before (old 15.4-15.6, batched
  17.2-20.1 ms, three runs); direct again, M1 is back at the old figures
  and M3 costs about 5-10% of the batch gain (rows of 16 end a batch).
- AVX2 batches the same rows (AVX2BATCH; before, only AVX-512 did, and
  AVX2 took rows under 8 entries through the checked scalar loop and the
  rest through the direct loop and its scalar tail). Phase 2 adds 8
  products a pass and the last 0..8 under a VMASKMOV load mask taken from
  a window of lanemask<> (AVX2 has no mask registers). On the Zen 4 VM,
  kernels BenchmarkSpMVPowerLaw, cpu time, five alternating runs, f32 /
  f64: powerlaw 10.5 / 20.0 -> 9.0 / 17.5 ms, x in L1 5.1 / 6.0 -> 3.9 /
  5.1, 10 entries every row 9.8 / 19.5 -> 9.1 / 15.8 (AVX-512's 8.4-9.6 /
  16.2-17.4 on the same runs); fixed16 (M1's rows, direct) unchanged.
  bench M3 on one thread (six runs, cpu time): f64 76 -> 59 ms (p = 0.09),
  level with AVX-512; f32 35.8 -> 34.2, within the noise: there x's misses
  in L3, not the rows' branches, set the time.
Rejected (short rows): one masked 8-lane block per short row and per row
tail (mask from the length by BZHI + KMOVB, masked index load, masked range
compare), with x by VGATHERQPD/QPS under the mask, or with x by scalar
loads of the indices moved to GPRs (invalid lanes pointed at x[0], FMA
under the mask): both slower than the scalar loop they replace on the
M3-like matrix (f32 5.9-6.3 and 6.3-6.8 ms against 5.4-5.5; 10-entry rows
4.3-4.7 against 3.0-3.4): the padded lanes and the longer chain from the
index to the x load cost more than the mispredicted row exits. Taking the
row boundaries out of the loop that reads x (the batches) is what helps.
Rejected: gathers (above); eight scalar FMA chains (the previous AVX2
kernel; same speed in cache, no vector range check); prefetching x at the
indices 32, 64 or 128 entries ahead (one more index load and a PREFETCHT0
per entry): no gain on M1/M3, whose x is not in L2, and 10-50% slower on
M2/M4 (one interleaved run, 3 samples each); AVX-512 gathering the second
8-entry block of each pass (VGATHERQPD/VGATHERQPS beside the scalar loads
of the first, in case the gather had load bandwidth of its own): M2/M4
within noise, cache-resident rows 10-15% slower; prefetching the stream at
the start of every row (or of every short row) too, for M3's short rows that
never reach the 16-entry loop: M3 within noise, M1 +16% (every row) and
4-entry rows in cache 10-30% slower."""

import os, sys

PFD = 2048  # prefetch distance in bytes of idx
BATCH = int(os.environ.get('SPMV_BATCH', '512'))   # entries per batch (AVX-512); 0: off
LONG = int(os.environ.get('SPMV_LONG', '32'))      # rows this long or longer go direct
DIRECT16 = os.environ.get('SPMV_DIRECT16', '1') == '1'  # rows of 16, 32.. stay direct
P1BY16 = os.environ.get('SPMV_P1BY16', '1') == '1'  # phase 1 16 entries a pass
AVX2BATCH = os.environ.get('SPMV_AVX2BATCH', '1') == '1'  # AVX2 batches short rows too

def prefetch16(pfd, es):
    """The stream prefetch of a 16-entry step, pfd bytes of idx ahead (none
    when pfd is 0): two lines of idx and the values' one or two lines."""
    if not pfd:
        return []
    o = [f'\tPREFETCHT0 {pfd}(R9)(R12*8)', f'\tPREFETCHT0 {pfd + 64}(R9)(R12*8)',
         f'\tPREFETCHT0 {pfd * es // 8}(R11)(R12*{es})']
    if es == 8:
        o.append(f'\tPREFETCHT0 {pfd + 64}(R11)(R12*8)')
    return o


def products(b):
    """Block b's code with each of its closing FMAs into an accumulator,
    VFMADD231Px d(R11)(R12*es), V, acc, turned into V = V * vals at d and a
    store of V at d(R10): the entries' products into the batch buffer."""
    o = []
    for ln in b:
        if not ln.startswith('\tVFMADD231'):
            o.append(ln)
            continue
        op, args = ln.split(None, 1)
        mem, v, _ = [a.strip() for a in args.split(',')]
        P = op[-2:]
        d = mem[:mem.index('(')]
        o += [f'\tVMUL{P} {mem}, {v}, {v}', f'\tVMOVU{P} {v}, {d}(R10)']
    return o


def batch_code(L, isa, es, sd, betaoff, block, check, pfd, xa, xb):
    """Rows under LONG entries, in batches of consecutive rows with at most
    BATCH entries: phase 1 writes the products vals[k]*x[idx[k]] of the
    whole batch to the buffer at 0(SP), 8 at a time with no branch on row
    boundaries (0 for an index out of range); phase 2 sums each row's
    products from the buffer (16 at a time, AVX2 8, the last ones under a
    mask)."""
    jslot, sslot = BATCH * es, BATCH * es + 8
    o = [f'{L}batch:',
         # only rows whose raw segment is in order and within idx batch
         '\tCMPQ BX, R13', f'\tJNE  {L}short0',
         '\tMOVQ (DX)(AX*8), R15', '\tCMPQ R15, R12', f'\tJNE  {L}short0',
         '\tLEAQ 1(AX), R14', '\tMOVQ R13, R8',
         f'{L}scan:',
         '\tCMPQ R14, y_len+8(FP)', f'\tJAE  {L}scanned',
         '\tMOVQ 8(DX)(R14*8), CX',
         '\tCMPQ CX, R8', f'\tJB   {L}scanned',
         '\tCMPQ CX, R10', f'\tJA   {L}scanned',
         '\tMOVQ CX, R12', '\tSUBQ R8, R12', f'\tCMPQ R12, ${LONG}', f'\tJAE  {L}scanned'] + [
         f'\tCMPQ R12, ${m}\n\tJEQ  {L}scanned' for m in range(16, LONG, 16) if DIRECT16] + [
         '\tMOVQ CX, R12', '\tSUBQ R15, R12', f'\tCMPQ R12, ${BATCH}', f'\tJA   {L}scanned',
         '\tMOVQ CX, R8', '\tINCQ R14', f'\tJMP  {L}scan', '',
         f'{L}scanned:',
         f'\tMOVQ R14, {jslot}(SP)', f'\tMOVQ R15, {sslot}(SP)',
         '\tMOVQ R15, R12', '\tMOVQ R8, R13', '\tLEAQ 0(SP), R10', '',
         # phase 1
    ]
    if P1BY16:
        o += [f'{L}p1by16:', '\tLEAQ 16(R12), CX', '\tCMPQ CX, R13', f'\tJA   {L}p1']
        o += check(2, f'{L}p1s')
        o += prefetch16(pfd, es)
        o += products(block(0, xa, 'acc')) + products(block(8, xb, 'acc'))
        o += [f'\tADDQ ${16 * es}, R10', '\tMOVQ CX, R12', f'\tJMP  {L}p1by16', '']
    o += [f'{L}p1:', '\tLEAQ 8(R12), CX', '\tCMPQ CX, R13', f'\tJA   {L}p1tail']
    o += check(1, f'{L}p1s')
    if pfd:
        o += [f'\tPREFETCHT0 {pfd}(R9)(R12*8)', f'\tPREFETCHT0 {pfd * es // 8}(R11)(R12*{es})']
    o += products(block(0, xa, 'acc')) + [
                   f'\tADDQ ${8 * es}, R10', '\tMOVQ CX, R12', f'\tJMP  {L}p1', '',
                   f'{L}p1tail:', '\tMOVQ R13, CX', '\tCMPQ R12, R13', f'\tJAE  {L}p2', '',
                   # checked products of entries R12..CX
                   f'{L}p1s:', '\tCMPQ R12, CX', f'\tJAE  {L}p1{"by16" if P1BY16 else ""}', '\tMOVQ (R9)(R12*8), R8',
                   '\tVXORPS X4, X4, X4', '\tCMPQ R8, x_len+32(FP)', f'\tJAE  {L}p1z',
                   f'\tVMOV{sd} (R11)(R12*{es}), X4', f'\tVMUL{sd} (SI)(R8*{es}), X4, X4', '',
                   f'{L}p1z:', f'\tVMOV{sd} X4, (R10)', f'\tADDQ ${es}, R10', '\tINCQ R12',
                   f'\tJMP  {L}p1s', '']
    # phase 2
    o += [f'{L}p2:', '\tLEAQ 0(SP), R10', f'\tMOVQ {jslot}(SP), R14', f'\tMOVQ {sslot}(SP), R15',
          '\tMOVQ (DX)(AX*8), BX', '',
          f'{L}p2row:', '\tCMPQ AX, R14', f'\tJAE  {L}p2done',
          '\tMOVQ 8(DX)(AX*8), R13', '\tMOVQ R13, CX', '\tSUBQ BX, CX',
          '\tMOVQ BX, R8', '\tSUBQ R15, R8', f'\tLEAQ (R10)(R8*{es}), R8',
          ]
    if isa == 'avx2':
        return o + p2avx2(L, es, sd, betaoff)
    o += p2sums(L, es, 'Z') + [
          f'{L}p2last:', '\tMOVL $0xffff, R12', '\tBZHIL CX, R12, R12', '\tKMOVW R12, K1']
    if es == 8:
        o += ['\tKSHIFTRW $8, K1, K2', '\tVMOVUPD.Z (R8), K1, Z4', '\tVMOVUPD.Z 64(R8), K2, Z5',
              '\tVADDPD Z4, Z0, Z0', '\tVADDPD Z5, Z1, Z1', '\tVADDPD Z1, Z0, Z0']
    else:
        o += ['\tVMOVUPS.Z (R8), K1, Z4', '\tVADDPS Z4, Z0, Z0']
    return o + hsum(es, True) + p2end(L, es, sd, betaoff)


def hsum(es, fold):
    """X0 = the sum of Y0's lanes (with fold, of Z0's: its upper half added
    into Y0 first). Clobbers X1 (Y1)."""
    P = 'PD' if es == 8 else 'PS'
    o = ['\tVEXTRACTF64X4 $1, Z0, Y1', f'\tVADD{P} Y1, Y0, Y0'] if fold else []
    o += ['\tVEXTRACTF128 $1, Y0, X1', f'\tVADD{P} X1, X0, X0']
    if es == 8:
        return o + ['\tVPERMILPD $1, X0, X1', '\tVADDSD X1, X0, X0']
    return o + ['\tVMOVHLPS X0, X0, X1', '\tVADDPS X1, X0, X0', '\tVMOVSHDUP X0, X1',
                '\tVADDSS X1, X0, X0']


def scale(es, sd, betaoff, src):
    """X0 = alpha * src, and the flags of beta's test against +0."""
    return [f'\tVMUL{sd} X13, {src}, X0', f'\tCMP{"Q" if es == 8 else "L"} beta+{betaoff}(FP), $0']


def store_y(es, sd, nobeta, after):
    """y[AX] = X0 (+ beta*y[AX] unless the flags say beta is +0), then after."""
    return [f'\tJEQ  {nobeta}', f'\tVFMADD231{sd} (DI)(AX*{es}), X12, X0', '',
            f'{nobeta}:', f'\tVMOV{sd} X0, (DI)(AX*{es})'] + after


def p2end(L, es, sd, betaoff):
    """Phase 2's store of row AX's y (X0 its sum), and the end of the batch."""
    return scale(es, sd, betaoff, 'X0') + store_y(es, sd, f'{L}p2nobeta', [
        '\tMOVQ R13, BX', '\tINCQ AX', f'\tJMP  {L}p2row', '',
        f'{L}p2done:', '\tMOVQ idx_len+80(FP), R10', f'\tJMP  {L}row', ''])


def p2sums(L, es, reg):
    """Phase 2's loop over row AX's products in the buffer (R8, CX of them)
    while more than a pass is left: a pass adds one vector of float32 or
    two of float64 (reg: Z or Y) into reg0 (and reg1), 16 (Z) or 8 (Y)
    products, then goes on at {L}p2last."""
    vb = 64 if reg == 'Z' else 32
    n = vb // 4
    xor = 'VPXORQ' if reg == 'Z' else 'VXORPS'
    o = [f'\t{xor} {reg}0, {reg}0, {reg}0', f'\t{xor} {reg}1, {reg}1, {reg}1', '',
         f'{L}p2by{n}:', f'\tCMPQ CX, ${n}', f'\tJBE  {L}p2last']
    if es == 8:
        o += [f'\tVADDPD (R8), {reg}0, {reg}0', f'\tVADDPD {vb}(R8), {reg}1, {reg}1', f'\tADDQ ${2 * vb}, R8']
    else:
        o += [f'\tVADDPS (R8), {reg}0, {reg}0', f'\tADDQ ${vb}, R8']
    return o + [f'\tSUBQ ${n}, CX', f'\tJMP  {L}p2by{n}', '']


def p2avx2(L, es, sd, betaoff):
    """AVX2 phase 2 for row AX (CX its length, R8 its first product in the
    buffer): 8 products a pass into Y0 (and Y1 for float64), then the last
    0..8 under a VMASKMOV mask loaded from the window of lanemask<> that
    starts 8-CX lanes in."""
    P = 'PD' if es == 8 else 'PS'
    o = p2sums(L, es, 'Y') + [
          f'{L}p2last:', f'\tLEAQ lanemask{"q" if es == 8 else "d"}<>+{8 * es}(SB), R12',
          '\tNEGQ CX', f'\tLEAQ (R12)(CX*{es}), R12', '\tVMOVDQU (R12), Y6',
          f'\tVMASKMOV{P} (R8), Y6, Y4', f'\tVADD{P} Y4, Y0, Y0']
    if es == 8:
        o += ['\tVMOVDQU 32(R12), Y7', '\tVMASKMOVPD 32(R8), Y7, Y5', '\tVADDPD Y5, Y1, Y1',
              '\tVADDPD Y1, Y0, Y0']
    return o + hsum(es, False) + p2end(L, es, sd, betaoff)

def kernel(t, isa, name, pfd):
    es = 8 if t == 'f64' else 4
    Tn = 'float64' if t == 'f64' else 'float32'
    frame = 136 if es == 8 else 128
    betaoff = 128 if es == 8 else 124
    sd = 'SD' if es == 8 else 'SS'
    L = name.lower()
    o = []
    o.append(f'// func {name}(y, x []{Tn}, ptr, idx []uint64, vals []{Tn}, alpha, beta {Tn})')
    o.append('// Requires: ' + ('AVX512F, AVX512VL, FMA3' if isa == 'avx512' else 'AVX, AVX2, FMA3'))
    batch = BATCH > 0 and (isa == 'avx512' or AVX2BATCH)
    if batch:
        # the product buffer and two slots: too big for NOSPLIT
        o.append(f'TEXT ·{name}(SB), 0, ${BATCH * es + 16}-{frame}')
    else:
        o.append(f'TEXT ·{name}(SB), NOSPLIT, $0-{frame}')
    o += ['\tMOVQ y_base+0(FP), DI', '\tMOVQ x_base+24(FP), SI', '\tMOVQ x_len+32(FP), R8',
          '\tMOVQ ptr_base+48(FP), DX', '\tMOVQ idx_base+72(FP), R9', '\tMOVQ idx_len+80(FP), R10',
          '\tMOVQ vals_base+96(FP), R11']
    if isa == 'avx512':
        o.append('\tVPBROADCASTQ R8, Z30')
    else:
        o += ['\tMOVQ $0x8000000000000000, R14', '\tMOVQ R14, X14', '\tVPBROADCASTQ X14, Y14',
              '\tXORQ R8, R14', '\tMOVQ R14, X15', '\tVPBROADCASTQ X15, Y15']
    o.append(f'\tVMOV{sd} alpha+120(FP), X13')
    o.append(f'\tVMOV{sd} beta+{betaoff}(FP), X12')
    o += ['\tXORQ AX, AX', '\tMOVQ (DX), BX', '']
    o += [f'{L}row:', '\tCMPQ AX, y_len+8(FP)', f'\tJAE  {L}done', '\tMOVQ BX, R12',
          '\tMOVQ 8(DX)(AX*8), R13', '\tMOVQ R13, BX', '\tCLAMP']
    acc = ['Z0', 'Z1'] if (isa == 'avx512' and es == 8) else ['Y0', 'Y1']
    if batch:
        # rows of a multiple of 16 entries stay direct: no tail there
        o += ['\tMOVQ R13, CX', '\tSUBQ R12, CX', f'\tCMPQ CX, ${LONG}', f'\tJAE  {L}direct']
        o += [f'\tCMPQ CX, ${m}\n\tJEQ  {L}direct' for m in range(16, LONG, 16) if DIRECT16]
        o += [f'\tJMP  {L}batch', f'{L}direct:']
    if isa == 'avx512':
        o += [f'\tVPXORQ {acc[0]}, {acc[0]}, {acc[0]}', f'\tVPXORQ {acc[1]}, {acc[1]}, {acc[1]}']
    else:
        o += [f'\tVXORPS {acc[0]}, {acc[0]}, {acc[0]}', f'\tVXORPS {acc[1]}, {acc[1]}, {acc[1]}']
    o += ['\tVXORPS X2, X2, X2']
    # rows under 8 entries skip the vector set-up and reduction
    if not batch:
        o += ['\tMOVQ R13, CX', '\tSUBQ R12, CX', '\tCMPQ CX, $8', f'\tJB   {L}short']
    o.append('')

    def check(nblk, fail):
        c = []
        if isa == 'avx512':
            c.append('\tVPCMPUQ  $2, (R9)(R12*8), Z30, K1')
            if nblk == 2:
                c.append('\tVPCMPUQ  $2, 64(R9)(R12*8), Z30, K2')
                c.append('\tKORTESTB K1, K2')
            else:
                c.append('\tKORTESTB K1, K1')
            c.append(f'\tJNZ      {fail}')
        else:
            # in range iff (n ^ 2^63) > (idx ^ 2^63) as signed
            regs = ['Y3', 'Y4', 'Y5', 'Y6'][:2 * nblk]
            for i, r in enumerate(regs):
                c.append(f'\tVPXOR    {32 * i}(R9)(R12*8), Y14, {r}')
                c.append(f'\tVPCMPGTQ {r}, Y15, {r}')
            while len(regs) > 1:
                c.append(f'\tVPAND    {regs[1]}, {regs[0]}, {regs[0]}')
                if len(regs) == 4:
                    c.append(f'\tVPAND    {regs[3]}, {regs[2]}, {regs[2]}')
                    regs = [regs[0], regs[2]]
                else:
                    regs = regs[:1]
            c += [f'\tVMOVMSKPD {regs[0]}, R14', '\tCMPL     R14, $15', f'\tJNE      {fail}']
        return c

    def block(off, xr, accr):
        # 8 entries at idx/vals offset off (in entries) into accumulator accr
        b = []
        gp = ['R8', 'R14', 'R15']
        loads = [f'\tMOVQ {8 * (off + j)}(R9)(R12*8), {gp[j % 3]}' for j in range(8)]
        ins = []
        for j in range(8):
            g = gp[j % 3]
            a = xr[j // (2 if es == 8 else 4)]
            pos = j % (2 if es == 8 else 4)
            if pos == 0:
                ins.append(f'\tVMOV{sd} (SI)({g}*{es}), {a}')
            elif es == 8:
                ins.append(f'\tVMOVHPD (SI)({g}*8), {a}, {a}')
            else:
                ins.append(f'\tVINSERTPS ${pos << 4:#x}, (SI)({g}*4), {a}, {a}')
        # interleave: index loads run two ahead of their use
        b += loads[:2]
        for j in range(8):
            if j + 2 < 8:
                b.append(loads[j + 2])
            b.append(ins[j])
        if es == 8:
            b.append(f'\tVINSERTF128 $1, {xr[1]}, {xr[0].replace("X", "Y")}, {xr[0].replace("X", "Y")}')
            b.append(f'\tVINSERTF128 $1, {xr[3]}, {xr[2].replace("X", "Y")}, {xr[2].replace("X", "Y")}')
            if isa == 'avx512':
                b.append(f'\tVINSERTF64X4 $1, {xr[2].replace("X", "Y")}, {xr[0].replace("X", "Z")}, {xr[0].replace("X", "Z")}')
                b.append(f'\tVFMADD231PD {8 * off}(R11)(R12*8), {xr[0].replace("X", "Z")}, {accr}')
            else:
                b.append(f'\tVFMADD231PD {8 * off}(R11)(R12*8), {xr[0].replace("X", "Y")}, {accr}')
                b.append(f'\tVFMADD231PD {8 * off + 32}(R11)(R12*8), {xr[2].replace("X", "Y")}, {accr}')
        else:
            b.append(f'\tVINSERTF128 $1, {xr[1]}, {xr[0].replace("X", "Y")}, {xr[0].replace("X", "Y")}')
            b.append(f'\tVFMADD231PS {4 * off}(R11)(R12*4), {xr[0].replace("X", "Y")}, {accr}')
        return b

    xa = ['X8', 'X9', 'X10', 'X11']
    xb = ['X4', 'X5', 'X6', 'X7'] if isa == 'avx512' or es == 4 else ['X7', 'X8', 'X9', 'X10']
    if isa == 'avx2' and es == 8:
        xa, xb = ['X7', 'X8', 'X9', 'X10'], ['X3', 'X4', 'X5', 'X6']
        # the check's scratch (Y3..Y6) is dead by then
    o += [f'{L}by16:', '\tLEAQ 16(R12), CX', '\tCMPQ CX, R13', f'\tJA   {L}by8']
    o += check(2, f'{L}tail')
    o += prefetch16(pfd, es)
    o += block(0, xa, acc[0])
    o += block(8, xb, acc[1])
    o += ['\tMOVQ CX, R12', f'\tJMP  {L}by16', '']
    o += [f'{L}by8:', '\tLEAQ 8(R12), CX', '\tCMPQ CX, R13', f'\tJA   {L}tail']
    o += check(1, f'{L}tail')
    o += block(0, xa, acc[0])
    o += ['\tMOVQ CX, R12', '']
    o += [f'{L}tail:', '\tCMPQ R12, R13', f'\tJAE  {L}sum', '\tMOVQ (R9)(R12*8), R8',
          '\tCMPQ R8, x_len+32(FP)', f'\tJAE  {L}skip', f'\tVMOV{sd} (R11)(R12*{es}), X8',
          f'\tVFMADD231{sd} (SI)(R8*{es}), X8, X2', '', f'{L}skip:', '\tINCQ R12', f'\tJMP  {L}tail', '']
    if batch:
        o += [f'{L}short0:', '\tVXORPS X2, X2, X2']
    o += [f'{L}short:', '\tCMPQ R12, R13', f'\tJAE  {L}scale', '\tMOVQ (R9)(R12*8), R8',
          '\tCMPQ R8, x_len+32(FP)', f'\tJAE  {L}sskip', f'\tVMOV{sd} (R11)(R12*{es}), X8',
          f'\tVFMADD231{sd} (SI)(R8*{es}), X8, X2', '', f'{L}sskip:', '\tINCQ R12', f'\tJMP  {L}short', '']
    o.append(f'{L}sum:')
    P = 'PD' if es == 8 else 'PS'
    if acc[0][0] == 'Z':
        o += ['\tVADDPD Z1, Z0, Z0'] + hsum(es, True)
    else:
        o += [f'\tVADD{P} Y1, Y0, Y0'] + hsum(es, False)
    o += [f'\tVADD{sd} X0, X2, X2', '', f'{L}scale:'] + scale(es, sd, betaoff, 'X2')
    o += store_y(es, sd, f'{L}nobeta', ['\tINCQ AX', f'\tJMP  {L}row', ''])
    if batch:
        o += batch_code(L, isa, es, sd, betaoff, block, check, pfd, xa, xb)
    o += [f'{L}done:', '\tVZEROUPPER', '\tRET', '']
    return o

HDR = '''// Code generated by _gen/spmv.py. DO NOT EDIT.

//go:build !purego && !noasm && gc

// SpMV, CSR row loop (T = float32 or float64):
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
// A row under 32 entries, other than 16, whose segment needs
// no clamping starts a batch instead, the rows i..j-1 after it with the same property
// and at most 512 entries in all (segments in order, within idx):
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

#define CLAMP \\
	CMPQ    R12, R10 \\
	CMOVQHI R10, R12 \\
	CMPQ    R13, R10 \\
	CMOVQHI R10, R13 \\
	CMPQ    R13, R12 \\
	CMOVQCS R12, R13

'''

MASKS = ''.join(f'DATA lanemaskq<>+{8 * i}(SB)/8, ${-1 if i < 8 else 0}\n' for i in range(16)) + \
    'GLOBL lanemaskq<>(SB), RODATA|NOPTR, $128\n\n' + \
    ''.join(f'DATA lanemaskd<>+{4 * i}(SB)/4, ${-1 if i < 8 else 0}\n' for i in range(16)) + \
    'GLOBL lanemaskd<>(SB), RODATA|NOPTR, $64\n'

out = [HDR.replace('under 32 entries', f'under {LONG} entries').replace('other than 16', 'other than ' + ', '.join(str(m) for m in range(16, LONG, 16)) if DIRECT16 else 'of any length').replace('at most 512', f'at most {BATCH}')]
if AVX2BATCH and BATCH > 0:
    out.append('// The AVX2 batches\' last block of a row: 8-CX lanes into these, 8 lanes\n// of -1 then 8 of 0, the first CX lanes are set.\n' + MASKS)
for t in ('f64', 'f32'):
    for isa in ('avx512', 'avx2'):
        nm = f'SpMV{t.upper()}{"AVX512" if isa == "avx512" else "AVX2"}'
        out.append('\n'.join(kernel(t, isa, nm, PFD)))
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'spmv_amd64.s')
open(path, 'w').write('\n'.join(out))
