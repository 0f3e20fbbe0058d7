// Package lending is the BFF's client of the lending core: the loan-management system that owns
// decisions, pricing, applications, loans, offers, credentials and brand configuration. The BFF decides
// nothing about credit; it asks this API.
//
// # The API
//
// Base URL: configured per environment, e.g. http://127.0.0.1:8090/lending/v1 (the sandbox). Bodies
// are JSON (camelCase) and unknown fields are refused; money is integer pence unless a field says
// pounds; rates are decimal strings ("6.7", at most two decimals; a JSON number is also accepted as
// input) with basis points beside them in answers; dates are YYYY-MM-DD and instants RFC 3339. Every
// request may carry X-Request-Id, which the provider logs for correlation. Errors answer
// {"code": "<short_code>", "message": "<text>"}: 400 for a body that is not the JSON of the request
// (bad_request) or a bad query (invalid_query, postcode_invalid), 422 for a field that breaks a rule
// (the message names it), and the statuses below. Messages are for developers; the BFF maps codes.
//
// # Brands
//
//	GET  /health                       200 {"status":"ok"} when the service can take calls.
//	GET  /brands/{clientName}          200 Branding; 404 brand_not_found. clientName is a client's key:
//	                                   "default", a white-label brand's path segment, or a broker
//	                                   firm's (letters, digits, '-' and '_'; case-sensitive). `brand`
//	                                   names the lender's brand the client trades under. The core uses
//	                                   the record in its own documents. The BFF reads it only for a
//	                                   client that is not one of its configured brands, as that
//	                                   client's page-level settings (docs/decisions/brands-are-
//	                                   configuration.md, ClientBranding).
//
// # Product and quotes
//
//	GET  /product?feePence=…           200 Product: the bounds of a new loan, the rate table and the
//	                                   representative loan (amount, term, APR and the representative-
//	                                   example sentence, priced as POST /quotes prices it with feePence
//	                                   added: whole pence, 0 or absent for none). 400 invalid_query for
//	                                   a feePence that is not one whole number; 422 fee_above_maximum.
//	POST /quotes                       QuoteRequest → 200 Quote: instalment, final instalment, total
//	                                   payable, APR to one decimal (FCA CONC App 1.2), the full dated
//	                                   schedule and the representative-example sentence. No rate: the
//	                                   table's rate for the amount and term. 422 amount_below_minimum,
//	                                   amount_above_maximum (£1,000 to £25,000), term_below_minimum,
//	                                   term_above_maximum (12 to 60 months), rate_above_maximum (40%),
//	                                   rate_invalid, fee_below_minimum, fee_above_maximum (£0 to £1,000);
//	                                   the message says the bound in words ("The amount must be at least
//	                                   £1,000.00.").
//
// # Eligibility
//
//	GET  /addresses?postcode=…         200 AddressList. The postcode is normalised (case, spacing) and
//	                                   must have the UK pattern (400 postcode_invalid otherwise); a
//	                                   well-formed postcode with no addresses answers an empty list.
//	                                   Each address carries its parts and Line, the comma-separated
//	                                   "flat, house name, house number, street" text.
//	POST /eligibility-checks           EligibilityRequest → 201 EligibilityCheck: a soft check, recorded.
//	                                   Outcome approved (Quote at the amount asked for), counteroffer
//	                                   (Quote at a lower amount), referred (DecisionDueAt) or declined
//	                                   (Reasons as codes and plain English). A decline is an answer,
//	                                   not an error. 422 for missing or malformed details and the quote
//	                                   bounds. The request's feePence (the brand's fee) prices the
//	                                   quotes; the application opened from the check, its decisions
//	                                   and its loan keep that fee.
//	GET  /eligibility-checks/{id}      200 EligibilityCheck; 404 eligibility_check_not_found.
//
// The lending core decides; its rules are the provider's (the sandbox's are in sandbox/README.md).
//
// # Customers and credentials
//
//	POST /customers                    CreateCustomerRequest → 201 Customer. 409 customer_exists when
//	                                   the e-mail (any case) or phone belongs to another customer; 422
//	                                   email_invalid, phone_invalid (UK mobiles only), invalid_request.
//	POST /registrations                RegistrationRequest → 201 Registration: a new customer and their
//	                                   first application, both or neither. The eligibility check must be
//	                                   the person's: the same e-mail address (any case), first and last
//	                                   name (ignoring case and surrounding spaces) and date of birth,
//	                                   else 422 eligibility_check_mismatch; a check opens one
//	                                   application, so a second registration with it is 409
//	                                   eligibility_check_used. Otherwise the statuses of POST /customers
//	                                   and POST /applications (customer_exists, eligibility_check_not_found,
//	                                   …_declined, …_expired, the quote bounds). The customer is
//	                                   provisional (Customer.Provisional) until an application records
//	                                   the address verified (POST /applications/{id}/email-verification
//	                                   settles it).
//	DELETE /customers/{id}             200 DiscardedCustomer: erases a provisional customer with their
//	                                   applications, and frees their e-mail address and phone number (the owner of the
//	                                   address proved it, and starts again). 409 customer_not_provisional
//	                                   for a customer who proved their address; 404 customer_not_found.
//	GET  /customers?email=…            200 CustomerList with at most one customer (the e-mail compared
//	GET  /customers?phone=…            without case; the phone national or E.164). Exactly one of the
//	                                   two: 400 invalid_query otherwise.
//	GET  /customers/{id}               200 Customer; 404 customer_not_found.
//	PUT  /customers/{id}/email         EmailChangeRequest → 200 Customer. Replaces the e-mail address
//	                                   while it is unconfirmed: 409 email_confirmed once an application
//	                                   of the customer has recorded it verified (POST
//	                                   /applications/{id}/email-verification) or the customer holds a
//	                                   loan; 409 customer_exists when another customer has the address
//	                                   (any case); 422 email_invalid. The address the customer has
//	                                   already answers 200 unchanged (idempotent). Links and codes the BFF
//	                                   mailed to the old address confirm nothing afterwards: the
//	                                   verification names the address (422 email_mismatch). With
//	                                   "proved": true the caller has proved the customer holds the new
//	                                   address (a borrower opened a link mailed to it): the address is
//	                                   replaced whether or not the old one was confirmed (no
//	                                   email_confirmed), with the same 409 customer_exists and 422.
//	PUT  /customers/{id}/phone         PhoneRequest → 200 Customer. The mobile number the caller proved
//	                                   the customer holds (an SMS code): 422 phone_invalid (UK mobiles
//	                                   only), 409 customer_exists for another customer's. Idempotent.
//	PUT  /customers/{id}/address       AddressRequest → 200 Customer. The current address: exactly one
//	                                   of gazetteerId and address (422 invalid_request otherwise, or for
//	                                   an unknown id, no street or town, no house name or number); 422
//	                                   postcode_invalid. Documents and statements show it from then on.
//	PUT  /customers/{id}/preferences   Preferences → 200 Customer. Whether the core reminds the
//	                                   customer by e-mail and by SMS before each instalment falls due
//	                                   (both on for a new customer). The core sends the reminders itself
//	                                   through the notification provider, reminderDaysBefore (3) days
//	                                   before each due date on its clock, in the loan's brand, once per
//	                                   instalment (keyed reminder-<loan>-<instalment>-<email|sms>), with
//	                                   the amount and the date; an instalment already paid gets none.
//	PUT  /customers/{id}/pin           PINRequest → 200 Customer. Sets or replaces the PIN (4 to 6
//	                                   digits; 422 pin_invalid) and lifts any lock and failed attempts.
//	                                   422 pin_date_of_birth for the customer's date of birth in any
//	                                   common order (DDMMYY, MMDD, YYYY, 5 May 1981 as 551981 …),
//	                                   422 pin_reused for the PIN it would replace (compared with its
//	                                   salted hash). The BFF calls it only after proving who the
//	                                   person is another way.
//	POST /customers/{id}/pin/verify    PINRequest → 200 PINVerification {verified, failedAttempts,
//	                                   attemptsRemaining, locked, lockedUntil}: a wrong PIN is 200 with
//	                                   verified false. The 5th wrong PIN in a row locks it for 30
//	                                   minutes (PINLockPeriod, on the core's clock): that answer has
//	                                   locked true and lockedUntil. Until then every attempt, right or
//	                                   wrong, answers 423 pin_locked (not counted), unless a new PIN is
//	                                   set or the lock is lifted sooner; at lockedUntil the lock lifts by
//	                                   itself and failed attempts start again from 0. The customer's
//	                                   pin.lockedUntil says when while it is locked. 409 pin_not_set;
//	                                   422 pin_invalid (not counted).
//	DELETE /customers/{id}/pin/lock    200 Customer: lifts the lock and clears failed attempts, keeping
//	                                   the PIN (a staff action, or after the person proved who they are
//	                                   another way). Idempotent.
//	POST /staff/sessions               StaffSignInRequest → 200 StaffSession.
//	POST /portal-users/sessions        PortalSignInRequest → 200 PortalSession (role broker | finance,
//	                                   broker firm, and the clientName of the brand the firm's portal
//	                                   is drawn in).
//	GET  /portal-users/{id}            200 PortalUser; 404 portal_user_not_found.
//
// Wrong credentials answer 401 invalid_credentials, the same answer whether the account or the
// password was wrong; answers never echo a password or PIN. The lending core keeps PINs and passwords
// only as salted hashes, and keeps no session: the BFF does (DESIGN §4). The core does not throttle
// password attempts; the BFF rate-limits sign-ins.
//
// # Staff audit
//
//	POST /audit-events                 AuditEvent {requestId, actorId, customerId, action, occurredAt}
//	                                   → 201 AuditEvent with recordedAt (the core's clock). Idempotent
//	                                   by requestId: the same event again answers 200 with the stored
//	                                   one (Idempotent-Replayed: true); another event with that
//	                                   requestId is 409 idempotency_conflict. 422 invalid_request for a
//	                                   missing field or one over 128 characters.
//	GET  /audit-events?customerId=…    200 AuditEventList: the customer's events, newest first by
//	                                   occurredAt (empty for none). 400 invalid_query without customerId.
//
// The BFF records an event before it serves any request of a member of staff acting for a borrower
// (bff/internal/staffaudit): actorId is the staff id, action the BFF's operationId. Events hold no
// request data. The request id is also sent as the Idempotency-Key so the transport may retry.
//
// # Broker offers
//
//	POST /broker-offers                CreateBrokerOfferRequest → 201 CreatedBrokerOffer: the offer,
//	                                   priced like a quote, and its ClientToken, the capability for the
//	                                   client's public page. The token (256 random bits, base64url) is
//	                                   answered only here: the core stores its SHA-256. 422
//	                                   portal_user_not_found, the quote bounds, invalid client details.
//	GET  /broker-offers?brokerId=…     200 BrokerOfferList, newest first (400 invalid_query without
//	                                   brokerId).
//	GET  /broker-offers/{id}           200 BrokerOffer; 404 broker_offer_not_found. The core does not
//	                                   know who asks: the BFF checks the offer's brokerId is the caller's.
//	GET  /broker-offers/by-token/{t}   200 BrokerOffer for a live token; 404 broker_offer_not_found for
//	                                   any other token; 410 broker_offer_expired once ExpiresAt (30 days
//	                                   after creation, on the core's clock) has passed. Looked up by the
//	                                   token's hash and compared in constant time.
//
// # Applications
//
// An application belongs to a customer and follows a soft check; it carries the loan (a Quote), what
// each journey step recorded, the decision, and the steps after approval. Both journey models of the
// apps are answered on every application, derived from its facts when it is read (they never
// disagree): RegStage, the legacy stage model (each stage 0 pending or 1 done), and JourneyMap, the
// one-page model; OnePage says which the applicant follows. The legacy codes come with them:
// approvalStatus (9 pending, 1 approved, 2 counteroffer, 0 declined), preDispersalStatus (9 not paid
// out, 1 drawn down, 0 declined), applicationTypeId (1 a new loan), emailVerification (0 or 1),
// abChoice, aggregator, applicationOwner (the brand) and decisionId. renderApplicantId is the decision
// service's pseudonymous id of the applicant, the same on every application of one customer.
//
//	GET  /credit-assessment-questions   200 CreditAssessmentQuestions (ids, types, options, required).
//	GET  /housing-options               200 HousingOptions: living situations and housing pay methods.
//	POST /applications                  CreateApplicationRequest → 201 Application (in_progress). The
//	                                    loan defaults to the check's: the amount and term asked for, or a
//	                                    counteroffer's offer, which opening the application takes and
//	                                    which caps its loan from then on (422 amount_above_approved
//	                                    above it, here and at loan-confirmation). 409
//	                                    application_exists (the customer has an open one),
//	                                    eligibility_check_declined, eligibility_check_expired (30 days);
//	                                    422 customer_not_found, eligibility_check_not_found, the quote
//	                                    bounds, invalid_request (a customer without a date of birth …).
//	                                    Optional Idempotency-Key.
//	GET  /applications?customerId=…     200 ApplicationList, newest first (400 invalid_query without it).
//	GET  /applications/{id}             200 Application; 404 application_not_found (every route below).
//
// Journey steps, each answering 200 Application, 422 with the field named, and 409
// application_wrong_status outside in_progress (after approval, an outstanding additional operation
// reopens its step: change_loan the loan, address the addresses, open_banking a linked bank):
//
//	POST /applications/{id}/loan-confirmation     ConfirmLoanRequest: confirms, re-pricing a change.
//	                                              welcome / yourLoan.loanValueConfirm.
//	POST /applications/{id}/email-verification    EmailVerificationRequest: the customer's address the
//	                                              BFF verified (422 email_mismatch otherwise).
//	                                              emailConf / aboutYou.emailVerification.
//	PUT  /applications/{id}/purpose               PurposeRequest (text required for other).
//	                                              aboutYou.loanPurposeConfirm.
//	PUT  /applications/{id}/housing               HousingDetails. aboutYou.rentConfirm.
//	PUT  /applications/{id}/addresses             AddressHistoryRequest: newest first, gazetteer ids or
//	                                              manual addresses, moving-in months (YYYY-MM) strictly
//	                                              earlier each time, up to 6. Done once the oldest is at
//	                                              least 3 years back (that calendar month). rentInfo needs
//	                                              housing and addresses / aboutYou.addressUpdate.
//	PUT  /applications/{id}/income                Income. aboutYou.incomeConfirm.
//	PUT  /applications/{id}/future-income-change  FutureIncomeChange.
//	PUT  /applications/{id}/credit-assessment     CreditAssessmentRequest: every required question.
//	                                              incomeVerification / verifyIncome.isFinished need
//	                                              income, future change and answers.
//	PUT  /applications/{id}/open-banking          OpenBankingUpdate: linked (consentId) or skipped.
//	                                              openBanking / verifyIncome.openBanking, aboutYou.obSkip.
//	POST /applications/{id}/start-over            201 the new Application: same customer, journey and
//	                                              loan (re-priced that day), every step to do again.
//	                                              An open application is withdrawn (start_over); one
//	                                              withdrawn by applicant_changed_mind or
//	                                              counteroffer_declined stays withdrawn for that
//	                                              reason. Either way Withdrawal.ReplacedBy names the
//	                                              new one. 409 application_wrong_status when declined,
//	                                              drawn down or already replaced; 409
//	                                              application_exists when the customer has another
//	                                              open application. Optional Idempotency-Key.
//	POST /applications/{id}/withdrawal            WithdrawalRequest {"reason":"applicant_changed_mind"}
//	                                              → 200 the Application, withdrawn (Withdrawal with the
//	                                              reason and time): no loan will be made from it. Any
//	                                              open status (in progress, referred, counteroffer,
//	                                              approved, ready for drawdown); 409 once declined,
//	                                              withdrawn or drawn down; 422 invalid_request for
//	                                              another reason. Optional Idempotency-Key. The legacy
//	                                              codes stay as they were when it was withdrawn
//	                                              (approvalStatus 1 for an approved one): Status says
//	                                              withdrawn.
//
// preApproval is done from creation (the soft check passed). Submission and decision:
//
//	POST /applications/{id}/submission            200 Application with its Decision; 409
//	                                              application_incomplete (the message lists the missing
//	                                              steps), application_wrong_status (submitted already).
//	                                              Optional Idempotency-Key. contractSubmitted /
//	                                              submission.isFinished; waitingPage once decided.
//	GET  /applications/{id}/decision              200 Decision with its Reasons (409 before submission).
//	POST /applications/{id}/counteroffer-response CounterofferResponse: accept (approved at the offer)
//	                                              or decline (withdrawn).
//
// The decision runs the lending core's rules on the application's own figures (the sandbox's are in
// sandbox/README.md): approved, declined (reasons kept), counteroffer (Decision.Offer), or referred
// with DecisionDueAt, after which the next read finds it decided as of that time. An application that
// took a check's counteroffer is decided on the loan asked for at the check: when the rules offer at
// least its loan again, it is approved for its loan (Decision.Offer empty), never offered it twice.
//
// After approval (409 application_wrong_status before it, and once drawn down):
//
//	PUT  /applications/{id}/phone                 PhoneRequest: the customer's mobile (409
//	                                              customer_exists for another's). setPhone; setPassword
//	                                              follows the customer's PIN (PUT /customers/{id}/pin).
//	POST /applications/{id}/payee-confirmation    PayeeRequest → 200 PayeeCheck: match (confirms the
//	                                              payee), close_match (with the name the bank holds) or
//	                                              no_match (name_mismatch, account_not_found,
//	                                              business_account). confirmationPayee.
//	PUT  /applications/{id}/cpa                   CPARequest: the payment gateway's card token. setCpa.
//	GET  /applications/{id}/commission            200 Commission: the broker disclosure.
//	POST /applications/{id}/commission-consent    {"accept":true}. commissionConsent (done from the
//	                                              start without a broker).
//	POST /applications/{id}/signature             SignatureRequest: the borrower's name (422
//	                                              signer_name_mismatch), optionally the SHA-256 of the
//	                                              agreement PDF shown (409 document_changed unless it is
//	                                              today's); 409 commission_consent_required. signature.
//	POST /applications/{id}/identity-verification IdentityVerificationRequest: the passed check's
//	                                              checkId, or instead shareCode (purpose, checkedAt)
//	                                              for an accepted share code. idv.
//	POST /applications/{id}/additional-operations AdditionalOperationRequest (a staff action):
//	                                              reset_cpa and sign_again clear the CPA or signature
//	                                              at once; each operation is done when its step is
//	                                              redone. additionalOps.
//
// With every after-approval stage done the status is ready_for_drawdown; the loans part of the core
// opens the loan from it, and the application becomes drawn_down with LoanID (preDispersalStatus 1).
//
//	GET  /applications/{id}/documents/{kind}?format=html|pdf
//	                                              secci, key-facts, adequate-explanation (any time) and
//	                                              credit-agreement (409 document_not_available before
//	                                              approval), with the application's figures as of the
//	                                              core's today until the agreement is signed; from the
//	                                              signature on, every kind is the copy made when it was
//	                                              signed (the agreement with the signature; SignedAt
//	                                              set), the same bytes on every read, until a signature
//	                                              is cleared (sign_again, change_loan). To an Accept
//	                                              naming application/json the answer is a Document
//	                                              (Content in base64, SHA256); otherwise the bytes
//	                                              themselves (text/html with a strict CSP, or
//	                                              application/pdf; Content-Digest). 404
//	                                              document_not_found, 400 invalid_query for the format.
//
// # Events
//
//	GET  /events?after=N&limit=M                  200 EventList: the events recorded after Seq N (0:
//	                                              from the start), oldest first, at most M (1 to 200,
//	                                              default 50), and LatestSeq, the newest Seq. 400
//	                                              invalid_query otherwise.
//
// What happened to applications and loans, in the order it was recorded: application.approved (at
// submission, when a referral is decided, or a counteroffer accepted), application.declined,
// application.counteroffered, agreement.signed, loan.paid_out. Each is recorded once, with a unique
// ID and the ids it concerns (CustomerID, ApplicationID, LoanID once drawn down); read the rest from
// the other calls. Seq only grows and is never reused, so a reader keeps the last Seq it handled as
// its cursor; one without a cursor starts at LatestSeq. A referral that has fallen due is decided
// when the feed is read, so its decision is there as soon as its time has come (OccurredAt is its
// DecisionDueAt), whether or not anyone read the application. Events are kept for the provider's
// retention period (the sandbox: the latest 10,000, until a reset).
//
// # Retries and idempotency
//
// Reads (GET) are idempotent and retried by the transport. POST /customers and POST /registrations take an optional
// Idempotency-Key header (1–255 visible ASCII characters; 400 invalid_idempotency_key otherwise): the
// same key with the same body answers the first Customer again with Idempotent-Replayed: true, the
// same key with another body answers 409 idempotency_conflict, and concurrent requests with one key
// create one customer; keys are remembered for 24 hours, and a refused request does not use one up.
// With a key the transport may retry the call. Quotes and eligibility checks change nothing a retry
// could double (a repeated check records another check) but are POSTs, so the transport does not retry
// them; nor PIN calls (a retried wrong PIN would count twice) nor broker offers (their answer holds a
// secret that is never stored, so it cannot be replayed). Money-moving calls require an Idempotency-Key:
// drawdowns (POST /loans, top-up drawdowns) take the header, repayments use their paymentReference. POST /applications, …/start-over,
// …/withdrawal and …/submission take an optional Idempotency-Key with the same rules (the key's scope includes the
// application's path, so one key cannot submit two applications).
//
// # Errors in Go
//
// Each method returns the transport's errors (ErrUnavailable, ErrTimeout, ErrBadResponse, a
// *transport.StatusError) and, for the answers above, wraps the StatusError in one of this package's
// sentinels (ErrOutOfBounds, ErrCustomerNotFound, ErrPINLocked …): test with errors.Is, and read the
// exact code with errors.As on *transport.StatusError. Ids and tokens that cannot be valid are refused
// without a call.
package lending
