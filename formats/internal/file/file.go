// Package file holds what the format packages share about files on disk.
package file

import (
	"errors"
	"io"
	"os"
)

// Write creates (or truncates) the named file, writes it with fn and
// closes it. It returns fn's error joined with Close's.
func Write(path string, fn func(w io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	return errors.Join(fn(f), f.Close())
}
