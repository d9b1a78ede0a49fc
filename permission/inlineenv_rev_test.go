package permission

import "testing"

// TestInlineEnvEverydayRev: everyday inline code that names the
// environment without printing a value asked: the import of it (from os
// import environ, which the reader took for the whole table used bare)
// and a copy handed to a child as its environment
// (env=dict(os.environ, CC="clang")), as {**os.environ} and env=os.environ
// already passed. Printing the copy, or using the imported name whole,
// still asks.
func TestInlineEnvEverydayRev(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	checkDecisions(t, []decisionRow{
		{"from os import environ", D, nil, `python3 -c 'from os import environ'`, Allow},
		{"from os import environ, path", D, nil, `python3 -c 'from os import environ, path; print(path.sep)'`, Allow},
		{"from os import environ; environ[USER]", D, nil, `python3 -c 'from os import environ; print(environ["USER"])'`, Allow},
		{"from os import (environ)", D, nil, "python3 -c 'from os import (\n environ,\n)\nprint(environ[\"HOME\"])'", Allow},
		{"env=dict(os.environ, CC=…)", D, nil, `python3 -c 'import os, subprocess; subprocess.run(["make"], env=dict(os.environ, CC="clang"))'`, Allow},
		{"env = dict(os.environ)", D, nil, `python3 -c 'import os, subprocess; env = dict(os.environ); subprocess.run(["make"], env=env)'`, Allow},
		// Still asked.
		{"from os import environ; print(environ)", D, nil, `python3 -c 'from os import environ; print(environ)'`, Ask},
		{"from os import environ as e; print(e)", D, nil, `python3 -c 'from os import environ as e; print(e)'`, Ask},
		{"from os import environ; environ[GITHUB_TOKEN]", D, nil, `python3 -c 'from os import environ; print(environ["GITHUB_TOKEN"])'`, Ask},
		{"print(dict(os.environ))", D, nil, `python3 -c 'import os; print(dict(os.environ))'`, Ask},
		{"print(dict(os.environ, A=1))", D, nil, `python3 -c 'import os; print(dict(os.environ, A="1"))'`, Ask},
		{"x = dict(os.environ); print(x)", D, nil, `python3 -c 'import os; x = dict(os.environ); print(x)'`, Ask},
		{"dict(os.environ).items()", D, nil, `python3 -c 'import os; env = dict(os.environ).items(); print(env)'`, Ask},
	})
}

// TestInlineEnvSplatRev: print(*os.environ.values()) printed every value
// unasked: a star before the table was taken for {**os.environ}, a copy
// handed on, whatever followed it; and posix.environ, os.environ's own
// table, was not known. A star before the bare table (its names, or a
// copy) still passes.
func TestInlineEnvSplatRev(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	checkDecisions(t, []decisionRow{
		{"print(*os.environ.values())", D, nil, `python3 -c 'import os; print(*os.environ.values())'`, Ask},
		{"print(*os.environ.items())", D, nil, `python3 -c 'import os; print(*os.environ.items(), sep="\n")'`, Ask},
		{"posix.environ", D, nil, `python3 -c 'import posix; print(posix.environ)'`, Ask},
		{"posix.environ[GITHUB_TOKEN]", D, nil, `python3 -c 'import posix; print(posix.environ[b"GITHUB_TOKEN"])'`, Ask},
		// Still allowed.
		{"print(*os.environ)", D, nil, `python3 -c 'import os; print(*os.environ)'`, Allow},
		{"{**os.environ}", D, nil, `python3 -c 'import os, subprocess; subprocess.run(["make"], env={**os.environ, "CC": "clang"})'`, Allow},
		{"posix.environ[HOME]", D, nil, `python3 -c 'import posix; print(posix.environ[b"HOME"])'`, Allow},
	})
}
