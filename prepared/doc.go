// Package prepared builds read-only compute forms of validated CSR and CSC
// matrices for products repeated many times (the weights of an inference
// runtime): the same products as package csr, on narrow indices, so that
// each stored value moves fewer bytes.
//
// A csr.Matrix stores uint64 pointers and indices: a float32 entry moves 12
// bytes, 8 of them index. Prepare (or PrepareInto, which reuses the memory
// of an earlier form) copies the matrix once into a form with uint32 row
// pointers and uint16 or uint32 indices; the form keeps no reference to the
// source. PrepareQuantized does the same for a quantized CSR or CSC matrix
// (csr.Quantized) of any scheme: by tensor, by block, or by channel along
// either axis. int8 by tensor or by channel along the compressed dimension
// (rows of CSR, columns of CSC) is held as int8 codes with a float32 scale
// a compressed row; the others as their codes in the form's order and
// their parameters in the source's, a scheme by block in several panels or
// strips keeping the source position of each row's first value in each,
// and a scheme by channel along the indexed dimension taking each value's
// scale (and zero point) from its index (see Quantized).
//
// # Forms
//
// The compressed dimension (rows of CSR, columns of CSC) is kept; the
// indexed one is stored in one of three index forms (Index):
//
//	Cols16    uint16 indices, one pointer array (at most 65536 indices)
//	Panels16  panels of 65536 indices, uint16 offsets, a pointer array per panel holding entries
//	Cols32    uint32 indices, one pointer array (panels of 2^31 beyond that)
//	Strips16  strips of at most 4096 indices, uint16 offsets, a pointer array per strip holding entries
//	Strips12  Strips16 with 12-bit offsets packed two in three bytes
//
// The rows are cut into row blocks so that no block holds more entries
// than its uint32 pointers address: a form of any size works, with one row
// block when it has fewer than 2^32 entries.
//
// # Cost model
//
// Auto takes the form with the fewest bytes a stored value, counting the
// value, its index and, for every row segment of every panel, its 4-byte
// pointer plus as much again for the kernel's fixed work per segment:
//
//	Cols16    v + 2 + 8 (rows+1)/nnz
//	Panels16  v + 2 + 8 (rows+1) P/nnz    (P panels holding entries)
//	Cols32    v + 4 + 8 (rows+1)/nnz
//
// with v the value's size (4 for float32, 8 for float64, 1 for int8 codes).
// So Cols16 wins whenever it holds the matrix, and Panels16 beats Cols32
// when rows average more than 4(P-1) entries. Strips16 costs as Panels16
// with its S strips for P, and Strips12 as Strips16 less half a byte a
// value (Auto does not take Strips12: see below); Auto takes it before the others when the
// values are at most 4 bytes, the indexed dimension is wider than one
// strip and rows average at least 128 entries a strip: the float32
// kernels then read x a strip at a time from the first-level cache, and
// gain more than its pointers cost. A quantized scheme other than the int8
// row form takes Strips16 by the same test when y = A x decodes its codes
// in the row loop (int8, int4, NF4 and MXFP4 by block), with 4 more bytes
// a strip row for a scheme by block, else Cols16 or Cols32 (its tiles are
// decoded into L1 either way). BytesPerValue reports what
// the form built actually holds (values, indices, pointers and scales over
// nnz): a float32 matrix of 4096 x 11008 with 10% of entries takes
// Strips16 (three strips of 3670) and 6 bytes a value plus 12 a row.
//
// Strips12 saves half a byte a value (int8 codes with a row scale then
// take about 2.5 bytes a value, 4-bit codes about 2.1, float32 about
// 5.5). Its products unpack the offsets of a piece of rows (about 2048
// entries, in the first-level cache; engine.Unpack12) and run the 16-bit
// kernels on them. That pass over the offsets, apart from the kernel's
// pass over the values, costs more time than the half byte saves, so
// Auto keeps Strips16: ask for Strips12 where memory, not time, counts.
//
// Within a form, each block of rows also picks its gather kernel for the
// products that write y (beta 0): rows averaging a few tens of entries or
// fewer take a short-row loop (one, two or four partial sums a row, alpha
// applied in a second pass), longer ones the vector kernel.
//
// # Products
//
// Matrix has csr.Matrix's eight products (MulVec, MulVecTrans, MulMat,
// MulMatTrans and their alpha/beta forms ...To), with the same shapes and
// the same panics on a dimension mismatch or an output that overlaps x
// (prefixed "prepared:"). A row loop over the compressed dimension (A x of
// CSR, Aᵀ x of CSC) gathers; the other direction scatters. Quantized has
// the same eight products on float32 operands. Work is split over
// SetWorkers goroutines by entries, as csr's products are: a gather into
// a few ranges of rows a goroutine, each goroutine taking the next range
// when it finishes one; a parallel scatter into one range a goroutine,
// each summing into private accumulators.
//
// Results equal the source's products within rounding: the kernels keep
// several partial sums, a row over several panels (or strips) is summed
// panel by panel (alpha A_p x added to y for each panel p after the first) and a scatter
// split over goroutines adds its private copies at the end. Each output of
// L terms then differs from the source's by at most about
// 2(L+1)·u·(|alpha|·Σ|a x| + |beta y|), u the unit roundoff of the value
// type; the tests check this bound. A quantized product differs from
// csr.Quantized's by the same bound over the dequantized values: the int8
// row form's gather (y = A x of CSR, Aᵀ x of CSC) multiplies the sum of
// code·x by the compressed row's scale once instead of each term; the other products and schemes decode each value
// exactly as quant's Values.At does and differ only in the order of the
// sums (a row longer than a decode tile is summed a tile at a time).
package prepared
