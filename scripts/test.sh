#!/usr/bin/env bash
# make test's body, run inside the throwaway stack bin/compliance starts:
# every package's tests, with the race detector on every package that can
# race, and without it on those scripts/uninstrumented-packages lists. The
# two runs go side by side so neither waits for the other's slowest
# package; both always finish, and either failing fails the target.
set -uo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
TEST_TIMEOUT=${TEST_TIMEOUT:-20m}
module=$($GO list -m)
plain=()
while read -r p; do
	[[ -z $p || $p == \#* ]] && continue
	plain+=("$module/$p")
done < scripts/uninstrumented-packages
race=()
while read -r p; do
	skip=
	for q in "${plain[@]}"; do [[ $p == "$q" ]] && skip=1; done
	[[ -z $skip ]] && race+=("$p")
done < <($GO list ./...)
$GO test -race -count=1 -timeout "$TEST_TIMEOUT" "${race[@]}" &
raced=$!
# One package at a time: the race run already keeps both cores busy.
$GO test -p 1 -count=1 -timeout "$TEST_TIMEOUT" "${plain[@]}"
status=$?
wait $raced || status=1
exit $status
