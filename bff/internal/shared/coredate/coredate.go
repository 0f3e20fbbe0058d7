// Package coredate reads the lending core's calendar dates (YYYY-MM-DD) into the API's, for every
// feature that shapes the core's loans: one reading, one fault when the core answers something else.
package coredate

import (
	"fmt"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"lender/bff/internal/platform/web"
)

// Reader reads dates; the first that is not one is kept, and Failed then answers the fault of the core.
type Reader struct{ err error }

// Of is iso as the API's date (the zero date when it is not one; see Failed).
func (d *Reader) Of(iso string) openapi_types.Date {
	t, err := time.Parse(time.DateOnly, iso)
	if err != nil && d.err == nil {
		d.err = fmt.Errorf("the lending core's date %q: %w", iso, err)
	}
	return openapi_types.Date{Time: t}
}

// Optional is nil for "" (the core's "none").
func (d *Reader) Optional(iso string) *openapi_types.Date {
	if iso == "" {
		return nil
	}
	v := d.Of(iso)
	return &v
}

// Failed is the fault to answer when a date could not be read, or nil.
func (d *Reader) Failed() error {
	if d.err != nil {
		return web.Fail(web.CodeUpstreamFailed, d.err)
	}
	return nil
}
