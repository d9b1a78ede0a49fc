package permission

import (
	"strings"
	"testing"
	"time"
)

// TestFix69InlineThroughFilter: echo 'import shutil; shutil.rmtree("/home")'
// | cat | python3 was allowed in default mode, though without the cat it
// is denied: the program an interpreter or a shell reads was analysed
// only where the stage before it was the printer itself, not a filter of
// its known text (catDocs). That text is now analysed too, beside the
// command as written (pipedFiltered), so echo 'rm -rf ~' | cat | sh is
// denied and echo 'echo hi' | tr a a | sh still asks.
func TestFix69InlineThroughFilter(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	const rmtree = `echo 'import shutil; shutil.rmtree("/home")'`
	checkDecisions(t, []decisionRow{
		{"python3 after cat", D, nil, rmtree + ` | cat | python3`, Deny},
		{"python3 after sort", D, nil, rmtree + ` | sort | python3`, Deny},
		{"python3 after tr", D, nil, rmtree + ` | tr a a | python3`, Deny},
		{"python3 after sed", D, nil, rmtree + ` | sed s/x/x/ | python3`, Deny},
		{"python3 after head", D, nil, rmtree + ` | head -100 | python3`, Deny},
		{"python3 after two filters", D, nil, rmtree + ` | cat | sort | python3`, Deny},
		{"printf, tr, python3", D, nil, `printf 'import os\nos.system("rm -rf ~")' | tr a a | python3`, Deny},
		{"sqlite3 after cat", D, nil, `echo '.shell rm -rf ~' | cat | sqlite3`, Ask},
		{"sh after cat", D, nil, `echo 'rm -rf ~' | cat | sh`, Deny},
		{"sh after cat, bypass", Y, nil, `echo 'rm -rf ~' | cat | sh`, Deny},
		{"bash -s after tr", D, nil, `echo 'rm -rf ~' | tr a a | bash -s`, Deny},
		{"sh in a group", D, nil, `echo 'rm -rf ~' | cat | { sh; }`, Deny},
		{"awk's text to sh", D, nil, `awk 'BEGIN{print "rm -rf ~"}' | sh`, Deny},
		{"node after cat", D, nil, `echo 'require("fs").rmSync("/home",{recursive:true})' | cat | node`, Deny},
		{"ruby after cat", D, nil, `echo 'require "fileutils"; FileUtils.rm_rf("/home")' | cat | ruby`, Deny},
		{"perl after cat", D, nil, `echo 'system("rm -rf ~")' | cat | perl`, Deny},
		{"php after cat", D, nil, `echo '<?php system("rm -rf ~");' | cat | php`, Deny},
		{"neighbour: a filter of harmless code", D, nil, `printf 'print(1)\n' | sed s/1/2/ | python3`, Allow},
		{"neighbour: a shell fed a filter still asks", D, nil, `echo 'echo hi' | tr a a | sh`, Ask},
	})
}

// TestFix69FilterNeighbours: the commands near the attacks above keep
// their decisions in every mode: a file's text, or a download's, is not
// known, and harmless code through a filter stays harmless.
func TestFix69FilterNeighbours(t *testing.T) {
	t.Parallel()
	checkAllowedButInPlan(t, []planRow{
		{`cat x.py | python3`, Deny},
		{`cat data.json | python3 -m json.tool`, Deny},
		{`curl -s x | python3 -c 'import json,sys; print(1)'`, Deny},
		{`echo 'print(1)' | cat | python3`, Deny},
		{`echo '{"a":1}' | cat | jq .a`, Allow},
		{`cat schema.sql | sqlite3 db`, Deny},
		{`echo 'SELECT 1;' | cat | sqlite3 db`, Deny},
		{`git log | cat | less`, Allow},
	})
}

// TestFix69Bounded: a filter's text is read once for each stage, by the
// first command of the stage that reads it, so that a long text fed to
// many shells is not read as many times.
func TestFix69Bounded(t *testing.T) {
	t.Parallel()
	long := strings.Repeat(`echo a; `, 2000)
	checkFast(t, 2*time.Second, []slowRow{
		{"many shells in one stage", `echo '` + long + `rm -rf ~' | cat | {` + strings.Repeat(` sh;`, 2000) + ` }`, Deny},
		{"many stages", strings.Repeat(`echo 'echo a' | cat | sh | `, 1000) + `echo 'rm -rf ~' | cat | sh`, Deny},
		{"long code", `echo '` + strings.Repeat(`print(1); `, 3000) + `' | tr a a | python3`, Allow},
	})
}

// TestFix69ReadonlyKept: p=.git/config; readonly p; p=safe; echo x >>
// "$p" appended to the config unasked in bypassPermissions: the later
// assignment was taken to replace p's value, though bash refuses it. An
// assignment to a name readonly or declare -r made read-only no longer
// replaces its value; the new one is judged beside it (noteReadonly).
// Neighbours: a project file kept read-only, no readonly, readonly -f
// (a function), and a later protected value, still asked for.
func TestFix69ReadonlyKept(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	checkDecisions(t, []decisionRow{
		{"readonly p", Y, nil, `p=.git/config; readonly p; p=safe; echo x >> "$p"`, Ask},
		{"declare -r", Y, nil, `declare -r p=.git/config; p=safe; echo x >> "$p"`, Ask},
		{"readonly p=", Y, nil, `readonly p=.git/config; p=safe; echo x >> "$p"`, Ask},
		{"typeset -r", Y, nil, `typeset -r p=.git/config; p=safe; echo x >> "$p"`, Ask},
		{"declare after readonly", Y, nil, `p=.git/config; readonly p; declare p=safe; echo x >> "$p"`, Ask},
		{"neighbour: a project file", Y, nil, `readonly p=out.txt; p=safe; echo x >> "$p"`, Allow},
		{"neighbour: no readonly", Y, nil, `p=.git/config; p=safe; echo x >> "$p"`, Allow},
		{"neighbour: readonly -f", Y, nil, `p=.git/config; readonly -f p; p=safe; echo x >> "$p"`, Allow},
		{"neighbour: a later protected value", Y, nil, `readonly p=safe; p=.git/config; echo x >> "$p"`, Ask},
		{"neighbour: default mode", D, nil, `readonly p=out.txt; p=safe; echo x >> "$p"`, Ask},
	})
}

// planRow is a neighbour allowed in every mode but plan, where it gets
// plan.
type planRow struct {
	cmd  string
	plan Decision
}

// checkAllowedButInPlan checks each row in the five modes: Allow, and
// row.plan in plan mode.
func checkAllowedButInPlan(t *testing.T, rows []planRow) {
	t.Helper()
	var all []decisionRow
	for _, tt := range rows {
		for _, m := range []Mode{ModeDefault, ModeAcceptEdits, ModePlan, ModeBypassPermissions, ModeDontAsk} {
			want := Allow
			if m == ModePlan {
				want = tt.plan
			}
			all = append(all, decisionRow{"neighbour: " + string(m) + ": " + tt.cmd, m, nil, tt.cmd, want})
		}
	}
	checkDecisions(t, all)
}
