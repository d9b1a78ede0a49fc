package permission

import (
	"os"
	"strings"
	"testing"
)

// everydayRows returns a row for each command of the corpus file, which
// wants Allow in default mode; a ␤ in a line stands for a newline.
func everydayRows(t *testing.T, file string) []decisionRow {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rows []decisionRow
	for _, line := range strings.Split(string(data), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			rows = append(rows, decisionRow{"everyday " + shorten(line), ModeDefault, nil, strings.ReplaceAll(line, "␤", "\n"), Allow})
		}
	}
	return rows
}

// TestInlineEverydayAllowed checks that everyday inline code
// (testdata/inline_everyday.txt: version checks, JSON and CSV munging,
// text edits of project files, regex-heavy one-liners, here-documents)
// is allowed in default mode: the reader of inline code must not misread
// strings, regex literals or comments as commands. testEnv: project
// /home/u/proj, home /home/u.
func TestInlineEverydayAllowed(t *testing.T) {
	t.Parallel()
	rows := everydayRows(t, "testdata/inline_everyday.txt")
	if len(rows) < 120 {
		t.Fatalf("%d everyday commands, want at least 120", len(rows))
	}
	checkDecisions(t, rows)
}

// TestInlineEverydayAsks lists everyday inline code that asks for a
// reason: what it does would ask written as a shell command.
func TestInlineEverydayAsks(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	checkDecisions(t, []decisionRow{
		// A recursive delete in the project asks as rm -rf build does.
		{"shutil.rmtree of build", D, nil, `python3 -c 'import shutil; shutil.rmtree("build", ignore_errors=True)'`, Ask},
		{"fs.rmSync recursive of dist", D, nil, `node -e 'require("fs").rmSync("dist", {recursive: true, force: true})'`, Ask},
		{"FileUtils.rm_rf of tmp", D, nil, `ruby -e 'require "fileutils"; FileUtils.rm_rf("tmp")'`, Ask},
		// A write to a file outside the project asks as tee of it does.
		{"a write to ~/.gitconfig", D, nil, `python3 -c "import os; open(os.path.expanduser('~/.gitconfig'), 'a').write('[user]\n')"`, Ask},
		{"perl -pi of a file outside the project", D, nil, `perl -pi -e 's/a/b/' /etc/hosts`, Ask},
		// A delete of a project file asks as rm out.txt does.
		{"os.remove of a project file", D, nil, `python3 -c 'import os; os.remove("out.txt")'`, Ask},
		{"Path.unlink of a project file", D, nil, `python3 -c 'from pathlib import Path; Path("out.txt").unlink(missing_ok=True)'`, Ask},
		{"fs.unlinkSync of a project file", D, nil, `node -e 'require("fs").unlinkSync("out.txt")'`, Ask},
		// A write to /tmp asks as tee /tmp/x.json does.
		{"a write to /tmp", D, nil, `python3 -c 'open("/tmp/x.json","w").write("{}")'`, Ask},
		// After a require of a module only known at run time, its
		// exec may be child_process's.
		{"exec of a module only known at run time", D, nil, `node -e 'const db = require(process.env.DB_MODULE || "./db"); db.exec("select 1")'`, Ask},
		// A command in a variable is only known at run time.
		{"subprocess.run of a parameter", D, nil, "python3 - <<'EOF'\nimport subprocess\ndef run(cmd):\n    return subprocess.run(cmd, check=True).stdout\nprint(run([\"git\", \"status\"]))\nEOF", Ask},
	})
}

// BenchmarkInlineEveryday checks every command of the everyday corpus
// once per iteration: the cost of reading inline code as Claude Code's
// calls give it.
func BenchmarkInlineEveryday(b *testing.B) {
	data, err := os.ReadFile("testdata/inline_everyday.txt")
	if err != nil {
		b.Fatal(err)
	}
	var calls []Call
	for _, line := range strings.Split(string(data), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			calls = append(calls, bash(strings.ReplaceAll(line, "␤", "\n")))
		}
	}
	e := engine(b, ModeDefault)
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range calls {
			e.Check(c)
		}
	}
}
