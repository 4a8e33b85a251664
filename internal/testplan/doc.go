// Package testplan holds the checks on how `make test` runs the
// project's tests (scripts/test.sh): that the packages it runs without
// the race detector still cannot race.
package testplan
