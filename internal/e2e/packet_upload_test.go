package e2e

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	vmssandbox "github.com/clearedtostart/compliance/vms/sandbox"
)

// request calls the API with the cluster's key and decodes the JSON
// answer into out (when not nil).
func (c *cluster) request(method, path string, body any, out any) int {
	c.t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = strings.NewReader(string(b))
	}
	req, _ := http.NewRequest(method, c.base+path, r)
	req.Header.Set("x-api-key", c.key)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			c.t.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, raw)
		}
	}
	return resp.StatusCode
}

// until polls cond every 250 ms until it holds or limit passes.
func until(t *testing.T, what string, limit time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if cond() {
			return
		}
		time.Sleep(250 * time.Millisecond)
	}
	t.Fatalf("%s: not within %s", what, limit)
}

// TestWorkerKilledMidUpload kills the worker while the VMS holds a
// packet's upload (a slow answer), restarts it, and has the VMS lose the
// answer to the resent upload (stored, the receipt dropped): the upload
// still ends UPLOADED and the VMS holds exactly one copy.
func TestWorkerKilledMidUpload(t *testing.T) {
	c := newCluster(t)
	sb := vmssandbox.New(vmssandbox.Config{Logger: slog.New(slog.DiscardHandler)})
	srv, err := sb.Start(context.Background(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	// The API and the worker again, reaching the sandbox VMS.
	c.env = append(c.env, "VMS_SANDBOX_URL="+srv.URL(), "VMS_SANDBOX_USERNAME="+vmssandbox.DefaultUsername,
		"VMS_SANDBOX_PASSWORD="+vmssandbox.DefaultPassword)
	_ = c.api.Process.Signal(syscall.SIGKILL)
	_ = c.worker.Process.Signal(syscall.SIGKILL)
	time.Sleep(time.Second)
	c.api, c.worker = c.start("serve"), c.start("worker")
	c.waitReady()

	const placementRef = "P-OR-5-1"
	var job struct {
		ID string `json:"id"`
	}
	if st := c.request(http.MethodPost, "/job", map[string]any{"vmsType": "sandbox", "vmsJobRefId": "OR-5"}, &job); st != http.StatusCreated {
		t.Fatalf("POST /job: %d", st)
	}
	type row struct {
		ID, PacketGroup, Status string
		StatusReason            string `json:"statusReason"`
	}
	type placement struct {
		ID           string `json:"id"`
		Requirements []row  `json:"requirements"`
		Packets      []struct {
			ID, PacketGroup, Status string
		} `json:"packets"`
	}
	var pl placement
	until(t, "the job's rows", 90*time.Second, func() bool {
		var j struct {
			Requirements []row `json:"requirements"`
		}
		c.request(http.MethodGet, "/job/"+job.ID, nil, &j)
		return len(j.Requirements) > 0
	})
	if st := c.request(http.MethodPost, "/placement", map[string]any{"jobId": job.ID, "externalId": "nurse-e2e-1",
		"candidateName": "Dana Q. Whitfield", "vmsPlacementRefId": placementRef}, &pl); st != http.StatusCreated {
		t.Fatalf("POST /placement: %d", st)
	}
	until(t, "the placement's rows", 90*time.Second, func() bool {
		c.request(http.MethodGet, "/placement/"+pl.ID, nil, &pl)
		if len(pl.Requirements) == 0 || len(pl.Packets) == 0 {
			return false
		}
		for _, r := range pl.Requirements {
			if r.Status == "PENDING" {
				return false
			}
		}
		return true
	})
	// One packet made READY by hand: its rows skipped.
	group := pl.Packets[0].PacketGroup
	packetID := pl.Packets[0].ID
	for _, r := range pl.Requirements {
		if r.PacketGroup == group {
			if st := c.request(http.MethodPost, "/placement/"+pl.ID+"/requirements/"+r.ID+"/status", map[string]any{"status": "SKIPPED", "reason": "e2e"}, nil); st != http.StatusOK {
				t.Fatalf("skip: %d", st)
			}
		}
	}
	// The skips make the packet READY at once: no check or statement that
	// read a row before its skip may undo the skip.
	var unskipped []string
	t.Cleanup(func() {
		if t.Failed() && len(unskipped) > 0 {
			t.Logf("rows of %s not skipped: %v", group, unskipped)
		}
	})
	until(t, "the packet READY", 30*time.Second, func() bool {
		c.request(http.MethodGet, "/placement/"+pl.ID, nil, &pl)
		unskipped = unskipped[:0]
		for _, r := range pl.Requirements {
			if r.PacketGroup == group && r.Status != "SKIPPED" {
				unskipped = append(unskipped, r.ID+" "+r.Status+": "+r.StatusReason)
			}
		}
		for _, p := range pl.Packets {
			if p.ID == packetID {
				return p.Status == "READY"
			}
		}
		return false
	})

	path := "/api/v1/placements/" + placementRef + "/documents"
	if _, err := sb.AddFault(vmssandbox.Fault{Method: http.MethodPost, Path: path, Mode: "slow", Count: 1, Delay: vmssandbox.Duration(time.Minute)}); err != nil {
		t.Fatal(err)
	}
	var task struct {
		Status, TaskID string
	}
	if st := c.request(http.MethodPost, "/vms/upload-packet", map[string]any{"packet_id": packetID}, &task); st != http.StatusAccepted || task.Status != "UPLOADING" {
		t.Fatalf("POST /vms/upload-packet: %d %+v", st, task)
	}
	keys := map[string]bool{}
	sends := func() int {
		n := 0
		for _, r := range sb.Requests() {
			if r.Method == http.MethodPost && r.Path == path {
				n++
				keys[r.IdempotencyKey] = true
			}
		}
		return n
	}
	until(t, "the first send reaches the VMS", 60*time.Second, func() bool { return sends() == 1 })
	// The worker dies while the VMS holds the send; the next send is
	// stored but its answer lost.
	if err := c.worker.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if _, err := sb.AddFault(vmssandbox.Fault{Method: http.MethodPost, Path: path, Mode: "dropAfter", Count: 1}); err != nil {
		t.Fatal(err)
	}
	c.worker = c.start("worker")

	var up struct {
		Status     string  `json:"status"`
		Attempts   int     `json:"attempts"`
		UploadedAt *string `json:"uploadedAt"`
		Receipt    *struct {
			ID        string `json:"id"`
			Duplicate bool   `json:"duplicate"`
		} `json:"receipt"`
		File *struct {
			SHA256 string `json:"sha256"`
		} `json:"file"`
	}
	until(t, "the upload ends", 3*time.Minute, func() bool {
		c.request(http.MethodGet, "/vms/upload-packet/"+task.TaskID, nil, &up)
		return up.Status != "UPLOADING"
	})
	if up.Status != "UPLOADED" || up.Receipt == nil || up.UploadedAt == nil || up.File == nil {
		t.Fatalf("upload: %+v", up)
	}
	copies := sb.Uploads(placementRef)
	if len(copies) != 1 || copies[0].SHA256 != up.File.SHA256 || copies[0].ID != up.Receipt.ID {
		t.Fatalf("the VMS holds %+v, want one copy of %s", copies, up.File.SHA256)
	}
	if n := sends(); len(keys) != 1 {
		t.Errorf("%d sends with the keys %v, want one key", n, keys)
	}
	if n := sends(); n < 3 || !up.Receipt.Duplicate || copies[0].Replays < 1 {
		t.Errorf("%d sends, receipt %+v, replays %d: want the slow send, the lost answer and a replayed receipt", n, up.Receipt, copies[0].Replays)
	}
}
