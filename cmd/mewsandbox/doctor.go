package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/mewsandbox/mewsandbox/exec"
	"github.com/mewsandbox/mewsandbox/landlock"
	"github.com/mewsandbox/mewsandbox/permission"
	"github.com/mewsandbox/mewsandbox/seccomp"
)

// doctorReport is what `mewsandbox doctor` finds.
type doctorReport struct {
	OS             string        `json:"os"`
	Kernel         string        `json:"kernel"`
	LandlockABI    int           `json:"landlockABI"`
	LandlockRights []string      `json:"landlockRights"`
	Seccomp        seccompReport `json:"seccomp"`
	UserNamespaces string        `json:"userNamespaces"`
	NamespaceLayer string        `json:"namespaceLayer"` // what the layer uses, or why it is off`
	// NetworkNamespace says whether a run whose only network is unix
	// sockets gets a network namespace of its own, or why not and what
	// it then loses.
	NetworkNamespace string         `json:"networkNamespace"`
	CgroupLimits     string         `json:"cgroupLimits"`       // whether --limit-mem and --limit-nproc hold for the sandbox together
	Seatbelt         string         `json:"seatbelt,omitempty"` // macOS: "usable" or why not
	Notes            []string       `json:"notes"`
	Missing          []string       `json:"missing"`
	Settings         []settingsFile `json:"settings"`
	// SettingsError is why run, check and the hook refuse the settings
	// here (exit 2): an invalid or unreadable file, a bad root; "" when
	// they load.
	SettingsError string `json:"settingsError,omitempty"`
	Ready         bool   `json:"ready"`
}

type seccompReport struct {
	Supported       bool   `json:"supported"`
	BuiltIn         bool   `json:"builtIn"`
	AlreadyFiltered bool   `json:"alreadyFiltered"`
	Library         string `json:"library"`
	Error           string `json:"error,omitempty"`
}

type settingsFile struct {
	Path   string `json:"path"`
	Scope  string `json:"scope"`
	Exists bool   `json:"exists"`
	Loaded bool   `json:"loaded"` // read and valid; false for all when SettingsError is set
}

func cmdDoctor(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	var o options
	fs := newFlagSet("doctor", "mewsandbox doctor [--json] [--root DIR]", stdout)
	fs.BoolVar(&o.json, "json", false, "print JSON")
	fs.StringVar(&o.root, "root", "", "project `DIR` whose settings files to list")
	fs.BoolVar(&o.noUserSettings, "no-user-settings", false, "ignore user-level settings files")
	if helpTo(fs, stdout, args) {
		return nil
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("doctor takes no arguments")
	}
	if o.root != "" {
		// Not the working directory's files in its place, unsaid.
		cwd, _ := os.Getwd()
		if _, err := projectRoot(nil, o.root, cwd); err != nil {
			return err
		}
	}
	r := diagnose(&o)
	if o.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	fmt.Fprintf(stdout, "kernel:          %s %s\n", r.OS, r.Kernel)
	if r.OS == "darwin" {
		fmt.Fprintf(stdout, "seatbelt:        %s\n", r.Seatbelt)
	} else if r.LandlockABI > 0 {
		fmt.Fprintf(stdout, "landlock:        ABI %d: %s\n", r.LandlockABI, strings.Join(r.LandlockRights, ", "))
	} else {
		fmt.Fprintf(stdout, "landlock:        unavailable\n")
	}
	sc := "unavailable"
	if r.Seccomp.Supported && r.Seccomp.BuiltIn {
		sc = "available (libseccomp " + r.Seccomp.Library + ")"
		if r.Seccomp.AlreadyFiltered {
			sc += "; an outer filter is already installed (container runtime?)"
		}
	} else if !r.Seccomp.BuiltIn {
		sc = "not built in (this binary was built without cgo)"
	}
	if r.OS != "darwin" {
		fmt.Fprintf(stdout, "seccomp:         %s\n", sc)
		fmt.Fprintf(stdout, "user namespaces: %s\n", r.UserNamespaces)
		fmt.Fprintf(stdout, "namespace layer: %s\n", r.NamespaceLayer)
		fmt.Fprintf(stdout, "network ns:      %s\n", r.NetworkNamespace)
		fmt.Fprintf(stdout, "cgroup limits:   %s\n", r.CgroupLimits)
	}
	if r.Ready {
		fmt.Fprintf(stdout, "sandbox:         the default policy is fully enforced\n")
	} else {
		fmt.Fprintf(stdout, "sandbox:         NOT fully enforced; runs are refused (exit 125) unless --best-effort:\n")
		for _, m := range r.Missing {
			fmt.Fprintf(stdout, "                 - %s\n", m)
		}
	}
	for _, n := range r.Notes {
		fmt.Fprintf(stdout, "note:            %s\n", n)
	}
	fmt.Fprintf(stdout, "settings files (in precedence order, later ones add rules):\n")
	for _, s := range r.Settings {
		state := "absent"
		switch {
		case s.Loaded:
			state = "loaded"
		case s.Exists:
			state = "found" // not loaded: SettingsError says why
		}
		fmt.Fprintf(stdout, "  %-8s %-7s %s\n", s.Scope, state, s.Path)
	}
	if r.SettingsError != "" {
		fmt.Fprintf(stdout, "settings error:  %s\n                 run, check and the hook exit 2 here until it is fixed\n", r.SettingsError)
	}
	return nil
}

func diagnose(o *options) doctorReport {
	r := doctorReport{OS: runtime.GOOS, Kernel: kernelRelease()}
	r.LandlockABI = landlock.ABI()
	r.LandlockRights = landlockRights(r.LandlockABI)
	st := seccomp.Probe()
	r.Seccomp = seccompReport{Supported: st.Supported, BuiltIn: seccomp.Enabled, AlreadyFiltered: st.AlreadyFiltered, Library: st.LibVersion}
	if st.Err != nil {
		r.Seccomp.Error = st.Err.Error()
	}
	r.UserNamespaces = userNamespaces()
	r.CgroupLimits = exec.CgroupLimits()
	layer, nsErr := exec.NamespaceLayer()
	if nsErr != nil {
		r.NamespaceLayer = "unavailable: " + nsErr.Error()
	} else {
		r.NamespaceLayer = layer + ": protected paths in the root read-only, every mount outside the writable grants read-only"
	}
	if netns, err := exec.NetworkNamespace(); err != nil {
		r.NetworkNamespace = err.Error()
	} else {
		r.NetworkNamespace = netns
	}

	cwd, _ := os.Getwd()
	root, err := projectRoot(nil, o.root, cwd)
	if err != nil {
		root = cwd
	}
	if enf, err := exec.DefaultPolicy(root).Plan(); err != nil {
		r.Missing = append(r.Missing, err.Error())
	} else {
		r.Missing, r.Notes = enf.Missing, enf.Notes
	}
	if runtime.GOOS == "darwin" {
		r.Seatbelt = "usable (/usr/bin/sandbox-exec)"
		if err := exec.SandboxExecUsable(); err != nil {
			r.Seatbelt = err.Error()
			r.Missing = append(r.Missing, "seatbelt: "+err.Error())
		}
	}
	if nsErr != nil && runtime.GOOS == "linux" {
		r.Missing = append(r.Missing, "namespaces: "+nsErr.Error()+" (runs are refused unless --no-namespaces or --best-effort)")
	}
	r.Ready = len(r.Missing) == 0
	home := exec.UserHome()
	d := permission.Discovery{
		Root: root, Home: home, ManagedPath: managedSettingsPath,
		ConfigHome: configHome(home),
		NoUser:     o.noUserSettings || home == "",
	}
	// What run would make of them: the same loading, the same errors.
	loaded := map[string]bool{}
	if p, err := o.resolve(cwd); err != nil {
		r.SettingsError = err.Error()
	} else {
		for _, f := range p.config.Files {
			loaded[f.Path] = true
		}
	}
	for _, f := range d.Files() {
		_, err := os.Lstat(f.Path)
		r.Settings = append(r.Settings, settingsFile{Path: f.Path, Scope: f.Scope.String(), Exists: err == nil, Loaded: loaded[f.Path]})
	}
	return r
}

// landlockRights lists, in the kernel's words, the rights an ABI enforces.
func landlockRights(abi int) []string {
	if abi <= 0 {
		return nil
	}
	rights := []string{"filesystem access"}
	for _, f := range []struct {
		abi  int
		what string
	}{{2, "refer (rename/link across directories)"}, {3, "truncate"}, {4, "TCP bind/connect"}, {5, "device ioctl"}, {6, "signal and abstract unix socket scoping"}, {7, "audit logging"}} {
		if abi >= f.abi {
			rights = append(rights, f.what)
		}
	}
	return rights
}

func kernelRelease() string {
	b, err := os.ReadFile("/proc/sys/kernel/osrelease")
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(b))
}

func userNamespaces() string {
	b, err := os.ReadFile("/proc/sys/user/max_user_namespaces")
	if err != nil {
		return "unknown"
	}
	if strings.TrimSpace(string(b)) == "0" {
		return "disabled (user.max_user_namespaces=0)"
	}
	if b, err := os.ReadFile("/proc/sys/kernel/apparmor_restrict_unprivileged_userns"); err == nil && strings.TrimSpace(string(b)) == "1" {
		return "restricted for unprivileged users by AppArmor"
	}
	return "available (the namespace layer uses one when not run as root)"
}
