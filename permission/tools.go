package permission

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Kind groups tools by what they do, which is what modes and built-in
// checks care about.
type Kind int

// The kinds of tool.
const (
	KindUnknown Kind = iota
	KindShell        // runs a shell command (Bash)
	KindRead         // reads files or lists them (Read, Glob, Grep, LS)
	KindEdit         // creates or changes a file (Write, Edit, MultiEdit, NotebookEdit)
	KindFetch        // fetches a URL (WebFetch)
)

// tools maps each tool name (Claude Code's, and the seed's aliases, in lower
// case) to its canonical name and kind.
var tools = lazy[map[string]toolInfo]{build: func() map[string]toolInfo {
	return map[string]toolInfo{
		"bash":         {"Bash", KindShell},
		"run_shell":    {"Bash", KindShell},
		"read":         {"Read", KindRead},
		"read_file":    {"Read", KindRead},
		"glob":         {"Glob", KindRead},
		"grep":         {"Grep", KindRead},
		"grep_search":  {"Grep", KindRead},
		"ls":           {"LS", KindRead},
		"list_files":   {"LS", KindRead},
		"write":        {"Write", KindEdit},
		"write_file":   {"Write", KindEdit},
		"edit":         {"Edit", KindEdit},
		"edit_file":    {"Edit", KindEdit},
		"multiedit":    {"MultiEdit", KindEdit},
		"notebookedit": {"NotebookEdit", KindEdit},
		"webfetch":     {"WebFetch", KindFetch},
	}
}}

// toolInfo is a tool's canonical name and kind.
type toolInfo struct {
	name string
	kind Kind
}

// CanonicalTool returns the canonical name and kind of a tool name, accepting
// Claude Code's names in any case and the seed's aliases (run_shell,
// read_file, write_file, edit_file, list_files, grep_search). An unknown
// name comes back unchanged with KindUnknown.
func CanonicalTool(name string) (string, Kind) {
	if t, ok := tools.get()[strings.ToLower(name)]; ok {
		return t.name, t.kind
	}
	return name, KindUnknown
}

// Call is one tool call to decide on.
type Call struct {
	// Tool is the tool's name as given; CanonicalTool normalises it.
	Tool string
	// Command is the shell command line of a Bash call.
	Command string
	// Path is the file or directory a read or edit tool acts on
	// (file_path, notebook_path or path in the tool input).
	Path string
	// URL is the address a WebFetch call fetches.
	URL string
	// Glob narrows what a search reads below Path to the files it names:
	// Grep's glob, Glob's pattern.
	Glob string
}

// AmbiguousInputError is a tool input that does not say one thing: a key
// given twice, or a case variant of a key CallFromInput reads
// ("Command" beside "command"). Go's encoding/json matches keys without
// regard to case and JSON parsers differ on duplicates, so such an input
// could be judged as one command and run as another. Callers must never
// allow it.
type AmbiguousInputError struct {
	Tool string
	Key  string // the key as written
	// Known is the key it is a case variant of; "" for a duplicate.
	Known string
	// Beside is another path key given with a different value (file_path
	// beside notebook_path): which the tool uses is the tool's to say.
	Beside string
}

func (e *AmbiguousInputError) Error() string {
	if e.Beside != "" {
		return fmt.Sprintf("tool input for %s gives two paths, %q and %q", e.Tool, e.Beside, e.Key)
	}
	if e.Known == "" {
		return fmt.Sprintf("tool input for %s gives %q twice", e.Tool, e.Key)
	}
	return fmt.Sprintf("tool input for %s has %q, a case variant of %q", e.Tool, e.Key, e.Known)
}

// inputKeys are the tool input members CallFromInput reads, in the order
// a path is taken from them (file_path first).
var inputKeys = [...]string{"command", "file_path", "notebook_path", "path", "url"}

// globKey is the tool input member holding the glob that narrows a
// search (Call.Glob), or "" for a tool without one. Grep's pattern is a
// regular expression, not a path.
func globKey(tool string) string {
	switch name, _ := CanonicalTool(tool); name {
	case "Grep":
		return "glob"
	case "Glob":
		return "pattern"
	}
	return ""
}

// AmbiguousKey returns the first member of JSON object data whose key is
// given twice (known "") or is a case variant of one of keys (known that
// key): Go's encoding/json matches keys without regard to case, and
// parsers differ on duplicates, so that one reader could take it for the
// key and another not. ok is false when there is none, or data is no
// object (its readers say so).
func AmbiguousKey(data []byte, keys []string) (key, known string, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return "", "", false
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return "", "", false
		}
		key := tok.(string)
		if seen[key] {
			return key, "", true
		}
		seen[key] = true
		if !slices.Contains(keys, key) {
			for _, k := range keys {
				if strings.EqualFold(key, k) {
					return key, k, true
				}
			}
		}
		if err := dec.Decode(new(json.RawMessage)); err != nil {
			return "", "", false
		}
	}
	return "", "", false
}

// CallFromInput builds a Call from a tool name and its JSON input as an
// agent sends it ({"command": "..."}, {"file_path": "..."}, ...). Keys
// match exactly; an input with a key given twice or a case variant of a
// key it reads is an *AmbiguousInputError, with the Call as far as read.
func CallFromInput(tool string, input json.RawMessage) (Call, error) {
	c := Call{Tool: tool}
	if t := bytes.TrimSpace(input); len(t) == 0 || string(t) == "null" {
		return c, nil
	}
	dec := json.NewDecoder(bytes.NewReader(input))
	if tok, err := dec.Token(); err != nil {
		return c, fmt.Errorf("tool input for %s: %w", tool, err)
	} else if tok != json.Delim('{') {
		return c, fmt.Errorf("tool input for %s: want a JSON object, not %v", tool, tok)
	}
	keys := inputKeys[:]
	if k := globKey(tool); k != "" {
		keys = append(slices.Clip(keys), k)
	}
	if key, known, ok := AmbiguousKey(input, keys); ok {
		return c, &AmbiguousInputError{Tool: tool, Key: key, Known: known}
	}
	values := make([]string, len(keys))
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return c, fmt.Errorf("tool input for %s: %w", tool, err)
		}
		key := tok.(string)
		i := slices.Index(keys, key)
		if i < 0 {
			if err := dec.Decode(new(json.RawMessage)); err != nil {
				return c, fmt.Errorf("tool input for %s: %w", tool, err)
			}
			continue
		}
		var v *string
		if err := dec.Decode(&v); err != nil {
			return c, fmt.Errorf("tool input for %s: %s must be a string: %w", tool, key, err)
		}
		if v != nil {
			values[i] = *v
		}
	}
	if _, err := dec.Token(); err != nil {
		return c, fmt.Errorf("tool input for %s: %w", tool, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return c, fmt.Errorf("tool input for %s: more after the object", tool)
	}
	c.Command, c.URL = values[0], values[4]
	c.Path = cmp.Or(values[1], values[2], values[3])
	// A tool reads one of them (NotebookEdit notebook_path, Grep path):
	// another beside it, saying something else, could be judged in its
	// place.
	for i := 1; i <= 3; i++ {
		if values[i] != "" && values[i] != c.Path {
			first := 1 + slices.IndexFunc(values[1:4], func(v string) bool { return v != "" })
			return c, &AmbiguousInputError{Tool: tool, Key: inputKeys[i], Beside: inputKeys[first]}
		}
	}
	if len(values) > len(inputKeys) {
		c.Glob = values[len(inputKeys)]
	}
	return c, nil
}
