// Package sampledocs generates realistic synthetic compliance paperwork as
// real files, each with its ground truth, for the service's tests,
// benchmarks, accuracy evaluation and fraud samples.
//
// A travel nurse uploads licenses, life-support cards, TB tests, IDs,
// immunization records and the like, usually as a phone scan or a PDF
// bundle. The service splits such a file into documents, classifies and
// reads each, and judges it against the catalog's requirements. Evaluating
// that needs documents whose true type and field values are known, in the
// shapes the real ones come in: different issuers' layouts, labels and date
// formats, names printed "LAST, FIRST M" or "First M. Last", text PDFs and
// image-only scans, multi-document packets, and the files that must be
// rejected or flagged (encrypted, corrupt, page-less, edited after issue).
//
// Everything is deterministic: the same *rand.Rand seed yields the same
// documents and byte-identical files (EncryptedPDF excepted, whose AES
// salts come from crypto/rand). The truth uses the catalog's field names
// and value formats (catalog/document-types.yaml): dates "YYYY-MM-DD",
// dose_dates []string, booleans as bool, induration_mm int, lower-case
// result codes, and a field the document does not print is absent.
//
// Validity is judged on Options.AsOf (DefaultAsOf() when zero): a document
// generated without Expired or Positive passes its requirement in
// catalog/requirements.yaml on that day.
package sampledocs
