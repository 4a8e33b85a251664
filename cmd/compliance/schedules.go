package main

import (
	"context"
	"errors"
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	"github.com/clearedtostart/compliance/config"
	"github.com/clearedtostart/compliance/workflows"
)

// ensureExpirySchedule creates (or leaves) the daily sweep that expires
// fulfilled rows whose documents lapse.
func ensureExpirySchedule(ctx context.Context, tc client.Client, cfg config.Config, log interface {
	Info(string, ...any)
}) error {
	_, err := tc.ScheduleClient().Create(ctx, client.ScheduleOptions{
		ID:      workflows.RequirementExpiryScheduleID,
		Spec:    client.ScheduleSpec{Intervals: []client.ScheduleIntervalSpec{{Every: 24 * time.Hour}}},
		Overlap: enums.SCHEDULE_OVERLAP_POLICY_SKIP,
		Action: &client.ScheduleWorkflowAction{ID: workflows.RequirementExpiryScheduleID, Workflow: workflows.RequirementExpiryWorkflow,
			Args: []any{workflows.ExpiryInput{}}, TaskQueue: cfg.TaskQueue},
	})
	if err != nil && !errors.Is(err, temporal.ErrScheduleAlreadyRunning) {
		return err
	}
	if err == nil {
		log.Info("requirement expiry schedule created", "schedule_id", workflows.RequirementExpiryScheduleID)
	}
	return nil
}
