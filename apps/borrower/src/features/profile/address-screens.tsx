import { ErrorCodes, isApiError } from '@lender/api-client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { changeAddress, updateBillAddress } from '../../api/profile';
import type { BillingCard } from '../../api/profile';
import { QuestionPage } from '../../components/question';
import {
  ManualAddressAnswers,
  manualAddressSchema,
  ManualAddressLink,
  MANUAL_FIELDS,
  PostcodeLookupAnswers,
  postcodeLookupShape,
  splitStreetLine,
} from '../../components/question-groups/address-history';
import type { FoundAddresses } from '../../components/question-groups/address-history';
import { SignInPage } from '../../components/sign-in-page';
import { SummaryList } from '../../components/summary-list';
import { addressLabelOf, EMPTY_MANUAL_ADDRESS } from '../../lib/application-draft';
import { paths } from '../../lib/paths';
import { useProfileChange } from './change-store';
import type { BillingOutcome, NewAddress } from './change-store';
import { ChangeLink, ChangeScreen, refusalsOf, SuccessBanner } from './profile-page';

const lookupSchema = z.object(postcodeLookupShape);

/**
 * /edit-addressA: the new address found by its postcode and chosen from the list (the GOV.UK "find an address"
 * pattern of the application's address steps); one not listed is typed on /edit-addressB.
 */
export function EditAddressAScreen() {
  const navigate = useNavigate();
  const { postcode, set } = useProfileChange();
  const [found, setFound] = useState<FoundAddresses | undefined>(undefined);
  const refused = refusalsOf(useLocation().state);
  return (
    <ChangeScreen title="What is your new address?">
      <QuestionPage
        question="What is your new address?"
        backTo={paths.profile.addressDetails}
        schema={lookupSchema}
        defaultValues={{ postcode, address: '' }}
        initialErrors={refused}
        onChange={(values) => {
          if (values.postcode !== postcode) set({ postcode: values.postcode });
        }}
        showSubmit={found !== undefined && found.addresses.length > 0}
        onSubmit={({ address: id }) => {
          const address = found?.addresses.find((candidate) => candidate.id === id);
          if (address === undefined) return undefined;
          set({ address: { kind: 'found', gazetteerId: address.id, label: address.label, postcode: address.postcode } });
          return navigate(paths.profile.editAddressC);
        }}
        after={<ManualAddressLink found={found} manualPath={paths.profile.editAddressB} />}
      >
        <PostcodeLookupAnswers found={found} onFound={setFound} manualPath={paths.profile.editAddressB} />
      </QuestionPage>
    </ChangeScreen>
  );
}

/** /edit-addressB: the new address typed by hand (the GOV.UK address pattern), when the lookup does not list it. */
export function EditAddressBScreen() {
  const navigate = useNavigate();
  const { postcode, address, set } = useProfileChange();
  const refused = refusalsOf(useLocation().state);
  const [defaults] = useState(() => (address?.kind === 'typed' ? address.parts : { ...EMPTY_MANUAL_ADDRESS, postcode }));
  return (
    <ChangeScreen title="What is your new address?">
      <QuestionPage
        question="What is your new address?"
        backTo={paths.profile.editAddressA}
        schema={manualAddressSchema}
        defaultValues={defaults}
        initialErrors={refused}
        prepare={splitStreetLine}
        onSubmit={(parts) => {
          set({ address: { kind: 'typed', parts, label: addressLabelOf(parts) } });
          return navigate(paths.profile.editAddressC);
        }}
      >
        <ManualAddressAnswers />
      </QuestionPage>
    </ChangeScreen>
  );
}

/** The request of profile/changeAddress for the new address: its gazetteer id, or its parts as typed. */
function changeOf(address: NewAddress) {
  if (address.kind === 'found') return { gazetteerId: address.gazetteerId };
  const { flat, houseName, houseNumber, street, town, county, postcode } = address.parts;
  const optional = Object.entries({ flat, houseName, houseNumber, county }).filter(([, value]) => value !== '');
  return { address: { street, town, postcode, ...Object.fromEntries(optional) } };
}

/** Where the lending core's refusal of the address shows: the field of B it names, or A's list. */
function refusalTarget(address: NewAddress, error: unknown): { path: string; refused: Record<string, string> } | undefined {
  if (!isApiError(error) || error.errorCode !== ErrorCodes.badRequest) return undefined;
  if (address.kind === 'found') return { path: paths.profile.editAddressA, refused: { address: error.errorMessage } };
  const named = error.field?.replace(/^address\./, '');
  const field = MANUAL_FIELDS.find((candidate) => candidate.key === named)?.key ?? 'street';
  return { path: paths.profile.editAddressB, refused: { [field]: error.errorMessage } };
}

/**
 * /edit-addressC: the new address to check, with the way to change it, and that the card's billing address
 * follows. Confirming sets it (profile/changeAddress), then makes it every card's billing address
 * (payment/updateBillAddress); /edit-addressD says how both went. An address the lending core refuses is said on
 * the page where it was chosen or typed. Without a new address (a reload) the borrower starts at A.
 */
export function EditAddressCScreen() {
  const navigate = useNavigate();
  const { address, set } = useProfileChange();
  const [sending, setSending] = useState(false);
  // Once changed, the new address is forgotten on the way out: that is not a reload.
  const [changed, setChanged] = useState(false);
  if (changed) return null;
  if (address === null) return <Navigate replace to={paths.profile.editAddressA} />;
  const newAddress = address;

  async function confirm() {
    setSending(true);
    try {
      await changeAddress(changeOf(newAddress));
    } catch (error) {
      setSending(false);
      const target = refusalTarget(newAddress, error);
      if (target !== undefined) await navigate(target.path, { state: { refused: target.refused } });
      return;
    }
    let billing: BillingOutcome;
    try {
      billing = { kind: 'followed', cards: (await updateBillAddress()).cards };
    } catch {
      billing = { kind: 'failed' };
    }
    setChanged(true);
    set({ billing, address: null, postcode: '' });
    await navigate(paths.profile.editAddressD, { replace: true });
  }

  const changePath = newAddress.kind === 'found' ? paths.profile.editAddressA : paths.profile.editAddressB;
  return (
    <ChangeScreen title="Check your new address">
      <SignInPage title="Check your new address" backTo={changePath}>
        <SummaryList
          rows={[
            [
              'New address',
              newAddress.label,
              <ChangeLink key="change" to={changePath} what="new address" />,
            ],
          ]}
        />
        <Typography sx={{ mb: 3 }}>
          When you confirm, this becomes your address, and the billing address of every card you pay with changes to it
          too.
        </Typography>
        <Button variant="contained" size="large" fullWidth disabled={sending} onClick={() => void confirm()}>
          Confirm my new address
        </Button>
      </SignInPage>
    </ChangeScreen>
  );
}

function cardLine(card: BillingCard): string {
  const brand = card.brand === 'unknown' ? 'Card' : card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  const { line1, line2, city, postcode } = card.billingAddress;
  return `${brand} ending ${card.last4}: ${[line1, line2, city, postcode].filter(Boolean).join(', ')}`;
}

/**
 * /edit-addressD: the address is changed, and each card's billing address now; when the cards could not be
 * changed, a way to try that again. Opened without a change just made, it shows the address.
 */
export function EditAddressDScreen() {
  const { billing, set } = useProfileChange();
  const [sending, setSending] = useState(false);
  if (billing === null) return <Navigate replace to={paths.profile.addressDetails} />;

  function retry() {
    setSending(true);
    updateBillAddress().then(
      ({ cards }) => {
        setSending(false);
        set({ billing: { kind: 'followed', cards } });
      },
      () => {
        setSending(false);
      },
    );
  }

  return (
    <SignInPage title="Your address is changed" backTo={paths.profile.addressDetails}>
      <SuccessBanner>
        <Typography>Your address is changed.</Typography>
      </SuccessBanner>
      {billing.kind === 'failed' ? (
        <>
          <Typography sx={{ mb: 3 }}>
            We could not change your card’s billing address to your new address. Try again, or contact us.
          </Typography>
          <Button variant="contained" size="large" disabled={sending} onClick={retry} sx={{ mb: 3 }}>
            Try again
          </Button>
        </>
      ) : billing.cards.length === 0 ? (
        <Typography sx={{ mb: 3 }}>You have no card with us, so there is no billing address to change.</Typography>
      ) : (
        <>
          <Typography sx={{ mb: 1 }}>Your card’s billing address is now your new address:</Typography>
          <Box component="ul" sx={{ mb: 3 }}>
            {billing.cards.map((card) => (
              <Typography component="li" key={`${card.brand}-${card.last4}`}>
                {cardLine(card)}
              </Typography>
            ))}
          </Box>
        </>
      )}
      <Link component={RouterLink} to={paths.profile.personalDetails}>
        Back to your personal details
      </Link>
    </SignInPage>
  );
}
