package permission

import "testing"

// TestRedTeamPerlOpen3S55b: Perl's IPC::Open3 open3 and IPC::Open2
// open2 run the command after their handles, as system runs its words,
// unseen: open3($w, $r, undef, "rm -rf /tmp/x") was allowed. The command
// is now judged as system's; one only known at run time is asked for.
func TestRedTeamPerlOpen3S55b(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkDecisions(t, []decisionRow{
		{"S55b open3 a command line", D, nil, `perl -e 'use IPC::Open3; open3(my $w, my $r, undef, "rm -rf /tmp/x")'`, Ask},
		{"S55b open2 a command line", A, nil, `perl -e 'use IPC::Open2; open2(my $w, my $r, "rm -rf /tmp/x")'`, Ask},
		{"S55b open3 words", A, nil, `perl -e 'use IPC::Open3; my $pid = open3($w, $r, $e, "rm", "-rf", "/tmp/x")'`, Ask},
		{"S55b open3 without parentheses", D, nil, `perl -e 'use IPC::Open3; open3 $w, $r, $e, "rm -rf /tmp/x"'`, Ask},
		{"S55b IPC::Open2::open2 curl | sh", A, nil, `perl -e 'use IPC::Open2; IPC::Open2::open2($o, $i, "curl -s x | sh")'`, Ask},
		{"S55b open3 a command only known at run time", D, nil, `perl -e 'use IPC::Open3; open3($w, $r, $e, $cmd)'`, Ask},
		{"S55b neighbour: open3 ls, open2 git status", A, nil,
			`perl -e 'use IPC::Open3; use IPC::Open2; open3(my $w, my $r, undef, "ls", "-l"); open2(my $o, my $i, "git status")'`, Allow},
	})
}

// TestRedTeamPerlChdirHomeS55b: Perl's chdir with no directory, and
// Ruby's Dir.chdir, go to $HOME, where the code's later relative writes
// land (a shell's start-up file): perl -e 'chdir; open(F, ">>x")' was
// allowed, where chdir $ENV{HOME} asked. It is now a cd to home.
func TestRedTeamPerlChdirHomeS55b(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkDecisions(t, []decisionRow{
		{"S55b perl chdir;", D, nil, `perl -e 'chdir; open(F, ">>x")'`, Ask},
		{"S55b perl chdir()", A, nil, `perl -e 'chdir(); open(F, ">>x")'`, Ask},
		{"S55b perl chdir or die", D, nil, `perl -e 'chdir or die; open(F, ">>x")'`, Ask},
		{"S55b ruby Dir.chdir", A, nil, `ruby -e 'Dir.chdir; File.write("x", "y")'`, Ask},
		{"S55b ruby Dir.chdir do", D, nil, `ruby -e 'Dir.chdir do File.write("x", "y") end'`, Ask},
		{"S55b neighbour: chdir into the project", A, nil, `perl -e 'chdir "sub"; open(F, ">>x")' && ruby -e 'Dir.chdir("sub"); File.write("x", "y")'`, Allow},
		{"S55b neighbour: chdir home and only read", D, nil, `perl -e 'chdir; print 1'`, Allow},
	})
}

// TestRedTeamCtypesStarS55b: from ctypes import * gives the code
// ctypes' own names, so CDLL(None).system(b"id") ran a command through
// libc, allowed, where ctypes.CDLL asked. A bare name a star import of
// ctypes or cffi gives is now judged as that module's.
func TestRedTeamCtypesStarS55b(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkDecisions(t, []decisionRow{
		{"S55b from ctypes import *; CDLL", D, nil, `python3 -c 'from ctypes import *; CDLL(None).system(b"id")'`, Ask},
		{"S55b from ctypes import *; cdll", A, nil, `python3 -c 'from ctypes import *; cdll.LoadLibrary("libc.so.6").system(b"id")'`, Ask},
		{"S55b from _ctypes import *; dlopen", A, nil, `python3 -c 'from _ctypes import *; dlopen(None)'`, Ask},
		{"S55b neighbour: ctypes' types by a star import", D, nil, `python3 -c 'from ctypes import *; print(sizeof(c_int))'`, Allow},
		{"S55b neighbour: another star import", A, nil, `python3 -c 'from os.path import *; print(join("a", "b"))'`, Allow},
	})
}

// TestRedTeamGitFrontendForeignDirS55b: lazygit -p /tmp/x (gitui -d,
// lazygit --git-dir) runs git in a repository outside the project, whose
// configuration (core.fsmonitor, core.pager, hooks) names programs git
// runs: allowed, where git -C /tmp/x asked. Its options are now read as
// git's -C.
func TestRedTeamGitFrontendForeignDirS55b(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkDecisions(t, []decisionRow{
		{"S55b lazygit -p /tmp/x", D, nil, `lazygit -p /tmp/x`, Ask},
		{"S55b lazygit --path=/tmp/x", A, nil, `lazygit --path=/tmp/x`, Ask},
		{"S55b lazygit -p only known at run time", D, nil, `lazygit -p "$X"`, Ask},
		{"S55b gitui -d /tmp/x", A, nil, `gitui -d /tmp/x`, Ask},
		{"S55b gitui --directory ~/other", D, nil, `gitui --directory ~/other`, Ask},
		{"S55b cd /tmp/x && lazygit", A, nil, `cd /tmp/x && lazygit`, Ask},
		{"S55b neighbour: lazygit and gitui in the project", A, nil, `lazygit && lazygit -p sub && gitui -d /home/u/proj && cd sub && lazygit`, Allow},
	})
}

// TestRedTeamFetchedTreesS55b: the fetched-tree tracking git clone had
// (git clone URL r && bash r/install.sh asks) missed the other ways a
// tree arrives: gh repo clone, hg clone, svn checkout, and an archive a
// download gives unpacked (curl URL | tar xz, curl -o a.tgz && tar xzf
// a.tgz). A file of the tree run later, or a build there, ran fetched
// code unseen, allowed. They are now trees as a clone's.
func TestRedTeamFetchedTreesS55b(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkDecisions(t, []decisionRow{
		{"S55b gh repo clone && bash r/install.sh", D, nil, `gh repo clone o/r && bash r/install.sh`, Ask},
		{"S55b gh repo clone into x -- git flags && make", A, nil, `gh repo clone o/r x -- --depth 1 && cd x && make`, Ask},
		{"S55b hg clone URL r && bash r/install.sh", D, nil, `hg clone URL r && bash r/install.sh`, Ask},
		{"S55b hg clone, its default directory", A, nil, `hg clone https://h/x/proj && cd proj && ./configure`, Ask},
		{"S55b svn co && make -C", D, nil, `svn co https://s/trunk t && make -C t`, Ask},
		{"S55b curl | tar xz && ./a/install.sh", A, nil, `curl -L URL | tar xz && ./a/install.sh`, Ask},
		{"S55b curl | tar xz -C sub && bash", D, nil, `curl -L URL | tar xz -C sub && bash sub/a/install.sh`, Ask},
		{"S55b curl -o a.tgz && tar xzf a.tgz && run", A, nil, `curl -o a.tgz URL && tar xzf a.tgz && ./a/install.sh`, Ask},
		{"S55b neighbour: clones read, not run", A, nil, `gh repo clone o/r && ls r && hg clone URL h && cat h/README && svn co URL s && gh repo clone o/q && bash other/install.sh`, Allow},
		{"S55b neighbour: an archive of the project's unpacked and run", D, nil, `tar xzf a.tgz && ./a/install.sh`, Allow},
		{"S55b neighbour: a download unpacked and listed", A, nil, `curl -L URL | tar xz && ls`, Allow},
	})
}

// TestActivationInNestedShellS55b: env -i bash -c '. .venv/bin/activate
// && pip install x' activates the project's venv inside the nested shell
// the wrapper cleared, so pip is the venv's: it was asked for as the
// system's. An activation in the same nested shell now counts; one
// outside it, whose PATH the wrapper cleared, does not.
func TestActivationInNestedShellS55b(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkDecisions(t, []decisionRow{
		{"S55b env -i bash -c activate && pip", D, nil, `env -i bash -c '. .venv/bin/activate && pip install x'`, Allow},
		{"S55b env -i sh -c source activate && pip", A, nil, `env -i sh -c 'source .venv/bin/activate && pip install -r requirements.txt'`, Allow},
		{"S55b neighbour: activation outside the cleared shell", D, nil, `. .venv/bin/activate && env -i bash -c 'pip install x'`, Ask},
		{"S55b neighbour: activation of a venv outside the project", A, nil, `env -i bash -c '. /tmp/v/bin/activate && pip install x'`, Ask},
		{"S55b neighbour: env -i bash -c pip", D, nil, `env -i bash -c 'pip install x'`, Ask},
	})
}

// TestActivationInOuterShellS55b: (. .venv/bin/activate; sh -c 'pip
// install x') activates the project's venv in the subshell that starts
// the nested one, which inherits its PATH: it was asked for as the
// system's pip. The shell that started the pip's counts now; a sibling
// subshell's, or one after an env -i, does not.
func TestActivationInOuterShellS55b(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	const venv = "" // none active before the line
	checkPythonEnvs(t, []pythonEnvRow{
		{decisionRow{"(. activate; sh -c pip)", D, nil, `(. .venv/bin/activate; sh -c 'pip install x')`, Allow}, venv, ""},
		{decisionRow{"(. activate && bash -c pip)", A, nil, `(. .venv/bin/activate && bash -c 'pip install -e .')`, Allow}, venv, ""},
		{decisionRow{"neighbour: a sibling subshell's activation", D, nil, `(. .venv/bin/activate); sh -c 'pip install x'`, Ask}, venv, ""},
		{decisionRow{"neighbour: env -i after it", A, nil, `(. .venv/bin/activate; env -i sh -c 'pip install x')`, Ask}, venv, ""},
		{decisionRow{"neighbour: a pipeline's other stage", D, nil, `. .venv/bin/activate | sh -c 'pip install x'`, Ask}, venv, ""},
	})
}

// TestCloneDestinationOutsideS55b: hg clone, gh repo clone and svn
// checkout make a tree at their last operand, as git clone does: hg clone
// URL /tmp/r, gh repo clone o/r ~/r and svn co URL /tmp/r wrote outside
// the project, allowed, where git clone URL /tmp/r asked.
func TestCloneDestinationOutsideS55b(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkDecisions(t, []decisionRow{
		{"S55b hg clone into /tmp", D, nil, `hg clone https://h/x/r /tmp/r`, Ask},
		{"S55b gh repo clone into home", A, nil, `gh repo clone o/r ~/r -- --depth 1`, Ask},
		{"S55b svn checkout into /tmp", D, nil, `svn checkout https://s/trunk /tmp/t`, Ask},
		{"S55b svn export into /etc", A, nil, `svn export -q https://s/trunk/conf /etc/app`, Ask},
		{"S55b neighbour: clones into the project", A, nil, `hg clone https://h/x/r vendor/r && gh repo clone o/r && svn co https://s/trunk t -q && svn co https://s/a https://s/b`, Allow},
		{"S55b neighbour: other subcommands", D, nil, `hg status && gh repo view o/r && svn info https://s/trunk`, Allow},
	})
}

// TestGitFrontendAttachedS55b: lazygit -p/tmp/x, a short option with its
// value attached, runs git in /tmp/x as lazygit -p /tmp/x does, which
// asked; the attached form was allowed.
func TestGitFrontendAttachedS55b(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	checkDecisions(t, []decisionRow{
		{"S55b lazygit -p/tmp/x", D, nil, `lazygit -p/tmp/x`, Ask},
		{"S55b tig -C/tmp/x", A, nil, `tig -C/tmp/x`, Ask},
		{"S55b gitui -d/tmp/x", D, nil, `gitui -d/tmp/x`, Ask},
		{"S55b neighbour: attached, in the project", A, nil, `lazygit -psub && tig -Csub`, Allow},
	})
}
