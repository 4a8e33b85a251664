package main

import (
	"context"

	"github.com/clearedtostart/compliance/internal/heldout"
	"github.com/clearedtostart/compliance/internal/heldoutfraud"
	"github.com/clearedtostart/compliance/internal/heldoutfraud3"
)

// heldoutFraudCases is the held-out part of the fraud evaluation, read
// through internal/heldout's exported API only.
func heldoutFraudCases(_ context.Context, seed uint64) ([]fraudCase, error) {
	cs, err := heldout.FraudCases(seed)
	if err != nil {
		return nil, err
	}
	return fromHeldout(cs), nil
}

// heldout2FraudCases is held-out part 2 of the fraud evaluation, written
// by other hands than part 1 and the engine.
func heldout2FraudCases(ctx context.Context, seed uint64) ([]fraudCase, error) {
	cs, err := heldoutfraud.Cases(ctx, seed)
	if err != nil {
		return nil, err
	}
	return fromHeldout(cs), nil
}

// heldout3FraudCases is held-out part 3, written by yet other hands with
// other producers (ReportLab, Ghostscript, ImageMagick) after part 2 had
// been measured too often to stay honest.
func heldout3FraudCases(ctx context.Context, seed uint64) ([]fraudCase, error) {
	cs, err := heldoutfraud3.Cases(ctx, seed)
	if err != nil {
		return nil, err
	}
	return fromHeldout(cs), nil
}

func fromHeldout(cs []heldout.FraudCase) []fraudCase {
	out := make([]fraudCase, len(cs))
	for i, c := range cs {
		out[i] = fraudCase{name: c.Name, docType: c.DocumentType, manipulation: c.Manipulation, control: c.Control, forged: c.Forged,
			upload: c.Upload, mime: c.MIME, candidate: c.CandidateID}
		for _, p := range c.Earlier {
			out[i].earlier = append(out[i].earlier, priorUpload{upload: p.Upload, mime: p.MIME, candidate: p.CandidateID})
		}
	}
	return out
}
