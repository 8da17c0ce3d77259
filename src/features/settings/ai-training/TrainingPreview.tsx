import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { ADVISOR_OFFLINE_NOTICE_TEXT, ADVISOR_QUESTION_MAX } from '../../../../contracts/advisor';
import { aiTrainingTexts, previewLabels } from '../../../../machines/ai-training-form/ai-training-form.texts';
import { Link } from '../../../lib/routing/Link';
import { Field } from '../../../ui/form-field/Field';
import type { AiTrainingActor } from './useAiTrainingForm';

/** A sample question answered with the form's content as it is (saved or not); never blocks the form. */
export function TrainingPreview({ actor }: { actor: AiTrainingActor }) {
  const step = useSelector(
    actor,
    (s) => (s.value as { ready?: { preview: string } }).ready?.preview ?? 'idle',
  );
  const { question, answer, previewFailure } = useSelector(actor, (s) => s.context);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'ASK' });
  };
  return (
    <form
      className="card form ai-training__preview"
      noValidate
      onSubmit={submit}
      aria-labelledby="ai-training-preview"
    >
      <h2 id="ai-training-preview" className="card__heading">
        {previewLabels.heading}
      </h2>
      <p className="field__hint">{previewLabels.hint}</p>
      <Field label={previewLabels.question}>
        {(control) => (
          <input
            {...control}
            className="field__input"
            maxLength={ADVISOR_QUESTION_MAX}
            placeholder="Ex.: o cliente achou caro"
            value={question}
            onChange={(e) => actor.send({ type: 'EDIT_QUESTION', question: e.target.value })}
          />
        )}
      </Field>
      <div className="form__actions">
        <button
          type="submit"
          className="button button--secondary"
          disabled={step === 'asking' || question.trim() === ''}
        >
          {step === 'asking' ? aiTrainingTexts.asking : aiTrainingTexts.ask}
        </button>
      </div>
      {step === 'failed' && previewFailure ? (
        <p className="form-error" role="alert">
          {previewFailure}
        </p>
      ) : null}
      {step === 'answered' && answer ? (
        <div className="ai-training__answer" aria-live="polite">
          {answer.mode === 'offline' ? (
            <p className="ai-training__offline">{ADVISOR_OFFLINE_NOTICE_TEXT}</p>
          ) : null}
          <p className="ai-training__answer-text">{answer.text}</p>
          {answer.sources.length > 0 ? (
            <ul className="badges ai-training__sources" aria-label="Fontes">
              {answer.sources.map((source) => (
                <li key={`${source.kind}-${source.id}`}>
                  <Link to={source.href} className="badge badge--muted">
                    {source.label}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
