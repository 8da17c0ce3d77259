import { useSelector } from '@xstate/react';
import { type DragEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  batchCount,
  type customerImportMachine,
  type ImportProblem,
  rowsDone,
} from '../../../../machines/customer-import/customer-import.machine';
import {
  type ImportField,
  importFields,
  mappedRows,
} from '../../../../machines/customer-import/import-mapping';
import type { ImportTable } from '../../../../machines/customer-import/import-table';
import { formatDateTime } from '../../../lib/format/date';
import { randomId } from '../../../lib/random-id';
import { saveFile } from '../save-file';
import { importReportCsv, type SkippedReportRow } from './import-report-csv';

type ImportActor = ActorRefFrom<typeof customerImportMachine>;

const count = new Intl.NumberFormat('pt-BR');
const n = (value: number) => count.format(value);

/** How many preview rows the mapping step shows. */
export const PREVIEW_ROWS = 5;

export const importFieldLabels: Record<ImportField, string> = {
  name: 'Nome',
  phone: 'WhatsApp',
  email: 'E-mail',
  notes: 'Observações',
  tags: 'Etiquetas',
};

export const NAME_REQUIRED_TEXT = 'Escolha a coluna com o nome do cliente.';
export const CHECKING_TEXT = 'Verificando se este arquivo já foi importado...';
export const LOOKUP_FAILED_TEXT = 'Não foi possível verificar se este arquivo já foi importado.';
export const IMPORTED_BEFORE_TITLE = 'Este arquivo já foi importado';
export const STARTED_BEFORE_TITLE = 'Você já começou a importar este arquivo';
export const RESUME_HINT = 'Continuar envia só o que falta: os lotes já concluídos não são repetidos.';
export const AGAIN_WARNING = 'Importar de novo cria outra vez os contatos que não têm telefone nem e-mail.';
export const REPORT_FILE_NAME = 'relatorio-importacao.csv';

function megabytes(bytes: number): string {
  return `${n(Math.round(bytes / (1024 * 1024)))} MB`;
}

/** Why a file was refused, in the words the person reads. */
export function problemText(problem: ImportProblem): string {
  switch (problem.kind) {
    case 'unsupported':
      return 'Este arquivo não é CSV nem vCard. Escolha um arquivo .csv, .vcf ou .vcard.';
    case 'tooLarge':
      return `Arquivo grande demais: o limite é ${megabytes(problem.maxBytes)}. Divida a planilha em partes menores.`;
    case 'unreadable':
      return 'Não foi possível ler este arquivo. Confira se ele é um CSV ou vCard válido.';
    case 'empty':
      return 'Nenhum contato encontrado neste arquivo.';
    case 'tooManyRows':
      return `Este arquivo tem ${n(problem.rows)} linhas; o limite é ${n(problem.maxRows)} por importação. Divida a planilha em partes menores.`;
    case 'nameRequired':
      return NAME_REQUIRED_TEXT;
  }
}

/** "1 criado", "12 criados". */
function plural(value: number, one: string, many: string): string {
  return `${n(value)} ${value === 1 ? one : many}`;
}

/** What the sheet shows for the import chart's state, and the events its controls send. */
export function ImportWizard({ actor, onClose }: { actor: ImportActor; onClose: () => void }) {
  const step = useSelector(actor, (s) => {
    for (const name of [
      'choosing',
      'reading',
      'checking',
      'lookupFailed',
      'previous',
      'mapping',
      'importing',
    ] as const)
      if (s.matches(name)) return name;
    return 'done';
  });
  const body = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);

  // A step replaces the controls the focus was on: bring it to the new step, inside the dialog.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    body.current?.focus();
  });

  return (
    <div ref={body} className="import-wizard" tabIndex={-1}>
      {step === 'choosing' ? <ChooseFile actor={actor} onClose={onClose} /> : null}
      {step === 'reading' ? (
        <p className="import-wizard__status" role="status">
          Lendo o arquivo...
        </p>
      ) : null}
      {step === 'checking' ? (
        <p className="import-wizard__status" role="status">
          {CHECKING_TEXT}
        </p>
      ) : null}
      {step === 'lookupFailed' ? <LookupFailed actor={actor} /> : null}
      {step === 'previous' ? <PreviousImport actor={actor} /> : null}
      {step === 'mapping' ? <MapColumns actor={actor} /> : null}
      {step === 'importing' ? <Progress actor={actor} /> : null}
      {step === 'done' ? <Report actor={actor} onClose={onClose} /> : null}
    </div>
  );
}

function ChooseFile({ actor, onClose }: { actor: ImportActor; onClose: () => void }) {
  const id = useId();
  const problem = useSelector(actor, (s) => s.context.problem);
  const maxRows = useSelector(actor, (s) => s.context.maxRows);
  const maxBytes = useSelector(actor, (s) => s.context.maxBytes);
  const [dragging, setDragging] = useState(false);

  const choose = (file: File | undefined) => {
    if (file) actor.send({ type: 'CHOOSE_FILE', file });
  };
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  return (
    <>
      <p className="import-wizard__text">
        Escolha uma planilha (CSV, como o Excel e o Google Planilhas salvam) ou os contatos exportados do
        celular (vCard). Até {megabytes(maxBytes)} e {n(maxRows)} linhas.
      </p>
      <label
        htmlFor={id}
        className="import-drop"
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <span id={`${id}-title`} className="import-drop__title">
          Arquivo de contatos
        </span>
        <span id={`${id}-hint`} className="import-drop__hint">
          <span className="on-touch">Toque para escolher o arquivo</span>
          <span className="on-pointer">Clique para escolher ou arraste o arquivo até aqui</span> (.csv, .vcf)
        </span>
      </label>
      <input
        id={id}
        className="import-drop__input"
        type="file"
        accept=".csv,.vcf,.vcard,text/csv,text/vcard,text/x-vcard"
        aria-labelledby={`${id}-title`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error ${id}-hint` : `${id}-hint`}
        onChange={(event) => {
          choose(event.target.files?.[0]);
          // The same file chosen again (after fixing it) must fire a change again.
          event.target.value = '';
        }}
      />
      {problem ? (
        <p id={`${id}-error`} className="form-error" role="alert">
          {problemText(problem)}
        </p>
      ) : null}
      <div className="form__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancelar
        </button>
      </div>
    </>
  );
}

/** "Escolher outro arquivo": back to choosing, nothing of this file kept. */
function ChooseAnotherFile({ actor, primary = false }: { actor: ImportActor; primary?: boolean }) {
  return (
    <button
      type="button"
      className={`button ${primary ? 'button--primary' : 'button--secondary'}`}
      onClick={() => actor.send({ type: 'CHOOSE_AGAIN' })}
    >
      Escolher outro arquivo
    </button>
  );
}

/** Why a call failed, "Tentar de novo" (RETRY) and the other way out. */
function RetryableFailure({
  actor,
  text,
  children,
}: {
  actor: ImportActor;
  text: string;
  children: ReactNode;
}) {
  return (
    <>
      <p className="form-error" role="alert">
        {text}
      </p>
      <div className="form__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => actor.send({ type: 'RETRY' })}
        >
          Tentar de novo
        </button>
        {children}
      </div>
    </>
  );
}

function LookupFailed({ actor }: { actor: ImportActor }) {
  const failure = useSelector(actor, (s) => s.context.failure);
  return (
    <RetryableFailure actor={actor} text={`${LOOKUP_FAILED_TEXT} ${failure}`}>
      <ChooseAnotherFile actor={actor} />
    </RetryableFailure>
  );
}

/** The same file was imported before: when and what it did, and the choice of what to do now. */
function PreviousImport({ actor }: { actor: ImportActor }) {
  const previous = useSelector(actor, (s) => s.context.previous!);
  const canResume = useSelector(actor, (s) => s.can({ type: 'RESUME' }));
  const finished = previous.batchesDone >= previous.batches;
  const done = `${plural(previous.created, 'criado', 'criados')}, ${plural(previous.skipped, 'ignorado', 'ignorados')}`;
  const batches = finished
    ? ''
    : `; ${n(previous.batchesDone)} de ${plural(previous.batches, 'lote concluído', 'lotes concluídos')}`;
  const importAgain = (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => actor.send({ type: 'START_OVER' })}
    >
      Importar de novo
    </button>
  );
  return (
    <>
      <p className="import-wizard__subtitle" role="status">
        {finished ? IMPORTED_BEFORE_TITLE : STARTED_BEFORE_TITLE}
      </p>
      <p className="import-wizard__text">
        Em {formatDateTime(previous.startedAt)}: {done}
        {batches}.
      </p>
      <p className="import-wizard__hint">{canResume ? RESUME_HINT : AGAIN_WARNING}</p>
      <div className="form__actions">
        {canResume ? (
          <>
            <button
              type="button"
              className="button button--primary"
              onClick={() => actor.send({ type: 'RESUME' })}
            >
              Continuar importação
            </button>
            {importAgain}
            <ChooseAnotherFile actor={actor} />
          </>
        ) : (
          <>
            <ChooseAnotherFile actor={actor} primary />
            {importAgain}
          </>
        )}
      </div>
    </>
  );
}

function columnLabel(table: ImportTable, index: number): string {
  const header = table.headers[index]?.trim();
  return header ? header : `Coluna ${index + 1}`;
}

function MapColumns({ actor }: { actor: ImportActor }) {
  const id = useId();
  const table = useSelector(actor, (s) => s.context.table!);
  const file = useSelector(actor, (s) => s.context.file);
  const mapping = useSelector(actor, (s) => s.context.mapping);
  const problem = useSelector(actor, (s) => s.context.problem);
  const columns = useMemo(
    () => Math.max(table.headers.length, ...table.rows.slice(0, 50).map((row) => row.cells.length)),
    [table],
  );
  const preview = useMemo(
    () => mappedRows({ ...table, rows: table.rows.slice(0, PREVIEW_ROWS) }, mapping),
    [table, mapping],
  );
  const shownFields = importFields.filter((field) => mapping[field] !== null);

  return (
    <>
      <p className="import-wizard__text">
        <strong>{file?.name}</strong>:{' '}
        {plural(table.rows.length, 'contato encontrado', 'contatos encontrados')}. Confira de qual coluna vem
        cada informação.
      </p>
      <fieldset className="import-mapping">
        <legend className="import-wizard__subtitle">Colunas</legend>
        {importFields.map((field) => {
          const error = field === 'name' && problem?.kind === 'nameRequired' ? problemText(problem) : null;
          return (
            <div key={field} className="field">
              <label htmlFor={`${id}-${field}`} className="field__label">
                {importFieldLabels[field]}
                {field === 'name' ? <span className="field__optional"> (obrigatório)</span> : null}
              </label>
              <select
                id={`${id}-${field}`}
                className="field__input"
                value={mapping[field] === null ? '' : String(mapping[field])}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-${field}-error` : undefined}
                onChange={(event) =>
                  actor.send({
                    type: 'MAP',
                    field,
                    column: event.target.value === '' ? null : Number(event.target.value),
                  })
                }
              >
                <option value="">Não importar</option>
                {Array.from({ length: columns }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions in the file.
                  <option key={index} value={index}>
                    {columnLabel(table, index)}
                  </option>
                ))}
              </select>
              {error ? (
                <p id={`${id}-${field}-error`} className="form-error" role="alert">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <div className="import-preview">
        <table className="import-table">
          <caption className="import-wizard__subtitle">Prévia das primeiras linhas</caption>
          <thead>
            <tr>
              <th scope="col">Linha</th>
              {shownFields.map((field) => (
                <th key={field} scope="col">
                  {importFieldLabels[field]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.map((row) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                {shownFields.map((field) => (
                  <td key={field}>{field === 'tags' ? (row.tags ?? []).join(', ') : (row[field] ?? '')}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="form__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => actor.send({ type: 'START', importId: randomId() })}
        >
          Importar {plural(table.rows.length, 'contato', 'contatos')}
        </button>
        <ChooseAnotherFile actor={actor} />
      </div>
    </>
  );
}

function Progress({ actor }: { actor: ImportActor }) {
  const done = useSelector(actor, (s) => rowsDone(s.context));
  const total = useSelector(actor, (s) => s.context.rows.length);
  const batches = useSelector(actor, (s) => batchCount(s.context));
  const batch = useSelector(actor, (s) => s.context.batch);
  const batchSize = useSelector(actor, (s) => s.context.batchSize);
  const failure = useSelector(actor, (s) => s.context.failure);
  const cancelRequested = useSelector(actor, (s) => s.context.cancelRequested);
  const failed = useSelector(actor, (s) => s.matches({ importing: 'failed' }));
  const text = `${n(done)} de ${n(total)} linhas`;

  return (
    <>
      <p className="import-wizard__status" aria-live="polite">
        {failed ? `Importação parada: ${text}.` : `Importando... ${text}.`}
      </p>
      <div
        className="import-progress"
        role="progressbar"
        aria-label="Progresso da importação"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
      >
        <div
          className="import-progress__bar"
          style={{ width: `${total === 0 ? 0 : (done / total) * 100}%` }}
        />
      </div>
      {batches > 1 ? (
        <p className="import-wizard__hint">
          Lote {n(Math.min(batch + 1, batches))} de {n(batches)} (até {n(batchSize)} linhas cada).
        </p>
      ) : null}
      {failed ? (
        <RetryableFailure actor={actor} text={`O lote ${n(batch + 1)} não foi importado: ${failure}`}>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => actor.send({ type: 'CANCEL' })}
          >
            Cancelar importação
          </button>
        </RetryableFailure>
      ) : (
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={cancelRequested}
            onClick={() => actor.send({ type: 'CANCEL' })}
          >
            {cancelRequested ? 'Cancelando após o lote atual...' : 'Cancelar importação'}
          </button>
        </div>
      )}
    </>
  );
}

function Report({ actor, onClose }: { actor: ImportActor; onClose: () => void }) {
  const rows = useSelector(actor, (s) => s.context.rows);
  const skippedRows = useSelector(actor, (s) => s.context.skipped);
  const created = useSelector(actor, (s) => s.context.created);
  const cancelled = useSelector(actor, (s) => s.context.cancelled);
  const notSent = useSelector(actor, (s) => s.context.rows.length - rowsDone(s.context));
  const skipped: SkippedReportRow[] = useMemo(() => {
    const names = new Map(rows.map((row) => [row.line, row.name ?? '']));
    return skippedRows.map((row) => ({
      line: row.line,
      name: names.get(row.line) ?? '',
      reason: row.reason,
    }));
  }, [rows, skippedRows]);

  return (
    <>
      <p className="import-wizard__subtitle" role="status">
        {cancelled ? 'Importação cancelada' : 'Importação concluída'}
      </p>
      <p className="import-report__summary">
        {plural(created, 'criado', 'criados')}, {plural(skipped.length, 'ignorado', 'ignorados')}
      </p>
      {cancelled && notSent > 0 ? (
        <p className="import-wizard__text">
          {plural(notSent, 'linha não foi enviada', 'linhas não foram enviadas')}.
        </p>
      ) : null}
      {skipped.length > 0 ? (
        <div className="import-preview">
          <table className="import-table">
            <caption className="import-wizard__subtitle">Linhas ignoradas</caption>
            <thead>
              <tr>
                <th scope="col">Linha</th>
                <th scope="col">Nome</th>
                <th scope="col">Motivo</th>
              </tr>
            </thead>
            <tbody>
              {skipped.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <td>{row.name}</td>
                  <td>{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="form__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          Concluir
        </button>
        {skipped.length > 0 ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              saveFile(
                new Blob([importReportCsv(skipped)], { type: 'text/csv;charset=utf-8' }),
                REPORT_FILE_NAME,
              )
            }
          >
            Baixar relatório
          </button>
        ) : null}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => actor.send({ type: 'CHOOSE_AGAIN' })}
        >
          Importar outro arquivo
        </button>
      </div>
    </>
  );
}
