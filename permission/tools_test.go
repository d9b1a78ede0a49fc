package permission

import (
	"errors"
	"testing"
)

func TestCallFromInput(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, tool, input string
		want              Call
		wantAmbiguous     string // the error's text, for an ambiguous input
		wantErr           bool
	}{
		{"a command", "Bash", `{"command":"ls -la","description":"List"}`, Call{Tool: "Bash", Command: "ls -la"}, "", false},
		{"two paths: which the tool reads is its own to say", "Read", `{"path":"b","file_path":"a"}`, Call{}, `tool input for Read gives two paths, "file_path" and "path"`, false},
		{"NotebookEdit's notebook_path beside a file_path", "NotebookEdit", `{"file_path":"existing.txt","notebook_path":".git/hooks/pre-commit"}`, Call{}, `tool input for NotebookEdit gives two paths, "file_path" and "notebook_path"`, false},
		{"Grep's path beside a file_path", "Grep", `{"file_path":"existing.txt","path":"~/.ssh","pattern":"."}`, Call{}, `tool input for Grep gives two paths, "file_path" and "path"`, false},
		{"the same path twice is one", "Read", `{"path":"a","file_path":"a"}`, Call{Tool: "Read", Path: "a"}, "", false},
		{"an empty file_path gives way", "Read", `{"file_path":"","notebook_path":"n.ipynb"}`, Call{Tool: "Read", Path: "n.ipynb"}, "", false},
		{"a url", "WebFetch", `{"url":"https://example.com","prompt":"x"}`, Call{Tool: "WebFetch", URL: "https://example.com"}, "", false},
		{"null members are unset", "Bash", `{"command":null}`, Call{Tool: "Bash"}, "", false},
		{"no input", "LS", ``, Call{Tool: "LS"}, "", false},
		{"a null input", "LS", ` null `, Call{Tool: "LS"}, "", false},
		{"an escaped key is the key", "Bash", `{"comm\u0061nd":"ls"}`, Call{Tool: "Bash", Command: "ls"}, "", false},

		// What Go's encoding/json would have read as the command.
		{"a case variant after the key", "Bash", `{"command":"rm -rf ~","Command":"ls"}`, Call{}, `tool input for Bash has "Command", a case variant of "command"`, false},
		{"a case variant alone", "Bash", `{"COMMAND":"ls"}`, Call{}, `tool input for Bash has "COMMAND", a case variant of "command"`, false},
		{"a Kelvin sign folds to k", "Read", "{\"noteboo\u212a_path\":\"x\"}", Call{}, "tool input for Read has \"noteboo\u212a_path\", a case variant of \"notebook_path\"", false},
		{"a duplicate key", "Bash", `{"command":"ls","command":"rm -rf ~"}`, Call{}, `tool input for Bash gives "command" twice`, false},
		{"a duplicate unknown key", "Bash", `{"command":"ls","x":1,"x":2}`, Call{}, `tool input for Bash gives "x" twice`, false},

		{"not an object", "Bash", `["ls"]`, Call{}, "", true},
		{"a command that is not a string", "Bash", `{"command":["rm","-rf"]}`, Call{}, "", true},
		{"more after the object", "Bash", `{"command":"ls"} {"command":"rm"}`, Call{}, "", true},
		{"invalid JSON", "Bash", `{"command":`, Call{}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := CallFromInput(tt.tool, []byte(tt.input))
			var ae *AmbiguousInputError
			switch {
			case tt.wantAmbiguous != "":
				if !errors.As(err, &ae) || err.Error() != tt.wantAmbiguous {
					t.Errorf("error = %v, want the ambiguous input %q", err, tt.wantAmbiguous)
				}
			case tt.wantErr:
				if err == nil || errors.As(err, &ae) {
					t.Errorf("error = %v, want a syntax error", err)
				}
			case err != nil:
				t.Errorf("error = %v", err)
			case got != tt.want:
				t.Errorf("CallFromInput = %+v, want %+v", got, tt.want)
			}
		})
	}
}
