package store_test

import (
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/derrors"
	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/store"
)

func TestUpsertJob(t *testing.T) {
	ctx, st, acc, other := setUpWithOther(t, "jobs")
	db := testenv.Conn(t)

	first, created, queued, err := st.UpsertJob(ctx, store.JobInput{AccountID: acc, VMSType: "sandbox", VMSJobRefID: "REQ-100",
		Title: ptr("ICU RN"), Facility: ptr("St. Luke's")})
	if err != nil || !created || !queued {
		t.Fatalf("create = created %v queued %v, %v", created, queued, err)
	}
	if first.Status != "ACTIVE" || first.AccountID != acc || *first.Title != "ICU RN" || *first.Facility != "St. Luke's" ||
		first.Client != nil || first.SyncRequestedAt == nil || first.SyncStartedAt != nil {
		t.Fatalf("created job = %+v", first)
	}

	// The steps run in order on the same account; each names the job by
	// (vmsType, ref) and says what the store must answer.
	steps := []struct {
		name            string
		in              store.JobInput
		setStatus       string // the VMS reports this status before the step
		wantSame        bool   // the job of the first create
		wantCreated     bool
		wantQueued      bool
		wantTitle       string
		wantFacility    string
		wantStatus      string
		wantSyncAdvance bool
	}{
		{name: "update: fields sent change, fields not sent stay", in: store.JobInput{VMSType: "sandbox", VMSJobRefID: "REQ-100", Client: ptr("Acme Health")},
			wantSame: true, wantQueued: true, wantTitle: "ICU RN", wantFacility: "St. Luke's", wantStatus: "ACTIVE", wantSyncAdvance: true},
		{name: "update of a new title", in: store.JobInput{VMSType: "sandbox", VMSJobRefID: "REQ-100", Title: ptr("ICU RN nights")},
			wantSame: true, wantQueued: true, wantTitle: "ICU RN nights", wantFacility: "St. Luke's", wantStatus: "ACTIVE", wantSyncAdvance: true},
		{name: "UNAVAILABLE queues nothing", setStatus: "UNAVAILABLE", in: store.JobInput{VMSType: "sandbox", VMSJobRefID: "REQ-100", Facility: ptr("St. Luke's East")},
			wantSame: true, wantQueued: false, wantTitle: "ICU RN nights", wantFacility: "St. Luke's East", wantStatus: "UNAVAILABLE"},
		{name: "UNAVAILABLE with force queues", in: store.JobInput{VMSType: "sandbox", VMSJobRefID: "REQ-100", Force: true},
			wantSame: true, wantQueued: true, wantTitle: "ICU RN nights", wantFacility: "St. Luke's East", wantStatus: "UNAVAILABLE", wantSyncAdvance: true},
		{name: "ACTIVE again queues", setStatus: "ACTIVE", in: store.JobInput{VMSType: "sandbox", VMSJobRefID: "REQ-100"},
			wantSame: true, wantQueued: true, wantTitle: "ICU RN nights", wantFacility: "St. Luke's East", wantStatus: "ACTIVE", wantSyncAdvance: true},
		{name: "same ref of another integration is another job", in: store.JobInput{VMSType: "other-vms", VMSJobRefID: "REQ-100", Title: ptr("Other")},
			wantCreated: true, wantQueued: true, wantTitle: "Other", wantStatus: "ACTIVE"},
		{name: "another ref is another job", in: store.JobInput{VMSType: "sandbox", VMSJobRefID: "REQ-101"},
			wantCreated: true, wantQueued: true, wantStatus: "ACTIVE"},
	}
	for _, step := range steps {
		if step.setStatus != "" {
			if err := st.SetJobStatus(ctx, acc, first.ID, step.setStatus, ""); err != nil {
				t.Fatalf("%s: SetJobStatus: %v", step.name, err)
			}
		}
		before, err := st.Job(ctx, acc, first.ID)
		if err != nil {
			t.Fatal(err)
		}
		in := step.in
		in.AccountID = acc
		got, created, queued, err := st.UpsertJob(ctx, in)
		if err != nil {
			t.Errorf("%s: %v", step.name, err)
			continue
		}
		if created != step.wantCreated || queued != step.wantQueued {
			t.Errorf("%s: created %v queued %v, want %v %v", step.name, created, queued, step.wantCreated, step.wantQueued)
		}
		if (got.ID == first.ID) != step.wantSame {
			t.Errorf("%s: id %s, first job %s, want same %v", step.name, got.ID, first.ID, step.wantSame)
		}
		if deref(got.Title) != step.wantTitle || deref(got.Facility) != step.wantFacility || got.Status != step.wantStatus {
			t.Errorf("%s: title %q facility %q status %s, want %q %q %s", step.name, deref(got.Title), deref(got.Facility), got.Status,
				step.wantTitle, step.wantFacility, step.wantStatus)
		}
		if !step.wantSame {
			if got.SyncRequestedAt == nil {
				t.Errorf("%s: a new job asks for no sync", step.name)
			}
			continue
		}
		if deref(got.Client) != "Acme Health" {
			t.Errorf("%s: client %q, want it kept", step.name, deref(got.Client))
		}
		advanced := got.SyncRequestedAt.After(*before.SyncRequestedAt)
		if advanced != step.wantSyncAdvance {
			t.Errorf("%s: sync asked %v -> %v, want asked again %v", step.name, before.SyncRequestedAt, got.SyncRequestedAt, step.wantSyncAdvance)
		}
	}

	// One "created" in the trail however often the job was updated, and
	// the VMS's status changes with it.
	want := []string{">ACTIVE: created", "ACTIVE>UNAVAILABLE: reported by the VMS", "UNAVAILABLE>ACTIVE: reported by the VMS"}
	if got := auditOf(t, db, acc, "job", first.ID.String()); !slices.Equal(got, want) {
		t.Errorf("job trail = %q, want %q", got, want)
	}

	// Another account: its own job of the same (vmsType, ref), and neither
	// sees the other's.
	theirs, created, _, err := st.UpsertJob(ctx, store.JobInput{AccountID: other, VMSType: "sandbox", VMSJobRefID: "REQ-100", Title: ptr("Theirs")})
	if err != nil || !created || theirs.ID == first.ID {
		t.Fatalf("other account's job = %+v created %v, %v", theirs, created, err)
	}
	mine, err := st.Job(ctx, acc, first.ID)
	if err != nil || deref(mine.Title) != "ICU RN nights" {
		t.Fatalf("own job after another account's upsert = %+v, %v", mine, err)
	}
	wantNotFound(t, "another account's job", errOf(st.Job(ctx, other, first.ID)))
	wantNotFound(t, "unknown job", errOf(st.Job(ctx, acc, uuid.New())))
	wantNotFound(t, "JobForSync of another account's job", errOf(st.JobForSync(ctx, other, first.ID)))
	wantNotFound(t, "SetJobStatus of another account's job", st.SetJobStatus(ctx, other, first.ID, "CLOSED", ""))
	wantNotFound(t, "BeginJobSync of another account's job", st.BeginJobSync(ctx, other, first.ID, time.Now()))
}

func TestUpsertJobConcurrentCreate(t *testing.T) {
	ctx, st, acc := setUp(t, "jobs-race")
	answers := atOnce(12, func(int) answer {
		j, created, _, err := st.UpsertJob(ctx, store.JobInput{AccountID: acc, VMSType: "sandbox", VMSJobRefID: "RACE-1"})
		if err != nil {
			return answer{err: err}
		}
		return answer{id: j.ID, first: created}
	})
	wantOneFirst(t, answers, "job", "created the job")
}

func TestSetJobStatus(t *testing.T) {
	ctx, st, acc := setUp(t, "jobstatus")
	j := sandboxJob(t, st, acc, "S-1")

	// A sync error alone leaves the status; a status of the machine moves
	// it; an unknown status is refused with the lifecycle's message.
	if err := st.SetJobStatus(ctx, acc, j.ID, "", "the VMS timed out"); err != nil {
		t.Fatal(err)
	}
	got, _ := st.Job(ctx, acc, j.ID)
	if got.Status != "ACTIVE" || deref(got.SyncError) != "the VMS timed out" {
		t.Fatalf("after a sync error: status %s error %q", got.Status, deref(got.SyncError))
	}
	if err := st.SetJobStatus(ctx, acc, j.ID, "FILLED", ""); err != nil {
		t.Fatal(err)
	}
	err := st.SetJobStatus(ctx, acc, j.ID, "OPEN", "")
	if de, ok := derrors.As(err); !ok || de.Code != derrors.Conflict || de.Message != "job cannot move from FILLED to OPEN" {
		t.Fatalf("unknown status: %v", err)
	}
	got, _ = st.Job(ctx, acc, j.ID)
	if got.Status != "FILLED" {
		t.Fatalf("status after a refused change = %s", got.Status)
	}
}
