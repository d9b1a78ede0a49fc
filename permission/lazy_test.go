package permission

import (
	"reflect"
	"strings"
	"sync"
	"testing"
)

// TestWarm builds the shell tables beside checks that use them, as a run
// does: each is built once, whoever gets there first, and a check's
// decision is the same whether or not they were warm. (Alone, with -race,
// it races Warm against first checks; after other tests the tables may be
// built already.)
func TestWarm(t *testing.T) {
	e := &Engine{Mode: ModeDefault, Env: PathEnv{Cwd: "/p", Home: "/h", Root: "/p"}, Exists: func(string) bool { return false }}
	calls := []Call{{Tool: "Bash", Command: "cat README.md"}, {Tool: "Bash", Command: "rm -rf /"}, {Tool: "Read", Path: "/p/x"}}
	want := make([]Decision, len(calls))
	var wg sync.WaitGroup
	for _, tool := range []string{"Bash", "Read", "Bash"} {
		wg.Go(func() { Warm(tool) })
	}
	for i, c := range calls {
		wg.Go(func() { want[i] = e.Check(c).Decision })
	}
	wg.Wait()
	if tools.v == nil || dangerTable.v == nil || readOnlyCommands.v == nil {
		t.Error("Warm(\"Bash\") left a shell table unbuilt")
	}
	for i, c := range calls {
		if got := e.Check(c).Decision; got != want[i] {
			t.Errorf("%+v: %v warm, %v beside the warming", c, got, want[i])
		}
	}
	if want[0] != Allow || want[1] != Deny {
		t.Errorf("decisions %v; want cat allowed and rm -rf / denied", want)
	}
}

// TestTablesUnique: pathSpecs and repls have one row a name, in lower
// case, as the maps they were had (pathSpecOf and replOf take the first).
func TestTablesUnique(t *testing.T) {
	names := map[string][]string{}
	for _, r := range pathSpecs {
		names["pathSpecs"] = append(names["pathSpecs"], r.name)
		if r.spec == nil {
			t.Errorf("pathSpecs: %q without a spec", r.name)
		}
	}
	for _, r := range repls {
		names["repls"] = append(names["repls"], r.name)
	}
	for table, list := range names {
		seen := map[string]bool{}
		for _, n := range list {
			if seen[n] || n != strings.ToLower(n) {
				t.Errorf("%s: %q twice or not in lower case", table, n)
			}
			seen[n] = true
		}
	}
}

// TestRgrepSpec: rgrep is grep -r, written out so that pathSpecs is
// static data.
func TestRgrepSpec(t *testing.T) {
	r := *grepSpec
	r.tree = true
	if !reflect.DeepEqual(r, *rgrepSpec) {
		t.Errorf("rgrepSpec %+v, want grepSpec with tree %+v", *rgrepSpec, r)
	}
}
