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

// TestEng76bComposeShellInput: compose's exec and run keep the
// container's input open without -i (-T, --no-TTY or not), so docker
// compose exec app sh <<< 'rm -rf /' runs what docker compose exec app
// rm -rf / does; it was allowed in every mode but plan. Neighbours: a
// database shell fed a file, a command given as arguments, and
// --interactive=false, which closes the input, keep their decisions.
func TestEng76bComposeShellInput(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: psql fed a file", ModeDefault, nil, `docker compose exec -T db psql < schema.sql`, Allow},
		{"neighbour: npm test", ModeDefault, nil, `docker compose run app npm test`, Allow},
		{"neighbour: a harmless text", ModeDefault, nil, `docker compose exec app sh <<< 'ls'`, Allow},
		{"neighbour: the input closed", ModeBypassPermissions, nil, `docker compose exec --interactive=false app sh <<< 'rm -rf /'`, Allow},
	}
	rows = eng76bRows(rows, "docker compose exec", `docker compose exec app sh <<< 'rm -rf /'`)
	rows = eng76bRows(rows, "docker compose run", `docker compose run app sh <<< 'rm -rf /'`)
	rows = eng76bRows(rows, "docker-compose exec -T", `docker-compose exec -T app sh <<< 'rm -rf /'`)
	rows = eng76bRows(rows, "docker compose exec --no-TTY", `docker compose exec --no-TTY app sh <<< 'rm -rf /'`)
	rows = eng76bRows(rows, "docker compose -f exec -i", `docker compose -f x.yml exec -i app bash <<< 'rm -rf /'`)
	rows = eng76bRows(rows, "podman-compose run, a pipe", `echo 'rm -rf /' | podman-compose run app sh`)
	checkDecisions(t, rows)
}

// TestEng76bContainerShellValueInput: a container's shell fed a
// here-string or a here-document of a value the line gives (d='rm -rf
// /'; docker run -i alpine sh <<< "$d") runs it as written out; it was
// allowed in every mode but plan. Neighbours: a harmless value, and a
// value the line does not give, which docker run alpine sh -c "$x"
// leaves allowed, keep their decisions.
func TestEng76bContainerShellValueInput(t *testing.T) {
	t.Parallel()
	rows := []decisionRow{
		{"neighbour: a harmless value", ModeDefault, nil, `d=ls; docker run -i alpine sh <<< "$d"`, Allow},
		{"neighbour: a value not given", ModeDefault, nil, `docker run -i alpine sh <<< "$x"`, Allow},
	}
	rows = eng76bRows(rows, "a here-string", `d='rm -rf /'; docker run -i alpine sh <<< "$d"`)
	rows = eng76bRows(rows, "a here-document", "d='rm -rf /'; docker exec -i c sh <<E\n$d\nE")
	rows = eng76bRows(rows, "a process substitution", `docker run -i alpine sh < <(echo 'rm -rf /')`)
	checkDecisions(t, rows)
}
