// Package tensor implements the tensor descriptor, the spec's Layer 4: a
// shape, a layout descriptor (package layout), a value type and, for
// quantized values, a scheme (package quant). It is where shape and layout
// meet (ADR-013 rule 7: layout.Validate(shape) runs here) and where layout
// and quantization meet (ADR-013, "Quantization interop"): the buffer table
// of a tensor is the layout's buffers followed by the scheme's parameter
// buffers, and a Descriptor checks a whole table against that count.
//
// # Value types
//
// Float32 and Float64 values fill buffer 0 with one little-endian float a
// stored value. Codes fill it with the codes of Descriptor.Scheme (one or
// two a byte), and the scheme's parameter buffers follow the layout's own:
// COO from buffer 2, CSR and CSC from 3, CSF from 2·rank+1, the dense
// layouts from 1.
//
// # Strict and permissive
//
// In layout.Strict mode every part must be known and every invariant holds:
// Check validates the whole table (the layout's rules, the scheme's rules
// of quant.Values.Validate, the descriptor's nnz against the table's and a
// COO is_sorted claim against the tuples), and Open returns a validated
// structure. In layout.Permissive mode a layout this library does not
// decode (layout.Unknown) or a scheme spelling it does not know
// (ParseScheme holds it byte for byte) is held: Open returns a *Held, which
// re-emits the buffers and the spelling unchanged and refuses to compute,
// and the known layouts are opened unvalidated (their Validate checks the
// rest), as their FromBuffers do in permissive mode. Malformed input (an
// invalid spelling of a known scheme, a wrong buffer count where the count
// is known, a buffer that is not a whole number of elements) is an error in
// both modes.
//
// # Opening
//
// Open views the buffers without copying where the host allows, as the
// layouts' FromBuffers do: a buffer aligned to its element size is viewed
// in place on a little-endian host, any other is copied (alignment is never
// an error; Copies says which buffers would be copied). The concrete types
// it returns, as a Structure, are exactly:
//
//	layout      Float32                Float64                Codes
//	COO         *coo.Tensor[float32]   *coo.Tensor[float64]   *coo.Quantized
//	CSR, CSC    *csr.Matrix[float32]   *csr.Matrix[float64]   *csr.Quantized
//	CSF         *csf.Tensor[float32]   *csf.Tensor[float64]   *csf.Quantized
//
// and *Held in permissive mode for what it holds. The dense layouts
// (row-major, column-major) have no structure in this module: Check checks
// their tables, and Open refuses them in strict mode and holds them in
// permissive mode.
package tensor
