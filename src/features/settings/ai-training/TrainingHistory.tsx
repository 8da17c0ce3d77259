import { useSelector } from '@xstate/react';
import { isDirty } from '../../../../machines/ai-training-form/ai-training-form.machine';
import {
  AI_TRAINING_HISTORY_FAILED_TEXT,
  aiTrainingFields,
  aiTrainingTexts,
  faqLabels,
  restoreQuestion,
  versionTitle,
  wordsLabels,
} from '../../../../machines/ai-training-form/ai-training-form.texts';
import type { AiTrainingActor } from './useAiTrainingForm';

const when = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  });

/** The versions, one opened read-only, and its restore behind a question. */
export function TrainingHistory({ actor, step }: { actor: AiTrainingActor; step: string }) {
  const context = useSelector(actor, (s) => s.context);
  const { versions, viewing, historyFailure, canEdit } = context;
  const close = (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => actor.send({ type: 'CLOSE_HISTORY' })}
    >
      {aiTrainingTexts.closeHistory}
    </button>
  );
  if (step === 'loading')
    return (
      <section className="card" role="status" aria-label={aiTrainingTexts.history}>
        <span className="skeleton skeleton--field" />
      </section>
    );
  if (step === 'failed')
    return (
      <section className="card ai-training__history">
        <p className="form-error" role="alert">
          {AI_TRAINING_HISTORY_FAILED_TEXT} {historyFailure}
        </p>
        <div className="form__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => actor.send({ type: 'RETRY' })}
          >
            {aiTrainingTexts.retry}
          </button>
          {close}
        </div>
      </section>
    );
  if (step === 'list' || step === 'opening')
    return (
      <section className="card ai-training__history" aria-labelledby="ai-training-versions">
        <h2 id="ai-training-versions" className="card__heading">
          Versões
        </h2>
        {historyFailure ? (
          <p className="form-error" role="alert">
            {historyFailure}
          </p>
        ) : null}
        <ul className="list list--plain ai-training__versions">
          {(versions ?? []).map((v) => (
            <li
              key={v.version}
              className="list__row ai-training__version"
              data-testid={`version-${v.version}`}
            >
              <div>
                <strong className="ai-training__version-title">{versionTitle(v.version)}</strong>
                <p className="field__hint">
                  {when(v.createdAt)}
                  {v.authorName ? ` · ${v.authorName}` : ''}
                  {v.restoredFrom ? ` · restaurou a ${versionTitle(v.restoredFrom).toLowerCase()}` : ''}
                </p>
              </div>
              <button
                type="button"
                className="button button--secondary"
                aria-label={`${aiTrainingTexts.view} ${versionTitle(v.version)}`}
                disabled={step === 'opening'}
                onClick={() => actor.send({ type: 'VIEW', version: v.version })}
              >
                {aiTrainingTexts.view}
              </button>
            </li>
          ))}
        </ul>
        <div className="form__actions">{close}</div>
      </section>
    );
  if (!viewing) return null;
  const asking = step === 'confirming' || step === 'restoring';
  return (
    <section className="card ai-training__history" aria-labelledby="ai-training-viewing">
      <h2 id="ai-training-viewing" className="card__heading">
        {versionTitle(viewing.version)}
      </h2>
      <p className="field__hint">
        {when(viewing.createdAt)}
        {viewing.authorName ? ` · ${viewing.authorName}` : ''}
      </p>
      <dl className="details ai-training__version-content">
        {(Object.keys(aiTrainingFields) as (keyof typeof aiTrainingFields)[]).map((field) => (
          <div key={field} className="details__row details__row--block">
            <dt>{aiTrainingFields[field].label}</dt>
            <dd className="details__text">{viewing.content[field] || '—'}</dd>
          </div>
        ))}
        <div className="details__row details__row--block">
          <dt>{faqLabels.heading}</dt>
          <dd>
            {viewing.content.faqs.length === 0
              ? '—'
              : viewing.content.faqs.map((f) => (
                  <p key={f.question} className="details__text">
                    <strong>{f.question}</strong> {f.answer}
                  </p>
                ))}
          </dd>
        </div>
        <div className="details__row details__row--block">
          <dt>{wordsLabels.heading}</dt>
          <dd>{viewing.content.wordsToAvoid.join(', ') || '—'}</dd>
        </div>
      </dl>
      {historyFailure ? (
        <p className="form-error" role="alert">
          {historyFailure}
        </p>
      ) : null}
      {asking ? (
        <fieldset className="confirm-action" aria-labelledby="ai-training-restore-question">
          <p id="ai-training-restore-question">{restoreQuestion(viewing.version, isDirty(context))}</p>
          <div className="form__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={step === 'restoring'}
              onClick={() => actor.send({ type: 'CONFIRM' })}
            >
              {step === 'restoring' ? aiTrainingTexts.restoring : aiTrainingTexts.restoreConfirm}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={step === 'restoring'}
              onClick={() => actor.send({ type: 'CANCEL' })}
            >
              {aiTrainingTexts.cancel}
            </button>
          </div>
        </fieldset>
      ) : (
        <div className="form__actions">
          {canEdit ? (
            <button
              type="button"
              className="button button--primary"
              onClick={() => actor.send({ type: 'RESTORE' })}
            >
              {aiTrainingTexts.restore}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => actor.send({ type: 'BACK' })}
          >
            {aiTrainingTexts.back}
          </button>
        </div>
      )}
    </section>
  );
}
