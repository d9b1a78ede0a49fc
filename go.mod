module github.com/mewsandbox/mewsandbox

go 1.26.0

require (
	github.com/seccomp/libseccomp-golang v0.11.1
	golang.org/x/sys v0.50.0
	golang.org/x/text v0.44.0
	gopkg.in/yaml.v3 v3.0.1
	mvdan.cc/sh/v3 v3.14.1
)
