package workflows

import "go.temporal.io/sdk/worker"

// Register registers every workflow with a worker.
func Register(r worker.WorkflowRegistry) {
	r.RegisterWorkflow(IntakeWorkflow)
	r.RegisterWorkflow(DocumentScanWorkflow)
	r.RegisterWorkflow(PurgeWorkflow)
	r.RegisterWorkflow(RegistryCheckWorkflow)
	r.RegisterWorkflow(RegistryRefreshWorkflow)
	r.RegisterWorkflow(JobSyncWorkflow)
	r.RegisterWorkflow(PlacementSyncWorkflow)
	r.RegisterWorkflow(StatementWorkflow)
	r.RegisterWorkflow(RequirementExpiryWorkflow)
	r.RegisterWorkflow(PacketUploadWorkflow)
}
