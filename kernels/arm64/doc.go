// Package arm64 holds the NEON assembly kernels and the flag that gates them.
// It builds on every GOARCH: where the assembly is not built (another
// architecture, the purego or noasm tags, or a compiler other than gc) HasNEON
// is constant false and the kernel functions are stubs that panic, so package
// kernels can refer to them unconditionally and never call them.
//
// Go's arm64 assembler lacks some NEON instructions (CMHI, CMHS, CMGT, FADD,
// FMUL, by-element FMLA); those are WORD lines produced by asm2plan9s from the
// mnemonic kept in a comment on each line: go generate runs asm2plan9s.sh,
// which re-encodes every "WORD $0x... // mnemonic" line, and check_words.sh
// (for CI) fails when a WORD differs from its mnemonic. Both need the GNU
// aarch64 assembler (binutils-aarch64-linux-gnu) and, off arm64, qemu-user.
// Comments in the .s files use spaces, not tabs, because the tool rewrites
// tabs.
//
// # Kernels
//
// Every index family and every sparse-dense product family of package
// kernels has a NEON kernel here, in the file named after the family; the
// glue in package kernels checks lengths, splits long inputs into bounded
// chunks (assembly is not preemptible) and, for the index families and the
// product columns past the last whole vector, finishes tails in Go:
//
//	lowerbound_arm64.s          LowerBoundNEON: branch-free scalar halving to 8
//	                            candidates, then one 8-wide CMHI count
//	descendlevel_arm64.s        DescendLevelNEON: LowerBoundNEON's search per
//	                            query on its parent's segment
//	max_arm64.s                 MaxNEON
//	firstnotbelow_arm64.s       FirstNotBelowNEON, FirstNotBelowCyclicNEON
//	nondecreasing_arm64.s       NonDecreasingNEON
//	strictlyincreasing_arm64.s  StrictlyIncreasingNEON: the scans, blocks of 4
//	                            with CMHI/CMHS, stopping at the first block with
//	                            a hit
//	expandpos_arm64.s           ExpandPosNEON, and
//	expandruns_arm64.s          ExpandRunsNEON: vector fill for stride 1, one
//	                            store per row otherwise
//	exclusivescan_arm64.s       ExclusiveScanNEON: EXT + ADD, 4 elements a step
//	countstarts_arm64.s         CountStartsNEON, and
//	compressstarts_arm64.s      CompressStartsNEON: CMHI of key differences
//	                            against the level's limit, four pairs a step;
//	                            groups that start nodes stored by a scalar loop
//	spmv_arm64.s                SpMVF64NEON, SpMVF32NEON: the CSR row loop, four
//	                            scalar FMADD chains, out-of-range indices skipped
//	spmvnarrow_arm64.s          SpMVNarrow{F64,F32}{U16,U32}NEON: that loop on
//	                            32-bit row pointers and 16- or 32-bit indices
//	spmvshort_arm64.s           SpMVShort{,2,4}{F64,F32}{U16,U32}NEON: that loop
//	                            for rows of a few entries, each row from where
//	                            the one before it stopped, in 1, 2 or 4 sums
//	qspmvnarrow_arm64.s         QSpMVNarrowI8U16NEON, QSpMVNarrowI8U32NEON: the
//	                            narrow loop on int8 codes (MOVB, SCVTF), times
//	                            a scale a row
//	qspmvnarrowblock_arm64.s    QSpMVNarrow{I8Block,4Block,4MX}{U16,U32}NEON:
//	                            the narrow loop on int8 or 4-bit codes with a
//	                            float32 or E8M0 scale per block (UDIV per
//	                            block part; 4-bit codes four entries a step
//	                            into four sums, the table by scalar loads;
//	                            int8 pairs into two sums)
//	qfused_arm64.s              QSpMV{I8Row,U8Row}NEON: the fused quantized
//	                            SpMV on int8 or uint8 codes with a scale (and
//	                            a zero point) per row, the same loop on 64-bit
//	                            pointers and indices; QSpMV{I8Col,U8Col}NEON:
//	                            that loop with each value's scale (and float32
//	                            zero point) loaded by its index, as x is; and
//	                            QSpMV{I8Block,U8Block,4Block,4MX,8MX}NEON: the
//	                            block loop of qspmvnarrowblock_arm64.s on them
//	spmm_arm64.s                SpMMF64NEON, SpMMF32NEON, and
//	spmmscatter_arm64.s         SpMMScatterF64NEON, SpMMScatterF32NEON: column
//	                            blocks of 4 and 1 vectors (VLD1R + VFMLA) and
//	                            single columns
//	spmmnarrow_arm64.s          SpMMNarrow{F64,F32}{U16,U32}NEON, and
//	spmmscatternarrow_arm64.s   SpMMScatterNarrow{F64,F32}{U16,U32}NEON: those
//	                            kernels on 32-bit row pointers and 16- or
//	                            32-bit indices
//	scatteraddnarrow_arm64.s    ScatterAddNarrow{F64,F32}{U16,U32}NEON:
//	                            scatteradd_arm64.s's loop on 32-bit row
//	                            pointers and 16- or 32-bit indices
//	scatteradd_arm64.s          ScatterAddF64NEON, ScatterAddF32NEON:
//	                            scatter-add for transposed products, scalar
//	                            FMADD in loop order
//	qscatter_arm64.s            QScatter{I8Row,I8Block,4Block,4MX,8MX,U8Row,
//	                            I8Col,U8Col,U8Block}NEON: that scatter-add on
//	                            int8, uint8, 4-bit and E4M3 codes decoded in
//	                            the loop (uint8 less a zero point), times a
//	                            scale a row, a block (UDIV where a row leaves
//	                            the last block) or an index; and
//	                            QSpMMScatter{I8Row,I8Block,4Block,4MX,8MX,
//	                            U8Row,I8Col,U8Col,U8Block}NEON:
//	                            spmmscatter_arm64.s's loop on the same codes
//	                            and scales, each value decoded once a column
//	                            block
//	gatherhadamard_arm64.s      GatherHadamardF32NEON, GatherHadamardF64NEON:
//	                            per node the fiber sum t in registers (FMLA by
//	                            element per leaf), then out += y*t (FMLA)
//	gatherhadamard2_arm64.s     GatherHadamard2F32NEON, GatherHadamard2F64NEON:
//	                            per node the child sum s and per child the fiber
//	                            sum t in registers, s += z*t per child, out +=
//	                            y*s per node (the out block kept in registers
//	                            across nodes in pull mode)
//	scatterhadamard_arm64.s     ScatterHadamardF32NEON, ScatterHadamardF64NEON:
//	                            per node p = base*y (FMUL) in registers, FMLA by
//	                            element into each leaf's out row
//	pushhadamard2_arm64.s       PushHadamard2F32NEON, PushHadamard2F64NEON: per
//	                            column block the above block in registers, per
//	                            node p = above*y (FMUL), per child either q = p*f
//	                            scattered into each leaf's out row (PushLeaves)
//	                            or the fiber sum t in registers and out += p*t
//	                            (PushChildren)
//	dotrows_arm64.s             DotRowsF32NEON, DotRowsF64NEON: four FMLA
//	                            accumulators per row, FADD/FADDP reduction,
//	                            scalar FMADD tail
//
// stubs_arm64.go declares every kernel with its contract, under the build
// constraint !purego && !noasm && gc that the .s files share; stubs_other.go,
// under the exact negation, holds the same API as stubs that panic.
// cpu_arm64.go and cpu_other.go hold HasNEON under the same two
// constraints. The assembly is handwritten (DESIGN.md allows it for arm64).
//
// Package engine (behind package kernels) validates every length before
// calling them. The index and search kernels stay inside their slices
// whatever the indices hold; the product kernels compare every index they
// dereference, when they read it, with a bound passed in, and return 1 at
// the first out of range. They are exported only so that package kernels
// can reach them (DESIGN.md places them here); other code should call
// package kernels, whose checked wrappers choose among them.
package arm64

//go:generate sh asm2plan9s.sh
