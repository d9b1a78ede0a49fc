package main

import (
	"bytes"
	"flag"
	"io"
	"os"
	osexec "os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// registered returns the names of the flags register defines, as the
// commands register them.
func registered(register ...func(*flag.FlagSet)) []string {
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	for _, r := range register {
		r(fs)
	}
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}

func specFor(t *testing.T, name string) commandSpec {
	t.Helper()
	for _, c := range commandSpecs() {
		if c.name == name {
			return c
		}
	}
	t.Fatalf("no command %s", name)
	return commandSpec{}
}

// TestCommandSpecsReadTheRealFlags checks the help parser against flag sets
// built from the same option groups the commands register.
func TestCommandSpecsReadTheRealFlags(t *testing.T) {
	t.Parallel()
	var o options
	str := func(name string) func(*flag.FlagSet) {
		return func(fs *flag.FlagSet) { fs.String(name, "", "") }
	}
	want := map[string][]string{
		"run":     registered(o.permissionFlags, o.sandboxFlags, o.auditFlag, str("c")),
		"check":   registered(o.permissionFlags, o.auditFlag, str("c"), str("tool"), str("input")),
		"hook":    registered(o.permissionFlags, o.sandboxFlags, o.auditFlag, str("sandbox")),
		"explain": registered(o.permissionFlags, o.sandboxFlags, str("format")),
		"init":    {"audit", "dont-ask", "print", "root", "sandbox"},
		"audit":   {"json", "top"},
		"doctor":  {"json", "no-user-settings", "root"},
	}
	for name, flags := range want {
		var got []string
		for _, f := range specFor(t, name).flags {
			got = append(got, f.name)
		}
		for _, f := range flags {
			if !slices.Contains(got, f) {
				t.Errorf("%s: completion lacks --%s (it found %v)", name, f, got)
			}
		}
	}
	if f := specFor(t, "run").flags; !slices.ContainsFunc(f, func(f flagSpec) bool { return f.name == "root" && f.arg == "DIR" }) {
		t.Errorf("run --root: placeholder not read as DIR: %+v", f)
	}
}

// TestCompletionScriptsListEveryFlag checks each script against every
// flag every command registers.
func TestCompletionScriptsListEveryFlag(t *testing.T) {
	t.Parallel()
	specs := commandSpecs()
	for _, shell := range shellNames() {
		var out bytes.Buffer
		if err := cmdCompletion([]string{shell}, nil, &out, io.Discard); err != nil {
			t.Fatal(err)
		}
		script := out.String()
		for _, c := range specs {
			if !strings.Contains(script, c.name) {
				t.Errorf("%s: no command %s", shell, c.name)
			}
			for _, f := range c.flags {
				name := f.dashed()
				if shell == "fish" {
					name = "-l " + f.name
					if len(f.name) == 1 {
						name = "-s " + f.name
					}
				}
				if !strings.Contains(script, name) {
					t.Errorf("%s: %s %s missing", shell, c.name, name)
				}
			}
		}
	}
}

// TestExplainUsageNamesEveryFormat: the usage line of explain --help names
// every --format value the command accepts and completion offers, sbpl
// included, as the README's usage block does.
func TestExplainUsageNamesEveryFormat(t *testing.T) {
	t.Parallel()
	var stdout bytes.Buffer
	if code := realMain([]string{"explain", "--help"}, nil, &stdout, io.Discard); code != exitOK {
		t.Fatalf("explain --help: exit %d", code)
	}
	usage, _, _ := strings.Cut(stdout.String(), "\n")
	for _, f := range []string{"text", "json", "sbpl"} {
		if !strings.Contains(usage, f) {
			t.Errorf("usage line %q does not name --format %s", usage, f)
		}
	}
}

func TestCompletionUnknownShell(t *testing.T) {
	t.Parallel()
	var stderr bytes.Buffer
	code := realMain([]string{"completion", "tcsh"}, nil, io.Discard, &stderr)
	if code != exitUsage || !strings.Contains(stderr.String(), "bash, fish, zsh") {
		t.Errorf("exit %d, %q; want 2 listing bash, fish, zsh", code, stderr.String())
	}
	if code := realMain([]string{"completion"}, nil, io.Discard, io.Discard); code != exitUsage {
		t.Errorf("no shell: exit %d, want 2", code)
	}
}

func writeScript(t *testing.T, shell string) string {
	t.Helper()
	var out bytes.Buffer
	if err := cmdCompletion([]string{shell}, nil, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "mewsandbox."+shell)
	if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestBashCompletion(t *testing.T) {
	t.Parallel()
	bash, err := osexec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	script := writeScript(t, "bash")
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "subdir"), 0o755)
	os.WriteFile(filepath.Join(dir, "settings.yaml"), nil, 0o644)
	tests := []struct {
		line string // the words typed; the last is being completed
		want []string
	}{
		{"mewsandbox ch", []string{"check"}},
		{"mewsandbox c", []string{"check", "completion"}},
		{"mewsandbox run --ro", []string{"--root"}},
		{"mewsandbox run --mode pl", []string{"plan"}},
		{"mewsandbox run --mode = acceptE", []string{"acceptEdits"}},
		{"mewsandbox run --network ", []string{"all", "none"}},
		{"mewsandbox run --root ", []string{"subdir"}},
		{"mewsandbox run --settings sett", []string{"settings.yaml"}},
		{"mewsandbox hook ", []string{"claude-code"}},
		{"mewsandbox hook claude-code --sa", []string{"--sandbox"}},
		{"mewsandbox init claude-code --", []string{"--audit", "--dont-ask", "--print", "--root", "--sandbox"}},
		{"mewsandbox completion ", []string{"bash", "fish", "zsh"}},
		{"mewsandbox explain --format ", []string{"json", "sbpl", "text"}},
		{"mewsandbox check -", nil}, // checked below: contains -c and --tool
	}
	for _, tt := range tests {
		words := strings.Split(tt.line, " ")
		var quoted []string
		for _, w := range words {
			quoted = append(quoted, shellQuote(w))
		}
		prog := "source " + shellQuote(script) + "\nCOMP_WORDS=(" + strings.Join(quoted, " ") + ")\nCOMP_CWORD=" +
			strconv.Itoa(len(words)-1) + "\n_mewsandbox\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
		cmd := osexec.Command(bash, "--norc", "-c", prog)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v: %s", tt.line, err, out)
		}
		got := strings.Fields(string(out))
		slices.Sort(got)
		if tt.want == nil {
			if !slices.Contains(got, "-c") || !slices.Contains(got, "--tool") {
				t.Errorf("%q: got %v, want -c and --tool among them", tt.line, got)
			}
			continue
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q: got %v, want %v", tt.line, got, tt.want)
		}
	}
}

func TestFishCompletion(t *testing.T) {
	t.Parallel()
	fish, err := osexec.LookPath("fish")
	if err != nil {
		t.Skip("fish is not installed")
	}
	script := writeScript(t, "fish")
	for line, want := range map[string]string{
		"mewsandbox ch":                    "check",
		"mewsandbox run --ro":              "--root",
		"mewsandbox run --mode pl":         "plan",
		"mewsandbox hook cl":               "claude-code",
		"mewsandbox hook claude-code --sa": "--sandbox",
		"mewsandbox completion z":          "zsh",
		"mewsandbox check -":               "-c",
	} {
		out, err := osexec.Command(fish, "--no-config", "-c", "source "+fishQuote(script)+"; complete -C "+fishQuote(line)).CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v: %s", line, err, out)
		}
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			got = append(got, strings.SplitN(l, "\t", 2)[0])
		}
		if !slices.Contains(got, want) {
			t.Errorf("%q: got %v, want %s among them", line, got, want)
		}
	}
}

func TestZshCompletionParses(t *testing.T) {
	t.Parallel()
	zsh, err := osexec.LookPath("zsh")
	if err != nil {
		t.Skip("zsh is not installed")
	}
	script := writeScript(t, "zsh")
	if out, err := osexec.Command(zsh, "-n", script).CombinedOutput(); err != nil {
		t.Fatalf("zsh -n: %v: %s", err, out)
	}
	// Loading it defines the function and registers it with compdef.
	prog := "autoload -Uz compinit && compinit -u -d " + shellQuote(filepath.Join(t.TempDir(), "zcompdump")) +
		" && source " + shellQuote(script) + " && print -r -- ${_comps[mewsandbox]}"
	out, err := osexec.Command(zsh, "-f", "-c", prog).CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "_mewsandbox" {
		t.Fatalf("zsh: %v: %q, want _mewsandbox registered", err, out)
	}
}
