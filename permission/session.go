package permission

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"golang.org/x/sys/unix"
	"gopkg.in/yaml.v3"
)

// Denial tracking limits (DESIGN §3, Sessions).
const (
	// DenialWarnAfter consecutive denials print a warning: the agent is
	// stuck trying what it may not do.
	DenialWarnAfter = 3
	// DenialLimit denials in one session make every further call Deny.
	DenialLimit = 20
)

// Session holds what a person approved during a session and how many
// calls were denied. A session opened on a file is shared with every other
// process using that file: each change locks the file, re-reads it,
// applies the change and replaces the file atomically, so parallel runs
// neither corrupt it nor lose each other's approvals. A Session is safe
// for concurrent use.
type Session struct {
	// ID names the session; "" for a session in memory.
	ID string
	// Path is the session file; "" for a session in memory.
	Path string

	mu    sync.Mutex
	state sessionState
}

// sessionState is the session file's content.
type sessionState struct {
	Version            int      `json:"version"`
	ID                 string   `json:"id,omitempty"`
	Approved           []string `json:"approved"` // sorted, no duplicates
	ConsecutiveDenials int      `json:"consecutiveDenials"`
	TotalDenials       int      `json:"totalDenials"`
}

const sessionVersion = 1

var sessionIDPattern = lazy[*regexp.Regexp]{build: func() *regexp.Regexp {
	return regexp.MustCompile(`^[A-Za-z0-9._-]{1,128}$`)
}}

// ValidSessionID reports whether id can name a session file: 1 to 128
// letters, digits, '.', '_' or '-', and no "..".
func ValidSessionID(id string) error {
	if !sessionIDPattern.get().MatchString(id) || strings.Contains(id, "..") || id == "." {
		return fmt.Errorf("invalid session ID %q: want 1 to 128 letters, digits, '.', '_' or '-', without \"..\"", id)
	}
	return nil
}

// StateHome returns where mewsandbox keeps state: $XDG_STATE_HOME when
// set (pass its value), else home/.local/state.
func StateHome(xdgStateHome, home string) string {
	if filepath.IsAbs(xdgStateHome) {
		return xdgStateHome
	}
	return filepath.Join(home, ".local", "state")
}

// SessionPath returns the file of session id below stateHome:
// stateHome/mewsandbox/sessions/ID.json. The id is checked so that it
// cannot name a file elsewhere.
func SessionPath(stateHome, id string) (string, error) {
	if err := ValidSessionID(id); err != nil {
		return "", err
	}
	if stateHome == "" {
		return "", errors.New("no state directory: set XDG_STATE_HOME or HOME")
	}
	return filepath.Join(stateHome, "mewsandbox", "sessions", id+".json"), nil
}

// OpenSession opens session id kept in the file at path. A missing file is
// an empty session, created on the first change; a file that does not
// parse is an error, never silently an empty session, since that would
// reset the denial count.
func OpenSession(id, path string) (*Session, error) {
	if err := ValidSessionID(id); err != nil {
		return nil, err
	}
	if path == "" {
		return nil, fmt.Errorf("session %s: no file given", id)
	}
	st, err := readSessionFile(path)
	if err != nil {
		return nil, err
	}
	return &Session{ID: id, Path: path, state: st}, nil
}

// NewMemorySession returns a session that lives in memory only.
func NewMemorySession() *Session { return &Session{} }

// readSessionFile reads a session file; a missing file is an empty state.
func readSessionFile(path string) (sessionState, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return sessionState{Version: sessionVersion}, nil
	}
	if err != nil {
		return sessionState{}, fmt.Errorf("session file: %w", err)
	}
	var st sessionState
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&st); err != nil {
		return sessionState{}, fmt.Errorf("session file %s is corrupt (%v); delete it to start the session afresh", path, err)
	}
	if dec.More() {
		return sessionState{}, fmt.Errorf("session file %s is corrupt (data after the JSON object); delete it to start the session afresh", path)
	}
	if st.Version != sessionVersion {
		return sessionState{}, fmt.Errorf("session file %s has version %d; this mewsandbox reads version %d", path, st.Version, sessionVersion)
	}
	if st.ConsecutiveDenials < 0 || st.TotalDenials < 0 {
		return sessionState{}, fmt.Errorf("session file %s is corrupt (negative denial count); delete it to start the session afresh", path)
	}
	slices.Sort(st.Approved)
	st.Approved = slices.Compact(st.Approved)
	return st, nil
}

// refresh re-reads the file so that approvals and denials from other
// processes count. A failed read keeps what is known: the error shows at
// the next change.
func (s *Session) refresh() {
	if s.Path == "" {
		return
	}
	if st, err := readSessionFile(s.Path); err == nil {
		s.state = st
	}
}

// Approved reports whether key was approved in this session.
func (s *Session) Approved(key string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := slices.BinarySearch(s.state.Approved, key); ok {
		return true
	}
	s.refresh()
	_, ok := slices.BinarySearch(s.state.Approved, key)
	return ok
}

// Approve remembers key as approved for the rest of the session.
func (s *Session) Approve(key string) error {
	if key == "" {
		return errors.New("session: empty approval key")
	}
	return s.update(func(st *sessionState) bool {
		i, ok := slices.BinarySearch(st.Approved, key)
		if ok {
			return false
		}
		st.Approved = slices.Insert(st.Approved, i, key)
		return true
	})
}

// RecordDecision counts a final decision: Deny adds to the consecutive
// and total denials, Allow ends a run of denials, Ask (still open) counts
// for nothing. It returns a warning to print after DenialWarnAfter
// consecutive denials and when the DenialLimit is reached.
func (s *Session) RecordDecision(d Decision) (warning string, err error) {
	if d != Allow && d != Deny {
		return "", nil
	}
	var st sessionState
	err = s.update(func(cur *sessionState) bool {
		defer func() { st = *cur }()
		if d == Allow {
			if cur.ConsecutiveDenials == 0 {
				return false
			}
			cur.ConsecutiveDenials = 0
			return true
		}
		cur.ConsecutiveDenials++
		cur.TotalDenials++
		return true
	})
	if err != nil || d != Deny {
		return "", err
	}
	switch {
	case st.TotalDenials >= DenialLimit:
		return fmt.Sprintf("denial limit reached: %d calls denied in this session; every further call is denied", st.TotalDenials), nil
	case st.ConsecutiveDenials >= DenialWarnAfter:
		return fmt.Sprintf("%d consecutive denials: stop retrying what is not allowed; change the approach or the permission rules (%d of %d denials before the session stops)",
			st.ConsecutiveDenials, st.TotalDenials, DenialLimit), nil
	}
	return "", nil
}

// LimitReached reports whether the session had DenialLimit denials.
func (s *Session) LimitReached() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refresh()
	return s.state.TotalDenials >= DenialLimit
}

// Denials returns the consecutive and total denials so far.
func (s *Session) Denials() (consecutive, total int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refresh()
	return s.state.ConsecutiveDenials, s.state.TotalDenials
}

// update applies f to the freshest state and, when f reports a change,
// persists it: lock, re-read, apply, write a temporary file, fsync,
// rename.
func (s *Session) update(f func(*sessionState) bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Path == "" {
		f(&s.state)
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(s.Path), 0o700); err != nil {
		return fmt.Errorf("session %s: %w", s.ID, err)
	}
	unlock, err := lockFile(s.Path + ".lock")
	if err != nil {
		return fmt.Errorf("session %s: %w", s.ID, err)
	}
	defer unlock()
	st, err := readSessionFile(s.Path)
	if err != nil {
		return err
	}
	if !f(&st) {
		s.state = st
		return nil
	}
	st.Version, st.ID = sessionVersion, s.ID
	if st.Approved == nil {
		st.Approved = []string{}
	}
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return fmt.Errorf("BUG(mewsandbox): session %s: %w", s.ID, err)
	}
	if err := WriteFileAtomic(s.Path, append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("session %s: %w", s.ID, err)
	}
	s.state = st
	return nil
}

// lockFile takes an exclusive flock on path, creating it, and returns the
// function that releases it. flock locks belong to the open file, so two
// goroutines of one process exclude each other as two processes do.
func lockFile(path string) (func(), error) { return lockAt(unix.AT_FDCWD, path, path) }

// LockExclusive takes an exclusive flock(2) on the open file f, waiting
// for other holders (a signal that interrupts the wait does not end it),
// and returns the function that releases the lock. It is how every
// mewsandbox process serialises changes to a shared file: session files
// here, audit logs in the CLI.
func LockExclusive(f *os.File) (unlock func(), err error) {
	fd := int(f.Fd())
	for {
		err = unix.Flock(fd, unix.LOCK_EX)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	return func() { unix.Flock(fd, unix.LOCK_UN) }, nil
}

// WriteFileAtomic replaces path with data, mode perm: a temporary file in
// the same directory, synced, then renamed over path, and the directory
// synced, so a reader or a crash sees the old file or the new one, never a
// mix. Session files and AppendRule use it, and so does the CLI for the
// Claude Code settings it changes.
func WriteFileAtomic(path string, data []byte, perm fs.FileMode) error {
	d, err := unix.Open(filepath.Dir(path), unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return &fs.PathError{Op: "open", Path: filepath.Dir(path), Err: err}
	}
	defer unix.Close(d)
	return writeAtomicAt(d, filepath.Base(path), data, perm)
}

// AppendRule adds rule to the kind list (permissions.allow, .ask or
// .deny) of the YAML settings file at path, for "always" approvals. It
// creates the file and its directory when missing, keeps the file's other
// keys and its comments, does nothing when the rule is already listed,
// and refuses a file that does not parse rather than overwrite it. The
// change is made under a lock and written atomically.
func AppendRule(path string, kind RuleKind, rule string) error {
	r, err := ParseRule(kind, rule)
	if err != nil {
		return err
	}
	if strings.EqualFold(filepath.Ext(path), ".json") {
		return fmt.Errorf("%s: AppendRule writes YAML; name a .yaml file", path)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	// The project's .mewsandbox is a sandboxed command's to write where
	// the namespace layer does not protect it (--no-namespaces, a nested
	// project), while one may run beside this: a link there would take
	// the reads and writes below out of the project, as root (a review
	// made the lock a link to /etc/nologin). So the directory is held by a
	// descriptor, opened not through a link, and the lock, the file and
	// the new file are opened and renamed in it, none through a link.
	d, err := openDirNoFollow(filepath.Dir(path))
	if err != nil {
		return noLinks(filepath.Dir(path), err)
	}
	defer unix.Close(d)
	name := filepath.Base(path)
	unlock, err := lockAt(d, path+".lock", name+".lock")
	if err != nil {
		return err
	}
	defer unlock()

	perm := fs.FileMode(0o644)
	data, err := readAt(d, path, name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		data = nil
	case err != nil:
		return err
	}
	if data != nil {
		var st unix.Stat_t
		if unix.Fstatat(d, name, &st, unix.AT_SYMLINK_NOFOLLOW) == nil {
			perm = fs.FileMode(st.Mode & 0o777)
		}
	}
	if _, err := ParseSettings(path, data, ""); err != nil {
		return fmt.Errorf("cannot add %s rule %s: %w", kind, r.Text, err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return fmt.Errorf("BUG(mewsandbox): %s parsed as settings but not as YAML: %w", path, err)
	}
	if doc.Kind == 0 {
		doc = yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.MappingNode, Tag: "!!map"}}}
	}
	root := doc.Content[0]
	if isNull(root) {
		*root = yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	}
	perms, shared := mappingValue(root, "permissions", yaml.MappingNode, false)
	list, _ := mappingValue(perms, kind.String(), yaml.SequenceNode, shared)
	for _, item := range list.Content {
		if strings.TrimSpace(resolveAlias(item).Value) == r.Text {
			return nil
		}
	}
	list.Content = append(list.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: r.Text})

	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	// Read back what is about to be written: a file that no longer
	// parses, or lacks the rule, must not replace a good one.
	s, err := ParseSettings(path, buf.Bytes(), "")
	if err != nil {
		return fmt.Errorf("BUG(mewsandbox): adding %s to %s would break it: %w", r.Text, path, err)
	}
	if !slices.ContainsFunc(*s.Rules.kindList(kind), func(x Rule) bool { return x.Text == r.Text }) {
		return fmt.Errorf("BUG(mewsandbox): adding %s to %s lost it", r.Text, path)
	}
	return writeAtomicAt(d, name, buf.Bytes(), perm)
}

// ErrLink is the error of a path mewsandbox would write through that is a
// symbolic link or no directory: the user's to remove, not an internal
// failure.
var ErrLink = errors.New("a symbolic link or no directory, which mewsandbox does not write through")

// noLinks turns the error of opening path without following a link into
// one that says so.
func noLinks(path string, err error) error {
	if errors.Is(err, unix.ELOOP) || errors.Is(err, unix.ENOTDIR) {
		return fmt.Errorf("%s is %w: remove it", path, ErrLink)
	}
	return fmt.Errorf("%s: %w", path, err)
}

// Dir is a directory held by a descriptor, opened not through a link:
// the files it reads, makes and renames are in that very directory, not
// through a link, whatever a process beside does to its path meanwhile (a
// sandboxed command may, in a project's .claude or .mewsandbox).
type Dir struct {
	fd   int
	path string
}

// OpenDir opens directory path, not through a link in its last
// component; one that is a link is an error saying so.
func OpenDir(path string) (*Dir, error) {
	fd, err := openDirNoFollow(path)
	if err != nil {
		return nil, noLinks(path, err)
	}
	return &Dir{fd: fd, path: path}, nil
}

// Close releases the directory.
func (d *Dir) Close() error { return unix.Close(d.fd) }

// ReadFile reads regular file name in the directory, not through a link;
// fs.ErrNotExist when it is missing.
func (d *Dir) ReadFile(name string) ([]byte, error) {
	return readAt(d.fd, filepath.Join(d.path, name), name)
}

// Create makes file name in the directory, which must not exist (a link
// there counts as existing), for writing.
func (d *Dir) Create(name string, perm fs.FileMode) (*os.File, error) {
	path := filepath.Join(d.path, name)
	fd, err := unix.Openat(d.fd, name, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, uint32(perm.Perm()))
	if err != nil {
		return nil, &fs.PathError{Op: "create", Path: path, Err: err}
	}
	return os.NewFile(uintptr(fd), path), nil
}

// Remove removes file name from the directory, not through a link.
func (d *Dir) Remove(name string) error {
	if err := unix.Unlinkat(d.fd, name, 0); err != nil {
		return &fs.PathError{Op: "remove", Path: filepath.Join(d.path, name), Err: err}
	}
	return nil
}

// WriteFileAtomic replaces file name in the directory with data, as
// WriteFileAtomic does, not through a link.
func (d *Dir) WriteFileAtomic(name string, data []byte, perm fs.FileMode) error {
	return writeAtomicAt(d.fd, name, data, perm)
}

// Mode returns the permission bits of file name in the directory, not
// through a link.
func (d *Dir) Mode(name string) (fs.FileMode, error) {
	var st unix.Stat_t
	if err := unix.Fstatat(d.fd, name, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		return 0, &fs.PathError{Op: "stat", Path: filepath.Join(d.path, name), Err: err}
	}
	return fs.FileMode(st.Mode & 0o777), nil
}

// openDirNoFollow opens directory path, not through a link.
func openDirNoFollow(path string) (int, error) {
	return unix.Open(path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
}

// lockAt takes an exclusive lock on file name in directory d (path, for
// messages), made if missing: a regular file, not through a link.
func lockAt(d int, path, name string) (func(), error) {
	fd, err := unix.Openat(d, name, unix.O_RDWR|unix.O_CREAT|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock: %w", noLinks(path, err))
	}
	f := os.NewFile(uintptr(fd), path)
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("lock %s: not a regular file", path)
	}
	unlock, err := LockExclusive(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	return func() {
		unlock()
		f.Close()
	}, nil
}

// readAt reads file name in directory d (path, for messages): a regular
// file, not through a link, not blocking, at most what ParseSettings
// accepts and one byte more.
func readAt(d int, path, name string) ([]byte, error) {
	fd, err := unix.Openat(d, name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if errors.Is(err, unix.ENOENT) {
		return nil, fs.ErrNotExist
	}
	if err != nil {
		return nil, noLinks(path, err)
	}
	f := os.NewFile(uintptr(fd), path)
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	return io.ReadAll(io.LimitReader(f, maxSettingsSize+1))
}

// writeAtomicAt is WriteFileAtomic for file name in directory d: the new
// file is made in d, not through a link, and renamed there.
func writeAtomicAt(d int, name string, data []byte, perm fs.FileMode) error {
	var b [8]byte
	if err := randomBytes(b[:]); err != nil {
		return err
	}
	tmp := "." + name + ".tmp-" + hex.EncodeToString(b[:])
	fd, err := unix.Openat(d, tmp, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return &fs.PathError{Op: "create", Path: tmp, Err: err}
	}
	f := os.NewFile(uintptr(fd), tmp)
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		if rerr := unix.Renameat(d, tmp, d, name); rerr != nil {
			err = &fs.PathError{Op: "rename", Path: name, Err: rerr}
		}
	}
	if err != nil {
		unix.Unlinkat(d, tmp, 0)
		return err
	}
	unix.Fsync(d) // best effort: some file systems refuse to sync a directory
	return nil
}

// mappingValue returns the value of key in mapping m, adding the key, or
// replacing a null value, with an empty node of the given kind.
// ParseSettings has checked that existing values have the right kind. A
// value reached through an alias, or below a copied one (shared), is
// copied before it is returned, so that appending to it cannot change the
// other places the anchor is used.
func mappingValue(m *yaml.Node, key string, kind yaml.Kind, shared bool) (*yaml.Node, bool) {
	tag := "!!map"
	if kind == yaml.SequenceNode {
		tag = "!!seq"
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if resolveAlias(m.Content[i]).Value != key {
			continue
		}
		raw := m.Content[i+1]
		v := resolveAlias(raw)
		if isNull(v) {
			v = &yaml.Node{Kind: kind, Tag: tag}
			m.Content[i+1] = v
			return v, false
		}
		if raw.Kind == yaml.AliasNode || shared {
			cp := *v
			cp.Anchor = ""
			cp.Content = slices.Clone(v.Content)
			m.Content[i+1] = &cp
			return &cp, true
		}
		return v, false
	}
	v := &yaml.Node{Kind: kind, Tag: tag}
	m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, v)
	return v, false
}
