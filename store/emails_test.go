package store_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/internal/testenv"
	"github.com/clearedtostart/compliance/requirements"
	"github.com/clearedtostart/compliance/store"
)

func emailSource(labels ...string) requirements.Source {
	src := requirements.Source{Kind: requirements.SourceEmail, Items: []requirements.Item{}}
	for _, l := range labels {
		src.Items = append(src.Items, requirements.Item{Label: l, PacketGroup: "Credentials"})
	}
	return src
}

// emailSourceOf returns what a job holds of one email, nil when nothing.
func emailSourceOf(t *testing.T, st *store.Store, job uuid.UUID, messageID string) *requirements.Source {
	t.Helper()
	srcs, err := st.JobSources(context.Background(), job)
	if err != nil {
		t.Fatal(err)
	}
	for i := range srcs {
		if srcs[i].Kind == requirements.SourceEmail && srcs[i].Ref == messageID {
			return &srcs[i]
		}
	}
	return nil
}

func TestReceiveEmail(t *testing.T) {
	ctx, st, acc, other := setUpWithOther(t, "email")
	db := testenv.Conn(t)
	jobs := map[string]*store.Job{
		"slh":           sandboxJob(t, st, acc, "SLH-40217"),
		"slh other vms": newJob(t, st, store.JobInput{AccountID: acc, VMSType: "other-vms", VMSJobRefID: "SLH-40217"}),
		"5531":          sandboxJob(t, st, acc, "5531"),
		"theirs":        sandboxJob(t, st, other, "X-1"),
	}
	exclusionsOnly := requirements.Source{Kind: requirements.SourceEmail, Items: []requirements.Item{},
		Exclusions: []requirements.Item{{Label: "Drug screen", Notes: "not needed for this unit"}}}
	withExclusion := emailSource("BLS - AHA only", "Hep B titer or declination")
	withExclusion.Exclusions = exclusionsOnly.Exclusions

	tests := []struct {
		name       string
		refs       []string
		src        requirements.Source
		wantStatus string
		wantJob    string // the job it attaches to, "" for none
		wantReason string
	}{
		{"attached to the job it names", []string{"SLH-40217"}, withExclusion, store.EmailAttached, "slh", ""},
		{"the first job named", []string{"5531", "SLH-40217"}, emailSource("ACLS"), store.EmailAttached, "5531", ""},
		{"a later reference read when the first is no job", []string{"NOPE-9", "5531"}, emailSource("ACLS"), store.EmailAttached, "5531", ""},
		{"exclusions only", []string{"SLH-40217"}, exclusionsOnly, store.EmailAttached, "slh", ""},
		{"unknown references", []string{"NOPE-1", "NOPE-2"}, emailSource("BLS"), store.EmailUnmatched, "",
			"it names no job of this account (job references read: NOPE-1, NOPE-2)"},
		{"no reference", nil, emailSource("BLS"), store.EmailUnmatched, "",
			"it names no job of this account (job references read: none)"},
		{"another account's job", []string{"X-1"}, emailSource("BLS"), store.EmailUnmatched, "",
			"it names no job of this account (job references read: X-1)"},
		{"no checklist", []string{"SLH-40217"}, emailSource(), store.EmailNoChecklist, "",
			"no requirement checklist was found in the body or the attachments"},
	}
	for i, tt := range tests {
		for _, j := range jobs {
			backdateAsks(t, db, j.ID)
		}
		msgID := "<" + uuid.NewString() + "@client.example>"
		in := &store.InboundEmail{AccountID: acc, MessageID: msgID, Subject: tt.name, Sender: "Nurse Manager <nm@client.example>",
			RawKey: "inbound-email/" + acc + "/" + string(rune('a'+i)) + ".eml"}
		got, dup, err := st.ReceiveEmail(ctx, in, tt.refs, tt.src)
		if err != nil || dup {
			t.Errorf("%s: ReceiveEmail = duplicate %v, %v", tt.name, dup, err)
			continue
		}
		var wantJob *uuid.UUID
		if tt.wantJob != "" {
			wantJob = &jobs[tt.wantJob].ID
		}
		if got.Status != tt.wantStatus || got.Reason != tt.wantReason || (got.JobID == nil) != (wantJob == nil) || (wantJob != nil && *got.JobID != *wantJob) {
			t.Errorf("%s: status %s job %v reason %q, want %s %v %q", tt.name, got.Status, got.JobID, got.Reason, tt.wantStatus, wantJob, tt.wantReason)
		}
		var refs []string
		if err := json.Unmarshal(got.JobRefs, &refs); err != nil || !slices.Equal(refs, tt.refs) || refs == nil {
			t.Errorf("%s: job refs %s, want %q", tt.name, got.JobRefs, tt.refs)
		}
		stored, err := st.Email(ctx, acc, got.ID)
		if err != nil || stored.Status != got.Status || stored.MessageID != msgID || stored.Subject != tt.name || stored.RawKey != in.RawKey || stored.ReceivedAt.IsZero() {
			t.Errorf("%s: Email = %+v, %v", tt.name, stored, err)
		}
		var items []requirements.Item
		if err := json.Unmarshal(stored.Items, &items); err != nil || len(items) != len(tt.src.Items) {
			t.Errorf("%s: stored items %s, %v", tt.name, stored.Items, err)
		}
		if trail := auditOf(t, db, acc, "inbound_email", got.ID.String()); !slices.Equal(trail, []string{">" + tt.wantStatus + ": " + tt.wantReason}) {
			t.Errorf("%s: trail %q", tt.name, trail)
		}

		// The job named holds the checklist as its email source and is
		// asked to sync; no other job is.
		var wantAsked []string
		if tt.wantJob != "" {
			wantAsked = []string{tt.wantJob}
		}
		if a := asked(t, st, acc, jobs); !slices.Equal(a, wantAsked) {
			t.Errorf("%s: jobs asked to sync %q, want %q", tt.name, a, wantAsked)
		}
		for name, j := range jobs {
			src := emailSourceOf(t, st, j.ID, msgID)
			if name != tt.wantJob {
				if src != nil {
					t.Errorf("%s: job %s holds the email", tt.name, name)
				}
				continue
			}
			if src == nil || len(src.Items) != len(tt.src.Items) || len(src.Exclusions) != len(tt.src.Exclusions) {
				t.Errorf("%s: job's email source = %+v, want %+v", tt.name, src, tt.src)
				continue
			}
			for k := range src.Items {
				if src.Items[k] != tt.src.Items[k] {
					t.Errorf("%s: item %d = %+v, want %+v", tt.name, k, src.Items[k], tt.src.Items[k])
				}
			}
			for k := range src.Exclusions {
				if src.Exclusions[k] != tt.src.Exclusions[k] {
					t.Errorf("%s: exclusion %d = %+v, want %+v", tt.name, k, src.Exclusions[k], tt.src.Exclusions[k])
				}
			}
		}
	}
}

func TestReceiveEmailOnce(t *testing.T) {
	ctx, st, acc, other := setUpWithOther(t, "email-once")
	db := testenv.Conn(t)
	job := sandboxJob(t, st, acc, "SLH-1")
	const msgID = "<checklist-1@client.example>"

	first, dup, err := st.ReceiveEmail(ctx, &store.InboundEmail{AccountID: acc, MessageID: msgID, Subject: "Job SLH-1", RawKey: "k1"},
		[]string{"SLH-1"}, emailSource("BLS", "ACLS"))
	if err != nil || dup || first.Status != store.EmailAttached {
		t.Fatalf("first receive = %+v duplicate %v, %v", first, dup, err)
	}

	// The gateway posts it again (or the maildir has it too), read
	// differently this time: the first record comes back, nothing changes.
	backdateAsks(t, db, job.ID)
	again, dup, err := st.ReceiveEmail(ctx, &store.InboundEmail{AccountID: acc, MessageID: msgID, Subject: "Fwd: Job SLH-1", RawKey: "k2"},
		[]string{"NOPE"}, emailSource("Something else"))
	if err != nil || !dup {
		t.Fatalf("second receive = duplicate %v, %v", dup, err)
	}
	if again.ID != first.ID || again.Subject != "Job SLH-1" || again.RawKey != "k1" || again.Status != store.EmailAttached || again.JobID == nil ||
		*again.JobID != job.ID || !again.ReceivedAt.Equal(first.ReceivedAt) || string(again.Items) != string(read(t, st.Email, acc, first.ID).Items) {
		t.Errorf("duplicate = %+v\nfirst %+v", again, first)
	}
	if src := emailSourceOf(t, st, job.ID, msgID); src == nil || len(src.Items) != 2 || src.Items[0].Label != "BLS" {
		t.Errorf("job's email source after the duplicate = %+v", src)
	}
	if got, _ := st.Job(ctx, acc, job.ID); got.SyncRequestedAt.After(longAgo) {
		t.Error("a duplicate asked for a sync")
	}
	if trail := auditOf(t, db, acc, "inbound_email", first.ID.String()); len(trail) != 1 {
		t.Errorf("trail after the duplicate = %q", trail)
	}

	// Another account's email of the same Message-ID is its own.
	theirs, dup, err := st.ReceiveEmail(ctx, &store.InboundEmail{AccountID: other, MessageID: msgID, RawKey: "k3"}, []string{"SLH-1"}, emailSource("BLS"))
	if err != nil || dup || theirs.ID == first.ID || theirs.Status != store.EmailUnmatched {
		t.Fatalf("another account's = %+v duplicate %v, %v", theirs, dup, err)
	}
	wantNotFound(t, "another account's email", errOf(st.Email(ctx, other, first.ID)))
	wantNotFound(t, "an unknown email", errOf(st.Email(ctx, acc, uuid.New())))

	// The endpoint and the maildir at once, several times over: one
	// record, one job source, every caller gets it.
	const raceID = "<checklist-race@client.example>"
	answers := atOnce(8, func(int) answer {
		e, dup, err := st.ReceiveEmail(ctx, &store.InboundEmail{AccountID: acc, MessageID: raceID, RawKey: "race"}, []string{"SLH-1"}, emailSource("BLS"))
		if err != nil {
			return answer{err: err}
		}
		return answer{id: e.ID, first: !dup}
	})
	wantOneFirst(t, answers, "email", "received the email first")
	if src := emailSourceOf(t, st, job.ID, raceID); src == nil {
		t.Error("the job holds no source of the email received concurrently")
	}
}

// A client email that names a job before anyone created it is attached
// when the job is created, whatever the case of its reference.
func TestEmailAdoptedByTheJobItNamed(t *testing.T) {
	ctx, st, account := setUp(t, "adopt")
	src := requirements.Source{Items: []requirements.Item{{Label: "BLS - AHA only"}, {Label: "N95 fit test – annual"}}}
	e := &store.InboundEmail{AccountID: account, MessageID: uuid.NewString() + "@client.example", Subject: "Checklist for req smc-4410", RawKey: "emails/x"}
	got, _, err := st.ReceiveEmail(ctx, e, []string{"smc-4410"}, src)
	if err != nil || got.Status != store.EmailUnmatched {
		t.Fatalf("before the job: %+v %v", got, err)
	}
	job, created, _, err := st.UpsertJob(ctx, store.JobInput{AccountID: account, VMSType: "sandbox", VMSJobRefID: "SMC-4410"})
	if err != nil || !created {
		t.Fatal(err)
	}
	after, err := st.Email(ctx, account, got.ID)
	if err != nil || after.Status != store.EmailAttached || after.JobID == nil || *after.JobID != job.ID || after.Reason != "attached when job SMC-4410 was created" {
		t.Fatalf("after the job: %+v %v", after, err)
	}
	sources, err := st.JobSources(ctx, job.ID)
	if err != nil || len(sources) != 1 || sources[0].Kind != requirements.SourceEmail || sources[0].Ref != e.MessageID || len(sources[0].Items) != 2 {
		t.Fatalf("the job's sources: %+v %v", sources, err)
	}
	// Another account's job of the same reference adopts nothing of it.
	other := testenv.Account(t, st, "adopt-other", "")
	if j, _, _, err := st.UpsertJob(ctx, store.JobInput{AccountID: other, VMSType: "sandbox", VMSJobRefID: "SMC-4410"}); err != nil {
		t.Fatal(err)
	} else if s, _ := st.JobSources(ctx, j.ID); len(s) != 0 {
		t.Fatalf("another account's job took %+v", s)
	}
}
