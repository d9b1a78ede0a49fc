//go:build linux

package integration

import "testing"

// rustToolchainFiles are rustup's toolchain files: a [toolchain] path
// there names the directory whose bin/rustc and bin/cargo the rustup
// proxies run, and a prompt that shows the Rust version (starship runs
// rustc --version in a Rust project) runs them at the next prompt in the
// project, outside the sandbox, as mise's config and .tool-versions are.
var rustToolchainFiles = []string{"rust-toolchain.toml", "rust-toolchain"}

// TestRustToolchainProtected: where they exist they are read-only under
// the layer; Cargo.toml and the sources beside them stay writable.
func TestRustToolchainProtected(t *testing.T) {
	requireNamespaces(t)
	settingsStayReadOnly(t, rustToolchainFiles, "echo '[package]' > Cargo.toml && mkdir -p src && echo 'fn main() {}' > src/main.rs")
}

// TestRustToolchainMadeMovedAside: where they are missing, a command that
// makes one naming a toolchain of its own has it moved aside after the
// run, which fails (125), with the layer and without it; one that writes
// Cargo.toml, the sources and target/ passes.
func TestRustToolchainMadeMovedAside(t *testing.T) {
	requireSandbox(t)
	plantedMovedAside(t, func(*box) {}, "echo '[package]' > Cargo.toml && mkdir -p src target && echo 'fn main() {}' > src/main.rs && echo x > target/x",
		`mkdir -p tc/bin && printf '#!/bin/sh\ntouch planted\n' > tc/bin/rustc && chmod +x tc/bin/rustc
printf '[toolchain]\npath = "%s/tc"\n' "$PWD" > rust-toolchain.toml && cp rust-toolchain.toml rust-toolchain
`, rustToolchainFiles, []string{"Cargo.toml", "src/main.rs", "target/x"})
}
