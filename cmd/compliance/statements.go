package main

import (
	"log/slog"

	"github.com/clearedtostart/compliance/config"
	"github.com/clearedtostart/compliance/statements"
)

// newStatements loads the statement templates (the operator's directory,
// else the built-in set). The API lists them and checks POST /statement's
// key against them; the workers render them.
func newStatements(cfg config.Config, log *slog.Logger) (*statements.Renderer, error) {
	return statements.New(statements.Config{Dir: cfg.StatementTemplates, Logger: log})
}
