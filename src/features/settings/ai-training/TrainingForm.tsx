import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import {
  AI_TRAINING_AVOID_WORD_MAX,
  AI_TRAINING_FAQ_ANSWER_MAX,
  AI_TRAINING_FAQ_QUESTION_MAX,
  AI_TRAINING_SHORT_MAX,
  AI_TRAINING_TEXT_MAX,
} from '../../../../contracts/ai-training';
import { isDirty } from '../../../../machines/ai-training-form/ai-training-form.machine';
import {
  type AiTrainingTextField,
  aiTrainingFields,
  aiTrainingTexts,
  faqLabels,
  wordsLabels,
} from '../../../../machines/ai-training-form/ai-training-form.texts';
import { Field } from '../../../ui/form-field/Field';
import type { AiTrainingActor } from './useAiTrainingForm';

const LIMITS: Record<AiTrainingTextField, number> = {
  businessDescription: AI_TRAINING_TEXT_MAX,
  toneOfVoice: AI_TRAINING_SHORT_MAX,
  openingHours: AI_TRAINING_SHORT_MAX,
  paymentPolicy: AI_TRAINING_TEXT_MAX,
  deliveryPolicy: AI_TRAINING_TEXT_MAX,
};
const MULTILINE: ReadonlySet<AiTrainingTextField> = new Set([
  'businessDescription',
  'paymentPolicy',
  'deliveryPolicy',
]);

/** The training's fields, questions and words to avoid; read-only for staff. */
export function TrainingForm({ actor }: { actor: AiTrainingActor }) {
  const context = useSelector(actor, (s) => s.context);
  const form = useSelector(actor, (s) => {
    const value = s.value as { ready?: { form: unknown } };
    return typeof value.ready?.form === 'string' ? value.ready.form : null;
  });
  const { draft, issues, canEdit, saveFailure, newWord } = context;
  const busy = form !== 'editing';
  const readOnly = !canEdit || busy;
  const dirty = isDirty(context);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'SAVE' });
  };

  return (
    <form
      className="card form ai-training"
      noValidate
      aria-busy={form === 'saving' || undefined}
      onSubmit={submit}
    >
      {(Object.keys(aiTrainingFields) as AiTrainingTextField[]).map((field) => (
        <Field
          key={field}
          label={aiTrainingFields[field].label}
          hint={aiTrainingFields[field].hint}
          error={issues[field]}
        >
          {(control) =>
            MULTILINE.has(field) ? (
              <textarea
                {...control}
                className="field__input ai-training__textarea"
                rows={field === 'businessDescription' ? 4 : 3}
                maxLength={LIMITS[field]}
                readOnly={readOnly}
                value={draft[field]}
                onChange={(e) => actor.send({ type: 'EDIT', field, value: e.target.value })}
              />
            ) : (
              <input
                {...control}
                className="field__input"
                maxLength={LIMITS[field]}
                readOnly={readOnly}
                value={draft[field]}
                onChange={(e) => actor.send({ type: 'EDIT', field, value: e.target.value })}
              />
            )
          }
        </Field>
      ))}

      <fieldset className="ai-training__group">
        <legend className="card__heading">{faqLabels.heading}</legend>
        <p className="field__hint">{faqLabels.hint}</p>
        {issues.faqs ? (
          <p className="form-error" role="alert">
            {issues.faqs}
          </p>
        ) : null}
        <ol className="ai-training__faqs">
          {draft.faqs.map((faq, index) => (
            // Pairs have no ids of their own; their place is what the form edits.
            // biome-ignore lint/suspicious/noArrayIndexKey: the place is the pair's identity here.
            <li key={index} className="ai-training__faq" data-testid={`faq-${index + 1}`}>
              <Field label={faqLabels.question(index + 1)} error={issues[`faqs.${index}.question`]}>
                {(control) => (
                  <input
                    {...control}
                    className="field__input"
                    maxLength={AI_TRAINING_FAQ_QUESTION_MAX}
                    readOnly={readOnly}
                    value={faq.question}
                    onChange={(e) =>
                      actor.send({ type: 'EDIT_FAQ', index, part: 'question', value: e.target.value })
                    }
                  />
                )}
              </Field>
              <Field label={faqLabels.answer(index + 1)} error={issues[`faqs.${index}.answer`]}>
                {(control) => (
                  <textarea
                    {...control}
                    className="field__input ai-training__textarea"
                    rows={2}
                    maxLength={AI_TRAINING_FAQ_ANSWER_MAX}
                    readOnly={readOnly}
                    value={faq.answer}
                    onChange={(e) =>
                      actor.send({ type: 'EDIT_FAQ', index, part: 'answer', value: e.target.value })
                    }
                  />
                )}
              </Field>
              {canEdit ? (
                <button
                  type="button"
                  className="button button--danger-text ai-training__remove"
                  aria-label={`${aiTrainingTexts.removeFaq} ${index + 1}`}
                  disabled={busy}
                  onClick={() => actor.send({ type: 'REMOVE_FAQ', index })}
                >
                  {aiTrainingTexts.removeFaq}
                </button>
              ) : null}
            </li>
          ))}
        </ol>
        {canEdit ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => actor.send({ type: 'ADD_FAQ' })}
          >
            {aiTrainingTexts.addFaq}
          </button>
        ) : null}
      </fieldset>

      <fieldset className="ai-training__group">
        <legend className="card__heading">{wordsLabels.heading}</legend>
        <p className="field__hint">{wordsLabels.hint}</p>
        <ul className="badges ai-training__words" aria-label={wordsLabels.heading}>
          {draft.wordsToAvoid.map((word, index) => (
            <li key={word} className="badge ai-training__word">
              <span>{word}</span>
              {canEdit ? (
                <button
                  type="button"
                  className="ai-training__word-remove"
                  aria-label={aiTrainingTexts.removeWord(word)}
                  disabled={busy}
                  onClick={() => actor.send({ type: 'REMOVE_WORD', index })}
                >
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        {canEdit ? (
          <div className="ai-training__add-word">
            <Field label={wordsLabels.input} error={issues.newWord ?? issues.wordsToAvoid}>
              {(control) => (
                <input
                  {...control}
                  className="field__input"
                  maxLength={AI_TRAINING_AVOID_WORD_MAX + 1}
                  readOnly={busy}
                  value={newWord}
                  onChange={(e) => actor.send({ type: 'EDIT_NEW_WORD', value: e.target.value })}
                  onKeyDown={(e) => {
                    if (e.key !== 'Enter') return;
                    e.preventDefault();
                    actor.send({ type: 'ADD_WORD' });
                  }}
                />
              )}
            </Field>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => actor.send({ type: 'ADD_WORD' })}
            >
              {aiTrainingTexts.addWord}
            </button>
          </div>
        ) : null}
      </fieldset>

      {form === 'conflict' || form === 'reloading' ? (
        <div className="ai-training__conflict" role="alert">
          <p className="form-error">{aiTrainingTexts.conflict}</p>
          {saveFailure ? <p className="form-error">{saveFailure}</p> : null}
          <button
            type="button"
            className="button button--primary"
            disabled={form === 'reloading'}
            onClick={() => actor.send({ type: 'RELOAD' })}
          >
            {form === 'reloading' ? aiTrainingTexts.reloading : aiTrainingTexts.reload}
          </button>
        </div>
      ) : saveFailure ? (
        <p className="form-error" role="alert">
          {saveFailure}
        </p>
      ) : null}

      {canEdit ? (
        form === 'editing' || form === 'saving' ? (
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={busy || !dirty}>
              {form === 'saving' ? aiTrainingTexts.saving : aiTrainingTexts.save}
            </button>
          </div>
        ) : null
      ) : (
        <p className="field__hint ai-training__read-only">{aiTrainingTexts.readOnly}</p>
      )}
    </form>
  );
}
