//go:build linux

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInterrupted: the exit code and message on each signal main handles.
func TestInterrupted(t *testing.T) {
	for _, c := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		var buf bytes.Buffer
		if got := interrupted(c.sig, &buf); got != c.code || !strings.HasPrefix(buf.String(), "hurray: interrupted (") {
			t.Errorf("%v: exit %d, stderr %q; want %d and the interruption named", c.sig, got, buf.String(), c.code)
		}
	}
}

// TestSignalExit runs the command (the test binary as a helper that calls
// main) on a FIFO that nobody writes, so that it blocks reading its input,
// then sends it SIGINT or SIGTERM: it must exit with 130 or 143 and say so.
func TestSignalExit(t *testing.T) {
	if in := os.Getenv("HURRAY_SIGNAL_HELPER"); in != "" {
		os.Args = []string{"hurray", "info", in}
		main()
		return
	}
	for _, c := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		fifo := filepath.Join(t.TempDir(), "in.tns")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestSignalExit$")
		cmd.Env = append(os.Environ(), "HURRAY_SIGNAL_HELPER="+fifo)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Skipf("cannot re-execute the test binary here: %v", err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		// A non-blocking open for writing succeeds once the command has
		// opened the FIFO to read it: main has installed its handler by then.
		var w *os.File
		deadline := time.Now().Add(20 * time.Second)
		for w == nil {
			f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0)
			if err == nil {
				w = f
				break
			}
			select {
			case err := <-exited:
				var ee *exec.ExitError
				if !errors.As(err, &ee) {
					t.Skipf("cannot re-execute the test binary here: %v", err)
				}
				t.Fatalf("%v: the command ended before reading its input: %v, stderr %q", c.sig, err, stderr.String())
			case <-time.After(5 * time.Millisecond):
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatalf("%v: the command did not open its input within 20 s", c.sig)
			}
		}
		if err := cmd.Process.Signal(c.sig); err != nil {
			t.Fatal(err)
		}
		err := <-exited
		w.Close()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != c.code || !strings.Contains(stderr.String(), "hurray: interrupted") {
			t.Errorf("%v: %v, stderr %q; want exit %d and the interruption named", c.sig, err, stderr.String(), c.code)
		}
	}
}
