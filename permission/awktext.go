package permission

import (
	"strconv"
	"strings"
)

// What the simplest awk programs and xargs echo print of a known text,
// where the analysis reads it: p=$(echo .git | awk '{print $0 "/config"}')
// names the config, as p=$(echo .git/config) does. Anything but a print
// of fields and strings, in one action, is not read.

// maxAwkOutput bounds what awkOutput makes: a print of $0 many times
// over, of a long input, would be the line's length squared.
const maxAwkOutput = 1 << 12

// awkOutput returns what awk with arguments args (its program alone, no
// option nor file) prints of text in (fed: in is its input): for
// BEGIN{print ITEMS}, the items; for {print ITEMS} (ITEMS $0 where none),
// the items of each line of in. An item is a field ($0, $1 …) or a
// string without escapes; items side by side are joined, a comma puts
// a space between them.
func awkOutput(args []Word, in string, fed bool) (string, bool) {
	if len(args) != 1 || !args[0].Literal {
		return "", false
	}
	prog := strings.TrimSpace(args[0].Text)
	begin := false
	if rest, ok := strings.CutPrefix(prog, "BEGIN"); ok {
		prog, begin = strings.TrimSpace(rest), true
	} else if !fed {
		return "", false
	}
	if !strings.HasPrefix(prog, "{") || !strings.HasSuffix(prog, "}") || len(prog) < 2 {
		return "", false
	}
	body := prog[1 : len(prog)-1]
	body = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(body), ";"))
	items, ok := strings.CutPrefix(body, "print")
	if !ok || items != "" && items[0] != ' ' && items[0] != '\t' {
		return "", false
	}
	if begin {
		return awkPrint(items, nil, "")
	}
	var b strings.Builder
	for l := range strings.SplitSeq(strings.TrimSuffix(in, "\n"), "\n") {
		out, ok := awkPrint(items, strings.Fields(l), l)
		if !ok || b.Len()+len(out) > maxAwkOutput {
			return "", false
		}
		b.WriteString(out)
	}
	return b.String(), true
}

// awkPrint returns what print ITEMS (items) prints of a line (line,
// split into fields; none in a BEGIN action).
func awkPrint(items string, fields []string, line string) (string, bool) {
	items = strings.TrimSpace(items)
	if items == "" {
		items = "$0"
	}
	var b strings.Builder
	for i := 0; i < len(items); {
		switch c := items[i]; {
		case c == ' ' || c == '\t':
			i++
		case c == ',':
			b.WriteByte(' ')
			i++
		case c == '"':
			end := strings.IndexByte(items[i+1:], '"')
			if end < 0 || strings.ContainsRune(items[i+1:i+1+end], '\\') {
				return "", false
			}
			b.WriteString(items[i+1 : i+1+end])
			i += end + 2
		case c == '$':
			j := i + 1
			for j < len(items) && items[j] >= '0' && items[j] <= '9' {
				j++
			}
			n, err := strconv.Atoi(items[i+1 : j])
			if err != nil {
				return "", false
			}
			switch {
			case n == 0:
				b.WriteString(line)
			case n <= len(fields):
				b.WriteString(fields[n-1])
			}
			i = j
		default:
			return "", false // a variable, a function, arithmetic …
		}
		if b.Len() > maxAwkOutput {
			return "", false
		}
	}
	return b.String() + "\n", true
}

// xargsEcho says whether c is xargs echo, with no option of either.
func xargsEcho(c SimpleCommand) bool {
	args := c.Args()
	return c.Inner == 1 && c.Words[0].Literal && baseName(c.Words[0].Text) == "xargs" &&
		len(args) == 1 && args[0].Literal && args[0].Text == "echo"
}

// xargsEchoed returns what xargs echo, or xargs alone, prints of text
// in: its words joined by a space. ok is false where a quote or a
// backslash in it is one xargs reads.
func xargsEchoed(in string) (string, bool) {
	if strings.ContainsAny(in, `"'\`) {
		return "", false
	}
	return strings.Join(strings.Fields(in), " ") + "\n", true
}
