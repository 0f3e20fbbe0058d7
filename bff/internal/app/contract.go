package app

import (
	"fmt"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"

	"lender/bff/internal/apigen"
)

// contract is the embedded OpenAPI document, parsed once per process. Parsing it is most of the cost
// of building a BFF, and a process that builds several (the full-stack tests build one per test, in
// parallel) can share it: nothing changes the document after this, and the requests of one BFF
// already read it concurrently.
var contract = sync.OnceValues(func() (*openapi3.T, error) {
	spec, err := apigen.GetSwagger()
	if err != nil {
		return nil, fmt.Errorf("load the embedded contract: %w", err)
	}
	spec.Servers = nil // paths are matched under basePath, not under the document's servers
	return spec, nil
})
