package main

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/sys/unix"

	"github.com/mewsandbox/mewsandbox/exec"
	"github.com/mewsandbox/mewsandbox/permission"
)

// maxAuditLine bounds one line of the audit log. A longer record has its
// subject (then its reason…) cut, with a marker, so a huge command line
// cannot bloat the log or make a reader choke.
const maxAuditLine = 64 << 10

// auditRecord is one line of the audit log: a permission decision, or a run
// of an allowed command.
type auditRecord struct {
	Time     string `json:"time"` // RFC 3339, nanoseconds, UTC
	Kind     string `json:"kind"` // "decision" or "run"
	Via      string `json:"via"`  // the mewsandbox command: run, check or hook
	Session  string `json:"session"`
	Tool     string `json:"tool"`
	Subject  string `json:"subject"` // the command line, path or URL
	Decision string `json:"decision"`
	Reason   string `json:"reason"`
	Rule     string `json:"rule"`
	Source   string `json:"source"`
	// Run records only.
	Policy     *auditPolicy `json:"policy,omitempty"`
	Exit       *int         `json:"exit,omitempty"`
	DurationMS *float64     `json:"durationMs,omitempty"`
	Error      string       `json:"error,omitempty"`
	// Recheck marks the decision of a run started by the command the
	// Claude Code hook rewrote (run --from-hook): the hook has recorded
	// the call's decision already, and audit summary counts it once.
	Recheck bool `json:"recheck,omitempty"`
}

// auditPolicy is the short form of a run's sandbox policy: enough to tell
// runs apart, not the whole grant list (`mewsandbox explain` prints that).
type auditPolicy struct {
	Root         string       `json:"root"`
	ReadOnlyRoot bool         `json:"readOnlyRoot,omitempty"`
	Network      exec.Network `json:"network"`
	Grants       int          `json:"grants"`
	DenyRead     int          `json:"denyRead,omitempty"`
	BestEffort   bool         `json:"bestEffort,omitempty"`
}

// shortPolicy is pol's short form for a run record.
func shortPolicy(pol exec.Policy) *auditPolicy {
	return &auditPolicy{
		Root: pol.Root, ReadOnlyRoot: pol.ReadOnlyRoot, Network: pol.Network,
		Grants: len(pol.Grants), DenyRead: len(pol.DenyRead), BestEffort: pol.BestEffort,
	}
}

// auditLog appends records to the audit files of one mewsandbox process.
// A nil *auditLog records nothing.
type auditLog struct {
	files   []*os.File
	via     string
	session string
	recheck bool // decisions are rechecks (see auditRecord.Recheck)
	now     func() time.Time
}

// auditTarget is one audit file and where it was named.
type auditTarget struct {
	path string
	from string // "--audit", or the settings file:line
}

// auditTargets are the logs a call is recorded in: --audit and the
// settings' audit key, both when both are set, so that naming another file
// on the command line cannot bypass a managed log.
func auditTargets(flagPath string, cfg *permission.Config) []auditTarget {
	var t []auditTarget
	if flagPath != "" {
		t = append(t, auditTarget{flagPath, "--audit"})
	}
	if cfg != nil && cfg.Audit != "" {
		t = append(t, auditTarget{cfg.Audit, cfg.AuditSource})
	}
	return t
}

// openAudit opens every target (duplicates once) for appending, before
// anything runs: a log that cannot be written must stop the call, never be
// skipped. writable are the directories the sandboxed commands may write
// (the project root, the policy's writable grants): a log among them is
// refused, since a command could forge or truncate it. It returns nil when
// there is no target.
func openAudit(via, session string, targets []auditTarget, writable []string) (*auditLog, error) {
	l := &auditLog{via: via, session: session, now: time.Now}
	seen := map[string]bool{}
	for _, t := range targets {
		abs, err := filepath.Abs(t.path)
		if err != nil {
			l.Close()
			return nil, usagef("audit %s (%s): %v", t.path, t.from, err)
		}
		if seen[abs] {
			continue
		}
		seen[abs] = true
		if dir, ok := writableHolder(abs, writable); ok {
			l.Close()
			hint := ""
			if t.from != "--audit" {
				hint = " (in a settings file /path is relative to the project root; //path is absolute)"
			}
			return nil, usagef("audit %s (%s): it lies in %s, which sandboxed commands can write, so they could forge or truncate the log; nothing was run: keep the log outside the project and the writable grants, e.g. ~/.local/state/mewsandbox/audit.jsonl (in CI, $RUNNER_TEMP/audit.jsonl)%s",
				t.path, t.from, dir, hint)
		}
		f, err := openAuditFile(abs)
		if err != nil {
			l.Close()
			return nil, usageError{fmt.Errorf("audit %s (%s): %w; nothing was run: fix the path or its permissions", t.path, t.from, err)}
		}
		l.files = append(l.files, f)
	}
	if len(l.files) == 0 {
		return nil, nil
	}
	return l, nil
}

// writableDirs are the paths the sandboxed commands of pol may write: the
// project root (even a read-only one, which the next run may write) and
// the writable grants.
func writableDirs(pol exec.Policy) []string {
	dirs := []string{pol.Root}
	for _, g := range pol.Grants {
		if g.Access&exec.Write != 0 {
			dirs = append(dirs, g.Path)
		}
	}
	return dirs
}

// writableHolder returns the directory of writable that holds the file
// path (absolute), or a symbolic link on its way, comparing with links
// resolved: there a sandboxed command could change, replace or remove the
// file, or point the link at a directory holding a file of its own.
func writableHolder(path string, writable []string) (string, bool) {
	reals := make([]string, len(writable))
	for i, w := range writable {
		reals[i] = realPath(w)
	}
	file := exec.LinkOnWay(filepath.Clean(path), reals)
	if file == "" {
		file = filepath.Join(realPath(filepath.Dir(path)), filepath.Base(path))
	}
	for i, w := range writable {
		if pathWithin(file, reals[i]) {
			return w, true
		}
	}
	return "", false
}

// realPath resolves symbolic links in p; for a missing p, in its nearest
// existing ancestor, with the rest joined as written.
func realPath(p string) string { return realPathIn(nil, p) }

// realPathIn is realPath looking through res (nil: the file system each
// time).
func realPathIn(res *exec.Resolver, p string) string {
	p = filepath.Clean(p)
	for dir, rest := p, ""; ; dir, rest = filepath.Dir(dir), filepath.Join(filepath.Base(dir), rest) {
		if r, ok := res.Real(dir); ok {
			return filepath.Join(r, rest)
		}
		if dir == filepath.Dir(dir) {
			return p
		}
	}
}

// openAuditFile opens path for appending, creating it private to the user,
// and insists on a regular file of the user's with one name: never a
// symbolic link (O_NOFOLLOW; a link planted in its place could send the
// records into any file of the user's), a FIFO (O_NONBLOCK: opening one
// would wait for a reader), a device, or a file with another name a
// command could reach.
func openAuditFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0o600)
	switch {
	case errors.Is(err, unix.ELOOP):
		return nil, errors.New("it is a symbolic link, which the audit log never follows (it could point anywhere): remove the link or name the file itself")
	case errors.Is(err, unix.ENXIO):
		return nil, errors.New("not a regular file (a FIFO or socket)")
	case err != nil:
		return nil, errors.Unwrap(err)
	}
	var st unix.Stat_t
	if err := unix.Fstat(int(f.Fd()), &st); err != nil {
		f.Close()
		return nil, err
	}
	switch uid := uint32(os.Geteuid()); {
	case st.Mode&unix.S_IFMT != unix.S_IFREG:
		err = errors.New("not a regular file")
	case st.Uid != uid:
		err = fmt.Errorf("owned by uid %d, not by you (uid %d): use a log of your own", st.Uid, uid)
	case st.Nlink != 1:
		err = fmt.Errorf("has %d hard links, and another name of it could be written to or removed: use a file with one name", st.Nlink)
	case st.Size > 0 && !isAuditLog(f):
		// A settings file names the log, and the project's is the
		// command's to write without the namespace layer: a log named
		// ~/.bashrc would append what the command chose to it (a
		// subject holding "$(…)"), as the runner, often root.
		err = errors.New("it is not an audit log (its first line is not a mewsandbox record), and only one is appended to: name a new file or an earlier log")
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// isAuditLog says whether the first line of f is a record of an audit log.
func isAuditLog(f *os.File) bool {
	// Under the writers' lock: a first record being written (appendLocked)
	// is read whole, not cut where the write has got to.
	unlock, err := permission.LockExclusive(f)
	if err != nil {
		return false
	}
	defer unlock()
	b := make([]byte, 64<<10)
	n, _ := f.ReadAt(b, 0)
	line, _, _ := bytes.Cut(b[:n], []byte("\n"))
	var r auditRecord
	return json.Unmarshal(line, &r) == nil && r.Time != "" && r.Via != "" && (r.Kind == "decision" || r.Kind == "run")
}

// Close closes the audit files.
func (l *auditLog) Close() {
	if l == nil {
		return
	}
	for _, f := range l.files {
		f.Close()
	}
}

// decision records a permission decision.
func (l *auditLog) decision(call permission.Call, res permission.Result) error {
	if l == nil {
		return nil
	}
	return l.append(l.record("decision", call, res))
}

// run records the run of an allowed call: its policy, exit status and
// duration, and the error that stopped it, if one did.
func (l *auditLog) run(call permission.Call, res permission.Result, pol exec.Policy, status int, took time.Duration, runErr error) error {
	if l == nil {
		return nil
	}
	r := l.record("run", call, res)
	r.Policy = shortPolicy(pol)
	ms := float64(took) / float64(time.Millisecond)
	r.Exit, r.DurationMS = &status, &ms
	if runErr != nil {
		r.Error = runErr.Error()
	}
	return l.append(r)
}

// interrupted records the run r of a runner a signal ended while it
// prepared, before the command ran: exit 128+N, the error saying so, and
// what the runner knew (no decision before the engine's, no policy before
// it was built).
func (l *auditLog) interrupted(r interruptedRun, sig os.Signal) error {
	if l == nil {
		return nil
	}
	var res permission.Result
	if r.decided != nil {
		res = *r.decided
	}
	rec := l.record("run", r.call, res)
	if r.decided == nil {
		rec.Decision = "" // not decided yet: not the zero Result's allow
	}
	if r.policy != nil {
		rec.Policy = shortPolicy(*r.policy)
	}
	status, name := 128, sig.String()
	if s, ok := sig.(unix.Signal); ok {
		status, name = 128+int(s), unix.SignalName(s)
	}
	rec.Exit = &status
	rec.Error = "interrupted before the command ran: " + name
	return l.append(rec)
}

func (l *auditLog) record(kind string, call permission.Call, res permission.Result) auditRecord {
	tool, _ := permission.CanonicalTool(call.Tool)
	return auditRecord{
		Time: l.now().UTC().Format(time.RFC3339Nano), Kind: kind, Via: l.via, Session: l.session,
		Tool: tool, Subject: callSubject(call),
		Decision: res.Decision.String(), Reason: res.Reason, Rule: res.Rule, Source: res.Source,
		Recheck: l.recheck && kind == "decision",
	}
}

// callSubject is what a call acts on: its command line, URL or path.
func callSubject(c permission.Call) string {
	switch _, kind := permission.CanonicalTool(c.Tool); kind {
	case permission.KindShell:
		return c.Command
	case permission.KindFetch:
		return c.URL
	}
	if c.Path != "" {
		return c.Path
	}
	return cmp.Or(c.Command, c.URL)
}

// append writes r as one line to every audit file.
func (l *auditLog) append(r auditRecord) error {
	line, err := auditLine(r)
	if err != nil {
		return fmt.Errorf("audit: BUG(mewsandbox): encoding a record: %w", err)
	}
	for _, f := range l.files {
		if err := appendLocked(f, line); err != nil {
			return fmt.Errorf("audit %s: %w", f.Name(), err)
		}
	}
	return nil
}

// appendLocked appends line with one write(2) while holding an exclusive
// flock: O_APPEND alone keeps concurrent writers from overwriting each
// other, but not from interleaving a line that the kernel splits (a
// write to a regular file may be short, and NFS has no atomic append).
func appendLocked(f *os.File, line []byte) error {
	unlock, err := permission.LockExclusive(f)
	if err != nil {
		return fmt.Errorf("locking: %w", err)
	}
	defer unlock()
	n, err := f.Write(line)
	if err == nil && n != len(line) {
		err = io.ErrShortWrite
	}
	if err != nil {
		return fmt.Errorf("writing: %w", errors.Unwrap(err))
	}
	return nil
}

// auditLine encodes r as one newline-terminated JSON line of at most
// maxAuditLine bytes, cutting its longest free-text fields when needed.
func auditLine(r auditRecord) ([]byte, error) {
	line, err := encodeLine(r)
	for _, field := range []*string{&r.Subject, &r.Reason, &r.Error, &r.Tool, &r.Session, &r.Rule, &r.Source} {
		over := len(line) - maxAuditLine
		if err != nil || over <= 0 {
			break
		}
		*field = truncateMarked(*field, over)
		line, err = encodeLine(r)
	}
	if err == nil && len(line) > maxAuditLine {
		err = fmt.Errorf("record of %d bytes is over %d even with its text cut", len(line), maxAuditLine)
	}
	return line, err
}

func encodeLine(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v) // ends the line with '\n'
	return b.Bytes(), err
}

// truncateMarked shortens s so that its JSON encoding is at least over
// bytes shorter, on a rune boundary, and says so at its end.
func truncateMarked(s string, over int) string {
	marker := fmt.Sprintf("…[truncated: %d bytes in all]", len(s))
	budget := jsonLen(s) - over - len(marker)
	n, i := 0, 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		w := jsonRuneLen(r, size)
		if n+w > budget {
			break
		}
		n, i = n+w, i+size
	}
	return s[:i] + marker
}

func jsonLen(s string) int {
	n := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		n += jsonRuneLen(r, size)
		i += size
	}
	return n
}

// jsonRuneLen is how many bytes encoding/json (HTML escaping off) writes
// for one rune of a string.
func jsonRuneLen(r rune, size int) int {
	switch {
	case r == utf8.RuneError && size == 1:
		return len(`\ufffd`)
	case r == '"' || r == '\\' || r == '\n' || r == '\r' || r == '\t' || r == '\b' || r == '\f':
		return 2
	case r < 0x20 || r == '\u2028' || r == '\u2029':
		return len(`\u0000`)
	}
	return size
}

// cmdAudit reads audit logs: `mewsandbox audit summary [--json] FILE`.
func cmdAudit(args []string, _ io.Reader, stdout, _ io.Writer) error {
	var asJSON bool
	var top int
	fs := newFlagSet("audit", "mewsandbox audit summary [--json] [--top N] FILE", stdout)
	fs.BoolVar(&asJSON, "json", false, "print JSON")
	fs.IntVar(&top, "top", 10, "list the `N` most denied commands")
	if helpTo(fs, stdout, args) {
		return nil
	}
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 || pos[0] != "summary" {
		return usagef("audit: want 'mewsandbox audit summary [--json] FILE' (FILE: the log written with --audit)")
	}
	if top < 0 {
		return usagef("audit summary: --top %d: want 0 or more", top)
	}
	path := pos[1]
	f, err := os.Open(path)
	if err != nil {
		return usagef("audit %s: %v", path, errors.Unwrap(err))
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return usagef("audit %s: is a directory: name the log file written with --audit", path)
	}
	s, err := summarize(f, top)
	if err != nil {
		return fmt.Errorf("audit %s: %w", path, err)
	}
	s.File = path
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(s)
	}
	s.print(stdout)
	return nil
}

// auditSummary is what `audit summary` reports.
type auditSummary struct {
	File      string         `json:"file"`
	Decisions map[string]int `json:"decisions"` // allow, ask, deny
	Runs      int            `json:"runs"`
	// FailedRuns exited non-zero or could not start.
	FailedRuns int `json:"failedRuns"`
	// Rechecks are the decisions of runs the hook's rewritten commands
	// started (recheck: true), not counted in Decisions: each call counts
	// once, by the hook's decision. RecheckRefused of them did not allow
	// what the hook had allowed.
	Rechecks       int           `json:"rechecks"`
	RecheckRefused int           `json:"recheckRefused"`
	MostDenied     []deniedCount `json:"mostDenied"`
	// InvalidLines are lines that are not audit records (a torn write, a
	// hand edit); FirstInvalidLine is the first one's number.
	InvalidLines     int `json:"invalidLines"`
	FirstInvalidLine int `json:"firstInvalidLine,omitempty"`
}

type deniedCount struct {
	Tool    string `json:"tool"`
	Subject string `json:"subject"`
	Count   int    `json:"count"`
}

// summarize counts the records of an audit log and ranks the denied
// subjects, keeping the top most denied.
func summarize(r io.Reader, top int) (*auditSummary, error) {
	s := &auditSummary{Decisions: map[string]int{"allow": 0, "ask": 0, "deny": 0}, MostDenied: []deniedCount{}}
	denied := map[deniedCount]int{}
	br := bufio.NewReaderSize(r, 64<<10)
	for n := 1; ; n++ {
		line, err := readLine(br, 4*maxAuditLine)
		if err == io.EOF {
			break
		}
		if err != nil && err != errLineTooLong {
			return nil, err
		}
		if err == nil && len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var rec auditRecord
		if err != nil || json.Unmarshal(line, &rec) != nil || !s.count(rec, denied) {
			s.InvalidLines++
			if s.FirstInvalidLine == 0 {
				s.FirstInvalidLine = n
			}
		}
	}
	for k, c := range denied {
		k.Count = c
		s.MostDenied = append(s.MostDenied, k)
	}
	slices.SortFunc(s.MostDenied, func(a, b deniedCount) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Tool, b.Tool), cmp.Compare(a.Subject, b.Subject))
	})
	if len(s.MostDenied) > top {
		s.MostDenied = s.MostDenied[:top]
	}
	return s, nil
}

// count adds one record to the summary; false means it is not a record.
func (s *auditSummary) count(rec auditRecord, denied map[deniedCount]int) bool {
	switch rec.Kind {
	case "decision":
		if _, ok := s.Decisions[rec.Decision]; !ok {
			return false
		}
		if rec.Recheck {
			s.Rechecks++
			if rec.Decision != "allow" {
				s.RecheckRefused++
			}
			return true
		}
		s.Decisions[rec.Decision]++
		if rec.Decision == "deny" {
			denied[deniedCount{Tool: rec.Tool, Subject: rec.Subject}]++
		}
	case "run":
		s.Runs++
		if rec.Exit == nil || *rec.Exit != 0 || rec.Error != "" {
			s.FailedRuns++
		}
	default:
		return false
	}
	return true
}

var errLineTooLong = errors.New("line too long")

// readLine returns the next line without its newline; a line over max
// bytes is skipped and reported as errLineTooLong.
func readLine(r *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	tooLong := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			line = append(line, chunk...)
			if len(line) > max {
				tooLong, line = true, nil
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && (len(line) > 0 || tooLong):
			// The last line has no newline: a writer died mid-line.
		case err != nil:
			return nil, err
		}
		if tooLong {
			return nil, errLineTooLong
		}
		return bytes.TrimSuffix(line, []byte("\n")), nil
	}
}

func (s *auditSummary) print(w io.Writer) {
	total := s.Decisions["allow"] + s.Decisions["ask"] + s.Decisions["deny"]
	fmt.Fprintf(w, "%s: %d decisions, %d runs\n", s.File, total, s.Runs)
	fmt.Fprintf(w, "decisions:\n")
	for _, d := range []string{"allow", "ask", "deny"} {
		fmt.Fprintf(w, "  %-6s %d\n", d, s.Decisions[d])
	}
	fmt.Fprintf(w, "runs:     %d (%d failed: non-zero exit or not started)\n", s.Runs, s.FailedRuns)
	if s.Rechecks > 0 {
		fmt.Fprintf(w, "rechecks: %d (runs re-deciding calls the hook decided, not counted again; %d refused)\n", s.Rechecks, s.RecheckRefused)
	}
	if len(s.MostDenied) > 0 {
		fmt.Fprintf(w, "most denied:\n")
		for _, d := range s.MostDenied {
			fmt.Fprintf(w, "  %5d  %-8s %s\n", d.Count, d.Tool, oneLine(d.Subject, 120))
		}
	}
	if s.InvalidLines > 0 {
		fmt.Fprintf(w, "warning: %d lines are not audit records (the first is line %d): the log was edited or torn\n", s.InvalidLines, s.FirstInvalidLine)
	}
}

// oneLine shows s on one line of at most max runes, quoting it when it has
// control characters.
func oneLine(s string, max int) string {
	if strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		s = fmt.Sprintf("%q", s)
	}
	if utf8.RuneCountInString(s) > max {
		s = string([]rune(s)[:max-1]) + "…"
	}
	return s
}
