package permission

import (
	"slices"
	"testing"
)

// TestEnvSplitStringRev3: env -S splits its string as coreutils' env does,
// not as the shell would: \_ separates words, so env -S 'rm\_-rf\_/home'
// ran rm -rf /home while the shell's reading (rm_-rf_/home) was allowed;
// the words after the string are whole arguments, so env -S 'sh -c' 'git
// push --force' ran sh -c 'git push --force' while their joining (sh -c
// git push --force) was allowed.
func TestEnvSplitStringRev3(t *testing.T) {
	t.Parallel()
	D := ModeDefault
	checkDecisions(t, []decisionRow{
		{"\\_ separates", D, nil, `env -S 'rm\_-rf\_/home'`, Deny},
		{"\\_ before an option", D, nil, `env -S 'git\_push\_--force'`, Ask},
		{"the words after the string are whole", D, nil, `env -S 'sh -c' 'git push --force'`, Ask},
		{"--split-string, words after it", D, nil, `env --split-string='bash -c' 'git push --force origin main'`, Ask},
		{"${NAME} is only known at run time", D, nil, `env -S '${X} -rf /home'`, Ask},
		{"neighbour: env -S of a harmless command", D, nil, `env -S 'echo\_hello world' again`, Allow},
		{"neighbour: \\c ends the string", D, nil, `env -S 'echo x \c; rm -rf /home'`, Allow},
		{"neighbour: -S with an assignment", D, nil, `env -S 'LC_ALL=C ls\_-la' src`, Allow},
	})
	for s, want := range map[string][]string{
		`a b  c`: {"a", "b", "c"}, `'a b' "c\_d"`: {"a b", "c d"}, `x\_y\c z`: {"x", "y"}, `a #b`: {"a"}, `a#b`: {"a#b"},
		`'a\'b' 'c\nd'`: {"a'b", `c\nd`}, `"a\tb"`: {"a\tb"}, `'' x`: {"", "x"}, `a\#b\$c`: {"a#b$c"},
	} {
		if got, ok := envSplitString(s); !ok || !slices.Equal(got, want) {
			t.Errorf("envSplitString(%q) = %q, %v; want %q", s, got, ok, want)
		}
	}
	for _, s := range []string{`${X}`, `$X`, `a\q`, `"a\c"`, `'a`, `a\`} {
		if got, ok := envSplitString(s); ok {
			t.Errorf("envSplitString(%q) = %q, want refused", s, got)
		}
	}
}

// TestEnvClearedWrappersRev3: env is not the only wrapper that starts a
// command without the variables that made the active environment one in
// the project: bash's exec -c clears them (conda then changes its base
// environment; pip is still looked up in the shell's PATH), setpriv
// --reset-env clears them and resets PATH, bwrap --clearenv and
// --unsetenv NAME too.
func TestEnvClearedWrappersRev3(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	const venv, conda = "/home/u/proj/.venv", "/home/u/proj/.conda"
	checkPythonEnvs(t, []pythonEnvRow{
		{decisionRow{"exec -c conda", D, nil, `exec -c conda install numpy`, Ask}, "", conda},
		{decisionRow{"exec -lc mamba", A, nil, `exec -lc mamba install numpy`, Ask}, "", conda},
		{decisionRow{"setpriv --reset-env conda", D, nil, `setpriv --reset-env conda install numpy`, Ask}, "", conda},
		{decisionRow{"setpriv --reset-env pip", A, nil, `setpriv --reset-env pip install x`, Ask}, venv, ""},
		{decisionRow{"bwrap --clearenv conda", D, nil, `bwrap --clearenv --bind / / conda install numpy`, Ask}, "", conda},
		{decisionRow{"bwrap --unsetenv CONDA_PREFIX", D, nil, `bwrap --unsetenv CONDA_PREFIX --bind / / conda install numpy`, Ask}, "", conda},
		{decisionRow{"bwrap --setenv CONDA_PREFIX", D, nil, `bwrap --setenv CONDA_PREFIX /opt/conda --bind / / conda install numpy`, Ask}, "", conda},
		{decisionRow{"bwrap --setenv PATH", A, nil, `bwrap --setenv PATH /tmp/x --bind / / pip install x`, Ask}, venv, ""},
		{decisionRow{"firejail --rmenv, --env", D, nil, `firejail --rmenv=CONDA_PREFIX conda install x || firejail --env=CONDA_PREFIX=/x conda install y`, Ask}, "", conda},
		{decisionRow{"neighbour: bwrap --setenv, firejail --env of another variable", D, nil, `bwrap --setenv HOME /tmp --bind / / conda install x && firejail --env=LANG=C pip install y`, Allow}, venv, conda},
		{decisionRow{"env -S's \\_ before -i", A, nil, `env -S '-i\_conda install numpy'`, Ask}, "", conda},
		{decisionRow{"neighbour: exec -c pip finds the venv's pip", D, nil, `exec -c pip install x`, Allow}, venv, ""},
		{decisionRow{"neighbour: exec -a NAME, exec -l", D, nil, `exec -a c conda install x`, Allow}, "", conda},
		{decisionRow{"neighbour: exec -l", D, nil, `exec -l conda install x`, Allow}, "", conda},
		{decisionRow{"neighbour: bwrap --unsetenv of another variable", D, nil, `bwrap --unsetenv HOME --bind / / conda install x`, Allow}, "", conda},
		{decisionRow{"neighbour: env with an assignment in a venv", A, nil, `env FOO=1 pip install -r requirements.txt`, Allow}, venv, ""},
		{decisionRow{"neighbour: env -S with an assignment in a venv", A, nil, `env -S 'FOO=1 pip\_install x'`, Allow}, venv, ""},
	})
}

// TestCondaRunPipRev3: conda run (mamba, micromamba run) was taken for a
// launcher that picks the project's environment, as uv run is, so pip
// install behind it passed wherever it ran: conda run -n base pip install
// x changed conda's base environment, and env -i conda run pip install x
// too, allowed. Its environment is judged as conda install's is.
func TestCondaRunPipRev3(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	const conda = "/home/u/proj/.conda"
	checkPythonEnvs(t, []pythonEnvRow{
		{decisionRow{"-n base", D, nil, `conda run -n base pip install x`, Ask}, "", conda},
		{decisionRow{"--name=, -nNAME", A, nil, `conda run --name=base pip install x || mamba run -nbase pip install y`, Ask}, "", conda},
		{decisionRow{"-p outside", D, nil, `conda run -p /opt/conda python3 -m pip install x`, Ask}, "", conda},
		{decisionRow{"none active", A, nil, `conda run pip install x`, Ask}, "", ""},
		{decisionRow{"env -i", D, nil, `env -i conda run pip install x`, Ask}, "", conda},
		{decisionRow{"micromamba -r ROOT -n NAME", D, nil, `micromamba run -r /r -n foo pip install x`, Ask}, "", conda},
		{decisionRow{"a name only known at run time", D, nil, `conda run -n "$E" pip install x`, Ask}, "", conda},
		{decisionRow{"neighbour: the active one, in the project", A, nil, `conda run pip install x`, Allow}, "", conda},
		{decisionRow{"neighbour: -p in the project", D, nil, `conda run -p .conda pip install x && conda run --prefix=/home/u/proj/.conda pip install y`, Allow}, "", ""},
		{decisionRow{"neighbour: --cwd", D, nil, `conda run -v --cwd sub pip install x`, Allow}, "", conda},
		{decisionRow{"neighbour: another program", D, nil, `conda run -n base pytest`, Allow}, "", conda},
		{decisionRow{"neighbour: uv run", D, nil, `uv run pip install x`, Allow}, "", ""},
	})
}

// TestEnvClearedNestedShellRev3: a wrapper that clears the environment in
// front of a nested shell clears it for the commands of that shell too:
// env -i bash -c 'pip install x' runs the system's pip (bash sets its
// default PATH), env -u CONDA_PREFIX sh -c 'conda install x' changes
// conda's base environment; both were allowed.
func TestEnvClearedNestedShellRev3(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	const venv, conda = "/home/u/proj/.venv", "/home/u/proj/.conda"
	checkPythonEnvs(t, []pythonEnvRow{
		{decisionRow{"env -i bash -c pip", D, nil, `env -i bash -c 'pip install x'`, Ask}, venv, ""},
		{decisionRow{"exec -c bash -c pip", A, nil, `exec -c bash -c 'pip install x'`, Ask}, venv, ""},
		{decisionRow{"env -u CONDA_PREFIX sh -c conda", D, nil, `env -u CONDA_PREFIX sh -c 'conda install x'`, Ask}, "", conda},
		{decisionRow{"two shells deep", D, nil, `env -i bash -c 'ls; bash -c "conda run pip install y"'`, Ask}, "", conda},
		{decisionRow{"neighbour: env -u of another variable", D, nil, `env -u HOME bash -c 'pip install x && conda install y'`, Allow}, venv, conda},
		{decisionRow{"neighbour: env -S bash -c", D, nil, `env -S 'bash -c' 'pip install x'`, Allow}, venv, ""},
		{decisionRow{"neighbour: after the nested shell", A, nil, `env -i bash -c 'echo hi'; pip install x`, Allow}, venv, ""},
	})
}
