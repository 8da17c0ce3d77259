import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { saveUserNameContract } from '../../../contracts/onboarding';
import type { OnboardingActor } from '../../../machines/onboarding/onboarding.machine';
import { stepFailureView } from './step-failure';
import { TextField } from './TextField';

type StepProps = { onboarding: OnboardingActor };

/** "Sobre você": the name, prefilled with the one given at sign-up. */
export function UserNameStep({ onboarding }: StepProps) {
  const prefilled = useSelector(onboarding, (s) => s.context.status?.prefillData.name ?? '');
  const [name, setName] = useState(prefilled);
  const [invalid, setInvalid] = useState<string | null>(null);
  const busy = useSelector(onboarding, (s) => s.matches({ userName: 'submitting' }));
  const failure = stepFailureView(
    useSelector(onboarding, (s) => s.context.failure),
    ['name'],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = saveUserNameContract.body.safeParse({ name });
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? 'Informe seu nome.');
      return;
    }
    setInvalid(null);
    onboarding.send({ type: 'SUBMIT_NAME', name: checked.data.name });
  };

  return (
    <form className="onboarding-form" noValidate onSubmit={submit}>
      <p className="card__text">Como você gostaria de ser chamado?</p>
      <TextField
        label="Seu nome"
        name="name"
        autoComplete="name"
        value={name}
        error={invalid ?? failure.fields.name}
        onChange={(event) => setName(event.target.value)}
      />
      {failure.message && (
        <p className="form-error" role="alert">
          {failure.message}
        </p>
      )}
      <button type="submit" className="button button--primary onboarding-form__submit" disabled={busy}>
        {busy ? 'Salvando...' : 'Continuar'}
      </button>
    </form>
  );
}
