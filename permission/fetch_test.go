package permission

import (
	"strings"
	"testing"
)

// denialSpellings are URLs a WHATWG URL parser (Node's, which Claude
// Code's WebFetch uses) reads as a fetch from example.com, and Go's
// net/url did not.
var denialSpellings = []struct{ name, url string }{
	{"ideographic full stop", "https://example\u3002com/"},
	{"fullwidth full stop", "https://example\uff0ecom/"},
	{"halfwidth full stop", "https://example\uff61com/"},
	{"fullwidth letter", "https://\uff45xample.com/"},
	{"fullwidth capital", "https://\uff25XAMPLE.com/"},
	{"percent-encoded dot", "https://example%2Ecom/"},
	{"percent-encoded fullwidth letter", "https://%EF%BD%85xample.com/"},
	{"no slashes", "https:example.com"},
	{"one slash", "https:/example.com"},
	{"backslashes", `https:\\example.com`},
	{"three slashes", "https:///example.com/x"},
	{"leading space", " https://example.com"},
	{"leading control and trailing space", "\x01https://example.com/ "},
	{"tab in the host", "https://exa\tmple.com"},
	{"newline in the scheme", "ht\ntps://example.com"},
	{"backslash ends the authority", `https://example.com\@evil.com`},
	{"userinfo ends at the last @", "https://a@evil.com@example.com/"},
	{"upper-case scheme and host", "HTTPS://EXAMPLE.COM/"},
	{"trailing dot", "https://example.com./"},
	{"a port", "https://example.com:443/"},
	{"ws", "ws://example.com/socket"},
}

func TestFetchHost(t *testing.T) {
	t.Parallel()
	for _, tt := range denialSpellings {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got, err := fetchHost(tt.url); got != "example.com" || err != nil {
				t.Errorf("fetchHost(%q) = %q, %v; want example.com", tt.url, got, err)
			}
		})
	}
	tests := []struct {
		name, url, want string
		wantErr         string // part of the error, for a host it cannot be sure of
	}{
		{"path and query", "https://example.com/path?q=1", "example.com", ""},
		{"a subdomain", "https://api.Example.com", "api.example.com", ""},
		{"userinfo", "https://user:pw@example.com/", "example.com", ""},
		{"a slash before the @ ends the authority", "https://evil.com/@example.com", "evil.com", ""},
		{"a query ends the authority", "https://evil.com?@example.com", "evil.com", ""},
		{"a fragment ends the authority", "https://evil.com#@example.com", "evil.com", ""},
		{"IPv6 with a port", "http://[::1]:8080/", "[::1]", ""},
		{"IPv6 in canonical form", "http://[0:0:0:0:0:0:0:1]/", "[::1]", ""},
		{"IPv4-mapped IPv6 is the IPv4 address", "http://[::ffff:127.0.0.1]/", "127.0.0.1", ""},
		{"IPv4", "http://169.254.169.254/latest", "169.254.169.254", ""},
		{"IPv4 as one number", "http://2130706433/", "127.0.0.1", ""},
		{"IPv4 in hex and short", "http://0x7f.1/", "127.0.0.1", ""},
		{"IPv4 in octal", "http://0251.0376.0251.0376/", "169.254.169.254", ""},
		{"IPv4 with a trailing dot", "http://127.0.0.1./", "127.0.0.1", ""},
		{"an empty port", "https://example.com:/", "example.com", ""},
		{"ftp", "ftp://files.example.com/x", "files.example.com", ""},
		{"underscore", "https://my_host.example.com/", "my_host.example.com", ""},

		{"no scheme", "example.com", "", "no scheme"},
		{"a relative URL", "//example.com/x", "", "no scheme"},
		{"an unknown scheme", "gopher://example.com/", "", "scheme"},
		{"a scheme-looking host", "example.com:443/x", "", "scheme"},
		{"file", "file:///etc/passwd", "", "file URL"},
		{"an empty host", "https:///", "", "no host"},
		{"only userinfo", "https://user@/x", "", "no host"},
		{"an empty URL", "", "", "no scheme"},
		{"a port that is no number", "https://example.com:80x/", "", "port"},
		{"a port too large", "https://example.com:65536/", "", "port"},
		{"non-ASCII letters", "https://b\u00fccher.de/", "", "does not map"},
		{"the Kelvin sign", "https://\u212aey.example.com/", "", "does not map"},
		{"a soft hyphen", "https://exam\u00adple.com/", "", "does not map"},
		{"a zero-width space", "https://exam\u200bple.com/", "", "does not map"},
		{"fullwidth solidus", "https://example.com\uff0fevil/", "", "does not map"},
		{"percent-encoded slash", "https://example.com%2Fevil/", "", "does not map"},
		{"a percent sign", "https://example%zz.com/", "", "does not map"},
		{"invalid UTF-8 once decoded", "https://example%FF.com/", "", "UTF-8"},
		{"an empty label", "https://example..com/", "", "empty label"},
		{"two trailing dots", "https://example.com../", "", "empty label"},
		{"IPv6 with a zone", "http://[fe80::1%25eth0]/", "", "IPv6"},
		{"IPv6 unclosed", "http://[::1/", "", "IPv6"},
		{"IPv6 not an address", "http://[example.com]/", "", "IPv6"},
		{"IPv4 part too large", "http://1.2.3.256/", "", "no IPv4 address"},
		{"a number too large", "http://4294967296/", "", "no IPv4 address"},
		{"octal with an 8", "http://08.1.1.1/", "", "no IPv4 address"},
		{"five parts", "http://1.1.1.1.1/", "", "no IPv4 address"},
		{"a domain ending in a number", "http://example.123/", "", "no IPv4 address"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := fetchHost(tt.url)
			switch {
			case tt.wantErr == "" && (err != nil || got != tt.want):
				t.Errorf("fetchHost(%q) = %q, %v; want %q", tt.url, got, err, tt.want)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("fetchHost(%q) = %q, %v; want an error with %q", tt.url, got, err, tt.wantErr)
			}
		})
	}
}

// TestFetchSpellingsKeepDenials runs each spelling of example.com against
// a deny rule for it in every mode, and against an allow rule for the
// whole tool: none may lift the deny.
func TestFetchSpellingsKeepDenials(t *testing.T) {
	t.Parallel()
	const deny = "deny:WebFetch(domain:example.com)"
	for _, tt := range denialSpellings {
		for _, mode := range Modes {
			t.Run(tt.name+"/"+string(mode), func(t *testing.T) {
				t.Parallel()
				res := engine(t, mode, deny, "allow:WebFetch").Check(Call{Tool: "WebFetch", URL: tt.url})
				if res.Decision != Deny || res.Rule != "WebFetch(domain:example.com)" {
					t.Errorf("%q: %s (%s) by %q, want Deny by the rule", tt.url, res.Decision, res.Reason, res.Rule)
				}
			})
		}
	}
}

func TestFetchDecisions(t *testing.T) {
	t.Parallel()
	D, Y := ModeDefault, ModeBypassPermissions
	denyEx := []string{"deny:WebFetch(domain:example.com)"}
	tests := []struct {
		name  string
		mode  Mode
		rules []string
		url   string
		want  Decision
		rule  string
	}{
		// A host that may be example.com: asked for, in every mode.
		{"bypass: a host it cannot map asks under a domain deny", Y, denyEx, "https://\u212axample.com/", Ask, "WebFetch(domain:example.com)"},
		{"bypass: no scheme asks under a domain deny", Y, denyEx, "example.com/x", Ask, "WebFetch(domain:example.com)"},
		{"bypass: an unknown host asks under an ask rule", Y, []string{"ask:WebFetch(domain:example.com)"}, "https://exam\u00adple.com/", Ask, "WebFetch(domain:example.com)"},
		{"default: an unknown host asks under a domain deny", D, denyEx, "https://exa..mple.com/", Ask, "WebFetch(domain:example.com)"},
		{"a whole-tool deny denies an unknown host", Y, []string{"deny:WebFetch"}, "https://b\u00fccher.de/", Deny, "WebFetch"},
		{"a whole-tool deny after a domain deny still denies", Y, []string{"deny:WebFetch(domain:x.org)", "deny:WebFetch"}, "nonsense", Deny, "WebFetch"},
		{"bypass without rules allows an unknown host", Y, nil, "https://b\u00fccher.de/", Allow, ""},

		// Allow rules never match a host that is not known.
		{"a whole-tool allow allows an unmapped host: it asks nothing of the host", D, []string{"allow:WebFetch"}, "https://\u212axample.com/", Allow, "WebFetch"},
		{"a domain allow does not allow an unmapped host", D, []string{"allow:WebFetch(domain:example.com)"}, "https://\u212axample.com/", Ask, ""},
		{"a domain allow does not allow an empty host", D, []string{"allow:WebFetch(domain:example.com)"}, "https:///", Ask, ""},
		{"a domain allow does not allow a file URL", D, []string{"allow:WebFetch(domain:example.com)"}, "file://example.com/etc/passwd", Ask, ""},
		{"a fullwidth spelling is the allowed domain", D, []string{"allow:WebFetch(domain:example.com)"}, "https://\uff45xample.com/", Allow, "WebFetch(domain:example.com)"},

		// Neighbours that keep working.
		{"a path and query under a domain allow", D, []string{"allow:WebFetch(domain:example.com)"}, "https://example.com/path?q=1", Allow, "WebFetch(domain:example.com)"},
		{"a subdomain under a domain allow", D, []string{"allow:WebFetch(domain:example.com)"}, "https://sub.example.com", Allow, "WebFetch(domain:example.com)"},
		{"a subdomain under a domain deny", Y, denyEx, "https://sub.example.com", Deny, "WebFetch(domain:example.com)"},
		{"*. does not cover the domain itself", D, []string{"allow:WebFetch(domain:*.example.com)"}, "https://example.com", Ask, ""},
		{"a look-alike is not the domain", Y, denyEx, "https://badexample.com/", Allow, ""},
		{"userinfo under a domain allow", D, []string{"allow:WebFetch(domain:example.com)"}, "https://user:pw@example.com/", Allow, "WebFetch(domain:example.com)"},
		{"the real host after userinfo under a deny", Y, denyEx, "https://example.com@evil.com/", Allow, ""},
		{"a port under a domain allow", D, []string{"allow:WebFetch(domain:example.com)"}, "https://example.com:8443/x", Allow, "WebFetch(domain:example.com)"},
		{"IPv6 loopback asks in default", D, denyEx, "http://[::1]:8080/", Ask, ""},
		{"IPv6 loopback under a whole-tool allow", D, []string{"allow:WebFetch"}, "http://[::1]:8080/", Allow, "WebFetch"},
		{"an address in hex under a deny of it", Y, []string{"deny:WebFetch(domain:169.254.169.254)"}, "http://0xa9fea9fe/latest/meta-data", Deny, "WebFetch(domain:169.254.169.254)"},
		{"an IPv4-mapped address under a deny of it", Y, []string{"deny:WebFetch(domain:127.0.0.1)"}, "http://[::ffff:7f00:1]/", Deny, "WebFetch(domain:127.0.0.1)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := engine(t, tt.mode, tt.rules...).Check(Call{Tool: "WebFetch", URL: tt.url})
			if res.Decision != tt.want || res.Rule != tt.rule {
				t.Errorf("%q in %s: %s (%s) by %q, want %s by %q", tt.url, tt.mode, res.Decision, res.Reason, res.Rule, tt.want, tt.rule)
			}
		})
	}
}

func TestFetchSuggestion(t *testing.T) {
	t.Parallel()
	tests := []struct{ url, want string }{
		{"https://\uff45xample.com/x", "WebFetch(domain:example.com)"},
		{"https:EXAMPLE.com", "WebFetch(domain:example.com)"},
		{"http://2130706433/", "WebFetch(domain:127.0.0.1)"},
		{"http://[::1]/", ""},
	}
	for _, tt := range tests {
		res := engine(t, ModeDefault).Check(Call{Tool: "WebFetch", URL: tt.url})
		if res.Suggestion != tt.want {
			t.Errorf("%q: suggestion %q, want %q", tt.url, res.Suggestion, tt.want)
		}
		if tt.want == "" {
			continue
		}
		if _, err := ParseRule(RuleAllow, tt.want); err != nil {
			t.Errorf("%q: the suggested rule does not parse: %v", tt.url, err)
		}
	}
}

// FuzzFetchHost checks that the host extractor never panics, returns
// only hosts a domain rule can be compared with, is not moved by what a
// URL parser drops (tabs and newlines anywhere, spaces around), and
// reads its own host back.
func FuzzFetchHost(f *testing.F) {
	for _, s := range denialSpellings {
		f.Add(s.url)
	}
	for _, s := range []string{
		"https://example.com/path?q=1", "https://user:pw@example.com/", "http://[::1]:8080/",
		"http://0x7f.1/", "http://[::ffff:127.0.0.1]/", "https://b\u00fccher.de/", "file:///etc/passwd",
		"https://example.com%2F@evil/", "https://exa%zzmple.com",
	} {
		f.Add(s)
	}
	e := engine(f, ModeBypassPermissions, "deny:WebFetch(domain:example.com)")
	f.Fuzz(func(t *testing.T, raw string) {
		host, err := fetchHost(raw)
		res := e.check(Call{Tool: "WebFetch", URL: raw})
		if err != nil {
			if host != "" {
				t.Fatalf("fetchHost(%q) = %q with error %v", raw, host, err)
			}
			if res.Decision == Allow {
				t.Fatalf("%q: an unknown host allowed under a domain deny (%s)", raw, res.Reason)
			}
			return
		}
		if strings.HasPrefix(host, "[") {
			if !strings.HasSuffix(host, "]") {
				t.Fatalf("fetchHost(%q) = %q", raw, host)
			}
		} else if host == "" || strings.Trim(host, "abcdefghijklmnopqrstuvwxyz0123456789-_.") != "" ||
			strings.HasPrefix(host, ".") || strings.HasSuffix(host, ".") || strings.Contains(host, "..") {
			t.Fatalf("fetchHost(%q) = %q, not a host a rule can name", raw, host)
		}
		if back, err := fetchHost("https://" + host + "/"); back != host || err != nil {
			t.Fatalf("fetchHost(%q) = %q, but its host reads back as %q, %v", raw, host, back, err)
		}
		mid := len(raw) / 2
		for _, v := range []string{" \x00" + raw + " ", raw[:mid] + "\t\n" + raw[mid:]} {
			if h, _ := fetchHost(v); h != host {
				t.Fatalf("fetchHost(%q) = %q but fetchHost(%q) = %q", raw, host, v, h)
			}
		}
		// A call with a NUL byte anywhere is denied whatever its host
		// (Engine.Check).
		if (res.Decision == Deny) != (host == "example.com" || strings.HasSuffix(host, ".example.com") || strings.IndexByte(raw, 0) >= 0) {
			t.Fatalf("%q (host %q): %s (%s)", raw, host, res.Decision, res.Reason)
		}
	})
}

// TestFetchRuleHosts: a rule's host is written as a URL's is, so that
// domain:127.1 meets http://127.0.0.1/ and an IPv6 address can be named
// (a review's domain:127.1 denied neither spelling; domain:[::1] did not
// parse).
func TestFetchRuleHosts(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		rule, url string
		want      Decision
	}{
		{"deny:WebFetch(domain:127.1)", "http://127.0.0.1/", Deny},
		{"deny:WebFetch(domain:127.1)", "http://127.1/", Deny},
		{"deny:WebFetch(domain:0x7f.0.0.1)", "http://127.0.0.1:8080/x", Deny},
		{"deny:WebFetch(domain:[::1])", "http://[0:0::1]:80/", Deny},
		{"deny:WebFetch(domain:::1)", "http://[::1]/", Deny},
		{"deny:WebFetch(domain:[::ffff:127.0.0.1])", "http://127.0.0.1/", Deny},
		// Neighbours.
		{"deny:WebFetch(domain:127.1)", "http://127.0.0.2/", Allow},
		{"deny:WebFetch(domain:[::1])", "http://[::2]/", Allow},
		{"deny:WebFetch(domain:*.example.com)", "https://a.example.com/", Deny},
		{"deny:WebFetch(domain:*.example.com)", "https://example.com/", Allow},
	} {
		e := engine(t, ModeBypassPermissions, tt.rule)
		if got := e.Check(Call{Tool: "WebFetch", URL: tt.url}); got.Decision != tt.want {
			t.Errorf("%s, %s: %v (%s), want %v", tt.rule, tt.url, got.Decision, got.Reason, tt.want)
		}
	}
	for _, bad := range []string{"domain:[zz]", "domain:[::1", "domain:1::2::3"} {
		if _, err := ParseRule(RuleDeny, "WebFetch("+bad+")"); err == nil {
			t.Errorf("WebFetch(%s) parsed", bad)
		}
	}
}

// TestFetchUnknownHostWholeToolAllow: a rule allowing the whole tool
// allows a host fetchHost does not map (an internationalised name), as it
// did before hosts were read as Node reads them; a domain rule does not.
func TestFetchUnknownHostWholeToolAllow(t *testing.T) {
	t.Parallel()
	if got := engine(t, ModeDefault, "allow:WebFetch").Check(Call{Tool: "WebFetch", URL: "https://bücher.de/"}); got.Decision != Allow {
		t.Errorf("allow:WebFetch, an IDN host: %v (%s)", got.Decision, got.Reason)
	}
	if got := engine(t, ModeDefault, "allow:WebFetch", "deny:WebFetch(domain:example.com)").Check(Call{Tool: "WebFetch", URL: "https://bücher.de/"}); got.Decision != Ask {
		t.Errorf("allow:WebFetch beside a domain deny, an IDN host: %v (%s), want ask", got.Decision, got.Reason)
	}
	if _, err := ParseRule(RuleDeny, "WebFetch(domain:localhost:3000)"); err == nil || !strings.Contains(err.Error(), "not a port") {
		t.Errorf("domain:localhost:3000: %v, want it refused for naming a port", err)
	}
}
