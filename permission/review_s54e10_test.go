package permission

import "testing"

// TestReviewPerlOpenS54: Perl's open was read only when its arguments
// were in parentheses and fully known: open F, ">>/tmp/../etc/x" (a
// bareword handle, no parentheses), open F, ">", "/etc/x" and open my $f,
// ">", $p wrote outside the project, allowed; so did the two-argument
// form with a path the shell fills in (perl -e "open(F, '>$X/x')"),
// which the three-argument form asked for. The mode of a two-argument
// open is now read where it is written (at the start, or a pipe's at the
// end) even when the rest is only known at run time, and open takes a
// handle without parentheses. A path the code computes itself (a Perl
// variable) stays the kernel's to hold, as in the three-argument form.
func TestReviewPerlOpenS54(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkDecisions(t, []decisionRow{
		{"S54 P open F, >>/tmp/../etc/x", D, nil, `perl -e 'open F, ">>/tmp/../etc/x"'`, Ask},
		{"S54 P open F, >/etc/x, acceptEdits", A, nil, `perl -e 'open F, ">/etc/x" or die; print F 1'`, Ask},
		{"S54 P open F, three arguments, no parentheses", D, nil, `perl -e 'open F, ">", "/etc/x"'`, Ask},
		{"S54 P open my $f, three arguments, no parentheses", A, nil, `perl -e 'open my $f, ">>", "/etc/x"'`, Ask},
		{"S54 P open a hook, no parentheses", ModeBypassPermissions, nil, `perl -e 'open FH, ">.git/hooks/pre-commit"'`, Ask},
		{"S54 P open no parentheses, dontAsk", ModeDontAsk, nil, `perl -e 'open F, "+</etc/passwd"'`, Deny},
		{"S54 P two-argument open of a path the shell fills in", D, nil, `perl -e "open(F, '>$X/x')"`, Ask},
		{"S54 P two-argument open, joined, acceptEdits", A, nil, `perl -e "open(F, '>>' . '$X/x')"`, Ask},
		{"S54 P two-argument open, no parentheses, shell-filled", D, nil, `perl -e "open F, '>$X/x'"`, Ask},
		{"S54 P two-argument pipe open of a command the shell fills in", A, nil, `perl -e "open(F, 'rm -rf $X|')"`, Ask},
		{"S54 P neighbour: perl -ne, perl -pi in the project", D, nil, `perl -ne 'print if /x/' file && perl -pi -e s/a/b/ file`, Allow},
		{"S54 P neighbour: open without parentheses, in the project or to read", A, nil,
			`perl -e 'open F, ">out.txt" or die; print F 1' && perl -e 'open F, "<", "/etc/hosts"; print <F>' && perl -e 'open my $f, "in.txt"'`, Allow},
		{"S54 P neighbour: a path the code computes, and a read the shell fills in", D, nil,
			`perl -e 'open(F, ">$dir/x")' && perl -e "open(F, '<$X/x')" && perl -e "open(F, '$X/x')"`, Allow},
	})
}

// pythonEnvRow is a decisionRow run with VIRTUAL_ENV and CONDA_PREFIX as
// given (Engine.VirtualEnv, CondaPrefix), and diskLinks on disk.
type pythonEnvRow struct {
	decisionRow
	venv, conda string
}

func checkPythonEnvs(t *testing.T, rows []pythonEnvRow) {
	t.Helper()
	for _, tt := range rows {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := engine(t, tt.mode, tt.rules...)
			e.VirtualEnv, e.CondaPrefix, e.Follow = tt.venv, tt.conda, followDisk
			if res := e.Check(bash(tt.cmd)); res.Decision != tt.want {
				t.Errorf("%q in %s with VIRTUAL_ENV=%q CONDA_PREFIX=%q: %v (%s), want %v", tt.cmd, tt.mode, tt.venv, tt.conda, res.Decision, res.Reason, tt.want)
			}
		})
	}
}

// TestReviewVenvActivateS54: sourcing any file named activate (.
// ./activate, source x/activate, source activate, which bash looks for
// on PATH) counted as entering a virtual environment in the project, so
// a pip install after it passed, though the file may be any script and
// pip the system's. Only DIR/bin/activate, written out, in the project
// where its links on disk lead too, is now taken for a venv there (the
// engine reads no file: the place is the evidence, as for .venv/bin/pip
// run by its path, which is now held to its links too); an activation
// in a subshell of its own ((source …), a pipeline's stage, the
// background, a substitution, bash -c) no longer holds for the commands
// after it, nor one in a function's body for those outside it. eval and
// a subshell that activates for itself keep their answer.
func TestReviewVenvActivateS54(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	const in = "/home/u/proj/.venv"
	checkPythonEnvs(t, []pythonEnvRow{
		{decisionRow{"S54 V . ./activate, then pip install", D, nil, `. ./activate && pip install evil`, Ask}, "", ""},
		{decisionRow{"S54 V source x/activate, acceptEdits", A, nil, `source x/activate; pip install evil`, Ask}, "", ""},
		{decisionRow{"S54 V source activate, found on PATH", D, nil, `source activate myenv && pip install evil`, Ask}, "", ""},
		{decisionRow{"S54 V a planted activate, dontAsk", ModeDontAsk, nil, `. tools/activate && pip3 install evil`, Deny}, "", ""},
		{decisionRow{"S54 V an activate below a link to outside", D, nil, `. out/bin/activate && pip install x`, Ask}, "", ""},
		{decisionRow{"S54 V a pip below a link to outside, by its path", A, nil, `out/bin/pip install x`, Ask}, in, ""},
		{decisionRow{"S54 V (source .venv/bin/activate); pip install", D, nil, `(source .venv/bin/activate); pip install X`, Ask}, "", ""},
		{decisionRow{"S54 V bash -c activates for itself only", A, nil, `bash -c '. .venv/bin/activate'; pip install X`, Ask}, "", ""},
		{decisionRow{"S54 V an activation in a pipeline", D, nil, `. .venv/bin/activate | cat; pip install X`, Ask}, "", ""},
		{decisionRow{"S54 V an activation in the background", A, nil, `. .venv/bin/activate & pip install X`, Ask}, "", ""},
		{decisionRow{"S54 V an activation in a substitution", D, nil, `echo $(. .venv/bin/activate) && pip install X`, Ask}, "", ""},
		{decisionRow{"S54 V an activation in a function's body", D, nil, `f() { . .venv/bin/activate; }; pip install X`, Ask}, "", ""},
		{decisionRow{"S54 V a deactivate in a function's body is taken as run", A, nil, `f() { deactivate; }; f; pip install X`, Ask}, in, ""},
		{decisionRow{"S54 V neighbour: made and activated on the line", D, nil, `python3 -m venv .venv && . .venv/bin/activate && pip install -r requirements.txt`, Allow}, "", ""},
		{decisionRow{"S54 V neighbour: an activation holds in subshells after it", A, nil,
			`source .venv/bin/activate && pip install X | tee log && (cd sub && pip install -e .) && echo $(pip install y)`, Allow}, "", ""},
		{decisionRow{"S54 V neighbour: a subshell or nested shell that activates for itself", D, nil,
			`(source .venv/bin/activate && pip install X); bash -c '. venv/bin/activate && pip install y'`, Allow}, "", ""},
		{decisionRow{"S54 V neighbour: eval runs in the line's shell, a function activates for itself", A, nil,
			`eval '. .venv/bin/activate'; pip install X; f() { . .venv/bin/activate; pip install y; }; f`, Allow}, "", ""},
		{decisionRow{"S54 V neighbour: another venv in the project, and the project as a venv", D, nil,
			`. ./bin/activate && pip install z; . tools/env/bin/activate && pip install x && cd sub && source ../.venv/bin/activate && pip install y`, Allow}, "", ""},
		{decisionRow{"S54 V neighbour: a deactivate in a subshell leaves the venv", D, nil, `(deactivate); pip install X`, Allow}, in, ""},
	})
}

// TestReviewCondaPrefixS54: CONDA_PREFIX was not read: pip install in an
// active conda environment was judged as outside any environment (asked
// for one in the project too), and conda install, mamba install,
// micromamba install without -p or -n always asked, wherever the active
// one was. The active conda environment (Engine.CondaPrefix) is now the
// pip's when no venv is active, and conda install's: in the project it
// passes, as a venv there does; outside it, or with none active
// (conda's base environment), it asks, as a VIRTUAL_ENV outside the
// root does. conda activate and deactivate on the line, CONDA_PREFIX set
// or unset on it, -n, and a launcher leave it unknown or outside, and
// ask; conda env create and update, which make or change the
// environment their file names in conda's directory of environments,
// asked for nothing and now ask unless -p names one in the project.
func TestReviewCondaPrefixS54(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	const in, out = "/home/u/proj/.conda", "/opt/conda"
	checkPythonEnvs(t, []pythonEnvRow{
		{decisionRow{"S54 C pip install, conda outside the root", D, nil, `pip install x`, Ask}, "", out},
		{decisionRow{"S54 C conda install, conda outside the root, acceptEdits", A, nil, `conda install numpy`, Ask}, "", out},
		{decisionRow{"S54 C conda install, none active", D, nil, `mamba install numpy`, Ask}, "", ""},
		{decisionRow{"S54 C conda install, dontAsk", ModeDontAsk, nil, `micromamba install numpy`, Deny}, "", out},
		{decisionRow{"S54 C conda install -n, in-root prefix active", D, nil, `conda install -n base numpy`, Ask}, "", in},
		{decisionRow{"S54 C conda install -yn, --na, micromamba -r", A, nil, `conda install -yn base numpy || conda install --na=base x || micromamba install -r /opt/mm x`, Ask}, "", in},
		{decisionRow{"S54 C conda activate on the line", D, nil, `conda activate base && conda install numpy`, Ask}, "", in},
		{decisionRow{"S54 C conda activate on the line, then pip", A, nil, `conda activate base && pip install x`, Ask}, in, in},
		{decisionRow{"S54 C CONDA_PREFIX set for conda", D, nil, `CONDA_PREFIX=/opt/c conda install numpy`, Ask}, "", in},
		{decisionRow{"S54 C CONDA_PREFIX exported or unset earlier", A, nil, `export CONDA_PREFIX=/opt/c; conda install numpy`, Ask}, "", in},
		{decisionRow{"S54 C unset CONDA_PREFIX", D, nil, `unset CONDA_PREFIX; mamba install numpy`, Ask}, "", in},
		{decisionRow{"S54 C conda env create from a file", D, nil, `conda env create -f environment.yml`, Ask}, "", in},
		{decisionRow{"S54 C mamba env update, acceptEdits", A, nil, `mamba env update -f environment.yml`, Ask}, "", in},
		{decisionRow{"S54 C a VIRTUAL_ENV outside the root asks the same", D, nil, `pip install x`, Ask}, "/opt/venv", in},
		{decisionRow{"S54 C neighbour: pip install, conda in the root", D, nil, `pip install x && python3 -m pip install -r requirements.txt`, Allow}, "", in},
		{decisionRow{"S54 C neighbour: conda install, conda in the root", A, nil, `conda install numpy && mamba install -y x && micromamba remove x && conda update --all`, Allow}, "", in},
		{decisionRow{"S54 C neighbour: a venv in the root over conda outside", D, nil, `pip install x`, Allow}, "/home/u/proj/.venv", out},
		{decisionRow{"S54 C neighbour: -p in the project, conda activate of one there", D, nil,
			`conda install -p ./env numpy && conda env create -p ./env2 -f environment.yml && conda activate ./env && conda install x && pip install y`, Allow}, "", out},
		{decisionRow{"S54 C neighbour: conda's read-only commands", A, nil, `conda list && conda env list && conda env export > env.yml && conda info`, Allow}, "", ""},
		{decisionRow{"S54 C neighbour: bypass installs anywhere", ModeBypassPermissions, nil, `conda install numpy && pip install x`, Allow}, "", out},
	})
}

// TestEnvClearsPythonEnvs: env -i, env - and env -u start pip or conda
// without the variables that made the active environment one in the
// project: conda then changes its base environment, and pip is looked up
// in /bin and /usr/bin.
func TestEnvClearsPythonEnvs(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	const venv, conda = "/home/u/proj/.venv", "/home/u/proj/.conda"
	checkPythonEnvs(t, []pythonEnvRow{
		{decisionRow{"env -u CONDA_PREFIX conda", D, nil, `env -u CONDA_PREFIX conda install numpy`, Ask}, "", conda},
		{decisionRow{"env -i conda", A, nil, `env -i conda install numpy`, Ask}, "", conda},
		{decisionRow{"env - mamba", D, nil, `env - mamba install numpy`, Ask}, "", conda},
		{decisionRow{"env --unset=, --unset NAME", D, nil, `env --unset=CONDA_PREFIX conda install x || env --unset CONDA_DEFAULT_ENV conda install y`, Ask}, "", conda},
		{decisionRow{"env --ignore-env abbreviated, -vi", A, nil, `env --ignore-env conda install x || env -vi micromamba install y`, Ask}, "", conda},
		{decisionRow{"env -uPATH conda", D, nil, `env -uPATH conda install numpy`, Ask}, "", conda},
		{decisionRow{"env -S splitting -i", D, nil, `env -S "-i conda install numpy"`, Ask}, "", conda},
		{decisionRow{"behind another wrapper", D, nil, `nice -n 5 env -i conda install numpy`, Ask}, "", conda},
		{decisionRow{"env -u of a name only known at run time", D, nil, `env -u "$V" conda install numpy`, Ask}, "", conda},
		{decisionRow{"env -i pip", D, nil, `env -i pip install x`, Ask}, venv, ""},
		{decisionRow{"env -u PATH pip", A, nil, `env -u PATH pip3 install x`, Ask}, venv, ""},
		{decisionRow{"neighbour: env -u of another variable", D, nil, `env -u HOME conda install x && env -u LANG pip install y`, Allow}, venv, conda},
		{decisionRow{"neighbour: env with options that keep the environment", A, nil, `env -C sub conda install x && env -0 --chdir=sub FOO=1 pip install y`, Allow}, venv, conda},
		{decisionRow{"neighbour: env -i of another program", D, nil, `env -i ls`, Allow}, venv, conda},
		{decisionRow{"neighbour: the venv's pip by its path", D, nil, `env -i .venv/bin/pip install x`, Allow}, venv, ""},
	})
}
