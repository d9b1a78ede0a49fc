package exec

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// parseTOML returns TOML document b as YAML's and JSON's readers give
// theirs: tables as map[string]any, arrays (of tables too) as []any,
// strings as string. Other scalars (numbers, booleans, dates) are kept
// as their text, which nothing here reads. It is what lefthook.toml is
// read with (hookManagerScripts), go.mod holding no TOML module: the
// forms of TOML 1.0 (headers, arrays of tables, dotted keys, the four
// kinds of string, arrays and inline tables over lines); an error says
// where the document leaves them, which refuses the run rather than
// leave what lefthook would read unread.
func parseTOML(b string) (map[string]any, error) {
	p := &tomlParser{s: b}
	top := map[string]any{}
	cur := top
	for {
		p.skipBlank(true)
		if p.i >= len(p.s) {
			return top, nil
		}
		var err error
		switch {
		case strings.HasPrefix(p.s[p.i:], "[["):
			p.i += 2
			var keys []string
			if keys, err = p.keys(); err == nil {
				err = p.expect("]]")
			}
			if err == nil {
				cur, err = tomlAppendTable(top, keys)
			}
		case p.s[p.i] == '[':
			p.i++
			var keys []string
			if keys, err = p.keys(); err == nil {
				err = p.expect("]")
			}
			if err == nil {
				cur, err = tomlTable(top, keys)
			}
		default:
			err = p.keyValue(cur)
		}
		if err == nil {
			p.skipBlank(false)
			if p.i < len(p.s) && p.s[p.i] != '\n' && p.s[p.i] != '\r' {
				err = errors.New("more after a value")
			}
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", strings.Count(p.s[:min(p.i, len(p.s))], "\n")+1, err)
		}
	}
}

// maxTOMLDepth bounds the arrays and inline tables parseTOML reads one
// within another, and the keys of a dotted key: a file nested 1 MiB deep
// took 256 MB of stack, lefthook's deepest (a job's group's jobs' env)
// goes six.
const maxTOMLDepth = 64

// errTOMLDepth is parseTOML's past maxTOMLDepth: a constant, which the
// program's start makes nothing of (TestStartupDoesNoWork).
var errTOMLDepth error = tomlDepthError{}

type tomlDepthError struct{}

func (tomlDepthError) Error() string { return fmt.Sprintf("nested more than %d deep", maxTOMLDepth) }

// tomlParser reads s from i, depth arrays and inline tables in.
type tomlParser struct {
	s     string
	i     int
	depth int
}

// skipBlank skips spaces, tabs and a comment, and line ends where lines.
func (p *tomlParser) skipBlank(lines bool) {
	for p.i < len(p.s) {
		switch c := p.s[p.i]; {
		case c == ' ' || c == '\t' || lines && (c == '\n' || c == '\r'):
			p.i++
		case c == '#':
			for p.i < len(p.s) && p.s[p.i] != '\n' {
				p.i++
			}
		default:
			return
		}
	}
}

// expect consumes tok after blanks.
func (p *tomlParser) expect(tok string) error {
	p.skipBlank(false)
	if !strings.HasPrefix(p.s[p.i:], tok) {
		return fmt.Errorf("%q expected", tok)
	}
	p.i += len(tok)
	return nil
}

// keys reads a dotted key.
func (p *tomlParser) keys() ([]string, error) {
	var keys []string
	for {
		p.skipBlank(false)
		var k string
		switch {
		case p.i < len(p.s) && (p.s[p.i] == '"' || p.s[p.i] == '\''):
			v, err := p.str()
			if err != nil {
				return nil, err
			}
			k = v
		default:
			j := p.i
			for j < len(p.s) && (p.s[j] == '_' || p.s[j] == '-' || p.s[j] >= 'a' && p.s[j] <= 'z' || p.s[j] >= 'A' && p.s[j] <= 'Z' || p.s[j] >= '0' && p.s[j] <= '9') {
				j++
			}
			if j == p.i {
				return nil, errors.New("a key expected")
			}
			k, p.i = p.s[p.i:j], j
		}
		if keys = append(keys, k); len(keys) > maxTOMLDepth {
			return nil, errTOMLDepth
		}
		p.skipBlank(false)
		if p.i >= len(p.s) || p.s[p.i] != '.' {
			return keys, nil
		}
		p.i++
	}
}

// keyValue reads key = value into table t.
func (p *tomlParser) keyValue(t map[string]any) error {
	keys, err := p.keys()
	if err != nil {
		return err
	}
	if err := p.expect("="); err != nil {
		return err
	}
	v, err := p.value()
	if err != nil {
		return err
	}
	t, err = tomlTable(t, keys[:len(keys)-1])
	if err != nil {
		return err
	}
	t[keys[len(keys)-1]] = v
	return nil
}

// value reads a value.
func (p *tomlParser) value() (any, error) {
	p.skipBlank(false)
	if p.i >= len(p.s) {
		return nil, errors.New("a value expected")
	}
	if c := p.s[p.i]; c == '[' || c == '{' {
		if p.depth++; p.depth > maxTOMLDepth {
			return nil, errTOMLDepth
		}
		defer func() { p.depth-- }()
	}
	switch p.s[p.i] {
	case '"', '\'':
		return p.str()
	case '[':
		p.i++
		var a []any
		for {
			p.skipBlank(true)
			if p.i < len(p.s) && p.s[p.i] == ']' {
				p.i++
				return a, nil
			}
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			a = append(a, v)
			p.skipBlank(true)
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
			} else if p.i >= len(p.s) || p.s[p.i] != ']' {
				return nil, errors.New("an array's , or ] expected")
			}
		}
	case '{':
		p.i++
		t := map[string]any{}
		for first := true; ; first = false {
			p.skipBlank(false)
			if p.i < len(p.s) && p.s[p.i] == '}' && first {
				p.i++
				return t, nil
			}
			if err := p.keyValue(t); err != nil {
				return nil, err
			}
			p.skipBlank(false)
			switch {
			case p.i < len(p.s) && p.s[p.i] == '}':
				p.i++
				return t, nil
			case p.i < len(p.s) && p.s[p.i] == ',':
				p.i++
			default:
				return nil, errors.New("an inline table's , or } expected")
			}
		}
	}
	j := p.i
	for j < len(p.s) && !strings.ContainsRune(" \t\r\n,]}#", rune(p.s[j])) {
		j++
	}
	v := p.s[p.i:j]
	p.i = j
	return v, nil
}

// str reads one of TOML's strings: basic or literal, on a line or over
// lines.
func (p *tomlParser) str() (string, error) {
	q := p.s[p.i : p.i+1]
	if strings.HasPrefix(p.s[p.i:], q+q+q) {
		p.i += 3
		end := strings.Index(p.s[p.i:], q+q+q)
		if end < 0 {
			return "", errors.New("an unclosed string")
		}
		// Up to two quotes may end the content before the delimiter.
		for end+3 < len(p.s[p.i:]) && p.s[p.i+end+3] == q[0] {
			end++
		}
		v := strings.TrimPrefix(strings.TrimPrefix(p.s[p.i:p.i+end], "\r"), "\n")
		p.i += end + 3
		if q == "'" {
			return v, nil
		}
		// A backslash at a line's end joins the next line's text.
		var b strings.Builder
		for k := 0; k < len(v); k++ {
			if v[k] != '\\' {
				b.WriteByte(v[k])
				continue
			}
			if rest := strings.TrimLeft(v[k+1:], " \t\r"); strings.HasPrefix(rest, "\n") {
				k = len(v) - len(strings.TrimLeft(rest, " \t\r\n")) - 1
				continue
			}
			if k+1 < len(v) {
				b.WriteString(v[k : k+2])
				k++
			}
		}
		v = b.String()
		return tomlUnescape(v)
	}
	p.i++
	j := p.i
	for j < len(p.s) && p.s[j] != q[0] && p.s[j] != '\n' {
		if q == `"` && p.s[j] == '\\' {
			j++
		}
		j++
	}
	if j >= len(p.s) || p.s[j] != q[0] {
		return "", errors.New("an unclosed string")
	}
	v := p.s[p.i:j]
	p.i = j + 1
	if q == "'" {
		return v, nil
	}
	return tomlUnescape(v)
}

// tomlUnescape resolves a basic string's escapes, Go's but for \e and
// \xHH, which TOML 1.1 adds.
func tomlUnescape(v string) (string, error) {
	if !strings.Contains(v, `\`) {
		return v, nil
	}
	v = strings.ReplaceAll(v, `\e`, `\x1b`)
	s, err := strconv.Unquote(`"` + strings.ReplaceAll(v, "\n", `\n`) + `"`)
	if err != nil {
		return "", errors.New("a string's escapes not read")
	}
	return s, nil
}

// tomlTable returns the table at keys below t, made where missing; the
// last element where an array of tables stands there.
func tomlTable(t map[string]any, keys []string) (map[string]any, error) {
	for _, k := range keys {
		switch v := t[k].(type) {
		case nil:
			n := map[string]any{}
			t[k], t = n, n
		case map[string]any:
			t = v
		case []any:
			last, ok := any(nil), false
			if len(v) > 0 {
				last = v[len(v)-1]
			}
			if t, ok = last.(map[string]any); !ok {
				return nil, fmt.Errorf("%s is no table", k)
			}
		default:
			return nil, fmt.Errorf("%s is no table", k)
		}
	}
	return t, nil
}

// tomlAppendTable appends a table to the array of tables at keys below
// top, and returns it.
func tomlAppendTable(top map[string]any, keys []string) (map[string]any, error) {
	t, err := tomlTable(top, keys[:len(keys)-1])
	if err != nil {
		return nil, err
	}
	k := keys[len(keys)-1]
	a, ok := t[k].([]any)
	if t[k] != nil && !ok {
		return nil, fmt.Errorf("%s is no array of tables", k)
	}
	n := map[string]any{}
	t[k] = append(a, n)
	return n, nil
}
