// Package tns reads and writes FROSTT .tns text files as COO tensors.
//
// # Format
//
// One nonzero per line: the rank's 1-based coordinates, then the value,
// separated by spaces or tabs:
//
//	# a comment
//	1 1 1 1.5
//	2 3 1 -4e-3
//
// Blank lines and lines starting with '#' (after optional spaces) are
// skipped. The rank is the number of fields of the first data line minus one
// (1..64) and every later line must have the same count. Values are parsed
// with strconv.ParseFloat at the bit size of the element type (float32 or
// float64); "inf" and "nan" are accepted, out-of-range values are errors.
//
// # Shape
//
// The shape is the largest coordinate seen in each mode, unless the caller
// gives one in Options.Shape, or the file starts with the optional header
// form: a line holding only the rank, then a line holding the rank
// dimensions:
//
//	3
//	10 20 30
//	1 1 1 1.0
//
// A one-field first line can never be data (a data line has at least two
// fields), so the header is detected unambiguously. A coordinate above a
// given or declared dimension is an error.
//
// # Streaming
//
// Read scans the input line by line with a bufio.Scanner and appends to
// growing slices, so memory is proportional to the entries, never to the
// text. Write streams entries through a bufio.Writer.
//
// # Errors
//
// Every error is a *formats.Error naming the file (Options.Name), the line
// and the problem: a bad number, a coordinate of 0 or above the shape, a
// wrong count of fields, a line over 1 MiB, a header that disagrees with the
// caller's shape. errors.Is(err, formats.ErrMalformed) holds. Duplicate
// coordinates are kept (COO allows them; conversions sum them).
package tns
