package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"text/template"

	"github.com/hurray-format/hurray-go/bench"
)

// fill executes a template over d.
func fill(d *data, name, text string) (string, error) {
	r := &renderer{d: d, shown: map[string]bool{}}
	t, err := template.New(name).Option("missingkey=error").Funcs(r.funcs()).Parse(text)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := t.Execute(&b, nil); err != nil {
		return "", err
	}
	return b.String(), nil
}

// renderer holds what one template execution has shown.
type renderer struct {
	d     *data
	shown map[string]bool // cases already in a table
}

// funcs are the template functions. Each returns an error, which stops the
// execution, when the data lacks what it asks for.
func (r *renderer) funcs() template.FuncMap {
	return template.FuncMap{
		// machine describes where bench.json was measured.
		"machine": r.machine,
		// date is the day bench.json was measured.
		"date": func() string { return strings.Fields(r.d.bench.Header.Time + " ?")[0] },
		// threads is the worker count of bench.json, in words.
		"threads": func() string { return threadsText(r.d.bench.Header.Threads) },
		// byCPU reports whether bench.json's speedups compare CPU times
		// (one thread) rather than wall-clock times.
		"byCPU": r.byCPU,
		// triad is the triad's bandwidth in bench.json.
		"triad": func() string { return fmt.Sprintf("%.1f GB/s", r.d.bench.Header.TriadGBps) },
		// table is the table of the cases whose names start with one of
		// the prefixes, in the suite's order.
		"table": r.table,
		// rest is the table of the cases no table has shown yet ("" when
		// there are none).
		"rest": r.rest,
		// time, cpu, gbps, pct, gflops give one figure of a case on the
		// auto path; vs its speedup over another path.
		"time":   func(name string) (string, error) { return r.figure(name, "time") },
		"cpu":    func(name string) (string, error) { return r.figure(name, "cpu") },
		"gbps":   func(name string) (string, error) { return r.figure(name, "gbps") },
		"pct":    func(name string) (string, error) { return r.figure(name, "pct") },
		"gflops": func(name string) (string, error) { return r.figure(name, "gflops") },
		"vs":     r.vs,
		// hasSciPy reports whether the SciPy rounds are there; scipyTable
		// is their table, scipyInfo says what ran, scipy and scipyInto
		// give one case's ratios.
		"hasSciPy":   func() bool { return len(r.d.scipyCases()) > 0 },
		"scipyTable": r.scipyTable,
		"scipyInfo":  r.scipyInfo,
		"scipy":      func(name string) (string, error) { return r.scipyRatio(name, false) },
		"scipyInto":  func(name string) (string, error) { return r.scipyRatio(name, true) },
		// hasPeer reports whether the MTTKRP peer's report is there;
		// peerTable is its table, peer one case's ratio of C's time to ours.
		"hasPeer":   func() bool { return len(r.d.peer) > 0 },
		"peerTable": r.peerTable,
		"peer":      r.peer,
		// summary is the README's table of the named cases.
		"summary": r.summary,
	}
}

func (r *renderer) machine() string {
	h := r.d.bench.Header
	return fmt.Sprintf("%s, %s, GOMAXPROCS %d, %s; kernel paths available %s, auto choosing %s",
		h.CPU, h.OSArch, h.GOMAXPROCS, h.Go, strings.Join(h.Available, ", "), h.Active)
}

// otherPaths returns the paths of bench.json other than auto, in order.
func (r *renderer) otherPaths() []string {
	var ps []string
	for _, x := range r.d.bench.Results {
		if x.Path != "auto" && x.Name != bench.TriadName && !slices.Contains(ps, x.Path) {
			ps = append(ps, x.Path)
		}
	}
	return ps
}

// byCPU reports whether speedups compare CPU times, as `hurray bench` does
// on one thread.
func (r *renderer) byCPU() bool { return r.d.bench.Header.Threads == 1 }

func (r *renderer) table(prefixes ...string) (string, error) {
	var names []string
	for _, x := range r.d.bench.Results {
		if x.Path != "auto" || x.Name == bench.TriadName || slices.Contains(names, x.Name) {
			continue
		}
		for _, p := range prefixes {
			if strings.HasPrefix(x.Name, p) {
				names = append(names, x.Name)
				break
			}
		}
	}
	if len(names) == 0 {
		return "", fmt.Errorf("table %q: bench.json has no such case", prefixes)
	}
	return r.caseTable(names)
}

func (r *renderer) rest() (string, error) {
	var names []string
	for _, x := range r.d.bench.Results {
		if x.Path == "auto" && x.Name != bench.TriadName && !r.shown[x.Name] && !slices.Contains(names, x.Name) {
			names = append(names, x.Name)
		}
	}
	if len(names) == 0 {
		return "", nil
	}
	return r.caseTable(names)
}

// caseTable writes the table of the named cases, as `hurray bench` prints
// it.
func (r *renderer) caseTable(names []string) (string, error) {
	others := r.otherPaths()
	head := []string{"case", "data", "kernels", "time", "CPU time", "GB/s", "% of triad", "GFLOP/s"}
	for _, p := range others {
		head = append(head, "vs "+p)
	}
	rows := [][]string{head}
	var notes []string
	for _, n := range names {
		r.shown[n] = true
		x, err := r.d.result(n, "auto")
		if err != nil {
			if x.Skipped == "" {
				return "", err
			}
			notes = append(notes, fmt.Sprintf("`%s` did not run: %s", n, x.Skipped))
			continue
		}
		row := []string{"`" + n + "`", x.Size, x.Kernels, bench.FormatNs(x.NsPerOp), dash(x.CPUNsPerOp, bench.FormatNs), dash(x.GBps(), fmt2), r.pctOf(x), dash(x.GFlops(), fmt2)}
		for _, p := range others {
			cell := "—"
			if o, err := r.d.result(n, p); err == nil {
				cell = ratio(r.speedup(x, o))
			} else if o.Skipped != "" {
				notes = append(notes, fmt.Sprintf("`%s` on %s did not run: %s", n, p, o.Skipped))
			}
			row = append(row, cell)
		}
		rows = append(rows, row)
	}
	s := markdownTable(rows)
	for _, n := range notes {
		s += "\n" + n + "\n"
	}
	return s, nil
}

// speedup is o's time over x's: CPU time on one thread, else wall clock.
func (r *renderer) speedup(x, o bench.Result) float64 {
	if r.byCPU() && x.CPUNsPerOp > 0 && o.CPUNsPerOp > 0 {
		return o.CPUNsPerOp / x.CPUNsPerOp
	}
	if x.NsPerOp > 0 {
		return o.NsPerOp / x.NsPerOp
	}
	return 0
}

func (r *renderer) pctOf(x bench.Result) string {
	g, t := x.GBps(), r.d.bench.Header.TriadGBps
	if g <= 0 || t <= 0 {
		return "—"
	}
	return fmt.Sprintf("%.0f%%", 100*g/t)
}

func (r *renderer) figure(name, what string) (string, error) {
	x, err := r.d.result(name, "auto")
	if err != nil {
		return "", err
	}
	var s string
	switch what {
	case "time":
		s = bench.FormatNs(x.NsPerOp)
	case "cpu":
		s = dash(x.CPUNsPerOp, bench.FormatNs)
	case "gbps":
		s = dash(x.GBps(), fmt2)
	case "pct":
		s = r.pctOf(x)
	case "gflops":
		s = dash(x.GFlops(), fmt2)
	}
	if s == "—" {
		return "", fmt.Errorf("case %q has no %s figure", name, what)
	}
	return s, nil
}

func (r *renderer) vs(name, path string) (string, error) {
	x, err := r.d.result(name, "auto")
	if err != nil {
		return "", err
	}
	o, err := r.d.result(name, path)
	if err != nil {
		return "", err
	}
	return ratio(r.speedup(x, o)), nil
}

func (r *renderer) scipyInfo() (string, error) {
	if len(r.d.rounds) == 0 {
		return "", fmt.Errorf("no SciPy rounds (scipy/hurray-1.json)")
	}
	v := r.d.rounds[0].versions
	return fmt.Sprintf("SciPy %s (NumPy %s), %d alternating rounds, hurray-go on %s, SciPy on one",
		orQ(v["scipy"]), orQ(v["numpy"]), len(r.d.rounds), threadsText(r.d.rounds[0].hurray.Header.Threads)), nil
}

func (r *renderer) scipyTable() (string, error) {
	cs := r.d.scipyCases()
	if len(cs) == 0 {
		return "", fmt.Errorf("no SciPy rounds (scipy/hurray-1.json)")
	}
	rows := [][]string{{"case", "hurray", "SciPy", "SciPy / hurray", "SciPy into y", "into y / hurray"}}
	for _, c := range cs {
		into, irat := "—", "—"
		if c.Into > 0 {
			into, irat = bench.FormatNs(c.Into), ratio(c.IntoRatio)
		}
		rows = append(rows, []string{"`" + c.Name + "`", bench.FormatNs(c.Ours), bench.FormatNs(c.SciPy), ratio(c.Ratio), into, irat})
	}
	return markdownTable(rows), nil
}

func (r *renderer) scipyRatio(name string, into bool) (string, error) {
	c, err := r.d.scipyCase(name)
	if err != nil {
		return "", err
	}
	if !into {
		return ratio(c.Ratio), nil
	}
	if c.Into <= 0 {
		return "", fmt.Errorf("case %q has no SciPy into-y time", name)
	}
	return ratio(c.IntoRatio), nil
}

func (r *renderer) peerTable() (string, error) {
	if len(r.d.peer) == 0 {
		return "", fmt.Errorf("no mttkrp-peer.txt")
	}
	rows := [][]string{{"tensor", "R", "threads", "mode", "hurray", "C", "hurray M nnz/s", "C M nnz/s", "C / hurray"}}
	for _, p := range r.d.peer {
		rows = append(rows, []string{p.Tensor, fmt.Sprint(p.R), fmt.Sprint(p.Threads), p.Mode,
			bench.FormatNs(p.Ours * 1e6), bench.FormatNs(p.C * 1e6), fmt.Sprintf("%.0f", p.OursM), fmt.Sprintf("%.0f", p.CM), ratio(p.COverHurray)})
	}
	return markdownTable(rows), nil
}

func (r *renderer) peer(name string) (string, error) {
	p, err := r.d.peerCase(name)
	if err != nil {
		return "", err
	}
	return ratio(p.COverHurray), nil
}

// mttkrpName matches the suite's MTTKRP cases.
var mttkrpName = regexp.MustCompile(`^mttkrp/f64/R=(\d+)/mode=(\d+)/(T\w+)$`)

// summary is the README's table: each named case's time and share of the
// triad from bench.json, and its ratio to SciPy or to the C MTTKRP where
// that was measured.
func (r *renderer) summary(names ...string) (string, error) {
	rows := [][]string{{"case", "data", "hurray", "% of triad", "SciPy / hurray", "C / hurray"}}
	for _, n := range names {
		x, err := r.d.result(n, "auto")
		if err != nil {
			return "", err
		}
		sc, c := "—", "—"
		if s, err := r.d.scipyCase(n); err == nil {
			sc = ratio(s.Ratio)
		}
		if m := mttkrpName.FindStringSubmatch(n); m != nil {
			pn := fmt.Sprintf("%s/R=%s/threads=%d/mode=%s", m[3], m[1], r.d.bench.Header.Threads, m[2])
			if p, err := r.d.peerCase(pn); err == nil {
				c = ratio(p.COverHurray)
			}
		}
		rows = append(rows, []string{"`" + n + "`", x.Size, bench.FormatNs(x.NsPerOp), r.pctOf(x), sc, c})
	}
	return markdownTable(rows), nil
}

// markdownTable writes rows (the first is the head) as a Markdown table.
func markdownTable(rows [][]string) string {
	var b strings.Builder
	for i, row := range rows {
		b.WriteString("| " + strings.Join(row, " | ") + " |\n")
		if i == 0 {
			b.WriteString("|" + strings.Repeat(" --- |", len(row)) + "\n")
		}
	}
	return b.String()
}

func fmt2(v float64) string { return fmt.Sprintf("%.2f", v) }

func ratio(v float64) string {
	if v <= 0 {
		return "—"
	}
	return fmt.Sprintf("%.2fx", v)
}

// dash formats v, or gives "—" when it is not positive (not measured).
func dash(v float64, f func(float64) string) string {
	if v <= 0 {
		return "—"
	}
	return f(v)
}

// threadsText writes a thread count in words: "one thread", "2 threads".
func threadsText(n int) string {
	if n == 1 {
		return "one thread"
	}
	return fmt.Sprintf("%d threads", n)
}

func orQ(s string) string {
	if s == "" {
		return "?"
	}
	return s
}
