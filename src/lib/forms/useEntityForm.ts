import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import {
  type EntityFormCheck,
  type EntityFormInput,
  type EntityFormValues,
  entityFormMachine,
  type FieldMessages,
  type SaveEntityInput,
} from '../../../machines/entity-form/entity-form.machine';
import { useChartEvent } from '../charts/useChartEvent';
import { useChartNavigation } from '../navigation/useChartNavigation';
import { randomId } from '../random-id';

export interface EntityFormOptions<V extends EntityFormValues, B, R> {
  initial: V;
  fields: readonly string[];
  check: (values: V) => EntityFormCheck & ({ ok: false } | { ok: true; body: B });
  /** POST under `idempotencyKey` or PUT; rejects with the ApiError of a failed answer. */
  save: (body: B, idempotencyKey: string) => Promise<R>;
  /** The analytics event, the toast, the caches: what the app does once saved. */
  onSaved: (saved: R) => void;
  conflictField?: string;
  doneTo?: string;
  valuesAfterSave?: (saved: R) => V;
}

/**
 * Runs the entity-form chart for one opening of a form: its save call and what follows a save are
 * the caller's, where the app goes is the chart's. Read it with `useEntityFormView`.
 */
export function useEntityForm<V extends EntityFormValues, B, R>(options: EntityFormOptions<V, B, R>) {
  const [machine] = useState(() =>
    entityFormMachine.provide({
      actors: {
        save: fromPromise<unknown, SaveEntityInput>(({ input }) =>
          options.save(input.body as B, input.idempotencyKey),
        ),
      },
    }),
  );
  const [formId] = useState(randomId);
  const input: EntityFormInput = {
    values: options.initial,
    formId,
    fields: options.fields,
    check: options.check as EntityFormInput['check'],
    conflictField: options.conflictField,
    doneTo: options.doneTo,
    valuesAfterSave: options.valuesAfterSave as EntityFormInput['valuesAfterSave'],
  };
  const form = useActorRef(machine, { input });
  useChartEvent(form, 'saved', ({ saved }) => options.onSaved(saved as R));
  useChartNavigation(form);
  return form;
}

export type EntityFormActor = ReturnType<typeof useEntityForm>;

/** What a form renders, each piece selected on its own. */
export function useEntityFormView<V extends EntityFormValues>(form: EntityFormActor) {
  const values = useSelector(form, (s) => s.context.values) as V;
  const issues: FieldMessages = useSelector(form, (s) => s.context.issues);
  const message = useSelector(form, (s) => s.context.message);
  const saving = useSelector(form, (s) => s.matches('saving') || s.matches('leaving'));
  const refusals = useSelector(form, (s) => s.context.refusals);
  return {
    values,
    issues,
    message,
    saving,
    refusals,
    edit: (changed: Partial<V>) => form.send({ type: 'EDIT', values: changed }),
    submit: () => form.send({ type: 'SUBMIT' }),
  };
}
