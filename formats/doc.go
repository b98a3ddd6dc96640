// Package formats holds what the file-format packages share: the error type
// every reader returns. The readers live in the sub-packages formats/tns
// (FROSTT), formats/mtx (Matrix Market) and formats/npz (NumPy/SciPy .npz and
// .npy); formats/auto picks one by file extension.
//
// # Errors
//
// Every reader reports malformed input as a *Error naming the file (when
// known), the line (text formats) or the array (npz) and what was wrong.
// errors.Is(err, ErrMalformed) holds for all of them; the cause (a
// strconv error, io.ErrUnexpectedEOF, ...) is kept for errors.Is/As too.
// A valid file that uses a feature the readers lack matches ErrUnsupported
// instead, and one that would need more memory than the reader's budget
// (formats/npz) matches ErrTooLarge.
package formats
