import Typography from '@mui/material/Typography';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { QuestionPage } from '../../components/question';
import { PinAnswer, pinAnswer } from './pin-answer';
import { useChosenPin } from './pin-store';

const schema = z.object({ pin: pinAnswer('Enter a PIN') });

/** /login/setPin: a signed-in person without a PIN chooses one (4 to 6 digits); repeatPin confirms it. */
export function SetPinScreen() {
  const navigate = useNavigate();
  // Where to go once the PIN is saved (an approved application's /approved), handed on to repeatPin.
  const onward: unknown = useLocation().state;
  const choose = useChosenPin((state) => state.choose);
  return (
    <QuestionPage
      question="Choose a PIN"
      backTo={paths.login.home}
      intro={<Typography sx={{ mb: 3 }}>Next time, you can log in with your e-mail address and this PIN.</Typography>}
      schema={schema}
      defaultValues={{ pin: '' }}
      onSubmit={({ pin }) => {
        choose(pin);
        return navigate(paths.login.repeatPin, { state: onward });
      }}
    >
      <PinAnswer name="pin" label="PIN" hint="4 to 6 digits. Do not use your date of birth or a number like 1234." />
    </QuestionPage>
  );
}
