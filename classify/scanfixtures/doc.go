// Package scanfixtures writes the scan fixtures the classify and extract
// tests read: scanned identity documents and cards, and pages that must
// not be typed as one, OCRed once by the worker's own page reader
// (scanprep, orientation checks, Tesseract) and kept with their truth,
// so that classification and field reading of real OCR text are tested
// without Tesseract. Its code (Scan, Write) is shared with the extract
// package's health scan fixture writer; it imports the whole pipeline,
// which the classify tests must not, so only fixture writers import it.
package scanfixtures
