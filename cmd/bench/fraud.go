package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/clearedtostart/compliance/internal/benchdoc"
)

// fraudFigures are a 20-page text intake's costs with the account's fraud
// checks off and on.
type fraudFigures struct {
	apiOff, apiOn stats
	// cpuOff and cpuOn are the CPU time each intake cost the service
	// (API and worker, and the poppler processes it ran), stackOff and
	// stackOn with PostgreSQL and Temporal's.
	cpuOff, cpuOn     stats
	stackOff, stackOn stats
	apiErr            string
	procOff, procOn   stats
	// procCPUOff and procCPUOn are the engine's CPU time per run.
	procCPUOff, procCPUOn time.Duration
	loadBefore            string
}

// fraudSection measures what the fraud checks add to a 20-page intake:
// uploads through the API with the account's checks turned off and on
// (PUT /fraud-detection/settings), one of each in turn so that the load
// of a shared machine weighs on both alike, timed and with the CPU time
// the service and the stack spent on each; and the engine alone,
// through `compliance process --repeat`, with and without them. The CPU
// times hold on a busy machine where the wall times stretch.
func fraudSection(svc *service, work string, o options) error {
	c := svc.client
	files, err := benchFiles()
	if err != nil {
		return err
	}
	twenty := filepath.Join(work, "twenty.pdf")
	if err := os.WriteFile(twenty, files.twenty, 0o600); err != nil {
		return err
	}
	f := fraudFigures{loadBefore: loadAverage()}
	on := fraudSettings{Enabled: true, Sensitivity: "MEDIUM"}
	off := fraudSettings{Enabled: false, Sensitivity: "MEDIUM"}
	named := map[int]string{svc.cmd.Process.Pid: partService}
	log.Printf("fraud: 20 pages x %d with the checks off and on, in turn", o.runs)
	if err := c.setFraud(off); err != nil {
		// The settings cannot be changed through the API: the engine's
		// figures are still measured, the API's are reported missing.
		f.apiErr = err.Error()
		log.Printf("fraud: %v", err)
	} else {
		defer func() {
			if err := c.setFraud(on); err != nil {
				log.Printf("fraud: restoring the settings: %v", err)
			}
		}()
		var wall, cpu, stack [2][]time.Duration
		for i := -1; i < o.runs; i++ {
			for k, s := range []fraudSettings{off, on} {
				if err := c.setFraud(s); err != nil {
					return err
				}
				before := cpuSnapshot(named)
				d, _, err := c.timedUpload(files.twenty, "twenty.pdf")
				if err != nil {
					return err
				}
				used := cpuDelta(before, cpuSnapshot(named))
				// The first pair warms caches, connections and the worker.
				if i >= 0 {
					wall[k] = append(wall[k], d)
					cpu[k] = append(cpu[k], used[partService])
					stack[k] = append(stack[k], used[partService]+used[partPG]+used[partTemp])
				}
			}
		}
		f.apiOff, f.apiOn = summarize(wall[0]), summarize(wall[1])
		f.cpuOff, f.cpuOn = summarize(cpu[0]), summarize(cpu[1])
		f.stackOff, f.stackOn = summarize(stack[0]), summarize(stack[1])
	}
	log.Printf("fraud: engine alone, 20 pages x %d, checks off and on", o.runs)
	if f.procOff, f.procCPUOff, err = processRun(twenty, o.runs, "--fraud-sensitivity", ""); err != nil {
		return err
	}
	if f.procOn, f.procCPUOn, err = processRun(twenty, o.runs, "--fraud-sensitivity", "MEDIUM"); err != nil {
		return err
	}
	return writeFraud(o.out, f, o.runs)
}

// fraudSettings is the body of /fraud-detection/settings.
type fraudSettings struct {
	Enabled     bool   `json:"enabled"`
	Sensitivity string `json:"sensitivity"`
}

// setFraud changes the bench account's fraud settings and reads them back.
func (c *client) setFraud(s fraudSettings) error {
	body, err := json.Marshal(s)
	if err != nil {
		return err
	}
	resp, err := c.do(http.MethodPut, "/fraud-detection/settings", "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("PUT /fraud-detection/settings: status %d", resp.StatusCode)
	}
	resp, err = c.do(http.MethodGet, "/fraud-detection/settings", "", nil)
	if err != nil {
		return err
	}
	var got fraudSettings
	if err := readJSON(resp, &got); err != nil {
		return err
	}
	if got != s {
		return fmt.Errorf("fraud settings read back as %+v after setting %+v", got, s)
	}
	return nil
}

// added is how much more on is than off, in per cent.
func added(off, on time.Duration) float64 {
	if off <= 0 {
		return 0
	}
	return 100 * (float64(on) - float64(off)) / float64(off)
}

func writeFraud(path string, f fraudFigures, runs int) error {
	pass := func(ok bool) string {
		if ok {
			return "met"
		}
		return "**not met**"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<!-- fraud-cost:start -->\n## Fraud checks' cost (`make bench`, `-only fraud`)\n\n")
	fmt.Fprintf(&b, "Measured %s by cmd/bench: the 20-page text packet of the pipeline section (sampledocs, seed 42), validated against `bls`; "+
		"through the API with the account's fraud checks off and on (MEDIUM), one upload of each in turn after a warm-up pair, "+
		"timed and with the CPU time each intake cost (from /proc: the service, and with PostgreSQL and Temporal); "+
		"and the engine alone (`compliance process --repeat`: no history checks, which need the database). "+
		"Load average %s before (the machine is shared: wall times stretch with it, CPU times much less).\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), f.loadBefore)
	fmt.Fprintf(&b, "| figure | fraud off p50 / p95 | fraud on p50 / p95 | added to p50 | runs | target |\n|---|---|---|---|---|---|\n")
	if f.apiErr != "" {
		fmt.Fprintf(&b, "| upload → SUCCESS, 20-page text PDF | n/a | n/a | n/a | 0 | not measured: %s |\n", f.apiErr)
	} else {
		a := added(f.apiOff.p50, f.apiOn.p50)
		fmt.Fprintf(&b, "| upload → SUCCESS, 20-page text PDF | %s / %s | %s / %s | %+.1f%% | %d + %d | < 20%%: %s |\n",
			ms(f.apiOff.p50), ms(f.apiOff.p95), ms(f.apiOn.p50), ms(f.apiOn.p95), a, f.apiOff.n, f.apiOn.n, pass(a < 20))
		fmt.Fprintf(&b, "| … CPU time of the service per intake | %s / %s | %s / %s | %+.1f%% | %d + %d | |\n",
			ms(f.cpuOff.p50), ms(f.cpuOff.p95), ms(f.cpuOn.p50), ms(f.cpuOn.p95), added(f.cpuOff.p50, f.cpuOn.p50), f.cpuOff.n, f.cpuOn.n)
		fmt.Fprintf(&b, "| … with PostgreSQL and Temporal | %s / %s | %s / %s | %+.1f%% | %d + %d | |\n",
			ms(f.stackOff.p50), ms(f.stackOff.p95), ms(f.stackOn.p50), ms(f.stackOn.p95), added(f.stackOff.p50, f.stackOn.p50), f.stackOff.n, f.stackOn.n)
	}
	fmt.Fprintf(&b, "| engine alone, 20 pages | %s / %s | %s / %s | %+.1f%% | %d + %d | |\n",
		ms(f.procOff.p50), ms(f.procOff.p95), ms(f.procOn.p50), ms(f.procOn.p95), added(f.procOff.p50, f.procOn.p50), f.procOff.n, f.procOn.n)
	fmt.Fprintf(&b, "| … CPU time per run (set-up spread over the runs) | %s | %s | %+.1f%% | %d + %d | |\n\n",
		ms(f.procCPUOff), ms(f.procCPUOn), added(f.procCPUOff, f.procCPUOn), runs+1, runs+1)
	fmt.Fprintf(&b, "With the checks on, the worker reads the stored upload once per batch of segments (about 6 pages) and the engine once per "+
		"upload; pages printing a text layer over a picture are OCRed for the comparison (none in this packet); the worker then prints "+
		"every segment for the history checks (its pages rendered and hashed) and compares the prints with the account's earlier uploads.\n<!-- fraud-cost:end -->\n")
	return benchdoc.ReplaceSection(path, "fraud-cost", b.String())
}
