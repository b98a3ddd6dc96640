// Package layout describes the Hurray layout tag space and the layout
// descriptors of the sparse layouts this module implements.
//
// # Tags
//
// A layout is named by a one-byte Tag. The tag space is partitioned
// (ADR-013): 0x00 and 0xFF are invalid sentinels, 0x01–0x3F are core
// layouts, 0x40–0x7F extended layouts, 0xF0–0xFE private extensions, and
// everything else (0x80–0xEF) is reserved. Tag.Class reports the partition.
//
// # Descriptors
//
// A Descriptor is the layout-specific part of a tensor descriptor: COO (nnz,
// is_sorted), CSR and CSC (nnz), CSF (mode_order), row- and column-major
// (no fields), and Unknown, which only permissive decoding produces and which
// keeps the raw descriptor bytes for byte-exact re-emission. A descriptor does
// not store the rank; Validate(shape) checks it where shape and layout meet.
//
// # Validation errors
//
// Every structural violation found anywhere in this module is reported as a
// *ValidationError, and errors.Is(err, ErrInvalid) holds for all of them.
package layout
