import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type DealStage, STAGE_NAME_MAX, STAGE_NAME_REQUIRED_TEXT } from '../../../../contracts/sales';
import { useConfirmDelete, useConfirmDeleteView } from '../../../lib/confirm/useConfirmDelete';
import { useCreateSubmission } from '../../../lib/forms/useCreateSubmission';
import { toast } from '../../../lib/toasts';
import { ConfirmAction } from '../../../ui/confirm/ConfirmAction';
import { LoadError } from '../../../ui/load-error/LoadError';
import { QueryLoading } from '../../../ui/query-loading/QueryLoading';
import { invalidateDealCaches } from '../deal-caches';
import { salesQueryKeys } from '../sales-board-query';
import { stagesQuery } from '../stages-query';
import { createStage, deleteStage, nameErrorOf, renameStage, reorderStages } from './stage-calls';

const kindLabel: Record<DealStage['kind'], string | null> = {
  open: null,
  won: 'Venda ganha',
  lost: 'Venda perdida',
};

type Focus = { stageId: string; action: 'up' | 'down' };

/**
 * "Etapas": the company's stages, in board order: rename, move up or down, add, delete (only an
 * empty one; the server says why it refuses). Every change refreshes the board and the dashboard.
 */
export function StagesPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const query = useQuery(stagesQuery);
  const [reordering, setReordering] = useState(false);
  const [reorderError, setReorderError] = useState<string | null>(null);
  const [focus, setFocus] = useState<Focus | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const headingId = useId();

  // After a reorder the row moved: the focus stays on its button (or the other one at an end).
  useEffect(() => {
    if (!focus) return;
    const row = list.current?.querySelector(`[data-stage-row="${CSS.escape(focus.stageId)}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-action="${focus.action}"]:not(:disabled)`);
    const other = row?.querySelector<HTMLButtonElement>(
      '[data-action="up"]:not(:disabled), [data-action="down"]:not(:disabled)',
    );
    (wanted ?? other)?.focus();
    setFocus(null);
  }, [focus]);

  const move = async (stages: DealStage[], index: number, by: -1 | 1) => {
    const ids = stages.map((s) => s.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    setReordering(true);
    setReorderError(null);
    try {
      const saved = await reorderStages(ids);
      queryClient.setQueryData(salesQueryKeys.stages, saved);
      setFocus({ stageId: moved!, action: by < 0 ? 'up' : 'down' });
      void invalidateDealCaches(queryClient);
    } catch (error) {
      setReorderError(nameErrorOf(error));
    } finally {
      setReordering(false);
    }
  };

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
            {query.data.map((stage, index) => (
              <StageRow
                key={stage.id}
                stage={stage}
                first={index === 0}
                last={index === query.data.length - 1}
                reordering={reordering}
                onMove={(by) => move(query.data, index, by)}
              />
            ))}
          </ol>
          {reorderError ? (
            <p className="form-error" role="alert">
              {reorderError}
            </p>
          ) : null}
          <AddStageForm />
        </>
      )}
    </section>
  );
}

type StageRowProps = {
  stage: DealStage;
  first: boolean;
  last: boolean;
  reordering: boolean;
  onMove: (by: -1 | 1) => void;
};

function StageRow({ stage, first, last, reordering, onMove }: StageRowProps) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'view' | 'renaming'>('view');
  const [name, setName] = useState(stage.name);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const kind = kindLabel[stage.kind];

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError(STAGE_NAME_REQUIRED_TEXT);
    setPending(true);
    setError(null);
    try {
      await renameStage(stage.id, name);
      await invalidateDealCaches(queryClient);
      setMode('view');
      toast.success(`Etapa renomeada para ${name.trim()}.`, { id: `stage-${stage.id}` });
    } catch (failure) {
      setError(nameErrorOf(failure));
    } finally {
      setPending(false);
    }
  };

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

  return (
    <li className="stage-row" data-stage-row={stage.id}>
      {mode === 'renaming' ? (
        <form className="stage-row__rename" onSubmit={rename} noValidate>
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
            onChange={(event) => setName(event.target.value)}
            // biome-ignore lint/a11y/noAutofocus: the person just asked to rename this stage.
            autoFocus
          />
          <div className="stage-row__actions">
            <button type="submit" className="button button--primary" disabled={pending}>
              {pending ? 'Salvando...' : 'Salvar'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setMode('view');
                setName(stage.name);
                setError(null);
              }}
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
              disabled={first || reordering}
              onClick={() => onMove(-1)}
            >
              Subir
            </button>
            <button
              type="button"
              className="stage-row__button"
              data-action="down"
              aria-label={`Descer a etapa ${stage.name}`}
              disabled={last || reordering}
              onClick={() => onMove(1)}
            >
              Descer
            </button>
            <button
              type="button"
              className="stage-row__button"
              aria-label={`Renomear a etapa ${stage.name}`}
              onClick={() => {
                setName(stage.name);
                setError(null);
                deletion.cancel();
                setMode('renaming');
              }}
            >
              Renomear
            </button>
            <button
              type="button"
              className="stage-row__button stage-row__button--danger"
              aria-label={`Excluir a etapa ${stage.name}`}
              onClick={() => {
                setError(null);
                deletion.ask();
              }}
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

function AddStageForm() {
  const queryClient = useQueryClient();
  const create = useCreateSubmission(createStage);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError(STAGE_NAME_REQUIRED_TEXT);
    setPending(true);
    setError(null);
    try {
      const stage = await create.submit(name);
      setName('');
      toast.success(`Etapa ${stage.name} criada.`, { id: `stage-${stage.id}` });
      await invalidateDealCaches(queryClient);
    } catch (failure) {
      setError(nameErrorOf(failure));
    } finally {
      setPending(false);
    }
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
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? 'Adicionando...' : 'Adicionar etapa'}
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
