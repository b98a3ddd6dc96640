// Package mtx reads and writes Matrix Market (.mtx) files.
//
// # Format
//
// The first line is the banner, matched case-insensitively:
//
//	%%MatrixMarket matrix <format> <field> <symmetry>
//
// format is coordinate (sparse) or array (dense); field is real, double,
// integer, unsigned-integer (which SciPy's mmwrite writes for unsigned data;
// read only) or pattern; symmetry is general, symmetric or skew-symmetric.
// complex and hermitian are valid Matrix Market but unsupported here (the
// error matches formats.ErrUnsupported). Lines starting with '%' and blank
// lines may follow; then the size line: "rows cols entries" for coordinate,
// "rows cols" for array.
//
// Coordinate entries are "i j value" (1-based; no value for pattern, which
// reads as 1). Explicit zeros are kept as stored entries, and so are
// duplicates: a coordinate file may list a cell more than once (and so
// declare more entries than rows x cols), as SciPy's mmwrite and Write do. A symmetric file is
// expanded on read: every off-diagonal (i, j) also yields (j, i), and for
// skew-symmetric (j, i) gets -value; diagonal entries are not duplicated (and
// must be zero in a skew-symmetric file). The format stores one triangle;
// as in SciPy's reader, an entry of the other triangle is mirrored too, so a
// file listing both (i, j) and (j, i) holds each twice, and a conversion
// sums them. Read returns a rank-2 COO tensor;
// convert.COOToCSR or COOToCSC compresses it.
//
// Array files list the values column by column (symmetric: the lower
// triangle with the diagonal; skew-symmetric: the strict lower triangle);
// ReadDense returns them row-major with the dimensions.
//
// # Streaming
//
// The readers scan line by line and append to slices whose preallocation is
// capped (formats.MaxPrealloc), so a size line claiming 10^18 entries does
// not allocate 10^18 of anything. Writers stream through a bufio.Writer.
//
// # Errors
//
// Every error is a *formats.Error naming the file (Options.Name), the line and
// what was wrong: a bad banner, a bad number, a wrong count of fields, an
// index of 0 or above the size line, more entries than the size line
// declares, or a truncated file (fewer). errors.Is(err, formats.ErrMalformed)
// holds for malformed input.
package mtx
