// Package openbanking is the BFF's client of the open-banking provider: the account-information service
// provider (AISP) that reads a borrower's bank accounts, balances and 12 months of transactions with
// their consent, for income and affordability checks.
//
// # The API
//
// Base URL: configured per environment, e.g. http://127.0.0.1:8090/openbanking/v1 (the sandbox). Bodies
// are JSON (camelCase); money is integer pence (signed on transactions: negative is money out); dates
// are YYYY-MM-DD, instants RFC 3339. Every request may carry X-Request-Id, which the provider logs for
// correlation. Errors answer {"code": "<short_code>", "message": "<text>"} with a 4xx or 5xx status.
//
//	GET  /health                                   200 {"status":"ok"} when the service can take calls.
//	POST /consents                                 CreateConsent → 201 Consent (awaiting, authUrl).
//	                                               400 bad_request, invalid_reference, invalid_state,
//	                                               invalid_redirect_url (not an absolute URL on the app's
//	                                               origin and path, or with credentials, a fragment or
//	                                               dot segments: never an open redirect),
//	                                               invalid_client_display (clientDisplayName, who the
//	                                               consent page says is asking, missing or over 64
//	                                               characters; clientBrandColour not #rrggbb).
//	GET  /consents/{id}                            200 Consent; 404 consent_not_found.
//	POST /consents/{id}/exchange                   ExchangeCode → 200 Consent (authorised, expiresAt);
//	                                               400 invalid_code (wrong, used, older than 10 minutes,
//	                                               or the consent is no longer awaiting).
//	POST /consents/{id}/renew                      200 Consent, expiresAt = now + 90 days; 409
//	                                               consent_expired, consent_not_authorised.
//	POST /consents/{id}/revoke                     200 Consent (revoked; repeating it changes nothing);
//	                                               409 consent_not_authorised for a rejected consent.
//	GET  /consents/{id}/accounts                   200 AccountList.
//	GET  /consents/{id}/accounts/{accountId}/balances
//	                                               200 BalanceList (current and available).
//	GET  /consents/{id}/accounts/{accountId}/transactions?from=YYYY-MM-DD&to=YYYY-MM-DD
//	                                               200 TransactionList, newest first, within the 12
//	                                               months up to today (from and to are clipped to it;
//	                                               either may be left out). 400 invalid_period.
//
// The data calls answer 403 consent_not_authorised unless the consent is authorised, 403 consent_expired
// once it has expired, and 404 account_not_found for an account the consent does not cover.
//
// # Hosted consent and redirect
//
// Consent.AuthURL is a page on the provider (GET {public}/openbanking/v1/hosted/consents/{id}) where the
// person chooses their bank and then allows access or cancels. The page posts a form carrying a
// per-consent token to the same address, and the provider answers 303 See Other to the consent's
// redirectUrl with query parameters added (replacing any of the same name):
//
//	allowed:    from=render&consentId=<id>&code=<one-time code>[&state=<state>]
//	cancelled:  from=render&consentId=<id>&error=access_denied[&state=<state>]
//
// The BFF checks state against the session, then calls POST /consents/{id}/exchange with the code, which
// authorises the consent. A code works once, for 10 minutes, and only while the consent is awaiting; a
// cancelled consent is rejected.
//
// # Lifetime
//
// An authorised consent lasts 90 days (ExpiresAt, on the provider's clock) and then reads as expired. The
// app's renew-consent screen asks the customer to reconfirm before then, and the BFF calls renew, which
// starts another 90 days from now (the FCA's reconfirmation by the AISP; the bank is not involved). An
// expired, rejected or revoked consent cannot be renewed: create a new one.
//
// # Idempotency
//
// POST /consents takes an optional Idempotency-Key (1–255 visible ASCII characters): the same key with
// the same body answers the first consent again (Idempotent-Replayed: true); with a different body, 409
// idempotency_conflict; concurrent duplicates create one consent. Keys are remembered for 24 hours. The
// exchange is not retried (its code is single use); renew and revoke may be repeated. Reads are
// idempotent and retried by the transport.
package openbanking
