package exec

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"testing"
)

// TestHookNamesAsPermissions holds hookNames to permission's
// gitHookNames, the same list in a package exec may not import
// (DESIGN.md §2): a hook git learns is added to both, or the engine and
// the runner disagree on which files in a hooks directory git runs.
func TestHookNamesAsPermissions(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "../permission/findtargets.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var theirs []string
	ast.Inspect(f, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok || len(spec.Names) != 1 || spec.Names[0].Name != "gitHookNames" {
			return true
		}
		for _, e := range spec.Values[0].(*ast.CompositeLit).Elts {
			s, err := strconv.Unquote(e.(*ast.BasicLit).Value)
			if err != nil {
				t.Fatal(err)
			}
			theirs = append(theirs, s)
		}
		return false
	})
	if len(theirs) == 0 {
		t.Fatal("gitHookNames not found in ../permission/findtargets.go: where has it moved?")
	}
	if !slices.Equal(hookNames, theirs) {
		t.Errorf("exec's hookNames differ from permission's gitHookNames:\n exec       %q\n permission %q", hookNames, theirs)
	}
}
