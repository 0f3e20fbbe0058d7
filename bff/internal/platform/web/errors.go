package web

import (
	"errors"
	"fmt"
	"net/http"
)

// Code is an errorCode of the catalogue (docs/api-errors.md). This file is the only place that defines
// codes: features return *Error values built from these, never their own numbers.
type Code int

// The catalogue. Codes 1004xx–1006xx that the product specification names (§8) keep its numbers; the
// others are the BFF's own transport and platform failures.
const (
	CodeOK Code = 0

	// Transport and platform failures, answered with the matching HTTP status.
	CodeBadRequest         Code = 100400 // the request does not match the contract
	CodeUnauthenticated    Code = 100401 // no valid session: token missing, bad, expired, revoked or unbound
	CodeNotFound           Code = 100404 // no such API route
	CodeBodyTooLarge       Code = 100413 // request body over the limit
	CodeRateLimited        Code = 100429 // too many requests
	CodeInternal           Code = 100500 // a fault in the BFF; the message is the spec's 'Internal Server Error'
	CodeUpstreamFailed     Code = 100510 // an upstream answered with a fault
	CodeDependencyDown     Code = 100503 // Redis or an upstream cannot be reached; try again later
	CodeUpstreamTimeout    Code = 100504 // an upstream did not answer in time
	CodeServiceUnavailable Code = 100407 // spec §8: the service is disabled for maintenance

	// Business failures of signing in (spec §8), answered on HTTP 200 with a failing body status. The
	// apps' reaction to each is fixed by the specification; docs/api-errors.md says which.
	CodeLoginFailed             Code = 100502 // a link or code is dead (expired, used, 5 wrong tries): back to login with the message
	CodeRedirectLogin           Code = 100638 // this way of signing in is not open to the person: redirectLogin shows why
	CodeAccountLocked           Code = 100603 // the PIN is locked (for 30 minutes): a dialog, then login
	CodeEmailVerificationFailed Code = 100608 // an e-mail confirmation link is wrong, used or expired
	CodeAlreadyRegistered       Code = 100613 // the e-mail address already belongs to a customer
	CodeWrongCode               Code = 100614 // a wrong sign-in code or staff password; the screen shows it inline
	CodeWrongPIN                Code = 100615 // a wrong PIN (or an unknown address with a PIN); shown inline
	CodePINMismatch             Code = 100616 // the two PINs typed differ; shown inline
	CodeStaffForbidden          Code = 100617 // staff acting for a borrower may not change e-mail, phone or PIN
	CodeEmailUnproven           Code = 100618 // a registration's session asks for more than its draft before the address is proved
	CodeRegistrationDiscarded   Code = 100619 // signing in proved an address whose unproven registration was discarded: start again
)

// Entry is one row of the catalogue: the HTTP status the code travels with, the status written in the
// envelope's body, and the message a person sees when the caller has nothing more specific to say.
// Transport failures carry the same status in both; business failures travel as HTTP 200 with a
// failing body status (spec §7).
type Entry struct {
	HTTPStatus int
	BodyStatus int
	Message    string
}

// Catalogue maps every code the BFF can emit to its transport status and default message.
// docs/api-errors.md documents the same rows; a test keeps the two in step.
var Catalogue = map[Code]Entry{
	// The generic message of a value that broke the contract: fields a person types have their own
	// (x-error-message in bff/openapi.yaml).
	CodeBadRequest:      {http.StatusBadRequest, http.StatusBadRequest, "Check the details you entered and try again."},
	CodeUnauthenticated: {http.StatusUnauthorized, http.StatusUnauthorized, "Your session has ended. Please log in again."},
	CodeNotFound:        {http.StatusNotFound, http.StatusNotFound, "That address does not exist."},
	CodeBodyTooLarge:    {http.StatusRequestEntityTooLarge, http.StatusRequestEntityTooLarge, "The request was too large."},
	CodeRateLimited:     {http.StatusTooManyRequests, http.StatusTooManyRequests, "Too many attempts. Please wait a few minutes and try again."},
	CodeInternal:        {http.StatusInternalServerError, http.StatusInternalServerError, "Internal Server Error"},
	// An upstream fault has the message of a fault in the BFF: the apps show their error screen for it
	// (spec §8 'Internal Server Error'), as nothing the person can do on the screen would help.
	CodeUpstreamFailed:     {http.StatusBadGateway, http.StatusBadGateway, "Internal Server Error"},
	CodeDependencyDown:     {http.StatusServiceUnavailable, http.StatusServiceUnavailable, "The service is temporarily unavailable. Please try again in a moment."},
	CodeUpstreamTimeout:    {http.StatusGatewayTimeout, http.StatusGatewayTimeout, "Access timed out, please try again or check the network"},
	CodeServiceUnavailable: {http.StatusOK, http.StatusServiceUnavailable, "The service is temporarily unavailable."},

	CodeLoginFailed:             {http.StatusOK, http.StatusBadRequest, "That sign-in link or code has expired or has already been used. Please ask for a new one."},
	CodeRedirectLogin:           {http.StatusOK, http.StatusBadRequest, "Please sign in another way."},
	CodeAccountLocked:           {http.StatusOK, http.StatusLocked, "Your PIN is locked after too many wrong tries. It unlocks 30 minutes after it was locked, or when you sign in with a code sent to your e-mail and set a new PIN."},
	CodeEmailVerificationFailed: {http.StatusOK, http.StatusBadRequest, "We could not confirm your e-mail address. The link may have expired or been used already."},
	CodeAlreadyRegistered:       {http.StatusOK, http.StatusConflict, "You already have an account with us. Please log in."},
	CodeWrongCode:               {http.StatusOK, http.StatusBadRequest, "That code is not right. Check it and try again."},
	CodeWrongPIN:                {http.StatusOK, http.StatusBadRequest, "The e-mail address or PIN is not right."},
	CodePINMismatch:             {http.StatusOK, http.StatusBadRequest, "The PINs do not match. Enter the same PIN twice."},
	CodeStaffForbidden:          {http.StatusOK, http.StatusForbidden, "Staff cannot change a borrower's e-mail address, phone number or PIN."},
	CodeEmailUnproven:           {http.StatusOK, http.StatusForbidden, "Please confirm your e-mail address to carry on with your application."},
	CodeRegistrationDiscarded:   {http.StatusOK, http.StatusConflict, "Your e-mail address is confirmed. You can start a new application now."},
}

// Error is a failure that leaves the BFF as an envelope. Message is safe to show a person; Cause is for
// the log only and never reaches the browser.
type Error struct {
	Code    Code
	Message string
	Cause   error
	// Field names the request value the failure is about (a body property as a dotted path, or a query
	// parameter), so a form can show Message beside it; empty when it is about no one field. It travels
	// as the envelope's resultData.field.
	Field string
}

func (e *Error) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("%d %s: %v", e.Code, e.Message, e.Cause)
	}
	return fmt.Sprintf("%d %s", e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Cause }

// HTTPStatus is the status the error travels with: a real transport status, or 200 for business
// failures (spec §7: the body's status carries those).
func (e *Error) HTTPStatus() int {
	if entry, ok := Catalogue[e.Code]; ok {
		return entry.HTTPStatus
	}
	return http.StatusInternalServerError
}

// BodyStatus is the status written in the envelope's body.
func (e *Error) BodyStatus() int {
	if entry, ok := Catalogue[e.Code]; ok {
		return entry.BodyStatus
	}
	return http.StatusInternalServerError
}

// Fail builds an Error with the catalogue's default message.
func Fail(code Code, cause error) *Error {
	return &Error{Code: code, Message: Catalogue[code].Message, Cause: cause}
}

// FailWith builds an Error whose message is more specific than the catalogue's default.
func FailWith(code Code, message string, cause error) *Error {
	return &Error{Code: code, Message: message, Cause: cause}
}

// FailField builds the 100400 of a value a person typed that a rule refused: message is for them, and
// field names the value as the contract does (a body property's dotted path or a query parameter), so a
// form shows the message beside it. The validator's refusals and a handler's own are built alike.
func FailField(field, message string, cause error) *Error {
	return &Error{Code: CodeBadRequest, Message: message, Cause: cause, Field: field}
}

// AsError finds the *Error in err's chain, or turns an unknown error into an internal one so that
// nothing unplanned reaches the browser.
func AsError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return Fail(CodeBodyTooLarge, err)
	}
	return Fail(CodeInternal, err)
}
