// Package auto reads and writes any of the supported file formats, choosing
// by extension: .tns (FROSTT), .mtx or .mm (Matrix Market), .npz (SciPy
// sparse or the CSF npz layout) and .npy (dense). Read returns a File, a sum
// type with exactly one of COO, Matrix (CSR or CSC), CSF and Dense set, plus
// what the reader noticed (a symmetric expansion, a canonicalised SciPy
// matrix).
//
// # What is accepted
//
// Exactly what formats/tns, formats/mtx and formats/npz accept; a Matrix
// Market array file and a .npy file give Dense. Write picks the writer from
// the output extension: .tns takes any sparse layout (written as COO with the
// rank/dimensions header), .mtx a rank-2 sparse layout or a rank-2 dense
// array, .npz CSR, CSC, rank-2 COO or CSF, .npy a dense array.
//
// # Errors
//
// Reader errors are the format packages' *formats.Error values, naming the
// file and the line or array; an unknown extension matches ErrExtension.
// Write removes a partly written output file when it fails.
package auto
