import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { QuestionPage } from '../../components/question';
import { lookupPath } from '../../lib/amount-guard';
import { movedInPath } from './address-entry';

const nothingAsked = z.object({});

/**
 * /amount/years3: why earlier addresses are asked for, shown once the current address turns out to be more
 * recent than 3 years. Continue leads to the previous address.
 */
export function Years3Screen() {
  const navigate = useNavigate();
  return (
    <QuestionPage
      question="We need your addresses for the last 3 years"
      backTo={movedInPath(0)}
      schema={nothingAsked}
      defaultValues={{}}
      intro={
        <>
          <Typography sx={{ mb: 2 }}>
            You moved in to your current address less than 3 years ago, so we also need the addresses you lived at
            before it.
          </Typography>
          <Typography sx={{ mb: 2 }}>
            Credit reference agencies keep your records by address. Knowing where you have lived lets us find your
            record and check who you are, which helps protect you from fraud.
          </Typography>
          <Typography sx={{ mb: 3 }}>You can give up to 6 addresses.</Typography>
        </>
      }
      onSubmit={() => navigate(lookupPath(1))}
    >
      {null}
    </QuestionPage>
  );
}
