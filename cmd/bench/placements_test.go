package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

func item(label string, keys ...string) truthItem { return truthItem{Label: label, Keys: keys} }

func TestPredictRows(t *testing.T) {
	for _, tc := range []struct {
		name         string
		items        []truthItem
		matrix       []string
		rows, mapped int
	}{
		{"nothing", nil, nil, 0, 0},
		{"one row per requirement however many items ask for it",
			[]truthItem{item("BLS - AHA only", "bls"), item("Basic Life Support (AHA)", "bls"), item("ACLS - AHA", "acls")}, nil, 2, 2},
		{"an item asking for two requirements is two rows",
			[]truthItem{item("OIG/SAM exclusion search", "oig_exclusion_check", "sam_exclusion_check")}, nil, 2, 2},
		{"one row per unmapped label, as normalised",
			[]truthItem{item("Pyxis access request"), item("PYXIS access request."), item("St. Brigid confidentiality agreement")}, nil, 2, 0},
		{"matrix keys join, once",
			[]truthItem{item("BLS - AHA only", "bls"), item("Pyxis access request")}, []string{"bls", "ofac_check"}, 3, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rows, mapped := predictRows(tc.items, tc.matrix)
			if rows != tc.rows || mapped != tc.mapped {
				t.Errorf("predictRows = %d rows, %d mapped; want %d, %d", rows, mapped, tc.rows, tc.mapped)
			}
		})
	}
}

func TestMatrixFor(t *testing.T) {
	prefs := []string{"ofac_check", "sex_offender_check", "covid19_vaccine", "fit_test"}
	for _, tc := range []struct {
		name  string
		items []truthItem
		want  []string
	}{
		{"the first three", []truthItem{item("BLS", "bls")}, []string{"ofac_check", "sex_offender_check", "covid19_vaccine"}},
		{"those the template lists are passed over", []truthItem{item("OFAC SDN list", "ofac_check"), item("Flu", "covid19_vaccine")},
			[]string{"sex_offender_check", "fit_test"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := matrixFor(tc.items, prefs); !slices.Equal(got, tc.want) {
				t.Errorf("matrixFor = %v, want %v", got, tc.want)
			}
		})
	}
}

// jobOf is a job of the sandbox's truth with n mapped items (distinct
// keys outside the matrix preference) and u unmapped ones.
func jobOf(ref, status string, n, u int) truthJob {
	var j truthJob
	j.Job.Ref, j.Job.Status = ref, status
	for i := 0; i < n; i++ {
		j.Items = append(j.Items, item(fmt.Sprintf("mapped %d", i), fmt.Sprintf("key_%d", i)))
	}
	for i := 0; i < u; i++ {
		j.Items = append(j.Items, item(fmt.Sprintf("facility form %d", i)))
	}
	return j
}

func TestChooseJob(t *testing.T) {
	prefs := matrixPreference()
	fit := jobRows - jobMatrixSize // template rows that, with the matrix, make jobRows
	for _, tc := range []struct {
		name string
		jobs []truthJob
		want string
		ok   bool
	}{
		{"none of the right size", []truthJob{jobOf("A", "ACTIVE", fit, 1), jobOf("B", "ACTIVE", 3, 0)}, "", false},
		{"the most mapped rows wins",
			[]truthJob{jobOf("A", "ACTIVE", fit-5, 5), jobOf("B", "ACTIVE", fit-2, 2), jobOf("C", "ACTIVE", fit-4, 4)}, "B", true},
		{"the first on a tie", []truthJob{jobOf("A", "ACTIVE", fit-3, 3), jobOf("B", "ACTIVE", fit-3, 3)}, "A", true},
		{"a job that is not ACTIVE is passed over",
			[]truthJob{jobOf("A", "UNAVAILABLE", fit, 0), jobOf("B", "ACTIVE", fit-1, 1)}, "B", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := chooseJob(tc.jobs, prefs)
			if ok != tc.ok || got.ref != tc.want {
				t.Fatalf("chooseJob = %q, %v; want %q, %v", got.ref, ok, tc.want, tc.ok)
			}
			if ok && (got.rows != jobRows || len(got.matrix) != jobMatrixSize) {
				t.Errorf("choice %+v: want %d rows with a matrix of %d", got, jobRows, jobMatrixSize)
			}
		})
	}
}

func TestChooseJobMatrixAlreadyListed(t *testing.T) {
	// The template lists every preferred key but two: no matrix of three
	// keys the template lacks, so the job cannot be chosen.
	j := jobOf("A", "ACTIVE", 0, 0)
	prefs := matrixPreference()
	for _, k := range prefs[:len(prefs)-2] {
		j.Items = append(j.Items, item(k, k))
	}
	for i := len(j.Items); i < jobRows-2; i++ {
		j.Items = append(j.Items, item(fmt.Sprintf("form %d", i)))
	}
	if got, ok := chooseJob([]truthJob{j}, prefs); ok {
		t.Errorf("chooseJob = %+v, want none", got)
	}
}

func TestVMSURLFrom(t *testing.T) {
	banner := "{\"level\":\"WARN\"}\n\nCompliance Document Service is ready after 3.1s\n  API:           http://127.0.0.1:40111\n" +
		"  NSOPW sandbox: http://127.0.0.1:8091\n  VMS sandbox:   http://127.0.0.1:8092\n  Client emails: /tmp/x/new\n"
	for _, tc := range []struct {
		name, out, want string
		ok              bool
	}{
		{"banner", banner, "http://127.0.0.1:8092", true},
		{"no banner yet", "{\"level\":\"WARN\",\"msg\":\"x\"}\n", "", false},
		{"a trailing slash", "  VMS sandbox:   http://127.0.0.1:41234/\n", "http://127.0.0.1:41234", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := vmsURLFrom(tc.out)
			if got != tc.want || ok != tc.ok {
				t.Errorf("vmsURLFrom = %q, %v; want %q, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}

// placementWith decodes a placement of the API's shape.
func placementWith(t *testing.T, rows ...string) placementJSON {
	t.Helper()
	var p placementJSON
	if err := json.Unmarshal([]byte(`{"id":"p","requirements":[`+strings.Join(rows, ",")+`]}`), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func msd(n int) time.Duration { return time.Duration(n) * time.Millisecond }

const (
	docOpen      = `{"status":"IN_PROGRESS","fulfillmentType":"DOCUMENT","isMapped":true}`
	docPending   = `{"status":"PENDING","fulfillmentType":"DOCUMENT","isMapped":true}`
	unmapped     = `{"status":"AWAITING_CONFIG","fulfillmentType":null,"isMapped":false}`
	regRunning   = `{"status":"IN_PROGRESS","fulfillmentType":"REGISTRY_SEARCH","isMapped":true,"statusReason":"the registry check is running"}`
	regFulfilled = `{"status":"FULFILLED","fulfillmentType":"REGISTRY_SEARCH","isMapped":true}`
	regReview    = `{"status":"IN_PROGRESS","fulfillmentType":"REGISTRY_SEARCH","isMapped":true,"review":{"searchId":"s","matches":[]}}`
	regNullRev   = `{"status":"IN_PROGRESS","fulfillmentType":"REGISTRY_SEARCH","isMapped":true,"review":null}`
)

func TestPastPending(t *testing.T) {
	for _, tc := range []struct {
		name string
		rows []string
		want int
		past bool
	}{
		{"no rows yet", nil, 3, false},
		{"rows still arriving", []string{docOpen, unmapped}, 3, false},
		{"a row still PENDING", []string{docOpen, docPending, unmapped}, 3, false},
		{"started and waiting for a mapping", []string{docOpen, regRunning, unmapped}, 3, true},
		{"more rows than set up", []string{docOpen, regRunning, unmapped, docOpen}, 3, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := pastPending(placementWith(t, tc.rows...), tc.want); got != tc.past {
				t.Errorf("pastPending = %v, want %v", got, tc.past)
			}
		})
	}
}

func TestRegistryDecided(t *testing.T) {
	for _, tc := range []struct {
		name    string
		rows    []string
		decided bool
	}{
		{"no registry rows", []string{docOpen, unmapped}, true},
		{"a check running", []string{docOpen, regFulfilled, regRunning}, false},
		{"a null review is none", []string{regNullRev}, false},
		{"fulfilled or waiting for review", []string{docOpen, regFulfilled, regReview}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := registryDecided(placementWith(t, tc.rows...)); got != tc.decided {
				t.Errorf("registryDecided = %v, want %v", got, tc.decided)
			}
		})
	}
}

func TestComposition(t *testing.T) {
	byType, byStatus := composition(placementWith(t, docOpen, docOpen, unmapped, regFulfilled, regRunning))
	if got := countsText(byType); got != "DOCUMENT 2, REGISTRY_SEARCH 2, unmapped 1" {
		t.Errorf("by type: %s", got)
	}
	if got := countsText(byStatus); got != "IN_PROGRESS 3, AWAITING_CONFIG 1, FULFILLED 1" {
		t.Errorf("by status: %s", got)
	}
}

func TestRunStatsOf(t *testing.T) {
	ms := func(n int) placementRun { return placementRun{past: msd(n), decided: msd(10 * n)} }
	runs := []placementRun{ms(3), ms(1), ms(2), {past: msd(9), undecided: true}}
	past, decided, pastMax := runStatsOf(runs)
	if past.n != 4 || past.p50 != msd(3) || pastMax != msd(9) {
		t.Errorf("past: %+v, max %s", past, pastMax)
	}
	if decided.n != 3 || decided.p50 != msd(20) || decided.p95 != msd(30) {
		t.Errorf("decided (the undecided run left out): %+v", decided)
	}
}

func TestEnds(t *testing.T) {
	var runs []placementRun
	for i := 1; i <= 7; i++ {
		runs = append(runs, placementRun{past: msd(i)})
	}
	first, last := ends(runs, 3)
	if first.n != 3 || first.p50 != msd(2) || last.n != 3 || last.p50 != msd(6) {
		t.Errorf("ends(7 runs, 3) = %+v, %+v", first, last)
	}
	// Fewer runs than twice k: the halves, never overlapping.
	first, last = ends(runs[:4], 3)
	if first.n != 2 || last.n != 2 || first.p50 != msd(2) || last.p50 != msd(4) {
		t.Errorf("ends(4 runs, 3) = %+v, %+v", first, last)
	}
	if first, _ := ends(runs[:1], 3); first.n != 0 {
		t.Errorf("ends(1 run) = %+v, want nothing", first)
	}
}
