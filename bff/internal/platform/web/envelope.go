// Package web holds the BFF's HTTP platform: the gin engine, the middleware pipeline, the response
// envelope and the one table of error codes.
package web

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// Envelope is the body of every JSON answer (spec §7). Generated response types carry the same fields;
// this one is for answers the platform writes itself (middleware failures, 404s).
type Envelope struct {
	Status       int    `json:"status"`
	ErrorCode    int    `json:"errorCode"`
	ErrorMessage string `json:"errorMessage"`
	ResultData   any    `json:"resultData"`
}

// FieldData is the resultData of a failure about one field of the request (Error.Field).
type FieldData struct {
	Field string `json:"field"`
}

// errorKey is where Abort leaves the failure so the access log can record its code.
const errorKey = "web.error"

// Abort ends the request with err as an envelope. The cause is logged with the request id; the
// browser sees only the code and the safe message.
func Abort(c *gin.Context, err error) {
	e := AsError(err)
	c.Set(errorKey, e)
	status := e.HTTPStatus()
	if e.Cause != nil && status >= http.StatusInternalServerError {
		Logger(c).ErrorContext(c.Request.Context(), "request failed",
			"requestId", RequestID(c), "code", int(e.Code), "cause", e.Cause.Error())
	}
	var data any
	if e.Field != "" {
		data = FieldData{Field: e.Field}
	}
	c.AbortWithStatusJSON(status, Envelope{
		Status:       e.BodyStatus(),
		ErrorCode:    int(e.Code),
		ErrorMessage: e.Message,
		ResultData:   data,
	})
}

// ErrorCodeOf is the catalogue code a finished request failed with, or 0.
func ErrorCodeOf(c *gin.Context) Code {
	if v, ok := c.Get(errorKey); ok {
		if e, ok := v.(*Error); ok {
			return e.Code
		}
	}
	return CodeOK
}
