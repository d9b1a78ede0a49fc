package permission

import (
	"errors"
	"fmt"
	"net/netip"
	"strconv"
	"strings"
	"unicode/utf8"
)

// fetchHost returns the host a WHATWG URL parser reads in raw: Node's,
// which Claude Code's WebFetch fetches with, and not Go's net/url, which
// reads "https:example.com", "https://example%2Ecom" and
// "https://example.com\@evil.com" otherwise. The host comes back in lower
// case, without its port and trailing dot: a domain in ASCII, an IPv4
// address in dotted decimal, or an IPv6 address in brackets. What it
// cannot be sure of (no scheme or one WebFetch does not fetch, a host
// left with letters an IDNA mapping would change, an address it cannot
// parse) is an error saying why: such a host could be any.
//
// It follows the WHATWG URL standard's basic URL parser for special
// schemes without a base URL, as far as the host: nothing in raw is
// fetched or looked up.
func fetchHost(raw string) (string, error) {
	// Leading and trailing C0 controls and spaces are dropped, tabs and
	// newlines anywhere.
	s := strings.TrimFunc(raw, func(r rune) bool { return r <= ' ' })
	if strings.ContainsAny(s, "\t\n\r") {
		b := make([]byte, 0, len(s))
		for i := 0; i < len(s); i++ {
			if c := s[i]; c != '\t' && c != '\n' && c != '\r' {
				b = append(b, c)
			}
		}
		s = string(b)
	}

	scheme, rest, ok := cutScheme(s)
	switch {
	case !ok:
		return "", errors.New("it has no scheme")
	case scheme == "file":
		return "", errors.New("a file URL names no host")
	case scheme != "http" && scheme != "https" && scheme != "ws" && scheme != "wss" && scheme != "ftp":
		return "", fmt.Errorf("scheme %q is not one mewsandbox knows the host of", scheme)
	}
	// Special schemes: any run of / and \ starts the authority
	// ("https:example.com", "https:\\example.com"), which ends at the
	// first /, \, ? or #. What comes before its last @ is userinfo.
	rest = strings.TrimLeft(rest, `/\`)
	auth := rest
	if i := strings.IndexAny(rest, `/\?#`); i >= 0 {
		auth = rest[:i]
	}
	if i := strings.LastIndexByte(auth, '@'); i >= 0 {
		auth = auth[i+1:]
	}
	host, port := splitHostPort(auth)
	if !validPort(port) {
		return "", fmt.Errorf("port %q is not a number up to 65535", port)
	}
	if host == "" {
		return "", errors.New("it names no host")
	}
	if strings.HasPrefix(host, "[") {
		return ipv6Host(host)
	}
	return domainHost(host)
}

// cutScheme splits s at the colon after its scheme, lower-casing the
// scheme: a letter, then letters, digits, +, - and '.'.
func cutScheme(s string) (scheme, rest string, ok bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return strings.ToLower(s[:i]), s[i+1:], true
		default:
			return "", "", false
		}
	}
	return "", "", false
}

// splitHostPort splits an authority without userinfo at the colon that
// starts its port; a colon inside brackets belongs to an IPv6 address.
func splitHostPort(auth string) (host, port string) {
	inBrackets := false
	for i := 0; i < len(auth); i++ {
		switch auth[i] {
		case '[':
			inBrackets = true
		case ']':
			inBrackets = false
		case ':':
			if !inBrackets {
				return auth[:i], auth[i+1:]
			}
		}
	}
	return auth, ""
}

// validPort reports whether a port is empty (the scheme's default) or a
// number a URL parser accepts.
func validPort(port string) bool {
	if port == "" {
		return true
	}
	if strings.Trim(port, "0123456789") != "" {
		return false // no sign, no space: digits only
	}
	_, err := strconv.ParseUint(port, 10, 16)
	return err == nil
}

// ipv6Host returns a bracketed IPv6 address in its canonical form, or the
// IPv4 address it maps (::ffff:127.0.0.1 reaches 127.0.0.1).
func ipv6Host(host string) (string, error) {
	inner, ok := strings.CutSuffix(host[1:], "]")
	if !ok || strings.ContainsAny(inner, "%[]") {
		return "", fmt.Errorf("cannot read the IPv6 address %s", host)
	}
	a, err := netip.ParseAddr(inner)
	if err != nil || !a.Is6() {
		return "", fmt.Errorf("cannot read the IPv6 address %s", host)
	}
	if a.Is4In6() {
		return a.Unmap().String(), nil
	}
	return "[" + a.String() + "]", nil
}

// domainHost turns a host that is not an IPv6 address into what a URL
// parser resolves: percent-decoded, the full stops of other scripts and
// the fullwidth forms of ASCII folded into ASCII (the part of IDNA's
// mapping a deny rule could be dodged with; what other mapping it would
// do is not guessed at), lower-cased, the trailing dot dropped, and an
// address written with fewer parts, in hex or in octal
// (http://2130706433/, http://0x7f.1/) in dotted decimal.
func domainHost(host string) (string, error) {
	dec := percentDecode(host)
	if !utf8.ValidString(dec) {
		return "", fmt.Errorf("host %q is not valid UTF-8 once decoded", host)
	}
	var b strings.Builder
	for _, r := range dec {
		switch {
		case r == '\u3002' || r == '\uff0e' || r == '\uff61':
			r = '.' // ideographic, fullwidth and halfwidth full stops
		case '\uff01' <= r && r <= '\uff5e':
			r -= 0xfee0 // fullwidth ASCII
		}
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		if !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-' || r == '_' || r == '.') {
			// Other letters may map to ASCII (the Kelvin sign to k), be
			// dropped (a soft hyphen) or become punycode; other ASCII is
			// refused or named by no rule.
			return "", fmt.Errorf("host %q has %q, which mewsandbox does not map", host, r)
		}
		b.WriteRune(r)
	}
	h := strings.TrimSuffix(b.String(), ".")
	labels := strings.Split(h, ".")
	for _, l := range labels {
		if l == "" {
			return "", fmt.Errorf("host %q has an empty label", host)
		}
	}
	if last := labels[len(labels)-1]; isIPv4Number(last) {
		return ipv4Host(labels)
	}
	return h, nil
}

// percentDecode decodes %XX escapes, leaving a % without two hex digits
// as it is.
func percentDecode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			v, _ := strconv.ParseUint(s[i+1:i+3], 16, 8)
			b = append(b, byte(v))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// isIPv4Number reports whether a host's last label makes it an IPv4
// address to a URL parser: decimal digits, or 0x and hex digits.
func isIPv4Number(l string) bool {
	if hex, ok := strings.CutPrefix(l, "0x"); ok {
		return strings.Trim(hex, "0123456789abcdef") == ""
	}
	return strings.Trim(l, "0123456789") == ""
}

// ipv4Host parses the labels of a host that ends in a number as a URL
// parser does (numericIPv4) and returns it in dotted decimal.
func ipv4Host(labels []string) (string, error) {
	a, ok := numericIPv4(labels)
	if !ok {
		return "", fmt.Errorf("host %s ends in a number but is no IPv4 address", strings.Join(labels, "."))
	}
	return a.String(), nil
}

// numericIPv4 parses the parts of an IPv4 address in the numbers-and-dots
// notation that URL parsers and inet_aton (so ssh's resolver) take: one to
// four parts, each decimal, hexadecimal after 0x (nothing after it is 0)
// or octal after 0, every part but the last one byte, the last filling
// the bytes left (127.1, 2130706433, 0x7f000001 and 0177.0.0.1 are all
// 127.0.0.1).
func numericIPv4(parts []string) (netip.Addr, bool) {
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	var addr uint64
	for i, l := range parts {
		base := 10
		switch {
		case strings.HasPrefix(l, "0x"):
			base, l = 16, l[2:]
		case len(l) > 1 && l[0] == '0':
			base, l = 8, l[1:]
		}
		n := uint64(0)
		if l != "" {
			var err error
			if n, err = strconv.ParseUint(l, base, 32); err != nil {
				return netip.Addr{}, false
			}
		}
		last := i == len(parts)-1
		if !last && n > 255 || last && n >= 1<<(8*(5-len(parts))) {
			return netip.Addr{}, false
		}
		if !last {
			addr |= n << (8 * (3 - i))
		} else {
			addr |= n
		}
	}
	return netip.AddrFrom4([4]byte{byte(addr >> 24), byte(addr >> 16), byte(addr >> 8), byte(addr)}), true
}
