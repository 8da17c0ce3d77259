import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import { type DealStage, STAGE_NAME_MAX } from '../../../../contracts/sales';
import type { MoveDirection } from '../../../../machines/stage-editor/stage-editor.machine';
import { useConfirmDelete, useConfirmDeleteView } from '../../../lib/confirm/useConfirmDelete';
import { toast } from '../../../lib/toasts';
import { ConfirmAction } from '../../../ui/confirm/ConfirmAction';
import { LoadError } from '../../../ui/load-error/LoadError';
import { QueryLoading } from '../../../ui/query-loading/QueryLoading';
import { invalidateDealCaches } from '../deal-caches';
import { stagesQuery } from '../stages-query';
import { deleteStage, nameErrorOf } from './stage-calls';
import { type StageEditorActor, useStageEditor } from './useStageEditor';

const kindLabel: Record<DealStage['kind'], string | null> = {
  open: null,
  won: 'Venda ganha',
  lost: 'Venda perdida',
};

/**
 * "Etapas": the company's stages, in board order: rename, move up or down, add (the stage-editor
 * chart), delete (only an empty one; the server says why it refuses; the confirm-delete chart).
 * Every change refreshes the board and the dashboard.
 */
export function StagesPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useQuery(stagesQuery);
  const editor = useStageEditor();
  const reorderError = useSelector(editor, (s) => s.context.reorderError);
  const moved = useSelector(editor, (s) => s.context.moved);
  const list = useRef<HTMLOListElement>(null);
  const headingId = useId();

  // After a move the row re-renders elsewhere: the focus stays on its button (or the other one at an end).
  useEffect(() => {
    if (!moved) return;
    const row = list.current?.querySelector(`[data-stage-row="${CSS.escape(moved.stageId)}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-action="${moved.direction}"]:not(:disabled)`);
    const other = row?.querySelector<HTMLButtonElement>(
      '[data-action="up"]:not(:disabled), [data-action="down"]:not(:disabled)',
    );
    (wanted ?? other)?.focus();
  }, [moved]);

  return (
    <section id={id} className="card stages-panel" aria-labelledby={headingId}>
      <div className="card__head">
        <h2 id={headingId} className="card__heading">
          Etapas do funil
        </h2>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Fechar
        </button>
      </div>
      <p className="card__text">
        Renomeie, reordene ou crie etapas. Só é possível excluir uma etapa sem vendas.
      </p>
      {query.isPending ? (
        <QueryLoading query={query} queryKey={stagesQuery.queryKey} frameClassName="">
          <p role="status">Carregando etapas...</p>
        </QueryLoading>
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} framed={false} />
      ) : (
        <>
          <ol className="stages-panel__list" ref={list}>
            {query.data.map((stage) => (
              <StageRow key={stage.id} stage={stage} stageIds={query.data.map((s) => s.id)} editor={editor} />
            ))}
          </ol>
          {reorderError ? (
            <p className="form-error" role="alert">
              {reorderError}
            </p>
          ) : null}
          <AddStageForm editor={editor} />
        </>
      )}
    </section>
  );
}

type StageRowProps = {
  stage: DealStage;
  /** The stages' ids in board order (a move sends the new order). */
  stageIds: string[];
  editor: StageEditorActor;
};

function StageRow({ stage, stageIds, editor }: StageRowProps) {
  const queryClient = useQueryClient();
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const kind = kindLabel[stage.kind];
  const renaming = useSelector(editor, (s) => s.context.renaming?.stageId === stage.id);
  const name = useSelector(editor, (s) =>
    s.context.renaming?.stageId === stage.id ? s.context.renameName : '',
  );
  const error = useSelector(editor, (s) =>
    s.context.renaming?.stageId === stage.id ? s.context.renameError : null,
  );
  const saving = useSelector(
    editor,
    (s) => s.context.renaming?.stageId === stage.id && s.matches({ rename: 'saving' }),
  );
  const canRename = useSelector(editor, (s) =>
    s.can({ type: 'START_RENAME', stageId: stage.id, name: stage.name }),
  );
  const canCancel = useSelector(editor, (s) => s.can({ type: 'CANCEL_RENAME' }));
  // The chart says where a stage can go (not past an end, not while an order saves).
  const canGoUp = useSelector(editor, (s) =>
    s.can({ type: 'MOVE', stageIds, stageId: stage.id, direction: 'up' }),
  );
  const canGoDown = useSelector(editor, (s) =>
    s.can({ type: 'MOVE', stageIds, stageId: stage.id, direction: 'down' }),
  );

  const deletion = useConfirmDeleteView(
    useConfirmDelete({
      remove: () =>
        deleteStage(stage.id).catch((failure: unknown) => {
          throw new Error(nameErrorOf(failure));
        }),
      onDeleted: () => {
        toast.success(`Etapa ${stage.name} excluída.`, { id: `stage-${stage.id}` });
        void invalidateDealCaches(queryClient);
      },
    }),
  );
  // A failed delete closes the question; its words stay below the row until the next action.
  const shownError = error ?? deletion.error;
  const move = (direction: MoveDirection) =>
    editor.send({ type: 'MOVE', stageIds, stageId: stage.id, direction });

  const save = (event: FormEvent) => {
    event.preventDefault();
    editor.send({ type: 'SAVE_RENAME' });
  };

  return (
    <li className="stage-row" data-stage-row={stage.id}>
      {renaming ? (
        <form className="stage-row__rename" onSubmit={save} noValidate>
          <label htmlFor={fieldId} className="field__label">
            Novo nome da etapa {stage.name}
          </label>
          <input
            id={fieldId}
            className="field__input"
            value={name}
            maxLength={STAGE_NAME_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => editor.send({ type: 'EDIT_RENAME', name: event.target.value })}
            // biome-ignore lint/a11y/noAutofocus: the person just asked to rename this stage.
            autoFocus
          />
          <div className="stage-row__actions">
            <button type="submit" className="button button--primary" disabled={saving}>
              {saving ? 'Salvando...' : 'Salvar'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={!canCancel}
              onClick={() => editor.send({ type: 'CANCEL_RENAME' })}
            >
              Cancelar
            </button>
          </div>
        </form>
      ) : (
        <div className="stage-row__main">
          <span className="stage-row__name">
            {stage.name}
            {kind ? <span className="badge badge--muted">{kind}</span> : null}
          </span>
          <div className="stage-row__actions">
            <button
              type="button"
              className="stage-row__button"
              data-action="up"
              aria-label={`Subir a etapa ${stage.name}`}
              disabled={!canGoUp}
              onClick={() => move('up')}
            >
              Subir
            </button>
            <button
              type="button"
              className="stage-row__button"
              data-action="down"
              aria-label={`Descer a etapa ${stage.name}`}
              disabled={!canGoDown}
              onClick={() => move('down')}
            >
              Descer
            </button>
            <button
              type="button"
              className="stage-row__button"
              aria-label={`Renomear a etapa ${stage.name}`}
              disabled={!canRename}
              onClick={() => {
                deletion.cancel();
                editor.send({ type: 'START_RENAME', stageId: stage.id, name: stage.name });
              }}
            >
              Renomear
            </button>
            <button
              type="button"
              className="stage-row__button stage-row__button--danger"
              aria-label={`Excluir a etapa ${stage.name}`}
              onClick={() => deletion.ask()}
            >
              Excluir
            </button>
          </div>
        </div>
      )}
      {deletion.asking && !deletion.failed ? (
        <ConfirmAction
          question={`Excluir a etapa ${stage.name}?`}
          confirmLabel="Sim, excluir"
          pendingLabel="Excluindo..."
          pending={deletion.pending}
          onConfirm={deletion.confirm}
          cancel={{ onCancel: deletion.cancel }}
        >
          <p>As vendas não são apagadas: só é possível excluir uma etapa vazia.</p>
        </ConfirmAction>
      ) : null}
      {shownError ? (
        <p id={errorId} className="form-error" role="alert">
          {shownError}
        </p>
      ) : null}
    </li>
  );
}

function AddStageForm({ editor }: { editor: StageEditorActor }) {
  const name = useSelector(editor, (s) => s.context.newName);
  const error = useSelector(editor, (s) => s.context.addError);
  const adding = useSelector(editor, (s) => s.matches({ add: 'saving' }));
  const fieldId = useId();
  const errorId = `${fieldId}-error`;

  const add = (event: FormEvent) => {
    event.preventDefault();
    editor.send({ type: 'ADD' });
  };

  return (
    <form className="stages-panel__add" onSubmit={add} noValidate>
      <label htmlFor={fieldId} className="field__label">
        Nova etapa
      </label>
      <div className="stages-panel__add-row">
        <input
          id={fieldId}
          className="field__input"
          value={name}
          maxLength={STAGE_NAME_MAX}
          placeholder="Ex.: Aguardando pagamento"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => editor.send({ type: 'EDIT_NEW', name: event.target.value })}
        />
        <button type="submit" className="button button--primary" disabled={adding}>
          {adding ? 'Adicionando...' : 'Adicionar etapa'}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
