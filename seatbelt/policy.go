package seatbelt

import (
	"path/filepath"
	"sync"
)

// Policy is the subset of the sandbox policy Seatbelt enforces. It is a
// plain value; Render reads it and never changes it.
type Policy struct {
	// Root is the project root: read, write and execute, or read and
	// execute only when ReadOnlyRoot is set. Empty means no project root.
	Root         string
	ReadOnlyRoot bool
	// TempDir is the private per-run TMPDIR: read, write and execute (the
	// root is writable and executable already, and go test, go run and
	// build scripts execute what they write there). Empty means none.
	TempDir string
	// Read are extra paths to read and execute.
	Read []string
	// Write are extra paths to read, write and execute.
	Write []string
	// DenyRead are paths the command must not touch at all, even inside an
	// allowed directory: --deny-read paths. Render adds the credential
	// stores of DefaultCredentialDirs(home).
	DenyRead []string
	// DenyWrite are paths the command must not create, change, rename or
	// remove, even inside a writable directory. Render adds the root's
	// protected entries (.git/hooks, .git/config, .mewsandbox, .claude …,
	// see protectedInRoot) and, when Root/.git is a gitdir: pointer file,
	// the config and hooks of the repository it points to.
	DenyWrite []string
	// ModuleDirs are the directories of the Python scripts a hook runs
	// (an agent's or git's, outside the sandbox), which Python searches
	// first for what the script imports: no new module may be made in
	// one (see ModuleDir).
	ModuleDirs []ModuleDir
	Network    Network
}

// ModuleDir is the directory of a Python script a hook runs, and the
// names in it of the modules there at the plan: the project's, which
// stay writable. The command may not make another there, nor turn a
// directory there into a package: no X.py, X.pyc, X.*.so, X/__init__ of
// those, or link named X, which Python would import in place of the
// standard library's or an installed module (signal.py, which
// subprocess imports). A directory outside the writable grants is left
// out: the command cannot write there anyway.
type ModuleDir struct {
	Path    string
	Modules []string
	// Names, where set, are the only module names (before the first
	// dot: __init__, hook) held there, a package's directory of a module
	// python3 -m runs, whose other modules it never imports unnamed; nil
	// holds every name. Each is a Python identifier.
	Names []string
}

// Network is the network part of a Policy. The zero value is no network.
type Network struct {
	// All allows every network operation. Connect and Bind must then be
	// empty.
	All bool
	// Connect are TCP ports on localhost the command may connect to (a
	// local proxy); Bind are ports it may listen on, on localhost.
	Connect, Bind []uint16
	// UnixSockets allows connecting to and binding pathname unix sockets
	// (docker.sock, ssh-agent); without it they are refused, in every mode.
	UnixSockets bool
}

// credentialStores are the paths below the home directory that hold keys
// and tokens. They are denied even when the home directory is granted.
var credentialStores = []string{
	".ssh", ".aws", ".gnupg", ".kube", ".netrc", ".docker/config.json",
	".git-credentials", ".config/git/credentials", ".config/gh",
	".config/gcloud", ".azure", ".npmrc", ".pypirc", ".cargo/credentials.toml",
	".password-store", "Library/Keychains",
}

// DefaultCredentialDirs returns the credential stores below home (~/.ssh,
// ~/.aws, ~/.gnupg, ~/.kube, ~/.netrc, ~/.docker/config.json,
// ~/.git-credentials, ~/Library/Keychains …), or nil when home is empty.
func DefaultCredentialDirs(home string) []string {
	if home == "" {
		return nil
	}
	dirs := make([]string, len(credentialStores))
	for i, rel := range credentialStores {
		dirs[i] = filepath.Join(home, rel)
	}
	return dirs
}

// protectedInRoot are the entries of the project root a command must not
// write: what they hold runs later outside the sandbox, or decides what the
// sandbox allows. A subtree entry protects everything below it too, and
// both protect the entry's own creation, so a missing .claude cannot be
// made either. Built at first use: the list takes some fifty allocations
// (the hook managers' names), which every process of the binary paid at
// its start, on Linux too, where only a test reads it.
var protectedInRoot = sync.OnceValue(func() []protectedEntry {
	return append([]protectedEntry{
		// Only the name: objects, refs and the index stay writable for git.
		{".git", false, "replacing .git, or creating it as a gitdir: file, points git at hooks outside the sandbox"},
		{".git/hooks", true, "git runs them, outside the sandbox"},
		{".git/commondir", false, "names the directory git takes its config and hooks from: a command's own would have your git run its core.fsmonitor"},
		{".git/config", true, "core.hooksPath, core.fsmonitor, aliases and filters name programs git runs"},
		{".gitmodules", true, "submodule update commands"},
		{".mewsandbox", true, "mewsandbox's own settings"},
		{".claude", true, "Claude Code's settings and hooks"},
		{".codex", true, "Codex's settings"},
		{".mcp.json", true, "starts MCP servers"},
		{".vscode", true, "tasks and settings the editor runs"},
		{".idea", true, "run configurations the IDE runs"},
		{".devcontainer", true, "a dev container's initializeCommand, which the editor runs on the host"},
		{".devcontainer.json", true, "a dev container's initializeCommand, which the editor runs on the host"},
		{".gemini", true, "Gemini CLI's settings: MCP servers it starts"},
		{".cursor", true, "Cursor's settings: MCP servers it starts"},
		{".zed", true, "settings and tasks the editor runs"},
		{".continue", true, "Continue's settings: MCP servers it starts"},
		{".opencode", true, "opencode's plugins and settings: code it runs"},
		{"opencode.json", true, "opencode's settings: MCP servers it starts"},
		{"opencode.jsonc", true, "opencode's settings: MCP servers it starts"},
		{".aider.conf.yml", true, "aider's settings: the lint and test commands it runs"},
		{".kiro", true, "Kiro's hooks and settings: commands it runs"},
		{".roo", true, "Roo Code's settings: MCP servers it starts"},
		{".qwen", true, "Qwen Code's settings: MCP servers it starts"},
		{".amazonq", true, "Amazon Q's settings: MCP servers it starts"},
		{".kilocode", true, "Kilo Code's settings: MCP servers it starts"},
		{".kilo", true, "Kilo Code's settings: MCP servers it starts"},
		{"kilo.json", true, "Kilo Code's settings: MCP servers it starts"},
		{"kilo.jsonc", true, "Kilo Code's settings: MCP servers it starts"},
		{"crush.json", true, "Crush's settings: MCP servers it starts"},
		{".crush.json", true, "Crush's settings: MCP servers it starts"},
		{".helix", true, "Helix's workspace settings: language servers it starts"},
		{".github/hooks", true, "GitHub Copilot CLI's hooks: commands it runs at its events"},
		{".clinerules/hooks", true, "Cline's hooks: scripts it runs at its events"},
		{".windsurf/hooks.json", true, "Windsurf Cascade's hooks: commands it runs at its events"},
		{".factory", true, "Factory Droid's settings: hooks it runs and MCP servers it starts"},
		{"mise.toml", true, "mise's configuration: env scripts, hooks and templates it runs, trusted by path"},
		{".mise.toml", true, "mise's configuration: env scripts, hooks and templates it runs, trusted by path"},
		{"mise.local.toml", true, "mise's configuration: env scripts, hooks and templates it runs, trusted by path"},
		{".mise.local.toml", true, "mise's configuration: env scripts, hooks and templates it runs, trusted by path"},
		{".config/mise.toml", true, "mise's configuration: env scripts, hooks and templates it runs, trusted by path"},
		{".config/mise", true, "mise's configuration: env scripts, hooks and templates it runs, trusted by path"},
		{".mise/config.toml", true, "mise's configuration: env scripts, hooks and templates it runs, trusted by path"},
		{"mise/config.toml", true, "mise's configuration: env scripts, hooks and templates it runs, trusted by path"},
		{".tool-versions", true, "asdf's and mise's tool versions: a path: version is a program they run"},
		{"rust-toolchain.toml", true, "rustup's toolchain file: a [toolchain] path is where the rustc and cargo it runs come from"},
		{"rust-toolchain", true, "rustup's toolchain file: a [toolchain] path is where the rustc and cargo it runs come from"},
		{".hg/hgrc", true, "Mercurial's repository config: [hooks] the next hg command runs"},
		{".hg/hgrc-not-shared", true, "Mercurial's repository config beside hgrc: [hooks] the next hg command runs"},
		{".hg/sharedpath", true, "Mercurial's share source, whose hgrc a share-safe repository reads"},
		{".jj/repo/config.toml", true, "Jujutsu's repository config: the editor, pager and tools jj runs"},
		{".jj/workspace-config.toml", true, "Jujutsu's workspace config (before 0.38): the editor, pager and tools jj runs"},
		{".vimrc", true, "Vim's project start-up file, sourced where 'exrc' is set"},
		{".gvimrc", true, "Vim's project start-up file, sourced where 'exrc' is set"},
		{".exrc", true, "Vim's and Neovim's project start-up file, sourced where 'exrc' is set"},
		{".nvimrc", true, "Neovim's project start-up file, sourced where 'exrc' is set"},
		{".nvim.lua", true, "Neovim's project start-up file, sourced where 'exrc' is set"},
		{".lazy.lua", true, "lazy.nvim's project plugin spec, loaded when Neovim starts there"},
		{".augment/settings.json", true, "Augment's project settings: hooks it runs at its events"},
		{".augment/settings.local.json", true, "Augment's project settings: hooks it runs at its events"},
		{".vibe", true, "Mistral Vibe's project settings: MCP servers it starts and tools it loads"},
		{".amp/settings.json", true, "Amp's workspace settings: MCP servers it starts"},
		{".trae/mcp.json", true, "Trae's project MCP servers: commands it starts"},
		{".openhands/setup.sh", true, "OpenHands' setup script, run at each session's start"},
		{".devin", true, "Devin CLI's project hooks and settings: commands it runs at its events"},
		{".letta/settings.json", true, "Letta Code's project settings: hooks it runs at its events"},
		{".letta/settings.local.json", true, "Letta Code's project settings: hooks it runs at its events"},
		{".tabnine/agent/settings.json", true, "Tabnine CLI's project settings: hooks it runs at its events"},
		{".junie/mcp", true, "Junie's project MCP servers: commands it starts"},
		{".cline", true, "Cline's project hooks and plugins: scripts it runs at its events, modules it loads"},
		{".cortex", true, "Cortex Code's project settings: hooks it runs at its events"},
		{".kimi-code/mcp.json", true, "Kimi Code's project MCP servers: commands it starts"},
		{".openhands/hooks.json", true, "OpenHands' project hooks: commands it runs at its events"},
		{".crushrc", true, "Crush's project configuration: Bash it runs when it starts"},
		{"crushrc", true, "Crush's project configuration: Bash it runs when it starts"},
		{".opencode.json", true, "opencode's (Go) project settings: MCP and language servers it starts"},
		{".commandcode/settings.json", true, "Command Code's project settings: hooks it runs, mods it loads"},
		{".commandcode/mcp.json", true, "Command Code's project MCP servers: commands it starts"},
		{".commandcode/mods", true, "Command Code's project mods: TypeScript it loads"},
		{".bob/settings.json", true, "IBM Bob's project settings: hooks it runs, MCP servers it starts"},
		{".bob/mcp.json", true, "IBM Bob's project MCP servers: commands it starts"},
		{".poolside/settings.yaml", true, "Poolside's project settings: MCP servers it starts, hooks it runs"},
		{".poolside/settings.local.yaml", true, "Poolside's project settings: MCP servers it starts, hooks it runs"},
		{".reasonix/settings.json", true, "Reasonix's project settings: hooks it runs at its events"},
		{"reasonix.toml", true, "Reasonix's project configuration: MCP servers it starts without asking"},
		{".qoder/settings.json", true, "Qoder's project settings: hooks it runs, MCP servers it starts"},
		{".qoder/settings.local.json", true, "Qoder's project settings: hooks it runs, MCP servers it starts"},
		{".codebuddy/settings.json", true, "CodeBuddy's project settings: hooks it runs at its events"},
		{".codebuddy/settings.local.json", true, "CodeBuddy's project settings: hooks it runs at its events"},
		{".pi/settings.json", true, "Pi's project settings: packages it installs and loads"},
		{".pi/extensions", true, "Pi's project extensions: TypeScript it loads"},
		{".pi/mcp.json", true, "Pi's project MCP servers: commands it starts"},
		{".trae/hooks.json", true, "Trae's project hooks: commands it runs at its events"},
		{".iflow/settings.json", true, "iFlow CLI's project settings: hooks it runs, MCP servers it starts"},
		{".omp/mcp.json", true, "Oh My Pi's project MCP servers: commands it starts without asking"},
		{".omp/.mcp.json", true, "Oh My Pi's project MCP servers: commands it starts without asking"},
		{".omp/hooks", true, "Oh My Pi's project hooks: modules it imports"},
		{".omp/tools", true, "Oh My Pi's project custom tools: modules it imports"},
		{".omp/extensions", true, "Oh My Pi's project extensions: modules it loads"},
		{".omp/settings.json", true, "Oh My Pi's project settings: extensions it loads"},
		{".omp/config.yml", true, "Oh My Pi's project settings"},
		{"mcp.json", true, "Oh My Pi's portable project MCP servers: commands it starts without asking"},
		{".windsurf/mcp_config.json", true, "Windsurf's project MCP servers, which Oh My Pi starts"},
		{".github/mcp.json", true, "GitHub Copilot CLI's shared project MCP servers: commands it starts"},
		{".bashrc", true, "shell start-up file (when the root is a home directory)"},
		{".bash_profile", true, "shell start-up file"},
		{".zshrc", true, "shell start-up file"},
		{".zshenv", true, "shell start-up file"},
		{".zprofile", true, "shell start-up file"},
		{".profile", true, "shell start-up file"},
		{".gitconfig", true, "names programs git runs"},
	}, hookManagerFiles()...)
})

type protectedEntry struct {
	rel     string
	subtree bool
	why     string
}

// hookManagerFiles are what git hook managers' installed hooks run or
// read at every commit: husky's scripts, pre-commit's (and prek's)
// configuration,
// lefthook's main and -local configuration in each format and its
// scripts directories.
func hookManagerFiles() []protectedEntry {
	out := []protectedEntry{
		{".husky", true, "husky's hook scripts, which git runs at the next commit"},
		{".pre-commit-config.yaml", true, "pre-commit's hooks, which its installed hook runs"},
		{".pre-commit-config.yml", true, "pre-commit's hooks, which its installed hook runs"},
		{"prek.toml", true, "prek's hooks, read before .pre-commit-config.yaml, which its installed hook runs"},
		{".lefthook", true, "lefthook's scripts, which its installed hook runs"},
		{".lefthook-local", true, "lefthook's scripts, which its installed hook runs"},
	}
	for _, name := range []string{"lefthook", "lefthook-local"} {
		for _, ext := range []string{"yml", "yaml", "toml", "json", "jsonc"} {
			for _, rel := range []string{name + "." + ext, "." + name + "." + ext, ".config/" + name + "." + ext} {
				out = append(out, protectedEntry{rel, true, "lefthook's configuration: commands its installed hook runs"})
			}
		}
	}
	return out
}

// ProtectedInRoot names the entries of the project root a command may not
// write (see protectedInRoot), for the Linux runner's list to be checked
// against.
func ProtectedInRoot() []string {
	entries := protectedInRoot()
	out := make([]string, len(entries))
	for i, p := range entries {
		out[i] = p.rel
	}
	return out
}
