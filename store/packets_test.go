package store_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/clearedtostart/compliance/store"
)

// TestPacketUploadLifecycle: an upload begins only on a READY packet, one
// at a time; it fixes its compiled file and key, ends UPLOADED or FAILED;
// rows that change while it runs or after it send the packet back for a
// new upload.
func TestPacketUploadLifecycle(t *testing.T) {
	ctx, st, acc, other := setUpWithOther(t, "packets")
	job := sandboxJob(t, st, acc, "PKT-1")
	p := newPlacement(t, st, acc, job.ID, "nurse-pk-1", nil)
	apply(t, st, acc, p.ID, keyRow(t, "orientation", "Facility orientation", "Other", 1), keyRow(t, "bls", "BLS", "Credentials", 2))
	p = load(t, st, acc, p.ID)
	pk := packetOf(t, p, "Other")
	orient := rowOf(t, p, "key:orientation")

	var notReady *store.PacketNotReady
	if _, _, err := st.BeginPacketUpload(ctx, acc, pk.ID, "wf"); !errors.As(err, &notReady) || notReady.Status != "INCOMPLETE" {
		t.Fatalf("an INCOMPLETE packet: %v", err)
	}
	wantNotFound(t, "another account's packet", errOf2(st.BeginPacketUpload(ctx, other, pk.ID, "wf")))
	wantNotFound(t, "an unknown packet", errOf2(st.BeginPacketUpload(ctx, acc, uuid.New(), "wf")))

	update(t, st, acc, p.ID, orient.ID, store.RowUpdate{Status: "FULFILLED", Reason: "done", EvidenceKind: store.EvidencePerson, EvidenceID: "api-key:x"})
	if pk = packetOf(t, load(t, st, acc, p.ID), "Other"); pk.Status != "READY" {
		t.Fatalf("packet %s", pk.Status)
	}
	up, created, err := st.BeginPacketUpload(ctx, acc, pk.ID, "packet-upload/"+pk.ID.String())
	if err != nil || !created || up.Status != store.PacketUploading || up.PacketGroup != "Other" || up.PlacementID != p.ID {
		t.Fatalf("BeginPacketUpload = %+v, %v, %v", up, created, err)
	}
	again, created, err := st.BeginPacketUpload(ctx, acc, pk.ID, "packet-upload/"+pk.ID.String())
	if err != nil || created || again.ID != up.ID {
		t.Fatalf("a second begin while it runs = %+v, %v, %v; want upload %s", again, created, err, up.ID)
	}
	if pk = packetOf(t, load(t, st, acc, p.ID), "Other"); pk.Status != store.PacketUploading {
		t.Fatalf("packet %s", pk.Status)
	}

	content, err := st.PacketContent(ctx, acc, up.ID)
	if err != nil || len(content.Parts) != 1 || content.Parts[0].RowID != orient.ID || content.Parts[0].Status != "FULFILLED" ||
		content.Parts[0].BlobKey != "" || content.RowsDigest == "" {
		t.Fatalf("PacketContent = %+v, %v", content, err)
	}
	wantNotFound(t, "another account's upload", errOf(st.PacketContent(ctx, other, up.ID)))
	c := store.CompiledPacket{BlobKey: "packets/" + pk.ID.String() + "/abc.pdf", Name: "Other-packet.pdf", SHA256: "abc", Size: 10,
		IdempotencyKey: pk.ID.String() + "-abc", RowsDigest: content.RowsDigest}
	fileID, err := st.SetPacketCompiled(ctx, acc, up.ID, c)
	if err != nil {
		t.Fatal(err)
	}
	// Compiled again to the same bytes (a retried compile): the same file.
	if again, err := st.SetPacketCompiled(ctx, acc, up.ID, c); err != nil || again != fileID {
		t.Fatalf("recompiled: %s, %v; want %s", again, err, fileID)
	}
	sent, err := st.CountPacketSend(ctx, acc, up.ID)
	if err != nil || sent.Attempts != 1 || deref(sent.IdempotencyKey) != c.IdempotencyKey || *sent.CompiledFileID != fileID {
		t.Fatalf("CountPacketSend = %+v, %v", sent, err)
	}

	// A row changes while the upload runs: the packet stays UPLOADING...
	bls := rowOf(t, load(t, st, acc, p.ID), "key:bls")
	update(t, st, acc, p.ID, bls.ID, store.RowUpdate{Status: "SKIPPED", Reason: "waived", EvidenceKind: store.EvidencePerson, EvidenceID: "api-key:x"})
	if pk = packetOf(t, load(t, st, acc, p.ID), "Other"); pk.Status != store.PacketUploading {
		t.Fatalf("packet %s while uploading", pk.Status)
	}
	received := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	done, err := st.FinishPacketUpload(ctx, acc, up.ID, store.UploadOutcome{Status: store.PacketUploaded, Receipt: map[string]string{"id": "VMS-1"}, At: received})
	if err != nil || done.Status != store.PacketUploaded || done.FinishedAt == nil || !done.FinishedAt.Equal(received) {
		t.Fatalf("FinishPacketUpload = %+v, %v", done, err)
	}
	// ...its own rows did not change, so it is UPLOADED, with its file and time.
	pk = packetOf(t, load(t, st, acc, p.ID), "Other")
	if pk.Status != store.PacketUploaded || pk.UploadedAt == nil || !pk.UploadedAt.Equal(received) || pk.CompiledFileID == nil || *pk.CompiledFileID != fileID {
		t.Fatalf("uploaded packet: %+v", pk)
	}
	// Ending it again changes nothing.
	if again, err := st.FinishPacketUpload(ctx, acc, up.ID, store.UploadOutcome{Status: store.PacketFailed, Reason: "late", At: time.Now()}); err != nil || again.Status != store.PacketUploaded {
		t.Fatalf("a second finish = %+v, %v", again, err)
	}
	if _, _, err := st.BeginPacketUpload(ctx, acc, pk.ID, "wf"); !errors.As(err, &notReady) || notReady.Status != store.PacketUploaded {
		t.Fatalf("an UPLOADED packet: %v", err)
	}

	// Its row skipped after the upload: READY again, for a new upload; the
	// last upload stays shown.
	update(t, st, acc, p.ID, orient.ID, store.RowUpdate{Status: "SKIPPED", Reason: "not needed", EvidenceKind: store.EvidencePerson, EvidenceID: "api-key:x"})
	pk = packetOf(t, load(t, st, acc, p.ID), "Other")
	if pk.Status != "READY" || pk.UploadedAt == nil || pk.CompiledFileID == nil {
		t.Fatalf("after a row change: %+v", pk)
	}

	// A failed upload: FAILED with the reason; a new one may begin.
	up2, _, err := st.BeginPacketUpload(ctx, acc, pk.ID, "wf")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.FinishPacketUpload(ctx, acc, up2.ID, store.UploadOutcome{Status: store.PacketFailed, Reason: "the VMS answered 503", At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	pk = packetOf(t, load(t, st, acc, p.ID), "Other")
	if pk.Status != store.PacketFailed || deref(pk.UploadReason) != "the VMS answered 503" {
		t.Fatalf("failed packet: %+v", pk)
	}
	up3, created, err := st.BeginPacketUpload(ctx, acc, pk.ID, "wf")
	if err != nil || !created {
		t.Fatalf("an upload after a failure: %v %v", created, err)
	}
	// An upload whose workflow never started is abandoned: the packet
	// goes back to READY.
	if err := st.AbandonPacketUpload(ctx, acc, up3.ID, "Temporal is down"); err != nil {
		t.Fatal(err)
	}
	if got, _ := st.PacketUpload(ctx, acc, up3.ID); got.Status != store.PacketFailed || deref(got.Reason) != "Temporal is down" {
		t.Fatalf("abandoned upload: %+v", got)
	}
	if pk = packetOf(t, load(t, st, acc, p.ID), "Other"); pk.Status != "READY" {
		t.Fatalf("after an abandoned upload: %s", pk.Status)
	}
	trail := trailOf(t, st, acc, p.ID, pk.ID.String())
	var tos []string
	for _, e := range trail {
		move, _, _ := strings.Cut(e, ":")
		tos = append(tos, move)
	}
	want := []string{">INCOMPLETE", "INCOMPLETE>READY", "READY>UPLOADING", "UPLOADING>UPLOADED", "UPLOADED>READY", "READY>UPLOADING",
		"UPLOADING>FAILED", "FAILED>UPLOADING", "UPLOADING>READY"}
	if !slices.Equal(tos, want) {
		t.Errorf("packet trail %q, want %q", trail, want)
	}
}

// errOf2 is the error of a call with two results not wanted.
func errOf2[A, B any](_ A, _ B, err error) error { return err }
