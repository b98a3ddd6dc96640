package quant

// The sizes that set how quantizing walks its input, in one place. None of
// them changes a code or a parameter (the kernels and the Go encoders give
// the same result at every setting): they trade time and memory.

// kernelStep is the number of values the encoder kernels and the AVX-512
// scans (Span32AVX512, AbsMax32AVX512) take at a time: one 512-bit vector
// of float32. Shorter inputs, and the values after the last whole step,
// run in Go. It is the kernels' width, not a free choice.
const kernelStep = 16

// blockBatch is the number of blocks quantizeBlocksAsm takes at a time:
// their maxima, parameters and codes go in three passes over the batch,
// whose scratch (a few KiB) stays on the stack and in L1.
const blockBatch = 64

// codeChunk is the number of 4-bit codes a group encodes into bytes before
// packing them two to a byte: a stack buffer that stays in L1.
const codeChunk = 256

// nf4Bins is the number of equal bins over [-1, 1] of nf4Table, the NF4
// encoder's lookup. The table's correctness needs bins far wider than the
// rounding of a ratio and far narrower than the gaps between levels (see
// nf4Table); within those bounds more bins settle more values without the
// compare with nf4Mid, at 4*nf4Bins bytes of table.
const nf4Bins = 4096
