#!/usr/bin/env bash
# Installs osmosis-lint for the action from a release: the archive for the
# runner's OS and CPU, verified against the release's checksums.txt.
#
#   install.sh platform     print the release platform of this runner (linux_amd64, ...)
#   install.sh resolve      decide how to install OSMOSIS_LINT_VERSION; writes
#                           mode (release|source), tag, platform, dir, bin to GITHUB_OUTPUT
#   install.sh download     download, verify and unpack the release into OSMOSIS_LINT_DIR
#
# OSMOSIS_LINT_VERSION is `latest`, a release tag (v0.1.0 or 0.1.0), or any
# other git ref (a commit or a branch), which has no release and is built
# with `go install` by the action instead (mode=source).
#
# OSMOSIS_LINT_RELEASES is the releases page (default: the project's on
# GitHub; a mirror works if it keeps the layout latest -> tag/<tag> and
# download/<tag>/<file>). RUNNER_OS and RUNNER_ARCH (set by GitHub) choose
# the platform; without them, uname does.
set -euo pipefail

releases="${OSMOSIS_LINT_RELEASES:-https://github.com/osmosis-lint/osmosis-lint/releases}"
releases="${releases%/}"

fail() {
	# An annotation on GitHub, a plain line elsewhere; both on stderr.
	echo "::error title=osmosis-lint::$*" >&2
	exit 1
}

output() {
	echo "$1=$2"
	if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "$1=$2" >>"$GITHUB_OUTPUT"; fi
}

# platform maps the runner to a release archive's <os>_<arch>.
platform() {
	local os="${RUNNER_OS:-$(uname -s)}" arch="${RUNNER_ARCH:-$(uname -m)}" goos goarch
	case "$os" in
	Linux | linux) goos=linux ;;
	macOS | Darwin | darwin) goos=darwin ;;
	Windows | windows | MINGW* | MSYS* | CYGWIN*) goos=windows ;;
	*) fail "no osmosis-lint release for the operating system $os; set version to a commit or branch to build it with go install" ;;
	esac
	case "$arch" in
	X64 | x86_64 | amd64) goarch=amd64 ;;
	ARM64 | arm64 | aarch64) goarch=arm64 ;;
	*) fail "no osmosis-lint release for the CPU $arch ($os); releases are built for amd64 and arm64; set version to a commit or branch to build it with go install" ;;
	esac
	echo "${goos}_${goarch}"
}

archive_name() {
	case "$1" in
	windows_*) echo "osmosis-lint_$1.zip" ;;
	*) echo "osmosis-lint_$1.tar.gz" ;;
	esac
}

# latest_tag follows the releases page's latest redirect to the tag it names.
latest_tag() {
	local url
	url=$(curl -fsSL --retry 3 -o /dev/null -w '%{url_effective}' "$releases/latest") ||
		fail "could not reach $releases/latest to find the latest release"
	case "$url" in
	*/tag/*) echo "${url##*/tag/}" ;;
	*) fail "no osmosis-lint release is published yet ($releases/latest leads to $url); install osmosis-lint in an earlier step (pip install osmosis-lint, once on PyPI) and run osmosis-lint check --format github, or set version to a commit or branch to build it with go install" ;;
	esac
}

resolve() {
	local version="${OSMOSIS_LINT_VERSION:-latest}" tag plat dir exe=osmosis-lint
	version="${version#"${version%%[![:space:]]*}"}"
	version="${version%"${version##*[![:space:]]}"}"
	case "$version" in
	"" | latest) tag=$(latest_tag) ;;
	v[0-9]*.[0-9]*.[0-9]*) tag=$version ;;
	[0-9]*.[0-9]*.[0-9]*) tag=v$version ;;
	*)
		# A commit or a branch: no release archive, the action builds it.
		output mode source
		output ref "$version"
		return
		;;
	esac
	[[ "$tag" =~ ^v[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$ ]] || fail "release tag \"$tag\" is not vX.Y.Z"
	plat=$(platform)
	[ "${plat%%_*}" = windows ] && exe=osmosis-lint.exe
	dir="${RUNNER_TOOL_CACHE:-${RUNNER_TEMP:-${TMPDIR:-/tmp}}}/osmosis-lint/${tag#v}/$plat"
	output mode release
	output tag "$tag"
	output platform "$plat"
	output dir "$dir"
	output bin "$dir/$exe"
}

sha256_of() {
	if command -v sha256sum >/dev/null 2>&1; then
		sha256sum "$1" | cut -d' ' -f1
	else
		shasum -a 256 "$1" | cut -d' ' -f1
	fi
}

download() {
	local tag="${OSMOSIS_LINT_TAG:?OSMOSIS_LINT_TAG is not set}" plat="${OSMOSIS_LINT_PLATFORM:-$(platform)}"
	local dir="${OSMOSIS_LINT_DIR:?OSMOSIS_LINT_DIR is not set}" name tmp want got
	name=$(archive_name "$plat")
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' RETURN
	curl -fsSL --retry 3 -o "$tmp/checksums.txt" "$releases/download/$tag/checksums.txt" ||
		fail "could not download checksums.txt of osmosis-lint $tag from $releases/download/$tag/"
	curl -fsSL --retry 3 -o "$tmp/$name" "$releases/download/$tag/$name" ||
		fail "could not download $name of osmosis-lint $tag from $releases/download/$tag/"
	want=$(awk -v n="$name" '$2 == n || $2 == "*" n { print $1 }' "$tmp/checksums.txt")
	[ -n "$want" ] || fail "checksums.txt of osmosis-lint $tag does not list $name"
	got=$(sha256_of "$tmp/$name")
	if [ "$got" != "$want" ]; then
		fail "checksum mismatch for $name of osmosis-lint $tag: checksums.txt says sha256 $want, the download has $got; it is corrupt or not the published file, so it is not installed"
	fi
	echo "$name: sha256 $got matches checksums.txt"
	mkdir -p "$dir"
	case "$name" in
	*.zip)
		if command -v unzip >/dev/null 2>&1; then
			unzip -q -o "$tmp/$name" osmosis-lint.exe -d "$dir"
		else
			# PowerShell wants Windows paths; Git Bash gives POSIX ones.
			local zip="$tmp/$name" out="$tmp/x"
			if command -v cygpath >/dev/null 2>&1; then zip=$(cygpath -w "$zip") out=$(cygpath -w "$out"); fi
			pwsh -NoProfile -Command "Expand-Archive -Force -LiteralPath '$zip' -DestinationPath '$out'"
			mv "$tmp/x/osmosis-lint.exe" "$dir/"
		fi
		;;
	*) tar -xzf "$tmp/$name" -C "$dir" osmosis-lint ;;
	esac
}

case "${1:-}" in
platform) platform ;;
resolve) resolve ;;
download) download ;;
*)
	echo "usage: install.sh platform|resolve|download" >&2
	exit 2
	;;
esac
