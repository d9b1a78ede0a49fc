package permission

import "testing"

// TestReviewDecisionsS32 is TestRedTeamDecisions for the S32 review of
// S26 and S27's rows: spellings that slipped past them. testEnv: project
// /home/u/proj, home /home/u.
func TestReviewDecisionsS32(t *testing.T) {
	t.Parallel()
	D, A := ModeDefault, ModeAcceptEdits
	tests := []decisionRow{
		// cpio -p writes each name it is given at DIR/NAME: the names an
		// echo, a printf, a here-string or a here-document feeds it are
		// writes there, ../ ones outside the project.
		{"S32 echo ../ | cpio -p", D, nil, `echo ../../x | cpio -pdm out`, Ask},
		{"S32 printf ../ | cpio -p", A, nil, `printf '../../.bashrc\n' | cpio -pdu out`, Ask},
		{"S32 cpio -p <<< ../", D, nil, `cpio -pdm out <<< ../../x`, Ask},
		{"S32 neighbour: echo of project names | cpio -p", D, nil, `echo src src/a.go | cpio -pdm out && echo /etc/hosts | cpio -pdm out`, Allow},
		// conda -p names the environment it changes: one outside the
		// project asks as conda install into the active one does.
		{"S32 conda install -p outside", D, nil, `conda install -p /opt/env numpy`, Ask},
		{"S32 conda install --prefix= outside", A, nil, `conda install --prefix=/home/u/miniconda3 numpy`, Ask},
		{"S32 mamba create --prefix ../", D, nil, `mamba create --prefix ../env python`, Ask},
		{"S32 micromamba install -p$VAR", D, nil, `micromamba install -p"$ENV" numpy`, Ask},
		{"S32 neighbour: conda -p in the project", D, nil, `conda install -p ./env numpy && conda create --prefix=env python && mamba install -p /home/u/proj/.env x && conda list -p /opt/env`, Allow},
		// An option with a value before the subcommand (gh -R o/r, npm
		// -w pkg, docker -c ctx, cargo +toolchain) hid a publish or a
		// forge change, as a315191 fixed for credentials: its value was
		// read as the subcommand.
		{"S32 gh -R secret set", D, nil, `gh -R o/r secret set TOKEN -b x`, Ask},
		{"S32 gh pr -R merge", A, nil, `gh pr -R o/r merge 1 --squash`, Ask},
		{"S32 gh pr --repo merge", D, nil, `gh pr --repo o/r merge 1`, Ask},
		{"S32 glab -R ci retry", D, nil, `glab -R g/p ci retry 99`, Ask},
		{"S32 gh auth --hostname token", D, nil, `gh auth --hostname github.example token`, Ask},
		{"S32 npm --registry publish", D, nil, `npm --registry https://r.example publish`, Ask},
		{"S32 npm -w publish", A, nil, `npm -w pkg publish`, Ask},
		{"S32 pnpm --filter publish", D, nil, `pnpm --filter pkg publish`, Ask},
		{"S32 yarn workspace npm publish", D, nil, `yarn workspace pkg npm publish`, Ask},
		{"S32 cargo +nightly publish", D, nil, `cargo +nightly publish`, Ask},
		{"S32 rustup +nightly default", D, nil, `rustup +nightly default stable`, Ask},
		{"S32 docker -c push", A, nil, `docker -c prod push img:1`, Ask},
		{"S32 docker --context push", D, nil, `docker --context prod push img:1`, Ask},
		{"S32 neighbour: the same options before reads and builds", D, nil, `gh -R o/r pr view 1 && gh pr -R o/r list && npm -w pkg test && npm --workspace pkg publish --dry-run && pnpm --filter pkg build && yarn workspace pkg build && cargo +nightly build && docker -c prod ps`, Allow},
		// docker buildx's --push is --output type=registry, and bake
		// pushes every target given --push.
		{"S32 docker buildx build -o type=registry", D, nil, `docker buildx build -o type=registry -t r.example/img .`, Ask},
		{"S32 docker buildx build --output=type=registry", A, nil, `docker buildx build --output=type=registry,name=r.example/img .`, Ask},
		{"S32 docker buildx bake --push", D, nil, `docker buildx bake --push`, Ask},
		{"S32 neighbour: buildx to a local image or a directory", D, nil, `docker buildx build --load -t img . && docker buildx build -o type=local,dest=out . && docker buildx bake`, Allow},
	}
	checkDecisions(t, tests)
}
