// Package integrations loads and validates integrations.yaml: one entry per
// VMS integration (its vmsType), saying how the service reaches the VMS,
// which requirement sources it combines, and how source labels map to
// catalog requirements.
//
// # Where the file is
//
// The project's file is integrations/integrations.yaml, embedded in the
// binary so that every process (API, worker, `compliance dev` from any
// working directory, tests from their package directory) reads the same
// one without looking for it. INTEGRATIONS_FILE names a file to read
// instead (an operator's own integrations, with their credentials' env var
// names); LoadDefault applies that rule. The file is validated whole at
// start: a bad file stops the process with every problem listed as
// file:line: path: message, rather than failing one job at a time later.
//
// # The file
//
//	integrations:
//	  <vmsType>:                  lower case letters, digits and dashes
//	    displayName: Sandbox VMS  required
//	    connector:
//	      kind: sandbox           the connector implementation (known: sandbox)
//	      baseUrl: ${VMS_SANDBOX_URL:-http://127.0.0.1:8092}
//	                              http(s) URL; ${NAME} and ${NAME:-default} read the
//	                              environment at load (an unset NAME without default
//	                              is an error)
//	      timeout: 30s            one call of the connector, sign-in included (default 30s)
//	      credentials:            role: NAME of the environment variable holding it
//	        username: VMS_SANDBOX_USERNAME
//	        password: VMS_SANDBOX_PASSWORD
//	    sources: [vms, email, matrix]  at least one
//	    email:                    only with the email source
//	      jobRefPatterns: [...]   regexps naming a job in a client's email, tried with the
//	                              common ones (package checklist); the first submatch is
//	                              the reference (the whole match when there is none)
//	    matrix:                   only with the matrix source
//	      mode: add               add (default): matrix rows join the external ones;
//	                              replace: when a matrix applies to a job, the VMS's and
//	                              emails' lists are ignored for it
//	    precedence: [job_matrix, client_matrix, facility_matrix, vms, email]
//	                              first wins; default this order restricted to the
//	                              sources; a list orders every level of the sources
//	    syncEvery: 6h             how often ACTIVE jobs re-sync (default 6h, at least 1m)
//	    placementSync: true       the VMS resolves requirements per placement: creating a
//	                              placement syncs its own list (needs the vms source)
//	    mapping:                  source label → catalog requirement
//	      - label: "BLS - AHA only"
//	        key: bls
//	        also: [sam_exclusion_check]   further requirements the same label asks for
//	        packetGroup: Certifications   when the source names none
//	        sortOrder: 10                 default 10 × position in the list
//
// Labels are compared after mapping.Normalize; a {placeholder} in a label
// stands for the one to four words a VMS fills in per job ("Skills
// checklist – {dept}"). Two labels that normalise alike are an error.
//
// # Precedence
//
// When several sources list the same requirement key, one row is kept: its
// label, notes and source reference come from the source first in
// precedence, its packet group from the first source in precedence that
// names one (the VMS's grouping is what its upload expects), else from the
// mapping entry. The default order, for the sources an integration has, is
//
//	job_matrix > client_matrix > facility_matrix > vms > email
//
// Matrices first because they are the account's own, deliberate word: a
// person configured them to correct or tighten what external data says,
// and a narrower matrix (this job) knows more than a broader one (every
// job of the client, every job at the facility). Of the external sources
// the VMS comes before email because its list is structured and tied to the
// job by the VMS itself, while an email checklist is read from free text
// and tied to the job by a reference found in it. Precedence never drops a
// key: a requirement any source lists stays required (erring toward
// asking for a document, never toward skipping one); it only picks whose
// wording the row shows. Matrix mode replace is the one way to drop
// external rows, and it is explicit.
package integrations
