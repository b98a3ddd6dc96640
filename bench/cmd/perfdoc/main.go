// Command perfdoc writes docs/performance.md and the performance summary of
// README.md from measured data, so that the figures they show are the
// figures measured, never copied by hand.
//
//	go run ./bench/cmd/perfdoc [-data docs/perfdata] [-doc docs/performance.md] [-readme README.md] [-check]
//
// It reads, from the data directory:
//
//	bench.json            `hurray bench --json` (full sizes), the tables of every case
//	scipy/hurray-N.json   the rounds of `make bench-peers KEEP=...`: hurray's side
//	scipy/scipy-N.json    and SciPy's (optional: without them the SciPy table says so)
//	mttkrp-peer.txt       the output of `make bench-mttkrp-peer` (optional)
//
// and fills two templates kept beside this file, performance.md.tmpl (the
// whole of docs/performance.md) and summary.md.tmpl (the part of README.md
// between the lines <!-- perfdoc:summary --> and <!-- /perfdoc:summary -->).
// The templates hold the prose; their functions (see funcs) insert the
// tables and single figures, and fail on a case the data does not hold, so
// a template cannot cite a figure that was not measured. With -check it
// writes nothing and exits 1 when either file differs from what it would
// write; the package's test does the same check in `make test`.
//
// `make perfdata` measures all three inputs again and runs perfdoc.
package main

import (
	"bytes"
	_ "embed"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

//go:embed performance.md.tmpl
var docTemplate string

//go:embed summary.md.tmpl
var summaryTemplate string

// Markers delimit the generated part of README.md.
const (
	beginMarker = "<!-- perfdoc:summary -->"
	endMarker   = "<!-- /perfdoc:summary -->"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perfdoc", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", "docs/perfdata", "directory of the measured data")
	doc := fs.String("doc", "docs/performance.md", "the performance document to write")
	readme := fs.String("readme", "README.md", "the README whose summary section to rewrite")
	check := fs.Bool("check", false, "write nothing; exit 1 when a file is not what perfdoc would write")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintf(stderr, "perfdoc: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	d, err := load(*data)
	if err != nil {
		fmt.Fprintf(stderr, "perfdoc: %v\n", err)
		return 1
	}
	files, err := render(d, *doc, *readme)
	if err != nil {
		fmt.Fprintf(stderr, "perfdoc: %v\n", err)
		return 1
	}
	stale := 0
	for _, f := range files {
		old, err := os.ReadFile(f.path)
		if err != nil && !(os.IsNotExist(err) && f.path == *doc) {
			fmt.Fprintf(stderr, "perfdoc: %v\n", err)
			return 1
		}
		if bytes.Equal(old, f.text) {
			continue
		}
		if *check {
			fmt.Fprintf(stderr, "perfdoc: %s is not what %s gives: run go run ./bench/cmd/perfdoc\n", f.path, *data)
			stale++
			continue
		}
		if err := os.WriteFile(f.path, f.text, 0o666); err != nil {
			fmt.Fprintf(stderr, "perfdoc: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %s\n", f.path)
	}
	if stale > 0 {
		return 1
	}
	return 0
}

// file is an output file and its new text.
type file struct {
	path string
	text []byte
}

// render returns the performance document and the README with its summary
// section filled.
func render(d *data, docPath, readmePath string) ([]file, error) {
	text, err := fill(d, "performance.md.tmpl", docTemplate)
	if err != nil {
		return nil, err
	}
	summary, err := fill(d, "summary.md.tmpl", summaryTemplate)
	if err != nil {
		return nil, err
	}
	readme, err := os.ReadFile(readmePath)
	if err != nil {
		return nil, err
	}
	r, err := replaceSection(string(readme), summary)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", readmePath, err)
	}
	return []file{{docPath, []byte(text)}, {readmePath, []byte(r)}}, nil
}

// replaceSection replaces the lines between the markers (each alone on its
// line) with body.
func replaceSection(s, body string) (string, error) {
	b := strings.Index(s, "\n"+beginMarker+"\n")
	e := strings.Index(s, "\n"+endMarker+"\n")
	if b < 0 || e < 0 || e < b {
		return "", fmt.Errorf("no %s ... %s section, each marker alone on its line", beginMarker, endMarker)
	}
	head := s[:b+len(beginMarker)+2]
	if !strings.HasSuffix(body, "\n") {
		body += "\n"
	}
	return head + body + s[e+1:], nil
}
