package permission

import (
	"encoding/json"
	"fmt"
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
}

// CallFromInput builds a Call from a tool name and its JSON input as an
// agent sends it ({"command": "..."}, {"file_path": "..."}, ...).
func CallFromInput(tool string, input json.RawMessage) (Call, error) {
	c := Call{Tool: tool}
	if len(input) == 0 || string(input) == "null" {
		return c, nil
	}
	var in struct {
		Command      *string `json:"command"`
		FilePath     *string `json:"file_path"`
		NotebookPath *string `json:"notebook_path"`
		Path         *string `json:"path"`
		URL          *string `json:"url"`
	}
	if err := json.Unmarshal(input, &in); err != nil {
		return c, fmt.Errorf("tool input for %s: %w", tool, err)
	}
	for _, p := range []*string{in.FilePath, in.NotebookPath, in.Path} {
		if p != nil && *p != "" {
			c.Path = *p
			break
		}
	}
	if in.Command != nil {
		c.Command = *in.Command
	}
	if in.URL != nil {
		c.URL = *in.URL
	}
	return c, nil
}
