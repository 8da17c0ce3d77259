import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { RetryButton } from '../../ui/retry-button/RetryButton';
import { createFollowUpTemplateMachine } from './follow-up-template-actors';

export const FOLLOW_UP_TEMPLATE_HELP =
  'Fora da janela de 24 horas depois da última mensagem do cliente, o WhatsApp só aceita modelos aprovados: os follow-ups saem com este modelo, com o texto de cada um no lugar do parâmetro.';

/**
 * "Modelo para follow-ups": the approved templates that can carry a follow-up (one parameter), the
 * chosen one marked; choosing saves at once (the follow-up-template chart decides, this renders it).
 */
export function FollowUpTemplateChoice() {
  const queryClient = useQueryClient();
  const [machine] = useState(() => createFollowUpTemplateMachine(queryClient));
  const chart = useActorRef(machine);
  const state = useSelector(chart, (s) => String(s.value));
  const { templates, chosen, saving, error } = useSelector(chart, (s) => s.context);
  const busy = state === 'saving';
  const id = useId();
  const ready = templates.filter((template) => template.followUpReady);
  const isChosen = (t: { name: string; language: string }) =>
    (busy ? saving : chosen)?.name === t.name && (busy ? saving : chosen)?.language === t.language;
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="card__heading">
        Modelo para follow-ups
      </h2>
      <p className="card__text">{FOLLOW_UP_TEMPLATE_HELP}</p>
      {state === 'loading' ? (
        <p className="card__text" role="status">
          Carregando modelos...
        </p>
      ) : state === 'loadFailed' ? (
        <>
          <p className="form-error" role="alert">
            {error}
          </p>
          <RetryButton onRetry={() => chart.send({ type: 'RETRY' })} />
        </>
      ) : ready.length === 0 ? (
        <p className="card__text">
          Nenhum modelo aprovado com um único parâmetro. Crie um no Gerenciador do WhatsApp Business da Meta.
        </p>
      ) : (
        <>
          <fieldset className="follow-up-templates" disabled={busy} aria-busy={busy}>
            <legend className="visually-hidden">Modelo para follow-ups</legend>
            {ready.map((template) => (
              <label key={`${template.name}:${template.language}`} className="follow-up-templates__option">
                <input
                  type="radio"
                  name={`${id}-template`}
                  checked={isChosen(template)}
                  onChange={() =>
                    chart.send({
                      type: 'CHOOSE',
                      template: { name: template.name, language: template.language },
                    })
                  }
                />
                <span className="follow-up-templates__text">
                  <span className="follow-up-templates__name">
                    {template.name} ({template.language})
                  </span>
                  <span className="follow-up-templates__body">{template.body}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {busy ? (
            <p className="card__text" role="status">
              Salvando...
            </p>
          ) : null}
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          {chosen && !busy ? (
            <div className="form__actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => chart.send({ type: 'CLEAR' })}
              >
                Não usar modelo
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
