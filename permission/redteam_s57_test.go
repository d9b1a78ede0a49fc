package permission

import "testing"

// TestAcceptEditsOnlyInWorkDirsS57: acceptEdits allowed Write and Edit
// anywhere no protected path was: Write /tmp/elsewhere/x.txt, or a file
// of another project of the user's, passed as "acceptEdits mode". Claude
// Code's acceptEdits accepts edits inside its working directories only,
// the project and the additional directories the settings add; outside
// them it asks, as default mode does. bypassPermissions is unchanged.
func TestAcceptEditsOnlyInWorkDirsS57(t *testing.T) {
	t.Parallel()
	A, Y, D := ModeAcceptEdits, ModeBypassPermissions, ModeDefault
	w := func(p string) Call { return Call{Tool: "Write", Path: p} }
	checkToolDecisions(t, []toolRow{
		{"S57 acceptEdits Write /tmp/elsewhere", A, nil, w("/tmp/elsewhere/x.txt"), Ask},
		{"S57 acceptEdits Edit another project", A, nil, Call{Tool: "Edit", Path: "/home/u/other/main.go"}, Ask},
		{"S57 acceptEdits Write ../sibling", A, nil, w("../sibling/x"), Ask},
		{"S57 acceptEdits NotebookEdit outside", A, nil, Call{Tool: "NotebookEdit", Path: "/srv/n.ipynb"}, Ask},
		{"S57 acceptEdits Write ~/notes.txt", A, nil, w("~/notes.txt"), Ask},
		{"S57 neighbour: acceptEdits Write in the project", A, nil, w("src/new.go"), Allow},
		{"S57 neighbour: acceptEdits Edit the root's file", A, nil, Call{Tool: "Edit", Path: "/home/u/proj/main.go"}, Allow},
		{"S57 neighbour: an allow rule outside", A, []string{"allow:Write(//tmp/elsewhere/**)"}, w("/tmp/elsewhere/x.txt"), Allow},
		{"S57 neighbour: bypassPermissions outside", Y, nil, w("/tmp/elsewhere/x.txt"), Allow},
		{"S57 neighbour: default outside", D, nil, w("/tmp/elsewhere/x.txt"), Ask},
	})
	e := engine(t, A)
	e.AdditionalDirs = []string{"/home/u/lib"}
	for _, tt := range []struct {
		p    string
		want Decision
	}{
		{"/home/u/lib/x.go", Allow},
		{"/home/u/lib", Allow},
		{"/home/u/library/x.go", Ask},
		{"/home/u/lib/.git/hooks/pre-commit", Ask},
		{"/tmp/x", Ask},
	} {
		if got := e.Check(w(tt.p)); got.Decision != tt.want {
			t.Errorf("acceptEdits with additional dir /home/u/lib: Write %s: %v (%s), want %v", tt.p, got.Decision, got.Reason, tt.want)
		}
	}
}

// TestPackageManagerConfigsProtectedS57: the user's configuration of pip,
// conda, gem, bundler and uv chooses where code is fetched from (an
// index, a channel, a source) or what runs at a build: written, the next
// pip install takes its packages from the writer's index. They are
// protected as ~/.yarnrc and ~/.gradle/init.d were.
func TestPackageManagerConfigsProtectedS57(t *testing.T) {
	t.Parallel()
	Y, A := ModeBypassPermissions, ModeAcceptEdits
	w := func(p string) Call { return Call{Tool: "Write", Path: p} }
	all := []string{"allow:Write(~/**)", "allow:Edit(~/**)"}
	rows := []toolRow{}
	for _, p := range []string{
		"~/.pip/pip.conf", "~/.config/pip/pip.conf", "~/.condarc", "~/.config/conda/.condarc", "~/.conda/.condarc",
		"~/.gemrc", "~/.bundle/config", "~/.config/uv/uv.toml",
		// Already protected: the neighbours.
		"~/.pypirc", "~/.m2/settings.xml", "~/.gradle/init.d/x.gradle", "~/.gradle/gradle.properties", "~/.yarnrc", "~/.yarnrc.yml",
	} {
		rows = append(rows, toolRow{"S57 bypassPermissions Write " + p, Y, nil, w(p), Ask})
		rows = append(rows, toolRow{"S57 allow rule Write " + p, A, all, w(p), Ask})
	}
	rows = append(rows,
		toolRow{"S57 neighbour: echo > ~/.condarc asks", A, nil, bash("echo x > ~/.condarc"), Ask},
		toolRow{"S57 neighbour: a project's own pip.conf", A, nil, w("pip.conf"), Allow},
		toolRow{"S57 neighbour: a project's .bundle/config", A, nil, w(".bundle/config"), Allow},
		toolRow{"S57 neighbour: ~/.config/uv/other", Y, nil, w("~/notes/uv.toml"), Allow},
	)
	checkToolDecisions(t, rows)
}
