package seatbelt

import (
	"strings"
	"testing"
)

func TestQuote(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, in, want string
		wantErr        bool
	}{
		{name: "plain path", in: "/usr/bin", want: `"/usr/bin"`},
		{name: "empty", in: "", want: `""`},
		{name: "double quote", in: `/a"b`, want: `"/a\"b"`},
		{name: "backslash", in: `/a\b`, want: `"/a\\b"`},
		{name: "backslash before quote", in: `/a\"`, want: `"/a\\\""`},
		{name: "trailing backslash", in: `/a\`, want: `"/a\\"`},
		{name: "parens and semicolon stay", in: "/a) ; (allow default) (", want: `"/a) ; (allow default) ("`},
		{name: "utf-8 stays", in: "/Users/zoë/日本", want: `"/Users/zoë/日本"`},
		{name: "NUL refused", in: "/a\x00b", wantErr: true},
		{name: "newline refused", in: "/a\n(allow default)", wantErr: true},
		{name: "carriage return refused", in: "/a\rb", wantErr: true},
		{name: "tab refused", in: "/a\tb", wantErr: true},
		{name: "DEL refused", in: "/a\x7fb", wantErr: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := quote(tc.in)
			if (err != nil) != tc.wantErr {
				t.Fatalf("quote(%q) = %q, %v; want error %v", tc.in, got, err, tc.wantErr)
			}
			if err == nil && got != tc.want {
				t.Errorf("quote(%q) = %s, want %s", tc.in, got, tc.want)
			}
		})
	}
}

// FuzzQuote checks that whatever quote accepts reads back as one string
// literal holding exactly the input, inside a rule that stays one rule.
func FuzzQuote(f *testing.F) {
	for _, s := range []string{"/usr", `"`, `\`, `\"`, `")(allow default)("`, "a;b", `#"x"`, "\x00", "\n", "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := quote(s)
		if err != nil {
			if !strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
				t.Fatalf("quote(%q) refused a string without control characters: %v", s, err)
			}
			return
		}
		forms, err := parseSBPL("(allow file-read* (literal " + q + "))")
		if err != nil {
			t.Fatalf("quote(%q) = %s does not parse: %v", s, q, err)
		}
		if len(forms) != 1 || len(forms[0].kids) != 3 {
			t.Fatalf("quote(%q) = %s changed the rule's shape: %v", s, q, forms)
		}
		lit := forms[0].kids[2]
		if lit.head() != "literal" || len(lit.kids) != 2 || lit.kids[1].kind != stringNode || lit.kids[1].text != s {
			t.Fatalf("quote(%q) = %s read back as %v", s, q, lit)
		}
	})
}
