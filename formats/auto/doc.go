// Package auto reads and writes any of the supported file formats, choosing
// by extension: .tns (FROSTT), .mtx or .mm (Matrix Market), .npz (SciPy
// sparse or the CSF npz layout) and .npy (dense). Read returns a File, a sum
// type with exactly one of COO, Matrix (CSR or CSC), CSF and Dense set, plus
// what the reader noticed (a symmetric expansion, a canonicalised SciPy
// matrix).
//
// ReadCOO, ReadCSR, ReadCSC and ReadCSF go from a path to the structure
// wanted in one call, with the element type chosen by the type argument
// (float32 or float64) whatever the file stores; File's ToCOO, ToCSR, ToCSC
// and ToCSF do the same from a File already read.
//
// # What is accepted
//
// Exactly what formats/tns, formats/mtx and formats/npz accept; a Matrix
// Market array file and a .npy file give Dense. Write picks the writer from
// the output extension: .tns takes any sparse layout (written as COO with the
// rank/dimensions header), .mtx a rank-2 sparse layout or a rank-2 dense
// array, .npz CSR, CSC, rank-2 COO or CSF, .npy a dense array.
//
// # Quantized values
//
// An .npz file of quantized values (formats/npz's "Quantized values") is
// read only when Options.Quantized asks for it, into File's QCOO, QMatrix
// or QCSF (which compute in float32 whatever the element type); without it
// the read fails with an error matching formats.ErrUnsupported that names
// the scheme, so that code computing on float values is never handed
// codes. File.Dequantize gives the float twin. Write writes quantized
// values as .npz only.
//
// # Memory
//
// Reading an .npz or .npy file keeps within one memory budget for the whole
// file, Options.MaxBytes (npz.Options.MaxBytes; formats/npz's package doc
// lists what counts): the raw array data, indices widened to uint64,
// converted values, the scratch of canonicalising a SciPy matrix and the
// structure's own arrays. It defaults to DefaultMaxBytes of the file's
// size, 64 MiB plus 64 bytes for every byte of the file and at most half of
// the memory, so that a small deflated archive claiming gigabytes is
// refused, with an error naming the file, the array and the budget that
// matches formats.ErrTooLarge, before it is inflated. The .tns and .mtx
// readers allocate as the text arrives, in proportion to it: a count or a
// dimension the file declares never sizes an allocation beyond
// formats.MaxPrealloc elements, and a Matrix Market array is allocated once
// its values have been read.
//
// # Errors
//
// Reader errors are the format packages' *formats.Error values, naming the
// file and the line or array; an unknown extension matches ErrExtension.
// Write removes a partly written output file when it fails.
package auto
