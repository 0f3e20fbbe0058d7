import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { QuestionPage } from '../../components/question';
import { MAX_ADDRESSES } from '../../components/question-groups/address-history';
import { lookupPath } from '../../lib/amount-guard';
import { historyCovers, keepApplicationAnswers, movedInText, readApplicationDraft } from '../../lib/application-draft';
import type { DraftAddress } from '../../lib/application-draft';
import { recordAddressOperation } from '../../lib/legacy-stages';
import { movedInPath } from './address-entry';
import { visuallyHidden } from '@lender/ui/visually-hidden';

/** Where the message that the addresses do not yet go back 3 years leads. */
const ADD_ADDRESS = 'add-address';

/** The name of an address of the history in the summary list. */
export function historyName(entry: number): string {
  return entry === 0 ? 'Current address' : `Previous address ${String(entry)}`;
}

const schema = z.object({}).superRefine((_, context) => {
  if (!historyCovers(readApplicationDraft().addresses, new Date())) {
    context.addIssue({ code: 'custom', message: 'Add your addresses for the last 3 years', path: [ADD_ADDRESS] });
  }
});

/**
 * /amount/address_history: the addresses of the last 3 years (the GOV.UK summary list), each with its
 * moving-in month and a link to change it; an earlier address can be removed. Continue leads on to housing
 * only once the addresses reach back 3 years.
 */
export function AddressHistoryScreen() {
  const navigate = useNavigate();
  const [addresses, setAddresses] = useState(() => readApplicationDraft().addresses);
  const last = Math.max(0, addresses.length - 1);
  return (
    <QuestionPage
      question="Your addresses in the last 3 years"
      backTo={movedInPath(last)}
      schema={schema}
      defaultValues={{}}
      onSubmit={async () => {
        // The addresses the lender asked a signed-in applicant for again are recorded here; otherwise housing is next.
        const next = await recordAddressOperation(readApplicationDraft());
        await navigate(next ?? paths.amount.rentCost, { replace: next !== undefined });
      }}
    >
      <HistoryList addresses={addresses} onChange={setAddresses} />
    </QuestionPage>
  );
}

/** The addresses, each with a Change link (and Remove, but for the current one), then whether they go back far enough. */
function HistoryList({ addresses, onChange }: { addresses: DraftAddress[]; onChange: (next: DraftAddress[]) => void }) {
  const { clearErrors } = useFormContext();
  const covered = historyCovers(addresses, new Date());
  const canAdd = !covered && addresses.length < MAX_ADDRESSES;

  function remove(entry: number) {
    const next = addresses.filter((_, index) => index !== entry);
    onChange(next);
    clearErrors();
    keepApplicationAnswers({ addresses: next, addressInProgress: null });
  }

  return (
    <>
      <Box component="dl" sx={{ m: 0, mb: 3 }}>
        {addresses.map((address, entry) => (
          <Box
            key={`${String(entry)}-${address.label}`}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr auto', sm: '2fr 3fr auto' },
              columnGap: 2,
              py: 1.5,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Typography component="dt" sx={{ fontWeight: 700, gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
              {historyName(entry)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {address.label}
              <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                Moved in {movedInText(address)}
              </Box>
            </Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
              <Link component={RouterLink} to={lookupPath(entry)} sx={{ display: 'block' }}>
                Change<Box component="span" sx={visuallyHidden}>{` ${historyName(entry).toLowerCase()}`}</Box>
              </Link>
              {entry === 0 ? null : (
                <Link
                  component="button"
                  type="button"
                  onClick={() => {
                    remove(entry);
                  }}
                  sx={{ display: 'block', ml: 'auto', typography: 'body1' }}
                >
                  Remove<Box component="span" sx={visuallyHidden}>{` ${historyName(entry).toLowerCase()}`}</Box>
                </Link>
              )}
            </Typography>
          </Box>
        ))}
      </Box>
      {covered ? null : (
        <Typography sx={{ mb: 3 }}>
          These addresses do not yet go back 3 years.{' '}
          {canAdd ? (
            <Link id={ADD_ADDRESS} component={RouterLink} to={lookupPath(addresses.length)}>
              Add an earlier address
            </Link>
          ) : null}
        </Typography>
      )}
    </>
  );
}
