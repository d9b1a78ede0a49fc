package permission

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// settingStrings renders settings as "value@line".
func settingStrings[T any](l []Setting[T]) string {
	var out []string
	for _, s := range l {
		out = append(out, fmt.Sprintf("%v@%d", s.Value, s.Origin.Line))
	}
	return strings.Join(out, " ")
}

func TestParseSandbox(t *testing.T) {
	t.Parallel()
	const yamlFile = `sandbox:
  filesystem:
    allowRead: [~/notes, /opt/sdk/**]
    allowWrite:
      - ../build
      - //tmp/out
    denyRead: [.env, $HOME/.aws]
  network:
    mode: none
    allowConnect: [443, 0x50]
    allowBind: [8080]
    allowUnixSockets: true
  env:
    pass: [GITHUB_TOKEN]
    drop: [MY_*, DEBUG]
  presets: [go, git]
  timeout: 10m
  bestEffort: false
audit: logs/audit.jsonl
`
	// Claude Code's shape: failIfUnavailable, allowAllUnixSockets, and keys
	// that configure Claude Code's own runner, accepted silently.
	const jsonFile = `{
  "sandbox": {
    "enabled": true,
    "autoAllowBashIfSandboxed": true,
    "excludedCommands": ["docker"],
    "failIfUnavailable": true,
    "filesystem": {
      "allowWrite": ["~/.kube", "/tmp/build"],
      "denyRead": ["~/.aws/credentials"],
      "allowManagedReadPathsOnly": false
    },
    "network": {"allowAllUnixSockets": false, "allowLocalBinding": true, "httpProxyPort": 8080},
    "timeout": 90
  }
}`
	t.Run("YAML", func(t *testing.T) {
		t.Parallel()
		s, err := ParseSettings("f.yaml", []byte(yamlFile), "/proj")
		if err != nil {
			t.Fatal(err)
		}
		sb := s.Sandbox
		for _, c := range []struct{ name, got, want string }{
			{"allowRead", settingStrings(sb.AllowRead), "~/notes@3 /opt/sdk@3"},
			{"allowWrite", settingStrings(sb.AllowWrite), "../build@5 //tmp/out@6"},
			{"denyRead", settingStrings(sb.DenyRead), ".env@7 $HOME/.aws@7"},
			{"allowConnect", settingStrings(sb.AllowConnect), "443@10 80@10"},
			{"allowBind", settingStrings(sb.AllowBind), "8080@11"},
			{"env.pass", settingStrings(sb.EnvPass), "GITHUB_TOKEN@14"},
			{"env.drop", settingStrings(sb.EnvDrop), "MY_*@15 DEBUG@15"},
			{"presets", settingStrings(sb.Presets), "go@16 git@16"},
			{"network.mode", settingStrings([]Setting[string]{sb.NetworkMode}), "none@9"},
			{"allowUnixSockets", settingStrings([]Setting[bool]{sb.AllowUnixSockets}), "true@12"},
			{"timeout", settingStrings([]Setting[time.Duration]{sb.Timeout}), "10m0s@17"},
			{"bestEffort", settingStrings([]Setting[bool]{sb.BestEffort}), "false@18"},
			{"audit", settingStrings([]Setting[string]{s.Audit}), "logs/audit.jsonl@19"},
		} {
			if c.got != c.want {
				t.Errorf("%s = %q, want %q", c.name, c.got, c.want)
			}
		}
		if sb.AllowRead[0].Origin.File != "f.yaml" || len(s.Warnings) != 0 {
			t.Errorf("origin %+v, warnings %q", sb.AllowRead[0].Origin, s.Warnings)
		}
	})
	t.Run("Claude Code JSON", func(t *testing.T) {
		t.Parallel()
		s, err := ParseSettings(".claude/settings.json", []byte(jsonFile), "/proj")
		if err != nil {
			t.Fatal(err)
		}
		sb := s.Sandbox
		if got := settingStrings(sb.AllowWrite); got != "~/.kube@8 /tmp/build@8" {
			t.Errorf("allowWrite = %q", got)
		}
		if got := settingStrings(sb.DenyRead); got != "~/.aws/credentials@9" {
			t.Errorf("denyRead = %q", got)
		}
		// failIfUnavailable: true is bestEffort: false.
		if !sb.BestEffort.IsSet() || sb.BestEffort.Value || sb.BestEffort.Origin.Line != 6 {
			t.Errorf("bestEffort = %+v, want false from line 6", sb.BestEffort)
		}
		if !sb.AllowUnixSockets.IsSet() || sb.AllowUnixSockets.Value {
			t.Errorf("allowUnixSockets = %+v, want false", sb.AllowUnixSockets)
		}
		if sb.Timeout.Value != 90*time.Second {
			t.Errorf("timeout = %v, want 90s (a number is seconds)", sb.Timeout.Value)
		}
		if len(s.Warnings) != 0 {
			t.Errorf("warnings %q, want none", s.Warnings)
		}
	})
}

func TestParseSandboxLimits(t *testing.T) {
	t.Parallel()
	const yamlFile = `sandbox:
  limits:
    mem: 2G
    cpu: 10m
    nproc: 512
    fsize: 1G
    nofile: 1024
  keepCaps: [CAP_NET_BIND_SERVICE, net_raw]
`
	const jsonFile = `{"sandbox": {
  "limits": {"mem": "512MiB", "cpu": 90, "fsize": 4096,
    "nofile": 64},
  "keepCaps": ["cap_chown"]}}`
	tests := []struct {
		name, path, data string
		want             string // "key=value@line", space-separated
	}{
		{"YAML", "f.yaml", yamlFile, "mem=2G@3 cpu=10m0s@4 nproc=512@5 fsize=1G@6 nofile=1024@7 caps=CAP_NET_BIND_SERVICE@8 CAP_NET_RAW@8"},
		{"JSON: a number is bytes or seconds", "f.json", jsonFile, "mem=512M@2 cpu=1m30s@2 fsize=4K@2 nofile=64@3 caps=CAP_CHOWN@4"},
		{"sizes in every unit", "f", "sandbox: {limits: {mem: 3T, fsize: 100}}\n", "mem=3T@1 fsize=100@1"},
		{"null limits", "f", "sandbox:\n  limits:\n    mem: ~\n  keepCaps:\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, err := ParseSettings(tt.path, []byte(tt.data), "/proj")
			if err != nil {
				t.Fatal(err)
			}
			l := s.Sandbox.Limits
			var parts []string
			for _, v := range []struct {
				key string
				set bool
				v   any
				o   Origin
			}{{"mem", l.Mem.IsSet(), l.Mem.Value, l.Mem.Origin}, {"cpu", l.CPU.IsSet(), l.CPU.Value, l.CPU.Origin}, {"nproc", l.NProc.IsSet(), l.NProc.Value, l.NProc.Origin},
				{"fsize", l.FSize.IsSet(), l.FSize.Value, l.FSize.Origin}, {"nofile", l.NoFile.IsSet(), l.NoFile.Value, l.NoFile.Origin}} {
				if v.set {
					parts = append(parts, fmt.Sprintf("%s=%v@%d", v.key, v.v, v.o.Line))
					if v.o.File != tt.path {
						t.Errorf("%s from %q, want %q", v.key, v.o.File, tt.path)
					}
				}
			}
			if c := settingStrings(s.Sandbox.KeepCaps); c != "" {
				parts = append(parts, "caps="+c)
			}
			if got := strings.Join(parts, " "); got != tt.want {
				t.Errorf("parsed %s, want %s", got, tt.want)
			}
			if len(s.Warnings) != 0 {
				t.Errorf("warnings %q", s.Warnings)
			}
		})
	}
}

func TestParseSize(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in      string
		want    Size
		str     string
		wantErr string
	}{
		{"512", 512, "512", ""},
		{"4K", 4 << 10, "4K", ""},
		{"4kb", 4 << 10, "4K", ""},
		{" 512MiB ", 512 << 20, "512M", ""},
		{"1536M", 1536 << 20, "1536M", ""},
		{"2G", 2 << 30, "2G", ""},
		{"1t", 1 << 40, "1T", ""},
		{"1025", 1025, "1025", ""},
		{"0", 0, "", `size "0": want a positive whole number`},
		{"-1", 0, "", `size "-1": want a positive whole number`},
		{"1.5G", 0, "", `size "1.5G": want a positive whole number`},
		{"lots", 0, "", `size "lots": want a positive whole number with an optional unit K, M, G or T`},
		{"G", 0, "", `size "G": want`},
		{"16777216T", 0, "", `size "16777216T": too large`},
	} {
		got, err := ParseSize(tt.in)
		switch {
		case tt.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseSize(%q) = %d, %v; want an error containing %q", tt.in, got, err, tt.wantErr)
			}
		case err != nil || got != tt.want || got.String() != tt.str:
			t.Errorf("ParseSize(%q) = %d (%s), %v; want %d (%s)", tt.in, got, got, err, tt.want, tt.str)
		}
	}
}

func TestCapabilityName(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want string }{
		{"CAP_NET_BIND_SERVICE", "CAP_NET_BIND_SERVICE"}, {"net_raw", "CAP_NET_RAW"}, {" cap_chown ", "CAP_CHOWN"},
		{"", ""}, {"CAP_", ""}, {"CAP NET", ""}, {"cap_*", ""}, {"ALL=1", ""},
	} {
		got, err := CapabilityName(tt.in)
		if got != tt.want || (err != nil) != (tt.want == "") {
			t.Errorf("CapabilityName(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestParseSandboxWarnings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, data string
		want       []string // substrings, one per warning
	}{
		{"an unknown sandbox key", "sandbox:\n  presents: [go]\n", []string{`f:2: unknown key "presents" in sandbox`}},
		{"an unknown filesystem key", "sandbox:\n  filesystem:\n    allowread: []\n", []string{`f:3: unknown key "allowread" in sandbox.filesystem`}},
		{"an unknown network key", "sandbox: {network: {ports: []}}\n", []string{`f:1: unknown key "ports" in sandbox.network`}},
		{"an unknown env key", "sandbox:\n  env:\n    keep: [A]\n", []string{`f:3: unknown key "keep" in sandbox.env`}},
		{"Claude Code's denyWrite is not enforced", "sandbox:\n  filesystem:\n    denyWrite: [/etc]\n", []string{`f:3: sandbox.filesystem.denyWrite is not enforced`}},
		{"domains are not filtered", "sandbox:\n  network:\n    allowedDomains: [github.com]\n    deniedDomains: [x.com]\n",
			[]string{`f:3: sandbox.network.allowedDomains is ignored`, `f:4: sandbox.network.deniedDomains is ignored`}},
		{"socket paths are not honoured", "sandbox:\n  network:\n    allowUnixSockets: [/var/run/docker.sock]\n",
			[]string{`f:3: sandbox.network.allowUnixSockets: mewsandbox cannot allow single unix socket paths`}},
		{"an empty socket path list says nothing", "sandbox: {network: {allowUnixSockets: []}}\n", nil},
		{"Claude Code's runner keys are silent", "sandbox: {enabled: true, excludedCommands: [git], ripgrep: {command: rg}, network: {socksProxyPort: 1}}\n", nil},
		{"null sections", "sandbox:\n  filesystem:\n  network: ~\n  env:\n", nil},
		{"a null sandbox", "sandbox:\naudit:\n", nil},
		{"an unknown limit", "sandbox:\n  limits:\n    memory: 2G\n", []string{`f:3: unknown key "memory" in sandbox.limits (the limits are mem, cpu, nproc, fsize and nofile)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, err := ParseSettings("f", []byte(tt.data), "")
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Warnings) != len(tt.want) {
				t.Fatalf("warnings %q, want %d", s.Warnings, len(tt.want))
			}
			for i, w := range tt.want {
				if !strings.Contains(s.Warnings[i], w) {
					t.Errorf("warning %q, want one containing %q", s.Warnings[i], w)
				}
			}
		})
	}
}

func TestParseSandboxRejects(t *testing.T) {
	t.Parallel()
	const path = ".mewsandbox/settings.yaml"
	tests := []struct {
		name, data, want string
	}{
		{"sandbox not a mapping", "sandbox: true\n", path + ":1: sandbox must be a mapping, not the boolean true"},
		{"filesystem not a mapping", "sandbox:\n  filesystem: [a]\n", path + ":2: sandbox.filesystem must be a mapping, not a list"},
		{"a path list that is a string", "sandbox:\n  filesystem:\n    allowWrite: /tmp\n", path + `:3: sandbox.filesystem.allowWrite must be a list of strings, not the string "/tmp"`},
		{"a path that is a number", "sandbox:\n  filesystem:\n    denyRead: [1]\n", path + ":3: sandbox.filesystem.denyRead[0]: want a string, not the number 1"},
		{"an empty path", "sandbox:\n  filesystem:\n    allowRead: ['']\n", path + ":3: sandbox.filesystem.allowRead[0]: empty path"},
		{"a glob", "sandbox:\n  filesystem:\n    denyRead: [a, '**/.env']\n", path + `:3: sandbox.filesystem.denyRead[1]: "**/.env": globs are not supported`},
		{"~user", "sandbox:\n  filesystem:\n    allowRead: [~bob/x]\n", path + `:3: sandbox.filesystem.allowRead[0]: "~bob/x": ~user paths are not supported`},
		{"a variable", "sandbox:\n  filesystem:\n    allowRead: [$GOPATH/pkg]\n", path + `:3: sandbox.filesystem.allowRead[0]: "$GOPATH/pkg": variables other than $HOME`},
		{"an unknown network mode", "sandbox:\n  network:\n    mode: some\n", path + `:3: sandbox.network.mode: unknown mode "some" (want "none" or "all")`},
		{"a network mode that is not a string", "sandbox:\n  network:\n    mode: [all]\n", path + `:3: sandbox.network.mode must be a string, not a list`},
		{"port 0", "sandbox:\n  network:\n    allowConnect: [0]\n", path + ":3: sandbox.network.allowConnect[0]: port \"0\" is out of range (want 1-65535)"},
		{"port 70000", "sandbox:\n  network:\n    allowBind: [80, 70000]\n", path + ":3: sandbox.network.allowBind[1]: port \"70000\" is out of range"},
		{"a negative port", "sandbox:\n  network:\n    allowConnect: [-1]\n", path + ":3: sandbox.network.allowConnect[0]: port \"-1\" is out of range"},
		{"a port as a string", "sandbox:\n  network:\n    allowConnect: ['443']\n", path + `:3: sandbox.network.allowConnect[0]: want a TCP port number, not the string "443"`},
		{"a port that is a float", "sandbox:\n  network:\n    allowConnect: [44.3]\n", path + `:3: sandbox.network.allowConnect[0]: want a TCP port number, not the number 44.3`},
		{"ports that are not a list", "sandbox:\n  network:\n    allowConnect: 443\n", path + ":3: sandbox.network.allowConnect must be a list of TCP ports, not the number 443"},
		{"allowUnixSockets that is a string", "sandbox:\n  network:\n    allowUnixSockets: yes\n", path + `:3: sandbox.network.allowUnixSockets must be true or false, not the string "yes"`},
		{"a negative timeout", "sandbox:\n  timeout: -5s\n", path + ":2: sandbox.timeout \"-5s\": must be positive"},
		{"a zero timeout", "sandbox:\n  timeout: 0\n", path + ":2: sandbox.timeout \"0\": must be positive"},
		{"a timeout in words", "sandbox:\n  timeout: ten minutes\n", path + `:2: sandbox.timeout "ten minutes": want a duration such as 90s or 10m`},
		{"a huge timeout", "sandbox:\n  timeout: 99999999999999\n", path + ":2: sandbox.timeout \"99999999999999\": too large"},
		{"a timeout that is a list", "sandbox:\n  timeout: [1]\n", path + ":2: sandbox.timeout must be a duration"},
		{"bestEffort that is a string", "sandbox:\n  bestEffort: \"true\"\n", path + `:2: sandbox.bestEffort must be true or false, not the string "true"`},
		{"bestEffort and failIfUnavailable disagree", "sandbox:\n  bestEffort: true\n  failIfUnavailable: true\n",
			path + ":3: sandbox.failIfUnavailable contradicts line 2, which sets the same thing the other way"},
		{"allowUnixSockets and allowAllUnixSockets disagree", "sandbox:\n  network:\n    allowUnixSockets: true\n    allowAllUnixSockets: false\n",
			path + ":4: sandbox.network.allowAllUnixSockets contradicts line 3"},
		{"env.pass with a wildcard", "sandbox:\n  env:\n    pass: [AWS_*]\n", path + `:3: sandbox.env.pass[0]: "AWS_*": exact names only here`},
		{"an env name with =", "sandbox:\n  env:\n    drop: [A=1]\n", path + `:3: sandbox.env.drop[0]: "A=1" is not a name`},
		{"a malformed drop pattern", "sandbox:\n  env:\n    drop: ['A[']\n", path + `:3: sandbox.env.drop[0]: "A[": malformed pattern`},
		{"presets not a list", "sandbox:\n  presets: go\n", path + `:2: sandbox.presets must be a list of strings, not the string "go"`},
		{"an audit file that is a mapping", "audit: {file: x}\n", path + ":1: audit must be a string, not a mapping"},
		{"an audit file that is a glob", "audit: 'logs/*.jsonl'\n", path + `:1: audit: "logs/*.jsonl": globs are not supported`},
		{"a key given twice", "sandbox:\n  network:\n    mode: all\n    mode: none\n", path + `:4: key "sandbox.network.mode" given twice (first at line 3)`},
		{"limits not a mapping", "sandbox:\n  limits: [2G]\n", path + ":2: sandbox.limits must be a mapping, not a list"},
		{"a size in words", "sandbox:\n  limits:\n    mem: lots\n", path + `:3: sandbox.limits.mem: size "lots": want a positive whole number with an optional unit K, M, G or T`},
		{"a zero size", "sandbox:\n  limits:\n    fsize: 0\n", path + `:3: sandbox.limits.fsize: size "0": want a positive whole number`},
		{"a negative size", "sandbox:\n  limits:\n    mem: -1\n", path + `:3: sandbox.limits.mem: size "-1": want a positive whole number`},
		{"a fractional size", "sandbox:\n  limits:\n    mem: 1.5G\n", path + `:3: sandbox.limits.mem: size "1.5G": want a positive whole number`},
		{"a size that is a float", "sandbox:\n  limits:\n    mem: 1.5\n", path + ":3: sandbox.limits.mem must be a size such as 512M or 2G, not the number 1.5"},
		{"a size too large", "sandbox:\n  limits:\n    mem: 99999999T\n", path + `:3: sandbox.limits.mem: size "99999999T": too large`},
		{"a CPU limit in words", "sandbox:\n  limits:\n    cpu: a while\n", path + `:3: sandbox.limits.cpu "a while": want a duration such as 90s or 10m, or a number of seconds`},
		// UX3: a misspelt key that holds restrictions silently dropped them
		// with a warning no hook user sees: the run went ahead without
		// the denyRead, the limits, the env.drop or the network mode.
		{"UX3 a nofile limit below 4", "sandbox:\n  limits:\n    nofile: 2\n", path + `:3: sandbox.limits.nofile "2": want 4 or more`},
		{"UX3 a misspelt filesystem", "sandbox:\n  filesytem:\n    denyRead: [.env]\n", path + `:2: unknown key "filesytem" in sandbox: want "filesystem" (a misspelt key would silently drop what it holds)`},
		{"UX3 a misspelt denyRead", "sandbox:\n  filesystem:\n    denyReed: [.env]\n", path + `:3: unknown key "denyReed" in sandbox.filesystem: want "denyRead"`},
		{"UX3 denyRead in another case", "sandbox:\n  filesystem:\n    denyread: [.env]\n", path + `:3: unknown key "denyread" in sandbox.filesystem: want "denyRead"`},
		{"UX3 a misspelt limits", "sandbox:\n  limts:\n    mem: 1G\n", path + `:2: unknown key "limts" in sandbox: want "limits"`},
		{"UX3 a misspelt limit", "sandbox:\n  limits:\n    nprco: 10\n", path + `:3: unknown key "nprco" in sandbox.limits: want "nproc"`},
		{"UX3 a misspelt timeout", "sandbox:\n  timout: 10m\n", path + `:2: unknown key "timout" in sandbox: want "timeout"`},
		{"UX3 a misspelt env", "sandbox:\n  evn:\n    drop: [A]\n", path + `:2: unknown key "evn" in sandbox: want "env"`},
		{"UX3 a misspelt drop", "sandbox:\n  env:\n    dorp: [A]\n", path + `:3: unknown key "dorp" in sandbox.env: want "drop"`},
		{"UX3 a misspelt network", "sandbox:\n  netwrk:\n    mode: none\n", path + `:2: unknown key "netwrk" in sandbox: want "network"`},
		{"UX3 a misspelt network mode", "sandbox:\n  network:\n    Mode: none\n", path + `:3: unknown key "Mode" in sandbox.network: want "mode"`},
		{"UX3 a misspelt failIfUnavailable", "sandbox:\n  failIfUnavailible: true\n", path + `:2: unknown key "failIfUnavailible" in sandbox: want "failIfUnavailable"`},
		{"UX3 a misspelt lockFilesystem", "sandbox:\n  lockFileSystem: true\n", path + `:2: unknown key "lockFileSystem" in sandbox: want "lockFilesystem"`},
		{"a zero CPU limit", "sandbox:\n  limits:\n    cpu: 0s\n", path + ":3: sandbox.limits.cpu \"0s\": must be positive"},
		{"a CPU limit that is a boolean", "sandbox:\n  limits:\n    cpu: true\n", path + ":3: sandbox.limits.cpu must be a duration such as 90s or 10m, or a number of seconds, not the boolean true"},
		{"a zero count", "sandbox:\n  limits:\n    nofile: 0\n", path + ":3: sandbox.limits.nofile \"0\": want a positive whole number"},
		{"a negative count", "sandbox:\n  limits:\n    nproc: -5\n", path + ":3: sandbox.limits.nproc \"-5\": want a positive whole number"},
		{"a count as a string", "sandbox:\n  limits:\n    nofile: '1024'\n", path + `:3: sandbox.limits.nofile must be a whole number, not the string "1024"`},
		{"a count that is a float", "sandbox:\n  limits:\n    nproc: 1e3\n", path + ":3: sandbox.limits.nproc must be a whole number, not the number 1e3"},
		{"a limit given twice", "sandbox:\n  limits:\n    mem: 1G\n    mem: 2G\n", path + `:4: key "sandbox.limits.mem" given twice (first at line 3)`},
		{"keepCaps not a list", "sandbox:\n  keepCaps: CAP_CHOWN\n", path + `:2: sandbox.keepCaps must be a list of strings, not the string "CAP_CHOWN"`},
		{"a capability that is a number", "sandbox:\n  keepCaps: [10]\n", path + ":2: sandbox.keepCaps[0]: want a string, not the number 10"},
		{"a capability that cannot be one", "sandbox:\n  keepCaps:\n    - CAP_CHOWN\n    - 'CAP NET'\n", path + `:4: sandbox.keepCaps[1]: "CAP NET" is not a capability name`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, err := ParseSettings(path, []byte(tt.data), "/proj")
			if err == nil {
				t.Fatalf("ParseSettings succeeded: %+v", s.Sandbox)
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error:\n got %s\nwant %s…", err, tt.want)
			}
			var se *SettingsError
			if !errors.As(err, &se) || se.Path != path {
				t.Errorf("error %T does not carry the path", err)
			}
		})
	}
}

// sandboxFiles writes settings files at the scopes named ("managed",
// "user", "project", "claude" (the project's .claude/settings.json),
// "local", "extra") and returns the discovery that finds them.
//
// The project is trusted (--trust-project): these cases are about how
// scopes merge, and a project's own grants beyond it are dropped
// otherwise (TestProjectConfinedS61).
func sandboxFiles(t *testing.T, files map[string]string) Discovery {
	t.Helper()
	d := testDiscovery(t)
	d.TrustProject = true
	writeScopeFiles(t, &d, files)
	return d
}

// writeScopeFiles writes settings files at the scopes named (see
// sandboxFiles) for the discovery d, adding an "extra" one to d.Extra.
func writeScopeFiles(t *testing.T, d *Discovery, files map[string]string) {
	t.Helper()
	for where, content := range files {
		switch where {
		case "managed":
			writeSettingsFile(t, filepath.Dir(d.ManagedPath), filepath.Base(d.ManagedPath), content)
		case "user":
			writeSettingsFile(t, d.Home, ".config/mewsandbox/settings.yaml", content)
		case "project":
			writeSettingsFile(t, d.Root, ".mewsandbox/settings.yaml", content)
		case "claude":
			writeSettingsFile(t, d.Root, ".claude/settings.json", content)
		case "local":
			writeSettingsFile(t, d.Root, ".mewsandbox/settings.local.yaml", content)
		case "extra":
			d.Extra = append(d.Extra, writeSettingsFile(t, filepath.Join(filepath.Dir(d.Root), "ci"), "ci.yaml", content))
		default:
			t.Fatalf("unknown scope %q", where)
		}
	}
}

// describeSandbox renders the merged section for comparison, paths
// relative to the discovery's temp directory ("T").
func describeSandbox(d Discovery, sb Sandbox) string {
	tmp := filepath.Dir(d.Root)
	var parts []string
	add := func(key, v string) {
		if v != "" {
			parts = append(parts, key+"="+strings.ReplaceAll(v, tmp, "T"))
		}
	}
	add("allowRead", settingStrings(sb.AllowRead))
	add("allowWrite", settingStrings(sb.AllowWrite))
	add("denyRead", settingStrings(sb.DenyRead))
	add("allowConnect", settingStrings(sb.AllowConnect))
	add("allowBind", settingStrings(sb.AllowBind))
	add("pass", settingStrings(sb.EnvPass))
	add("drop", settingStrings(sb.EnvDrop))
	add("presets", settingStrings(sb.Presets))
	if sb.NetworkMode.IsSet() {
		add("mode", sb.NetworkMode.Value+"@"+sb.NetworkMode.Origin.Scope.String())
	}
	for _, b := range []struct {
		key string
		s   Setting[bool]
	}{{"unix", sb.AllowUnixSockets}, {"bestEffort", sb.BestEffort}, {"lock", sb.LockFilesystem}} {
		if b.s.IsSet() {
			add(b.key, fmt.Sprintf("%v@%s", b.s.Value, b.s.Origin.Scope))
		}
	}
	if sb.Timeout.IsSet() {
		add("timeout", fmt.Sprintf("%v@%s", sb.Timeout.Value, sb.Timeout.Origin.Scope))
	}
	add("caps", settingStrings(sb.KeepCaps))
	l := sb.Limits
	for _, v := range []struct {
		key string
		set bool
		v   any
		o   Origin
	}{{"mem", l.Mem.IsSet(), l.Mem.Value, l.Mem.Origin}, {"cpu", l.CPU.IsSet(), l.CPU.Value, l.CPU.Origin}, {"nproc", l.NProc.IsSet(), l.NProc.Value, l.NProc.Origin},
		{"fsize", l.FSize.IsSet(), l.FSize.Value, l.FSize.Origin}, {"nofile", l.NoFile.IsSet(), l.NoFile.Value, l.NoFile.Origin}} {
		if v.set {
			scope := v.o.Scope.String()
			if v.o.Flag != "" {
				scope = v.o.Flag
			}
			add(v.key, fmt.Sprintf("%v@%s", v.v, scope))
		}
	}
	return strings.Join(parts, " ")
}

func TestLoadSandbox(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		files   map[string]string
		want    string // describeSandbox of the result
		wantErr string // substrings of the error, "|"-separated
	}{
		{"relative paths start at the project root, ~ at the home directory", map[string]string{
			"project": "sandbox:\n  filesystem:\n    allowWrite: [build, ../shared, ~/.cache/x, //abs/**]\n    denyRead: [.env]\n"},
			"allowWrite=T/proj/build@3 T/shared@3 T/home/.cache/x@3 /abs@3 denyRead=T/proj/.env@4", ""},
		{"/path is relative to the project, //path absolute, as in Claude Code", map[string]string{
			"project": "sandbox:\n  filesystem:\n    allowRead: [/docs, //opt/sdk, /**, //**]\n    allowWrite: [/build/**]\n"},
			"allowRead=T/proj/docs@3 /opt/sdk@3 T/proj@3 /@3 allowWrite=T/proj/build@4", ""},
		{"a denyRead /path denies both readings: the project's and the absolute one", map[string]string{
			"claude": `{"sandbox": {"filesystem": {"denyRead": ["/secrets", "//etc/shadow", "./x"]}}}`},
			"denyRead=T/proj/secrets@1 /secrets@1 /etc/shadow@1 T/proj/x@1", ""},
		{"the user's /path is in the home directory", map[string]string{
			"user": "sandbox: {filesystem: {allowRead: [/notes], denyRead: [/.aws]}}\n"},
			"allowRead=T/home/notes@1 denyRead=T/home/.aws@1 /.aws@1", ""},
		{"the managed file's /path is in the project", map[string]string{
			"managed": "sandbox: {filesystem: {denyRead: [/.env]}}\n"},
			"denyRead=T/proj/.env@1 /.env@1", ""},
		{"a grant inside the absolute reading of a denied /path", map[string]string{
			"project": "sandbox:\n  filesystem:\n    denyRead: [/srv]\n    allowRead: [//srv/pub]\n"},
			"", "settings.yaml:4: sandbox.filesystem.allowRead /srv/pub: denyRead /srv at |settings.yaml:3 covers it"},
		{"the user's relative paths start at the home directory", map[string]string{
			"user": "sandbox: {filesystem: {allowRead: [notes]}}\n"},
			"allowRead=T/home/notes@1", ""},
		{"the managed file's relative paths start at its directory", map[string]string{
			"managed": "sandbox: {filesystem: {denyRead: [secrets]}}\n"},
			"denyRead=T/etc/secrets@1", ""},
		{"a --settings file's relative paths start at its directory", map[string]string{
			"extra": "sandbox: {filesystem: {allowRead: [data]}}\n"},
			"allowRead=T/ci/data@1", ""},
		{"lists are unioned across scopes, without repeats", map[string]string{
			"managed": "sandbox: {filesystem: {denyRead: [//m]}, env: {drop: [A]}}\n",
			"user":    "sandbox: {filesystem: {denyRead: [//u, //m]}, presets: [go]}\n",
			"project": "sandbox: {filesystem: {allowRead: [//p]}, presets: [go, git], network: {allowConnect: [443]}}\n",
			"local":   "sandbox: {network: {allowConnect: [443, 80]}, env: {pass: [B]}}\n"},
			"allowRead=/p@1 denyRead=/m@1 /u@1 allowConnect=443@1 80@1 pass=B@1 drop=A@1 presets=go@1 git@1", ""},
		{"a higher scope's scalar wins", map[string]string{
			"user":    "sandbox: {network: {mode: none}, timeout: 1m, bestEffort: true}\n",
			"project": "sandbox: {network: {mode: all}, timeout: 5m}\n",
			"local":   "sandbox: {timeout: 2m, bestEffort: false}\n"},
			"mode=all@project bestEffort=false@local timeout=2m0s@local", ""},
		{"a --settings file is above local", map[string]string{
			"local": "sandbox: {network: {mode: all}}\n",
			"extra": "sandbox: {network: {mode: none}}\n"},
			"mode=none@command line", ""},
		{"two files of one scope that agree", map[string]string{
			"project": "sandbox: {bestEffort: false}\n",
			"claude":  `{"sandbox": {"failIfUnavailable": true}}`},
			"bestEffort=false@project", ""},
		{"two files of one scope that disagree", map[string]string{
			"project": "sandbox:\n  bestEffort: true\n",
			"claude":  "{\"sandbox\": {\n  \"failIfUnavailable\": true}}"},
			"", ".claude/settings.json:2: sandbox.bestEffort false contradicts true at |.mewsandbox/settings.yaml:2 (both project settings)"},
		{"a grant inside a denied path", map[string]string{
			"user":    "sandbox:\n  filesystem:\n    denyRead: [~/.aws]\n",
			"project": "sandbox:\n  filesystem:\n    allowRead: [~/.aws/config]\n"},
			"", ".mewsandbox/settings.yaml:3: sandbox.filesystem.allowRead |/home/.aws/config: denyRead |/home/.aws at |settings.yaml:3 covers it"},
		{"one path allowed for writing and denied", map[string]string{
			"project": "sandbox:\n  filesystem:\n    allowWrite: [out]\n    denyRead: [out]\n"},
			"", "settings.yaml:3: sandbox.filesystem.allowWrite |/proj/out: denyRead |/proj/out at |settings.yaml:4 covers it"},
		{"a grant around a denied path is fine", map[string]string{
			"project": "sandbox: {filesystem: {allowWrite: [//data], denyRead: [//data/secret]}}\n"},
			"allowWrite=/data@1 denyRead=/data/secret@1", ""},
		{"a passed name that a drop pattern matches", map[string]string{
			"managed": "sandbox:\n  env:\n    drop: ['*_TOKEN']\n",
			"project": "sandbox:\n  env:\n    pass: [GITHUB_TOKEN]\n"},
			"", ".mewsandbox/settings.yaml:3: sandbox.env.pass GITHUB_TOKEN is dropped by sandbox.env.drop *_TOKEN at |managed-settings.yaml:3"},

		// The managed file can only be tightened.
		{"managed none cannot become all", map[string]string{
			"managed": "sandbox:\n  network: {mode: none}\n",
			"project": "sandbox:\n  network:\n    mode: all\n"},
			"", ".mewsandbox/settings.yaml:3: sandbox.network.mode all relaxes the managed none at |managed-settings.yaml:2: the managed settings can only be tightened"},
		{"managed all can become none", map[string]string{
			"managed": "sandbox: {network: {mode: all}}\n",
			"project": "sandbox: {network: {mode: none}}\n"},
			"mode=none@project", ""},
		{"managed none takes no ports from elsewhere", map[string]string{
			"managed": "sandbox:\n  network: {mode: none, allowConnect: [443]}\n",
			"user":    "sandbox:\n  network:\n    allowConnect: [443, 22]\n"},
			"", "settings.yaml:3: sandbox.network.allowConnect 22: the managed settings fix the network to none at |managed-settings.yaml:2; only they can open ports"},
		{"managed ports stand", map[string]string{
			"managed": "sandbox: {network: {mode: none, allowBind: [8080]}}\n",
			"project": "sandbox: {timeout: 1m}\n"},
			"allowBind=8080@1 mode=none@managed timeout=1m0s@project", ""},
		{"managed bestEffort false cannot be relaxed", map[string]string{
			"managed": "sandbox: {failIfUnavailable: true}\n",
			"claude":  `{"sandbox": {"failIfUnavailable": false}}`},
			"", ".claude/settings.json:1: sandbox.bestEffort true relaxes the managed false at"},
		{"managed unix sockets false cannot be relaxed", map[string]string{
			"managed": "sandbox: {network: {allowUnixSockets: false}}\n",
			"local":   "sandbox: {network: {allowAllUnixSockets: true}}\n"},
			"", "settings.local.yaml:1: sandbox.network.allowUnixSockets true relaxes the managed false"},
		{"a managed timeout is a maximum", map[string]string{
			"managed": "sandbox: {timeout: 10m}\n",
			"project": "sandbox: {timeout: 1h}\n"},
			"", "settings.yaml:1: sandbox.timeout 1h0m0s relaxes the managed 10m0s"},
		{"a shorter timeout than the managed one", map[string]string{
			"managed": "sandbox: {timeout: 10m}\n",
			"project": "sandbox: {timeout: 5m}\n"},
			"timeout=5m0s@project", ""},
		{"a managed denyRead cannot be lifted by a grant inside it", map[string]string{
			"managed": "sandbox:\n  filesystem: {denyRead: [//srv/keys]}\n",
			"project": "sandbox:\n  filesystem:\n    allowRead: [//srv/keys]\n"},
			"", "settings.yaml:3: sandbox.filesystem.allowRead /srv/keys: denyRead /srv/keys at |managed-settings.yaml:2 covers it"},
		{"a managed lock keeps other sources from granting paths", map[string]string{
			"managed": "sandbox:\n  lockFilesystem: true\n  filesystem: {allowRead: [//opt/tools]}\n",
			"project": "sandbox:\n  filesystem:\n    allowWrite: [//var/tmp]\n"},
			"", "settings.yaml:3: sandbox.filesystem.allowWrite /var/tmp: the managed settings lock the filesystem at |managed-settings.yaml:2, so only they grant paths"},
		{"a managed lock keeps other sources from adding presets", map[string]string{
			"managed": "sandbox: {lockFilesystem: true}\n",
			"user":    "sandbox:\n  presets: [go]\n"},
			"", "settings.yaml:2: sandbox.presets go: the managed settings lock the filesystem"},
		{"a managed lock takes back its own grants", map[string]string{
			"managed": "sandbox: {lockFilesystem: true, filesystem: {allowRead: [//opt/tools]}, presets: [git]}\n",
			"project": "sandbox: {filesystem: {allowRead: [//opt/tools]}, presets: [git]}\n"},
			"allowRead=/opt/tools@1 presets=git@1 lock=true@managed", ""},
		{"a managed lock still takes denies", map[string]string{
			"managed": "sandbox: {lockFilesystem: true, filesystem: {allowRead: [//opt/tools]}}\n",
			"project": "sandbox: {filesystem: {denyRead: [.env]}}\n"},
			"allowRead=/opt/tools@1 denyRead=T/proj/.env@1 lock=true@managed", ""},
		{"a lock outside the managed file does nothing", map[string]string{
			"project": "sandbox: {lockFilesystem: true}\n",
			"local":   "sandbox: {filesystem: {allowRead: [//x]}}\n"},
			"allowRead=/x@1", ""},

		// Resource limits are scalars, one by one; keepCaps is a list.
		{"each limit comes from the highest scope that sets it", map[string]string{
			"user":    "sandbox: {limits: {mem: 2G, cpu: 10m, nofile: 1024}}\n",
			"project": "sandbox: {limits: {mem: 4G, nproc: 512}}\n",
			"local":   "sandbox: {limits: {cpu: 30s, fsize: 1G}}\n"},
			"mem=4G@project cpu=30s@local nproc=512@project fsize=1G@local nofile=1024@user", ""},
		{"a lower limit from a higher scope replaces a larger one", map[string]string{
			"project": "sandbox: {limits: {nofile: 4096}}\n",
			"extra":   "sandbox: {limits: {nofile: 256}}\n"},
			"nofile=256@command line", ""},
		{"two files of one scope with different limits", map[string]string{
			"project": "sandbox:\n  limits:\n    nofile: 1024\n",
			"claude":  "{\"sandbox\": {\"limits\": {\n  \"nofile\": 2048}}}"},
			"", ".claude/settings.json:2: sandbox.limits.nofile 2048 contradicts 1024 at |.mewsandbox/settings.yaml:3 (both project settings)"},
		{"one size written two ways is one limit", map[string]string{
			"project": "sandbox: {limits: {mem: 1G}}\n",
			"claude":  `{"sandbox": {"limits": {"mem": 1073741824}}}`},
			"mem=1G@project", ""},
		{"keepCaps are unioned", map[string]string{
			"user":    "sandbox: {keepCaps: [CAP_CHOWN]}\n",
			"project": "sandbox: {keepCaps: [net_bind_service, cap_chown]}\n"},
			"caps=CAP_CHOWN@1 CAP_NET_BIND_SERVICE@1", ""},

		// A managed limit is a ceiling.
		{"a managed limit cannot be raised", map[string]string{
			"managed": "sandbox:\n  limits:\n    mem: 2G\n",
			"project": "sandbox:\n  limits: {mem: 4G}\n"},
			"", ".mewsandbox/settings.yaml:2: sandbox.limits.mem 4G relaxes the managed 2G at |managed-settings.yaml:3: the managed settings can only be tightened"},
		{"a managed CPU limit cannot be raised", map[string]string{
			"managed": "sandbox: {limits: {cpu: 10m}}\n",
			"user":    "sandbox: {limits: {cpu: 3600}}\n"},
			"", "settings.yaml:1: sandbox.limits.cpu 1h0m0s relaxes the managed 10m0s at |managed-settings.yaml:1"},
		{"a managed count cannot be raised", map[string]string{
			"managed": "sandbox: {limits: {nproc: 512, nofile: 1024}}\n",
			"local":   "sandbox: {limits: {nproc: 100, nofile: 1025}}\n"},
			"", "settings.local.yaml:1: sandbox.limits.nofile 1025 relaxes the managed 1024 at |managed-settings.yaml:1"},
		{"a lower limit than the managed one", map[string]string{
			"managed": "sandbox: {limits: {mem: 2G, fsize: 1G, nofile: 1024}}\n",
			"project": "sandbox: {limits: {mem: 512M, nofile: 1024}}\n"},
			"mem=512M@project fsize=1G@managed nofile=1024@project", ""},
		{"a managed limit stays when nothing else sets it", map[string]string{
			"managed": "sandbox: {limits: {cpu: 10m}}\n",
			"project": "sandbox: {limits: {cpu: ~}, timeout: 1m}\n"},
			"timeout=1m0s@project cpu=10m0s@managed", ""},
		{"a managed keepCaps list is all that may be kept", map[string]string{
			"managed": "sandbox:\n  keepCaps: [CAP_NET_BIND_SERVICE]\n",
			"project": "sandbox:\n  keepCaps:\n    - CAP_NET_BIND_SERVICE\n    - CAP_SYS_ADMIN\n"},
			"", ".mewsandbox/settings.yaml:4: sandbox.keepCaps CAP_SYS_ADMIN: the managed settings at |managed-settings.yaml:2 let commands keep only CAP_NET_BIND_SERVICE"},
		{"an empty managed keepCaps lets nothing be kept", map[string]string{
			"managed": "sandbox: {keepCaps: []}\n",
			"user":    "sandbox:\n  keepCaps: [chown]\n"},
			"", "settings.yaml:2: sandbox.keepCaps CAP_CHOWN: the managed settings at |managed-settings.yaml:1 let commands keep none"},
		{"the managed keepCaps named again", map[string]string{
			"managed": "sandbox: {keepCaps: [CAP_NET_BIND_SERVICE, CAP_CHOWN]}\n",
			"project": "sandbox: {keepCaps: [net_bind_service]}\n"},
			"caps=CAP_NET_BIND_SERVICE@1 CAP_CHOWN@1", ""},
		{"without a managed keepCaps anything may be kept", map[string]string{
			"managed": "sandbox: {limits: {nofile: 64}}\n",
			"project": "sandbox: {keepCaps: [CAP_SYS_ADMIN]}\n"},
			"caps=CAP_SYS_ADMIN@1 nofile=64@managed", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := sandboxFiles(t, tt.files)
			c, err := Load(d)
			if tt.wantErr != "" {
				if err == nil {
					t.Fatalf("Load succeeded: %s", describeSandbox(d, c.Sandbox))
				}
				for _, w := range strings.Split(tt.wantErr, "|") {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q lacks %q", err, w)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := describeSandbox(d, c.Sandbox); got != tt.want {
				t.Errorf("merged:\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestLoadSandboxOrigins(t *testing.T) {
	t.Parallel()
	d := sandboxFiles(t, map[string]string{
		"user":    "sandbox:\n  network:\n    mode: all\n",
		"project": "# project\nsandbox:\n  filesystem:\n    denyRead: [.env]\n",
		"local":   "sandbox: {lockFilesystem: true}\n",
	})
	c, err := Load(d)
	if err != nil {
		t.Fatal(err)
	}
	userFile := filepath.Join(d.Home, ".config/mewsandbox/settings.yaml")
	if o := c.Sandbox.NetworkMode.Origin; o.File != userFile || o.Line != 3 || o.Scope != ScopeUser || o.String() != userFile+":3" {
		t.Errorf("network mode origin = %+v (%s)", o, o)
	}
	if o := c.Sandbox.DenyRead[0].Origin; o.Line != 4 || o.Scope != ScopeProject {
		t.Errorf("denyRead origin = %+v", o)
	}
	if len(c.Warnings) != 1 || !strings.Contains(c.Warnings[0], "settings.local.yaml:1: sandbox.lockFilesystem has effect only in the managed settings file") {
		t.Errorf("warnings %q", c.Warnings)
	}
}

// TestLoadSandboxMissingPaths: with Discovery.Exists, a denyRead that
// denies nothing here and a /path grant that is missing where its absolute
// reading is not are warnings naming the file and line.
func TestLoadSandboxMissingPaths(t *testing.T) {
	t.Parallel()
	d := sandboxFiles(t, map[string]string{
		"project": "sandbox:\n  filesystem:\n    denyRead:\n      - /secrets\n      - /here\n      - /there\n      - //nowhere\n    allowWrite: [/abs, /both]\n"})
	tmp := filepath.Dir(d.Root)
	there := map[string]bool{
		filepath.Join(d.Root, "here"): true, "/there": true, "/abs": true,
		filepath.Join(d.Root, "both"): true, "/both": true,
	}
	d.Exists = func(p string) bool { return there[p] }
	c, err := Load(d)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(d.Root, ".mewsandbox", "settings.yaml")
	want := []string{
		file + ":8: sandbox.filesystem.allowWrite /abs means T/proj/abs, which does not exist (/path is relative to the project root, as in Claude Code); write //abs for /abs",
		file + ":4: sandbox.filesystem.denyRead /secrets: neither T/proj/secrets nor /secrets exists, so it only keeps it from being created",
		file + ":7: sandbox.filesystem.denyRead //nowhere: /nowhere does not exist, so it only keeps it from being created",
	}
	var got []string
	for _, w := range c.Warnings {
		got = append(got, strings.ReplaceAll(w, tmp, "T"))
	}
	if len(got) != len(want) {
		t.Fatalf("warnings:\n%s\nwant %d", strings.Join(got, "\n"), len(want))
	}
	for i := range want {
		if w := strings.ReplaceAll(want[i], tmp, "T"); !strings.HasPrefix(got[i], w) {
			t.Errorf("warning %d:\n got %s\nwant %s…", i, got[i], w)
		}
	}
}

func TestLoadSandboxNoHome(t *testing.T) {
	t.Parallel()
	d := sandboxFiles(t, map[string]string{"project": "sandbox:\n  filesystem:\n    allowRead: [~/x]\n"})
	d.Home = ""
	_, err := Load(d)
	if err == nil || !strings.Contains(err.Error(), "settings.yaml:3: sandbox.filesystem.allowRead ~/x: no home directory to expand ~ in") {
		t.Errorf("Load = %v, want an error naming the line", err)
	}
}

func TestLoadAudit(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		files       map[string]string
		want        string // Audit relative to the temp dir ("T"), then "@" and the source's base name and line
		wantErr     string
		wantNoAudit bool
	}{
		{"none", map[string]string{"project": "permissions: {}\n"}, "", "", true},
		{"not by the project's settings", map[string]string{"project": "audit: //home/u/.bash_aliases\n"}, "", "settings.yaml:1: audit: a project's settings cannot name the audit log", false},
		{"nor by the local ones", map[string]string{"user": "audit: //u.jsonl\n", "local": "audit: //l.jsonl\n"}, "", "settings.local.yaml:1: audit: a project's settings cannot", false},
		{"~ is the home directory", map[string]string{"user": "\naudit: ~/audit.jsonl\n"}, "T/home/audit.jsonl@settings.yaml:2", "", false},
		{"the managed file's stands when nothing else names one", map[string]string{"managed": "audit: //var/log/m.jsonl\n", "project": "sandbox: {}\n"},
			"/var/log/m.jsonl@managed-settings.yaml:1", "", false},
		{"the managed file's cannot be replaced", map[string]string{"managed": "audit: //var/log/m.jsonl\n", "user": "audit: ~/mine.jsonl\n"},
			"", "settings.yaml:1: audit |relaxes the managed /var/log/m.jsonl at", false},
		{"the managed file's named again is fine", map[string]string{"managed": "audit: //var/log/m.jsonl\n", "project": "audit: //var/tmp/../log/m.jsonl\n"},
			"/var/log/m.jsonl@settings.yaml:1", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := sandboxFiles(t, tt.files)
			c, err := Load(d)
			if tt.wantErr != "" {
				for _, part := range strings.Split(tt.wantErr, "|") {
					if err == nil || !strings.Contains(err.Error(), part) {
						t.Fatalf("Load error = %v, want one containing %q", err, part)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.wantNoAudit {
				if c.Audit != "" || c.AuditSource != "" {
					t.Errorf("Audit %q from %q, want none", c.Audit, c.AuditSource)
				}
				return
			}
			got := strings.ReplaceAll(c.Audit, filepath.Dir(d.Root), "T") + "@" + filepath.Base(c.AuditSource)
			if got != tt.want {
				t.Errorf("audit = %s, want %s", got, tt.want)
			}
		})
	}
}

// mergeCase is flags merged over the settings files: the merged sandbox
// described (describeSandbox), or the parts of the error, "|" apart.
type mergeCase struct {
	name    string
	flags   Sandbox
	want    string
	wantErr string
}

// runMergeCases merges each case's flags over files and checks the result.
func runMergeCases(t *testing.T, files map[string]string, tests []mergeCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := sandboxFiles(t, files)
			c, err := Load(d)
			if err != nil {
				t.Fatal(err)
			}
			err = c.MergeSandbox(tt.flags)
			if tt.wantErr != "" {
				if err == nil {
					t.Fatalf("MergeSandbox succeeded: %s", describeSandbox(d, c.Sandbox))
				}
				for _, w := range strings.Split(tt.wantErr, "|") {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q lacks %q", err, w)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := describeSandbox(d, c.Sandbox); got != tt.want {
				t.Errorf("merged:\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestMergeSandboxFlags(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"managed": "sandbox:\n  network: {mode: none}\n  filesystem: {denyRead: [//srv/keys]}\n  bestEffort: false\n",
		"project": "sandbox:\n  network: {allowUnixSockets: true}\n  timeout: 5m\n  filesystem: {denyRead: [//p/secret], allowWrite: [//out]}\n",
	}
	tests := []mergeCase{
		{"flags add to the lists", Sandbox{AllowRead: []Setting[string]{FlagSetting("--allow-read", "/opt")}, Presets: []Setting[string]{FlagSetting("--preset", "go")}},
			"allowRead=/opt@0 allowWrite=/out@4 denyRead=/srv/keys@3 /p/secret@4 presets=go@0 mode=none@managed unix=true@project bestEffort=false@managed timeout=5m0s@project", ""},
		{"a flag overrides a file of any scope", Sandbox{Timeout: FlagSetting("--timeout", time.Minute), AllowUnixSockets: FlagSetting("--allow-unix-sockets", false)},
			"allowWrite=/out@4 denyRead=/srv/keys@3 /p/secret@4 mode=none@managed unix=false@command line bestEffort=false@managed timeout=1m0s@command line", ""},
		{"a flag cannot relax the managed network", Sandbox{NetworkMode: FlagSetting("--network", "all")},
			"", "--network all relaxes the managed none at |managed-settings.yaml:2: the managed settings can only be tightened"},
		{"a flag cannot open a port the managed file closes", Sandbox{AllowConnect: []Setting[uint16]{FlagSetting[uint16]("--allow-connect", 443)}},
			"", "--allow-connect 443: the managed settings fix the network to none at |managed-settings.yaml:2"},
		{"a flag cannot relax managed strictness", Sandbox{BestEffort: FlagSetting("--best-effort", true)},
			"", "--best-effort true relaxes the managed false at |managed-settings.yaml:4"},
		{"a flag grant inside a managed deny", Sandbox{AllowWrite: []Setting[string]{FlagSetting("--allow-write", "/srv/keys/sub")}},
			"", "--allow-write /srv/keys/sub: denyRead /srv/keys at |managed-settings.yaml:3 covers it"},
		{"a flag deny over a file's grant", Sandbox{DenyRead: []Setting[string]{FlagSetting("--deny-read", "/out")}},
			"", "sandbox.filesystem.allowWrite /out: denyRead /out at --deny-read covers it"},
	}
	runMergeCases(t, files, tests)
}

// TestMergeSandboxLimitFlags: the --limit-* and --keep-cap flags override
// every file's limits and add to their keepCaps, within the managed
// ceiling.
func TestMergeSandboxLimitFlags(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"managed": "sandbox:\n  limits:\n    mem: 2G\n    cpu: 10m\n  keepCaps: [CAP_NET_BIND_SERVICE, CAP_CHOWN]\n",
		"project": "sandbox:\n  limits: {mem: 1G, nofile: 4096}\n  keepCaps: [CAP_CHOWN]\n",
	}
	tests := []mergeCase{
		{"the managed keepCaps are kept", Sandbox{},
			"caps=CAP_NET_BIND_SERVICE@5 CAP_CHOWN@5 mem=1G@project cpu=10m0s@managed nofile=4096@project", ""},
		{"a flag overrides a file's limit", Sandbox{Limits: ResourceLimits{NoFile: FlagSetting[uint64]("--limit-nofile", 100000), Mem: FlagSetting[Size]("--limit-mem", 2<<30)}},
			"caps=CAP_NET_BIND_SERVICE@5 CAP_CHOWN@5 mem=2G@--limit-mem cpu=10m0s@managed nofile=100000@--limit-nofile", ""},
		{"a flag under the managed ceiling", Sandbox{Limits: ResourceLimits{CPU: FlagSetting("--limit-cpu", time.Minute)}},
			"caps=CAP_NET_BIND_SERVICE@5 CAP_CHOWN@5 mem=1G@project cpu=1m0s@--limit-cpu nofile=4096@project", ""},
		{"a flag cannot raise a managed limit", Sandbox{Limits: ResourceLimits{Mem: FlagSetting[Size]("--limit-mem", 3<<30)}},
			"", "--limit-mem 3G relaxes the managed 2G at |managed-settings.yaml:3: the managed settings can only be tightened"},
		{"a flag cannot raise a managed CPU limit", Sandbox{Limits: ResourceLimits{CPU: FlagSetting("--limit-cpu", time.Hour)}},
			"", "--limit-cpu 1h0m0s relaxes the managed 10m0s at |managed-settings.yaml:4"},
		{"a flag keeps a capability the managed file lists", Sandbox{KeepCaps: []Setting[string]{FlagSetting("--keep-cap", "CAP_NET_BIND_SERVICE")}},
			"caps=CAP_NET_BIND_SERVICE@5 CAP_CHOWN@5 mem=1G@project cpu=10m0s@managed nofile=4096@project", ""},
		{"a flag cannot keep another", Sandbox{KeepCaps: []Setting[string]{FlagSetting("--keep-cap", "CAP_SYS_ADMIN")}},
			"", "--keep-cap CAP_SYS_ADMIN: the managed settings at |managed-settings.yaml:5 let commands keep only CAP_NET_BIND_SERVICE, CAP_CHOWN"},
	}
	runMergeCases(t, files, tests)
}

func TestSandboxDeniedBy(t *testing.T) {
	t.Parallel()
	sb := Sandbox{DenyRead: []Setting[string]{{Value: "/h/.ssh"}, {Value: "/p/.env"}}}
	for _, tt := range []struct {
		path string
		want string
	}{{"/h/.ssh", "/h/.ssh"}, {"/h/.ssh/id_rsa", "/h/.ssh"}, {"/h/.sshfoo", ""}, {"/h", ""}, {"/p/.env", "/p/.env"}} {
		d, ok := sb.DeniedBy(tt.path)
		if ok != (tt.want != "") || d.Value != tt.want {
			t.Errorf("DeniedBy(%s) = %q, %v; want %q", tt.path, d.Value, ok, tt.want)
		}
	}
}

func TestOriginString(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		o    Origin
		want string
	}{{Origin{File: "f", Line: 3}, "f:3"}, {Origin{File: "f"}, "f"}, {Origin{Flag: "--network", Scope: ScopeCommandLine}, "--network"}} {
		if got := tt.o.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.o, got, tt.want)
		}
	}
	if (Setting[int]{}).IsSet() || !FlagSetting("--x", 0).IsSet() {
		t.Error("IsSet is wrong for the zero Setting or a flag's")
	}
}
