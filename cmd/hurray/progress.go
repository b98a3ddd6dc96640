package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"golang.org/x/term"
)

// progress is a one-line stderr progress display. It stays silent unless
// stderr is a terminal and the work has run for more than a second, so
// short commands and redirected output are never decorated. A single
// carriage-return line is all the CLI needs, so it is written here rather
// than taken from a progress-bar library; golang.org/x/term answers whether
// stderr is a terminal.
type progress struct {
	w       io.Writer
	on      bool
	label   string
	start   time.Time
	last    time.Time
	printed bool
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func newProgress(w io.Writer, label string) *progress {
	now := time.Now()
	return &progress{w: w, on: isTerminal(w), label: label, start: now, last: now}
}

// bytes reports done of total bytes.
func (p *progress) bytes(done, total int64) {
	if !p.due() {
		return
	}
	pct := 0.0
	if total > 0 {
		pct = 100 * float64(done) / float64(total)
	}
	p.printf("%s %5.1f%% of %.1f MB", p.label, pct, float64(total)/1e6)
}

// step reports done of total steps.
func (p *progress) step(done, total int) {
	if !p.due() {
		return
	}
	p.printf("%s %d/%d", p.label, done, total)
}

func (p *progress) due() bool {
	if !p.on {
		return false
	}
	now := time.Now()
	if now.Sub(p.start) < time.Second || now.Sub(p.last) < 200*time.Millisecond {
		return false
	}
	p.last = now
	return true
}

func (p *progress) printf(format string, args ...any) {
	fmt.Fprintf(p.w, "\r\x1b[K"+format, args...)
	p.printed = true
}

// during runs f while, on a terminal, a line shows how long it has been
// running once that exceeds a second. It is for single calls (conversions)
// that report no progress of their own.
func during(w io.Writer, label string, f func()) {
	p := newProgress(w, label)
	if !p.on {
		f()
		return
	}
	stop := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				p.done()
				return
			case <-t.C:
				if p.due() {
					p.printf("%s %.1fs", p.label, time.Since(p.start).Seconds())
				}
			}
		}
	}()
	f()
	close(stop)
	<-finished
}

// done clears the line if anything was shown.
func (p *progress) done() {
	if p.printed {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.printed = false
	}
}
