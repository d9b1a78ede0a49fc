package permission

import "testing"

// eng76bRows adds a row for cmd, a container's shell fed a delete, in
// each of the five modes: asked for as docker run alpine rm -rf / is,
// denied in dontAsk and in plan (which denies docker as it did).
func eng76bRows(rows []decisionRow, name, cmd string) []decisionRow {
	for _, m := range eng76Modes {
		want := Ask
		if m == ModeDontAsk || m == ModePlan {
			want = Deny
		}
		rows = append(rows, decisionRow{name + ", " + string(m), m, nil, cmd, want})
	}
	return rows
}

// TestEng76bContainerShellCompoundInput: a container's shell fed the
// input of a group, a subshell or a function's call around it ({ docker
// run -i alpine sh; } <<< 'rm -rf /') runs what docker run -i alpine sh
// <<< 'rm -rf /' runs; it was allowed in every mode but plan.
// Neighbours: a program that is no shell, and a harmless text, keep
// their decisions.
func TestEng76bContainerShellCompoundInput(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: cat in a group", ModeDefault, nil, `{ docker run -i alpine cat; } <<< hi`, Allow},
		{"neighbour: a harmless text", ModeDefault, nil, `{ docker run -i alpine sh; } <<< 'ls'`, Allow},
		{"neighbour: the function not fed", ModeDefault, nil, `f() { docker exec -i c sh; }; f`, Allow},
	}
	rows = eng76bRows(rows, "a group", `{ docker run -i alpine sh; } <<< 'rm -rf /'`)
	rows = eng76bRows(rows, "a subshell", `( docker run -i alpine sh ) <<< 'rm -rf /'`)
	rows = eng76bRows(rows, "a function", `f() { docker exec -i c sh; }; f <<< 'rm -rf /'`)
	rows = eng76bRows(rows, "a group, a here-document", "{ podman exec -i c sh; } <<'E'\nrm -rf /\nE")
	checkDecisions(t, rows)
}
