package seatbelt

import (
	"fmt"
	"strings"
	"testing"
)

// A reader for the SBPL the tests check: lists, atoms, "strings" with
// backslash escapes, #"regex" literals, ; line comments and #| block
// comments |#. It is stricter than the real reader where that catches
// mistakes: an unterminated string, an unbalanced parenthesis or a stray
// character is an error.

type nodeKind int

const (
	listNode nodeKind = iota
	atomNode
	stringNode
	regexNode
)

type node struct {
	kind nodeKind
	text string // atoms as written; strings and regexes decoded
	kids []*node
	pos  int // byte offset in the source
}

// String prints n back as SBPL, strings escaped as quote does.
func (n *node) String() string {
	switch n.kind {
	case atomNode:
		return n.text
	case stringNode:
		return testQuote(n.text)
	case regexNode:
		return "#" + testQuote(n.text)
	}
	parts := make([]string, len(n.kids))
	for i, k := range n.kids {
		parts[i] = k.String()
	}
	return "(" + strings.Join(parts, " ") + ")"
}

func testQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// head returns the first atom of a list, "" otherwise.
func (n *node) head() string {
	if n.kind != listNode || len(n.kids) == 0 || n.kids[0].kind != atomNode {
		return ""
	}
	return n.kids[0].text
}

// walk calls f on n and everything inside it.
func (n *node) walk(f func(*node)) {
	f(n)
	for _, k := range n.kids {
		k.walk(f)
	}
}

// parseSBPL reads every top-level form of src.
func parseSBPL(src string) ([]*node, error) {
	p := &sexprReader{src: src}
	var forms []*node
	for {
		n, err := p.next()
		if err != nil {
			return nil, err
		}
		if n == nil {
			return forms, nil
		}
		forms = append(forms, n)
	}
}

type sexprReader struct {
	src string
	i   int
}

func (p *sexprReader) errorf(format string, args ...any) error {
	line := 1 + strings.Count(p.src[:min(p.i, len(p.src))], "\n")
	return fmt.Errorf("line %d (offset %d): %s", line, p.i, fmt.Sprintf(format, args...))
}

// skip passes whitespace and comments.
func (p *sexprReader) skip() error {
	for p.i < len(p.src) {
		switch c := p.src[p.i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.i++
		case c == ';':
			for p.i < len(p.src) && p.src[p.i] != '\n' {
				p.i++
			}
		case strings.HasPrefix(p.src[p.i:], "#|"):
			end := strings.Index(p.src[p.i+2:], "|#")
			if end < 0 {
				return p.errorf("unterminated #| comment")
			}
			p.i += 2 + end + 2
		default:
			return nil
		}
	}
	return nil
}

// next returns the next form, nil at the end of the source.
func (p *sexprReader) next() (*node, error) {
	if err := p.skip(); err != nil {
		return nil, err
	}
	if p.i >= len(p.src) {
		return nil, nil
	}
	start := p.i
	switch c := p.src[p.i]; {
	case c == '(':
		p.i++
		n := &node{kind: listNode, pos: start}
		for {
			if err := p.skip(); err != nil {
				return nil, err
			}
			if p.i >= len(p.src) {
				p.i = start
				return nil, p.errorf("unbalanced (: no closing parenthesis")
			}
			if p.src[p.i] == ')' {
				p.i++
				return n, nil
			}
			k, err := p.next()
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, k)
		}
	case c == ')':
		return nil, p.errorf("unexpected )")
	case c == '"':
		s, err := p.str()
		return &node{kind: stringNode, text: s, pos: start}, err
	case strings.HasPrefix(p.src[p.i:], `#"`):
		p.i++
		s, err := p.str()
		return &node{kind: regexNode, text: s, pos: start}, err
	default:
		for p.i < len(p.src) && !strings.ContainsRune(" \t\r\n()\";", rune(p.src[p.i])) {
			p.i++
		}
		return &node{kind: atomNode, text: p.src[start:p.i], pos: start}, nil
	}
}

// str reads a string literal starting at the opening quote.
func (p *sexprReader) str() (string, error) {
	start := p.i
	p.i++
	var b strings.Builder
	for p.i < len(p.src) {
		c := p.src[p.i]
		p.i++
		switch c {
		case '"':
			return b.String(), nil
		case '\\':
			if p.i >= len(p.src) {
				break
			}
			e := p.src[p.i]
			p.i++
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			default:
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
		}
	}
	p.i = start
	return "", p.errorf("unterminated string")
}

func TestParseSBPL(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		want      string // the forms printed back, one per line
		wantErr   string
	}{
		{name: "version", src: "(version 1)", want: "(version 1)"},
		{name: "nested", src: "(allow file-read* (subpath \"/usr\") (literal (param \"ROOT\")))",
			want: `(allow file-read* (subpath "/usr") (literal (param "ROOT")))`},
		{name: "comments", src: "; top\n(deny default) ; trailing ( \" \n#| block ) |#(allow x)",
			want: "(deny default)\n(allow x)"},
		{name: "string escapes", src: `(literal "a\"b\\c)d")`, want: `(literal "a\"b\\c)d")`},
		{name: "string with paren and semicolon", src: `(literal "a) ; (b")`, want: `(literal "a) ; (b")`},
		{name: "regex", src: `(regex #"^/dev/ttys[0-9]+$")`, want: `(regex #"^/dev/ttys[0-9]+$")`},
		{name: "regex with escaped quote", src: `(regex #"a\"b")`, want: `(regex #"a\"b")`},
		{name: "unbalanced open", src: "(allow (x)", wantErr: "unbalanced"},
		{name: "unbalanced close", src: "(allow x))", wantErr: "unexpected )"},
		{name: "unterminated string", src: `(literal "abc)`, wantErr: "unterminated string"},
		{name: "unterminated block comment", src: "#| x", wantErr: "unterminated #|"},
		{name: "string breaking out", src: `(literal "a") (allow default) "")`, wantErr: "unexpected )"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			forms, err := parseSBPL(tc.src)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("parseSBPL(%q) = %v, %v; want error %q", tc.src, forms, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range forms {
				got = append(got, f.String())
			}
			if g := strings.Join(got, "\n"); g != tc.want {
				t.Errorf("parseSBPL(%q) =\n%s\nwant\n%s", tc.src, g, tc.want)
			}
		})
	}
}
