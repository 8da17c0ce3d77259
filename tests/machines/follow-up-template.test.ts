import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApprovedTemplate, FollowUpTemplate } from '../../contracts/whatsapp-templates';
import { followUpTemplateMachine } from '../../machines/follow-up-template/follow-up-template.machine';

const template = (name: string): ApprovedTemplate => ({
  name,
  language: 'pt_BR',
  category: 'UTILITY',
  body: 'Olá! {{1}}',
  parameterCount: 1,
  followUpReady: true,
});
const lembrete = { name: 'lembrete', language: 'pt_BR' };
const retorno = { name: 'retorno', language: 'pt_BR' };

function start(options: {
  load?: () => Promise<unknown>;
  save?: (input: FollowUpTemplate | null) => Promise<unknown>;
}) {
  const saved: Array<FollowUpTemplate | null> = [];
  const machine = followUpTemplateMachine.provide({
    actors: {
      loadChoice: fromPromise(
        (options.load ??
          (async () => ({
            templates: [template('lembrete'), template('retorno')],
            chosen: lembrete,
          }))) as never,
      ),
      saveChoice: fromPromise(async ({ input }: { input: FollowUpTemplate | null }) => {
        saved.push(input);
        return options.save ? options.save(input) : input;
      }) as never,
    },
  });
  const actor = createActor(machine).start();
  return { actor, saved };
}

describe('follow-up template chart', () => {
  it('loads the templates and the chosen one; choosing another saves it and marks it', async () => {
    const { actor, saved } = start({});
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(actor.getSnapshot().context.chosen).toEqual(lembrete);
    // The one already chosen: nothing to save.
    actor.send({ type: 'CHOOSE', template: lembrete });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    actor.send({ type: 'CHOOSE', template: retorno });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(saved).toEqual([retorno]);
    expect(actor.getSnapshot().context.chosen).toEqual(retorno);
    actor.send({ type: 'CLEAR' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(saved).toEqual([retorno, null]);
    expect(actor.getSnapshot().context.chosen).toBeNull();
    // Nothing chosen: nothing to clear.
    actor.send({ type: 'CLEAR' });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
  });

  it('a refused save keeps the earlier choice and says why', async () => {
    const { actor } = start({
      save: async () => {
        throw new Error('Este modelo tem mais de um parâmetro.');
      },
    });
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'CHOOSE', template: retorno });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(actor.getSnapshot().context).toMatchObject({
      chosen: lembrete,
      error: 'Este modelo tem mais de um parâmetro.',
    });
  });

  it('a failed load says why and loads again on RETRY', async () => {
    let calls = 0;
    const { actor } = start({
      load: async () => {
        calls++;
        if (calls === 1) throw new Error('O WhatsApp não respondeu.');
        return { templates: [], chosen: null };
      },
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.error).toBe('O WhatsApp não respondeu.');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(calls).toBe(2);
  });
});
