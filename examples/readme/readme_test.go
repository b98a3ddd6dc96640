// Package readme_test compiles and runs the Go examples of the repository's
// README.md, so that the README cannot show code that no longer builds or
// output that the code no longer prints.
//
// Each ```go block of README.md is either a whole program (it starts with
// "package main") or the body of a main function, whose imports the test
// adds from the package names it uses (the module's packages, gonum's mat and
// a few of the standard library's) and the function check of the first
// program (log.Fatal on a non-nil error). A ```text block that follows a ```go
// block, with only blank lines between them, is what the block prints; a go
// block without one prints nothing. The programs run from the module root, so
// they read the files under testdata/ by the paths a reader would type there.
// Every block must also be gofmt-formatted.
package readme_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// imports maps the package names a body may use to their import paths.
var imports = map[string]string{
	"errors":   "errors",
	"fmt":      "fmt",
	"log":      "log",
	"math":     "math",
	"os":       "os",
	"slices":   "slices",
	"strings":  "strings",
	"floats":   "gonum.org/v1/gonum/floats",
	"mat":      "gonum.org/v1/gonum/mat",
	"auto":     "github.com/hurray-format/hurray-go/formats/auto",
	"convert":  "github.com/hurray-format/hurray-go/convert",
	"coo":      "github.com/hurray-format/hurray-go/coo",
	"csf":      "github.com/hurray-format/hurray-go/csf",
	"csr":      "github.com/hurray-format/hurray-go/csr",
	"kernels":  "github.com/hurray-format/hurray-go/kernels",
	"layout":   "github.com/hurray-format/hurray-go/layout",
	"mtx":      "github.com/hurray-format/hurray-go/formats/mtx",
	"npz":      "github.com/hurray-format/hurray-go/formats/npz",
	"prepared": "github.com/hurray-format/hurray-go/prepared",
	"quant":    "github.com/hurray-format/hurray-go/quant",
	"tensor":   "github.com/hurray-format/hurray-go/tensor",
	"tns":      "github.com/hurray-format/hurray-go/formats/tns",
}

// block is one ```go block of the README and the output it shows.
type block struct {
	line int    // line of the opening fence, 1-based
	code string // the block's text
	want string // the ```text block after it, or ""
}

// blocks returns the ```go blocks of a Markdown text.
func blocks(md string) ([]block, error) {
	lines := strings.Split(md, "\n")
	var out []block
	// fenced returns the body of the block whose fence is at lines[i] and
	// the index of its closing fence.
	fenced := func(i int) (string, int, error) {
		for j := i + 1; j < len(lines); j++ {
			if strings.TrimSpace(lines[j]) == "```" {
				return strings.Join(lines[i+1:j], "\n") + "\n", j, nil
			}
		}
		return "", 0, fmt.Errorf("line %d: %s without its closing fence", i+1, lines[i])
	}
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "```go" {
			continue
		}
		code, end, err := fenced(i)
		if err != nil {
			return nil, err
		}
		b := block{line: i + 1, code: code}
		j := end + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
			j++
		}
		if j < len(lines) && strings.TrimSpace(lines[j]) == "```text" {
			want, tend, err := fenced(j)
			if err != nil {
				return nil, err
			}
			b.want = want
			end = tend
		}
		out = append(out, b)
		i = end
	}
	return out, nil
}

// whole reports whether a block is a complete program.
func (b block) whole() bool { return strings.HasPrefix(b.code, "package ") }

// indent prefixes every non-empty line with a tab.
func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "\t" + l
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// usedPackages returns the keys of imports that src (a file) uses as the
// left side of a selector, sorted.
func usedPackages(src string) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := s.X.(*ast.Ident); ok && imports[id.Name] != "" {
				seen[id.Name] = true
			}
		}
		return true
	})
	var names []string
	for n := range seen {
		names = append(names, n)
	}
	slices.Sort(names)
	return names, nil
}

// checkFormat reports whether a block is gofmt-formatted (a body as the body
// of a function).
func checkFormat(b block) error {
	src := b.code
	if !b.whole() {
		src = "package p\n\nfunc f() {\n" + indent(b.code) + "}\n"
	}
	got, err := format.Source([]byte(src))
	if err != nil {
		return err
	}
	if string(got) != src {
		return fmt.Errorf("not gofmt-formatted; gofmt gives:\n%s", got)
	}
	return nil
}

// bodiesProgram builds one program from the body blocks: a function per
// block and a main that calls them in order, each after a marker line.
func bodiesProgram(bodies []block) (string, error) {
	var fns strings.Builder
	var calls strings.Builder
	for i, b := range bodies {
		fmt.Fprintf(&fns, "\n// README.md line %d\nfunc block%d() {\n%s}\n", b.line, i, indent(b.code))
		fmt.Fprintf(&calls, "\tfmt.Println(%q)\n\tblock%d()\n", marker(i), i)
	}
	src := "package main\n\nfunc main() {\n" + calls.String() + "}\n" + fns.String() + checkFunc
	names, err := usedPackages(src)
	if err != nil {
		return "", err
	}
	if !slices.Contains(names, "fmt") {
		names = append(names, "fmt")
	}
	var imp strings.Builder
	imp.WriteString("package main\n\nimport (\n")
	for _, n := range names {
		fmt.Fprintf(&imp, "\t%q\n", imports[n])
	}
	imp.WriteString(")\n")
	return imp.String() + strings.TrimPrefix(src, "package main\n"), nil
}

// checkFunc is the error check of the README's first program, which the
// bodies use.
const checkFunc = `
func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
`

func marker(i int) string { return fmt.Sprintf("--- readme block %d ---", i) }

// goTool returns the go command of the toolchain that runs the test.
func goTool(t *testing.T) string {
	t.Helper()
	if p := filepath.Join(runtime.GOROOT(), "bin", "go"); runtime.GOROOT() != "" {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	p, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("no go command to build the README's examples: %v", err)
	}
	return p
}

// run builds the program src as a package at dir (a directory of the module
// that need not exist: the file is given to the go command as an overlay)
// and runs it from root, returning what it printed.
func run(t *testing.T, goCmd, root, dir, src string) string {
	t.Helper()
	tmp := t.TempDir()
	file := filepath.Join(tmp, "main.go")
	if err := os.WriteFile(file, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	ov, err := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(root, dir, "main.go"): file}})
	if err != nil {
		t.Fatal(err)
	}
	overlay := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(overlay, ov, 0o666); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(tmp, "prog")
	build := exec.Command(goCmd, "build", "-overlay", overlay, "-o", bin, "./"+dir)
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the README's examples: %v\n%s\nthe program:\n%s", err, out, numbered(src))
	}
	var stdout, stderr bytes.Buffer
	prog := exec.Command(bin)
	prog.Dir = root
	prog.Stdout, prog.Stderr = &stdout, &stderr
	if err := prog.Run(); err != nil {
		t.Fatalf("running the README's examples: %v\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

func numbered(src string) string {
	var b strings.Builder
	for i, l := range strings.Split(src, "\n") {
		fmt.Fprintf(&b, "%4d  %s\n", i+1, l)
	}
	return b.String()
}

// moduleRoot returns the directory holding go.mod, from this package's
// directory.
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root: %v", err)
	}
	return root
}

func readmeBlocks(t *testing.T, root string) []block {
	t.Helper()
	md, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	bs, err := blocks(string(md))
	if err != nil {
		t.Fatalf("README.md: %v", err)
	}
	if len(bs) == 0 {
		t.Fatal("README.md has no ```go block")
	}
	return bs
}

// TestReadmeFormat checks that every Go block of the README is gofmt-formatted.
func TestReadmeFormat(t *testing.T) {
	for _, b := range readmeBlocks(t, moduleRoot(t)) {
		if err := checkFormat(b); err != nil {
			t.Errorf("README.md line %d: %v", b.line, err)
		}
	}
}

// TestReadme builds every Go block of the README and checks what it prints.
func TestReadme(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs programs with the go command; runs without -short")
	}
	root := moduleRoot(t)
	goCmd := goTool(t)
	host, err := exec.Command(goCmd, "env", "GOHOSTOS", "GOHOSTARCH").Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	if h := strings.Fields(string(host)); len(h) != 2 || h[0] != runtime.GOOS || h[1] != runtime.GOARCH {
		t.Skipf("test built for %s/%s on a %s host: the programs would need an emulator", runtime.GOOS, runtime.GOARCH, strings.Join(h, "/"))
	}
	var bodies []block
	for _, b := range readmeBlocks(t, root) {
		if !b.whole() {
			bodies = append(bodies, b)
			continue
		}
		t.Run(fmt.Sprintf("line%d", b.line), func(t *testing.T) {
			got := run(t, goCmd, root, "examples/readme/internal/whole", b.code)
			if got != b.want {
				t.Errorf("README.md line %d prints:\n%s\nthe README shows:\n%s", b.line, got, b.want)
			}
		})
	}
	if len(bodies) == 0 {
		return
	}
	src, err := bodiesProgram(bodies)
	if err != nil {
		t.Fatalf("README.md: %v", err)
	}
	out := run(t, goCmd, root, "examples/readme/internal/bodies", src)
	// Split the output at the markers, one part a block.
	for i, b := range bodies {
		m := marker(i) + "\n"
		k := strings.Index(out, m)
		if k < 0 {
			t.Fatalf("output without %q:\n%s", m, out)
		}
		rest := out[k+len(m):]
		got := rest
		if i+1 < len(bodies) {
			if e := strings.Index(rest, marker(i+1)+"\n"); e >= 0 {
				got = rest[:e]
			}
		}
		if got != b.want {
			t.Errorf("README.md line %d prints:\n%s\nthe README shows:\n%s", b.line, got, b.want)
		}
	}
}

// TestBlocks checks the block parser on a small document.
func TestBlocks(t *testing.T) {
	md := "# t\n\n```go\nfmt.Println(1)\n```\n\n```text\n1\n```\n\n```sh\nls\n```\n\n```go\nx := 2\n_ = x\n```\nprose\n```text\nnot its output\n```\n"
	bs, err := blocks(md)
	if err != nil {
		t.Fatal(err)
	}
	want := []block{{line: 3, code: "fmt.Println(1)\n", want: "1\n"}, {line: 15, code: "x := 2\n_ = x\n"}}
	if !slices.Equal(bs, want) {
		t.Fatalf("blocks = %+v, want %+v", bs, want)
	}
	if _, err := blocks("```go\nx\n"); err == nil {
		t.Fatal("an unclosed block gave no error")
	}
	src, err := bodiesProgram(bs)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := format.Source([]byte(src)); err != nil {
		t.Fatalf("generated program does not parse: %v\n%s", err, src)
	}
	if !strings.Contains(src, "\"fmt\"") || !strings.Contains(src, "\"log\"") || strings.Contains(src, "\"os\"") {
		t.Fatalf("imports of the generated program:\n%s", src)
	}
	if err := checkFormat(block{code: "x:=1\n"}); err == nil {
		t.Fatal("an unformatted block passed the format check")
	}
}
