// Package compliance holds what belongs to the repository as a whole: the
// interface description (openapi.yaml), embedded so that the API serves
// exactly the file in the repository.
package compliance

import _ "embed"

// OpenAPI is openapi.yaml.
//
//go:embed openapi.yaml
var OpenAPI []byte
